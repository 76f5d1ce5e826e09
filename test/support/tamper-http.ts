// The emitted app's side of the HTTP tamper scenarios (test/fixtures/tamper/scenarios.mjs): compile the fixture,
// boot it as `rails2ts conformance` does (fresh database, frozen clock), replay, and compare every response with
// the one recorded from Rails (test/fixtures/tamper/<app>.json, record.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

export async function tamperAgainstEmitted(appDir: string, scenario: Scenario, recorded: RecordedTamper): Promise<TamperComparison> {
  const out = mkdtempSync(join(tmpdir(), "rails2ts-tamper-"));
  try {
    await compile(appDir, { out });
    const dbPath = join(out, "tamper.sqlite3");
    const sqlLogPath = join(out, "sql.log");
    writeFileSync(sqlLogPath, "");
    const booted = await bootEmitted(out, { port: 0, dbPath, env: { RAILS2TS_SQL_LOG: sqlLogPath, RAILS2TS_FROZEN_TIME: scenario.frozenTime } });
    let ours: TamperRun;
    try {
      ours = await replayWithChecksums(scenario, booted.baseUrl, sqlLogPath, dbPath);
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
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Tables whose row count or contents differ between two checksum steps. */
export function changedTables(before: Record<string, TableChecksum> | undefined, after: Record<string, TableChecksum> | undefined): string[] {
  if (!before || !after) return ["(no checksum taken)"];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
}
