// The conformance run: start a server through the caller's callback (the compiler passes one that compiles
// and boots the emitted app), replay the fixture's scenario, compare every response with Rails' reference,
// and print one line per response, the diffs, and a summary.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareResponses, type Comparison } from "./diff.js";
import type { RunningServer, ServerEnv } from "./rails-server.js";
import { readReference, referenceDir, referenceStem } from "./reference.js";
import { replay, type ReplayedResponse } from "./replay.js";
import type { CacheHits } from "./cache-log.js";
import { loadScenario } from "./scenario.js";

export type StartServer = (env: ServerEnv) => Promise<RunningServer>;

export interface ConformanceResult {
  identical: number;
  different: number;
  /** Responses for which our server ran more SQL statements than Rails. */
  sqlOverRails: number;
  /** Responses whose fragment cache activity (hits and misses per fragment and collection) differs from Rails'
   * log; counted only when our activity was read (ReportOptions.cache). */
  cacheDifferent: number;
  comparisons: Comparison[];
}

export interface ConformanceOptions {
  log?: (line: string) => void;
}

export async function runConformance(appDir: string, start: StartServer, options: ConformanceOptions = {}): Promise<ConformanceResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const scenario = loadScenario(appDir);
  const reference = readReference(referenceDir(appDir));
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-conformance-"));
  let ours: ReplayedResponse[];
  let cacheRead = false;
  try {
    const sqlLogPath = join(scratch, "sql.log");
    const cacheLogPath = join(scratch, "cache.log");
    writeFileSync(sqlLogPath, "");
    writeFileSync(cacheLogPath, "");
    const server = await start({ sqlLogPath, cacheLogPath, frozenTime: scenario.frozenTime });
    try {
      ours = await replay(scenario, server.baseUrl, sqlLogPath, cacheLogPath);
      // A server started without RAILS2TS_CACHE_LOG writes nothing: then there is nothing to compare.
      cacheRead = statSync(cacheLogPath).size > 0;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return report(reference, ours, log, { cache: cacheRead });
}

export interface ReportOptions {
  /** Compare fragment cache activity too (ours was read from RAILS2TS_CACHE_LOG). */
  cache?: boolean;
}

/** Compares step by step and prints; exported for callers that replay by other means. */
export function report(reference: ReplayedResponse[], ours: ReplayedResponse[], log: (line: string) => void, options: ReportOptions = {}): ConformanceResult {
  const result: ConformanceResult = { identical: 0, different: 0, sqlOverRails: 0, cacheDifferent: 0, comparisons: [] };
  const total = Math.max(reference.length, ours.length);
  for (let i = 0; i < total; i++) {
    const comparison = compareStep(reference[i], ours[i], i, total);
    result.comparisons.push(comparison);
    const rails = reference[i];
    const mine = ours[i];
    const status = mine ? String(mine.status) : "-";
    const stem = referenceStem(i, (rails ?? mine).name, total);
    log(`${comparison.identical ? "ok  " : "DIFF"} ${stem} ${status} sql ${count(mine?.sqlCount)}/${count(rails?.sqlCount)}`);
    if (comparison.identical) result.identical++;
    else result.different++;
    for (const line of comparison.fieldDifferences) log(`  ${line}`);
    if (comparison.bodyDiff !== "") log(comparison.bodyDiff.replace(/\n$/, ""));
    if (rails && mine && rails.sqlCount !== null && mine.sqlCount !== null && mine.sqlCount > rails.sqlCount) {
      result.sqlOverRails++;
      log(`  WARNING sql: ours ran ${mine.sqlCount} statements, Rails ${rails.sqlCount}`);
    }
    if (options.cache && rails && mine && rails.name === mine.name && (rails.cacheHits || mine.cacheHits)) {
      const theirs = cacheSummary(rails.cacheHits);
      const same = JSON.stringify(cacheActivity(rails.cacheHits)) === JSON.stringify(cacheActivity(mine.cacheHits));
      log(`  cache ours ${cacheSummary(mine.cacheHits)}, Rails ${theirs}${same ? "" : "  WARNING: differs"}`);
      if (!same) {
        result.cacheDifferent++;
        for (const line of cacheDiff(rails.cacheHits, mine.cacheHits)) log(`    ${line}`);
      }
    }
  }
  log(`${result.identical} identical, ${result.different} different`);
  return result;
}

// What a request did with the fragment cache, in a comparable form: each `cache` block's key and hit, each cached
// collection's partial and hits out of its size.
function cacheActivity(hits: CacheHits | undefined): { fragments: string[]; collections: string[] } {
  return {
    fragments: (hits?.fragments ?? []).map((f) => `${f.hit ? "hit " : "miss"} ${f.key}`),
    collections: (hits?.collections ?? []).map((c) => `${c.partial} [${c.hits} / ${c.count} cache hits]`),
  };
}

/** `fragments 2 hits / 1 miss, collections rooms/_room.html.erb [4 / 4 cache hits]`. */
function cacheSummary(hits: CacheHits | undefined): string {
  const a = cacheActivity(hits);
  const hit = (hits?.fragments ?? []).filter((f) => f.hit).length;
  const parts = [`fragments ${hit} hit${hit === 1 ? "" : "s"} / ${a.fragments.length - hit} miss${a.fragments.length - hit === 1 ? "" : "es"}`];
  if (a.collections.length) parts.push(`collections ${a.collections.join(", ")}`);
  return parts.join(", ");
}

function cacheDiff(rails: CacheHits | undefined, ours: CacheHits | undefined): string[] {
  const a = cacheActivity(rails);
  const b = cacheActivity(ours);
  const lines: string[] = [];
  for (const kind of ["fragments", "collections"] as const) {
    for (const x of a[kind]) if (!b[kind].includes(x)) lines.push(`- rails ${x}`);
    for (const x of b[kind]) if (!a[kind].includes(x)) lines.push(`+ ours  ${x}`);
  }
  return lines;
}

function compareStep(rails: ReplayedResponse | undefined, ours: ReplayedResponse | undefined, i: number, total: number): Comparison {
  if (rails && ours && rails.name === ours.name) return compareResponses(rails, ours);
  const name = (rails ?? ours)!.name;
  const why = !rails
    ? `no reference for step ${name}: re-record`
    : !ours
      ? `step ${name} was not replayed: the scenario no longer has it`
      : `reference step ${referenceStem(i, rails.name, total)} but scenario step ${ours.name}: re-record`;
  return { name, identical: false, fieldDifferences: [why], bodyDiff: "" };
}

function count(n: number | null | undefined): string {
  return n === null || n === undefined ? "-" : String(n);
}
