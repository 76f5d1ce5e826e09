// Our own typed Ruby IR. Later phases never see tree-sitter nodes: src/parse/ruby.ts converts them into these,
// keeping a source span on every node so a diagnostic can point at file:line:col.
//
//   Ruby                         IR
//   foo.bar(1, k: 2) { |x| }     { kind: "call", receiver: ident foo, method: "bar", args: [int, hash], block }
//   @x = y                       { kind: "assign", target: ivar @x, value: ident y }
//   obj.attr = v                 { kind: "call", method: "attr=", args: [v] }   (setter calls are calls)
//   "a#{b}"                      { kind: "str", parts: ["a", ident b] }
//   :sym / sym: (hash key)       { kind: "sym", name: "sym" }
//   x if y / unless / ?:         { kind: "if", cond, then, else }   (unless negates: cond wrapped in "not")

// The span type itself is the diagnostics foundation's (a diagnostic points at one); re-exported here, with the nodes.
import type { Span } from "../diagnostics/span.js";
export type { Span };

export interface Param {
  kind: "req" | "opt" | "rest" | "key" | "keyopt" | "keyrest" | "block" | "destructure";
  name: string;
  default?: Node;
  /** For "destructure": the names inside `|(a, b)|`. */
  names?: string[];
}

export interface Block {
  params: Param[];
  /** Block-local variables, `|x; y|`: fresh in each call, never the outer local of that name. */
  locals?: string[];
  body: Node[];
  span: Span;
}

interface Base {
  span: Span;
}

export interface InClause {
  pattern: Pattern;
  guard: { cond: Node; unless: boolean } | null;
  body: Node[];
}

/** A pattern of case/in, `=>` and `in` (Ruby's pattern matching). */
export type Pattern =
  /** `pattern === value`: a literal, a constant, a range, a pinned `^x` / `^(expr)`. */
  | { p: "value"; node: Node }
  /** A bare name binds the value (`_` too). */
  | { p: "bind"; name: string }
  | { p: "alt"; alts: Pattern[] }
  | { p: "as"; pattern: Pattern; name: string }
  /** `[a, *rest, b]` / `Const[...]`: rest null when there is no splat; its name null for a bare `*`. */
  | { p: "array"; constant: Node | null; pre: Pattern[]; rest: { name: string | null } | null; post: Pattern[] }
  /** `[*pre, a, b, *post]`. */
  | { p: "find"; constant: Node | null; pre: string | null; mid: Pattern[]; post: string | null }
  /** `{ k:, k: pattern, **rest }` / `Const(k:)`: rest "nil" for `**nil`. */
  | { p: "hash"; constant: Node | null; keys: Array<{ key: string; pattern: Pattern | null }>; rest: { name: string | null } | "nil" | null };

/** The expressions inside a pattern (values, pins, constants), for walks over the tree. */
export function patternNodes(p: Pattern): Node[] {
  switch (p.p) {
    case "value":
      return [p.node];
    case "bind":
      return [];
    case "alt":
      return p.alts.flatMap(patternNodes);
    case "as":
      return patternNodes(p.pattern);
    case "array":
      return [...(p.constant ? [p.constant] : []), ...p.pre.flatMap(patternNodes), ...p.post.flatMap(patternNodes)];
    case "find":
      return [...(p.constant ? [p.constant] : []), ...p.mid.flatMap(patternNodes)];
    case "hash":
      return [...(p.constant ? [p.constant] : []), ...p.keys.flatMap((k) => (k.pattern ? patternNodes(k.pattern) : []))];
  }
}

