// ActiveModel::Errors and ActiveModel::Error with Rails' English messages (activemodel/activerecord en.yml).
//
//   errors.add(:title, :blank)               errors.add("title", "blank")
//   errors.add(:body, :too_short, count: 10)  errors.add("body", "too_short", { count: 10 })
//   errors.add(:base, "Custom text")          errors.add("base", "Custom text")   (an unknown key is the message)
//   errors.full_messages / errors[:title]     errors.fullMessages() / errors.get("title")
//   errors.each { |e| e.full_message }        for (const e of errors) e.fullMessage()
// Method names follow the compiler's one Ruby -> TS rule (runtime/ruby/names.ts): any? -> isAny.

import { toS } from "../ruby/ruby.js";
import { rangeOf } from "../ruby/range.js";

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

export type ErrorOptions = { message?: unknown; count?: unknown; [key: string]: unknown };

/** Error::CALLBACKS_OPTIONS + MESSAGE_OPTIONS: never part of details or option comparisons. */
const NOT_DETAILS = new Set(["if", "unless", "on", "allow_nil", "allow_blank", "strict", "message"]);

/** What an error needs from the record it belongs to. */
export interface ErrorBase {
  humanAttributeName(attribute: string): string;
}

/** I18n interpolation: values print as Ruby's to_s (nil as "", ranges as 1..5, dates as 2024-02-10). */
function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) => (key in values ? rubyText(values[key]) : whole));
}

function rubyText(v: unknown): string {
  const range = rangeOf(v);
  if (range) return `${rubyText(range.begin)}${range.exclusive ? "..." : ".."}${rubyText(range.end)}`;
  return toS(v);
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
    if (typeof explicit === "function") return String((explicit as (b: unknown, d: unknown) => unknown)(this.base, { ...this.values(), model: this.base.constructor?.name }));
    const key = (explicit as string | undefined) ?? this.kind;
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
    return { error: this.kind, ...this.detailOptions() };
  }

  private detailOptions(): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.opts).filter(([k]) => !NOT_DETAILS.has(k)));
  }

  /** Whether `type` names a message key (a Ruby symbol) rather than being the message itself. */
  isKeyType(): boolean {
    return this.kind in MESSAGES;
  }

  isMatch(attribute: string, type?: string, options?: ErrorOptions): boolean {
    if (this.attr !== attribute || (type !== undefined && this.kind !== type)) return false;
    if (!options) return true;
    return Object.entries(options).every(([k, v]) => JSON.stringify(this.opts[k]) === JSON.stringify(v));
  }

  /** strict_match?: same attribute, type and (non-callback) options. */
  isStrictMatch(attribute: string, type: string, options: ErrorOptions): boolean {
    return this.attr === attribute && this.kind === type && JSON.stringify(this.detailOptions()) === JSON.stringify(options);
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

  where(attribute: string, type?: string, options?: ErrorOptions): ErrorEntry[] {
    return this.entries.filter((e) => e.isMatch(attribute, type, options));
  }

  /** added?(attribute, type, options): a key type matches type and options exactly; a message by its text. */
  isAdded(attribute: string, type = "invalid", options: ErrorOptions = {}): boolean {
    if (!(type in MESSAGES)) return this.messagesFor(attribute).includes(type);
    return this.entries.some((e) => e.isStrictMatch(attribute, type, options));
  }

  /** of_kind?(attribute, type): any error of that type, whatever its options. */
  isOfKind(attribute: string, type = "invalid"): boolean {
    if (!(type in MESSAGES)) return this.messagesFor(attribute).includes(type);
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

  /** delete(attribute, type = nil, **options): the deleted messages (nil when none). */
  delete(attribute: string, type?: string, options?: ErrorOptions): string[] | null {
    const removed = this.entries.filter((e) => e.isMatch(attribute, type, options));
    this.entries = this.entries.filter((e) => !removed.includes(e));
    return removed.length ? removed.map((e) => e.message()) : null;
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
