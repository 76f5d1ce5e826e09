// Endless method definitions (`def persisted? = id.present?`, Ruby 3.0+) read back from their source.
// src/parse/ruby.ts currently converts an endless def's body expression as if it were a statement list (the
// call's receiver and method become two statements), so the body is re-read here from the def's own text.
// Once the parser keeps the expression whole, this returns what the IR already has.
import type { Node, NodeOf } from "../../parse/ir.js";
import { parseRuby } from "../../parse/ruby.js";

const ENDLESS = /^def\s+(?:self\.)?[\w]+[?!]?\s*(?:\([^)]*\))?\s*=(?!=|~|>)/;

/** The body of `def`, re-parsed from `source` when the def is an endless one. */
export function defBody(def: NodeOf<"def">, source: string): Node[] {
  // A setter (`def title=(v)`) cannot be endless; its `=` belongs to the name.
  if (def.name.endsWith("=")) return def.body;
  const text = spanText(source, def);
  const m = ENDLESS.exec(text);
  if (!m) return def.body;
  const expression = text.slice(m[0].length);
  const parsed = parseRuby(expression, def.span.file, (offset) => ({ line: def.span.line, column: def.span.column + m[0].length + offset }));
  return parsed.errors.length ? def.body : parsed.body;
}

function spanText(source: string, node: Node): string {
  const lines = source.split("\n");
  const { line, column, endLine, endColumn } = node.span;
  if (endLine > lines.length) return "";
  if (line === endLine) return lines[line - 1]!.slice(column - 1, endColumn - 1);
  return [lines[line - 1]!.slice(column - 1), ...lines.slice(line, endLine - 1), lines[endLine - 1]!.slice(0, endColumn - 1)].join("\n");
}
