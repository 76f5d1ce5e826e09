// `rails2ts conformance <app>`: compile the app, boot the emitted server on a free loopback port with the
// scenario's frozen clock and a SQL log, replay, diff against reference/. Exit code 1 on any difference.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile } from "../compile.js";
import { bootEmitted, bootExecutable, type Booted, type BootOptions } from "../emit/boot.js";
import { runConformance } from "./conformance.js";

export async function conformanceCommand(appDir: string, opts: { binary?: boolean } = {}): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "rails2ts-conformance-"));
  try {
    return await conformanceIn(appDir, out, opts.binary ? await executableBoot(appDir, out) : await emittedBoot(appDir, out));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
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

async function conformanceIn(appDir: string, out: string, boot: Boot): Promise<number> {
  const result = await runConformance(appDir, async ({ sqlLogPath, cacheLogPath, frozenTime }) => {
    const booted = await boot({
      port: 0,
      dbPath: join(out, "conformance.sqlite3"),
      env: { RAILS2TS_SQL_LOG: sqlLogPath, RAILS2TS_FROZEN_TIME: frozenTime, ...(cacheLogPath ? { RAILS2TS_CACHE_LOG: cacheLogPath } : {}) },
    });
    return { baseUrl: booted.baseUrl, stop: () => booted.stop() };
  });
  if (result.sqlOverRails > 0) console.log(`${result.sqlOverRails} responses ran more SQL than Rails`);
  if (result.cacheDifferent > 0) console.log(`${result.cacheDifferent} responses used the fragment cache differently from Rails`);
  return conformanceExitCode(result);
}

/**
 * Query parity and cache parity are part of conformance: a response that ran more SQL than Rails, or hit and
 * missed the fragment cache differently from Rails' log, fails the run like a byte diff.
 */
export function conformanceExitCode(result: { different: number; sqlOverRails: number; cacheDifferent?: number }): number {
  return result.different === 0 && result.sqlOverRails === 0 && !result.cacheDifferent ? 0 : 1;
}
