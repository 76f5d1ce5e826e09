// The IR conversion, as one-line idiom tables: Ruby source -> the IR with spans stripped, whole.
import { describe, expect, it } from "vitest";
import { parseRuby } from "../src/parse/ruby.js";

function ir(src: string): unknown {
  const parsed = parseRuby(src, "x.rb");
  expect(parsed.errors).toEqual([]);
  return JSON.parse(JSON.stringify(parsed.body, (k, v) => (k === "span" ? undefined : v)));
}

const call = (method: string, args: unknown[] = [], receiver: unknown = null, extra: Record<string, unknown> = {}) => ({
  kind: "call", receiver, method, args, block: null, safeNav: false, parens: false, ...extra,
});
const sym = (name: string) => ({ kind: "sym", name });
const ident = (name: string) => ({ kind: "ident", name });

describe("Ruby -> IR", () => {
  const table: Array<[string, unknown]> = [
    ["nil", { kind: "nil" }],
    ["-42", { kind: "int", value: -42 }],
    ["1_000", { kind: "int", value: 1000 }],
    [":title", sym("title")],
    ['"a#{b}c"', { kind: "str", parts: ["a", ident("b"), "c"] }],
    ["'it''s'", { kind: "str", parts: ["its"] }],
    // <<~ dedents the source lines: an escaped \n is content, not a line (each row as Ruby 3.3 reads it)
    ['<<~X\n      <a b="c\\n    d">\n    X\n', { kind: "str", parts: ['<a b="c\n    d">\n'] }],
    ["<<~X\n    one\n      two\\n three\n  X\n", { kind: "str", parts: ["one\n  two\n three\n"] }],
    ["<<~X\n    \\n  x\n    y\nX\n", { kind: "str", parts: ["\n  x\ny\n"] }],
    ['"tab\\there"', { kind: "str", parts: ["tab\there"] }],
    ["%w[a b]", { kind: "array", elements: [{ kind: "str", parts: ["a"] }, { kind: "str", parts: ["b"] }] }],
    ["%i[show edit]", { kind: "array", elements: [sym("show"), sym("edit")] }],
    ["@article", { kind: "ivar", name: "article" }],
    ["Foo::Bar", { kind: "const", scope: { kind: "const", scope: null, name: "Foo" }, name: "Bar" }],
    ["x.y = 1", call("y=", [{ kind: "int", value: 1 }], ident("x"))],
    ["a&.b", call("b", [], ident("a"), { safeNav: true })],
    ["f(1)", call("f", [{ kind: "int", value: 1 }], null, { parens: true })],
    ["link_to 'A', x, class: 'c'", call("link_to", [{ kind: "str", parts: ["A"] }, ident("x"), { kind: "hash", pairs: [{ key: sym("class"), value: { kind: "str", parts: ["c"] } }], keywords: true }])],
    ["x unless y", { kind: "if", cond: { kind: "not", expr: ident("y") }, then: [ident("x")], else: [] }],
    ["a ? b : c", { kind: "if", cond: ident("a"), then: [ident("b")], else: [ident("c")] }],
    ["a || b", { kind: "binary", op: "||", left: ident("a"), right: ident("b") }],
    ["!a", { kind: "not", expr: ident("a") }],
    ["@x ||= 1", { kind: "opAssign", op: "||", target: { kind: "ivar", name: "x" }, value: { kind: "int", value: 1 } }],
    ["params[:id]", { kind: "index", receiver: ident("params"), args: [sym("id")] }],
    ["{ 'k' => :v }", { kind: "hash", pairs: [{ key: { kind: "str", parts: ["k"] }, value: sym("v") }] }],
  ];
  for (const [src, expected] of table) it(src, () => expect(ir(src)).toEqual([expected]));

  it("a block call with parameters", () => {
    expect(ir("xs.each do |x, i|\n  p x\nend")).toEqual([
      call("each", [], ident("xs"), {
        block: { params: [{ kind: "req", name: "x" }, { kind: "req", name: "i" }], body: [call("p", [ident("x")])] },
      }),
    ]);
  });

  it("a method with every parameter kind and an empty one", () => {
    expect(ir("def f(a, b = 1, *r, k:, o: 2, &blk); end\ndef show\nend")).toEqual([
      {
        kind: "def", name: "f", singleton: false, body: [],
        params: [
          { kind: "req", name: "a" }, { kind: "opt", name: "b", default: { kind: "int", value: 1 } },
          { kind: "rest", name: "r" }, { kind: "key", name: "k" },
          { kind: "keyopt", name: "o", default: { kind: "int", value: 2 } }, { kind: "block", name: "blk" },
        ],
      },
      { kind: "def", name: "show", singleton: false, params: [], body: [] },
    ]);
  });

  it("an endless method's body is its one expression", () => {
    expect(ir('def firsts = notes_of(2)\ndef self.label = "#{id}-x"')).toEqual([
      { kind: "def", name: "firsts", singleton: false, params: [], body: [call("notes_of", [{ kind: "int", value: 2 }], null, { parens: true })] },
      { kind: "def", name: "label", singleton: true, params: [], body: [{ kind: "str", parts: [ident("id"), "-x"] }] },
    ]);
  });

  it("reports syntax errors with their position", () => {
    const parsed = parseRuby("def x(\n  1 +\nend", "bad.rb");
    expect(parsed.errors.length).toBeGreaterThan(0);
    expect(parsed.errors[0]!.span.file).toBe("bad.rb");
  });
});
