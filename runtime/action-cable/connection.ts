// ActionCable::Connection::Base (actioncable 7.2): one WebSocket, its identification and its subscriptions.
//   module ApplicationCable; class Connection < ActionCable::Connection::Base
//     identified_by :current_user                     static { this.identifiedBy("current_user") }
//     def connect                                      async connect() {
//       self.current_user = find_verified_user           this.currentUser = await this.findVerifiedUser() }
//     end
//     reject_unauthorized_connection                   this.rejectUnauthorizedConnection()
//     cookies.signed[:session_id] / request.params      this.cookies.signed.get("session_id") / this.request.parameters
// Identifiers are properties (`this.currentUser`, also `setCurrentUser(v)`); channels read them the same way.
// Work arrives from the socket in order and runs one command at a time through the server's executor.
import { rubyToTs, upperFirst } from "../ruby/names.js";
import { toJson } from "../active-support/json-encode.js";
import { CookieJar } from "../action-pack/cookies.js";
import { Request } from "../action-pack/request.js";
import { toS } from "../ruby/ruby.js";
import { callbackArgs, runCallbacks, setCallback } from "./callbacks.js";
import { isGlobalIdentifiable, toGidParam } from "../gems/globalid/global-id.js";
import { Subscriptions } from "./subscriptions.js";
import type { CableServerCore, CableSocket } from "./socket.js";

/** ActionCable::Connection::Authorization::UnauthorizedError. */
export class UnauthorizedError extends Error {
  override name = "ActionCable::Connection::Authorization::UnauthorizedError";
}

export type ConnectionClass = (new (server: CableServerCore, request: Request, socket: CableSocket) => Connection) & typeof Connection;

export class Connection {
  /** `identified_by` names, in declaration order (a subclass starts from its parent's). */
  static identifiers: readonly string[] = [];

  /** `identified_by(*identifiers)`: accessors for each, readable from every channel of the connection. */
  static identifiedBy(...names: string[]): void {
    this.identifiers = [...this.identifiers, ...names];
    for (const name of names) {
      const prop = rubyToTs(name);
      Object.defineProperty(this.prototype, prop, {
        get(this: Connection) {
          return this.identifierValue(name);
        },
        set(this: Connection, v: unknown) {
          this.setIdentifier(name, v);
        },
        configurable: true,
      });
      Object.defineProperty(this.prototype, `set${upperFirst(prop)}`, {
        value(this: Connection, v: unknown) {
          return this.setIdentifier(name, v);
        },
        configurable: true,
        writable: true,
      });
    }
  }

  static beforeCommand(...args: unknown[]): void {
    const { fns, options } = callbackArgs(args);
    setCallback(this, "command", "before", fns, options);
  }
  static afterCommand(...args: unknown[]): void {
    const { fns, options } = callbackArgs(args);
    setCallback(this, "command", "after", fns, options);
  }
  static aroundCommand(...args: unknown[]): void {
    const { fns, options } = callbackArgs(args);
    setCallback(this, "command", "around", fns, options);
  }

  readonly subscriptions: Subscriptions;
  readonly startedAt: Date;
  private readonly values = new Map<string, unknown>();
  private cookieJar: CookieJar | null = null;
  private buffered: string[] | null = [];
  private queue: Promise<void> = Promise.resolve();
  private internalSubscription: { channel: string; callback: (payload: string) => void } | null = null;

  constructor(
    readonly server: CableServerCore,
    readonly request: Request,
    readonly socket: CableSocket,
  ) {
    this.subscriptions = new Subscriptions(this);
    this.startedAt = server.now();
  }

  /** The negotiated subprotocol ("actioncable-v1-json", or "" when the client offered none). */
  get protocol(): string {
    return this.socket.protocol;
  }

  /** `cookies`: the request's cookie jar (signed and encrypted jars read with the app's secret). */
  get cookies(): CookieJar {
    return (this.cookieJar ??= new CookieJar(this.request.header("cookie"), this.server.cookieConfig(this.request)));
  }

  identifierNames(): readonly string[] {
    return (this.constructor as typeof Connection).identifiers;
  }

  identifierValue(name: string): unknown {
    return this.values.has(name) ? this.values.get(name) : null;
  }

  setIdentifier(name: string, value: unknown): unknown {
    this.values.set(name, value);
    return value;
  }

  /** `connection_identifier`: the identifiers' GlobalID params (or to_s), sorted, joined with ":". */
  connectionIdentifier(): string {
    const ids = this.identifierNames().map((n) => this.identifierValue(n)).filter((v) => v !== null && v !== undefined && v !== false);
    return ids.map((o) => (isGlobalIdentifiable(o) ? toGidParam(o) : toS(o))).sort().join(":");
  }

