// The seams between a connection and what carries it: the socket (a `ws` WebSocket in production, anything
// with these four members in tests) and the parts of the cable server a connection calls back into.
import type { CookieConfig } from "../action-pack/cookies.js";
import type { Request } from "../action-pack/request.js";
import type { Connection } from "./connection.js";
import type { SubscriptionAdapter } from "./pubsub.js";
import type { Channel } from "./channel.js";

/** ActionCable::Connection::WebSocket: an open socket or not, text frames out, a close. */
export interface CableSocket {
  /** The negotiated subprotocol, "" when none. */
  readonly protocol: string;
  isOpen(): boolean;
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** What connections and channels need of their server. */
export interface CableServerCore {
  readonly pubsub: SubscriptionAdapter;
  now(): Date;
  /** Runs one unit of work (a command, a stream delivery, connect) as the worker pool does: in the app's executor. */
  work<T>(connection: Connection, fn: () => T | Promise<T>): Promise<T>;
  /** The channel class a subscribe command names (`"RoomChannel"`), or null when it is not a channel. */
  channelClass(name: string): (new (connection: Connection, identifier: string, params: Record<string, unknown>) => Channel) | null;
  cookieConfig(request: Request): CookieConfig;
  addConnection(connection: Connection): void;
  removeConnection(connection: Connection): void;
  logError(error: unknown): void;
}
