// config/cable.yml's adapter name -> the subscription adapter (ActionCable::Server::Configuration#pubsub_adapter).
//   adapter: async / inline / test       -> ./pubsub.ts (in-process)
//   adapter: redis                       -> RedisAdapter (./redis.ts), shared by every process on that Redis
//   adapter: postgresql / solid_cable    -> AsyncAdapter while the app runs as one process (every subscriber is in
//                                           it, so the messages are the same); refused under workers
import { AsyncAdapter, InlineAdapter, TestAdapter, withChannelPrefix, type SubscriptionAdapter } from "./pubsub.js";
import { RedisAdapter, redisConfigFrom } from "./redis.js";

const IN_PROCESS: Record<string, () => SubscriptionAdapter> = {
  async: () => new AsyncAdapter(),
  inline: () => new InlineAdapter(),
  test: () => new TestAdapter(),
  // Cross-process buses not implemented: in-process delivery is the same only while one process holds every
  // connection, so these refuse to start under workers (WEB_CONCURRENCY > 1).
  postgresql: () => new AsyncAdapter(),
  solid_cable: () => new AsyncAdapter(),
};

/** Workers in this process group (WEB_CONCURRENCY, Puma's convention). */
export function workerCount(): number {
  const n = Number(process.env.WEB_CONCURRENCY ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * The adapter config/cable.yml's entry names (`{ adapter: "redis", url: ..., channel_prefix: ... }`); Rails' default
 * when none is named is redis. Redis and PostgreSQL prepend ChannelPrefix, as in Rails.
 */
export function adapterFor(config: Record<string, unknown> = {}): SubscriptionAdapter {
  const name = String(config.adapter ?? "redis");
  if (name === "redis") return withChannelPrefix(new RedisAdapter(redisConfigFrom(config)), config.channel_prefix as string | undefined);
  const make = IN_PROCESS[name];
  if (!make) throw new Error(`Could not load the '${name}' Action Cable pubsub adapter`);
  if (workerCount() > 1 && (name === "postgresql" || name === "solid_cable")) {
    throw new Error(`rails2ts: the '${name}' Action Cable adapter is not shared between workers; use adapter: redis or WEB_CONCURRENCY=1`);
  }
  const adapter = make();
  return name === "postgresql" ? withChannelPrefix(adapter, config.channel_prefix as string | undefined) : adapter;
}
