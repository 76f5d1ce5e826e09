// compileErb against the oracle: for every recorded case, the whole Ruby source Rails 7.2.4's ERB handler
// produced (test/fixtures/erb/record.sh), byte for byte, and the strict-locals signature Rails read.
import { describe, expect, it } from "vitest";
import { compileErb } from "../src/parse/erb.js";
import { erbCases } from "./erb-cases.js";

const cases = erbCases();

describe("compileErb matches Rails' ERB handler", () => {
  it("has the recorded cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const out = compileErb(c.erb, c.file);
    expect(out.ruby).toBe(c.ruby);
    expect(out.strictLocals).toBe(c.strictLocals);
  });
});

describe("escape option", () => {
  // The option overrides what the file name implies; the expected outputs are the recorded ones of the format
  // whose escaping is being forced.
  const byName = new Map(cases.map((c) => [c.name, c]));
  it("escape: true compiles an HTML-named template as Rails compiles text/plain", () => {
    const c = byName.get("plain_text.text")!;
    expect(compileErb(c.erb, "x.html.erb", { escape: true }).ruby).toBe(c.ruby);
  });
  it("escape: false compiles a text-named template as Rails compiles HTML", () => {
    const c = byName.get("expr_raw")!;
    expect(compileErb(c.erb, "x.text.erb", { escape: false }).ruby).toBe(c.ruby);
  });
});
