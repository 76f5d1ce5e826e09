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
import { cacheActivity, cacheDiff, cacheSummary } from "./cache-log.js";
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
  /** One entry per compared response, for `--json`. */
  steps: StepReport[];
  /** Beside each entry of steps: both bodies where the response differs (for `--html`), else nulls. */
  bodies: Array<{ rails: Buffer | null; ours: Buffer | null }>;
}

/** A compared response as `conformance --json` prints it. */
export interface StepReport {
  stem: string;
  name: string;
  method: string | null;
  path: string | null;
  identical: boolean;
  status: { ours: number | null; rails: number | null };
  sql: { ours: number | null; rails: number | null };
  cache?: { ours: string; rails: string; same: boolean };
  differences: string[];
  bodyDiff: string;
}

export interface ConformanceOptions extends ReportOptions {
  log?: (line: string) => void;
}

export async function runConformance(appDir: string, start: StartServer, options: ConformanceOptions = {}): Promise<ConformanceResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const scenario = loadScenario(appDir);
  const reference = readReference(referenceDir(appDir));
  const steps = options.only ? throughLastMatch(scenario.steps, reference, options.only) : scenario.steps;
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-conformance-"));
  // Each response is compared and printed as it arrives; fragment cache activity is compared once it is known
  // that the server logged any (a server started without RAILS2TS_CACHE_LOG writes nothing).
  const reporter = new Reporter(reference, log, options);
  let replayed = 0;
  let cacheLog = "";
  try {
    const sqlLogPath = join(scratch, "sql.log");
    cacheLog = join(scratch, "cache.log");
    writeFileSync(sqlLogPath, "");
    writeFileSync(cacheLog, "");
    const server = await start({ sqlLogPath, cacheLogPath: cacheLog, frozenTime: scenario.frozenTime });
    try {
      await replay({ ...scenario, steps }, server.baseUrl, sqlLogPath, cacheLog, (response, i) => {
        replayed = i + 1;
        reporter.step(i, response, Math.max(reference.length, i + 1), statSync(cacheLog).size > 0);
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // Steps left out by --only are not missing; anything else Rails answered and we did not is.
  if (!options.only) for (let i = replayed; i < reference.length; i++) reporter.step(i, undefined, reference.length, false);
  return reporter.finish();
}

/** The scenario's steps up to the last one whose reference stem matches --only (the ones before it set up cookies and tokens). */
function throughLastMatch<T extends { name: string }>(steps: T[], reference: ReplayedResponse[], only: RegExp): T[] {
  const matched = reference.map((r, i) => (only.test(referenceStem(i, r.name, reference.length)) ? r.name : null)).filter((n) => n !== null);
  if (matched.length === 0) throw new Error(`--only ${only.source}: no recorded response's name matches`);
  let last = -1;
  steps.forEach((step, i) => {
    if (matched.some((name) => name === step.name || name.startsWith(`${step.name}_`))) last = i;
  });
  return steps.slice(0, last + 1);
}

export interface ReportOptions {
  /** Compare fragment cache activity too (ours was read from RAILS2TS_CACHE_LOG). */
  cache?: boolean;
  /** Compare and print only the responses whose reference stem (`03_articles_index`) this matches. */
  only?: RegExp;
  /** Colour the diffs (a terminal, NO_COLOR unset). */
  color?: boolean;
}

/** Compares step by step and prints; exported for callers that replay by other means. */
export function report(reference: ReplayedResponse[], ours: ReplayedResponse[], log: (line: string) => void, options: ReportOptions = {}): ConformanceResult {
  const reporter = new Reporter(reference, log, options);
  const total = Math.max(reference.length, ours.length);
  for (let i = 0; i < total; i++) reporter.step(i, ours[i], total, Boolean(options.cache));
  return reporter.finish();
}

const COLORS = { red: "\x1b[31m", green: "\x1b[32m", cyan: "\x1b[36m", bold: "\x1b[1m", reset: "\x1b[0m" };

/** `diff -u` lines in a terminal's colours: removals red, additions green, hunk headers cyan. */
export function colorDiff(diff: string): string {
  return diff
    .split("\n")
    .map((line) => {
      if (line.startsWith("---") || line.startsWith("+++")) return `${COLORS.bold}${line}${COLORS.reset}`;
      if (line.startsWith("@@")) return `${COLORS.cyan}${line}${COLORS.reset}`;
      if (line.startsWith("-")) return `${COLORS.red}${line}${COLORS.reset}`;
      if (line.startsWith("+")) return `${COLORS.green}${line}${COLORS.reset}`;
      return line;
    })
    .join("\n");
}

/** Compares and prints one response at a time (as they arrive), then the summary. */
class Reporter {
  private readonly result: ConformanceResult = { identical: 0, different: 0, sqlOverRails: 0, cacheDifferent: 0, comparisons: [], steps: [], bodies: [] };
  private skipped = 0;

  constructor(
    private readonly reference: ReplayedResponse[],
    private readonly log: (line: string) => void,
    private readonly options: ReportOptions,
  ) {}

  step(i: number, mine: ReplayedResponse | undefined, total: number, cache: boolean): void {
    const { result, log, options } = this;
    const rails = this.reference[i];
    const stem = referenceStem(i, (rails ?? mine)!.name, total);
    if (options.only && !options.only.test(stem)) {
      this.skipped++;
      return;
    }
    const comparison = compareStep(rails, mine, i, total);
    result.comparisons.push(comparison);
    const status = mine ? String(mine.status) : "-";
    const mark = comparison.identical ? "ok  " : options.color ? `${COLORS.red}DIFF${COLORS.reset}` : "DIFF";
    log(`${mark} ${stem} ${status} sql ${count(mine?.sqlCount)}/${count(rails?.sqlCount)}`);
    if (comparison.identical) result.identical++;
    else result.different++;
    for (const line of comparison.fieldDifferences) log(`  ${line}`);
    if (comparison.bodyDiff !== "") log((options.color ? colorDiff(comparison.bodyDiff) : comparison.bodyDiff).replace(/\n$/, ""));
    if (rails && mine && rails.sqlCount !== null && mine.sqlCount !== null && mine.sqlCount > rails.sqlCount) {
      result.sqlOverRails++;
      log(`  WARNING sql: ours ran ${mine.sqlCount} statements, Rails ${rails.sqlCount}`);
    }
    const entry: StepReport = {
      stem,
      name: comparison.name,
      method: (mine ?? rails)?.method ?? null,
      path: (mine ?? rails)?.path ?? null,
      identical: comparison.identical,
      status: { ours: mine?.status ?? null, rails: rails?.status ?? null },
      sql: { ours: mine?.sqlCount ?? null, rails: rails?.sqlCount ?? null },
      differences: comparison.fieldDifferences,
      bodyDiff: comparison.bodyDiff,
    };
    if (cache && rails && mine && rails.name === mine.name && (rails.cacheHits || mine.cacheHits)) {
      const theirs = cacheSummary(rails.cacheHits);
      const same = JSON.stringify(cacheActivity(rails.cacheHits)) === JSON.stringify(cacheActivity(mine.cacheHits));
      entry.cache = { ours: cacheSummary(mine.cacheHits), rails: theirs, same };
      log(`  cache ours ${entry.cache.ours}, Rails ${theirs}${same ? "" : "  WARNING: differs"}`);
      if (!same) {
        result.cacheDifferent++;
        for (const line of cacheDiff(rails.cacheHits, mine.cacheHits)) log(`    ${line}`);
      }
    }
    result.steps.push(entry);
    result.bodies.push(comparison.identical ? { rails: null, ours: null } : { rails: rails?.body ?? null, ours: mine?.body ?? null });
  }

  finish(): ConformanceResult {
    const { result } = this;
    const selected = this.options.only ? ` (--only ${this.options.only.source}: ${result.identical + result.different} responses compared)` : "";
    this.log(`${result.identical} identical, ${result.different} different${selected}`);
    return result;
  }
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
