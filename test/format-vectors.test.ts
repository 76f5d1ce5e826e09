// Kernel#format("%.<p>f") against 5,319 vectors recorded from Ruby 3.3 (test/fixtures/format/record.rb): values at
// and near rounding ties, exact binary ties, and magnitudes from 1e-10 to 1.8e308. Ruby's dtoa rounds near-ties its
// own way (2.675 -> "2.68", 0.45 -> "0.4"), which neither JS's toFixed nor C's printf reproduces.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rubyFormat } from "../runtime/ruby/ruby.js";

const vectors = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures/format/fixed.json"), "utf8")) as Array<[string, number, string]>;

describe("format %.<p>f", () => {
  it(`prints each of ${vectors.length} recorded Floats as Ruby does`, () => {
    const wrong = vectors.filter(([v, p, want]) => rubyFormat(`%.${p}f`, [Number(v)]) !== want);
    expect(wrong.slice(0, 10).map(([v, p, want]) => `${v} %.${p}f: ruby ${want}, ours ${rubyFormat(`%.${p}f`, [Number(v)])}`)).toEqual([]);
    expect(vectors.length).toBeGreaterThan(5000);
  });
});
