// `s << x` (and `s.concat(x)`, prepend, insert, replace, clear, safe_concat) on a local: Ruby's String changes in
// place, so every other reference to it (the caller's argument, the Array holding it, another local) sees it
// changed. A JS string cannot change: the lowering stores the new String back into `s` (expr.ts' shovel,
// stringMutation below) and nothing else sees it. That is Ruby's answer only where `s` holds a String built here
// that nothing else refers to while it changes:
//   html = +""; items.each { |i| html << i.name }; html      every assignment builds a new String, read after
// Anywhere else it is declined: reported at it, and its receiver raises NotLowered where it is reached as a String
// (an Array or a Hash changes in place, as Ruby's does):
//   def add(buf, x) buf << x end                              a parameter: the caller's String would not grow
//   names.each { |name| name << "!" }                         a block's parameter: the Array's Strings would not
//   copy = title; copy << "!"                                 a String another variable holds
//   record.title.concat("!") / hash[k] << "!"                 not a variable: nothing to store the String back in
//   x = @buf; @buf << "!"                                     an ivar another reference (or another method) may hold
// (Not reported where the receiver is provably no String: `lists[k] << v` on a local Hash whose every slot is an
// Array, as `Hash.new { |h, k| h[k] = [] }` or each_with_object's memo built so.)
import { childNodes, walk, type Node, type NodeOf } from "../../parse/ir.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import type { AppModel } from "../../analyze/app-model.js";
import { appFiles } from "./class-method-params.js";

/** String's methods that change the receiver in place and answer it. */
const MUTATORS = new Set(["concat", "prepend", "insert", "replace", "clear", "safe_concat"]);

/** The receiver of `name << x` wrapped to raise as a String, where `name` may share its String; null where it cannot. */
export function declineSharedShovel(node: Node, name: string, recv: TsExpr, scope: Scope): TsExpr | null {
  const body = scope.methodBody as Node[] | null;
  const why = body ? sharedReason(body, name, node, scope.env.app) : "it is not in a method whose every use of it the compiler sees";
  if (!why) return null;
  const consequence = why.includes("FrozenError") ? "" : "; a String cannot change in place, so the other reference would not see the change";
  const written = node.kind === "call" ? `${name}.${node.method}(...)` : `${name} << ...`;
  return declined(node, `\`${written}\`: ${why}${consequence}`, recv, scope);
}

/** `"abc" << "d"` under the file's frozen_string_literal: Ruby raises FrozenError, so the receiver is declined. */
export function declineFrozenShovel(node: NodeOf<"binary">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (!plainLiteral(node.left) || !frozenLiterals(node.span.file, scope.env.app)) return null;
  return declined(node, "`<<` on a String literal the file's `frozen_string_literal: true` freezes (Ruby raises FrozenError)", recv, scope);
}

/**
 * `x << y` where `x` is no variable (`hash[k] << y`, `record.title << y`): a String it reaches would not grow (there
 * is nowhere to store the longer one), so the receiver is declined where it may be a String. An Array grows in place
 * and stays as it is: a receiver typed an Array, a String or Array built right there, a slot of a local Hash every
 * store into which is an Array.
 */
export function declineUnheldShovel(node: NodeOf<"binary">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (!mayBeString(recv.type)) return null;
  const left = unparen(node.left);
  // (A chain's inner `<<` answered for its receiver.)
  if (left.kind === "binary" && left.op === "<<") return null;
  const app = scope.env.app;
  // `(h[k] ||= [])`: the slot's value or the Array stored into it, no String where every store into the local Hash
  // is an Array.
  if (left.kind === "opAssign" && left.op === "||" && left.value.kind === "array" && arraySlot(left.target, node, scope)) return null;
  if (fresh(left, app) || arraySlot(left, node, scope) || arrayConstant(left, app) || outputBuffer(left) || arrayCurrentAttribute(left, app)) return null;
  if (left.kind === "call" && left.method === "freeze" && !left.args.length) return declined(node, "`<<` on a value `.freeze` froze (Ruby raises FrozenError)", recv, scope);
  return declined(node, "`<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change", recv, scope);
}

