// Anonymous argument forwarding (issue 13 item 1, issue 17 item 11): `def f(*) = g(*)`, `(**)`, `(&)`, `(...)`,
// mixed with named parameters, lowered and run, each answer compared with what Ruby 3.3 printed
// (test/fixtures/ruby-forwarding/expected.json, recorded by its record.rb in the chroot).
import { afterAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { compileCases } from "./support/ruby-cases.js";

const cases = compileCases(join(import.meta.dirname, "fixtures/ruby-forwarding"), "ruby-forwarding");
afterAll(() => cases.dispose());

/** A Hash passed where the callee takes no keywords stays positional in Ruby (`pos(1, a: 2)` then `target(*)`
 * hands `target` the Hash as its last positional); JS cannot tell it from keywords, so `target` takes it as them. */
const POSITIONAL_HASH = "a trailing Hash forwarded positionally is taken as keywords by a callee that takes keywords";
const KNOWN_FAILURES: Record<string, string> = { c_pos_hash: POSITIONAL_HASH };

for (const [file, family] of Object.entries(cases.expected)) {
  describe(file, () => {
    it("compiles without diagnostics", () => {
      expect(cases.diagnosticsOf(family)).toEqual([]);
    });
    for (const [name, want] of Object.entries(family.cases)) {
      (KNOWN_FAILURES[name] ? it.fails : it)(name, () => {
        expect(cases.answer(family, name)).toBe(want);
      });
    }
  });
}
