// The sockets lane: N WebSocket clients, one signed-in user each, PER_ROOM to a room, speak Action Cable's
// actioncable-v1-json protocol to /cable as @rails/actioncable does (its subprotocols, the page's cookies, the
// Origin of the page): welcome, subscribe to the room's channel, confirm_subscription. Then one message is
// posted per room over HTTP, as the fixture's composer form does with Turbo (the form's authenticity_token,
// Turbo's Accept), one room at a time, and every subscriber's receipt of the broadcast is timed.
//
// Measured: the time to connect and subscribe every client (at most `concurrency` handshakes in flight, as a
// crowd reconnecting after a deploy would, not 1,000 at the same instant), each client's own connect-to-confirm
// time, and the delivery latency of each (post, subscriber) pair: from just before the POST is written to the
// moment this process reads the broadcast frame. The clients share one Node process (this one): its event loop
// is part of every latency, on both lanes alike.
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { CABLE_PROTOCOLS } from "../../dist/src/conformance/cable.js";
import { get, send } from "./http-get.js";
import { formToken, signIn } from "./sign-in.js";
import { startCpuWindow } from "./cpu.js";
import { laneMemory, lanePids } from "./procs.js";

export const TURBO_STREAM_ACCEPT = "text/vnd.turbo-stream.html, text/html, application/xhtml+xml";

/**
 * @param {{ lane: { name: string, baseUrl: string, port: number }, headers: Record<string,string>,
 *   data: ReturnType<import("./sockets-data.js").socketsData>, channel: string, roomParam: string,
 *   postPath: (roomId: number) => string, pagePath: (roomId: number) => string, bodyField: string,
 *   concurrency: number, timeoutMs: number, deliveryTimeoutMs: number, log: (line: string) => void }} o
 */
export async function runSockets(o) {
  const result = { lane: o.lane.name, clients: o.data.users.length, rooms: o.data.rooms.length };
  const t0 = performance.now();
  const signedIn = await pool(o.data.users, 8, async (u) => ({ user: u, session: await signIn(o.lane.baseUrl, o.headers, u) }));
  result.signIn = { ms: Math.round(performance.now() - t0), failed: signedIn.filter((s) => s.error).map((s) => s.error).slice(0, 3), failures: signedIn.filter((s) => s.error).length };
  o.log(`${o.lane.name}: ${signedIn.length - result.signIn.failures}/${signedIn.length} users signed in over HTTP in ${(result.signIn.ms / 1000).toFixed(1)} s`);
  const clients = signedIn.filter((s) => !s.error).map((s) => newClient(s.value.user, s.value.session.jar, o));
  const posters = await preparePosters(o, clients);

  result.memoryBeforeKiB = laneMemory(o.lane.port).rssKiB;
  const pids = lanePids(o.lane.port);
  let window = startCpuWindow(pids);
  const start = performance.now();
  await pool(clients, o.concurrency, (c) => connect(c, o));
  const connectWall = performance.now() - start;
  const subscribed = clients.filter((c) => c.confirmedAt !== null);
  result.connect = {
    concurrency: o.concurrency,
    subscribed: subscribed.length,
    failed: clients.length - subscribed.length,
    failures: tally(clients.filter((c) => c.confirmedAt === null).map((c) => c.failure ?? "unknown")),
    allMs: Math.round(connectWall),
    perClientMs: percentiles(subscribed.map((c) => c.confirmedAt - c.startedAt)),
    welcomeMs: percentiles(subscribed.map((c) => c.welcomedAt - c.startedAt)),
    laneCpuS: round3(window().laneS),
  };
  result.memoryConnectedKiB = laneMemory(o.lane.port).rssKiB;
  o.log(`${o.lane.name}: ${subscribed.length}/${clients.length} subscribed in ${(connectWall / 1000).toFixed(2)} s (per client p50 ${result.connect.perClientMs.p50} ms, p99 ${result.connect.perClientMs.p99} ms)`);

  await new Promise((r) => setTimeout(r, 1000));
  window = startCpuWindow(pids);
  result.delivery = await deliver(o, clients, posters);
  result.delivery.laneCpuS = round3(window().laneS);
  result.openAfterDelivery = clients.filter((c) => c.ws?.readyState === WebSocket.OPEN).length;
  result.memoryAfterKiB = laneMemory(o.lane.port).rssKiB;
  const d = result.delivery;
  o.log(`${o.lane.name}: ${d.received}/${d.expected} broadcasts received; latency p50 ${d.latencyMs.p50} ms, p99 ${d.latencyMs.p99} ms, max ${d.latencyMs.max} ms`);
  await closeAll(clients);
  return result;
}

function newClient(user, jar, o) {
  return { user, jar, ws: null, startedAt: 0, welcomedAt: null, confirmedAt: null, failure: null, identifier: JSON.stringify({ channel: o.channel, [o.roomParam]: user.roomId }), receipts: new Map(), closeCode: null };
}

