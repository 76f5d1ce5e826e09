// ActionCable::Channel::Streams (actioncable 7.2): a channel's broadcastings.
//   stream_from "chat_#{params[:room]}"     this.streamFrom(`chat_${this.params.room}`)
//   stream_for @room                        this.streamFor(this.room)      (broadcasting_for: "<channel>:<gid>")
//   stream_from "x", ->(msg) { ... }        this.streamFrom("x", (msg) => ...)   (the raw JSON, unless a coder is given)
//   stop_stream_from / stop_stream_for / stop_all_streams / stream_or_reject_for
// A stream goes live on a later turn of the event loop and the subscription confirms only once all of them are
// live; stopping is immediate. Both as in Rails, including what follows from it (a stream stopped before it went
// live starts anyway).
import { jsonString } from "../active-support/json-encode.js";
import { toS } from "../ruby/ruby.js";
import type { Connection } from "./connection.js";
import type { Coder } from "./global.js";
import { InlineAdapter, post, type MessageCallback } from "./pubsub.js";

type StreamCallback = (message: unknown) => unknown;

export abstract class Streams {
  abstract readonly connection: Connection;
  abstract readonly identifier: string;
  abstract isUnsubscribed(): boolean;
  abstract deferSubscriptionConfirmation(): void;
  abstract ensureConfirmationSent(): void;
  abstract broadcastingFor(model: unknown): string;
  abstract reject(): void;
  abstract transmit(data: unknown, options?: { via?: string }): void;

  private readonly streams = new Map<string, MessageCallback>();

  /**
   * `stream_from(broadcasting, callback = nil, coder: nil)`: the subscription goes live on a later turn (and
   * confirms then); messages reach the client as they were broadcast, or `callback` gets them (decoded by
   * `coder` when one is given).
   */
  streamFrom(broadcasting: unknown, callback: StreamCallback | null = null, options: { coder?: Coder | null } = {}): void {
    if (this.isUnsubscribed()) return;
    const name = toS(broadcasting);
    this.deferSubscriptionConfirmation();
    const handler = this.streamHandler(name, callback, options.coder ?? null);
    this.streams.set(name, handler);
    const pubsub = this.connection.server.pubsub;
    // Rails posts this to its event loop, a thread of its own that runs it at once, while the worker thread goes on
    // with the command (an on_subscribe callback's broadcast). With the in-process adapters the subscription is
    // asked for here, so its confirmation (delivered on a later turn) comes before what the rest of the command
    // broadcasts; a network adapter (Redis) keeps the later turn, as its subscription answers over the network.
    const subscribe = () => pubsub.subscribe(name, handler, () => this.ensureConfirmationSent());
    if (pubsub instanceof InlineAdapter) subscribe();
    else post(subscribe);
  }

  /** `stream_for(model, callback = nil, coder: nil)`. */
  streamFor(model: unknown, callback: StreamCallback | null = null, options: { coder?: Coder | null } = {}): void {
    this.streamFrom(this.broadcastingFor(model), callback, options);
  }

  stopStreamFrom(broadcasting: unknown): void {
    const name = toS(broadcasting);
    const handler = this.streams.get(name);
    if (!handler) return;
    this.streams.delete(name);
    this.connection.server.pubsub.unsubscribe(name, handler);
  }

  stopStreamFor(model: unknown): void {
    this.stopStreamFrom(this.broadcastingFor(model));
  }

  stopAllStreams(): void {
    for (const [name, handler] of this.streams) this.connection.server.pubsub.unsubscribe(name, handler);
    this.streams.clear();
  }

  streamOrRejectFor(model: unknown): void {
    if (model !== null && model !== undefined && model !== false) this.streamFor(model);
    else this.reject();
  }

  // The default handler forwards the broadcast JSON as the frame's message without re-encoding it: Rails
  // decodes and re-encodes with the same coder, which gives back the same bytes.
  private streamHandler(broadcasting: string, callback: StreamCallback | null, coder: Coder | null): MessageCallback {
    const server = this.connection.server;
    const handle = callback
      ? (payload: string) => callback.call(this, coder ? coder.decode(payload) : payload)
      : (payload: string) => {
          if (coder) this.transmit(coder.decode(payload), { via: `streamed from ${broadcasting}` });
          else this.connection.transmitEncoded(`{"identifier":${jsonString(this.identifier)},"message":${validJson(payload)}}`);
        };
    return (payload) => void server.work(this.connection, () => handle(payload)).catch((e) => server.logError(e));
  }

}

function validJson(payload: string): string {
  JSON.parse(payload);
  return payload;
}
