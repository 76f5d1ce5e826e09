// The fragment cache, end to end on an emitted app (test/fixtures/cache-app: a room of 40 messages, each a cached
// `[message, "presentation-v2"]` fragment in a cached collection, boosts cached inside them, touch: true from boost
// to message to room). Two emitted servers share one SQLite file: one with the in-process store, one whose store
// holds nothing (RAILS2TS_CACHE_SIZE=0), which is an uncached render. Every page of the cached server must equal the
// uncached one byte for byte; the counts say the cache was really used.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/cache-app");
const out = scratchDir("cache");
const db = join(out, "cache.sqlite3");
const cacheLog = join(out, "cache.log");
const uncachedLog = join(out, "cache-uncached.log");
let compiled: CompileResult;
let cached: Booted;
let uncached: Booted;

beforeAll(async () => {
  compiled = await compile(app, { out });
  writeFileSync(cacheLog, "");
  writeFileSync(uncachedLog, "");
  // The real clock: under a frozen clock a touch cannot move updated_at, so no key could ever change.
  const env = {};
  // The per-request logs are written at the end of each request, by the SQL-count hook (RAILS2TS_SQL_LOG).
  cached = await bootEmitted(out, { port: 0, dbPath: db, env: { ...env, RAILS2TS_CACHE_LOG: cacheLog, RAILS2TS_SQL_LOG: join(out, "sql.log") } });
  uncached = await bootEmitted(out, {
    port: 0, dbPath: db,
    env: { ...env, RAILS2TS_CACHE_SIZE: "0", RAILS2TS_CACHE_LOG: uncachedLog, RAILS2TS_SQL_LOG: join(out, "sql-uncached.log") },
  });
});

afterAll(async () => {
  await cached?.stop();
  await uncached?.stop();
});

async function page(server: Booted): Promise<string> {
  const res = await fetch(`${server.baseUrl}/rooms/1`);
  expect(res.status).toBe(200);
  return res.text();
}

/** A write; true when it found its record (a boost may be gone with its message). */
async function write(method: string, path: string, form: Record<string, string>): Promise<boolean> {
  const res = await fetch(`${cached.baseUrl}${path}`, { method, body: new URLSearchParams(form), redirect: "manual" });
  // Timestamps (and so cache versions) have the runtime clock's millisecond resolution: keep writes apart.
  await new Promise((r) => setTimeout(r, 2));
  if (res.status === 404 && method !== "POST") return false;
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return true;
}

interface CacheLine {
  hits: number;
  misses: number;
  fragments: Array<{ key: string; hit: boolean }>;
  collections: Array<{ partial: string; hits: number | null; count: number }>;
}

function lastLog(file = cacheLog): CacheLine {
  const lines = readFileSync(file, "utf8").trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!) as CacheLine;
}

describe("fragment cache", () => {
  it("reports the declined key at its position and nothing else", () => {
    const diags = compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}`);
    expect(diags).toEqual(["app/views/rooms/show.html.erb:8:10 cache_key_declined"]);
  });

  it("serves a second render of 40 cached messages from the store, byte-identical to an uncached render", async () => {
    const first = await page(cached);
    expect(lastLog().collections).toEqual([{ partial: "messages/_message.html.erb", hits: 0, count: 40 }]);
    const second = await page(cached);
    expect(lastLog().collections).toEqual([{ partial: "messages/_message.html.erb", hits: 40, count: 40 }]);
    expect(second).toBe(first);
    expect(second).toBe(await page(uncached));
    // The baseline really renders everything: its store keeps nothing.
    await page(uncached);
    expect(lastLog(uncachedLog).collections).toEqual([{ partial: "messages/_message.html.erb", hits: 0, count: 40 }]);
  });

  it("re-renders only the boosted message after a boost (touch moves its key), 39 hits", async () => {
    await page(cached);
    await write("POST", "/boosts", { message_id: "7", content: "nice <i>one</i>" });
    const after = await page(cached);
    expect(lastLog().collections).toEqual([{ partial: "messages/_message.html.erb", hits: 39, count: 40 }]);
    expect(after).toContain("nice &lt;i&gt;one&lt;/i&gt;");
    expect(after).toBe(await page(uncached));
  });

  it("stays equal to the uncached render through 1,000 random creates, edits, boosts and destroys", async () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const messages = new Set(Array.from({ length: 40 }, (_, i) => i + 1));
    const boosts = new Set([1]);
    let nextMessage = 41;
    let nextBoost = 2;
    const pick = (set: Set<number>) => [...set][random(set.size)]!;
    for (let op = 0; op < 1000; op++) {
      const kind = random(6);
      if (kind === 0) {
        await write("POST", "/messages", { body: `new ${op}` });
        messages.add(nextMessage++);
      } else if (kind === 1 && messages.size) await write("PATCH", `/messages/${pick(messages)}`, { body: `edited ${op}` });
      else if (kind === 2 && messages.size) {
        await write("POST", "/boosts", { message_id: String(pick(messages)), content: `boost ${op}` });
        boosts.add(nextBoost++);
      } else if (kind === 3 && boosts.size) await write("PATCH", `/boosts/${pick(boosts)}`, { content: `re-boost ${op}` });
      else if (kind === 4 && messages.size > 5) {
        const id = pick(messages);
        await write("DELETE", `/messages/${id}`, {});
        messages.delete(id);
      } else if (kind === 5 && boosts.size) {
        const id = pick(boosts);
        await write("DELETE", `/boosts/${id}`, {});
        boosts.delete(id);
      }
      if (op % 10 === 9) expect(await page(cached), `after operation ${op}`).toBe(await page(uncached));
    }
  }, 240_000);
});

describe("request renders and broadcast renders", () => {
  it("keep apart the entries of a fragment that reads the request, and share those of one that does not", async () => {
    const get = async (path: string) => {
      const res = await fetch(`${cached.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    // The request render writes the composer fragment: it carries the request's path.
    const room = await get("/rooms/1");
    expect(room).toContain('data-rendered-for="/rooms/1"');
    const id = /<div id="message_(\d+)">/.exec(room)![1]!;
    // A broadcast render of the same partial and key misses (its own namespace) and renders without a request.
    const broadcast = await get("/rooms/1/composer");
    expect(broadcast).toContain('data-rendered-for="/"');
    expect(lastLog().fragments).toEqual([{ key: expect.stringMatching(/^views\/rooms\/_composer:\w+\/rooms\/1-\d+\/composer$/), hit: false }]);
    expect(await get("/rooms/1/composer")).toBe(broadcast);
    expect(lastLog().fragments.map((f) => f.hit)).toEqual([true]);
    // ... and never fills the request's entry.
    expect(await get("/rooms/1")).toContain('data-rendered-for="/rooms/1"');
    // A message fragment reads nothing of the request: the broadcast render finds the page's entry, as in Rails.
    const message = await get(`/rooms/1/messages/${id}`);
    expect(lastLog().fragments[0]).toEqual({ key: expect.stringContaining(`views/messages/_message:`), hit: true });
    expect(message).toContain(`<div id="message_${id}">`);
  });
});