/** Per room, its first signed-in member's room page: the composer form's token for the post. */
async function preparePosters(o, clients) {
  const posters = new Map();
  for (const room of o.data.rooms) {
    const c = clients.find((x) => x.user.roomId === room.id);
    if (!c) continue;
    const page = await get(o.lane.baseUrl, o.pagePath(room.id), { ...o.headers, Cookie: c.jar.header() });
    if (page.status !== 200) throw new Error(`${o.lane.name}: GET ${o.pagePath(room.id)} answered ${page.status}`);
    c.jar.store(page.headers["set-cookie"]);
    posters.set(room.id, { client: c, token: formToken(page.body.toString("utf8"), o.postPath(room.id)) });
  }
  return posters;
}

function connect(c, o) {
  return new Promise((resolve) => {
    const url = `${o.lane.baseUrl.replace(/^http/, "ws")}/cable`;
    c.startedAt = performance.now();
    const fail = (why) => {
      if (c.confirmedAt === null && c.failure === null) c.failure = why;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => fail(`no confirmation within ${o.timeoutMs} ms`), o.timeoutMs);
    let ws;
    try {
      ws = new WebSocket(url, CABLE_PROTOCOLS, {
        headers: { Host: o.headers.Host, "User-Agent": o.headers["User-Agent"], Cookie: c.jar.header() },
        origin: `http://${o.headers.Host}`,
        perMessageDeflate: false,
      });
    } catch (error) {
      return fail(`open: ${error.message}`);
    }
    c.ws = ws;
    ws.on("unexpected-response", (_req, res) => (res.resume(), fail(`upgrade answered ${res.statusCode}`)));
    ws.on("error", (error) => fail(`error: ${error.code ?? error.message}`));
    ws.on("close", (code) => ((c.closeCode = code), fail(`closed ${code}`)));
    ws.on("message", (data) => {
      const at = performance.now();
      const frame = parse(data);
      if (!frame) return;
      if (frame.type === "welcome") {
        c.welcomedAt = at;
        ws.send(JSON.stringify({ command: "subscribe", identifier: c.identifier }));
      } else if (frame.type === "confirm_subscription" && frame.identifier === c.identifier) {
        c.confirmedAt = at;
        clearTimeout(timer);
        resolve();
      } else if (frame.type === "reject_subscription") {
        fail("subscription rejected");
      } else if (frame.type === "disconnect") {
        fail(`disconnect: ${frame.reason ?? ""}`);
      } else if (frame.type === undefined && frame.identifier === c.identifier && typeof frame.message === "string") {
        const marker = /bench-post-\d+-\d+/.exec(frame.message)?.[0];
        if (marker && !c.receipts.has(marker)) c.receipts.set(marker, at);
      }
    });
  });
}

/** One post per room, one room at a time: each waits until every subscriber of its room has the broadcast. */
async function deliver(o, clients, posters) {
  const latencies = [];
  const postMs = [];
  const statuses = {};
  let expected = 0;
  let received = 0;
  for (const room of o.data.rooms) {
    const poster = posters.get(room.id);
    if (!poster) continue;
    const subscribers = clients.filter((c) => c.user.roomId === room.id && c.confirmedAt !== null);
    const marker = `bench-post-${room.id}-${Date.now()}`;
    const body = new URLSearchParams({ authenticity_token: poster.token, [o.bodyField]: `${marker} says hello`, commit: "Send" }).toString();
    const headers = { ...o.headers, Accept: TURBO_STREAM_ACCEPT, Cookie: poster.client.jar.header(), "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) };
    const sentAt = performance.now();
    const res = await send(o.lane.baseUrl, o.postPath(room.id), { method: "POST", headers, body });
    postMs.push(performance.now() - sentAt);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    poster.client.jar.store(res.headers["set-cookie"]);
    const deadline = performance.now() + o.deliveryTimeoutMs;
    while (subscribers.some((c) => !c.receipts.has(marker)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expected += subscribers.length;
    for (const c of subscribers) {
      const at = c.receipts.get(marker);
      if (at === undefined) continue;
      received++;
      latencies.push(at - sentAt);
    }
  }
  return { posts: posters.size, postStatuses: statuses, postMs: percentiles(postMs), expected, received, latencyMs: percentiles(latencies) };
}

async function closeAll(clients) {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise((resolve) => {
          if (!c.ws || c.ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => (c.ws.terminate(), resolve()), 5000);
          c.ws.once("close", () => (clearTimeout(timer), resolve()));
          c.ws.close();
        }),
    ),
  );
}

function parse(data) {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

/** Runs fn over items with at most `limit` in flight; each result is { value } or { error }. */
export async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = { value: await fn(items[i]) };
      } catch (error) {
        out[i] = { error: error.message };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Nearest-rank percentiles, in ms with 0.1 ms resolution; nulls when there is no sample. */
export function percentiles(xs) {
  if (xs.length === 0) return { n: 0, p50: null, p99: null, max: null };
  const s = [...xs].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  const r = (x) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(at(50)), p99: r(at(99)), max: r(s[s.length - 1]) };
}

function tally(xs) {
  const out = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

const round3 = (x) => Math.round(x * 1000) / 1000;
