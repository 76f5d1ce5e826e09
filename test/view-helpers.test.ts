// Runs the recorded Rails 7.2.4 helper vectors (../shared/rails/vectors) through runtime/view.
// Each vector's Ruby call is evaluated by test/view-ruby-eval.ts; every Ruby method it meets maps to a
// runtime call through the tables in test/view-dispatch.ts. Output bytes and the html_safe flag must
// match exactly; the only exclusions are listed in KNOWN_GAPS with the reason. Per-group counts are printed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Evaluator } from "./view-ruby-eval.js";
import { makeDispatch, renderResult } from "./view-dispatch.js";
import { CSRF_TOKEN } from "./view-vector-routes.js";
import { KNOWN_GAPS } from "./view-known-gaps.js";
import { sanitizerConfig } from "../runtime/action-view/sanitize.js";

interface Vector {
  group: string;
  call: string;
  output: string;
  html_safe: boolean;
  output_class?: string;
  kind?: string;
}

const VECTORS = new URL("../../shared/rails/vectors/", import.meta.url);
const load = (name: string): Vector[] => JSON.parse(readFileSync(new URL(name, VECTORS), "utf8")).vectors;
const vectors = load("actionview-7.2.4.json");
const groups = [...new Set(vectors.map((v) => v.group))];

/** The vector's outcome as a comparable string: the output, flagged when html_safe differs, or the error. */
function actualOf(v: Vector): string {
  try {
    const r = runVector(v);
    return r.htmlSafe === v.html_safe ? r.output : `${r.output}  [html_safe=${r.htmlSafe}]`;
  } catch (e) {
    return `!! ${(e as Error).message}`;
  }
}

function runVector(v: Vector): { output: string; htmlSafe: boolean } {
  const evaluator = new Evaluator(makeDispatch(v.group));
  const r = renderResult(evaluator.run(v.call), v.output_class);
  // Recorded tokens are random; the recorder replaced them with {{CSRF_TOKEN}} ("normalized").
  return { ...r, output: r.output.split(CSRF_TOKEN).join("{{CSRF_TOKEN}}") };
}

describe("Rails 7.2.4 helper vectors", () => {
  it("lists only known gaps that exist among the vectors", () => {
    const calls = new Set(vectors.map((v) => v.call));
    expect(Object.keys(KNOWN_GAPS).filter((c) => !calls.has(c))).toEqual([]);
  });

  // ERB templates (kind "erb") need the compiler; they run in the compiler's own vector test.
  for (const group of groups.filter((g) => g !== "erb")) {
    it(group, () => {
      const mine = vectors.filter((v) => v.group === group && v.kind !== "erb");
      const failures: { call: string; expected: string; actual: string }[] = [];
      let skipped = 0;
      for (const v of mine) {
        if (KNOWN_GAPS[v.call] !== undefined) {
          skipped++;
          continue;
        }
        const actual = actualOf(v);
        if (actual !== v.output) failures.push({ call: v.call, expected: v.output, actual });
      }
      const passed = mine.length - skipped - failures.length;
      console.log(`${group}: ${passed}/${mine.length} passed, ${skipped} known gaps`);
      if (process.env.VIEW_VECTORS_SHOW === group) for (const f of failures) console.log(JSON.stringify(f));
      expect(failures).toEqual([]);
    });
  }
});

// Campfire runs load_defaults 7.0, whose sanitizer vendor is Rails::HTML4: the same calls, recorded there.
describe("Rails 7.2.4 helper vectors under load_defaults 7.0 (HTML4 sanitizer)", () => {
  for (const group of ["sanitize", "text"]) {
    it(group, () => {
      sanitizerConfig.vendor = "html4";
      try {
        const mine = load("actionview-7.2.4-defaults-7.0.json").filter((v) => v.group === group && KNOWN_GAPS[v.call] === undefined);
        const failures = mine.flatMap((v) => {
          const actual = actualOf(v);
          return actual === v.output ? [] : [{ call: v.call, expected: v.output, actual }];
        });
        console.log(`${group} (7.0 defaults): ${mine.length - failures.length}/${mine.length} passed`);
        expect(failures).toEqual([]);
      } finally {
        sanitizerConfig.vendor = "html5";
      }
    });
  }
});
