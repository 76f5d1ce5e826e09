// ActiveSupport JSON encoding against what Rails 7.2.4 produced for the same values (fixtures/json/encode.rb).
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { RubyFloat, toJson } from "../runtime/gems/jbuilder/index.js";
import { Decimal, RubyDate, setClock, Time } from "../runtime/active-record/index.js";
import { freshDatabase, Project } from "./support/record-models.js";

const recorded = new Map(JSON.parse(readFileSync(new URL("./fixtures/json/encode.json", import.meta.url), "utf8")) as Array<[string, string]>);

freshDatabase();
setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
afterAll(() => setClock(null));
const project = Project.createBang({
  title: '<b>Tom & "Jerry"</b>',
  description: "Line one\nLine two\ttabbed \u2028 \u2029 é ✓ \u0001 /",
});
const invalid = Project.build({ title: "", description: "short" });
invalid.isValid();
const floats = [1.5, 1.0, -0.0, 0.1, 1e15, 1e16, 1.0e20, 1.5e-5, 0.0001, 123456.789, 1 / 3, NaN, Infinity];

// Ruby values of encode.rb, as they arrive lowered (Floats that JS cannot tell from Integers wrapped).
const values: Record<string, unknown> = {
  "html string": "<script>alert('x') && \"y\"</script>",
  separators: "a\u2028b\u2029c",
  controls: "\b\f\n\r\t\u0000\u001f\u007f",
  unicode: "é ✓ 😀 /slash \\ back",
  integers: [0, -1, 42, 2 ** 53, 2n ** 64n],
  floats: floats.map((f) => new RubyFloat(f)),
  decimals: ["1.50", "0", "-12.345", "1e20"].map((d) => Decimal.parse(d)),
  literals: [null, true, false],
  symbols: new Map<unknown, unknown>([["sym", "value"], ["str", "s"], [1, "int key"], [null, "nil key"]]),
  nested: { a: [1, { b: [null, "c"] }], empty_hash: {}, empty_array: [] },
  "time utc": Time.utc(2024, 2, 15, 13, 14, 15, 999999),
  "time zone": Time.utc(2024, 2, 15, 13, 14, 15),
  date: new RubyDate(2024, 2, 29),
  record: project,
  records: [project, project],
  "new record": Project.build({ title: "n" }),
  errors: invalid.errors,
  "errors full": invalid.errors.asJson({ full_messages: true }),
};
// A UTC app's times are all UTC; a Time with another offset and a DateTime do not arise from the model runtime.
const notApplicable = ["time offset", "datetime"];

describe("toJson", () => {
  it("covers every recorded case", () => {
    expect([...Object.keys(values), ...notApplicable].sort()).toEqual([...recorded.keys()].sort());
  });
  for (const [label, value] of Object.entries(values)) {
    it(label, () => {
      expect(toJson(value)).toBe(recorded.get(label));
    });
  }
});
