// net-http-persistent: Net::HTTP::Persistent.new(name:, pool_size:), a pool of keep-alive HTTPS connections. The
// emitted app makes no outbound HTTP request: the connection is created and shut down as Rails does, and a
// request through it raises where it is reached (NotLowered), naming the host it would have reached.
//   Net::HTTP::Persistent.new(name: "web_push", pool_size: 150)   NetHttpPersistentClass.new({ ... })
//   connection.request(uri, req)                                 raises NotLowered
//   connection.shutdown                                          closes nothing (no socket was opened)
import { notLoweredError } from "../../ruby/not-lowered.js";
import { toS } from "../../ruby/ruby.js";

/** The message of every outbound request the emitted app declines. */
export function outboundDeclined(what: string, url: unknown): Error {
  return notLoweredError(`rails2ts: declined: ${what} to ${toS(url)} (an outbound HTTP request; the emitted app makes none)`);
}

export class NetHttpPersistent {
  constructor(readonly name: unknown) {}

  request(uri: unknown, _req: unknown = null): never {
    throw outboundDeclined(`Net::HTTP::Persistent#request (${toS(this.name)})`, uri);
  }

  shutdown(): null {
    return null;
  }
}

export const NetHttpPersistentClass = {
  new: (options: unknown = {}) => new NetHttpPersistent(options !== null && typeof options === "object" ? ((options as Record<string, unknown>).name ?? null) : null),
};
