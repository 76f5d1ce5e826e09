// The conformance run: start a server through the caller's callback (the compiler passes one that compiles
// and boots the emitted app), replay the fixture's scenario, compare every response with Rails' reference,
// and print one line per response, the diffs, and a summary.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareResponses, type Comparison } from "./diff.js";
import type { RunningServer, ServerEnv } from "./rails-server.js";
import { readReference, referenceDir, referenceStem } from "./reference.js";
import { replay, type ReplayedResponse } from "./replay.js";
import { loadScenario } from "./scenario.js";

export type StartServer = (env: ServerEnv) => Promise<RunningServer>;

export interface ConformanceResult {
  identical: number;
  different: number;
  /** Responses for which our server ran more SQL statements than Rails (a warning for now). */
  sqlOverRails: number;
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
  try {
    const sqlLogPath = join(scratch, "sql.log");
    writeFileSync(sqlLogPath, "");
    const server = await start({ sqlLogPath, frozenTime: scenario.frozenTime });
    try {
      ours = await replay(scenario, server.baseUrl, sqlLogPath);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return report(reference, ours, log);
}

/** Compares step by step and prints; exported for callers that replay by other means. */
export function report(reference: ReplayedResponse[], ours: ReplayedResponse[], log: (line: string) => void): ConformanceResult {
  const result: ConformanceResult = { identical: 0, different: 0, sqlOverRails: 0, comparisons: [] };
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
  }
  log(`${result.identical} identical, ${result.different} different`);
  return result;
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
