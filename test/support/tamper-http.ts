// The emitted app's side of the HTTP tamper scenarios (test/fixtures/tamper/scenarios.mjs): compile the fixture,
// boot it as `rails2ts conformance` does (fresh database, frozen clock), replay, and compare every response with
// the one recorded from Rails (test/fixtures/tamper/<app>.json, record.mjs).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile } from "../../src/compile.js";
import { bootEmitted } from "../../src/emit/boot.js";
import { compareResponses, type Comparison } from "../../src/conformance/diff.js";
import type { Scenario } from "../../src/conformance/scenario.js";
import type { TableChecksum } from "../../src/conformance/tamper.js";
import { fromRecorded, replayWithChecksums, type RecordedResponse, type TamperRun } from "../../src/conformance/tamper-run.js";

export interface RecordedTamper {
  app: string;
  responses: RecordedResponse[];
  checksums: TamperRun["checksums"];
}

export interface TamperComparison {
  /** One per step, Rails' recorded response against ours. */
  comparisons: Comparison[];
  ours: TamperRun;
  /** What the emitted server printed (its 500s' errors), for a failing check. */
  serverOutput: string;
}

export function readRecordedTamper(app: string): RecordedTamper {
  return JSON.parse(readFileSync(new URL(`../fixtures/tamper/${app}.json`, import.meta.url), "utf8")) as RecordedTamper;
}

/**
 * Each app compiled in turn and replayed as soon as it is compiled, so one app's replay (its server in a child
 * process) runs while the next compiles. Started once; each entry settles with that app's comparison.
 */
export function tamperAgainstEmittedApps(apps: Array<{ appDir: string; scenario: Scenario; recorded: RecordedTamper }>): Map<string, Promise<TamperComparison>> {
  const runs = new Map<string, Promise<TamperComparison>>();
  let compiling: Promise<unknown> = Promise.resolve();
  for (const { appDir, scenario, recorded } of apps) {
    const out = mkdtempSync(join(tmpdir(), "rails2ts-tamper-"));
    const compiled = compiling.then(() => compile(appDir, { out }));
    compiling = compiled.catch(() => undefined);
    const run = compiled.then(() => replayEmitted(out, scenario, recorded)).finally(() => rmSync(out, { recursive: true, force: true }));
    run.catch(() => undefined); // reported by whoever awaits it
    runs.set(appDir, run);
  }
  return runs;
}

/** Boots the compiled app in OUT as `rails2ts conformance` does (fresh database, frozen clock), replays, compares. */
async function replayEmitted(out: string, scenario: Scenario, recorded: RecordedTamper): Promise<TamperComparison> {
  const dbPath = join(out, "tamper.sqlite3");
  const booted = await bootEmitted(out, { port: 0, dbPath, env: { RAILS2TS_FROZEN_TIME: scenario.frozenTime } });
  let ours: TamperRun;
  try {
    // SQL counts are not compared here: without a SQL log the replay waits for no line after each response.
    ours = await replayWithChecksums(scenario, booted.baseUrl, join(out, "no-sql-log"), dbPath);
  } finally {
    await booted.stop();
  }
  const rails = recorded.responses.map(fromRecorded);
  const comparisons = rails.map((r, i) => {
    const mine = ours.responses[i];
    if (!mine || mine.name !== r.name) return { name: r.name, identical: false, fieldDifferences: [`step ${mine?.name ?? "(none)"} where Rails answered ${r.name}: re-record`], bodyDiff: "" };
    return compareResponses(r, mine);
  });
  return { comparisons, ours, serverOutput: booted.output() };
}

/** Tables whose row count or contents differ between two checksum steps. */
export function changedTables(before: Record<string, TableChecksum> | undefined, after: Record<string, TableChecksum> | undefined): string[] {
  if (!before || !after) return ["(no checksum taken)"];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
}
