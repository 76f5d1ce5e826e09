// Replays a recorder's steps (test/fixtures/record/<name>.json, written by <name>.rb under real Rails 7.2.4): each
// TS step must send the same statements (name, SQL, binds), return the same JSON value and leave the same trace.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Connection } from "../../runtime/active-record/connection/index.js";
import { toJson } from "../../runtime/active-support/json-encode.js";
import { inOrder } from "./sequence.js";

export type RecordedStep = { name: string; sql: Array<[string, string, unknown[]]>; value: unknown; trace: string[] };
export type StepFn = () => unknown;

export function recorded(name: string): RecordedStep[] {
  return JSON.parse(readFileSync(new URL(`../fixtures/record/${name}.json`, import.meta.url), "utf8")) as RecordedStep[];
}

/**
 * A value where we knowingly differ from Rails, with the reason. The test checks Rails still records `rails` and
 * that we produce `ours`; everything else in the step is compared exactly.
 */
export interface Divergence {
  step: string;
  rails: unknown;
  ours: unknown;
  why: string;
}

/** Rescues like the Ruby steps do: `[error class, message]`. */
export function rescue(fn: StepFn, namespace = "ActiveRecord"): unknown {
  try {
    return fn();
  } catch (e) {
    return [`${namespace}::${(e as Error).name}`, (e as Error).message];
  }
}

export function replaySteps(
  fixture: string,
  conn: () => Connection,
  steps: Array<[string, StepFn]>,
  trace: string[],
  divergences: Divergence[] = [],
): void {
  const expected = recorded(fixture);
  const prepare = inOrder(steps);
  describe(`${fixture} (recorded from Rails 7.2.4)`, () => {
    it("replays exactly the recorded steps, in order", () => {
      expect(steps.map(([name]) => name)).toEqual(expected.map((s) => s.name));
    });
    steps.forEach(([name, run], i) => {
      it(name, () => {
        prepare(i);
        const sql: Array<[string, string, unknown[]]> = [];
        const off = conn().onSql((e) => {
          if (!e.cached) sql.push([e.name, e.sql, e.binds]);
        });
        trace.length = 0;
        let value: unknown;
        try {
          value = JSON.parse(toJson(run() ?? null));
        } finally {
          off();
        }
        const want = { ...expected[i]! };
        const known = divergences.find((d) => d.step === name);
        if (known) {
          expect(want.value).toEqual(known.rails);
          want.value = known.ours;
        }
        expect({ name, sql, value, trace: [...trace] }).toEqual(want);
      });
    });
  });
}
