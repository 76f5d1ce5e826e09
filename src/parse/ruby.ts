// tree-sitter-ruby -> our IR (src/parse/ir.ts). The only file that touches tree-sitter nodes.
// Every construct without a mapping becomes { kind: "unknown" } with its span, so lowering can report it
// at its position rather than pass it through.
import { crashNode, crashOf, faultPoint, raisedMessage, type Crash } from "./crash.js";
import Parser from "tree-sitter";
import Ruby from "tree-sitter-ruby";
import type { SyntaxNode } from "tree-sitter";
import { walk, type Block, type InClause, type Node, type Param, type Pattern, type Span } from "./ir.js";
import { strayKeyword, syntaxDetail } from "./syntax-detail.js";

/**
 * How long tree-sitter may take on one source. Real sources take milliseconds (a 5 MB view well under a second), but
 * its error recovery can go on for minutes on some malformed text (a long operator chain after a broken `module`
 * line took 35 s): such a source is refused (parse_timeout) instead of hanging the compile.
 */
export const PARSE_TIMEOUT_MS = 5_000;

let parser: Parser | null = null;
function sharedParser(): Parser {
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(Ruby);
    parser.setTimeoutMicros(PARSE_TIMEOUT_MS * 1000);
  }
  return parser;
}

/** Maps a character offset in the parsed text to the 1-based line/column the user wrote. */
export type PositionMapper = (offset: number) => { line: number; column: number };

export interface ParsedRuby {
  file: string;
  body: Node[];
  /** Syntax errors, as spans and what is wrong there in Ruby's words (the caller turns them into diagnostics). */
  errors: SyntaxFault[];
  /** Nodes the converter crashed on, each now a crash node in `body` (the caller reports them and words their raise). */
  crashes: Crash[];
}

export interface SyntaxFault {
  span: Span;
  detail?: string;
  /** What to report it as: a Ruby syntax error unless said (a source the compiler cannot take as a whole). */
  code?: "nesting_too_deep" | "parse_timeout";
}

/**
 * How deep a syntax tree the compiler lowers. Each phase walks the tree recursively, and a walk that runs out of
 * stack inside tree-sitter's native binding aborts the whole process (no exception to catch), so deeper sources are
 * refused at their deepest node before any walk. Real code stays far below: 21 levels at most across the fixture
 * apps and Campfire's app/ and lib/; Ruby itself accepts a few thousand before its own "nesting too deep".
 */
export const MAX_TREE_DEPTH = 400;

/** `invalidAt`: the offset of the source's first byte sequence that is not UTF-8 (src/parse/encoding.ts). */
export function parseRuby(original: string, file: string, mapper?: PositionMapper, invalidAt?: number): ParsedRuby {
  const { source, toOriginal } = nameAnonymousBlockArgs(original);
  const outer = mapper ?? lineColumnMapper(original);
  const mapped: PositionMapper = (offset) => outer(toOriginal(offset));
  const tree = sharedParser().parse(chunkReader(source)) as Parser.Tree | null;
  const conv = new Converter(source, file, mapped);
  if (!tree) {
    // Timed out: without a reset, the next parse would resume this one.
    sharedParser().reset();
    const whole = { startIndex: 0, endIndex: 0, startPosition: { row: 0, column: 0 }, endPosition: { row: 0, column: 0 } } as SyntaxNode;
    return { file, body: [], errors: [{ span: conv.span(whole), detail: `gave up after ${PARSE_TIMEOUT_MS / 1000} s`, code: "parse_timeout" }], crashes: [] };
  }
  const tooDeep = nodeBeyondDepth(tree.rootNode, MAX_TREE_DEPTH);
  if (tooDeep) {
    const detail = `nested more than ${MAX_TREE_DEPTH} levels deep here`;
    return { file, body: [], errors: [{ span: conv.span(tooDeep), detail, code: "nesting_too_deep" }], crashes: [] };
  }
  const errors: SyntaxFault[] = [];
  if (invalidAt !== undefined) invalidChar(tree.rootNode, source, invalidAt, conv, errors);
  collectErrors(tree.rootNode, tree.rootNode, source, conv, errors);
  for (const id of tree.rootNode.descendantsOfType("identifier")) {
    if (strayKeyword(id, source)) errors.push({ span: conv.span(id), detail: `unexpected \`${conv.text(id)}'` });
  }
  return { file, body: conv.statements(tree.rootNode), errors, crashes: conv.crashes };
}

/**
 * tree-sitter's node binding reads an input through a callback, a chunk at a time, into a buffer of 32K UTF-16
 * units: a chunk of 32,768 or more fails the whole parse with "Invalid argument". Chunks stay well below that and
 * never split a surrogate pair, so a source of any size parses.
 */
const CHUNK = 16384;

function chunkReader(source: string): (index: number) => string {
  return (index) => {
    let end = Math.min(source.length, index + CHUNK);
    const last = source.charCodeAt(end - 1);
    if (end < source.length && last >= 0xd800 && last <= 0xdbff) end--;
    return source.slice(index, end);
  };
}

/** The name given to Ruby 3.1's anonymous block argument where tree-sitter-ruby 0.23 cannot read it bare. */
export const ANONYMOUS_BLOCK = "__anonymous_block";
/**
 * Ruby 3.2's anonymous `*` and `**` parameters (and the rest and keywords of `...`) as locals of these names, and
 * the bare `*` / `**` / `...` arguments as reads of them: `def f(*, **) = g(*, **)` is `def f(*r, **k) = g(*r, **k)`,
 * which is what Ruby means. A Ruby local cannot be written with a leading `__anonymous_` by accident.
 */
export const ANONYMOUS_REST = "__anonymous_rest";
export const ANONYMOUS_KEYREST = "__anonymous_keyrest";

