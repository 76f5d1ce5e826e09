// `rails2ts conformance <app>`: compile the app, boot the emitted server on a free loopback port with the
// scenario's frozen clock and a SQL log, replay, diff against reference/. Exit code 1 on any difference.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { htmlReport } from "./html-report.js";
import { compile } from "../compile.js";
import { bootEmitted, bootExecutable, type Booted, type BootOptions } from "../emit/boot.js";
import { runConformance, type ConformanceOptions, type ConformanceResult } from "./conformance.js";

export interface ConformanceCommandOptions {
  binary?: boolean;
  /** Print the whole report as one JSON document on stdout instead of lines. */
  json?: boolean;
  /** Replay the scenario up to the last step matching this, and compare only the matching responses. */
  only?: RegExp;
  /** Also write the report as one HTML page to this file. */
  html?: string;
}

export async function conformanceCommand(appDir: string, opts: ConformanceCommandOptions = {}): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "rails2ts-conformance-"));
  // On a terminal a progress line says what the quiet part (compiling, booting) is doing; the report is stdout's.
  const progress = process.stderr.isTTY ? (what: string) => process.stderr.write(`\r\x1b[2K${what}`) : () => {};
  try {
    progress(opts.binary ? "building the executable…" : "compiling…");
    const boot = opts.binary ? await executableBoot(appDir, out) : await emittedBoot(appDir, out);
    progress("booting and replaying…");
    const lines: string[] = [];
    const log = opts.json
      ? (line: string) => void lines.push(line)
      : (line: string) => {
          progress("");
          console.log(line);
        };
    const color = !opts.json && Boolean(process.stdout.isTTY) && !("NO_COLOR" in process.env && process.env.NO_COLOR !== "");
    const result = await conformanceIn(appDir, out, boot, { log, only: opts.only, color });
    progress("");
    if (opts.json) console.log(JSON.stringify(jsonReport(appDir, result), null, 2));
    if (opts.html) writeFileSync(opts.html, htmlReport(basename(appDir), result));
    return conformanceExitCode(result);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function jsonReport(appDir: string, result: ConformanceResult) {
  return {
    app: appDir,
    identical: result.identical,
    different: result.different,
    sqlOverRails: result.sqlOverRails,
    cacheDifferent: result.cacheDifferent,
    responses: result.steps,
  };
}

type Boot = (opts: BootOptions) => Promise<Booted>;

async function emittedBoot(appDir: string, out: string): Promise<Boot> {
  await compile(appDir, { out });
  return (opts) => bootEmitted(out, opts);
}

/** `--binary`: build the executable, run it alone in a directory of its own. */
async function executableBoot(appDir: string, out: string): Promise<Boot> {
  const { buildBinary } = await import("../build/binary.js");
  const file = join(out, "app");
  await buildBinary(appDir, file);
  return (opts) => bootExecutable(file, out, opts);
}

async function conformanceIn(appDir: string, out: string, boot: Boot, options: ConformanceOptions): Promise<ConformanceResult> {
  const log = options.log!;
  const result = await runConformance(appDir, async ({ sqlLogPath, cacheLogPath, frozenTime }) => {
    const booted = await boot({
      port: 0,
      dbPath: join(out, "conformance.sqlite3"),
      env: { RAILS2TS_SQL_LOG: sqlLogPath, RAILS2TS_FROZEN_TIME: frozenTime, ...(cacheLogPath ? { RAILS2TS_CACHE_LOG: cacheLogPath } : {}) },
    });
    return { baseUrl: booted.baseUrl, stop: () => booted.stop() };
  }, options);
  if (result.sqlOverRails > 0) log(`${result.sqlOverRails} responses ran more SQL than Rails`);
  if (result.cacheDifferent > 0) log(`${result.cacheDifferent} responses used the fragment cache differently from Rails`);
  return result;
}

/**
 * Query parity and cache parity are part of conformance: a response that ran more SQL than Rails, or hit and
 * missed the fragment cache differently from Rails' log, fails the run like a byte diff.
 */
export function conformanceExitCode(result: { different: number; sqlOverRails: number; cacheDifferent?: number }): number {
  return result.different === 0 && result.sqlOverRails === 0 && !result.cacheDifferent ? 0 : 1;
}
