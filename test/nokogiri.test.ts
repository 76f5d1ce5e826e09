// The runtime's Nokogiri (runtime/gems/nokogiri) against Nokogiri 1.19.4 over libxml2 2.15.4 itself: documents
// parsed by Nokogiri::HTML (libxml2's implied html/head/body, what closes <head>, what lands after </html>), each
// tree, meta_encoding and a set of XPath answers; fragments by Nokogiri::HTML.fragment with their to_html and CSS
// answers. Recorded in the reference chroot by test/fixtures/nokogiri/record.rb from inputs.json:
//   ruby record.rb > html4.json
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile } from "../src/compile.js";
import { describe, expect, it } from "vitest";
import { NokogiriAttr, NokogiriHtml4, NokogiriModule, NokogiriNode, XPathUnsupported } from "../runtime/gems/nokogiri/index.js";
import { StringMethods } from "../runtime/active-support/core-ext/core-string.js";

type Tree = string | [string, string] | [string, Array<[string, string]>, Tree[]];
const recorded = JSON.parse(readFileSync(new URL("./fixtures/nokogiri/html4.json", import.meta.url), "utf8")) as {
  documents: Array<{ html: string; tree: Tree[]; meta_encoding: string | null; xpath: Record<string, unknown[]> }>;
  fragments: Array<{ html: string; tree: Tree[]; to_html: string; css: Record<string, string[]> }>;
};

/** The shape record.rb writes: [name, attributes, children] for an element, a text's content, ["#comment", data]. */
function tree(n: NokogiriNode): Tree {
  if (n.node.kind === "comment") return ["#comment", n.node.data];
  if (n.node.kind !== "element") return n.text();
  return [n.name(), n.node.attrs.map((a) => [a[0], a[1]] as [string, string]), n.children().map(tree)];
}

function xpathAnswer(n: NokogiriNode | NokogiriAttr): unknown {
  if (n instanceof NokogiriAttr) return [`@${n.name()}`, n.value()];
  if (n.node.kind === "element") return [n.name(), n.get("name") ?? n.get("property") ?? n.get("id")];
  return [n.node.kind === "text" ? "Text" : n.node.kind === "cdata" ? "CDATA" : "Comment", n.text()];
}

describe("Nokogiri::HTML documents (libxml2's HTML4 parser), recorded", () => {
  for (const doc of recorded.documents) {
    it(`parses ${JSON.stringify(doc.html.slice(0, 70))}`, () => {
      const parsed = NokogiriModule.HTML(doc.html);
      expect(parsed.children().map(tree)).toEqual(doc.tree);
      expect(parsed.metaEncoding()).toBe(doc.meta_encoding);
      for (const [expression, answer] of Object.entries(doc.xpath)) {
        expect([expression, parsed.xpath(expression).map(xpathAnswer)]).toEqual([expression, answer]);
      }
    });
  }
});

describe("Nokogiri::HTML.fragment (libxml2), recorded", () => {
  for (const fragment of recorded.fragments) {
    it(`parses ${JSON.stringify(fragment.html.slice(0, 70))}`, () => {
      const parsed = NokogiriHtml4.fragment(fragment.html);
      expect(parsed.children().map(tree)).toEqual(fragment.tree);
      expect(parsed.toHtml()).toBe(fragment.to_html);
      for (const [selector, answer] of Object.entries(fragment.css)) expect([selector, parsed.css(selector).map((n) => n.toHtml())]).toEqual([selector, answer]);
    });
  }
});

describe("what the runtime's Nokogiri refuses", () => {
  const doc = NokogiriModule.HTML("<p id=a>x</p>");
  it.each([
    "//p | //a", "//p[position() > 1]", "ancestor::p", "//p[@id = $v]", "count(//p)", "//p[translate(., 'x', 'y')]",
  ])("refuses the XPath %s rather than guess", (expression) => {
    expect(() => doc.xpath(expression)).toThrow(XPathUnsupported);
  });

  it("does not write a document (libxml2 adds a DTD and a charset <meta>)", () => {
    expect(() => doc.toHtml()).toThrow(/not implemented/);
  });
});

describe("String#encode to UTF-8 (what Opengraph-style sanitizing calls)", () => {
  const encode = StringMethods.encode as (s: string, ...args: unknown[]) => string;
  it("drops each byte >= 0x80 of a String read as binary, under undef: :replace, replace: \"\"", () => {
    expect(encode("Hello â\u0080\u0099World", "UTF-8", "binary", { invalid: "replace", undef: "replace", replace: "" })).toBe("Hello World");
    expect(encode("café", "UTF-8", "binary", { undef: "replace" })).toBe("caf\ufffd\ufffd");
  });

  it("raises Encoding::UndefinedConversionError as Ruby words it, without undef: :replace", () => {
    expect(() => encode("é", "UTF-8", "binary")).toThrow('"\\xC3" from ASCII-8BIT to UTF-8');
  });

  it("keeps a UTF-8 String as it is, and refuses other encodings", () => {
    expect(encode("café", "UTF-8")).toBe("café");
    expect(() => encode("café", "ISO-8859-1")).toThrow(/not implemented/);
  });
});

describe("an XPath literal the runtime's Nokogiri refuses is a diagnostic at compile time", () => {
  it("reports `//a | //b` at its literal and nothing for one it reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rails2ts-xpath-"));
    try {
      mkdirSync(join(dir, "db"), { recursive: true });
      mkdirSync(join(dir, "app/models"), { recursive: true });
      writeFileSync(join(dir, "db/schema.rb"), "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n");
      writeFileSync(join(dir, "app/models/page.rb"), 'class Page\n  def links(doc) = doc.xpath("//a | //b")\n  def metas(doc) = doc.at_xpath("//meta[@charset]")\nend\n');
      const result = await compile(dir);
      expect(result.diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
        '2:30 unsupported_construct: construct not lowered: XPath "//a | //b": the operator | is not supported by the runtime\'s Nokogiri (the call raises)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
