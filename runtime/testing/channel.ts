// ActionCable::Channel::TestCase (actioncable 7.2 channel/test_case.rb) as a lowered test uses it: the channel
// under test (named by the test class: PresenceChannelTest -> PresenceChannel) on a stub connection.
//   stub_connection(current_user: users(:david))   the connection's identifiers
//   subscribe(room_id: 1) / unsubscribe            subscribe_to_channel / unsubscribe_from_channel
//   subscription.confirmed? / .rejected?           the ChannelStub's predicates
//   assert_has_stream "x" / assert_has_stream_for room / assert_no_streams / transmissions
import { RubySymbol, hashEntries, isHash, toS } from "../ruby/ruby.js";
import type { Channel } from "../action-cable/channel.js";
import { UnauthorizedError, type Connection, type ConnectionClass } from "../action-cable/connection.js";
import { Request } from "../action-pack/request.js";
import type { CookieJar } from "../action-pack/cookies.js";
import type { HttpApp } from "../action-pack/server.js";

type ChannelClass = (new (connection: never, identifier: string, params: Record<string, unknown>) => Channel) & { rubyName?: string; name: string; broadcastingFor(model: unknown): string };

/** ActionCable::Channel::ConnectionStub: identifiers, the frames transmitted, and a pubsub that records streams. */
export class ConnectionStub {
  readonly transmissions: Array<Record<string, unknown>> = [];
  readonly streams: string[] = [];
  private readonly values = new Map<string, unknown>();
  readonly server: { pubsub: unknown; logError(error: unknown): void };
  /** Subscriptions#remove_subscription, as a rejected subscription calls it: unsubscribed, then forgotten. */
  readonly subscriptions = {
    async removeSubscription(subscription: Channel): Promise<void> {
      await subscription.unsubscribeFromChannel();
    },
  };

  constructor(identifiers: Record<string, unknown>) {
    for (const [k, v] of Object.entries(identifiers)) this.values.set(k, v);
    const streams = this.streams;
    // What stream_from asks of the pubsub: recorded, and confirmed at once (the stub's stream_from does not defer).
    this.server = {
      pubsub: {
        subscribe(name: string, _handler: unknown, onSuccess?: () => void) {
          if (!streams.includes(name)) streams.push(name);
          onSuccess?.();
        },
        unsubscribe(name: string) {
          const i = streams.indexOf(name);
          if (i >= 0) streams.splice(i, 1);
        },
      },
      logError() {},
    };
  }

  identifierNames(): string[] {
    return [...this.values.keys()];
  }

  identifierValue(name: string): unknown {
    return this.values.get(name) ?? null;
  }

  transmit(cableMessage: Record<string, unknown>): void {
    this.transmissions.push(cableMessage);
  }

  logError(): void {}
}

function keywords(value: unknown): Record<string, unknown> {
  if (!isHash(value)) return {};
  return Object.fromEntries(hashEntries(value).map(([k, v]) => [k instanceof RubySymbol ? k.name : toS(k), v]));
}

export class ChannelTestHarness {
  connection: ConnectionStub | null = null;
  subscription: Channel | null = null;

  constructor(private readonly channelClass: ChannelClass) {}

  stubConnection(identifiers: unknown = null): ConnectionStub {
    this.connection = new ConnectionStub(keywords(identifiers));
    return this.connection;
  }

  /** subscribe(params): a new subscription to the channel (its identifier the params with the channel's name). */
  async subscribe(params: unknown = null): Promise<Channel> {
    const connection = this.connection ?? this.stubConnection();
    const given = keywords(params);
    const name = toS(this.channelClass.rubyName ?? this.channelClass.name);
    const identifier = JSON.stringify({ ...given, channel: name });
    const subscription = new this.channelClass(connection as never, identifier, { ...given, channel: name });
    // ChannelStub#confirmed? / #rejected?.
    Object.defineProperty(subscription, "isConfirmed", { value: () => subscription.isSubscriptionConfirmationSent(), configurable: true });
    Object.defineProperty(subscription, "isRejected", { value: () => subscription.isSubscriptionRejected(), configurable: true });
    this.subscription = subscription;
    await subscription.subscribeToChannel();
    // A stream asked for on a later turn (stream_from posts it) goes live before the test goes on.
    await new Promise((resolve) => setImmediate(resolve));
    return subscription;
  }

  async unsubscribe(): Promise<unknown> {
    if (!this.subscription) throw new Error("Must be subscribed!");
    await this.subscription.unsubscribeFromChannel();
    return null;
  }

  /** transmissions: the messages transmitted to the client (the frames' message:), as Rails' helper lists them. */
  transmissions(): unknown[] {
    return (this.connection?.transmissions ?? []).filter((t) => "message" in t).map((t) => t.message);
  }

  streams(): string[] {
    if (!this.subscription) throw new Error("Must be subscribed!");
    return this.connection!.streams;
  }

  broadcastingFor(model: unknown): string {
    return this.channelClass.broadcastingFor(model);
  }
}

/**
 * ActionCable::Connection::TestCase: the connection class under test (ApplicationCable::ConnectionTest ->
 * ApplicationCable::Connection) built over a request carrying the test's cookies, then `connect`ed.
 *   cookies.signed[:session_token] = token / connect / connection.current_user / assert_reject_connection { connect }
 */
export class ConnectionTestHarness {
  readonly cookies: CookieJar;
  connection: Connection | null = null;

  constructor(private readonly connectionClass: ConnectionClass, private readonly app: HttpApp) {
    this.cookies = app.cookieJar(undefined);
  }

  /** connect(path = "/cable", headers: {}): a connection of the class over that request, its #connect run. */
  async connect(path: unknown = "/cable", options: unknown = null): Promise<Connection> {
    const given = keywords(typeof path === "string" ? options : path);
    const headers: Record<string, string> = { host: "test.host", cookie: this.cookies.toHeader() };
    for (const [k, v] of Object.entries(keywords(given.headers))) headers[k.toLowerCase()] = toS(v);
    const request = new Request({ method: "GET", url: typeof path === "string" ? path : "/cable", headers, body: Buffer.alloc(0), remoteAddress: "0.0.0.0" });
    const app = this.app;
    const server = {
      pubsub: null,
      now: () => new Date(),
      work: <T>(_c: Connection, fn: () => T | Promise<T>) => Promise.resolve(fn()),
      channelClass: () => null,
      cookieConfig: () => app.cookieConfig(false),
      addConnection() {},
      removeConnection() {},
      logError() {},
    };
    const socket = { protocol: "actioncable-v1-json", transmit() {}, close() {} };
    const connection = new this.connectionClass(server as never, request, socket as never);
    this.connection = connection;
    await connection.connect();
    return connection;
  }

  /** assert_reject_connection { }: the block must reject (UnauthorizedError). */
  static rejected(error: unknown): boolean {
    return error instanceof UnauthorizedError;
  }
}
