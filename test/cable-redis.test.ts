// Action Cable's redis adapter (runtime/action-cable/redis.ts) against a real redis-server: what travels on the wire is
// what Rails' adapter sends (PUBLISH <channel_prefix>:<broadcasting> <the encoded JSON>), two adapters on one Redis
// deliver each other's broadcasts, subscriptions confirm only once Redis has, and a restarted Redis is rejoined.
// Rails' own side of the same Redis is test/cable-redis-rails.test.ts (the live-Rails lane).
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adapterFor, RedisCannotConnectError, type SubscriptionAdapter } from "../runtime/action-cable/index.js";
import { startRedis, type RedisServer } from "./support/redis-server.js";

let redis: RedisServer;
const adapters: SubscriptionAdapter[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  for (const a of adapters) a.shutdown();
  await redis?.cleanup();
});

function adapter(entry: Record<string, unknown>): SubscriptionAdapter {
  const a = adapterFor({ adapter: "redis", url: redis.url, ...entry });
  adapters.push(a);
  return a;
}

function nextMessage(a: SubscriptionAdapter, channel: string): Promise<string> {
  return new Promise((resolve) => {
    const cb = (m: string) => {
      a.unsubscribe(channel, cb);
      resolve(m);
    };
    a.subscribe(channel, cb);
  });
}

function subscribed(a: SubscriptionAdapter, channel: string, into: string[]): Promise<void> {
  return new Promise((resolve) => a.subscribe(channel, (m) => into.push(m), resolve));
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("Action Cable's redis adapter", () => {
  it("publishes <channel_prefix>:<broadcasting> with the payload's exact bytes", async () => {
    const raw = createClient({ url: redis.url });
    await raw.connect();
    const seen: Array<[string, string]> = [];
    await raw.pSubscribe("*", (message, channel) => seen.push([channel, message]));
    const a = adapter({ channel_prefix: "app_production" });
    await a.ready!();
    const payload = '{"message":"caf\\u00e9 \u2713 <b>"}';
    a.broadcast("chat_room_1", payload);
    await until(() => seen.length > 0, "the published message");
    expect(seen).toEqual([["app_production:chat_room_1", payload]]);
    await raw.close();
  });

  it("delivers one adapter's broadcast to another's subscribers, once each, after Redis confirmed", async () => {
    const a = adapter({ channel_prefix: "p" });
    const b = adapter({ channel_prefix: "p" });
    const got1: string[] = [];
    const got2: string[] = [];
    await subscribed(b, "room", got1);
    await subscribed(b, "room", got2);
    a.broadcast("room", '"one"');
    a.broadcast("other", '"not for room"');
    a.broadcast("room", '"two"');
    await until(() => got1.length === 2 && got2.length === 2, "two messages on each subscriber");
    expect([got1, got2]).toEqual([['"one"', '"two"'], ['"one"', '"two"']]);
  });

  it("delivers to a subscription made again right after the last one was removed (a Turbo Drive visit away and back)", async () => {
    const a = adapter({ channel_prefix: "v" });
    const b = adapter({ channel_prefix: "v" });
    const first: string[] = [];
    const cb = (m: string) => first.push(m);
    await new Promise<void>((resolve) => b.subscribe("room", cb, resolve));
    b.unsubscribe("room", cb);
    const again: string[] = [];
    await subscribed(b, "room", again);
    a.broadcast("room", '"after"');
    await until(() => again.length > 0, "the message on the new subscription");
    expect({ first, again }).toEqual({ first: [], again: ['"after"'] });
  });

  it("keeps prefixes apart: another channel_prefix does not hear it", async () => {
    const a = adapter({ channel_prefix: "one" });
    const b = adapter({ channel_prefix: "two" });
    const heard: string[] = [];
    await subscribed(b, "room", heard);
    const same = nextMessage(adapter({ channel_prefix: "one" }), "room");
    await new Promise((r) => setTimeout(r, 50));
    a.broadcast("room", '"x"');
    expect(await same).toBe('"x"');
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual([]);
  });

  it("rejoins a restarted Redis and resubscribes; a broadcast while it is down raises Redis::CannotConnectError", async () => {
    const logs: string[] = [];
    const a = adapter({ channel_prefix: "r" });
    const b = adapter({ channel_prefix: "r" });
    const got: string[] = [];
    await subscribed(b, "room", got);
    await a.ready!();
    await redis.stop();
    // The first broadcasts may meet the closing socket ("Socket closed unexpectedly"); once the client has tried
    // to reconnect, the refusal is what a broadcast raises, in the words redis-rb 6.0 raised in the chroot
    // ("Connection refused - connect(2) for 127.0.0.1:1 (redis://127.0.0.1:1/1)").
    const refused = `Redis::CannotConnectError: Connection refused - connect(2) for 127.0.0.1:${redis.port} (redis://127.0.0.1:${redis.port}/1)`;
    await until(() => {
      try {
        a.broadcast("room", '"lost"');
        return false;
      } catch (error) {
        logs.push(`${(error as Error).name}: ${(error as Error).message}`);
        return error instanceof RedisCannotConnectError && logs.at(-1) === refused;
      }
    }, "a broadcast to raise");
    expect(logs.at(-1)).toBe(refused);
    await redis.start();
    await a.ready!();
    await b.ready!();
    // The subscriber's resubscription races the publisher's reconnection: broadcast until one arrives.
    await until(() => {
      a.broadcast("room", '"back"');
      return got.length > 0;
    }, "a broadcast after the restart");
    expect(got[0]).toBe('"back"');
  });
});
