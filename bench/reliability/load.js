// The chat fixture under write load (issue 22): 100 signed-in users in 10 rooms hold Action Cable subscriptions to
// their room (RoomChannel) while 50 of them (5 a room) post messages over HTTP as the composer form does (its
// authenticity_token, Turbo's Accept), each post carrying a unique marker. Every message's create broadcast must
// reach every subscriber of its room exactly once; every post must answer below 500 and leave its row.
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { CABLE_PROTOCOLS } from "../../dist/src/conformance/cable.js";
import { get, send } from "../lib/http-get.js";
import { pool, TURBO_STREAM_ACCEPT } from "../lib/sockets.js";
import { formToken, signIn } from "../lib/sign-in.js";

export const CHAT = { channel: "RoomChannel", roomParam: "room_id", postPath: (id) => `/rooms/${id}/messages`, pagePath: (id) => `/rooms/${id}`, bodyField: "message[body]" };

/** Signs every user in, opens and subscribes their sockets, and fetches each poster's form token. */
export async function connectUsers(server, headers, data, postersPerRoom) {
  const signed = await pool(data.users, 8, (u) => signIn(server.baseUrl, headers, u));
  const failed = signed.filter((s) => s.error);
  if (failed.length) throw new Error(`${failed.length} sign-ins failed: ${failed[0].error}`);
  const users = data.users.map((u, i) => ({ ...u, jar: signed[i].value.jar, frames: new Map(), ws: null }));
  await Promise.all(users.map((u) => subscribe(server, headers, u)));
  const posters = [];
  for (const room of data.rooms) {
    for (const u of users.filter((x) => x.roomId === room.id).slice(0, postersPerRoom)) {
      const page = await get(server.baseUrl, CHAT.pagePath(room.id), { ...headers, Cookie: u.jar.header() });
      if (page.status !== 200) throw new Error(`GET ${CHAT.pagePath(room.id)} answered ${page.status}`);
      u.jar.store(page.headers["set-cookie"]);
      posters.push({ user: u, token: formToken(page.body.toString("utf8"), CHAT.postPath(room.id)) });
    }
  }
  return { users, posters };
}

function subscribe(server, headers, u) {
  return new Promise((resolve, reject) => {
    const identifier = JSON.stringify({ channel: CHAT.channel, [CHAT.roomParam]: u.roomId });
    const ws = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/cable`, CABLE_PROTOCOLS, {
      headers: { Host: headers.Host, "User-Agent": headers["User-Agent"], Cookie: u.jar.header() },
      origin: `http://${headers.Host}`,
      perMessageDeflate: false,
    });
    u.ws = ws;
    const timer = setTimeout(() => reject(new Error(`user ${u.id}: no confirmation in 30 s`)), 30_000);
    ws.on("error", (e) => reject(e));
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === "welcome") ws.send(JSON.stringify({ command: "subscribe", identifier }));
      else if (frame.type === "confirm_subscription") (clearTimeout(timer), resolve());
      else if (frame.type === "reject_subscription") reject(new Error(`user ${u.id}: subscription rejected`));
      else if (frame.identifier === identifier && typeof frame.message === "string") {
        // A marker counts once per frame, however often the frame's HTML repeats it.
        for (const marker of new Set(frame.message.match(/rel-[a-z0-9]+-p\d+-n\d+-x/g) ?? [])) u.frames.set(marker, (u.frames.get(marker) ?? 0) + 1);
      }
    });
  });
}

/**
 * Each poster posts `perPoster` messages in turn (50 posters: 50 concurrent clients). `acked` collects the markers
 * whose response arrived below 500; `stop.now` set to true ends the loops early (the crash test).
 */
export async function postMessages(server, headers, posters, label, perPoster, stop = { now: false }) {
  const statuses = {};
  const acked = [];
  const latencies = [];
  await Promise.all(
    posters.map(async (p, i) => {
      for (let n = 0; n < perPoster && !stop.now; n++) {
        const marker = `rel-${label}-p${i}-n${n}-x`;
        const body = new URLSearchParams({ authenticity_token: p.token, [CHAT.bodyField]: `${marker} load`, commit: "Send" }).toString();
        const t = performance.now();
        let res;
        try {
          res = await send(server.baseUrl, CHAT.postPath(p.user.roomId), {
            method: "POST",
            headers: { ...headers, Accept: TURBO_STREAM_ACCEPT, Cookie: p.user.jar.header(), "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
            body,
          });
        } catch (error) {
          statuses[`error ${error.code ?? error.message}`] = (statuses[`error ${error.code ?? error.message}`] ?? 0) + 1;
          if (stop.now) return;
          continue;
        }
        latencies.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        p.user.jar.store(res.headers["set-cookie"]);
        if (res.status < 500) acked.push({ marker, roomId: p.user.roomId });
      }
    }),
  );
  return { statuses, acked, latencies };
}

/** Waits until every subscriber has every acked marker of its room (or the deadline), then counts. */
export async function deliveries(users, acked, timeoutMs) {
  const byRoom = new Map();
  for (const a of acked) byRoom.set(a.roomId, [...(byRoom.get(a.roomId) ?? []), a.marker]);
  const deadline = performance.now() + timeoutMs;
  const missing = () => users.reduce((n, u) => n + (byRoom.get(u.roomId) ?? []).filter((m) => !u.frames.has(m)).length, 0);
  while (missing() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  let expected = 0;
  let once = 0;
  let lost = 0;
  let duplicated = 0;
  let stray = 0;
  const all = new Set(acked.map((a) => a.marker));
  for (const u of users) {
    const mine = new Set(byRoom.get(u.roomId) ?? []);
    expected += mine.size;
    for (const m of mine) {
      const n = u.frames.get(m) ?? 0;
      if (n === 0) lost++;
      else if (n === 1) once++;
      else duplicated++;
    }
    for (const m of u.frames.keys()) if (!mine.has(m) && all.has(m)) stray++;
  }
  return { expected, once, lost, duplicated, stray };
}

/** How many of `markers` have their row (read with a separate connection: WAL lets it read beside the server). */
export function rowsFor(dbFile, markers) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const bodies = new Set(db.prepare("SELECT body FROM messages WHERE body LIKE 'rel-%'").pluck().all());
    return markers.filter((m) => bodies.has(`${m} load`)).length;
  } finally {
    db.close();
  }
}

export function integrityCheck(dbFile) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.pragma("integrity_check", { simple: true });
  } finally {
    db.close();
  }
}
