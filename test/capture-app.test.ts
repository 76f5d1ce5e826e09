// test/fixtures/capture-app against its reference recorded from Rails 7.2.4: concat/safe_concat inside map/each/
// select blocks inside tag/content_tag/capture (one output buffer per capture), capture's blank-buffer rule (the
// block's value instead), ERB blocks of whitespace or empty loops, content_for's presence, helpers that yield
// between safe_concats, and `attributes.delete(:data) || {}`; whole responses byte for byte, SQL never above Rails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureConformance } from "./support/fixture-conformance.js";

const app = join(import.meta.dirname, "fixtures/capture-app");

describe("test/fixtures/capture-app (recorded from Rails 7.2.4)", () => {
  it("compiles with no diagnostics and matches every recorded response", async () => {
    const { result, log, diagnostics } = await fixtureConformance(app);
    expect(diagnostics).toEqual([]);
    expect(log.filter((l) => !l.startsWith("ok "))).toEqual([`${result.identical} identical, 0 different`]);
    expect(result.identical).toBe(3);
    expect(result.sqlOverRails).toBe(0);
  });
});
