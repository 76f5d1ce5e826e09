// A tiny evaluator for the Ruby expressions recorded in the helper vectors (test support only).
// It parses the call string with tree-sitter-ruby and applies the lowering convention of the runtime
// (String/Symbol -> string, nil -> null, Hash -> plain object, block -> trailing function); every
// method it meets is resolved by a `Dispatch` table the test supplies, so the mapping from Ruby call to
// TS call lives in the test file, not here. Unsupported syntax throws, and the test reports it.
import Parser from "tree-sitter";
import Ruby from "tree-sitter-ruby";
import type { SyntaxNode } from "tree-sitter";
import { RubyRange } from "../runtime/ruby/ruby.js";

/** A Ruby call's arguments: positional, keyword hash (bare `k: v` pairs) and block. */
export interface Call {
  args: unknown[];
  kwargs: Record<string, unknown> | null;
  block: ((...a: unknown[]) => unknown) | null;
}

/** The lowered argument list: positional..., kwargs object (if any), block function (if any). */
export function flat(c: Call): unknown[] {
  const out = [...c.args];
  if (c.kwargs) out.push(c.kwargs);
  if (c.block) out.push(c.block);
  return out;
}

export interface Dispatch {
  /** A receiver-less method call (`link_to ...`, `root_path`). */
  helper(name: string, call: Call, scope: Scope): unknown;
  /** `recv.name(...)`. */
  method(recv: unknown, name: string, call: Call, scope: Scope): unknown;
  constant(path: string): unknown;
  ivar(name: string): unknown;
  /** `:sym` literals: usually the string, but a dispatch may map some (e.g. `:back`). */
  symbol?(name: string): unknown;
}

export class Scope {
  private vars = new Map<string, unknown>();
  constructor(private readonly parent: Scope | null = null) {}
  has(name: string): boolean {
    return this.vars.has(name) || (this.parent?.has(name) ?? false);
  }
  get(name: string): unknown {
    return this.vars.has(name) ? this.vars.get(name) : this.parent?.get(name);
  }
  set(name: string, v: unknown): void {
    if (!this.vars.has(name) && this.parent?.has(name)) this.parent.set(name, v);
    else this.vars.set(name, v);
  }
  define(name: string, v: unknown): void {
    this.vars.set(name, v);
  }
}

let parser: Parser | null = null;
function parse(src: string): SyntaxNode {
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(Ruby);
  }
  const tree = parser.parse(src);
  if (tree.rootNode.hasError) throw new Error(`parse error: ${src}`);
  return tree.rootNode;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n", t: "\t", r: "\r", e: "\x1b", s: " ", "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v",
};

function unescape(seq: string): string {
  const body = seq.slice(1);
  if (body.startsWith("u{")) return body.slice(2, -1).split(/\s+/).map((h) => String.fromCodePoint(parseInt(h, 16))).join("");
  if (body.startsWith("u")) return String.fromCharCode(parseInt(body.slice(1), 16));
  if (body.startsWith("x")) return String.fromCharCode(parseInt(body.slice(1), 16));
  return SIMPLE_ESCAPES[body] ?? body;
}

export class Evaluator {
  constructor(private readonly d: Dispatch) {}

  run(src: string, scope = new Scope()): unknown {
    return this.statements(parse(src).namedChildren, scope);
  }

  statements(nodes: SyntaxNode[], scope: Scope): unknown {
    let last: unknown = null;
    for (const n of nodes) if (n.type !== "comment") last = this.eval(n, scope);
    return last;
  }

