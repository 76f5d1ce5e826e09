// test/fixtures/form-objects-app against its reference recorded from Rails 7.2.4 (Puma in the chroot, production,
// `node dist/src/cli.js record test/fixtures/form-objects-app`): a form object (ActiveModel::Model + Attributes +
// Validations::Callbacks) posted and re-rendered with its errors (the error list, field_with_errors around labels,
// inputs, a select and a check box, cast values back in the fields), a valid post showing the cast attributes, and a
// search object whose validate! raises ActiveModel::ValidationError, rescued in the controller. Whole responses byte
// for byte.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureConformance } from "./support/fixture-conformance.js";

const app = join(import.meta.dirname, "fixtures/form-objects-app");

describe("test/fixtures/form-objects-app (recorded from Rails 7.2.4)", () => {
  it("compiles with no diagnostics and matches every recorded response", async () => {
    const { result, log, diagnostics } = await fixtureConformance(app);
    expect(diagnostics).toEqual([]);
    expect(log.filter((l) => !l.startsWith("ok "))).toEqual([`${result.identical} identical, 0 different`]);
    expect(result.identical).toBe(10);
    expect(result.sqlOverRails).toBe(0);
  });
});