export type Node =
  | (Base & { kind: "nil" | "true" | "false" | "self" })
  // `exact`: the decimal digits of an Integer past 2**53, which `value` can only approximate.
  | (Base & { kind: "int"; value: number; exact?: string })
  | (Base & { kind: "float"; value: number })
  | (Base & { kind: "str"; parts: Array<string | Node> })
  | (Base & { kind: "sym"; name: string })
  | (Base & { kind: "dsym"; parts: Array<string | Node> })
  | (Base & { kind: "regex"; source: string; flags: string })
  // `/a#{x}b/m`: the literal parts are regexp source, the others values whose to_s goes in unescaped.
  | (Base & { kind: "dregex"; parts: Array<string | Node>; flags: string })
  | (Base & { kind: "array"; elements: Node[] })
  // `keywords`: the bare `k: v, **h` of a call's arguments (Ruby's keyword arguments), not a `{ }` literal.
  | (Base & { kind: "hash"; pairs: Array<{ key: Node; value: Node }>; keywords?: true })
  | (Base & { kind: "range"; from: Node | null; to: Node | null; exclusive: boolean })
  | (Base & { kind: "ident"; name: string })
  | (Base & { kind: "ivar"; name: string })
  | (Base & { kind: "gvar"; name: string })
  | (Base & { kind: "cvar"; name: string })
  | (Base & { kind: "const"; scope: Node | null; name: string })
  | (Base & {
      kind: "call";
      receiver: Node | null;
      method: string;
      args: Node[];
      block: Block | null;
      /** `&.` */
      safeNav: boolean;
      /** true when written with parentheses: `foo()` — distinguishes a call from a local read. */
      parens: boolean;
    })
  | (Base & { kind: "splat"; value: Node })
  | (Base & { kind: "dsplat"; value: Node })
  | (Base & { kind: "blockPass"; value: Node | null })
  | (Base & { kind: "assign"; target: Node; value: Node })
  | (Base & { kind: "multiAssign"; targets: Node[]; value: Node })
  | (Base & { kind: "opAssign"; op: string; target: Node; value: Node })
  | (Base & { kind: "binary"; op: string; left: Node; right: Node })
  | (Base & { kind: "not"; expr: Node })
  | (Base & { kind: "unary"; op: string; expr: Node })
  | (Base & { kind: "defined"; expr: Node })
  | (Base & { kind: "if"; cond: Node; then: Node[]; else: Node[] })
  // `doWhile`: `begin ... end while c` runs its body once before the first test.
  | (Base & { kind: "while"; cond: Node; body: Node[]; until: boolean; doWhile?: boolean })
  // `for a, b in list ... end`: the targets are assigned in the enclosing scope (they stay visible after the loop).
  | (Base & { kind: "for"; targets: Node[]; iter: Node; body: Node[] })
  | (Base & { kind: "retry" })
  | (Base & { kind: "case"; subject: Node | null; whens: Array<{ tests: Node[]; body: Node[] }>; else: Node[] | null })
  // case/in: each clause's pattern, guard (`if`/`unless`) and body; no else raises NoMatchingPatternError.
  | (Base & { kind: "caseIn"; subject: Node; clauses: InClause[]; else: Node[] | null })
  // `value => pattern` (raise: true, binds or raises) and `value in pattern` (a boolean that binds).
  | (Base & { kind: "matchPattern"; value: Node; pattern: Pattern; raise: boolean })
  | (Base & { kind: "seq"; body: Node[] })
  | (Base & {
      kind: "begin";
      body: Node[];
      rescues: Array<{ classes: Node[]; variable: string | null; body: Node[] }>;
      elseBody: Node[] | null;
      ensure: Node[] | null;
    })
  | (Base & { kind: "def"; name: string; singleton: boolean; params: Param[]; body: Node[] })
  | (Base & { kind: "class"; name: Node; superclass: Node | null; body: Node[] })
  | (Base & { kind: "sclass"; body: Node[] })
  | (Base & { kind: "module"; name: Node; body: Node[] })
  | (Base & { kind: "lambda"; params: Param[]; body: Node[] })
  | (Base & { kind: "return" | "break" | "next"; value: Node | null })
  | (Base & { kind: "yield"; args: Node[] })
  | (Base & { kind: "super"; args: Node[] | null })
  | (Base & { kind: "index"; receiver: Node; args: Node[] })
  | (Base & { kind: "unknown"; type: string; text: string });

export type NodeOf<K extends Node["kind"]> = Extract<Node, { kind: K }>;

export function isKind<K extends Node["kind"]>(node: Node | null | undefined, kind: K): node is NodeOf<K> {
  return node != null && node.kind === kind;
}

