// Fuzzed cache sequences (issue 22), the seeded lane in `npm test`: the chat fixture compiled once and served twice
// on one database file, with the fragment cache (production, perform_caching true, a memory store) and without it
// (development without tmp/caching-dev.txt: perform_caching false, as `bin/rails dev:cache` leaves it off); a seeded
// sequence of posts, boosts, unboosts and deletes by its three users over HTTP, and after every step the pages that
// show cached fragments compared byte for byte (test/cache-fuzz/driver.ts). `npm run reliability` runs a longer
// sequence (RAILS2TS_CACHE_FUZZ_STEPS, RAILS2TS_CACHE_FUZZ_SEED; figures to RAILS2TS_CACHE_FUZZ_REPORT); with
// RAILS2TS_CAMPFIRE naming a checkout, Campfire's room page too (cache-fuzz/campfire.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { USER_AGENT } from "../src/conformance/replay.js";
import { loadScenario } from "../src/conformance/scenario.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { CHAT_USERS, chatProfile } from "./cache-fuzz/chat.js";
import { campfireCacheFuzz } from "./cache-fuzz/campfire.js";
import { client, runCacheFuzz, signIn, type CacheFuzzResult, type Server } from "./cache-fuzz/driver.js";
import { scratchDir } from "./support/scratch.js";

const STEPS = Number(process.env.RAILS2TS_CACHE_FUZZ_STEPS ?? 80);
const SEED = Number(process.env.RAILS2TS_CACHE_FUZZ_SEED ?? 20261205);
const REPORT = process.env.RAILS2TS_CACHE_FUZZ_REPORT;
const results: Record<string, CacheFuzzResult> = {};
const booted: Booted[] = [];

afterAll(async () => {
  await Promise.all(booted.map((b) => b.stop()));
}, 60_000);

/** The result's figures (written to the report at once), and what must hold of them. */
function expectClean(app: string, r: CacheFuzzResult, steps: number): void {
  results[app] = r;
  if (REPORT) writeFileSync(REPORT, JSON.stringify(results, null, 2) + "\n");
  expect(r.mismatches.map((m) => `after step ${m.step}, ${m.user} GET ${m.path}: ${m.difference}\n${m.sequence.join("\n")}`)).toEqual([]);
  expect(r.steps).toBe(steps);
  // The comparison proves something only if the cached server served fragments from its store and the other never
  // read one.
  expect(r.cachedHits).toBeGreaterThan(r.steps);
  expect(r.uncachedReads).toBe(0);
}

describe("fuzzed cache sequences", () => {
  it(`chat: ${STEPS} steps (seed ${SEED}), every page cached = uncached`, async () => {
    const app = join(import.meta.dirname, "../fixtures/chat");
    const dir = scratchDir("cache-fuzz-chat");
    const out = join(dir, "out");
    await compile(app, { out });
    const db = join(dir, "chat.sqlite3");
    const start = async (name: string, env: Record<string, string>): Promise<Server> => {
      const cacheLog = join(dir, `${name}-cache.log`);
      const b = await bootEmitted(out, { port: 0, dbPath: db, env: { RAILS2TS_SQL_LOG: join(dir, `${name}-sql.log`), RAILS2TS_CACHE_LOG: cacheLog, RAILS_LOG_LEVEL: "warn", ...env } });
      booted.push(b);
      return { baseUrl: b.baseUrl, cacheLog, log: () => b.output() };
    };
    // The cached server first: it creates the schema and seeds the new file.
    const cached = await start("cached", { RAILS_ENV: "production" });
    const uncached = await start("uncached", { RAILS_ENV: "development" });
    const c = client({ Host: loadScenario(app).host, "User-Agent": USER_AGENT, Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" }, "/rooms/1");
    const users = [];
    for (const u of CHAT_USERS) users.push(await signIn(c, [cached, uncached], u.name, "/session/new", "/session", [["email_address", u.email], ["password", u.password]]));
    const r = await runCacheFuzz({ seed: SEED, steps: STEPS, profile: chatProfile(db, users), client: c, servers: { cached, uncached }, log: (l) => console.error(`[cache-fuzz chat] ${l}`) });
    expectClean("chat", r, STEPS);
  }, 600_000);

  it.runIf(process.env.RAILS2TS_CAMPFIRE)(`Campfire: ${STEPS} steps (seed ${SEED}), every page cached = uncached`, async () => {
    const r = await campfireCacheFuzz(process.env.RAILS2TS_CAMPFIRE!, process.env.RAILS2TS_CAMPFIRE_GEMS, { seed: SEED, steps: STEPS, booted });
    expectClean("campfire", r, STEPS);
  }, 1_200_000);
});