  /** Override: authenticate here; `rejectUnauthorizedConnection()` refuses the socket. */
  connect(): unknown {
    return undefined;
  }

  /** Override: runs after the socket closed and every subscription was removed. */
  disconnect(): unknown {
    return undefined;
  }

  rejectUnauthorizedConnection(): never {
    this.logError("An unauthorized connection attempt was rejected");
    throw new UnauthorizedError();
  }

  /** `transmit(cable_message)`: one JSON frame (ActiveSupport encoding), dropped once the socket is not open. */
  transmit(cableMessage: Record<string, unknown>): void {
    this.transmitEncoded(toJson(cableMessage));
  }

  transmitEncoded(text: string): void {
    if (this.socket.isOpen()) this.socket.send(text);
  }

  /** `close(reason: nil, reconnect: true)`: a disconnect frame, then the socket closes (code 1000). */
  close(options: { reason?: string | null; reconnect?: boolean | null } = {}): void {
    this.transmit({ type: "disconnect", reason: options.reason ?? null, reconnect: options.reconnect === undefined ? true : options.reconnect });
    this.socket.close(1000, "");
  }

  /** `beat`: the heartbeat frame, carrying the server clock in whole seconds. */
  beat(): void {
    this.transmit({ type: "ping", message: Math.floor(this.server.now().getTime() / 1000) });
  }

  statistics(): Record<string, unknown> {
    return {
      identifier: this.connectionIdentifier(),
      started_at: this.startedAt,
      subscriptions: this.subscriptions.identifiers(),
      request_id: this.request.header("x-request-id") ?? null,
    };
  }

  logError(message: unknown): void {
    this.server.logError(message);
  }

  /** The socket opened: connect, welcome, then the messages that arrived meanwhile. */
  async handleOpen(): Promise<void> {
    try {
      await this.server.work(this, () => this.connect());
      this.subscribeToInternalChannel();
      this.transmit({ type: "welcome" });
      const pending = this.buffered ?? [];
      this.buffered = null;
      for (const m of pending) this.receive(m);
      this.server.addConnection(this);
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        if (this.socket.isOpen()) this.close({ reason: "unauthorized", reconnect: false });
      } else this.server.logError(error);
    }
  }

  /** A text frame from the client: buffered until the welcome went out, then run in order. */
  receive(message: string): void {
    if (this.buffered) {
      this.buffered.push(message);
      return;
    }
    this.queue = this.queue.then(() => this.server.work(this, () => this.dispatch(message))).catch((e) => this.server.logError(e));
  }

  private async dispatch(message: string): Promise<void> {
    if (!this.socket.isOpen()) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (error) {
      this.server.logError(error);
      return;
    }
    await runCallbacks(this, "command", () => this.subscriptions.executeCommand(payload));
  }

  /** The socket closed: subscriptions go (their unsubscribed runs), then `disconnect`. */
  async handleClose(): Promise<void> {
    this.server.removeConnection(this);
    await this.queue;
    await this.server.work(this, async () => {
      await this.subscriptions.unsubscribeFromAll();
      this.unsubscribeFromInternalChannel();
      await this.disconnect();
    });
  }

  // InternalChannel: `action_cable/<identifier>` carries remote disconnects (server.disconnect(identifiers)).
  private subscribeToInternalChannel(): void {
    const id = this.connectionIdentifier();
    if (id.trim() === "") return;
    const channel = `action_cable/${id}`;
    const callback = (payload: string) => this.processInternalMessage(payload);
    this.internalSubscription = { channel, callback };
    const pubsub = this.server.pubsub;
    setImmediate(() => pubsub.subscribe(channel, callback));
  }

  private unsubscribeFromInternalChannel(): void {
    const sub = this.internalSubscription;
    if (!sub) return;
    this.internalSubscription = null;
    const pubsub = this.server.pubsub;
    setImmediate(() => pubsub.unsubscribe(sub.channel, sub.callback));
  }

  private processInternalMessage(payload: string): void {
    try {
      const message = JSON.parse(payload) as { type?: string; reconnect?: boolean };
      // message.fetch("reconnect", true): an explicit null stays null.
      if (message.type === "disconnect") this.close({ reason: "remote", reconnect: "reconnect" in message ? message.reconnect : true });
    } catch (error) {
      this.server.logError(error);
      this.close();
    }
  }
}
