// The Action Cable side of conformance: scenario validation of subscribe steps, a whole replay against a small
// node:http + ws server that speaks Action Cable's JSON protocol (welcome, confirm/reject, pings, broadcasts
// after the response, a refused connection), and Rails' fragment cache log lines read into cacheHits.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { parseCacheLog } from "../src/conformance/cache-log.js";
import { replay } from "../src/conformance/replay.js";
import { validateScenario, type Scenario } from "../src/conformance/scenario.js";

const base = { frozenTime: "2024-02-15 12:00:00", host: "127.0.0.1:3000" };

describe("scenario validation of subscribe steps", () => {
  const invalid = (step: unknown): string => {
    try {
      validateScenario({ ...base, steps: [step] } as Scenario);
      return "valid";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("accepts a subscribe step and rejects malformed ones", () => {
    expect(invalid({ name: "s", subscribe: { socket: "alice", channel: "RoomChannel", params: { room_id: 1 } } })).toBe("valid");
    expect(invalid({ name: "s", subscribe: { channel: "" } })).toBe("scenario: s: subscribe needs a channel");
    expect(invalid({ name: "s", subscribe: { channel: "C", socket: "Bad Name" } })).toBe('scenario: s: bad socket name "Bad Name"');
    expect(invalid({ name: "s", subscribe: { channel: "C", params: [1] } })).toBe("scenario: s: subscribe params must be an object");
    expect(invalid({ name: "s", method: "GET", path: "/", subscribe: { channel: "C" } })).toBe(
      "scenario: s: a subscribe step sends no HTTP request",
    );
    expect(invalid({ name: "h", path: "/" })).toBe("scenario: h: method and path are required");
  });
});

/** What the fake server saw of each upgrade request, to check the socket is opened as a browser opens it. */
const upgrades: Array<Record<string, string | undefined>> = [];
let server: Server;
let baseUrl: string;

// The exact frames Rails sends (ActionCable::INTERNAL message types, identifiers echoed as received).
function fakeCable(): Server {
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  const broadcast = (frames: string[]): void => {
    setTimeout(() => {
      for (const ws of sockets) for (const frame of frames) ws.send(frame);
    }, 20);
  };
  const http = createServer((req, res) => {
    if (req.url === "/sign_in") res.setHeader("Set-Cookie", "session=ok; path=/");
    if (req.url === "/post") broadcast([message("z"), JSON.stringify({ type: "ping", message: 1707998400 }), message("a")]);
    if (req.url === "/late") broadcast([message("late")]);
    res.setHeader("Content-Type", "text/plain");
    res.end(`accept: ${req.headers.accept}\n`);
  });
  http.on("upgrade", (req: IncomingMessage, socket, head) => {
    upgrades.push({ host: req.headers.host, origin: req.headers.origin, cookie: req.headers.cookie, protocol: req.headers["sec-websocket-protocol"] });
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (req.headers.cookie !== "session=ok") {
        ws.send(JSON.stringify({ type: "disconnect", reason: "unauthorized", reconnect: false }));
        ws.close(1000);
        return;
      }
      sockets.add(ws);
      ws.send(JSON.stringify({ type: "welcome" }));
      ws.on("message", (data: Buffer) => {
        const { identifier } = JSON.parse(data.toString()) as { identifier: string };
        const room = (JSON.parse(identifier) as { room_id?: number }).room_id;
        ws.send(JSON.stringify({ identifier, type: room === 1 ? "confirm_subscription" : "reject_subscription" }));
      });
    });
  });
  return http;
}

function message(text: string): string {
  return JSON.stringify({ identifier: JSON.stringify({ channel: "RoomChannel", room_id: 1 }), message: text });
}

