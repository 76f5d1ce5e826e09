// Ruby regexp literals -> JS: exact where JS has the same meaning, declined (null) where it does not.
import { describe, expect, it } from "vitest";
import { rubyRegexToJs } from "../src/lower/regex.js";

describe("rubyRegexToJs", () => {
  const table: Array<[string, string, { source: string; flags: string } | null]> = [
    ["\\d+", "", { source: "\\d+", flags: "" }],
    ["\\Ahttps?:\\/\\/", "", { source: "(?<![\\s\\S])https?:\\/\\/", flags: "" }],
    ["\\.png\\z", "i", { source: "\\.png(?![\\s\\S])", flags: "i" }],
    ["^foo$", "", { source: "^foo$", flags: "m" }],
    ["a.b", "m", { source: "a.b", flags: "s" }],
    ["[\\h-]+", "", { source: "[0-9a-fA-F-]+", flags: "" }],
    ["(?<name>\\w+)", "", { source: "(?<name>\\w+)", flags: "" }],
    ["\\Z", "", null],
    ["a++", "", null],
    ["(?i)a", "", null],
    ["a b", "x", null],
    ["[[:alpha:]]", "", null],
  ];
  for (const [source, flags, expected] of table) {
    it(`/${source}/${flags}`, () => expect(rubyRegexToJs(source, flags)).toEqual(expected));
  }

  it("the converted anchors behave as Ruby's \\A and \\z, not as line anchors", () => {
    const a = rubyRegexToJs("\\Afoo\\z", "")!;
    const re = new RegExp(a.source, a.flags);
    expect(["foo", "foo\nbar", "x\nfoo"].map((s) => re.test(s))).toEqual([true, false, false]);
    const line = rubyRegexToJs("^foo$", "")!;
    expect(new RegExp(line.source, line.flags).test("x\nfoo\ny")).toBe(true);
  });
});
