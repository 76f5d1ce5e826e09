// ActiveModel::Errors and ActiveModel::Error with Rails' English messages (activemodel/activerecord en.yml).
//
//   errors.add(:title, :blank)               errors.add("title", "blank")
//   errors.add(:body, :too_short, count: 10)  errors.add("body", "too_short", { count: 10 })
//   errors.add(:base, "Custom text")          errors.add("base", "Custom text")   (an unknown key is the message)
//   errors.full_messages / errors[:title]     errors.fullMessages() / errors.get("title")
//   errors.each { |e| e.full_message }        for (const e of errors) e.fullMessage()
// Method names follow the compiler's one Ruby -> TS rule (runtime/app/names.ts): any? -> isAny.

type Plural = { one: string; other: string };

/** errors.messages.* of activemodel's and activerecord's en.yml. */
export const MESSAGES: Record<string, string | Plural> = {
  model_invalid: "Validation failed: %{errors}",
  inclusion: "is not included in the list",
  exclusion: "is reserved",
  invalid: "is invalid",
  confirmation: "doesn't match %{attribute}",
  accepted: "must be accepted",
  empty: "can't be empty",
  blank: "can't be blank",
  present: "must be blank",
  too_long: { one: "is too long (maximum is 1 character)", other: "is too long (maximum is %{count} characters)" },
  password_too_long: "is too long",
  too_short: { one: "is too short (minimum is 1 character)", other: "is too short (minimum is %{count} characters)" },
  wrong_length: {
    one: "is the wrong length (should be 1 character)",
    other: "is the wrong length (should be %{count} characters)",
  },
  not_a_number: "is not a number",
  not_an_integer: "must be an integer",
  greater_than: "must be greater than %{count}",
  greater_than_or_equal_to: "must be greater than or equal to %{count}",
  equal_to: "must be equal to %{count}",
  less_than: "must be less than %{count}",
  less_than_or_equal_to: "must be less than or equal to %{count}",
  other_than: "must be other than %{count}",
  in: "must be in %{count}",
  odd: "must be odd",
  even: "must be even",
  required: "must exist",
  taken: "has already been taken",
};

export type ErrorOptions = { message?: string; count?: number; [key: string]: unknown };

/** What an error needs from the record it belongs to. */
export interface ErrorBase {
  humanAttributeName(attribute: string): string;
}

function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** ActiveModel::Error: one failed validation on one attribute. */
export class ErrorEntry {
  constructor(
    private readonly base: ErrorBase,
    private readonly attr: string,
    private readonly kind: string,
    private readonly opts: ErrorOptions = {},
  ) {}

  attribute(): string {
    return this.attr;
  }

  /** The symbol (`blank`, `too_short`) or, for a literal message, the message itself. */
  type(): string {
    return this.kind;
  }

  options(): ErrorOptions {
    return this.opts;
  }

  message(): string {
    const explicit = this.opts.message;
    const key = explicit ?? this.kind;
    const entry = MESSAGES[key];
    if (entry === undefined) return interpolate(key, this.values());
    const template = typeof entry === "string" ? entry : this.opts.count === 1 ? entry.one : entry.other;
    return interpolate(template, this.values());
  }

  fullMessage(): string {
    if (this.attr === "base") return this.message();
    return interpolate("%{attribute} %{message}", { attribute: this.base.humanAttributeName(this.attr), message: this.message() });
  }

  details(): Record<string, unknown> {
    const { message: _m, ...rest } = this.opts;
    return { error: this.kind, ...rest };
  }

  isMatch(attribute: string, type?: string): boolean {
    return this.attr === attribute && (type === undefined || this.kind === type);
  }

  private values(): Record<string, unknown> {
    return { attribute: this.base.humanAttributeName(this.attr), ...this.opts };
  }
}

export class Errors implements Iterable<ErrorEntry> {
  private entries: ErrorEntry[] = [];

  constructor(private readonly base: ErrorBase) {}

  add(attribute: string, type = "invalid", options: ErrorOptions = {}): ErrorEntry {
    const entry = new ErrorEntry(this.base, attribute, type, options);
    this.entries.push(entry);
    return entry;
  }

  /** `errors[:attribute]`: the messages on one attribute. */
  get(attribute: string): string[] {
    return this.messagesFor(attribute);
  }

  messagesFor(attribute: string): string[] {
    return this.entries.filter((e) => e.attribute() === attribute).map((e) => e.message());
  }

  fullMessages(): string[] {
    return this.entries.map((e) => e.fullMessage());
  }

  fullMessagesFor(attribute: string): string[] {
    return this.entries.filter((e) => e.attribute() === attribute).map((e) => e.fullMessage());
  }

  fullMessage(attribute: string, message: string): string {
    if (attribute === "base") return message;
    return `${this.base.humanAttributeName(attribute)} ${message}`;
  }

  /** { attribute => [messages] } in first-error order (Errors#messages / to_hash). */
  messages(): Record<string, string[]> {
    return this.toHash();
  }

  toHash(fullMessages = false): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const e of this.entries) (out[e.attribute()] ??= []).push(fullMessages ? e.fullMessage() : e.message());
    return out;
  }

  /** Errors#as_json(full_messages:) as `render json: record.errors` sends it. */
  asJson(options: { full_messages?: boolean; fullMessages?: boolean } = {}): Record<string, string[]> {
    return this.toHash(Boolean(options.full_messages ?? options.fullMessages));
  }

  details(): Record<string, Array<Record<string, unknown>>> {
    const out: Record<string, Array<Record<string, unknown>>> = {};
    for (const e of this.entries) (out[e.attribute()] ??= []).push(e.details());
    return out;
  }

  attributeNames(): string[] {
    return [...new Set(this.entries.map((e) => e.attribute()))];
  }

  where(attribute: string, type?: string): ErrorEntry[] {
    return this.entries.filter((e) => e.isMatch(attribute, type));
  }

  isAdded(attribute: string, type = "invalid"): boolean {
    return this.entries.some((e) => e.isMatch(attribute, type));
  }

  isInclude(attribute: string): boolean {
    return this.entries.some((e) => e.attribute() === attribute);
  }

  count(): number {
    return this.entries.length;
  }

  size(): number {
    return this.entries.length;
  }

  isAny(): boolean {
    return this.entries.length > 0;
  }

  /** The brief's spelling of `any?`; the compiler emits isAny(). */
  any(): boolean {
    return this.isAny();
  }

  isEmpty(): boolean {
    return this.entries.length === 0;
  }

  isBlank(): boolean {
    return this.isEmpty();
  }

  clear(): void {
    this.entries = [];
  }

  delete(attribute: string): string[] {
    const removed = this.messagesFor(attribute);
    this.entries = this.entries.filter((e) => e.attribute() !== attribute);
    return removed;
  }

  toA(): ErrorEntry[] {
    return [...this.entries];
  }

  each(fn: (error: ErrorEntry) => void): void {
    this.entries.forEach((e) => fn(e));
  }

  [Symbol.iterator](): Iterator<ErrorEntry> {
    return this.toA()[Symbol.iterator]();
  }
}
