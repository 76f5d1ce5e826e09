// ActionCable::Channel::Base (actioncable 7.2): one subscription of one connection.
//   class RoomChannel < ApplicationCable::Channel     class RoomChannel extends Channel { static rubyName = "RoomChannel"
//     def subscribed; stream_for @room; end               subscribed() { this.streamFor(this.room) }
//     def speak(data) ... end                             speak(data) { ... } }
//   params[:room_id] / current_user / reject         this.params.room_id / this.currentUser / this.reject()
//   RoomChannel.broadcast_to(room, msg)               RoomChannel.broadcastTo(room, msg)
//   on_subscribe :present, unless: :subscription_rejected?   static { this.onSubscribe("present", { unless: "subscription_rejected?" }) }
// Actions are the public methods an app channel defines (ApplicationCable::Channel's included): the compiler
// lists them in `static publicMethods` (Ruby names, Ruby visibility); without it every method a subclass defines
// counts. Identifiers of the connection (`identified_by`) read as properties of the channel.
import { rubyToTs } from "../ruby/names.js";
import { underscore } from "../active-support/inflector.js";
import { toS } from "../ruby/ruby.js";
import { callbackArgs, runCallbacks, setCallback, type CallbackFn } from "./callbacks.js";
import { isGlobalIdentifiable, toGidParam, toParamValue } from "../gems/globalid/global-id.js";
import { actionCableServer } from "./global.js";
import { Streams } from "./streams.js";
import type { Connection } from "./connection.js";

type ChannelClass = typeof Channel;

export class Channel extends Streams {
  /** The Ruby class name (`Admin::NotesChannel`); defaults to the TS class name. */
  static rubyName: string | null = null;
  /** The Ruby names of the public methods this class defines (its possible actions); see the header. */
  static publicMethods: readonly string[] | null = null;
  private static timers: { callback: CallbackFn; every: number }[] = [];

  static get className(): string {
    return this.rubyName ?? this.name;
  }

  /** `channel_name`: "Chat::RoomChannel" -> "chat:room". */
  static channelName(): string {
    return underscore(this.className.replace(/Channel$/, "").replace(/::/g, ":"));
  }

  /** `broadcasting_for(model)`: [channel_name, model] serialized (records as GlobalID params) and joined with ":". */
  static broadcastingFor(model: unknown): string {
    return serializeBroadcasting([this.channelName(), model]);
  }

  /** `broadcast_to(model, message)`. */
  static broadcastTo(model: unknown, message: unknown): void {
    actionCableServer().broadcast(this.broadcastingFor(model), message);
  }

  static beforeSubscribe(...args: unknown[]): void {
    defineCallback(this, "subscribe", "before", args);
  }
  static afterSubscribe(...args: unknown[]): void {
    defineCallback(this, "subscribe", "after", args);
  }
  static onSubscribe(...args: unknown[]): void {
    defineCallback(this, "subscribe", "after", args);
  }
  static beforeUnsubscribe(...args: unknown[]): void {
    defineCallback(this, "unsubscribe", "before", args);
  }
  static afterUnsubscribe(...args: unknown[]): void {
    defineCallback(this, "unsubscribe", "after", args);
  }
  static onUnsubscribe(...args: unknown[]): void {
    defineCallback(this, "unsubscribe", "after", args);
  }
  /** `set_callback(:subscribe | :unsubscribe, :before | :after | :around, *filters, **options)`. */
  static setCallback(name: "subscribe" | "unsubscribe", kind: "before" | "after" | "around", ...args: unknown[]): void {
    defineCallback(this, name, kind, args);
  }

  /** `periodically(:method_or_proc, every: seconds)`: runs while subscribed. */
  static periodically(callback: CallbackFn, options: { every: number }): void {
    if (!(typeof options?.every === "number" && options.every > 0)) {
      throw new Error(`Expected every: to be a positive number of seconds, got ${toS(options?.every)}`);
    }
    this.timers = [...this.timers, { callback, every: options.every }];
  }

  /** The action names this channel answers to (`action_methods`). */
  static actionMethods(): { ruby: Set<string>; ts: Set<string> } {
    const ruby = new Set<string>();
    const ts = new Set<string>();
    for (let k: ChannelClass = this; k !== Channel && k.prototype instanceof Channel; k = Object.getPrototypeOf(k)) {
      if (Object.prototype.hasOwnProperty.call(k, "publicMethods") && k.publicMethods) {
        for (const m of k.publicMethods) ruby.add(m);
      } else {
        for (const m of Object.getOwnPropertyNames(k.prototype)) if (m !== "constructor" && isMethod(k.prototype, m)) ts.add(m);
      }
    }
    return { ruby, ts };
  }

  readonly params: Record<string, any>;
  private confirmationCounter = 1;
  private rejected = false;
  private confirmationSent = false;
  private unsubscribedFlag = false;
  private activeTimers: ReturnType<typeof setInterval>[] = [];

  constructor(
    readonly connection: Connection,
    readonly identifier: string,
    params: Record<string, unknown> = {},
  ) {
    super();
    this.params = params;
    for (const name of connection.identifierNames()) {
      Object.defineProperty(this, rubyToTs(name), { get: () => connection.identifierValue(name), configurable: true });
    }
  }

  get channelName(): string {
    return (this.constructor as ChannelClass).channelName();
  }

  override broadcastingFor(model: unknown): string {
    return (this.constructor as ChannelClass).broadcastingFor(model);
  }

