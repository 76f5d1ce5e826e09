// The chat fixture compiled and served: every recorded request and Action Cable frame replayed against the emitted
// app and compared with what real Rails 7.2.4 answered. The differences still open are listed with their cause;
// the test fails on any other difference, and on a listed one that starts matching (so the list stays true).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { report } from "../src/conformance/conformance.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import { replay, type ReplayedResponse } from "../src/conformance/replay.js";
import { loadScenario } from "../src/conformance/scenario.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "../fixtures/chat");
const out = scratchDir("chat-e2e");
let ours: ReplayedResponse[] = [];
let server: Booted | null = null;

const KNOWN_DIFFERENCES: Record<string, string> = {};

// Responses that run more SQL statements than Rails did, with the cause; the list must stay true both ways.
const KNOWN_SQL_OVER: Record<string, string> = {};

beforeAll(async () => {
  await compile(app, { out });
  const scenario = loadScenario(app);
  const sqlLog = join(out, "sql.log");
  const cacheLog = join(out, "cache.log");
  writeFileSync(sqlLog, "");
  writeFileSync(cacheLog, "");
  server = await bootEmitted(out, {
    port: 0,
    dbPath: join(out, "e2e.sqlite3"),
    env: { RAILS2TS_SQL_LOG: sqlLog, RAILS2TS_CACHE_LOG: cacheLog, RAILS2TS_FROZEN_TIME: scenario.frozenTime },
  });
  ours = await replay(scenario, server.baseUrl, sqlLog, cacheLog);
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe("fixtures/chat, compiled and served", () => {
  it("answers every recorded request and frame as Rails did, except the listed differences", () => {
    const result = report(readReference(referenceDir(app)), ours, () => undefined, { cache: true });
    const different = result.comparisons.map((c, i) => (c.identical ? null : ours[i]?.name)).filter((n): n is string => Boolean(n));
    expect(ours.length).toBeGreaterThanOrEqual(25);
    expect(different).toEqual(Object.keys(KNOWN_DIFFERENCES));
  });

  it("hits and misses the fragment cache exactly where Rails' log says Rails did, broadcasts included", () => {
    const reference = readReference(referenceDir(app));
    const withCache = reference.filter((r) => r.cacheHits);
    expect(withCache.length).toBeGreaterThanOrEqual(15);
    for (const rails of withCache) {
      const mine = ours.find((o) => o.name === rails.name);
      expect({ name: rails.name, cache: mine?.cacheHits }).toEqual({ name: rails.name, cache: rails.cacheHits });
    }
    // The second request to the room: every fragment of both cached collections is a hit, as Rails logged.
    const cached = ours.find((o) => o.name === "room_show_cached")!;
    expect(cached.cacheHits!.collections.every((c) => c.hits === c.count && c.count > 0)).toBe(true);
    expect(report(reference, ours, () => undefined, { cache: true }).cacheDifferent).toBe(0);
  });

  it("runs no more SQL statements than Rails on any response, except the listed ones", () => {
    const reference = readReference(referenceDir(app));
    const over = ours
      .filter((mine, i) => {
        const rails = reference[i];
        return rails?.name === mine.name && rails.sqlCount !== null && mine.sqlCount !== null && mine.sqlCount > rails.sqlCount;
      })
      .map((r) => r.name);
    expect(over).toEqual(Object.keys(KNOWN_SQL_OVER));
  });
});
