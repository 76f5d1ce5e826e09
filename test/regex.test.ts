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
    // POSIX brackets as Ruby 3.3 defines them on Unicode text (U+216B and ª are alpha; U+0301 is word, not alpha).
    ["[[:alpha:]]", "", { source: "[\\p{Alphabetic}]", flags: "u" }],
    ["[^[:word:]]", "", { source: "[^\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}]", flags: "u" }],
    ["[[:punct:]]", "", null],
    ["\\A(\\p{Emoji_Presentation}|\\uFE0F)+\\z", "u", { source: "(?<![\\s\\S])(\\p{Emoji_Presentation}|\\uFE0F)+(?![\\s\\S])", flags: "u" }],
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
