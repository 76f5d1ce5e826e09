// XPath 1.0 over the runtime's HTML tree, the subset Nokogiri's Node#xpath / at_xpath is asked for by apps:
//   /html/head/meta   //meta   //*/meta   .//a   ..   .   *   @href   text()   node()   comment()
//   [@property]   [@name="x"]   [starts-with(@property, "og:") or starts-with(@name, "og:")]   [2]   [last()]
//   = != (node-sets compared as XPath says: some node's string-value), and or, not() contains() starts-with()
//   boolean() normalize-space() string() count() position() last() name() local-name() concat() true() false()
// Anything else (other axes spelled out, arithmetic, relational operators, unions, variables) is refused with an
// XPathUnsupported naming the expression, never evaluated approximately. Attribute steps answer Attr nodes (name,
// value), which Node#xpath wraps.
import type { HtmlElement, HtmlNode } from "../../action-view/html/tree.js";

export interface XPathAttr {
  kind: "attr";
  name: string;
  value: string;
  owner: HtmlElement;
}
export type XPathNode = HtmlNode | XPathAttr;
type Value = XPathNode[] | string | number | boolean;

export class XPathUnsupported extends Error {
  override name = "NotImplementedError";
}

type Expr =
  | { t: "path"; absolute: boolean; start: Expr | null; steps: Step[] }
  | { t: "or" | "and" | "=" | "!="; left: Expr; right: Expr }
  | { t: "literal"; value: string }
  | { t: "number"; value: number }
  | { t: "call"; name: string; args: Expr[] };
interface Step {
  axis: "child" | "descendant-or-self" | "self" | "parent" | "attribute";
  test: { kind: "name"; name: string } | { kind: "any" } | { kind: "text" | "node" | "comment" };
  predicates: Expr[];
}

const TOKEN = /\s*(\/\/|\/|\.\.|\.|@|\*|\[|\]|\(|\)|,|!=|=|<=|>=|<|>|\||\$|"[^"]*"|'[^']*'|\d+(?:\.\d+)?|[A-Za-z_][\w.-]*(?:::)?|\S)/y;

function tokenize(source: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(source); m && m.index < source.length; m = TOKEN.exec(source)) {
    out.push(m[1]!);
    if (TOKEN.lastIndex >= source.length) break;
  }
  if (/\S/.test(source.slice(TOKEN.lastIndex))) throw new XPathUnsupported(`rails2ts: XPath ${JSON.stringify(source)} is not read`);
  return out;
}

const FUNCTIONS: Record<string, [number, number]> = {
  "starts-with": [2, 2], contains: [2, 2], not: [1, 1], "normalize-space": [0, 1], string: [0, 1], count: [1, 1],
  position: [0, 0], last: [0, 0], name: [0, 1], "local-name": [0, 1], concat: [2, Infinity], true: [0, 0], false: [0, 0], boolean: [1, 1],
};

class Parser {
  private i = 0;
  constructor(private readonly tokens: string[], private readonly source: string) {}

  private refuse(what: string): never {
    throw new XPathUnsupported(`rails2ts: XPath ${JSON.stringify(this.source)}: ${what} is not supported`);
  }

  private peek(): string | undefined {
    return this.tokens[this.i];
  }

  private take(expected?: string): string {
    const t = this.tokens[this.i++];
    if (t === undefined || (expected !== undefined && t !== expected)) this.refuse(`expected ${expected ?? "more"} at ${JSON.stringify(t ?? "the end")}`);
    return t;
  }

  parse(): Expr {
    const e = this.or();
    if (this.i < this.tokens.length) this.refuse(JSON.stringify(this.peek()));
    return e;
  }

  private or(): Expr {
    let left = this.and();
    while (this.peek() === "or") {
      this.i++;
      left = { t: "or", left, right: this.and() };
    }
    return left;
  }

  private and(): Expr {
    let left = this.equality();
    while (this.peek() === "and") {
      this.i++;
      left = { t: "and", left, right: this.equality() };
    }
    return left;
  }

  private equality(): Expr {
    let left = this.primaryOrPath();
    while (this.peek() === "=" || this.peek() === "!=") {
      const op = this.take() as "=" | "!=";
      left = { t: op, left, right: this.primaryOrPath() };
    }
    if (["<", ">", "<=", ">=", "|", "+", "-", "div", "mod"].includes(this.peek() ?? "")) this.refuse(`the operator ${this.peek()}`);
    return left;
  }

