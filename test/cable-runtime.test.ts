// runtime/cable pieces the WebSocket recording does not reach: the pubsub adapters' delivery (actioncable's
// SubscriberMap, Inline, Async, Test, ChannelPrefix), periodic timers, the later/debounced Turbo broadcasts,
// GlobalID identifiers of connections, and mounting /cable beside the app's HTTP server.
import { createServer } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import {
  AsyncAdapter, InlineAdapter, TestAdapter, withChannelPrefix, type SubscriptionAdapter,
} from "../runtime/action-cable/pubsub.js";
import { adapterFor } from "../runtime/action-cable/adapters.js";
import { Channel } from "../runtime/action-cable/channel.js";
import { Connection } from "../runtime/action-cable/connection.js";
import { createCableServer, type CableServer } from "../runtime/action-cable/server.js";
import { setActionCableServer } from "../runtime/action-cable/global.js";
import { globalIdConfig } from "../runtime/gems/globalid/global-id.js";
import { TurboStreamsChannel, turboBroadcastConfig } from "../runtime/gems/turbo-rails/streams-channel.js";
import { withRequestId } from "../runtime/gems/turbo-rails/turbo-stream-tags.js";
import { Room } from "./fixtures/cable/turbo-context.js";
import { readFileSync } from "node:fs";

const recorded = JSON.parse(readFileSync(new URL("./fixtures/cable/expected.json", import.meta.url), "utf8"));
const scenarioSpec = JSON.parse(readFileSync(new URL("./fixtures/cable/scenarios.json", import.meta.url), "utf8"));

const tick = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("subscription adapters", () => {
  it("inline delivers at once, in subscription order, to each subscriber it holds", () => {
    const a = new InlineAdapter();
    const got: string[] = [];
    const one = (m: string) => got.push(`one ${m}`);
    const two = (m: string) => got.push(`two ${m}`);
    let live = 0;
    a.subscribe("c", one, () => live++);
    a.subscribe("c", two, () => live++);
    a.broadcast("c", "x");
    a.unsubscribe("c", one);
    a.broadcast("c", "y");
    a.broadcast("other", "z");
    expect([got, live]).toEqual([["one x", "two x", "two y"], 2]);
  });

  it("async subscribes and delivers on a later turn, and unsubscribes at once", async () => {
    const a = new AsyncAdapter();
    const got: string[] = [];
    const cb = (m: string) => got.push(m);
    let live = false;
    a.subscribe("c", cb, () => (live = true));
    a.broadcast("c", "too early");
    expect(live).toBe(false);
    await tick();
    a.broadcast("c", "x");
    expect(got).toEqual([]);
    await tick();
    a.unsubscribe("c", cb);
    a.broadcast("c", "y");
    await tick();
    expect([live, got]).toEqual([true, ["x"]]);
  });

  it("test remembers every payload per channel", async () => {
    const a = new TestAdapter();
    a.broadcast("c", '"a"');
    a.broadcast("c", '"b"');
    expect(a.broadcasts("c")).toEqual(['"a"', '"b"']);
    a.clearMessages("c");
    expect(a.broadcasts("c")).toEqual([]);
  });

  it("prefixes channel names for a shared bus, and picks adapters as cable.yml names them", () => {
    const seen: string[] = [];
    const bus: SubscriptionAdapter = { broadcast: (c) => seen.push(c), subscribe: (c) => seen.push(c), unsubscribe: (c) => seen.push(c), shutdown: () => {} };
    const prefixed = withChannelPrefix(bus, "app_production");
    prefixed.subscribe("rooms", () => {});
    prefixed.broadcast("rooms", "x");
    expect(seen).toEqual(["app_production:rooms", "app_production:rooms"]);
    // No adapter named: Rails' default, redis (made, then shut down before it reaches any server).
    const made = [adapterFor({ adapter: "async" }), adapterFor({ adapter: "test" }), adapterFor({ adapter: "inline" }), adapterFor({ url: "redis://127.0.0.1:1" })];
    for (const a of made) a.shutdown();
    expect(made.map((x) => x.constructor.name)).toEqual(["AsyncAdapter", "TestAdapter", "InlineAdapter", "RedisAdapter"]);
    expect(() => adapterFor({ adapter: "carrier_pigeon" })).toThrow("Could not load the 'carrier_pigeon' Action Cable pubsub adapter");
  });
});

