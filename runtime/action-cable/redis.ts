// Action Cable's redis subscription adapter (actioncable 7.2 subscription_adapter/redis.rb) on the maintained
// node-redis client, so that processes (workers, or a Rails process) on one Redis share broadcasts.
//   config/cable.yml  adapter: redis, url: ..., channel_prefix: x   -> withChannelPrefix(new RedisAdapter(cfg), "x")
//   broadcast(channel, payload)          PUBLISH channel payload     (the encoded JSON, bytes as Rails sends them)
//   first subscriber of a channel        SUBSCRIBE channel; its success callback runs once Redis confirmed
//   last subscriber of a channel gone    UNSUBSCRIBE channel
// Connections are named as Rails names them (`id: "ActionCable-PID-<pid>"`, CLIENT SETNAME). Unlike Rails' listener
// (which gives up after `reconnect_attempts`, default 1), the client reconnects with back-off and resubscribes every
// channel; messages published while a subscriber is disconnected are lost, as Redis pub/sub loses them. A broadcast
// while the publishing connection is down raises, as redis-rb raises Redis::CannotConnectError.
import { createRequire } from "node:module";
import type { createClient as CreateClient, RedisClientType } from "redis";
import { post, type MessageCallback, type SubscriptionAdapter } from "./pubsub.js";

export interface RedisConfig {
  url?: string;
  host?: string;
  port?: number;
  path?: string;
  db?: number;
  username?: string;
  password?: string;
  /** Rails' `id`: the connection's CLIENT SETNAME. */
  id?: string;
}

/** The options of config/cable.yml's redis entry the adapter maps; any other key is refused at boot. */
const KNOWN = new Set(["adapter", "channel_prefix", "url", "host", "port", "path", "db", "username", "password", "id"]);

/** Redis::CannotConnectError: what a broadcast raises while Redis cannot be reached. */
export class RedisCannotConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Redis::CannotConnectError";
  }
}

/** The redis entry of config/cable.yml as the client's options (`Redis.new(config.except(:adapter, :channel_prefix))`). */
export function redisConfigFrom(entry: Record<string, unknown>): RedisConfig {
  const unknown = Object.keys(entry).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw new Error(`rails2ts: config/cable.yml's redis options ${unknown.join(", ")} are not supported`);
  const str = (k: string) => (entry[k] === undefined || entry[k] === null ? undefined : String(entry[k]));
  const num = (k: string) => (entry[k] === undefined || entry[k] === null ? undefined : Number(entry[k]));
  return { url: str("url"), host: str("host"), port: num("port"), path: str("path"), db: num("db"), username: str("username"), password: str("password"), id: str("id") };
}

/**
 * The `redis` package is loaded only when an adapter is made (an app whose cable.yml says `adapter: redis` for its
 * environment): it is about 20 MB of a process's memory, which an app on the async adapter never needs. The
 * single executable's boot registers the bundled client instead (inside an executable `require` loads only
 * built-in modules).
 */
let redisCreateClient: typeof CreateClient | null = null;

export function useRedisClient(createClient: typeof CreateClient): void {
  redisCreateClient = createClient;
}

function createClient(options: Parameters<typeof CreateClient>[0]): RedisClientType {
  redisCreateClient ??= (createRequire(import.meta.url)("redis") as { createClient: typeof CreateClient }).createClient;
  return redisCreateClient(options) as RedisClientType;
}

/** Where the client connects, as redis-rb resolves it: the options, else REDIS_URL, else localhost:6379. */
function clientOptions(config: RedisConfig): Parameters<typeof CreateClient>[0] {
  const url = config.url ?? (config.host || config.path ? undefined : process.env.REDIS_URL);
  const socket = config.path ? { path: config.path } : { host: config.host ?? "localhost", port: config.port ?? 6379 };
  return {
    ...(url ? { url } : { socket }),
    ...(config.db !== undefined ? { database: config.db } : {}),
    ...(config.username !== undefined ? { username: config.username } : {}),
    ...(config.password !== undefined ? { password: config.password } : {}),
    name: config.id ?? `ActionCable-PID-${process.pid}`,
  };
}

/** host, port and redis-client's server_url ("redis://host:port[/db]"), for messages. */
export function redisLocation(config: RedisConfig): { hostPort: string; serverUrl: string } {
  const url = config.url ?? (!config.host && !config.path ? process.env.REDIS_URL : undefined);
  if (config.path && !url) return { hostPort: config.path, serverUrl: `unix://${config.path}` };
  const parsed = url ? new URL(url) : null;
  const host = parsed?.hostname || config.host || "localhost";
  const port = Number(parsed?.port || config.port || 6379);
  const db = config.db ?? (parsed && parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0);
  return { hostPort: `${host}:${port}`, serverUrl: `redis://${host}:${port}${db ? `/${db}` : ""}` };
}