/**
 * tree-sitter-ruby 0.23 reads `f(a, &)` but not a paren-less command ending in a bare `&` at the end of a line
 * (`tag.div class: "x", &`), which Ruby 3.1+ accepts. We name that argument before parsing and map every
 * offset back, so spans still point into the file as written; the IR turns the name back into `&`.
 */
function nameAnonymousBlockArgs(source: string): { source: string; toOriginal: (offset: number) => number } {
  const inserts: number[] = [];
  const out = source.replace(/,\s*&(?=[ \t]*(?:#[^\n]*)?\r?$)/gm, (m, at: number) => {
    inserts.push(at + m.length);
    return m + ANONYMOUS_BLOCK;
  });
  if (!inserts.length) return { source, toOriginal: (o) => o };
  return {
    source: out,
    toOriginal(offset) {
      let shift = 0;
      for (const at of inserts) {
        const start = at + shift;
        if (offset < start) break;
        if (offset < start + ANONYMOUS_BLOCK.length) return at;
        shift += ANONYMOUS_BLOCK.length;
      }
      return offset - shift;
    },
  };
}

function lineColumnMapper(source: string): PositionMapper {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/**
 * Ruby refuses a byte sequence that is not UTF-8 anywhere its lexer reads characters (strings, names, symbols),
 * but not in a comment, which it skips: "invalid multibyte char (UTF-8)" at that character.
 */
function invalidChar(root: SyntaxNode, source: string, offset: number, conv: Converter, out: SyntaxFault[]): void {
  const at = root.descendantForIndex(offset, offset + 1);
  if (at.type === "comment") return;
  const span = conv.span({ startIndex: offset, endIndex: offset + 1, startPosition: { row: 0, column: 0 }, endPosition: { row: 0, column: 0 } } as SyntaxNode);
  if (!conv.hasMapper) {
    const before = source.slice(0, offset).split("\n");
    Object.assign(span, { line: before.length, column: before.at(-1)!.length + 1, endLine: before.length, endColumn: before.at(-1)!.length + 2 });
  }
  out.push({ span, detail: "invalid multibyte char (UTF-8)" });
}

/** The first node deeper than `limit`, found without recursion (a cursor walk: the stack stays flat). */
function nodeBeyondDepth(root: SyntaxNode, limit: number): SyntaxNode | null {
  const cursor = root.walk();
  let depth = 0;
  for (;;) {
    if (cursor.gotoFirstChild()) {
      if (++depth > limit) return cursor.currentNode;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return null;
      depth--;
    }
  }
}

/**
 * How many syntax errors one file reports. Each one's detail walks the tree from the root, so thousands of them (a
 * mangled file: 4,000 unclosed `[`) took a minute; the compile stops at the first error anyway, and Ruby too
 * names the first few.
 */
const MAX_SYNTAX_FAULTS = 10;

function collectErrors(root: SyntaxNode, node: SyntaxNode, source: string, conv: Converter, out: SyntaxFault[]): void {
  if (out.length >= MAX_SYNTAX_FAULTS) return;
  if (node.isMissing) {
    out.push({ span: conv.span(node), detail: syntaxDetail(root, node, source).detail });
    return;
  }
  if (!node.hasError) return;
  const before = out.length;
  for (const child of node.children) collectErrors(root, child, source, conv, out);
  // Report an ERROR node only when nothing more precise (a MISSING token, a nested ERROR) was found inside it:
  // tree-sitter's recovery often wraps a whole class in one ERROR around the real fault.
  if (node.type === "ERROR" && out.length === before) {
    const { at, detail } = syntaxDetail(root, node, source);
    out.push({ span: conv.span(at ?? node), detail });
  }
}

const NAME_NODES = new Set(["identifier", "instance_variable", "class_variable", "constant"]);
const JS_NAME = /^[\p{ID_Continue}$\u200c\u200d]*$/u;

const NAMED_SKIP = new Set(["comment", "heredoc_body", "empty_statement"]);

class Converter {
  readonly crashes: Crash[] = [];

  constructor(
    private readonly source: string,
    private readonly file: string,
    private readonly mapper?: PositionMapper,
  ) {}

  get hasMapper(): boolean {
    return this.mapper !== undefined;
  }

  span(node: SyntaxNode): Span {
    if (this.mapper) {
      const a = this.mapper(node.startIndex);
      const b = this.mapper(node.endIndex);
      return { file: this.file, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
    }
    return {
      file: this.file,
      line: node.startPosition.row + 1,
      column: node.startPosition.column + 1,
      endLine: node.endPosition.row + 1,
      endColumn: node.endPosition.column + 1,
    };
  }

  text(node: SyntaxNode): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }

  statements(node: SyntaxNode | null): Node[] {
    if (!node) return [];
    return node.namedChildren.filter((c) => !NAMED_SKIP.has(c.type)).map((c) => this.node(c));
  }

  node(n: SyntaxNode): Node {
    const span = this.span(n);
    try {
      faultPoint("parse", n.type, span);
      // Ruby takes any non-ASCII character into a name; a JS identifier does not (U+FFFD, an emoji): such a name is
      // a construct not lowered (reported where lowering meets it, raising when reached), not invalid emitted code.
      if (NAME_NODES.has(n.type) && !JS_NAME.test(this.text(n).replace(/^(@@|@|\$)|[?!=]$/g, ""))) {
        return { kind: "unknown", type: `${n.type.replace(/_/g, " ")} a JS name cannot spell`, text: this.text(n), span };
      }
      const convert = CONVERTERS[n.type];
      if (convert) return convert.call(this, n, span);
      return { kind: "unknown", type: n.type, text: this.text(n), span };
    } catch (err) {
      // The innermost node whose conversion threw stands in for it; its siblings and parents convert as usual.
      const crash = crashOf(err, span);
      const node = crashNode(crash.span, raisedMessage(crash));
      this.crashes.push({ ...crash, node });
      return node;
    }
  }

  field(n: SyntaxNode, name: string): SyntaxNode | null {
    return n.childForFieldName(name);
  }

  args(list: SyntaxNode | null): Node[] {
    if (!list) return [];
    const out: Node[] = [];
    const pairs: Array<{ key: Node; value: Node }> = [];
    let pairSpan: Span | null = null;
    for (const c of list.namedChildren) {
      if (c.type === "comment") continue;
      if (c.type === "pair") {
        pairs.push(this.pair(c));
        pairSpan ??= this.span(c);
      } else if (c.type === "hash_splat_argument" || c.type === "forward_argument") {
        // `f(a, **opts, k: 1)`: Ruby merges double-splats and keywords into one trailing hash, in order.
        // `f(a, ...)` passes the method's rest, keywords and block on: `f(a, *r, **k, &b)`.
        const span = this.span(c);
        if (c.type === "forward_argument") out.push(anonymousSplat(span));
        pairs.push({ key: this.dsplat(c), value: { kind: "nil", span } });
        pairSpan ??= span;
        if (c.type === "forward_argument") out.push({ kind: "blockPass", value: null, span });
      } else {
        out.push(this.node(c));
      }
    }
    // Bare keyword arguments `f(a, k: 1)` are one trailing hash, as Ruby passes them; a block argument (`&blk`,
    // `&:sym`, `&`) is always last, after that hash.
    const blockArgs = out.filter((n) => n.kind === "blockPass");
    const positional = out.filter((n) => n.kind !== "blockPass");
    if (pairs.length > 0 && pairSpan) positional.push({ kind: "hash", pairs, keywords: true, span: pairSpan });
    return [...positional, ...blockArgs];
  }

  /** `**opts`, or the bare `**` / `...` that reads the method's anonymous keywords. */
  dsplat(c: SyntaxNode): Node {
    const inner = c.type === "hash_splat_argument" ? c.namedChildren[0] : undefined;
    const span = this.span(c);
    return { kind: "dsplat", value: inner ? this.node(inner) : { kind: "ident", name: ANONYMOUS_KEYREST, span }, span };
  }

  pair(c: SyntaxNode): { key: Node; value: Node } {
    const keyNode = this.field(c, "key")!;
    const valueNode = this.field(c, "value");
    // `name: v` is a Symbol key; `name => v` keys on the value of the local or method `name` (a constant's too).
    const arrow = this.text(c).slice(keyNode.endIndex - c.startIndex).trimStart().startsWith("=>");
    const key: Node =
      keyNode.type === "hash_key_symbol" || ((keyNode.type === "identifier" || keyNode.type === "constant") && !arrow)
        ? { kind: "sym", name: this.text(keyNode), span: this.span(keyNode) }
        : keyNode.type === "string" && this.text(c).slice(keyNode.endIndex - c.startIndex).trimStart().startsWith(":")
          ? { kind: "dsym", parts: this.stringParts(keyNode), span: this.span(keyNode) }
          : this.node(keyNode);
    // `{ name: }` shorthand (Ruby 3.1): the value is the local of the same name.
    const value: Node = valueNode
      ? this.node(valueNode)
      : { kind: "ident", name: key.kind === "sym" ? key.name : "", span: key.span };
    return { key, value };
  }

  stringParts(n: SyntaxNode): Array<string | Node> {
    const parts: Array<string | Node> = [];
    const push = (s: string) => {
      if (typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += s;
      else parts.push(s);
    };
    const literal = singleQuoteEscape(this.text(n));
    for (const c of n.namedChildren) {
      // A heredoc's body text is heredoc_content (a `<<~'X'` one is as literal as a single-quoted string).
      if (c.type === "string_content" || c.type === "heredoc_content") push(literal ? this.text(c).replace(literal, "$1") : this.text(c));
      else if (c.type === "escape_sequence") push(unescape(this.text(c)));
      else if (c.type === "interpolation") {
        const inner = this.statements(c);
        parts.push(inner.length === 1 ? inner[0]! : { kind: "seq", body: inner, span: this.span(c) });
      }
    }
    return parts;
  }

  /**
   * An interpolated regexp's parts: its literal text as regexp source (escapes kept, they are regexp syntax), but a
   * `\/` of a /-delimited literal is the delimiter and Ruby's source holds `/` (`/\/#{x}/.source` is "/1" in Ruby 3.3;
   * %r{a\/#{x}} keeps `\/`); the interpolations as statements.
   */
  regexParts(n: SyntaxNode): Array<string | Node> {
    const slashes = this.text(n).startsWith("/");
    const parts: Array<string | Node> = [];
    for (const c of n.namedChildren) {
      if (c.type === "interpolation") {
        const inner = this.statements(c);
        parts.push(inner.length === 1 ? inner[0]! : { kind: "seq", body: inner, span: this.span(c) });
        continue;
      }
      const text = slashes && c.type === "escape_sequence" && this.text(c) === "\\/" ? "/" : this.text(c);
      if (typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += text;
      else parts.push(text);
    }
    return parts;
  }

  block(n: SyntaxNode | null): Block | null {
    if (!n) return null;
    const paramsNode = this.field(n, "parameters");
    const body = this.bodyOf(this.field(n, "body"));
    const locals = (paramsNode?.childrenForFieldName("locals") ?? []).map((c) => this.text(c));
    const params = paramsNode ? this.params(paramsNode) : numberedParams(body);
    // `|a, |`: a trailing comma is an anonymous rest (the yielded Array spreads, a takes its first element).
    const tokens = paramsNode?.children.filter((c) => c.type !== "|") ?? [];
    if (tokens.length && tokens[tokens.length - 1]!.type === "," && !params.some((p) => p.kind === "rest")) params.push({ kind: "rest", name: ANONYMOUS_REST });
    return { params, ...(locals.length ? { locals } : {}), body, span: this.span(n) };
  }

  bodyOf(body: SyntaxNode | null): Node[] {
    if (!body) return [];
    if (body.type === "body_statement" || body.type === "block_body") {
      const hasRescue = body.namedChildren.some((c) => c.type === "rescue" || c.type === "ensure");
      if (hasRescue) return [beginFrom.call(this, body, this.span(body))];
    }
    return this.statements(body);
  }

  params(n: SyntaxNode | null): Param[] {
    if (!n) return [];
    // A block's `|x; y|` locals are no parameters (Block.locals).
    const locals = new Set(n.childrenForFieldName("locals").map((c) => c.startIndex));
    return n.namedChildren.filter((c) => c.type !== "comment" && !locals.has(c.startIndex)).flatMap((c) =>
      // `def f(a, ...)`: the rest, the keywords and the block, all anonymous.
      c.type === "forward_parameter"
        ? [{ kind: "rest", name: ANONYMOUS_REST }, { kind: "keyrest", name: ANONYMOUS_KEYREST }, { kind: "block", name: "" }]
        : [this.param(c)],
    );
  }

  param(c: SyntaxNode): Param {
    const name = (f: string) => {
      const x = this.field(c, f);
      return x ? this.text(x) : "";
    };
    switch (c.type) {
      case "identifier":
        return { kind: "req", name: this.text(c) };
      case "optional_parameter":
        return { kind: "opt", name: name("name"), default: this.node(this.field(c, "value")!) };
      case "splat_parameter":
        return { kind: "rest", name: name("name") || ANONYMOUS_REST };
      case "hash_splat_parameter":
        return { kind: "keyrest", name: name("name") || ANONYMOUS_KEYREST };
      case "block_parameter":
        return { kind: "block", name: name("name") };
      case "keyword_parameter": {
        const value = this.field(c, "value");
        return value
          ? { kind: "keyopt", name: name("name"), default: this.node(value) }
          : { kind: "key", name: name("name") };
      }
      case "destructured_parameter":
        return { kind: "destructure", name: "", names: c.namedChildren.map((x) => this.text(x)) };
      default:
        return { kind: "req", name: this.text(c) };
    }
  }
}

/**
 * In a single-quoted string ('...' or %q(...)) the only escapes are a backslash before a backslash or before the
 * delimiter, which tree-sitter leaves inside the content: the pattern that drops them, or null for other strings.
 */
function singleQuoteEscape(source: string): RegExp | null {
  if (source.startsWith("'")) return /\\([\\'])/g;
  const q = /^%q(.)/.exec(source);
  if (!q) return null;
  const open = q[1]!;
  const close = ({ "(": ")", "[": "]", "{": "}", "<": ">" } as Record<string, string>)[open] ?? open;
  const chars = [...new Set(["\\", open, close])].map((c) => c.replace(/[\]\\^-]/g, "\\$&")).join("");
  return new RegExp(`\\\\([${chars}])`, "g");
}

function unescape(seq: string): string {
  const simple: Record<string, string> = { n: "\n", t: "\t", s: " ", r: "\r", "0": "\0", e: "\x1b", a: "\x07", b: "\b", f: "\f", v: "\v" };
  const ch = seq.slice(1);
  if (ch.length === 1) return simple[ch] ?? ch;
  if (ch.startsWith("u{")) return String.fromCodePoint(...ch.slice(2, -1).trim().split(/\s+/).map((h) => parseInt(h, 16)));
  if (ch.startsWith("u")) return String.fromCodePoint(parseInt(ch.slice(1), 16));
  if (ch.startsWith("x")) return String.fromCharCode(parseInt(ch.slice(1), 16));
  if (/^[0-7]+$/.test(ch)) return String.fromCharCode(parseInt(ch, 8));
  return ch;
}

type Conv = (this: Converter, n: SyntaxNode, span: Span) => Node;

/** A method's body: its statements, or the one expression of an endless def (`def label = "#{id}"`). */
function methodBody(this: Converter, n: SyntaxNode): Node[] {
  const body = this.field(n, "body");
  return body && body.type !== "body_statement" ? [this.node(body)] : this.bodyOf(body);
}

function beginFrom(this: Converter, n: SyntaxNode, span: Span): Node {
  const body: Node[] = [];
  const rescues: Array<{ classes: Node[]; variable: string | null; body: Node[] }> = [];
  let elseBody: Node[] | null = null;
  let ensure: Node[] | null = null;
  for (const c of n.namedChildren) {
    if (c.type === "rescue") {
      const exceptions = this.field(c, "exceptions");
      const variable = this.field(c, "variable");
      const varName = variable?.namedChildren[0];
      rescues.push({
        classes: exceptions ? exceptions.namedChildren.map((x) => this.node(x)) : [],
        variable: varName ? this.text(varName) : null,
        body: this.statements(this.field(c, "body")),
      });
    } else if (c.type === "else") elseBody = this.statements(c);
    else if (c.type === "ensure") ensure = this.statements(c);
    else if (!NAMED_SKIP.has(c.type)) body.push(this.node(c));
  }
  return { kind: "begin", body, rescues, elseBody, ensure, span };
}

function whileModifier(this: Converter, n: SyntaxNode, span: Span, until: boolean): Node {
  const body = this.field(n, "body")!;
  const cond = this.node(this.field(n, "condition")!);
  if (body.type === "begin") return { kind: "while", cond, body: [beginFrom.call(this, body, this.span(body))], until, doWhile: true, span };
  return { kind: "while", cond, body: [this.node(body)], until, span };
}

/** A block without parameters that reads `_1` (`_2`, ...) takes them: `{ _1 * 2 }` is `{ |x| x * 2 }`. */
function numberedParams(body: Node[]): Param[] {
  let max = 0;
  // A nested block's numbered parameters are its own: what its body reads is left out.
  const nested = new Set<Node>();
  for (const node of body) walk(node, (x) => x.kind === "call" && x.block && x.block.body.forEach((b) => walk(b, (y) => nested.add(y))));
  for (const node of body) walk(node, (x) => {
    if (x.kind === "ident" && /^_[1-9]$/.test(x.name) && !nested.has(x)) max = Math.max(max, Number(x.name[1]));
  });
  return Array.from({ length: max }, (_, i) => ({ kind: "req" as const, name: `_${i + 1}` }));
}

function ifFrom(this: Converter, n: SyntaxNode, span: Span, negate: boolean): Node {
  const condNode = this.node(this.field(n, "condition")!);
  const cond: Node = negate ? { kind: "not", expr: condNode, span: condNode.span } : condNode;
  const alt = this.field(n, "alternative");
  let elseBody: Node[] = [];
  if (alt?.type === "else") elseBody = this.statements(alt);
  else if (alt?.type === "elsif") elseBody = [ifFrom.call(this, alt, this.span(alt), false)];
  return { kind: "if", cond, then: this.statements(this.field(n, "consequence")), else: elseBody, span };
}

function callFrom(this: Converter, n: SyntaxNode, span: Span): Node {
  const receiverNode = this.field(n, "receiver");
  const methodNode = this.field(n, "method");
  const argsNode = this.field(n, "arguments");
  const blockNode = this.field(n, "block");
  const operator = n.children.find((c) => c.type === "&." || c.type === "." || c.type === "::");
  const receiver = receiverNode ? this.node(receiverNode) : null;
  // `foo.()` has no method name: it is `call`.
  const method = methodNode ? this.text(methodNode) : "call";
  return {
    kind: "call",
    receiver,
    method,
    args: this.args(argsNode),
    block: this.block(blockNode),
    safeNav: operator?.type === "&.",
    parens: argsNode?.type === "argument_list" && this.text(argsNode).startsWith("("),
    span,
  };
}

function assignTarget(this: Converter, n: SyntaxNode): Node {
  return this.node(n);
}

/** A pattern of case/in, `=>` or `in` (ir.ts Pattern); what it does not know is a value pattern of an unknown node. */
function patternOf(this: Converter, n: SyntaxNode): Pattern {
  const name = (c: SyntaxNode | null) => (c ? this.text(c) : null);
  const splatName = (c: SyntaxNode) => name(this.field(c, "name"));
  switch (n.type) {
    case "identifier":
      return { p: "bind", name: this.text(n) };
    case "alternative_pattern":
      return { p: "alt", alts: n.namedChildren.map((c) => patternOf.call(this, c)) };
    case "as_pattern":
      return { p: "as", pattern: patternOf.call(this, this.field(n, "value")!), name: this.text(this.field(n, "name")!) };
    case "variable_reference_pattern":
      return { p: "value", node: this.node(this.field(n, "name")!) };
    case "expression_reference_pattern":
      return { p: "value", node: this.node(this.field(n, "value")!) };
    case "parenthesized_pattern":
      return patternOf.call(this, n.namedChildren[0]!);
    case "array_pattern": {
      const constant = this.field(n, "class");
      const items = n.namedChildren.filter((c) => c !== constant);
      const at = items.findIndex((c) => c.type === "splat_parameter");
      const pats = (list: SyntaxNode[]) => list.map((c) => patternOf.call(this, c));
      return {
        p: "array",
        constant: constant ? this.node(constant) : null,
        pre: pats(at < 0 ? items : items.slice(0, at)),
        rest: at < 0 ? null : { name: splatName(items[at]!) },
        post: at < 0 ? [] : pats(items.slice(at + 1)),
      };
    }
    case "find_pattern": {
      const constant = this.field(n, "class");
      const items = n.namedChildren.filter((c) => c !== constant);
      return {
        p: "find",
        constant: constant ? this.node(constant) : null,
        pre: splatName(items[0]!),
        mid: items.slice(1, -1).map((c) => patternOf.call(this, c)),
        post: splatName(items[items.length - 1]!),
      };
    }
    case "hash_pattern": {
      const constant = this.field(n, "class");
      const keys: Array<{ key: string; pattern: Pattern | null }> = [];
      let rest: { name: string | null } | "nil" | null = null;
      for (const c of n.namedChildren) {
        if (c === constant) continue;
        if (c.type === "keyword_pattern") {
          const key = this.text(this.field(c, "key")!).replace(/^["']|["']?:?$/g, "");
          const value = this.field(c, "value");
          keys.push({ key, pattern: value ? patternOf.call(this, value) : null });
        } else if (c.type === "hash_splat_nil") rest = "nil";
        else if (c.type === "hash_splat_parameter") rest = { name: splatName(c) };
      }
      return { p: "hash", constant: constant ? this.node(constant) : null, keys, rest };
    }
    default:
      return { p: "value", node: this.node(n) };
  }
}

/** `return a, b` (and break/next) answers the Array [a, b]; `return *list` the Array of list. */
function jumpValue(this: Converter, n: SyntaxNode): Node | null {
  const list = n.namedChildren[0] ?? null;
  const args = this.args(list);
  if (args.length === 1 && args[0]!.kind !== "splat") return args[0]!;
  return args.length ? { kind: "array", elements: args, span: this.span(list!) } : null;
}

/**
 * One target of a multiple assignment: `*rest` is a splat target, `(b, c)` a nested multiple assignment (its value
 * is the element it receives), anything else an assignment target.
 */
function multiTarget(this: Converter, n: SyntaxNode): Node {
  const span = this.span(n);
  if (n.type === "rest_assignment") {
    const inner = n.namedChildren[0];
    return { kind: "splat", value: inner ? assignTarget.call(this, inner) : { kind: "ident", name: "_", span }, span };
  }
  if (n.type === "destructured_left_assignment") {
    return { kind: "multiAssign", targets: n.namedChildren.map((c) => multiTarget.call(this, c)), value: { kind: "nil", span }, span };
  }
  return assignTarget.call(this, n);
}

/** An Integer literal's value (Ruby's 0x / 0b / 0o / 0d / leading-0 octal forms, `_` separators), exact past 2**53. */
function integerValue(text: string): { value: number; exact?: string } {
  const t = text.replace(/_/g, "");
  const sign = t.startsWith("-") ? -1n : 1n;
  const body = t.replace(/^[-+]/, "");
  const digits = /^0[dD]/.test(body) ? body.slice(2) : /^0\d/.test(body) ? `0o${body.slice(1)}` : body;
  const big = sign * BigInt(digits);
  const value = Number(big);
  return Number.isSafeInteger(value) ? { value } : { value, exact: big.toString() };
}

const CONVERTERS: Record<string, Conv> = {
  program(n, span) {
    return { kind: "seq", body: this.statements(n), span };
  },
  nil: (_n, span) => ({ kind: "nil", span }),
  true: (_n, span) => ({ kind: "true", span }),
  false: (_n, span) => ({ kind: "false", span }),
  self: (_n, span) => ({ kind: "self", span }),
  integer(n, span) {
    return { kind: "int", ...integerValue(this.text(n)), span };
  },
  float(n, span) {
    return { kind: "float", value: Number(this.text(n).replace(/_/g, "")), span };
  },
  string(n, span) {
    return { kind: "str", parts: this.stringParts(n), span };
  },
  chained_string(n, span) {
    const parts: Array<string | Node> = [];
    for (const part of n.namedChildren.flatMap((c) => this.stringParts(c))) {
      if (typeof part === "string" && typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += part;
      else parts.push(part);
    }
    return { kind: "str", parts, span };
  },
  heredoc_beginning(n, span) {
    // The body lives in a sibling heredoc_body node; find it after this line.
    let body: SyntaxNode | null = null;
    for (let p: SyntaxNode | null = n.parent; p && !body; p = p.parent) {
      body = p.namedChildren.find((c) => c.type === "heredoc_body" && c.startIndex > n.startIndex) ?? null;
    }
    const parts = body ? this.stringParts(body) : [];
    // The body node starts at the end of the opening line: its first newline is not the heredoc's text.
    if (typeof parts[0] === "string" && parts[0].startsWith("\n")) parts[0] = parts[0].slice(1);
    if (parts[0] === "") parts.shift();
    const squiggly = this.text(n).startsWith("<<~");
    // `<<-X` / `<<~X`: the closing line's indentation is not text.
    const last = parts[parts.length - 1];
    if (/^<<[-~]/.test(this.text(n)) && typeof last === "string") parts[parts.length - 1] = last.replace(/(^|\n)[ \t]+$/, "$1");
    return { kind: "str", parts: squiggly ? dedent(parts) : parts, span };
  },
  bare_string(n, span) {
    return { kind: "str", parts: this.stringParts(n), span };
  },
  string_array(n, span) {
    return { kind: "array", elements: n.namedChildren.map((c) => this.node(c)), span };
  },
  symbol_array(n, span) {
    return {
      kind: "array",
      elements: n.namedChildren.map((c) => ({ kind: "sym", name: this.text(c), span: this.span(c) }) as Node),
      span,
    };
  },
  bare_symbol(n, span) {
    return { kind: "sym", name: this.text(n), span };
  },
  simple_symbol(n, span) {
    return { kind: "sym", name: this.text(n).slice(1), span };
  },
  hash_key_symbol(n, span) {
    return { kind: "sym", name: this.text(n), span };
  },
  delimited_symbol(n, span) {
    const parts = this.stringParts(n);
    if (parts.every((p) => typeof p === "string")) return { kind: "sym", name: parts.join(""), span };
    return { kind: "dsym", parts, span };
  },
  regex(n, span) {
    const text = this.text(n);
    if (n.namedChildren.some((c) => c.type === "interpolation")) return { kind: "dregex", parts: this.regexParts(n), flags: trailingLetters(text), span };
    // The raw source between the delimiters (escapes kept: they are regexp syntax), flags after the closing one.
    const source = n.namedChildren.map((c) => this.text(c)).join("");
    return { kind: "regex", source, flags: trailingLetters(text), span };
  },
  array(n, span) {
    return { kind: "array", elements: this.args(n), span };
  },
  hash(n, span) {
    const pairs: Array<{ key: Node; value: Node }> = [];
    for (const c of n.namedChildren) {
      if (c.type === "pair") pairs.push(this.pair(c));
      else if (c.type === "hash_splat_argument") pairs.push({ key: this.dsplat(c), value: { kind: "nil", span } });
    }
    return { kind: "hash", pairs, span };
  },
  range(n, span) {
    const begin = this.field(n, "begin");
    const end = this.field(n, "end");
    const op = n.children.find((c) => c.type === ".." || c.type === "...");
    return {
      kind: "range",
      from: begin ? this.node(begin) : null,
      to: end ? this.node(end) : null,
      exclusive: op?.type === "...",
      span,
    };
  },
  identifier(n, span) {
    return { kind: "ident", name: this.text(n), span };
  },
  instance_variable(n, span) {
    return { kind: "ivar", name: this.text(n).slice(1), span };
  },
  global_variable(n, span) {
    return { kind: "gvar", name: this.text(n).slice(1), span };
  },
  class_variable(n, span) {
    return { kind: "cvar", name: this.text(n).slice(2), span };
  },
  constant(n, span) {
    return { kind: "const", scope: null, name: this.text(n), span };
  },
  scope_resolution(n, span) {
    const scope = this.field(n, "scope");
    const name = this.field(n, "name")!;
    if (name.type !== "constant") return callFrom.call(this, n, span);
    return { kind: "const", scope: scope ? this.node(scope) : null, name: this.text(name), span };
  },
  call: callFrom,
  argument_list(n, span) {
    const args = this.args(n);
    return args.length === 1 ? args[0]! : { kind: "array", elements: args, span };
  },
  parenthesized_statements(n, span) {
    const body = this.statements(n);
    return body.length === 1 ? body[0]! : { kind: "seq", body, span };
  },
  splat_argument(n, span) {
    const inner = n.namedChildren[0];
    return inner ? { kind: "splat", value: this.node(inner), span } : anonymousSplat(span);
  },
  hash_splat_argument(n) {
    return this.dsplat(n);
  },
  block_argument(n, span) {
    const inner = n.namedChildren[0];
    const anonymous = !inner || (inner.type === "identifier" && this.text(inner) === ANONYMOUS_BLOCK);
    return { kind: "blockPass", value: anonymous ? null : this.node(inner), span };
  },
  assignment(n, span) {
    const left = this.field(n, "left")!;
    const right = this.field(n, "right")!;
    // `a = *x` and `a = *x, y` build an Array, exactly as `a = [*x]` and `a = [*x, y]` do.
    const list = right.type === "right_assignment_list" || right.type === "splat_argument";
    const value = list ? { kind: "array", elements: right.type === "splat_argument" ? [this.node(right)] : this.args(right), span: this.span(right) } as Node : this.node(right);
    if (left.type === "left_assignment_list" || left.type === "rest_assignment") {
      const targets = left.type === "rest_assignment" ? [left] : left.namedChildren;
      return { kind: "multiAssign", targets: targets.map((c) => multiTarget.call(this, c)), value, span };
    }
    const target = assignTarget.call(this, left);
    // `obj.attr = v` is a call to `attr=`, exactly as Ruby dispatches it.
    if (target.kind === "call" && target.args.length === 0) {
      return { ...target, method: `${target.method}=`, args: [value], span };
    }
    return { kind: "assign", target, value, span };
  },
  operator_assignment(n, span) {
    const op = n.children.find((c) => c.type.endsWith("="))?.type ?? "=";
    return {
      kind: "opAssign",
      op: op.slice(0, -1),
      target: this.node(this.field(n, "left")!),
      value: this.node(this.field(n, "right")!),
      span,
    };
  },
  binary(n, span) {
    const op = this.field(n, "operator")!;
    return { kind: "binary", op: op.type, left: this.node(this.field(n, "left")!), right: this.node(this.field(n, "right")!), span };
  },
  unary(n, span) {
    const op = this.field(n, "operator")!.type;
    const operand = this.node(this.field(n, "operand")!);
    if (op === "!" || op === "not") return { kind: "not", expr: operand, span };
    if (op === "defined?") return { kind: "defined", expr: operand, span };
    if (op === "-" && operand.kind === "int") return { kind: "int", ...integerValue(`-${operand.exact ?? operand.value}`), span };
    if (op === "-" && operand.kind === "float") return { kind: "float", value: -operand.value, span };
    return { kind: "unary", op, expr: operand, span };
  },
  if(n, span) {
    return ifFrom.call(this, n, span, false);
  },
  unless(n, span) {
    return ifFrom.call(this, n, span, true);
  },
  if_modifier(n, span) {
    return { kind: "if", cond: this.node(this.field(n, "condition")!), then: [this.node(this.field(n, "body")!)], else: [], span };
  },
  // `x += 1 while x < 5`; `begin ... end while c` runs its body first (doWhile).
  while_modifier(n, span) {
    return whileModifier.call(this, n, span, false);
  },
  until_modifier(n, span) {
    return whileModifier.call(this, n, span, true);
  },
  for(n, span) {
    const pattern = this.field(n, "pattern")!;
    const targets = pattern.type === "left_assignment_list" ? pattern.namedChildren.filter((c) => c.type !== "comment").map((c) => this.node(c)) : [this.node(pattern)];
    const iter = this.field(n, "value")!;
    return { kind: "for", targets, iter: this.node(iter.type === "in" ? iter.namedChildren[0]! : iter), body: this.statements(this.field(n, "body")), span };
  },
  retry(_n, span) {
    return { kind: "retry", span };
  },
  // `expr rescue fallback`: a begin whose one bare rescue (StandardError) answers the fallback.
  rescue_modifier(n, span) {
    const handler = this.field(n, "handler");
    return { kind: "begin", body: [this.node(this.field(n, "body")!)], rescues: [{ classes: [], variable: null, body: handler ? [this.node(handler)] : [] }], elseBody: null, ensure: null, span };
  },
  unless_modifier(n, span) {
    const cond = this.node(this.field(n, "condition")!);
    return { kind: "if", cond: { kind: "not", expr: cond, span: cond.span }, then: [this.node(this.field(n, "body")!)], else: [], span };
  },
  conditional(n, span) {
    return {
      kind: "if",
      cond: this.node(this.field(n, "condition")!),
      then: [this.node(this.field(n, "consequence")!)],
      else: [this.node(this.field(n, "alternative")!)],
      span,
    };
  },
  while(n, span) {
    return { kind: "while", cond: this.node(this.field(n, "condition")!), body: this.statements(this.field(n, "body")), until: false, span };
  },
  until(n, span) {
    return { kind: "while", cond: this.node(this.field(n, "condition")!), body: this.statements(this.field(n, "body")), until: true, span };
  },
  case(n, span) {
    const value = this.field(n, "value");
    const whens: Array<{ tests: Node[]; body: Node[] }> = [];
    let elseBody: Node[] | null = null;
    for (const c of n.namedChildren) {
      if (c.type === "when") {
        const tests = c.namedChildren.filter((x) => x.type === "pattern").map((x) => this.node(x.namedChildren[0]!));
        whens.push({ tests, body: this.statements(this.field(c, "body")) });
      } else if (c.type === "else") elseBody = this.statements(c);
    }
    return { kind: "case", subject: value ? this.node(value) : null, whens, else: elseBody, span };
  },
  case_match(n, span) {
    const clauses: InClause[] = [];
    let elseBody: Node[] | null = null;
    for (const c of n.namedChildren) {
      if (c.type === "in_clause") {
        const guard = this.field(c, "guard");
        clauses.push({
          pattern: patternOf.call(this, this.field(c, "pattern")!),
          guard: guard ? { cond: this.node(this.field(guard, "condition")!), unless: guard.type === "unless_guard" } : null,
          body: this.statements(this.field(c, "body")),
        });
      } else if (c.type === "else") elseBody = this.statements(c);
    }
    return { kind: "caseIn", subject: this.node(this.field(n, "value")!), clauses, else: elseBody, span };
  },
  match_pattern(n, span) {
    return { kind: "matchPattern", value: this.node(this.field(n, "value")!), pattern: patternOf.call(this, this.field(n, "pattern")!), raise: true, span };
  },
  test_pattern(n, span) {
    return { kind: "matchPattern", value: this.node(this.field(n, "value")!), pattern: patternOf.call(this, this.field(n, "pattern")!), raise: false, span };
  },
  begin(n, span) {
    return beginFrom.call(this, n, span);
  },
  method(n, span) {
    return { kind: "def", name: this.text(this.field(n, "name")!), singleton: false, params: this.params(this.field(n, "parameters")), body: methodBody.call(this, n), span };
  },
  singleton_method(n, span) {
    return { kind: "def", name: this.text(this.field(n, "name")!), singleton: true, params: this.params(this.field(n, "parameters")), body: methodBody.call(this, n), span };
  },
  class(n, span) {
    const superclass = this.field(n, "superclass");
    return {
      kind: "class",
      name: this.node(this.field(n, "name")!),
      superclass: superclass ? this.node(superclass.namedChildren[0]!) : null,
      body: this.bodyOf(this.field(n, "body")),
      span,
    };
  },
  singleton_class(n, span) {
    return { kind: "sclass", body: this.bodyOf(this.field(n, "body")), span };
  },
  module(n, span) {
    return { kind: "module", name: this.node(this.field(n, "name")!), body: this.bodyOf(this.field(n, "body")), span };
  },
  lambda(n, span) {
    const body = this.field(n, "body");
    const params = this.field(n, "parameters");
    const inner = body && (body.type === "block" || body.type === "do_block") ? this.block(body) : null;
    return {
      kind: "lambda",
      params: params ? this.params(params) : (inner?.params ?? []),
      body: inner ? inner.body : this.statements(body),
      span,
    };
  },
  return(n, span) {
    return { kind: "return", value: jumpValue.call(this, n), span };
  },
  break(n, span) {
    return { kind: "break", value: jumpValue.call(this, n), span };
  },
  next(n, span) {
    return { kind: "next", value: jumpValue.call(this, n), span };
  },
  yield(n, span) {
    return { kind: "yield", args: this.args(n.namedChildren[0] ?? null), span };
  },
  super(n, span) {
    const list = n.namedChildren.find((c) => c.type === "argument_list");
    return { kind: "super", args: list ? this.args(list) : null, span };
  },
  element_reference(n, span) {
    const object = this.field(n, "object")!;
    const args = n.namedChildren.slice(1).flatMap((c) => (c.type === "pair" ? [] : [this.node(c)]));
    return { kind: "index", receiver: this.node(object), args, span };
  },
  parenthesized_expression(n, span) {
    return CONVERTERS.parenthesized_statements!.call(this, n, span);
  },
};

/** The bare `*` argument: the method's anonymous rest, splatted. */
function anonymousSplat(span: Span): Node {
  return { kind: "splat", value: { kind: "ident", name: ANONYMOUS_REST, span }, span };
}

function dedent(parts: Array<string | Node>): Array<string | Node> {
  // An interpolation is line content (a placeholder) when measuring; whitespace-only lines do not count.
  const text = parts.map((p) => (typeof p === "string" ? p : "\u0000")).join("");
  const indents = text.split("\n").filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const min = indents.length ? Math.min(...indents) : 0;
  if (!min) return parts;
  // Drop up to `min` spaces at the start of every line, across parts (a line may begin in one part).
  let skip = min;
  return parts.map((p) => {
    if (typeof p !== "string") {
      skip = 0;
      return p;
    }
    let out = "";
    for (const ch of p) {
      if (ch === "\n") {
        out += ch;
        skip = min;
      } else if (skip > 0 && ch === " ") skip--;
      else {
        skip = 0;
        out += ch;
      }
    }
    return out;
  }).filter((p) => p !== "");
}

/**
 * A regexp literal's flags: the letters after its closing delimiter. Read from the end: `/[a-z]*$/` backtracks at every
 * letter of a long literal (a 220 KB view took over 10 s, found by the fuzzer).
 */
function trailingLetters(text: string): string {
  let start = text.length;
  while (start > 0) {
    const c = text.charCodeAt(start - 1);
    if (c < 97 || c > 122) break;
    start--;
  }
  return text.slice(start);
}