/** `@buf << x` (and `@buf.concat(x)`, ...) where the ivar's String may be another's too; null where it is not. */
export function declineSharedIvarShovel(node: Node, name: string, recv: TsExpr, scope: Scope): TsExpr | null {
  if (!mayBeString(recv.type)) return null;
  const body = scope.methodBody as Node[] | null;
  const why = body ? sharedReason(body, name, node, scope.env.app, "ivar") ?? readElsewhere(node, name, scope.env.app) : "it is not in a method whose every use of it the compiler sees";
  if (!why) return null;
  const written = node.kind === "call" ? `@${name}.${node.method}(...)` : `@${name} << ...`;
  return declined(node, `\`${written}\`: ${why}; a String cannot change in place, so the other reference would not see the change`, recv, scope);
}

/** A type the value may be a String under: a String, a SafeBuffer, or what the compiler could not type. */
function mayBeString(t: TsExpr["type"]): boolean {
  const k = t.k === "maybe" ? t.of.k : t.k;
  return k === "string" || k === "safe" || k === "unknown";
}

function unparen(n: Node): Node {
  return n.kind === "seq" && n.body.length === 1 ? unparen(n.body[0]!) : n;
}

function declined(node: Node, message: string, recv: TsExpr, scope: Scope): TsExpr {
  // (A block lowered twice, as some are, reports its site once.)
  const diags = scope.env.diags;
  const where = `${node.span.file}:${node.span.line}:${node.span.column}`;
  const d = diags.list.find((x) => `${x.span.file}:${x.span.line}:${x.span.column}` === where && x.message.endsWith(message)) ?? diags.report("unsupported_construct", node.span, message);
  return lit(`${scope.env.module.use("declineIfString")}(${recv.code}, ${JSON.stringify(`${d.code}: ${d.message}`)})`, recv.type);
}

/**
 * `s.concat(x)` and String's other methods that change it in place, where the receiver may be a String: on a local
 * or an ivar, the call's answer stored back into it where it is a String (keepString); where another reference may
 * share the String, or the receiver is no variable, declined (the receiver raises where reached as a String).
 */
export function stringMutation(call: NodeOf<"call">, recv: TsExpr, scope: Scope): { recv: TsExpr; wrap: (result: TsExpr) => TsExpr } | null {
  const target = call.receiver;
  if (!target || !MUTATORS.has(call.method) || call.block) return null;
  const kind = recv.type.k === "maybe" ? recv.type.of.k : recv.type.k;
  if (kind !== "string" && kind !== "safe" && kind !== "unknown") return null;
  const variable = (target.kind === "ident" && scope.lookup(target.name)) || target.kind === "ivar";
  if (!variable) {
    // A String built right there (`"b".dup.prepend("a")`): nothing else refers to it.
    if (fresh(target, scope.env.app)) return null;
    const message = plainLiteral(target)
      ? `\`.${call.method}\` on a String literal the file's \`frozen_string_literal: true\` freezes (Ruby raises FrozenError)`
      : `\`.${call.method}\` on a value no variable holds: a String cannot change in place, so its other references would not see the change`;
    return { recv: declined(call, message, recv, scope), wrap: (r) => r };
  }
  const shared = target.kind === "ident" ? declineSharedShovel(call, target.name, recv, scope) : target.kind === "ivar" ? declineSharedIvarShovel(call, target.name, recv, scope) : null;
  if (shared) return { recv: shared, wrap: (r) => r };
  const name = lowerExpr(target, scope).code;
  const keep = scope.env.module.use("keepString");
  return { recv, wrap: (r) => lit(`${keep}(${recv.code}, ${r.code}, (v) => (${name} = v as typeof ${name}))`, r.type) };
}

/** String's (and Array's) methods that answer a new value, never the receiver itself. */
const QUERIES = new Set([
  "length", "size", "bytesize", "count", "empty?", "blank?", "present?", "include?", "start_with?", "end_with?",
  "match?", "index", "to_i", "to_f", "to_sym", "frozen?", "hash", "upcase", "downcase", "strip", "inspect", "split",
  "bytes", "chars", "lines", "encoding", "valid_encoding?", "ascii_only?", "first", "last",
]);
const COMPARISONS = new Set(["==", "!=", "<", ">", "<=", ">=", "<=>", "+", "*", "=~"]);

