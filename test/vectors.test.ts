// Every recorded Rails helper vector (../shared/rails/vectors: actionview 7.2.4 under load_defaults 7.2 and 7.0,
// turbo-rails 2.0.0) through the real compiler: the header becomes a small app (routes, ActiveModel classes,
// assigns), each call a template, compiled by parseApp -> analyzeApp -> lowerApp and run in a View built from the
// header (test/vectors/run.ts). Output bytes and the html_safe flag must equal Rails'. A call Rails raised on
// (the .errors.json files) must raise here too. The only exceptions are listed, each with its cause, in
// test/vectors/known-failures.ts; a listed vector that passes fails the suite, so the list stays true.
// VECTORS_DUMP=<file> writes every failure (expected, actual, diagnostics) as JSON lines.
import { appendFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRecordedErrors, loadVectorFile, VECTOR_FILES, type VectorFile } from "./vectors/files.js";
import { compileVectorFile, type CompiledFile } from "./vectors/run.js";
import { knownFailure } from "./vectors/known-failures.js";

const table: string[] = [];
const dump = process.env.VECTORS_DUMP;
if (dump) writeFileSync(dump, "");

interface Checked {
  call: string;
  expected: string;
  actual: string;
  diagnostics: string[];
}

function check(file: VectorFile, compiled: () => CompiledFile, group: string): { failures: Checked[]; stale: string[]; total: number } {
  const failures: Checked[] = [];
  const stale: string[] = [];
  let total = 0;
  file.vectors.forEach((v, index) => {
    if (v.group !== group) return;
    total++;
    const outcome = compiled().run(index);
    const passed = outcome.actual === v.output;
    const known = knownFailure(file.name, v.call);
    if (!passed && dump) appendFileSync(dump, JSON.stringify({ file: file.name, group, call: v.call, expected: v.output, ...outcome, known }) + "\n");
    if (passed && known) stale.push(v.call);
    if (!passed && !known) failures.push({ call: v.call, expected: v.output, actual: outcome.actual, diagnostics: outcome.diagnostics });
  });
  return { failures, stale, total };
}

for (const name of VECTOR_FILES) {
  describe(name, () => {
    const file = loadVectorFile(name);
    const errors = loadRecordedErrors(name);
    let compiled: CompiledFile | null = null;
    beforeAll(() => {
      compiled = compileVectorFile(file, errors);
    });
    const get = () => compiled!;
    for (const group of [...new Set(file.vectors.map((v) => v.group))]) {
      it(group, () => {
        const { failures, stale, total } = check(file, get, group);
        const known = file.vectors.filter((v) => v.group === group && knownFailure(name, v.call)).length;
        table.push(`${name.padEnd(30)} ${group.padEnd(24)} ${String(total - known - failures.length).padStart(5)} / ${String(total).padStart(5)}${known ? `  (${known} known)` : ""}`);
        expect({ failures, stale }).toEqual({ failures: [], stale: [] });
      });
    }
    it("calls Rails raised on raise", () => {
      const unexpected = errors.flatMap((e, index) => {
        const outcome = get().runError(index);
        const raised = outcome.actual.startsWith("!! ");
        const known = knownFailure(name, e.call);
        if (raised === !known) return [];
        return [{ call: e.call, rails: `${e.error_class}: ${e.message}`, actual: outcome.actual, known }];
      });
      const known = errors.filter((e) => knownFailure(name, e.call)).length;
      table.push(`${name.padEnd(30)} ${"(raised in Rails)".padEnd(24)} ${String(errors.length - known - unexpected.filter((u) => !u.known).length).padStart(5)} / ${String(errors.length).padStart(5)}${known ? `  (${known} known)` : ""}`);
      expect(unexpected).toEqual([]);
    });
  });
}

afterAll(() => {
  console.log(["Rails helper vectors through the compiler: passed / total", ...table.sort()].join("\n"));
});
