// The scenario of ../shared/campfire/README.md, against the emitted app: Campfire's test fixtures loaded with the
// clock frozen at 2024-02-15 12:00:00 UTC, bot tokens set, the server's clock frozen at 13:00:00, secret_key_base
// from sha512("campref"); sign in as david through the real form, then GET /, the Designers room and its messages.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { bootEmitted } from "../../src/emit/boot.js";
import { startRedis, type RedisServer } from "./redis-server.js";

export interface ScenarioPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const CLI = join(import.meta.dirname, "../../dist/src/cli.js");
const HOST = "127.0.0.1:3000";
const USER_AGENT = "curl/7.88.1";
export const ROOM = "654632876";

/** Compiles the checkout and loads its fixtures into a fresh database, as the recording did. */
export function prepareCampfire(checkout: string, gems: string | undefined): { out: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), "rails2ts-campfire-pages-"));
  const out = join(dir, "out");
  const db = join(dir, "campfire.sqlite3");
  const gemArgs = gems ? ["--gem-path", gems] : [];
  execFileSync(process.execPath, [CLI, ...gemArgs, "fixtures", checkout, "--db", db, "--out", out], {
    env: { ...process.env, RAILS2TS_FROZEN_TIME: "2024-02-15 12:00:00" },
    stdio: "pipe",
  });
  const sqlite = new Database(db);
  sqlite.prepare("UPDATE users SET bot_token = 'campreFbotTok' WHERE bot_token IS NOT NULL").run();
  sqlite.close();
  return { out, db };
}

export interface PreparedWithRedis {
  prepared: { out: string; db: string };
  redis: RedisServer;
  /** Stops the redis-server and removes the checkout's copy and the compiled app. */
  cleanup(): Promise<void>;
}

/**
 * prepareCampfire on a copy of the checkout whose config/cable.yml (development's names redis://localhost:6379)
 * points at a redis-server of the caller's own, started here.
 */
export async function prepareCampfireWithRedis(checkout: string, gems: string | undefined): Promise<PreparedWithRedis> {
  const redis = await startRedis();
  const copy = mkdtempSync(join(tmpdir(), "rails2ts-campfire-copy-"));
  const cleanup = async () => {
    await redis.cleanup();
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    cpSync(checkout, copy, { recursive: true, filter: (src) => !/\/(\.git|log|tmp|node_modules)$/.test(src) });
    const cableYml = join(copy, "config/cable.yml");
    writeFileSync(cableYml, readFileSync(cableYml, "utf8").replace("redis://localhost:6379", redis.url));
    const prepared = prepareCampfire(copy, gems);
    return {
      prepared,
      redis,
      cleanup: async () => {
        await cleanup();
        rmSync(dirname(prepared.out), { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  /** One request with curl's headers and Host 127.0.0.1:3000 (fetch cannot set Host, so node:http). */
  request(method: string, path: string, body?: URLSearchParams): Promise<ScenarioPage> {
    const headers: Record<string, string> = { host: HOST, "user-agent": USER_AGENT, accept: "*/*" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const payload = body?.toString();
    if (payload !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    const url = new URL(path, this.base);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            const at = pair!.indexOf("=");
            this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
          }
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      });
      req.on("error", reject);
      req.end(payload);
    });
  }
}

/** Serves the prepared app in `env` and replays the scenario; the pages by their reference names. */
export async function runCampfireScenario(prepared: { out: string; db: string }, env: "test" | "development"): Promise<Record<string, ScenarioPage>> {
  const secret = createHash("sha512").update("campref").digest("hex").slice(0, 128);
  const server = await bootEmitted(prepared.out, {
    port: 0,
    dbPath: prepared.db,
    env: { RAILS_ENV: env, SECRET_KEY_BASE: secret, RAILS2TS_FROZEN_TIME: "2024-02-15 13:00:00" },
  });
  try {
    const browser = new Browser(server.baseUrl);
    const pages: Record<string, ScenarioPage> = {};
    pages.session_new = await browser.request("GET", "/session/new");
    const token = /name="authenticity_token" value="([^"]+)"/.exec(pages.session_new.body.toString())?.[1];
    const form = new URLSearchParams();
    if (token) form.set("authenticity_token", token);
    form.set("email_address", "david@37signals.com");
    form.set("password", "secret123456");
    pages.session_create = await browser.request("POST", "/session", form);
    pages.root = await browser.request("GET", "/");
    pages.room_designers = await browser.request("GET", `/rooms/${ROOM}`);
    pages.messages_index = await browser.request("GET", `/rooms/${ROOM}/messages`);
    return pages;
  } finally {
    await server.stop();
  }
}