  private primaryOrPath(): Expr {
    const t = this.peek();
    if (t === undefined) this.refuse("an empty expression");
    if (t.startsWith('"') || t.startsWith("'")) return { t: "literal", value: this.take().slice(1, -1) };
    if (/^\d/.test(t)) return { t: "number", value: Number(this.take()) };
    if (t === "(") {
      this.take();
      const e = this.or();
      this.take(")");
      return this.pathAfter(e);
    }
    if (t === "$") this.refuse("a variable");
    if (/^[A-Za-z_]/.test(t) && this.tokens[this.i + 1] === "(" && !["text", "node", "comment"].includes(t)) {
      return this.pathAfter(this.call());
    }
    return this.path();
  }

  private call(): Expr {
    const name = this.take();
    if (!(name in FUNCTIONS)) this.refuse(`the function ${name}()`);
    this.take("(");
    const args: Expr[] = [];
    if (this.peek() !== ")") {
      args.push(this.or());
      while (this.peek() === ",") {
        this.take();
        args.push(this.or());
      }
    }
    this.take(")");
    const [min, max] = FUNCTIONS[name]!;
    if (args.length < min || args.length > max) this.refuse(`${name}() with ${args.length} arguments`);
    return { t: "call", name, args };
  }

  /** A filter expression followed by a path: `(//a)[1]/b` is not read (predicates on a filter expression). */
  private pathAfter(start: Expr): Expr {
    if (this.peek() === "[") this.refuse("a predicate on a filter expression");
    if (this.peek() !== "/" && this.peek() !== "//") return start;
    const steps: Step[] = [];
    this.steps(steps);
    return { t: "path", absolute: false, start, steps };
  }

  private path(): Expr {
    const steps: Step[] = [];
    const absolute = this.peek() === "/" || this.peek() === "//";
    if (this.peek() === "/") {
      this.take();
      if (!this.startsStep()) return { t: "path", absolute, start: null, steps };
    } else if (this.peek() === "//") {
      this.take();
      steps.push(anyNodeStep("descendant-or-self"));
    }
    steps.push(this.step());
    this.steps(steps);
    return { t: "path", absolute, start: null, steps };
  }

  private steps(steps: Step[]): void {
    while (this.peek() === "/" || this.peek() === "//") {
      if (this.take() === "//") steps.push(anyNodeStep("descendant-or-self"));
      steps.push(this.step());
    }
  }

  private startsStep(): boolean {
    const t = this.peek();
    return t !== undefined && (t === "." || t === ".." || t === "@" || t === "*" || /^[A-Za-z_]/.test(t));
  }

  private step(): Step {
    const t = this.peek();
    if (t === ".") {
      this.take();
      return anyNodeStep("self");
    }
    if (t === "..") {
      this.take();
      return anyNodeStep("parent");
    }
    let axis: Step["axis"] = "child";
    if (t === "@") {
      this.take();
      axis = "attribute";
    } else if (t?.endsWith("::")) {
      const name = this.take().slice(0, -2);
      const axes: Record<string, Step["axis"]> = { child: "child", self: "self", parent: "parent", attribute: "attribute", "descendant-or-self": "descendant-or-self" };
      if (!axes[name]) this.refuse(`the axis ${name}::`);
      axis = axes[name]!;
    }
    const name = this.take();
    let test: Step["test"];
    if (name === "*") test = { kind: "any" };
    else if ((name === "text" || name === "node" || name === "comment") && this.peek() === "(") {
      this.take("(");
      this.take(")");
      test = { kind: name };
    } else if (/^[A-Za-z_][\w.-]*$/.test(name) && this.peek() !== "(") test = { kind: "name", name };
    else this.refuse(`the node test ${JSON.stringify(name)}`);
    const predicates: Expr[] = [];
    while (this.peek() === "[") {
      this.take();
      predicates.push(this.or());
      this.take("]");
    }
    return { axis, test, predicates };
  }
}

function anyNodeStep(axis: Step["axis"]): Step {
  return { axis, test: { kind: "node" }, predicates: [] };
}