type Pos = [number, number];
const at = (n: Node): Pos => [n.span.line, n.span.column];
const end = (n: Node): Pos => [n.span.endLine, n.span.endColumn];
const before = (a: Pos, b: Pos) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** Why `name`'s String may be shared where `<<` grows it, or null where every assignment builds a fresh one. */
function sharedReason(body: Node[], name: string, shovel: Node, app: AppModel, kind: "ident" | "ivar" = "ident"): string | null {
  const own = (x: Node) => x.kind === kind && x.name === name;
  const shown = kind === "ivar" ? `@${name}` : name;
  const assigns: Node[] = [];
  const shovels: Node[] = [];
  const reads: Node[] = [];
  /** The blocks and loops whose body holds a read of it, with the read. */
  const repeated: Array<{ scope: Node; read: Node }> = [];
  let blockParam = false;
  let tapParam = false;
  let memoParam = false;
  const visit = (n: Node, loops: Node[]) => {
    // (A tap's parameter that its block appends to is core/tap-shovel.ts', declined at the call.)
    if (n.kind === "call" && n.block?.params.some((p) => p.name === name)) {
      if (arrayMemo(n, name)) memoParam = true;
      else if (n.method === "tap") tapParam = true;
      else blockParam = true;
    }
    if (n.kind === "lambda" && n.params.some((p) => p.name === name)) blockParam = true;
    if ((n.kind === "assign" || n.kind === "opAssign") && own(n.target)) {
      assigns.push(n);
      visit(n.value, loops);
      return;
    }
    if (n.kind === "multiAssign" && n.targets.some(own)) assigns.push(n);
    if (n.kind === "call" && n.receiver && own(n.receiver) && MUTATORS.has(n.method)) {
      shovels.push(n);
      for (const arg of n.args) visit(arg, loops);
      return;
    }
    // A question asked of it (`s.length < 5`, `s == ""`) answers a new value: no other reference to the String.
    if (n.kind === "call" && n.receiver && own(n.receiver) && QUERIES.has(n.method)) {
      for (const child of childNodes(n).slice(1)) visit(child, n.block ? [...loops, n] : loops);
      return;
    }
    if (n.kind === "binary" && COMPARISONS.has(n.op) && (own(n.left) || own(n.right))) {
      for (const side of [n.left, n.right]) if (!own(side)) visit(side, loops);
      return;
    }
    if (n.kind === "binary" && n.op === "<<" && own(shovelRoot(n.left))) {
      shovels.push(n);
      // The chain's own receivers are the String growing, not another reference to it.
      let left: Node = n.left;
      while (left.kind === "binary" && left.op === "<<") {
        visit(left.right, loops);
        left = left.left;
      }
      visit(n.right, loops);
      return;
    }
    if (own(n)) {
      reads.push(n);
      for (const scope of loops) repeated.push({ scope, read: n });
    }
    const inner = n.kind === "while" || n.kind === "for" || (n.kind === "call" && n.block) || n.kind === "lambda" ? [...loops, n] : loops;
    for (const child of childNodes(n)) visit(child, inner);
  };
  for (const stmt of body) visit(stmt, []);
  if ((tapParam || memoParam) && !blockParam) return null;
  if (blockParam) return `\`${shown}\` is a block's parameter (the String may be another's too)`;
  const unassigned = kind === "ivar"
    ? `\`${shown}\` is not assigned a String built in this method before it grows (another reference may hold it)`
    : `\`${shown}\` is a parameter (the caller's String would not change)`;
  if (!assigns.length) return unassigned;
  const unfresh = assigns.find((a) => !(a.kind === "assign" || a.kind === "opAssign") || !freshAssignment(a, app));
  if (unfresh?.kind === "assign" && plainLiteral(unfresh.value)) {
    return `\`${shown}\` is assigned at line ${unfresh.span.line} a String literal the file's \`frozen_string_literal: true\` freezes (Ruby raises FrozenError)`;
  }
  if (unfresh) return `\`${shown}\` is assigned at line ${unfresh.span.line} a String that may be another's too`;
  const first = [...assigns, ...reads, ...shovels].reduce((a, b) => (before(at(b), at(a)) ? b : a));
  if (!assigns.includes(first)) return unassigned;
  const last = shovels.reduce((a, b) => (before(at(a), at(b)) ? b : a), shovel);
  const early = reads.find((r) => before(at(r), end(last)));
  if (early) return `\`${shown}\` is read at line ${early.span.line} before it changes (that reference would keep the String as it was)`;
  const again = repeated.find(({ scope }) => shovels.some((s) => contains(scope, s)));
  if (again) return `\`${shown}\` is read at line ${again.read.span.line} in a block or loop that changes it again`;
  return null;
}