  broadcastTo(model: unknown, message: unknown): void {
    (this.constructor as ChannelClass).broadcastTo(model, message);
  }

  /** Override: runs when the client subscribes. */
  subscribed(): unknown {
    return undefined;
  }

  /** Override: runs when the client unsubscribes or disconnects. */
  unsubscribed(): unknown {
    return undefined;
  }

  /** `subscribe_to_channel`: subscribed inside the :subscribe callbacks, then reject or confirm. */
  async subscribeToChannel(): Promise<void> {
    await runCallbacks(this, "subscribe", () => this.subscribed());
    if (this.rejected) await this.rejectSubscription();
    this.ensureConfirmationSent();
  }

  /** `unsubscribe_from_channel`. */
  async unsubscribeFromChannel(): Promise<void> {
    this.unsubscribedFlag = true;
    await runCallbacks(this, "unsubscribe", () => this.unsubscribed());
  }

  override isUnsubscribed(): boolean {
    return this.unsubscribedFlag;
  }

  /** `perform_action(data)`: the action named by data["action"] (default `receive`), if this channel has it. */
  async performAction(data: unknown): Promise<void> {
    const action = extractAction(data);
    if (this.rejected) return;
    const method = this.actionMethod(action);
    if (!method) {
      this.connection.logError(`Unable to process ${this.constructor.name}#${action}`);
      return;
    }
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      throw new Error(`undefined method 'except' for ${toS(data)}`);
    }
    await (method.length === 1 ? method.call(this, data) : method.call(this));
  }

  private actionMethod(action: string): ((...a: unknown[]) => unknown) | null {
    const { ruby, ts } = (this.constructor as ChannelClass).actionMethods();
    const name = rubyToTs(action);
    if (!ruby.has(action) && !ts.has(name)) return null;
    const fn = (this as unknown as Record<string, unknown>)[name] ?? (this as unknown as Record<string, unknown>)[action];
    return typeof fn === "function" ? (fn as (...a: unknown[]) => unknown) : null;
  }

  /** `transmit(data, via: nil)`: a message frame for this subscription. */
  override transmit(data: unknown, _options: { via?: string } = {}): void {
    this.connection.transmit({ identifier: this.identifier, message: data });
  }

  override reject(): void {
    this.rejected = true;
  }

  isSubscriptionRejected(): boolean {
    return this.rejected;
  }

  isSubscriptionConfirmationSent(): boolean {
    return this.confirmationSent;
  }

  override deferSubscriptionConfirmation(): void {
    this.confirmationCounter++;
  }

  isDeferSubscriptionConfirmation(): boolean {
    return this.confirmationCounter > 0;
  }

  /** `ensure_confirmation_sent`: one count down per stream that went live, confirming at zero. */
  override ensureConfirmationSent(): void {
    if (this.rejected) return;
    this.confirmationCounter--;
    if (this.confirmationCounter > 0 || this.confirmationSent) return;
    this.connection.transmit({ identifier: this.identifier, type: "confirm_subscription" });
    this.confirmationSent = true;
  }

  private async rejectSubscription(): Promise<void> {
    await this.connection.subscriptions.removeSubscription(this);
    this.connection.transmit({ identifier: this.identifier, type: "reject_subscription" });
  }

  private startPeriodicTimers(): void {
    for (const { callback, every } of (this.constructor as ChannelClass).timers) {
      const server = this.connection.server;
      const run = () => (typeof callback === "function" ? callback.call(this, this) : (this as any)[rubyToTs(callback)]());
      const timer = setInterval(() => void server.work(this.connection, run).catch((e) => server.logError(e)), every * 1000);
      this.activeTimers.push(timer);
    }
  }

  private stopPeriodicTimers(): void {
    for (const t of this.activeTimers) clearInterval(t);
    this.activeTimers = [];
  }
}

// The chain every channel starts from (Base's includes: PeriodicTimers, then Streams).
setCallback(Channel, "subscribe", "after", ["startPeriodicTimers"]);
setCallback(Channel, "unsubscribe", "after", ["stopPeriodicTimers"]);
setCallback(Channel, "unsubscribe", "after", ["stopAllStreams"]);

function defineCallback(klass: object, name: string, kind: "before" | "after" | "around", args: unknown[]): void {
  const { fns, options } = callbackArgs(args);
  setCallback(klass, name, kind, fns, options);
}

function isMethod(proto: object, name: string): boolean {
  const d = Object.getOwnPropertyDescriptor(proto, name);
  return !!d && typeof d.value === "function";
}

// extract_action: (data["action"].presence || :receive).
function extractAction(data: unknown): string {
  let action: unknown = null;
  if (data !== null && typeof data === "object" && !Array.isArray(data)) action = (data as Record<string, unknown>).action;
  else if (typeof data === "string") action = data.includes("action") ? "action" : null;
  else throw new Error(`no implicit conversion of String into Integer`);
  const name = toS(action);
  return action === null || action === undefined || name.trim() === "" ? "receive" : name;
}

/** ActionCable::Channel::Broadcasting.serialize_broadcasting. */
export function serializeBroadcasting(object: unknown): string {
  if (Array.isArray(object)) return object.map(serializeBroadcasting).join(":");
  if (isGlobalIdentifiable(object)) return toGidParam(object);
  const param = toParamValue(object);
  return param === null || param === undefined ? "" : String(param);
}
