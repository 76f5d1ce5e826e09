// A fixture app's whole conformance run inside a test: compile it, boot the emitted server (frozen clock, SQL and
// cache logs, as `rails2ts conformance` does), replay scenarios.json and diff every response against reference/.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { compile } from "../../src/compile.js";
import { bootEmitted } from "../../src/emit/boot.js";
import { runConformance, type ConformanceResult } from "../../src/conformance/conformance.js";

export async function fixtureConformance(appDir: string): Promise<{ result: ConformanceResult; log: string[]; diagnostics: string[] }> {
  const out = mkdtempSync(join(tmpdir(), "rails2ts-fixture-conformance-"));
  try {
    const compiled = await compile(appDir, { out });
    const log: string[] = [];
    const result = await runConformance(
      appDir,
      async ({ sqlLogPath, cacheLogPath, frozenTime }) => {
        const booted = await bootEmitted(out, {
          port: 0,
          dbPath: join(out, "conformance.sqlite3"),
          env: { RAILS2TS_SQL_LOG: sqlLogPath, RAILS2TS_FROZEN_TIME: frozenTime, ...(cacheLogPath ? { RAILS2TS_CACHE_LOG: cacheLogPath } : {}) },
        });
        return { baseUrl: booted.baseUrl, stop: () => booted.stop() };
      },
      { log: (line) => log.push(line) },
    );
    const diagnostics = compiled.diagnostics.map((d) => `${d.span.file.slice(appDir.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`);
    return { result, log, diagnostics };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The whole check of a fixture app recorded from Rails: no diagnostics, every recorded response identical (`pages`
 * of them), SQL never above Rails' count.
 */
export async function expectRecordedFixture(appDir: string, pages: number): Promise<void> {
  const { result, log, diagnostics } = await fixtureConformance(appDir);
  expect(diagnostics).toEqual([]);
  expect(log.filter((l) => !l.startsWith("ok "))).toEqual([`${result.identical} identical, 0 different`]);
  expect(result.identical).toBe(pages);
  expect(result.sqlOverRails).toBe(0);
}