export class RedisAdapter implements SubscriptionAdapter {
  private readonly publisher: RedisClientType;
  private readonly subscriber: RedisClientType;
  private readonly subscribers = new Map<string, MessageCallback[]>();
  private lastError: Error | null = null;
  /** The publishing connection failed and has not come back: broadcasts raise (before the first try, they wait). */
  private publisherDown = false;
  private everConnected = false;
  /** Broadcasts made before the first connection (seeds, boot), sent once it is up, as redis-rb would block for it. */
  private readonly beforeConnected: Array<[string, string]> = [];
  private closed = false;
  private listening = false;

  constructor(private readonly config: RedisConfig, private readonly log: (line: string) => void = (l) => console.error(l)) {
    // No offline queue: a message published while Redis is away raises rather than arriving late.
    this.publisher = createClient({ ...clientOptions(config), disableOfflineQueue: true });
    this.subscriber = createClient(clientOptions(config));
    for (const client of [this.publisher, this.subscriber]) {
      // An unhandled 'error' event would end the process; the client reconnects on its own.
      client.on("error", (error: Error) => this.reportError(error, client === this.publisher));
      client.on("ready", () => {
        this.lastError = null;
        if (client !== this.publisher) return;
        this.publisherDown = false;
        this.everConnected = true;
        for (const [channel, payload] of this.beforeConnected.splice(0)) this.broadcast(channel, payload);
      });
      client.connect().catch((error: Error) => this.reportError(error, client === this.publisher));
    }
  }

  /** Resolves once both connections are up; rejects with Rails' message when the first attempt fails. */
  ready(): Promise<void> {
    if (this.publisher.isReady && this.subscriber.isReady) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.publisher.isReady && this.subscriber.isReady) done(() => resolve());
      };
      const fail = (error: Error) => done(() => reject(new RedisCannotConnectError(this.cannotConnectMessage(error))));
      const done = (then: () => void) => {
        for (const c of [this.publisher, this.subscriber]) c.off("ready", check).off("error", fail);
        then();
      };
      for (const c of [this.publisher, this.subscriber]) c.on("ready", check).on("error", fail);
    });
  }

  private reportError(error: Error, publisher = false): void {
    if (this.closed) return;
    if (publisher && !this.publisher.isReady) {
      this.publisherDown = true;
      this.beforeConnected.length = 0;
    }
    const first = this.lastError === null || this.lastError.message !== error.message;
    this.lastError = error;
    if (first) this.log(`Action Cable redis adapter: ${this.cannotConnectMessage(error)}; reconnecting`);
  }

  /** redis-client's CannotConnectError message: "Connection refused - connect(2) for host:port (redis://host:port/db)". */
  private cannotConnectMessage(error: Error | null): string {
    const { hostPort, serverUrl } = redisLocation(this.config);
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const what = code === "ECONNREFUSED" ? `Connection refused - connect(2) for ${hostPort}` : error?.message ?? "not connected";
    return `${what} (${serverUrl})`;
  }

  broadcast(channel: string, payload: string): void {
    if (!this.publisher.isReady) {
      if (this.publisherDown || this.everConnected) throw new RedisCannotConnectError(this.cannotConnectMessage(this.lastError));
      this.beforeConnected.push([channel, payload]);
      return;
    }
    this.publisher.publish(channel, payload).catch((error: Error) => this.reportError(error, true));
  }

  subscribe(channel: string, callback: MessageCallback, success?: () => void): void {
    const list = this.subscribers.get(channel);
    if (list) {
      list.push(callback);
      success?.();
      return;
    }
    this.subscribers.set(channel, [callback]);
    // Rails' Listener holds its connection in subscribe mode with this channel first; so does ours.
    if (!this.listening) {
      this.listening = true;
      this.subscriber.subscribe("_action_cable_internal", () => {}).catch((error: Error) => this.reportError(error));
    }
    this.subscriber
      .subscribe(channel, (message: string) => this.deliver(channel, message))
      .then(() => success && post(success))
      .catch((error: Error) => this.reportError(error));
  }

  private deliver(channel: string, message: string): void {
    for (const callback of [...(this.subscribers.get(channel) ?? [])]) post(() => callback(message));
  }

  unsubscribe(channel: string, callback: MessageCallback): void {
    const list = this.subscribers.get(channel);
    if (!list) return;
    const i = list.indexOf(callback);
    if (i >= 0) list.splice(i, 1);
    if (list.length > 0) return;
    this.subscribers.delete(channel);
    this.subscriber.unsubscribe(channel).catch((error: Error) => this.reportError(error));
  }

  shutdown(): void {
    this.closed = true;
    this.publisher.destroy();
    this.subscriber.destroy();
  }
}
