// Every compiled case is Ruby tree-sitter-ruby reads cleanly (real Ruby compiles all of them too): no ERROR or
// MISSING node anywhere, so the Ruby parser downstream never sees a template as a syntax error.
import Parser from "tree-sitter";
import Ruby from "tree-sitter-ruby";
import { describe, expect, it } from "vitest";
import { compileErb } from "../src/parse/erb.js";
import { erbCases } from "./erb-cases.js";

const parser = new Parser();
parser.setLanguage(Ruby);

/** "TYPE at row:col" for every ERROR or MISSING node. */
function syntaxProblems(node: Parser.SyntaxNode, out: string[] = []): string[] {
  if (node.type === "ERROR" || node.isMissing) out.push(`${node.type} at ${node.startPosition.row}:${node.startPosition.column}`);
  for (const child of node.children) syntaxProblems(child, out);
  return out;
}

describe("tree-sitter-ruby parses every compiled template", () => {
  it("the check sees a syntax error when there is one", () => {
    expect(syntaxProblems(parser.parse(" @output_buffer.append=( x ;").rootNode)).not.toEqual([]);
  });

  it.each(erbCases().map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const tree = parser.parse(compileErb(c.erb, c.file).ruby);
    expect(syntaxProblems(tree.rootNode)).toEqual([]);
  });
});
