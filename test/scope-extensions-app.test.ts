// test/fixtures/scope-extensions-app against its reference recorded from Rails 7.2.4: a scope's extension block
// (`scope :cheap, -> { } do def names ... end end`, Relation#extending) answers on the scope's relation, on
// relations chained from it and on a scope applied to a relation, its methods calling each other and the relation's
// own; an association's extension block answers on the collection. Whole responses byte for byte, SQL never above
// Rails.
import { join } from "node:path";
import { describe, it } from "vitest";
import { expectRecordedFixture } from "./support/fixture-conformance.js";

const app = join(import.meta.dirname, "fixtures/scope-extensions-app");

describe("test/fixtures/scope-extensions-app (recorded from Rails 7.2.4)", () => {
  it("compiles with no diagnostics and matches every recorded response", async () => {
    await expectRecordedFixture(app, 2);
  });
});