/** A connection on a socket that records frames, on its own server. */
function harness(channels: (typeof Channel)[], identifiers: Record<string, unknown> = {}) {
  const sent: string[] = [];
  class Conn extends Connection {
    static {
      this.identifiedBy(...Object.keys(identifiers));
    }
    override connect(): void {
      for (const [k, v] of Object.entries(identifiers)) this.setIdentifier(k, v);
    }
  }
  const server = createCableServer({ connectionClass: Conn, channels: channels as never, pubsub: new InlineAdapter(), global: false, log: () => {} });
  const socket = { protocol: "actioncable-v1-json", isOpen: () => true, send: (t: string) => sent.push(t), close: () => {} };
  const connection = new Conn(server, { header: () => undefined } as never, socket);
  return { server, connection, sent };
}

describe("channels", () => {
  it("run `periodically` callbacks while subscribed and stop them on unsubscribe", async () => {
    class TickChannel extends Channel {
      static override publicMethods = [];
      static {
        this.periodically(function (this: Channel) { this.transmit("tick"); }, { every: 0.02 });
      }
    }
    // The interval on a fake clock: exact tick counts, no dependence on the machine's load.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { connection, sent } = harness([TickChannel]);
      await connection.handleOpen();
      connection.receive(JSON.stringify({ command: "subscribe", identifier: '{"channel":"TickChannel"}' }));
      await sleep(10);
      const before = sent.length;
      vi.advanceTimersByTime(70);
      const ticks = sent.slice(before).filter((f) => f.includes('"message":"tick"')).length;
      connection.receive(JSON.stringify({ command: "unsubscribe", identifier: '{"channel":"TickChannel"}' }));
      await sleep(10);
      const after = sent.length;
      vi.advanceTimersByTime(100);
      expect({ ticks, afterUnsubscribe: sent.length - after }).toEqual({ ticks: 3, afterUnsubscribe: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(() => Channel.periodically("x", { every: 0 })).toThrow("Expected every: to be a positive number of seconds, got 0");
  });

  it("name connections by their identifiers' GlobalID params, sorted, for remote disconnects", async () => {
    globalIdConfig.app = "campfire";
    const room = Room.build({ id: 1 });
    const { connection, server } = harness([], { current_user: room, tab: "b" });
    await connection.handleOpen();
    expect(connection.connectionIdentifier()).toBe("Z2lkOi8vY2FtcGZpcmUvUm9vbS8x:b");
    expect((connection as unknown as { currentUser: unknown }).currentUser).toBe(room);
    const frames: string[] = [];
    server.pubsub.subscribe("action_cable/Z2lkOi8vY2FtcGZpcmUvUm9vbS8x:b", (m) => frames.push(m));
    server.disconnect({ tab: "b", current_user: room }, { reconnect: false });
    expect(frames).toEqual(['{"type":"disconnect","reconnect":false}']);
    expect(() => server.disconnect({ tab: "b" })).toThrow("InvalidIdentifiersError");
    // ActionCable::RemoteConnections (Rails 7.2.4): where checks that every identifier is a key (another key is
    // allowed and not part of the name), raising InvalidIdentifiersError there; a non-Hash has no keys.
    server.remoteConnections().where({ tab: "b", current_user: room, other: 1 }).disconnect({ reconnect: false });
    expect(frames).toEqual(['{"type":"disconnect","reconnect":false}', '{"type":"disconnect","reconnect":false}']);
    // RemoteConnection#disconnect(reconnect: true) broadcasts { type: "disconnect", reconnect: reconnect }: an explicit
    // nil is sent as null (and the connection's message.fetch("reconnect", true) keeps it), none as true.
    frames.length = 0;
    server.remoteConnections().where({ tab: "b", current_user: room }).disconnect({ reconnect: null });
    server.remoteConnections().where({ tab: "b", current_user: room }).disconnect();
    expect(frames).toEqual(['{"type":"disconnect","reconnect":null}', '{"type":"disconnect","reconnect":true}']);
    expect(() => server.remoteConnections().where({ other: 1 })).toThrow("InvalidIdentifiersError");
    expect(() => server.remoteConnections().where("x")).toThrow("undefined method `keys' for an instance of String");
  });
});

describe("Turbo broadcasts that run later", () => {
  let sent: [string, unknown][] = [];
  const jobs: (() => unknown)[] = [];
  afterEach(() => {
    setActionCableServer(null);
    turboBroadcastConfig.enqueue = (job) => void setImmediate(job);
  });

  function capture(): void {
    sent = [];
    jobs.length = 0;
    setActionCableServer({ broadcast: (b, m) => void sent.push([String(b), String(m)]) });
    turboBroadcastConfig.enqueue = (job) => void jobs.push(job);
  }

  it("fix the stream name and DOM ids when enqueued, and send when the job runs", async () => {
    capture();
    globalIdConfig.app = "campfire";
    TurboStreamsChannel.broadcastReplaceLaterTo(Room.build({ id: 1 }), "messages", { target: [Room.build({ id: 2 }), "list"], html: "<p>x</p>" });
    TurboStreamsChannel.broadcastAppendLaterTo(null, "", [], { target: "t", html: "ignored" });
    expect([sent.length, jobs.length]).toEqual([0, 1]);
    await jobs[0]!();
    expect(sent).toEqual([["Z2lkOi8vY2FtcGZpcmUvUm9vbS8x:messages",
      '<turbo-stream action="replace" target="list_room_2"><template><p>x</p></template></turbo-stream>']]);
  });

  it("debounce refreshes per stream and request id", async () => {
    capture();
    turboBroadcastConfig.refreshDebounceMs = 20;
    TurboStreamsChannel.broadcastRefreshLaterTo("rooms");
    TurboStreamsChannel.broadcastRefreshLaterTo("rooms");
    withRequestId("r-1", () => TurboStreamsChannel.broadcastRefreshLaterTo("rooms"));
    await sleep(40);
    for (const job of jobs) await job();
    expect(sent).toEqual([
      ["rooms", '<turbo-stream action="refresh"></turbo-stream>'],
      ["rooms", '<turbo-stream request-id="r-1" action="refresh"></turbo-stream>'],
    ]);
    turboBroadcastConfig.refreshDebounceMs = 500;
  });
});

describe("mounting", () => {
  let cable: CableServer | null = null;
  afterEach(() => {
    cable?.close();
    cable = null;
  });

  it("serves /cable upgrades on the app's own server, leaving its HTTP requests alone", async () => {
    const http = createServer((_req, res) => res.end("app"));
    cable = createCableServer({ disableRequestForgeryProtection: true, global: false }).attach(http);
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const port = (http.address() as { port: number }).port;
    const body = await (await fetch(`http://127.0.0.1:${port}/anything`)).text();
    const frame = await new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/cable?x=1`, ["actioncable-v1-json"]);
      ws.on("message", (d) => {
        resolve(d.toString());
        ws.close();
      });
      ws.on("error", reject);
    });
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => {});
    });
    cable.close();
    await new Promise((r) => http.close(r));
    expect([body, frame, status]).toEqual(["app", '{"type":"welcome"}', 404]);
  });

  it("identifies connections through a callback given the upgrade request, refusing as Rails does", async () => {
    const http = createServer();
    const seen: unknown[] = [];
    cable = createCableServer({
      secretKeyBase: scenarioSpec.secretKeyBase,
      global: false,
      identify: {
        identifiedBy: ["current_user"],
        connect: (request, cookies) => {
          seen.push(request.path);
          const user = cookies.signed.get("user_id");
          return user ? { current_user: user } : null;
        },
      },
    }).attach(http);
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const host = `127.0.0.1:${(http.address() as { port: number }).port}`;
    const session = (cookie: string | null) => new Promise<unknown[]>((resolve) => {
      const log: unknown[] = [];
      const ws = new WebSocket(`ws://${host}/cable`, ["actioncable-v1-json"], { origin: `http://${host}`, headers: cookie ? { cookie } : {} });
      ws.on("message", (d) => {
        log.push({ recv: d.toString() });
        if (cookie) ws.close();
      });
      ws.on("close", (code, reason) => resolve([...log, { close: [code, reason.toString()] }]));
    });
    const welcomed = await session(recorded.cookies.alice);
    const refused = await session(null);
    expect(cable.connections.length).toBe(0);
    cable.close();
    await new Promise((r) => http.close(r));
    const logOf = (name: string) => recorded.results.find((r: { name: string }) => r.name === name).log;
    expect([welcomed, refused, seen]).toEqual([logOf("welcome"), logOf("unauthorized"), ["/cable", "/cable"]]);
  });
});
