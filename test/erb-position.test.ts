// The ERB position map: Ruby offsets (tree-sitter's startIndex/endIndex) back to the .erb's line:column.
// Expected positions are read off the templates themselves (cat -n), never off our output.
import Parser from "tree-sitter";
import Ruby from "tree-sitter-ruby";
import { describe, expect, it } from "vitest";
import { compileErb } from "../src/parse/erb.js";
import { erbCases } from "./erb-cases.js";

const parser = new Parser();
parser.setLanguage(Ruby);
const cases = new Map(erbCases().map((c) => [c.name, c]));

/** Where `word` starts in the compiled Ruby of a case, found right after `before`; mapped to the .erb. */
function mapped(name: string, before: string, word: string): string {
  const c = cases.get(name)!;
  const { ruby, map } = compileErb(c.erb, c.file);
  const at = ruby.indexOf(before + word);
  if (at < 0) throw new Error(`${before + word} not in ${name}`);
  const pos = map.toErb(at + before.length);
  return `${pos.line}:${pos.column}`;
}

describe("identifiers inside tags map to their exact line:column", () => {
  it.each([
    ["scaffold_articles_form", " ", "form_with", "1:5"],
    ["scaffold_articles_form", "if ", "article", "2:9"],
    ["scaffold_articles_form", "( ", "pluralize", "4:15"],
    ["scaffold_articles_form", "do |", "error", "7:36"],
    ["scaffold_articles_form", "error.", "full_message", "8:25"],
    ["multi_line_expr", "( ", "link_to", "1:5"],
    ["multi_line_expr", "      ", "some_path", "2:7"],
    ["multi_line_expr", "      ", "class", "3:7"],
    ["multi_line_code", "  ", "b = 2", "3:3"],
    ["multi_line_code", "( ", "a + b", "5:5"],
    ["encoding_tag", "( ", "y", "2:7"], // after the cut encoding tag
    ["crlf", "if ", "a", "2:9"],
    ["crlf", "( ", "b", "3:9"],
    ["unicode", "( ", "name", "1:14"], // columns in UTF-16 units: the emoji counts 2
    ["unicode", " ", "x = ", "2:4"],
  ])("%s: %s%s -> %s", (name, before, word, expected) => {
    expect(mapped(name, before, word)).toBe(expected);
  });
});

describe("generated Ruby maps to the start of the template piece that produced it", () => {
  it.each([
    ["text_only", "", " @output_buffer", "1:1"],
    ["comment_multiline", "", "\n\n\n\n", "1:1"], // the comment's newlines: its tag
    ["comment_multiline", "\n", " @output_buffer.safe_append='x", "5:1"],
    ["expr_then_newlines", "\n", " @output_buffer.safe_append='\n\n", "4:9"], // held-back newlines: the first one
    ["literal_tag", "", " @output_buffer.safe_append='<% x", "1:1"],
    ["literal_tag", ";", " @output_buffer.safe_append='  <%= y", "2:1"],
  ])("%s: %j -> %s", (name, before, word, expected) => {
    expect(mapped(name, before, word)).toBe(expected);
  });

  it("an end offset right after copied code stays on that code", () => {
    const { ruby, map } = compileErb("ab <%=x%>\n", "t.html.erb");
    expect(ruby.slice(0, ruby.indexOf("x") + 2)).toBe(" @output_buffer.safe_append='ab '.freeze; @output_buffer.append=(x)");
    expect(map.toErb(ruby.indexOf("x") + 1)).toEqual({ line: 1, column: 8 });
  });
});

describe("every Ruby token taken from a template maps back onto itself", () => {
  // The writer's own method names are the only identifiers not copied from a tag.
  const generated = new Set(["safe_append", "append", "safe_expr_append", "freeze"]);
  const tokens = (n: Parser.SyntaxNode): Parser.SyntaxNode[] =>
    (["identifier", "constant", "integer"].includes(n.type) ? [n] : []).concat(n.children.flatMap(tokens));

  it.each([...cases.values()].map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { ruby, map } = compileErb(c.erb, c.file);
    const misplaced = tokens(parser.parse(ruby).rootNode)
      .filter((n) => !generated.has(n.text))
      .filter((n) => c.erb.slice(map.toErbOffset(n.startIndex), map.toErbOffset(n.endIndex)) !== n.text)
      .map((n) => `${n.text}@${n.startIndex}`);
    expect(misplaced).toEqual([]);
  });
});
