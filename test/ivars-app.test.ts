// test/fixtures/ivars-app against its reference recorded from Rails 7.2.4: instance variables named at run time in
// a controller, a concern's before_action and the views (instance_variable_set/get/defined? with Symbol and String,
// literal and computed names), whole responses byte for byte, SQL never above Rails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureConformance } from "./support/fixture-conformance.js";

const app = join(import.meta.dirname, "fixtures/ivars-app");

describe("test/fixtures/ivars-app (recorded from Rails 7.2.4)", () => {
  it("compiles with no diagnostics and matches every recorded response", async () => {
    const { result, log, diagnostics } = await fixtureConformance(app);
    expect(diagnostics).toEqual([]);
    expect(log.filter((l) => !l.startsWith("ok "))).toEqual([`${result.identical} identical, 0 different`]);
    expect(result.identical).toBe(3);
    expect(result.sqlOverRails).toBe(0);
  });
});