describe("replay with Action Cable steps", () => {
  beforeAll(async () => {
    server = fakeCable();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("records subscriptions and broadcasts as entries of their own, byte for byte", async () => {
    const scenario: Scenario = {
      ...base,
      steps: [
        { name: "anonymous", subscribe: { socket: "anon", channel: "RoomChannel", params: { room_id: 1 } } },
        { name: "sign_in", method: "POST", path: "/sign_in" },
        { name: "subscribe", subscribe: { socket: "alice", channel: "RoomChannel", params: { room_id: 1 } } },
        { name: "subscribe_rejected", subscribe: { socket: "alice", channel: "RoomChannel", params: { room_id: 2 } } },
        { name: "post", method: "POST", path: "/post", broadcasts: true, accept: "text/vnd.turbo-stream.html" },
        { name: "quiet", method: "GET", path: "/quiet", broadcasts: true },
        { name: "late", method: "GET", path: "/late" },
      ],
    };
    const entries = await replay(scenario, baseUrl, "/nonexistent/sql.log");
    const summary = entries.map((e) => [e.name, e.method, e.status, e.socket ?? null, e.body.toString("utf8")]);
    const id1 = JSON.stringify(JSON.stringify({ channel: "RoomChannel", room_id: 1 }));
    const id2 = JSON.stringify(JSON.stringify({ channel: "RoomChannel", room_id: 2 }));
    expect(summary).toEqual([
      ["anonymous", "WS", 101, "anon", '{"type":"disconnect","reason":"unauthorized","reconnect":false}\n[closed 1000]\n'],
      ["sign_in", "POST", 200, null, `accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\n`],
      ["subscribe", "WS", 101, "alice", `{"type":"welcome"}\n{"identifier":${id1},"type":"confirm_subscription"}\n`],
      ["subscribe_rejected", "WS", 101, "alice", `{"identifier":${id2},"type":"reject_subscription"}\n`],
      ["post", "POST", 200, null, "accept: text/vnd.turbo-stream.html\n"],
      // Sorted by bytes ("a" before "z"), the ping dropped.
      ["post_alice_broadcasts", "WS", 101, "alice", `${message("a")}\n${message("z")}\n`],
      ["quiet", "GET", 200, null, "accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\n"],
      ["quiet_alice_broadcasts", "WS", 101, "alice", ""],
      ["late", "GET", 200, null, "accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\n"],
      // An unmarked step's broadcast is not lost: it shows where nothing expected it.
      ["cable_leftover_alice", "WS", 101, "alice", `${message("late")}\n`],
    ]);
    expect(upgrades).toEqual([
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", cookie: undefined, protocol: "actioncable-v1-json,actioncable-unsupported" },
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", cookie: "session=ok", protocol: "actioncable-v1-json,actioncable-unsupported" },
    ]);
  });
});

describe("parseCacheLog (lines as Rails 7.2 logs them in production at debug level)", () => {
  const id = "6f9164ba-c4a3-4e7c-a56d-8164c93d3f5a";
  const other = "0b7c5a3e-1111-4222-8333-944455556666";
  const key = (n: number) => `views/messages/_message:d0d445e22cb40359c99da6c3fc9526f3/messages/${n}-20240214090230000000/presentation-v2`;
  const log = [
    `D, [2024-02-15T12:00:00.000000 #32295] DEBUG -- : [${id}]   Rendered collection of rooms/_room.html.erb [3 / 4 cache hits] (Duration: 7.7ms | GC: 0.0ms)`,
    `I, [2024-02-15T12:00:00.000000 #32295]  INFO -- : [${id}] Read fragment ${key(3)} (0.2ms)`,
    `I, [2024-02-15T12:00:00.000000 #32295]  INFO -- : [${id}] Write fragment ${key(3)} (0.3ms)`,
    `I, [2024-02-15T12:00:00.000000 #32295]  INFO -- : [${other}] Read fragment ${key(4)} (0.1ms)`,
    `I, [2024-02-15T12:00:00.000000 #32295]  INFO -- : [${id}] Read fragment ${key(5)} (0.1ms)`,
    `D, [2024-02-15T12:00:00.000000 #32295] DEBUG -- : [${id}]   Rendered collection of messages/boosts/_boost.html.erb [0 times] (Duration: 0.0ms | GC: 0.0ms)`,
    `I, [2024-02-15T12:00:00.000000 #32295]  INFO -- : [${id}] Completed 200 OK in 206ms (Views: 68.7ms | ActiveRecord: 22.1ms (16 queries, 1 cached) | GC: 25.3ms)`,
  ].join("\n");

  it("groups reads, writes and collection hits by request id", () => {
    expect(Object.fromEntries(parseCacheLog(log))).toEqual({
      [id]: {
        hits: 1,
        misses: 1,
        fragments: [
          { key: key(3), hit: false },
          { key: key(5), hit: true },
        ],
        collections: [{ partial: "rooms/_room.html.erb", hits: 3, count: 4 }],
      },
      [other]: { hits: 1, misses: 0, fragments: [{ key: key(4), hit: true }], collections: [] },
    });
  });
});
