// The first lane end to end: compile fixtures/blog, check the emitted project with `tsc --strict`, boot it,
// replay the recorded scenario and compare every response with what real Rails 7.2.4 answered.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { report } from "../src/conformance/conformance.js";
import { conformanceExitCode } from "../src/conformance/command.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import { replay, type ReplayedResponse } from "../src/conformance/replay.js";
import { loadScenario } from "../src/conformance/scenario.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "../fixtures/blog");
const out = scratchDir("blog-e2e");
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
});

afterAll(async () => {
  await server?.stop();
});

function emittedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name));
}

describe("fixtures/blog, compiled and served", () => {
  it("passes tsc --strict, with no `any` in emitted code", () => {
    const tsc = join(import.meta.dirname, "../node_modules/typescript/bin/tsc");
    expect(() => execFileSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json")], { stdio: "pipe" })).not.toThrow();
    const withAny = emittedFiles(join(out, "src")).filter((f) => /\bany\b/.test(readFileSync(f, "utf8").replace(/"(?:[^"\\]|\\.)*"/g, "")));
    expect(withAny).toEqual([]);
  });

  it("answers every recorded request byte for byte as Rails did, with no more SQL", () => {
    const lines: string[] = [];
    const result = report(readReference(referenceDir(app)), ours, (l) => lines.push(l));
    expect({ different: result.different, sqlOverRails: result.sqlOverRails, last: lines.at(-1) }).toEqual({
      different: 0,
      sqlOverRails: 0,
      last: `${ours.length} identical, 0 different`,
    });
    expect(ours.length).toBeGreaterThanOrEqual(15);
  });

  it("fails when a response runs more SQL than Rails did, even with identical bytes", () => {
    const reference = readReference(referenceDir(app));
    const index = ours.findIndex((r) => (r.sqlCount ?? 0) > 0);
    const heavier = ours.map((r, i) => (i === index ? { ...r, sqlCount: (r.sqlCount ?? 0) + 1 } : r));
    const result = report(reference, heavier, () => undefined);
    expect([result.different, result.sqlOverRails, conformanceExitCode(result)]).toEqual([0, 1, 1]);
    expect(conformanceExitCode(report(reference, ours, () => undefined))).toBe(0);
  });

  it("fails when one byte of a reference body changes", () => {
    const reference = readReference(referenceDir(app));
    const target = reference.findIndex((r) => r.body.length > 100);
    const body = Buffer.from(reference[target]!.body);
    body[50] = body[50]! ^ 1;
    reference[target] = { ...reference[target]!, body };
    const result = report(reference, ours, () => undefined);
    expect([result.identical, result.different]).toEqual([ours.length - 1, 1]);
    expect(result.comparisons[target]!.identical).toBe(false);
  });
});
