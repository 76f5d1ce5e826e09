// Ruby regexp literals -> JS: exact where JS has the same meaning, declined (null) where it does not.
import { describe, expect, it } from "vitest";
import { rubyRegexToJs } from "../runtime/ruby/regexp-translate.js";

describe("rubyRegexToJs", () => {
  const table: Array<[string, string, { source: string; flags: string } | null]> = [
    ["\\d+", "", { source: "\\d+", flags: "" }],
    ["\\Ahttps?:\\/\\/", "", { source: "(?<![\\s\\S])https?:\\/\\/", flags: "" }],
    ["\\.png\\z", "i", { source: "\\.png(?![\\s\\S])", flags: "i" }],
    ["^foo$", "", { source: "(?<![^\\n])foo(?![^\\n])", flags: "" }],
    ["a.b", "m", { source: "a[\\s\\S]b", flags: "" }],
    ["a.b", "", { source: "a[^\\n]b", flags: "" }],
    ["[^@\\s]\\S", "", { source: "[^@\\t\\n\\v\\f\\r ][^\\t\\n\\v\\f\\r ]", flags: "" }],
    ["[\\S]", "", null],
    ["[]a]", "", { source: "[\\]a]", flags: "" }],
    ["\\A[a-z]+k\\z", "i", { source: "(?<![\\s\\S])[a-z\\u017F\\u212A]+[k\\u212A](?![\\s\\S])", flags: "i" }],
    ["\\Amass\\z", "i", null],
    ["[\\h-]+", "", { source: "[0-9a-fA-F-]+", flags: "" }],
    ["(?<name>\\w+)", "", { source: "(?<name>\\w+)", flags: "" }],
    ["a\\Z", "", { source: "a(?=\\n?(?![\\s\\S]))", flags: "" }],
    ["a++", "", null],
    ["(?i)a", "", null],
    // A Regexp's to_s interpolated into another: a plain group where it keeps the pattern's options.
    ["b(?-mix:a.)c", "", { source: "b(?:a[^\\n])c", flags: "" }],
    ["b(?i-mx:a)c", "", null],
    ["b(?m-ix:a.)c", "m", { source: "b(?:a[\\s\\S])c", flags: "" }],
    ["b(?-mix:a)c", "m", null],
    ["\\A a b # a comment\n [ ] \\ \\z", "x", { source: "(?<![\\s\\S])ab[ ]\\ (?![\\s\\S])", flags: "" }],
    // POSIX brackets as Ruby 3.3 defines them on Unicode text (U+216B and ª are alpha; U+0301 is word, not alpha).
    ["[[:alpha:]]", "", { source: "[\\p{Alphabetic}]", flags: "u" }],
    ["[^[:word:]]", "", { source: "[^\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}]", flags: "u" }],
    ["[[:punct:]]", "", null],
    ["\\A(\\p{Emoji_Presentation}|\\uFE0F)+\\z", "u", { source: "(?<![\\s\\S])(\\p{Emoji_Presentation}|\\uFE0F)+(?![\\s\\S])", flags: "u" }],
    // Onigmo's \p{Space} is White_Space (the same code points, every one compared in the chroot).
    ["\\A\\p{Space}+|\\p{Space}+\\z", "", { source: "(?<![\\s\\S])\\p{White_Space}+|\\p{White_Space}+(?![\\s\\S])", flags: "u" }],
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
    // Ruby's line anchors and . know only \n (recorded in Ruby 3.3: "x\r\ny" =~ /x$/ is nil, "a\rb" =~ /a.b/ is 0).
    expect(new RegExp(line.source, line.flags).test("x\r\nfoo\r\n")).toBe(false);
    const dot = rubyRegexToJs("a.b", "")!;
    expect(["a\rb", "a\u2028b", "a\nb"].map((s) => new RegExp(dot.source, dot.flags).test(s))).toEqual([true, true, false]);
    // /s/i and /k/i match U+017F and U+212A in Ruby ("ſ" =~ /s/i is 0); \s is ASCII ("\u00a0" =~ /\s/ is nil).
    const fold = rubyRegexToJs("\\A[a-z]+s\\z", "i")!;
    expect(["\u212Aſ", "abS"].map((s) => new RegExp(fold.source, fold.flags).test(s))).toEqual([true, true]);
    const space = rubyRegexToJs("\\s", "")!;
    expect(new RegExp(space.source, space.flags).test("\u00a0")).toBe(false);
  });
});
