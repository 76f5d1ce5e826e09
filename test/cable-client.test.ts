// The real Action Cable JavaScript client (actioncable 7.2.4's actioncable.esm.js, as Rails ships it; read from the
// reference chroot) against runtime/cable: connect with a cookie, subscribe, receive, perform, be rejected, follow a
// Turbo stream, and be refused without the cookie. What the client hands to the subscription callbacks must be
// the messages of the Rails recording (test/fixtures/cable/expected.json) for the same channels.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { cableHttpResponse, createCableServer, type CableServer } from "../runtime/action-cable/server.js";
import { configureSignedStreamVerifier, signedStreamName } from "../runtime/gems/turbo-rails/stream-name.js";
import { setActionCableServer } from "../runtime/action-cable/global.js";
import { TurboStreamsChannel } from "../runtime/gems/turbo-rails/streams-channel.js";
import { ApplicationCableConnection, PROBE_CHANNELS } from "./fixtures/cable/probe-channels.js";

const CLIENT = "/opt/rails-chroot/usr/share/rubygems-integration/all/gems/actioncable-7.2.4/app/assets/javascripts/actioncable.esm.js";
const dir = new URL("./fixtures/cable/", import.meta.url);
const spec = JSON.parse(readFileSync(new URL("scenarios.json", dir), "utf8"));
const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8"));

/** The `message` of every frame Rails sent in a recorded scenario, in order. */
function recordedMessages(name: string): unknown[] {
  const result = expected.results.find((r: { name: string }) => r.name === name);
  return result.log.filter((e: { recv?: string }) => e.recv).map((e: { recv: string }) => JSON.parse(e.recv)).filter((f: { message?: unknown }) => "message" in f).map((f: { message: unknown }) => f.message);
}

let http: Server;
let cable: CableServer;
let wsBase: string;
type ActionCableModule = {
  createConsumer(url: string): any;
  adapters: { WebSocket: unknown; logger: unknown };
};
let AC: ActionCableModule;

beforeAll(async () => {
  configureSignedStreamVerifier({ secretKeyBase: spec.secretKeyBase });
  cable = createCableServer({ connectionClass: ApplicationCableConnection, channels: PROBE_CHANNELS, secretKeyBase: spec.secretKeyBase, log: () => {} });
  http = createServer((req, res) => {
    const wire = cableHttpResponse();
    res.writeHead(wire.status, Object.fromEntries(wire.headers));
    res.end(wire.body);
  });
  cable.attach(http);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  wsBase = `127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // What a browser page gives the client: addEventListener on the window, a visible document.
  Object.assign(globalThis, { addEventListener: () => {}, removeEventListener: () => {}, document: { visibilityState: "visible" } });
  AC = (await import(/* @vite-ignore */ CLIENT)) as ActionCableModule;
});

afterAll(async () => {
  cable.close();
  setActionCableServer(null);
  await new Promise((resolve) => http.close(resolve));
});

/** A browser's WebSocket for this page: same Origin as the host, and the page's cookies. */
function browserSocket(cookie: string | null) {
  return class extends WebSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols, { origin: `http://${wsBase}`, headers: cookie ? { cookie } : {} });
    }
  };
}

function events() {
  const list: unknown[] = [];
  const waiters: (() => void)[] = [];
  return {
    list,
    push(e: unknown) {
      list.push(e);
      waiters.splice(0).forEach((w) => w());
    },
    async until(n: number) {
      const deadline = Date.now() + 5000;
      while (list.length < n && Date.now() < deadline) await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 50); });
      return list;
    },
  };
}

describe.skipIf(!existsSync(CLIENT))("the @rails/actioncable client against runtime/cable", () => {
  it("subscribes, receives, performs and is rejected as it would be by Rails", async () => {
    AC.adapters.WebSocket = browserSocket(expected.cookies.alice);
    const consumer = AC.createConsumer(`ws://${wsBase}/cable`);
    const echo = events();
    const sub = consumer.subscriptions.create({ channel: "EchoChannel", room: "lobby" }, {
      connected: () => echo.push("connected"),
      received: (data: unknown) => echo.push(data),
    });
    await echo.until(2);
    sub.perform("ping_back");
    await echo.until(3);
    const rejected = events();
    consumer.subscriptions.create({ channel: "RejectChannel" }, { rejected: () => rejected.push("rejected") });
    await rejected.until(1);
    const recorded = recordedMessages("echo channel");
    const hello = recorded.find((m) => typeof m === "object" && m !== null && "hello" in m);
    const pong = recorded.find((m) => m === "pong");
    expect(echo.list).toEqual([hello, "connected", pong]);
    expect(rejected.list).toEqual(["rejected"]);
    consumer.disconnect();
  });

  it("follows a Turbo stream from a signed name", async () => {
    AC.adapters.WebSocket = browserSocket(expected.cookies.alice);
    const consumer = AC.createConsumer(`ws://${wsBase}/cable`);
    const got = events();
    consumer.subscriptions.create({ channel: "Turbo::StreamsChannel", signed_stream_name: signedStreamName("rooms") }, {
      connected: () => got.push("connected"),
      received: (data: unknown) => got.push(data),
    });
    await got.until(1);
    TurboStreamsChannel.broadcastRemoveTo("rooms", { target: "room_1" });
    await got.until(2);
    const [frame] = recordedMessages("turbo streams");
    expect(got.list).toEqual(["connected", frame]);
    consumer.disconnect();
  });

  it("rejects a Turbo stream subscription whose signed name was tampered with, and delivers it nothing", async () => {
    AC.adapters.WebSocket = browserSocket(expected.cookies.alice);
    const consumer = AC.createConsumer(`ws://${wsBase}/cable`);
    const signed = signedStreamName("rooms");
    // The name part changed, the digest kept; and the digest changed, the name kept (turbo-rails verifies both).
    const [data, digest] = signed.split("--") as [string, string];
    const forged = [`${Buffer.from('"other"').toString("base64")}--${digest}`, `${data}--${digest.slice(0, -2)}${digest.endsWith("00") ? "11" : "00"}`];
    const got = events();
    for (const name of forged) {
      consumer.subscriptions.create({ channel: "Turbo::StreamsChannel", signed_stream_name: name }, {
        connected: () => got.push("connected"),
        rejected: () => got.push("rejected"),
        received: (message: unknown) => got.push(message),
      });
    }
    await got.until(2);
    TurboStreamsChannel.broadcastRemoveTo("rooms", { target: "room_1" });
    TurboStreamsChannel.broadcastRemoveTo("other", { target: "room_1" });
    await new Promise((r) => setTimeout(r, 100));
    expect(got.list).toEqual(["rejected", "rejected"]);
    consumer.disconnect();
  });

  it("stops trying when the connection is refused as unauthorized", async () => {
    AC.adapters.WebSocket = browserSocket(null);
    const consumer = AC.createConsumer(`ws://${wsBase}/cable`);
    const got = events();
    consumer.subscriptions.create({ channel: "EchoChannel", room: "x" }, {
      disconnected: (details: unknown) => got.push(details),
    });
    await got.until(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.list).toEqual([{ willAttemptReconnect: false }]);
    expect(consumer.connection.monitor.isRunning()).toBe(false);
  });
});