const SHARED = "shared by request and broadcast renders (nothing in it reads the request)";
const APART = "request and broadcast renders keep apart: reads request at app/views/rooms/_composer.html.erb:2:48";

describe("rails2ts inspect --cache", () => {
  it("lists every cache site, claimed or declined, and why", async () => {
    const { execFileSync } = await import("node:child_process");
    const cli = join(import.meta.dirname, "../dist/src/cli.js");
    expect(execFileSync(process.execPath, [cli, "inspect", app, "--cache"], { encoding: "utf8" })).toBe(
      [
        `app/views/boosts/_boost.html.erb:1:10 cache claimed: key proven: literals, records, arrays of those; ${SHARED}`,
        `app/views/messages/_message.html.erb:1:10 cache claimed: key proven: literals, records, arrays of those; ${SHARED}`,
        `app/views/rooms/_composer.html.erb:1:10 cache claimed: key proven: literals, records, arrays of those; ${APART}`,
        `app/views/rooms/show.html.erb:2:10 cache claimed: key proven: literals, records, arrays of those; ${APART}`,
        `app/views/rooms/show.html.erb:6:66 collection claimed: cached collection: one key per record, read at once; ${SHARED}`,
        "app/views/rooms/show.html.erb:8:10 cache declined: a string with interpolation is not a provable fragment name",
        "",
      ].join("\n"),
    );
  });
});

describe("fragment keys", () => {
  it("a request render and a broadcast render of the same fragment use different entries", async () => {
    const { MemoryStore, cacheFragment } = await import("../runtime/action-view/cache/index.js");
    const store = new MemoryStore({ size: 1 << 20 });
    const render = (namespace: string | null, text: string) =>
      cacheFragment({ store, namespace }, ["message", "presentation-v2"], { digestPath: "messages/_message:abc" }, () => text).toString();
    expect(render(null, "with the CSRF input")).toBe("with the CSRF input");
    expect(render("broadcast", "without it")).toBe("without it");
    expect(render(null, "ignored")).toBe("with the CSRF input");
    expect(render("broadcast", "ignored")).toBe("without it");
  });

  it("editing a partial a template renders changes the template's digest, so its keys move", async () => {
    const { cpSync, writeFileSync: write } = await import("node:fs");
    const { digestPath, hashDigestClassFor, readViewFiles } = await import("../src/analyze/digest.js");
    const copy = scratchDir("digest");
    cpSync(join(app, "app/views"), copy, { recursive: true });
    const digest = () => digestPath("messages/_message", "html", readViewFiles(copy), { hashDigestClass: hashDigestClassFor("7.2") });
    const before = digest();
    write(join(copy, "boosts/_boost.html.erb"), "<% cache boost do %><b><%= boost.content %></b><% end %>\n");
    const after = digest();
    expect(before).toMatch(/^messages\/_message:[0-9a-f]{32}$/);
    expect(after).toMatch(/^messages\/_message:[0-9a-f]{32}$/);
    expect(after).not.toBe(before);
  });
});
