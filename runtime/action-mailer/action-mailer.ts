// ActionMailer::Base for an app's mailers, as Rails 7.2 builds and delivers a message:
//   class UserMailer < ApplicationMailer                 class UserMailer extends ApplicationMailer (extends ActionMailerBase)
//   default from: "x@example.com" / layout "mailer"      static { this.default({ from: ... }) } / static { this.layout("mailer") }
//   UserMailer.with(user: u).welcome.deliver_now         send(send(send(UserMailer, "with", {...}), "welcome"), "deliver_now")
//   def welcome; @user = params[:user]; mail(to:, subject:) end      this.ivars.user = index(this.params, "user"); this.mail({...})
//   deliver_later                                         ActionMailer::MailDeliveryJob, performed as jobs are (active-job/)
// `mail` renders <mailer_name>/<action> in each format it has (text before html, multipart/alternative when both)
// inside the mailer's layout; delivery_method :test appends to ActionMailer::Base.deliveries, any other method
// (:smtp, Rails' default, :sendmail) raises NotLowered where the message is delivered: no mail leaves the process.
import { RubyObject } from "../ruby/ruby-object.js";
import { registerLibraryBase } from "../ruby/library-bases.js";
import { notLoweredError } from "../ruby/not-lowered.js";
import { NoMethodError, StandardError } from "../ruby/exceptions.js";
import { toS } from "../ruby/ruby.js";
import { underscore } from "../active-support/inflector.js";
import { rubyToTs } from "../ruby/names.js";
import { ActiveJobBase } from "../active-job/active-job.js";

export const mailerConfig = {
  /** A template rendered in `format` with the mailer's ivars as assigns, in `layout` when given (app/ sets it). */
  render: null as ((options: { template: string; layout: string | null; format: string; assigns: Record<string, unknown> }) => string) | null,
  /** Whether app/views has `path` in `format` (app/ sets it). */
  hasTemplate: null as ((path: string, format: string) => boolean) | null,
  /** config.action_mailer.delivery_method of the environment (Rails' default :smtp). */
  deliveryMethod: "smtp",
};

/** Mail::Body: the rendered text (the recorded pages read it decoded). */
export class MailBody {
  static readonly rubyName = "Mail::Body";
  constructor(readonly raw: string) {}
  decoded(): string {
    return this.raw;
  }
  toRubyString(): string {
    return this.raw;
  }
  toString(): string {
    return this.raw;
  }
}

/** A Mail::Part of a multipart message. */
export class MailPart {
  static readonly rubyName = "Mail::Part";
  readonly body: MailBody;
  constructor(readonly mimeType: string, body: string) {
    this.body = new MailBody(body);
  }
  contentType(): string {
    return `${this.mimeType}; charset=UTF-8`;
  }
}

const PARTS_ORDER: Record<string, string> = { text: "text/plain", html: "text/html" };
const addresses = (v: unknown): string[] | null => (v === null || v === undefined ? null : Array.isArray(v) ? v.map(toS) : [toS(v)]);

/** Mail::Message as apps and tests read it: the headers mail() took, its parts, its body. */
export class MailMessage {
  static readonly rubyName = "Mail::Message";
  constructor(readonly headers: Record<string, unknown>, readonly parts: MailPart[]) {}
  subject(): unknown {
    return this.headers.subject ?? null;
  }
  to(): string[] | null {
    return addresses(this.headers.to);
  }
  from(): string[] | null {
    return addresses(this.headers.from);
  }
  cc(): string[] | null {
    return addresses(this.headers.cc);
  }
  bcc(): string[] | null {
    return addresses(this.headers.bcc);
  }
  replyTo(): string[] | null {
    return addresses(this.headers.reply_to);
  }
  isMultipart(): boolean {
    return this.parts.length > 1;
  }
  /** A single-part message's body; a multipart one's is its parts' (not read here). */
  body(): MailBody {
    return this.parts.length === 1 ? this.parts[0]!.body : new MailBody("");
  }
  htmlPart(): MailPart | null {
    return this.parts.find((p) => p.mimeType === "text/html") ?? null;
  }
  textPart(): MailPart | null {
    return this.parts.find((p) => p.mimeType === "text/plain") ?? null;
  }
  mimeType(): string {
    return this.parts.length > 1 ? "multipart/alternative" : (this.parts[0]?.mimeType ?? "text/plain");
  }
}

type MailerClass = typeof ActionMailerBase & { build(...args: unknown[]): ActionMailerBase };

export class ActionMailerBase extends RubyObject {
  static override rubyName = "ActionMailer::Base";
  /** ActionMailer::Base.deliveries: what delivery_method :test delivered, oldest first (one list for every mailer). */
  static readonly deliveries: MailMessage[] = [];
  static mailerDefaults: Record<string, unknown> = {};
  static layoutName: string | null = null;

  /** `default from: ...`: merged over the parent's. */
  static default(this: typeof ActionMailerBase, options: Record<string, unknown> = {}): Record<string, unknown> {
    this.mailerDefaults = { ...this.mailerDefaults, ...options };
    return this.mailerDefaults;
  }