/** Hash methods that only read it: a slot they reach is still one a store put there. */
const HASH_READS = new Set([
  "each", "each_pair", "each_value", "each_key", "map", "keys", "values", "size", "length", "empty?", "any?", "key?",
  "include?", "fetch", "dig", "to_a", "to_h", "sort_by", "select", "reject", "filter_map", "transform_values", "sum",
  "count", "min_by", "max_by", "group_by", "inspect", "sort", "first", "dup", "deep_dup", "clone",
]);

/**
 * `lists[k]` where `lists` is a local Hash every slot of which is an Array: it is assigned only a Hash of Array
 * literals (`{}`, `Hash.new { |h, k| h[k] = [] }`) or is each_with_object's memo given as one, every store into it is
 * an Array literal, and it is otherwise only read from (or answered as the method's value).
 */
function arraySlot(left: Node, shovel: Node, scope: Scope): boolean {
  if (left.kind !== "index" || left.receiver.kind !== "ident" || !scope.lookup(left.receiver.name)) return false;
  const name = left.receiver.name;
  const body = scope.methodBody as Node[] | null;
  if (!body) return false;
  let memo: NodeOf<"call"> | null = null;
  for (const stmt of body) {
    walk(stmt, (n) => {
      if (n.kind === "call" && n.method === "each_with_object" && n.block?.params.at(-1)?.name === name && n.block.body.some((b) => contains(b, shovel))) memo = n;
    });
  }
  const call = memo as NodeOf<"call"> | null;
  if (call) return arrayHash(call.args[0], body) && keepsArrays(call.block!.body, name, false);
  return keepsArrays(body, name, true);
}

function keepsArrays(stmts: Node[], name: string, assignable: boolean, copies: string[] = []): boolean {
  const own = (x: Node) => x.kind === "ident" && x.name === name;
  let ok = true;
  let assigned = false;
  const visit = (n: Node, top: boolean) => {
    if (!ok) return;
    if ((n.kind === "assign" || n.kind === "opAssign") && own(n.target)) {
      assigned = true;
      if (!assignable || n.kind !== "assign" || !arrayHash(n.value, stmts, [...copies, name])) ok = false;
      return visit(n.value, false);
    }
    if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "index" && own(n.target.receiver)) {
      if (n.value.kind !== "array") ok = false;
      for (const a of n.target.args) visit(a, false);
      return visit(n.value, false);
    }
    if (n.kind === "index" && own(n.receiver)) return n.args.forEach((a) => visit(a, false));
    if (n.kind === "call" && n.receiver && own(n.receiver)) {
      if (n.method === "[]=" ? n.args.at(-1)?.kind !== "array" : !HASH_READS.has(n.method)) ok = false;
      return childNodes(n).slice(1).forEach((c) => visit(c, false));
    }
    if (own(n) && !top) ok = false;
    if (n.kind === "multiAssign" && n.targets.some(own)) ok = false;
    for (const c of childNodes(n)) visit(c, false);
  };
  for (const stmt of stmts) visit(stmt, true);
  return ok && (assigned || !assignable);
}

/** `{}`, a Hash of Array literals, `Hash.new`, `Hash.new { |h, k| h[k] = [] }`, or a copy of a local Hash of Arrays. */
function arrayHash(v: Node | undefined, body: Node[], copies: string[] = []): boolean {
  if (!v) return false;
  if (v.kind === "hash") return v.pairs.every((p) => p.value.kind === "array");
  if (v.kind === "call" && ["dup", "deep_dup", "clone"].includes(v.method) && v.receiver?.kind === "ident" && !copies.includes(v.receiver.name)) {
    return keepsArrays(body, v.receiver.name, true, copies);
  }
  if (v.kind !== "call" || v.method !== "new" || v.receiver?.kind !== "const" || v.receiver.name !== "Hash" || v.args.length) return false;
  if (!v.block) return true;
  const [h, k] = v.block.params.map((p) => p.name);
  const [stmt, ...rest] = v.block.body;
  return !rest.length && stmt?.kind === "assign" && stmt.value.kind === "array" && stmt.target.kind === "index"
    && stmt.target.receiver.kind === "ident" && stmt.target.receiver.name === h && stmt.target.args.length === 1
    && stmt.target.args[0]!.kind === "ident" && stmt.target.args[0]!.name === k;
}

