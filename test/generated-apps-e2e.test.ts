// The apps Rails' own generators made (fixtures/<name>/FIXTURE.md), compiled, served and replayed against the
// reference Rails recorded. Steps that still differ are listed by name as expected failures: the test fails
// when one of them starts passing (take it off the list) and when any other step differs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { report } from "../src/conformance/conformance.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import { replay, type ReplayedResponse } from "../src/conformance/replay.js";
import { loadScenario } from "../src/conformance/scenario.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";

interface GeneratedApp {
  name: string;
  /** Step names that differ today, each with why. */
  expectedDifferent: Record<string, string>;
  /** Responses that ran more SQL than Rails today (each one among expectedDifferent). */
  expectedSqlOverRails: number;
}

const APPS: GeneratedApp[] = [
  { name: "catalog", expectedDifferent: {}, expectedSqlOverRails: 0 },
  { name: "library", expectedDifferent: {}, expectedSqlOverRails: 0 },
  { name: "signup", expectedDifferent: {}, expectedSqlOverRails: 0 },
  { name: "nursery", expectedDifferent: {}, expectedSqlOverRails: 0 },
];

for (const generated of APPS) {
  describe(`fixtures/${generated.name}, compiled and served`, () => {
    const app = join(import.meta.dirname, "..", "fixtures", generated.name);
    const out = mkdtempSync(join(tmpdir(), `rails2ts-${generated.name}-e2e-`));
    let ours: ReplayedResponse[] = [];
    let server: Booted | null = null;

    beforeAll(async () => {
      await compile(app, { out });
      const scenario = loadScenario(app);
      const sqlLog = join(out, "sql.log");
      writeFileSync(sqlLog, "");
      server = await bootEmitted(out, {
        port: 0,
        dbPath: join(out, "e2e.sqlite3"),
        env: { RAILS2TS_SQL_LOG: sqlLog, RAILS2TS_FROZEN_TIME: scenario.frozenTime },
      });
      ours = await replay(scenario, server.baseUrl, sqlLog);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      rmSync(out, { recursive: true, force: true });
    });

    it("differs from Rails exactly in the listed steps, and runs more SQL only where listed", () => {
      const lines: string[] = [];
      const reference = readReference(referenceDir(app));
      const result = report(reference, ours, (l) => lines.push(l));
      const different = lines.filter((l) => l.startsWith("DIFF ")).map((l) => l.split(" ")[1]);
      expect(different).toEqual(Object.keys(generated.expectedDifferent));
      expect(result.sqlOverRails).toBe(generated.expectedSqlOverRails);
      expect(ours.length).toBe(reference.length);
    });
  });
}
