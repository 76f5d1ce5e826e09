// What a syntax error is, in Ruby's words, from tree-sitter's error recovery (its node binding has no lookahead
// API, so "expecting" comes from the tree): the token where the parse broke ("unexpected `end'") and the closer
// the innermost construct still open there needs ("expecting ')'").
//   MISSING ")"                       the token after it is unexpected; ")" is expected
//   ERROR holding `end` as a name     that `end` is unexpected (tree-sitter lexed the keyword as an identifier)
//   other ERROR                       the token after it is unexpected
import type { SyntaxNode, TreeCursor } from "tree-sitter";

const KEYWORDS = new Set(["end", "def", "class", "module", "if", "unless", "while", "until", "case", "when", "else", "elsif", "begin", "rescue", "ensure", "do", "then"]);
const CLOSER: Record<string, string> = { "(": ")", "[": "]", "{": "}", "#{": "}" };
const END_OPENERS = new Set(["class", "module", "def", "if", "unless", "while", "until", "case", "begin", "do"]);

/** Where the parse broke inside `fault` (an ERROR or MISSING node), and the Ruby-style detail. */
export function syntaxDetail(root: SyntaxNode, fault: SyntaxNode, source: string): { at: SyntaxNode | null; detail: string } {
  const keyword = fault.isMissing ? null : fault.children.find((c) => c.type === "identifier" && KEYWORDS.has(source.slice(c.startIndex, c.endIndex))) ?? null;
  const unexpected = keyword ?? tokenAfter(root, fault.endIndex);
  const stack: Opener[] = [];
  openersBefore(root, keyword ? keyword.startIndex : fault.endIndex, source, stack);
  const open = stack[stack.length - 1];
  const expected = fault.isMissing ? fault.type : open ? open.closer : null;
  const what = unexpected ? describe(unexpected, source) : "end-of-input";
  // At the end of the input, the construct left open is where to look (an ERROR node then often spans the file).
  const at = keyword ?? (!unexpected && !fault.isMissing && open ? open.token : null);
  return { at, detail: `unexpected ${what}${expected ? `, expecting ${quote(expected)}` : ""}` };
}

/** A statement-level name spelled as a keyword (`end` with nothing to close): tree-sitter takes it for a call. */
export function strayKeyword(node: SyntaxNode, source: string): boolean {
  // The text first: tree-sitter's `parent` walks down from the root, so asking it of every identifier of a deeply
  // nested source was quadratic (a mangled 1.7 MB view spent 4 s here).
  return node.type === "identifier" && KEYWORDS.has(source.slice(node.startIndex, node.endIndex)) && ["program", "body_statement"].includes(node.parent?.type ?? "");
}

/**
 * The first real token at or after `index` (descending only into nodes that reach past it). These walks go over a
 * tree cursor: the binding's `children` builds a node object for every child asked, which made a mangled 1.3 MB
 * view spend seconds here; a cursor reads types and spans in place.
 */
function tokenAfter(node: SyntaxNode, index: number): SyntaxNode | null {
  return tokenAfterIn(node.walk(), index);
}

/** tokenAfter over the children of the cursor's node; the cursor is back on that node when nothing is found. */
function tokenAfterIn(c: TreeCursor, index: number): SyntaxNode | null {
  if (!c.gotoFirstChild()) return null;
  do {
    const start = c.startIndex;
    const end = c.endIndex;
    if (end <= index && !(start === end && start === index)) continue;
    if (c.gotoFirstChild()) {
      c.gotoParent();
      const inner = tokenAfterIn(c, index);
      if (inner) return inner;
    } else if (start >= index && !c.nodeIsMissing && c.nodeType !== "comment" && end > start) return c.currentNode;
  } while (c.gotoNextSibling());
  c.gotoParent();
  return null;
}

/** The closers owed at `index`: openers of the constructs still open there (complete constructs are balanced). */
interface Opener {
  closer: string;
  token: SyntaxNode;
}

function openersBefore(node: SyntaxNode, index: number, source: string, stack: Opener[]): void {
  openersIn(node.walk(), node.type, index, source, stack);
}

/** openersBefore over the children of the cursor's node (of type `type`); the cursor ends back on that node. */
function openersIn(c: TreeCursor, type: string, index: number, source: string, stack: Opener[]): void {
  if (!c.gotoFirstChild()) return;
  do {
    if (c.startIndex >= index) break;
    const childType = c.nodeType;
    if (c.nodeIsNamed && childType !== "ERROR" && c.endIndex <= index && !c.currentNode.hasError) continue;
    if (c.gotoFirstChild()) {
      c.gotoParent();
      openersIn(c, childType, index, source, stack);
      continue;
    }
    const t = childType === "identifier" ? source.slice(c.startIndex, c.endIndex) : childType;
    if (CLOSER[t]) stack.push({ closer: CLOSER[t]!, token: c.currentNode });
    // `x if y` (a modifier) opens nothing; `def a = 1` (endless) is a complete node, skipped above.
    else if (END_OPENERS.has(t) && !type.endsWith("_modifier")) stack.push({ closer: "end", token: c.currentNode });
    else if (stack[stack.length - 1]?.closer === t) stack.pop();
  } while (c.gotoNextSibling());
  c.gotoParent();
}

function describe(token: SyntaxNode, source: string): string {
  const text = source.slice(token.startIndex, token.endIndex);
  if (KEYWORDS.has(text) && (token.type === text || token.type === "identifier")) return `\`${text}'`;
  const parent = token.parent?.type ?? "";
  if (parent === "string" || token.type === "string_content") return "string literal";
  const named: Record<string, string> = {
    integer: "integer literal", float: "float literal", identifier: "local variable or method", constant: "constant",
    simple_symbol: "symbol literal", hash_key_symbol: "label", instance_variable: "instance variable",
  };
  return named[token.type] ?? `'${text}'`;
}

function quote(token: string): string {
  return token === "end" ? "`end'" : `'${token}'`;
}