const parsed = new Map<string, Expr>();

/** The expression read, or an XPathUnsupported naming what is not (the compiler asks this of literal expressions). */
export function parseXPath(source: string): Expr {
  let e = parsed.get(source);
  if (!e) {
    e = new Parser(tokenize(source), source).parse();
    if (parsed.size < 1000) parsed.set(source, e);
  }
  return e;
}

interface Context {
  node: XPathNode;
  position: number;
  size: number;
}

function rootOf(node: XPathNode): HtmlNode {
  let n: HtmlNode = node.kind === "attr" ? node.owner : node;
  while (n.parent) n = n.parent;
  return n;
}

function childrenOf(node: XPathNode): HtmlNode[] {
  return node.kind === "element" ? node.children : [];
}

function descendantsOrSelf(node: XPathNode, out: XPathNode[]): void {
  out.push(node);
  for (const c of childrenOf(node)) descendantsOrSelf(c, out);
}

function matches(node: XPathNode, step: Step): boolean {
  const { test } = step;
  if (test.kind === "node") return true;
  if (test.kind === "text") return node.kind === "text" || node.kind === "cdata";
  if (test.kind === "comment") return node.kind === "comment";
  // The principal node type: attributes on the attribute axis, elements elsewhere ("#document"/"#fragment" roots are none).
  const principal = step.axis === "attribute" ? node.kind === "attr" : node.kind === "element" && !node.name.startsWith("#");
  if (!principal) return false;
  return test.kind === "any" || (test.kind === "name" && (node as { name: string }).name === test.name);
}

function axisNodes(node: XPathNode, axis: Step["axis"]): XPathNode[] {
  switch (axis) {
    case "child":
      return childrenOf(node);
    case "self":
      return [node];
    case "parent":
      return node.kind === "attr" ? [node.owner] : node.parent ? [node.parent] : [];
    case "attribute":
      return node.kind === "element" ? node.attrs.filter((a) => a.length === 2).map((a) => ({ kind: "attr" as const, name: a[0], value: a[1], owner: node })) : [];
    case "descendant-or-self": {
      const out: XPathNode[] = [];
      descendantsOrSelf(node, out);
      return out;
    }
  }
}

/** A node-set, each node once (attribute nodes, made per step, compared by owner and name). */
function unique(nodes: XPathNode[]): XPathNode[] {
  const seen = new Set<HtmlNode>();
  const seenAttrs = new Map<HtmlElement, Set<string>>();
  return nodes.filter((n) => {
    if (n.kind === "attr") {
      const names = seenAttrs.get(n.owner) ?? seenAttrs.set(n.owner, new Set()).get(n.owner)!;
      return names.has(n.name) ? false : (names.add(n.name), true);
    }
    return seen.has(n) ? false : (seen.add(n), true);
  });
}

function evalSteps(start: XPathNode[], steps: Step[]): XPathNode[] {
  let current = start;
  for (const step of steps) {
    const next: XPathNode[] = [];
    for (const node of current) {
      let candidates = axisNodes(node, step.axis).filter((n) => matches(n, step));
      for (const predicate of step.predicates) {
        const size = candidates.length;
        candidates = candidates.filter((n, i) => {
          const v = evaluate(predicate, { node: n, position: i + 1, size });
          return typeof v === "number" ? v === i + 1 : toBoolean(v);
        });
      }
      next.push(...candidates);
    }
    current = current.length > 1 ? documentOrder(unique(next)) : unique(next);
  }
  return current;
}

/** Nodes sorted in document order (an attribute after its element, before the element's children). */
function documentOrder(nodes: XPathNode[]): XPathNode[] {
  if (nodes.length < 2) return nodes;
  const index = new Map<HtmlNode, number>();
  const walk = (n: HtmlNode) => {
    index.set(n, index.size);
    if (n.kind === "element") for (const c of n.children) walk(c);
  };
  walk(rootOf(nodes[0]!));
  const key = (n: XPathNode) => (n.kind === "attr" ? index.get(n.owner)! + (n.owner.attrs.findIndex((a) => a[0] === n.name) + 1) / (n.owner.attrs.length + 1) : index.get(n)!);
  return [...nodes].sort((a, b) => key(a) - key(b));
}