/** Where another method of the class reads `@name` (or a reader answers it), why its String may be shared. */
function readElsewhere(node: Node, name: string, app: AppModel): string | null {
  const file = (appFiles(app) as Array<{ absPath?: string; body: Node[] }>).find((f) => f.absPath === node.span.file);
  if (!file) return "its file is not one whose every method the compiler sees";
  let why: string | null = null;
  for (const stmt of file.body) {
    walk(stmt, (n) => {
      if (why) return;
      if (n.kind === "call" && n.receiver === null && ["attr_reader", "attr_accessor"].includes(n.method) && n.args.some((a) => a.kind === "sym" && a.name === name)) {
        why = `\`@${name}\` has a reader (${n.method} at line ${n.span.line}) whose caller would keep the String as it was`;
      }
      if (n.kind === "def" && !within(node, n)) {
        for (const b of n.body) {
          walk(b, (x) => {
            if (!why && x.kind === "ivar" && x.name === name && !assignedIn(b, x)) why = `\`@${name}\` is read at line ${x.span.line} in another method (that reference may keep the String as it was)`;
          });
        }
      }
    });
  }
  return why;
}

/** Whether `target` is the target of an assignment within `root` (not a read of it). */
function assignedIn(root: Node, target: Node): boolean {
  let found = false;
  walk(root, (n) => {
    if ((n.kind === "assign" && n.target === target) || (n.kind === "multiAssign" && n.targets.includes(target))) found = true;
  });
  return found;
}

function within(inner: Node, outer: Node): boolean {
  const a = inner.span;
  const b = outer.span;
  return a.file === b.file && before([b.line, b.column], [a.line, a.column + 1]) && before([a.endLine, a.endColumn - 1], [b.endLine, b.endColumn]);
}

/** each_with_object's memo given as an Array or Hash literal (`each_with_object([]) { |x, out| out << x }`): no String. */
function arrayMemo(call: NodeOf<"call">, name: string): boolean {
  const memo = call.args[0];
  return call.method === "each_with_object" && call.block!.params.at(-1)?.name === name && (memo?.kind === "array" || memo?.kind === "hash");
}

const plainLiteral = (n: Node) => n.kind === "str" && n.parts.every((p) => typeof p === "string");

/** The variable a `<<` chain appends to (`buf << a << b`: buf), where it is a local's name. */
export function rootName(n: Node): string | null {
  const root = shovelRoot(n);
  return root.kind === "ident" ? root.name : null;
}

/** What a `<<` chain appends to (`buf << a << b`: buf). */
function shovelRoot(n: Node): Node {
  return n.kind === "binary" && n.op === "<<" ? shovelRoot(n.left) : n;
}

function contains(outer: Node, inner: Node): boolean {
  let found = false;
  walk(outer, (n) => {
    if (n === inner) found = true;
  });
  return found;
}

function freshAssignment(a: NodeOf<"assign"> | NodeOf<"opAssign">, app: AppModel): boolean {
  if (a.kind === "opAssign") return a.op === "+" || a.op === "*" || (a.op === "||" && fresh(a.value, app));
  return fresh(a.value, app);
}

/** A view's `output_buffer` (ActionView::OutputBuffer, no String: its << appends to the buffer in place). */
function outputBuffer(left: Node): boolean {
  // (Written bare, `output_buffer << x` parses as an identifier no local holds: the method's call.)
  if (left.kind === "ident") return left.name === "output_buffer";
  return left.kind === "call" && left.receiver === null && left.method === "output_buffer" && left.args.length === 0;
}

/** What `compute` answers for this key of this app, computed once per app (the app's parsed files never change). */
const appMemos = new WeakMap<object, Map<string, boolean>>();
function perApp(app: AppModel, key: string, compute: () => boolean): boolean {
  let table = appMemos.get(app.parsed);
  if (!table) appMemos.set(app.parsed, (table = new Map()));
  let known = table.get(key);
  if (known === undefined) table.set(key, (known = compute()));
  return known;
}

/** Every node of every app file. */
function walkApp(app: AppModel, visit: (n: Node) => void): void {
  for (const f of appFiles(app)) for (const stmt of f.body) walk(stmt, visit);
}

/**
 * `Current.tags` where Current is an ActiveSupport::CurrentAttributes class whose `attribute :tags` defaults to an
 * Array literal (`default: []` or `default: -> { [] }`) and the app writes the attribute nowhere (no `tags =`, no
 * `set(tags: ...)`): each request's value is that Array, which grows in place.
 */
function arrayCurrentAttribute(left: Node, app: AppModel): boolean {
  if (left.kind !== "call" || left.args.length || left.block || left.receiver?.kind !== "const") return false;
  const className = left.receiver.name;
  return perApp(app, `attribute ${className}.${left.method}`, () => currentAttributeIsArray(className, left.method, app));
}

