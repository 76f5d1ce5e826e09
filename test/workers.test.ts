// WEB_CONCURRENCY=2 (runtime/app/workers.ts) with Action Cable on a real redis-server: the chat fixture, its
// config/cable.yml's production entry made what `rails new` writes (adapter: redis, the ERB'd REDIS_URL,
// channel_prefix), compiled and served by two workers on one port. Its whole recorded scenario, requests and
// Action Cable frames, is replayed and must answer as Rails did: the sockets and the posts that broadcast to them
// land on different workers, so the frames arrive only through Redis. The control run (same workers, the fixture's
// own async adapter) shows the split is real: frames go missing. Then the supervision: a killed worker is
// replaced, SIGUSR2 replaces every worker while the port keeps answering, SIGTERM drains and exits.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { report } from "../src/conformance/conformance.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import { replay } from "../src/conformance/replay.js";
import { loadScenario } from "../src/conformance/scenario.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { startRedis, type RedisServer } from "./support/redis-server.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/chat");
const RAILS_NEW_CABLE_YML = `development:
  adapter: async

test:
  adapter: test

production:
  adapter: redis
  url: <%= ENV.fetch("REDIS_URL") { "redis://localhost:6379/1" } %>
  channel_prefix: chat_production
`;

const temps: string[] = [];
const servers: Booted[] = [];
let redis: RedisServer;

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function compiled(cableYml: string | null): Promise<string> {
  const app = temp("rails2ts-workers-app-");
  const skip = new Set(["log", "tmp", "storage"].map((d) => join(FIXTURE, d)));
  cpSync(FIXTURE, app, { recursive: true, filter: (src) => !skip.has(src) });
  if (cableYml !== null) writeFileSync(join(app, "config/cable.yml"), cableYml);
  const out = temp("rails2ts-workers-out-");
  await compile(app, { out });
  return out;
}

async function serve(out: string, env: Record<string, string>): Promise<{ booted: Booted; sqlLog: string }> {
  const sqlLog = join(out, "sql.log");
  writeFileSync(sqlLog, "");
  const booted = await bootEmitted(out, {
    port: 0,
    dbPath: join(out, `db-${servers.length}.sqlite3`),
    env: { WEB_CONCURRENCY: "2", RAILS2TS_WORKER_HEADER: "1", RAILS2TS_SQL_LOG: sqlLog, RAILS2TS_FROZEN_TIME: loadScenario(FIXTURE).frozenTime, ...env },
  });
  servers.push(booted);
  return { booted, sqlLog };
}

async function differing(out: string, env: Record<string, string>): Promise<string[]> {
  const { booted, sqlLog } = await serve(out, env);
  const ours = await replay(loadScenario(FIXTURE), booted.baseUrl, sqlLog);
  await booted.stop();
  const result = report(readReference(referenceDir(FIXTURE)), ours, () => undefined, { cache: false });
  return result.comparisons.map((c, i) => (c.identical ? null : ours[i]!.name)).filter((n): n is string => n !== null);
}

function workerOf(baseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/up`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(String(res.headers["x-rails2ts-worker"])));
    });
    // A connection node:cluster handed to a worker that then exited is held open by the primary: it would hang.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${baseUrl}/up in 10 s`)));
    req.on("error", reject);
    req.end();
  });
}

function handshakeWorker(baseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/cable`, ["actioncable-v1-json"], { origin: baseUrl });
    ws.once("upgrade", (res) => {
      resolve(String(res.headers["x-rails2ts-worker"]));
      ws.terminate();
    });
    ws.once("unexpected-response", (_req, res) => resolve(String(res.headers["x-rails2ts-worker"])));
    ws.once("error", reject);
  });
}

let redisOut = "";

beforeAll(async () => {
  redis = await startRedis();
  redisOut = await compiled(RAILS_NEW_CABLE_YML);
}, 300_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  await redis?.cleanup();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe("two workers sharing broadcasts over Redis", () => {
  it("answer the chat's whole recorded scenario, frames included, as Rails did", async () => {
    expect(await differing(redisOut, { REDIS_URL: redis.url })).toEqual([]);
  }, 300_000);

  it("split requests and sockets between them: with the in-process async adapter, frames go missing", async () => {
    const out = await compiled(null);
    const differ = await differing(out, {});
    expect(differ.length).toBeGreaterThan(0);
    // Only what a post broadcasts to a socket on the other worker (e.g. message_create_turbo_stream_alice_broadcasts).
    expect(differ.filter((name) => !name.endsWith("_broadcasts"))).toEqual([]);
  }, 300_000);

  it("spread HTTP requests and WebSocket handshakes over both workers", async () => {
    const { booted } = await serve(redisOut, { REDIS_URL: redis.url });
    const http = new Set<string>();
    const sockets = new Set<string>();
    for (let i = 0; i < 6; i++) http.add(await workerOf(booted.baseUrl));
    for (let i = 0; i < 6; i++) sockets.add(await handshakeWorker(booted.baseUrl));
    expect([[...http].sort(), [...sockets].sort()]).toEqual([["0", "1"], ["0", "1"]]);
    await booted.stop();
  }, 120_000);

  it("replace a killed worker, restart phased on SIGUSR2 while the port keeps answering, and exit on SIGTERM", async () => {
    const env = { ...process.env, WEB_CONCURRENCY: "2", RAILS2TS_WORKER_HEADER: "1", REDIS_URL: redis.url, PORT: "0", DATABASE_PATH: join(redisOut, "supervised.sqlite3") };
    const primary = spawn(process.execPath, [join(redisOut, "dist/server.js")], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    primary.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const waitFor = async (text: RegExp) => {
      for (let i = 0; i < 400 && !text.test(out); i++) await new Promise((r) => setTimeout(r, 25));
      const m = text.exec(out);
      if (!m) throw new Error(`no ${text} in: ${out}`);
      return m;
    };
    const port = Number((await waitFor(/listening on (\d+) \(2 workers\)/))[1]);
    const base = `http://127.0.0.1:${port}`;
    const children = () => execFileSync("pgrep", ["-P", String(primary.pid)]).toString().trim().split("\n").map(Number);
    const answering = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) seen.add(await workerOf(base));
      return [...seen].sort();
    };
    expect(await answering()).toEqual(["0", "1"]);

    process.kill(children()[0]!, "SIGKILL");
    await waitFor(/worker \d+ \(pid \d+\) exited \(SIGKILL\); booting a replacement/);
    let replaced: string[] = [];
    for (let i = 0; i < 100 && !replaced.includes("2"); i++) {
      replaced = await answering();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(replaced).toContain("2");

    let failures = 0;
    let served = 0;
    let polling = true;
    // Eight clients at once, so hand-offs are in flight to each worker as it is retired.
    const poll = Promise.all(Array.from({ length: 8 }, async () => {
      while (polling) await workerOf(base).then(() => served++, () => failures++);
    }));
    primary.kill("SIGUSR2");
    await waitFor(/phased restart of 2 workers/);
    for (let i = 0; i < 400; i++) {
      const now = await answering();
      if (now.length === 2 && now.every((w) => Number(w) >= 3)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    polling = false;
    await poll;
    expect({ failures, restarted: await answering() }).toEqual({ failures: 0, restarted: ["3", "4"] });
    expect(served).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 120_000);
});