export function stringValue(node: XPathNode): string {
  if (node.kind === "attr") return node.value;
  if (node.kind === "element") return node.children.map((c) => (c.kind === "comment" ? "" : stringValue(c))).join("");
  return node.data;
}

function toStr(v: Value): string {
  if (Array.isArray(v)) return v.length ? stringValue(v[0]!) : "";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : Number.isNaN(v) ? "NaN" : String(v);
  return typeof v === "boolean" ? String(v) : v;
}

function toBoolean(v: Value): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "number") return v !== 0 && !Number.isNaN(v);
  return typeof v === "string" ? v.length > 0 : v;
}

function compare(op: "=" | "!=", a: Value, b: Value): boolean {
  const test = (x: string | number | boolean, y: string | number | boolean) => {
    const eq = typeof x === "boolean" || typeof y === "boolean" ? toBoolean(x) === toBoolean(y)
      : typeof x === "number" || typeof y === "number" ? Number(x) === Number(y) : x === y;
    return op === "=" ? eq : !eq;
  };
  if (Array.isArray(a) && Array.isArray(b)) return a.some((x) => b.some((y) => test(stringValue(x), stringValue(y))));
  if (Array.isArray(b)) return compare(op, b, a);
  if (Array.isArray(a)) return typeof b === "boolean" ? test(toBoolean(a), b) : a.some((x) => test(stringValue(x), b));
  return test(a, b);
}

function evaluate(e: Expr, ctx: Context): Value {
  switch (e.t) {
    case "literal":
    case "number":
      return e.value;
    case "or":
      return toBoolean(evaluate(e.left, ctx)) || toBoolean(evaluate(e.right, ctx));
    case "and":
      return toBoolean(evaluate(e.left, ctx)) && toBoolean(evaluate(e.right, ctx));
    case "=":
    case "!=":
      return compare(e.t, evaluate(e.left, ctx), evaluate(e.right, ctx));
    case "path": {
      let start: XPathNode[];
      if (e.start) {
        const v = evaluate(e.start, ctx);
        if (!Array.isArray(v)) throw new XPathUnsupported("rails2ts: an XPath path after an expression that is not a node-set");
        start = v;
      } else start = [e.absolute ? rootOf(ctx.node) : ctx.node];
      return evalSteps(start, e.steps);
    }
    case "call":
      return callFunction(e.name, e.args, ctx);
  }
}

function callFunction(name: string, args: Expr[], ctx: Context): Value {
  const arg = (i: number) => evaluate(args[i]!, ctx);
  const str = (i: number) => (args[i] ? toStr(arg(i)) : stringValue(ctx.node));
  switch (name) {
    case "starts-with":
      return toStr(arg(0)).startsWith(toStr(arg(1)));
    case "contains":
      return toStr(arg(0)).includes(toStr(arg(1)));
    case "not":
      return !toBoolean(arg(0));
    case "boolean":
      return toBoolean(arg(0));
    case "normalize-space":
      return str(0).replace(/[ \t\n\r]+/g, " ").trim();
    case "string":
      return str(0);
    case "concat":
      return args.map((_, i) => toStr(arg(i))).join("");
    case "count": {
      const v = arg(0);
      if (!Array.isArray(v)) throw new XPathUnsupported("rails2ts: XPath count() of a value that is not a node-set");
      return v.length;
    }
    case "position":
      return ctx.position;
    case "last":
      return ctx.size;
    case "true":
      return true;
    case "false":
      return false;
    default: {
      // name() / local-name(): of the context node or the first node of the argument.
      const v = args[0] ? arg(0) : [ctx.node];
      const node = Array.isArray(v) ? v[0] : undefined;
      return node && (node.kind === "element" || node.kind === "attr") && !node.name.startsWith("#") ? node.name : "";
    }
  }
}

/** Node#xpath(expression) from `context`: the node-set in document order (a non-node-set result is refused). */
export function selectXPath(context: XPathNode, source: string): XPathNode[] {
  const v = evaluate(parseXPath(source), { node: context, position: 1, size: 1 });
  if (!Array.isArray(v)) throw new XPathUnsupported(`rails2ts: XPath ${JSON.stringify(source)} answers a ${typeof v}, not a node-set (Nokogiri's xpath would return it as a value)`);
  return v;
}