/** The string value of a literal without interpolation, or null. */
export function literalString(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.kind === "sym") return node.name;
  if ((node.kind === "str" || node.kind === "dsym") && node.parts.every((p) => typeof p === "string")) {
    return node.parts.join("");
  }
  return null;
}

/** The trailing options hash of a call's arguments (Ruby's keyword arguments), if any. */
export function optionsOf(args: Node[]): Map<string, Node> {
  const map = new Map<string, Node>();
  const last = args[args.length - 1];
  if (last && last.kind === "hash") {
    for (const { key, value } of last.pairs) {
      const name = literalString(key);
      if (name !== null) map.set(name, value);
    }
  }
  return map;
}

/** Arguments without the trailing options hash. */
export function positionalArgs(args: Node[]): Node[] {
  const last = args[args.length - 1];
  return last && last.kind === "hash" && last.pairs.every((p) => p.key.kind === "sym") ? args.slice(0, -1) : args;
}

/** Every node below `node` (itself included), depth first: blocks, branches, arguments, bodies. */
/**
 * `Rails.application.config.x` read as a chain: the method names of its argument-less, block-less calls, outermost
 * last, and the root they hang on (a constant, a bare name, or null for a receiver-less first call).
 */
export function methodChain(node: Node | null): { root: Node | null; names: string[] } {
  const names: string[] = [];
  let n = node;
  while (n?.kind === "call" && n.args.length === 0 && !n.block) {
    names.unshift(n.method);
    n = n.receiver;
  }
  return { root: n, names };
}

/** A top-level constant written as `Name` (not `A::Name`). */
export function isTopConst(node: Node | null, name: string): boolean {
  return node?.kind === "const" && node.scope === null && node.name === name;
}

export function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const child of childNodes(node)) walk(child, visit);
}

/** A node's direct children (a call's block body among them). */
export function childNodes(n: Node): Node[] {
  switch (n.kind) {
    case "str":
    case "dsym":
    case "dregex":
      return n.parts.filter((p): p is Node => typeof p !== "string");
    case "array":
      return n.elements;
    case "hash":
      return n.pairs.flatMap((p) => [p.key, p.value]);
    case "range":
      return [n.from, n.to].filter((x): x is Node => x !== null);
    case "const":
      return n.scope ? [n.scope] : [];
    case "call":
      return [...(n.receiver ? [n.receiver] : []), ...n.args, ...(n.block ? n.block.body : [])];
    case "splat":
    case "dsplat":
      return [n.value];
    case "blockPass":
      return n.value ? [n.value] : [];
    case "assign":
    case "opAssign":
      return [n.target, n.value];
    case "multiAssign":
      return [...n.targets, n.value];
    case "binary":
      return [n.left, n.right];
    case "not":
    case "unary":
    case "defined":
      return [n.expr];
    case "if":
      return [n.cond, ...n.then, ...n.else];
    case "while":
      return [n.cond, ...n.body];
    case "for":
      return [...n.targets, n.iter, ...n.body];
    case "case":
      return [...(n.subject ? [n.subject] : []), ...n.whens.flatMap((w) => [...w.tests, ...w.body]), ...(n.else ?? [])];
    case "caseIn":
      return [n.subject, ...n.clauses.flatMap((c) => [...patternNodes(c.pattern), ...(c.guard ? [c.guard.cond] : []), ...c.body]), ...(n.else ?? [])];
    case "matchPattern":
      return [n.value, ...patternNodes(n.pattern)];
    case "seq":
      return n.body;
    case "begin":
      return [...n.body, ...n.rescues.flatMap((r) => [...r.classes, ...r.body]), ...(n.elseBody ?? []), ...(n.ensure ?? [])];
    case "def":
    case "class":
    case "sclass":
    case "module":
    case "lambda":
      return n.body;
    case "return":
    case "break":
    case "next":
      return n.value ? [n.value] : [];
    case "yield":
      return n.args;
    case "super":
      return n.args ?? [];
    case "index":
      return [n.receiver, ...n.args];
    default:
      return [];
  }
}