function currentAttributeIsArray(className: string, attr: string, app: AppModel): boolean {
  let declared = false;
  let written = false;
  walkApp(app, (n) => {
    if (n.kind === "class" && n.name.kind === "const" && n.name.name === className && n.superclass?.kind === "const" && n.superclass.name === "CurrentAttributes") {
      for (const item of n.body) {
        if (item.kind !== "call" || item.receiver || item.method !== "attribute") continue;
        const names = item.args.filter((a) => a.kind === "sym").map((a) => (a as { name: string }).name);
        if (!names.includes(attr)) continue;
        const opts = item.args.find((a) => a.kind === "hash");
        const def = opts?.kind === "hash" ? opts.pairs.find((p) => p.key.kind === "sym" && p.key.name === "default")?.value : undefined;
        declared = def !== undefined && (def.kind === "array" || (def.kind === "lambda" && def.body.length === 1 && def.body[0]!.kind === "array"));
      }
    }
    if (n.kind === "call" && (n.method === `${attr}=` || (n.method === "set" && n.args.some((a) => a.kind === "hash" && a.pairs.some((p) => p.key.kind === "sym" && p.key.name === attr))))) written = true;
    if (n.kind === "assign" && n.target.kind === "call" && n.target.method === attr) written = true;
  });
  return declared && !written;
}

/**
 * A constant (`LOG`, `Audit::LOG`) every definition of which in the app, by its name, is an Array literal
 * (`LOG = []`, `[...].freeze`, `Array.new`): an Array grows in place (a frozen one raises FrozenError at run time).
 */
function arrayConstant(left: Node, app: AppModel): boolean {
  if (left.kind !== "const") return false;
  const name = left.name;
  return perApp(app, `constant ${name}`, () => {
    let seen = 0;
    let arrays = 0;
    walkApp(app, (n) => {
      if ((n.kind !== "assign" && n.kind !== "opAssign") || n.target.kind !== "const" || n.target.name !== name) return;
      seen++;
      if (n.kind === "assign" && arrayValue(n.value)) arrays++;
    });
    return seen > 0 && arrays === seen;
  });
}

function arrayValue(v: Node): boolean {
  if (v.kind === "array") return true;
  if (v.kind !== "call") return false;
  if (v.method === "freeze" && !v.args.length && v.receiver) return arrayValue(v.receiver);
  return v.method === "new" && v.receiver?.kind === "const" && v.receiver.name === "Array";
}

/** An expression that answers a String (or Array) nothing else refers to. */
function fresh(v: Node, app: AppModel): boolean {
  switch (v.kind) {
    case "str":
      // An interpolation builds a new String; a plain literal is frozen under the file's magic comment (`<<` on
      // it raises FrozenError in Ruby).
      return v.parts.some((p) => typeof p !== "string") || !frozenLiterals(v.span.file, app);
    case "array":
    case "hash":
      return true;
    case "unary":
      return v.op === "+" && v.expr.kind === "str";
    case "binary":
      return v.op === "+" || v.op === "*";
    case "call":
      if (v.method === "new" && v.receiver?.kind === "const" && (v.receiver.name === "String" || v.receiver.name === "Array")) return true;
      // (String#html_safe answers a new SafeBuffer, ActiveSupport::SafeBuffer.new(self), every time.)
      return v.receiver !== null && ["dup", "join", "+@", "html_safe"].includes(v.method) && v.args.length === 0;
    default:
      return false;
  }
}

const frozen = new WeakMap<object, Map<string, boolean>>();
/** The file's magic comment: `# frozen_string_literal: true` among its leading comment lines (its parsed source). */
function frozenLiterals(file: string, app: AppModel): boolean {
  let byFile = frozen.get(app.parsed);
  if (!byFile) {
    byFile = new Map();
    for (const f of appFiles(app) as Array<{ absPath?: string; source?: string }>) {
      if (!f.absPath || f.source === undefined) continue;
      let magic = false;
      for (const line of f.source.split("\n", 50)) {
        if (!/^\s*(#.*)?$/.test(line)) break;
        if (/^\s*#.*frozen[_-]string[_-]literal:\s*true/i.test(line)) magic = true;
      }
      byFile.set(f.absPath, magic);
    }
    frozen.set(app.parsed, byFile);
  }
  // (A file the app's parse does not hold: its literals taken as frozen, the safe side.)
  return byFile.get(file) ?? true;
}