  private stringParts(node: SyntaxNode, scope: Scope): string {
    const single = node.text.startsWith("'");
    let out = "";
    for (const c of node.namedChildren) {
      if (c.type === "string_content") out += single ? c.text.replace(/\\([\\'])/g, "$1") : c.text;
      else if (c.type === "escape_sequence") out += single ? c.text.replace(/\\([\\'])/g, "$1") : unescape(c.text);
      else if (c.type === "interpolation") out += this.interpolate(c, scope);
      else throw new Error(`string part ${c.type}`);
    }
    return out;
  }

  private interpolate(node: SyntaxNode, scope: Scope): string {
    const v = this.statements(node.namedChildren, scope);
    return this.d.method(v, "to_s", { args: [], kwargs: null, block: null }, scope) as string;
  }

  eval(node: SyntaxNode, scope: Scope): unknown {
    switch (node.type) {
      case "string": return this.stringParts(node, scope);
      case "chained_string": return node.namedChildren.map((c) => this.stringParts(c, scope)).join("");
      case "bare_string": return this.stringParts(node, scope);
      case "string_array": return node.namedChildren.map((c) => this.eval(c, scope));
      case "simple_symbol": return this.symbol(node.text.slice(1));
      case "delimited_symbol": return this.symbol(this.stringParts(node, scope));
      case "hash_key_symbol": return node.text;
      case "integer": return this.integer(node.text);
      case "float": return Number(node.text.replace(/_/g, ""));
      case "nil": return null;
      case "true": return true;
      case "false": return false;
      case "self": return SELF;
      case "regex": return new RegExp(node.namedChildren.map((c) => c.text).join(""));
      case "array": return node.namedChildren.map((c) => this.eval(c, scope));
      case "hash": return this.hash(node.namedChildren, scope);
      case "range": return this.range(node, scope);
      case "parenthesized_statements": return this.statements(node.namedChildren, scope);
      case "instance_variable": return this.d.ivar(node.text.slice(1));
      case "constant": return this.d.constant(node.text);
      case "scope_resolution": return this.d.constant(node.text);
      case "identifier": return scope.has(node.text) ? scope.get(node.text) : this.d.helper(node.text, noArgs(), scope);
      case "assignment": return this.assign(node, scope);
      case "call": return this.call(node, scope);
      case "element_reference": return this.elementReference(node, scope);
      case "binary": return this.binary(node, scope);
      case "unary": return this.unary(node, scope);
      case "conditional": return truthy(this.eval(node.childForFieldName("condition")!, scope))
        ? this.eval(node.childForFieldName("consequence")!, scope) : this.eval(node.childForFieldName("alternative")!, scope);
      default: throw new Error(`unsupported Ruby syntax: ${node.type} (${node.text})`);
    }
  }

  private symbol(name: string): unknown {
    return this.d.symbol ? this.d.symbol(name) : name;
  }

  private integer(text: string): number | bigint {
    const n = Number(text.replace(/_/g, ""));
    return Number.isSafeInteger(n) ? n : BigInt(text.replace(/_/g, ""));
  }

  private hash(pairs: SyntaxNode[], scope: Scope): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of pairs) {
      if (p.type !== "pair") throw new Error(`hash element ${p.type}`);
      const k = p.childForFieldName("key")!;
      const key = k.type === "hash_key_symbol" ? k.text : this.eval(k, scope);
      out[key === null ? "" : String(key)] = this.eval(p.childForFieldName("value")!, scope);
    }
    return out;
  }

  private range(node: SyntaxNode, scope: Scope): RubyRange {
    const b = this.eval(node.childForFieldName("begin")!, scope) as number;
    const e = this.eval(node.childForFieldName("end")!, scope) as number;
    return new RubyRange(b, e, node.text.includes("..."));
  }

  private assign(node: SyntaxNode, scope: Scope): unknown {
    const left = node.childForFieldName("left")!;
    const v = this.eval(node.childForFieldName("right")!, scope);
    if (left.type !== "identifier") throw new Error(`assignment to ${left.type}`);
    scope.set(left.text, v);
    return v;
  }

  private args(node: SyntaxNode | null, scope: Scope): Call {
    const call: Call = { args: [], kwargs: null, block: null };
    for (const a of node?.namedChildren ?? []) {
      if (a.type === "pair") call.kwargs = { ...(call.kwargs ?? {}), ...this.hash([a], scope) };
      else if (a.type === "block_argument") call.block = this.eval(a.namedChildren[0]!, scope) as Call["block"];
      else if (a.type === "splat_argument") call.args.push(...(this.eval(a.namedChildren[0]!, scope) as unknown[]));
      else call.args.push(this.eval(a, scope));
    }
    return call;
  }

  private block(node: SyntaxNode, scope: Scope): (...a: unknown[]) => unknown {
    const params = node.childForFieldName("parameters")?.namedChildren.map((p) => p.text) ?? [];
    const body = node.namedChildren.find((c) => c.type === "block_body" || c.type === "body_statement");
    return (...a: unknown[]) => {
      const inner = new Scope(scope);
      params.forEach((p, i) => inner.define(p, a[i] ?? null));
      return body ? this.statements(body.namedChildren, inner) : null;
    };
  }

  private call(node: SyntaxNode, scope: Scope): unknown {
    const recvNode = node.childForFieldName("receiver");
    const method = node.childForFieldName("method")!.text;
    const call = this.args(node.childForFieldName("arguments"), scope);
    const blockNode = node.childForFieldName("block");
    if (blockNode) call.block = this.block(blockNode, scope);
    if (!recvNode) return this.d.helper(method, call, scope);
    const recv = this.eval(recvNode, scope);
    if (recv === SELF) return method === "class" ? SELF : this.d.helper(method, call, scope);
    return this.d.method(recv, method, call, scope);
  }

  private elementReference(node: SyntaxNode, scope: Scope): unknown {
    const [obj, ...idx] = node.namedChildren;
    const recv = this.eval(obj!, scope);
    return this.d.method(recv, "[]", { args: idx.map((i) => this.eval(i, scope)), kwargs: null, block: null }, scope);
  }

  private binary(node: SyntaxNode, scope: Scope): unknown {
    const op = node.child(1)!.text;
    const left = this.eval(node.childForFieldName("left")!, scope);
    if (op === "&&" || op === "and") return truthy(left) ? this.eval(node.childForFieldName("right")!, scope) : left;
    if (op === "||" || op === "or") return truthy(left) ? left : this.eval(node.childForFieldName("right")!, scope);
    const right = this.eval(node.childForFieldName("right")!, scope);
    return this.d.method(left, op, { args: [right], kwargs: null, block: null }, scope);
  }

  private unary(node: SyntaxNode, scope: Scope): unknown {
    const op = node.child(0)!.text;
    const v = this.eval(node.namedChildren[0]!, scope);
    if (op === "!" || op === "not") return !truthy(v);
    if (op === "-") return typeof v === "bigint" ? -v : -(v as number);
    return v;
  }
}

/** `self` as a receiver (`self.class.full_sanitizer`). */
export const SELF = Symbol("self");

export function noArgs(): Call {
  return { args: [], kwargs: null, block: null };
}

export function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}