  static layout(this: typeof ActionMailerBase, name: unknown): null {
    this.layoutName = name === null || name === false ? null : toS(name);
    return null;
  }

  /** Mailer.with(params): a parameterized mailer, whose mail methods answer a MessageDelivery. */
  static with(this: MailerClass, params: Record<string, unknown> = {}): Parameterized {
    return new Parameterized(this, params);
  }

  /** Mailer.welcome(args) (Rails' method_missing): a MessageDelivery, when welcome is one of its mail methods. */
  static rubyMethodMissing(this: MailerClass, name: string, args: unknown[]): MessageDelivery {
    return deliveryFor(this, name, args, {});
  }

  static mailerName(this: typeof ActionMailerBase): string {
    return underscore(this.rubyName ?? this.name);
  }

  mailerParams: Record<string, unknown> = {};
  actionName = "";
  message: MailMessage | null = null;

  get params(): Record<string, unknown> {
    return this.mailerParams;
  }

  /** mail(headers): the message, rendered from <mailer_name>/<action> in each format it has, in the layout. */
  mail(headers: Record<string, unknown> = {}): MailMessage {
    const cls = this.constructor as typeof ActionMailerBase;
    const merged = { ...cls.mailerDefaults, ...headers };
    const path = `${toS(merged.template_path ?? cls.mailerName())}/${toS(merged.template_name ?? this.actionName)}`;
    const { render, hasTemplate } = mailerConfig;
    if (!render || !hasTemplate) throw notLoweredError("rails2ts: a mailer renders only inside the emitted app");
    const formats = Object.keys(PARTS_ORDER).filter((f) => hasTemplate(path, f));
    if (!formats.length) throw new StandardError(`Missing template ${path} with "mailer" (ActionView::MissingTemplate)`);
    const parts = formats.map((format) => {
      const layout = cls.layoutName && hasTemplate(`layouts/${cls.layoutName}`, format) ? `layouts/${cls.layoutName}` : null;
      return new MailPart(PARTS_ORDER[format]!, render({ template: path, layout, format, assigns: { ...this.ivars } }));
    });
    for (const key of ["template_path", "template_name"]) delete merged[key];
    this.message = new MailMessage(merged, parts);
    return this.message;
  }
}

/** Mailer.with(params): its mail methods by name (Rails' ActionMailer::Parameterized::Mailer#method_missing). */
export class Parameterized {
  constructor(readonly mailer: MailerClass, readonly params: Record<string, unknown>) {}
  rubyMethodMissing(name: string, args: unknown[]): MessageDelivery {
    return deliveryFor(this.mailer, name, args, this.params);
  }
}

function deliveryFor(mailer: MailerClass, name: string, args: unknown[], params: Record<string, unknown>): MessageDelivery {
  if (typeof (mailer.prototype as unknown as Record<string, unknown>)[rubyToTs(name)] !== "function") {
    throw new NoMethodError(`undefined method \`${name}' for class ${mailer.rubyName}`);
  }
  return new MessageDelivery(mailer, name, args, params);
}

/** ActionMailer::MessageDelivery: the mail method runs when the message is first needed. */
export class MessageDelivery {
  static readonly rubyName = "ActionMailer::MessageDelivery";
  private processed: MailMessage | null | undefined;
  constructor(readonly mailer: MailerClass, readonly action: string, readonly args: unknown[], readonly params: Record<string, unknown>) {}

  /** The Mail::Message (nil when the mail method did not call mail). */
  message(): MailMessage | null {
    if (this.processed === undefined) {
      const instance = this.mailer.build();
      instance.mailerParams = this.params;
      instance.actionName = this.action;
      (instance as unknown as Record<string, (...a: unknown[]) => unknown>)[rubyToTs(this.action)]!(...this.args);
      this.processed = instance.message;
    }
    return this.processed;
  }

  deliverNow(): MailMessage | null {
    const message = this.message();
    if (message) deliver(message);
    return message;
  }

  deliverLater(options: Record<string, unknown> = {}): unknown {
    void options;
    return MailDeliveryJob.performLater(this.mailer, this.action, "deliver_now", { params: this.params, args: this.args });
  }
}

function deliver(message: MailMessage): void {
  if (mailerConfig.deliveryMethod === "test") {
    ActionMailerBase.deliveries.push(message);
    return;
  }
  throw notLoweredError(`rails2ts: not lowered: delivering mail with delivery_method :${mailerConfig.deliveryMethod} (only :test is reproduced; no mail leaves the emitted app)`);
}

/** ActionMailer::MailDeliveryJob: deliver_later's job. */
export class MailDeliveryJob extends ActiveJobBase {
  static override rubyName = "ActionMailer::MailDeliveryJob";
  static override queueName = "default";
  override perform(mailer: unknown, action: unknown, _method: unknown, options: unknown): unknown {
    const { params = {}, args = [] } = (options ?? {}) as { params?: Record<string, unknown>; args?: unknown[] };
    return new MessageDelivery(mailer as MailerClass, toS(action), args, params).deliverNow();
  }
}

registerLibraryBase("ActionMailer::Base", "ActionMailerBase", ActionMailerBase);
