// Interoperability with Rails on one Redis (the live-Rails lane: RAILS2TS_LIVE_RAILS=1, root, the reference
// chroot). Real Action Cable 7.2.4 (its redis adapter, test/fixtures/cable-redis-rails/rails_side.rb) and the
// compiled chat fixture, its cable.yml's production entry made what `rails new` writes, share a real redis-server:
//   Rails -> us   ActionCable.server.broadcast("room:<Room 1's GlobalID>", ...) from Ruby reaches alice's socket,
//                 subscribed to RoomChannel on the emitted app, as the frame Rails' own server would send
//   us -> Rails   alice posts a message on the emitted app; Rails' adapter, subscribed to the same broadcasting,
//                 receives the payload alice's socket got, in the bytes ActiveSupport::JSON.encode writes
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { CableSocket } from "../src/conformance/cable.js";
import { chrootRun, unbindFromChroot } from "../src/conformance/chroot.js";
import { CookieJar } from "../src/conformance/cookies.js";
import { extractCsrfToken } from "../src/conformance/csrf.js";
import { chrootRoot, chrootScript, sharedDir } from "../src/conformance/paths.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { startRedis, type RedisServer } from "./support/redis-server.js";

const ENABLED =
  process.env.RAILS2TS_LIVE_RAILS === "1" &&
  process.getuid?.() === 0 &&
  existsSync(join(sharedDir(), "rails", "chroot.sh")) &&
  existsSync(join(chrootRoot(), ".debootstrap-ok"));
const FIXTURE = join(import.meta.dirname, "../fixtures/chat");
const RAILS_SIDE = join(import.meta.dirname, "fixtures/cable-redis-rails/rails_side.rb");
const PREFIX = "chat_production";
// RoomChannel.broadcasting_for(room 1, a Rooms::Open): "room:" + its GlobalID, URL-safe Base64 unpadded.
const ROOM_1 = `room:${Buffer.from("gid://chat/Rooms::Open/1").toString("base64url")}`;
const IDENTIFIER = JSON.stringify({ channel: "RoomChannel", room_id: 1 });
const HOST = "www.example.com";

let redis: RedisServer;
let server: Booted | null = null;
const temps: string[] = [];
let rubyDir = "";
const jar = new CookieJar();

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function http(method: string, path: string, form?: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = form ? new URLSearchParams(form).toString() : null;
  const headers: Record<string, string> = { Host: HOST, Accept: "text/html" };
  const cookie = jar.header();
  if (cookie) headers.Cookie = cookie;
  if (body !== null) Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) });
  return new Promise((resolve, reject) => {
    const req = request(`${server!.baseUrl}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        jar.store(res.headers["set-cookie"]);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function postForm(page: string, path: string, form: Record<string, string>): Promise<number> {
  const token = extractCsrfToken((await http("GET", page)).body, null);
  return (await http("POST", path, { authenticity_token: token ?? "", ...form })).status;
}

async function aliceSocket(): Promise<CableSocket> {
  const socket = await CableSocket.open({
    url: `${server!.baseUrl.replace(/^http/, "ws")}/cable`,
    headers: { Host: HOST, Cookie: jar.header() ?? "" },
    origin: `http://${HOST}`,
  });
  await socket.waitFor((f) => f.includes('"type":"welcome"'), 10_000);
  socket.send({ command: "subscribe", identifier: IDENTIFIER });
  await socket.waitFor((f) => f.includes('"type":"confirm_subscription"'), 10_000);
  socket.take();
  return socket;
}

beforeAll(async () => {
  if (!ENABLED) return;
  redis = await startRedis();
  const app = temp("rails2ts-interop-app-");
  cpSync(FIXTURE, app, { recursive: true, filter: (src) => !["log", "tmp", "storage"].some((d) => src === join(FIXTURE, d)) });
  writeFileSync(join(app, "config/cable.yml"), `production:\n  adapter: redis\n  url: <%= ENV.fetch("REDIS_URL") { "redis://localhost:6379/1" } %>\n  channel_prefix: ${PREFIX}\n`);
  const out = temp("rails2ts-interop-out-");
  await compile(app, { out });
  server = await bootEmitted(out, { port: 0, dbPath: join(out, "interop.sqlite3"), env: { REDIS_URL: redis.url } });
  expect(await postForm("/session/new", "/session", { email_address: "alice@example.com", password: "alice-password-1" })).toBe(302);
  rubyDir = temp("rails2ts-interop-ruby-");
  copyFileSync(RAILS_SIDE, join(rubyDir, "rails_side.rb"));
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await redis?.cleanup();
  if (rubyDir) unbindFromChroot(rubyDir);
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!ENABLED)("Action Cable over one Redis, Rails and the emitted app", () => {
  it("a broadcast from Rails reaches a socket subscribed on the emitted app", async () => {
    const socket = await aliceSocket();
    const content = '<turbo-stream action="append" target="messages"><template>from Rails & co</template></turbo-stream>';
    await chrootRun(rubyDir, ["ruby", "rails_side.rb", "broadcast", redis.url, PREFIX, ROOM_1, JSON.stringify(content)]);
    await socket.waitFor((f) => f.includes('"message"'), 10_000);
    // The frame as Rails' server writes it: ActiveSupport::JSON.encode, which escapes < > & as \u003c \u003e \u0026.
    const asJson = (v: unknown) => JSON.stringify(v).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    expect(socket.take().map((f) => f.toString("utf8"))).toEqual([asJson({ identifier: IDENTIFIER, message: content })]);
    await socket.close();
  }, 60_000);

  it("a message posted on the emitted app reaches Rails' subscriber, in Rails' encoding", async () => {
    const socket = await aliceSocket();
    const rails = spawn("bash", [chrootScript(), "run", rubyDir, "ruby", "rails_side.rb", "listen", redis.url, PREFIX, ROOM_1], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    rails.stdout.on("data", (d: Buffer) => (out += d.toString()));
    for (let i = 0; i < 600 && !out.includes("subscribed"); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain("subscribed");
    const done = new Promise<void>((resolve) => rails.once("exit", () => resolve()));
    expect(await postForm("/rooms/1", "/rooms/1/messages", { "message[body]": "To Rails <and> back", commit: "Send" })).toBe(302);
    await done;
    const received = JSON.parse(out.split("\n").find((l) => l.startsWith("{"))!) as { payload: string; rails_encoding: boolean };
    await socket.waitFor((f) => f.includes('"message"'), 10_000);
    const frames = socket.take().map((f) => JSON.parse(f.toString("utf8")) as { message: unknown });
    expect({ sameMessage: JSON.parse(received.payload), railsEncoding: received.rails_encoding }).toEqual({ sameMessage: frames[0]!.message, railsEncoding: true });
    expect(received.payload).toContain("To Rails \\u0026lt;and\\u0026gt; back");
    await socket.close();
  }, 90_000);
});
