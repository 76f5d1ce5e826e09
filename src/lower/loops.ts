// Ruby's loops as JS loop statements (their `next`/`break` are continue/break, their `return` the method's own):
//
//   while c ... end / until c ... end          while (truthy(c)) { ... }      (value: nil)
//   x += 1 while c                              while (...) { ... }
//   begin ... end while c                      do { ... } while (...);        (the body runs once first)
//   for a, b in list ... end                   for (const v of each(list)) { a = ...; b = ...; ... }   (a, b stay
//                                              visible after the loop, as Ruby's for does not open a scope)
//   loop do ... end                            for (;;) { ... }               (value: what `break` gives)
//   list.each do |x| ... end  (a statement)    for (const x of each(list)) { ... }
//   n.times do |i| ... end    (a statement)    for (let i = 0; i < n; i++) { ... }
// A loop that is a method's last statement answers `break v` with `return v;` and nil when its test ends it; a
// loop used as a value elsewhere is the same inside an IIFE (expr.ts).
import { walk, type Block, type Node, type NodeOf } from "../parse/ir.js";
import { lowerExpr, truthy } from "./expr.js";
import type { Scope } from "./scope.js";
import { lowerBody, lowerStmt, type Tail } from "./stmts.js";
import { elementType, NUMBER, UNKNOWN, type RType } from "./types.js";

/** A label for a loop whose body holds a `retry` (its begin becomes a loop a plain continue would restart). */
function labelFor(body: Node[], scope: Scope): string | null {
  let retries = false;
  for (const node of body) walk(node, (n) => (retries ||= n.kind === "retry"));
  return retries ? scope.env.module.fresh("loop") : null;
}

function loopScope(body: Node[], scope: Scope, tail: Tail): { inner: Scope; head: string } {
  const label = labelFor(body, scope);
  const inner = scope.loop(tail === "return" ? (v) => `return ${v};` : null, label);
  return { inner, head: label ? `${label}: ` : "" };
}

export function lowerWhile(node: NodeOf<"while">, scope: Scope, tail: Tail): string[] {
  const cond = truthy(lowerExpr(node.cond, scope), scope);
  const test = node.until ? `!(${cond})` : cond;
  const { inner, head } = loopScope(node.body, scope, tail);
  const body = lowerBody(node.body, inner, "void");
  const loop = node.doWhile ? [`${head}do {`, ...body, `} while (${test});`] : [`${head}while (${test}) {`, ...body, "}"];
  return tail === "return" ? [...loop, "return null;"] : loop;
}

export function lowerFor(node: NodeOf<"for">, scope: Scope, tail: Tail): string[] {
  const env = scope.env;
  const lines: string[] = [];
  // The loop's variables are the enclosing scope's locals.
  for (const t of node.targets) {
    const name = t.kind === "ident" ? t.name : null;
    if (name && !scope.lookup(name)) lines.push(`let ${scope.declare(name, UNKNOWN).ts}: unknown = null;`);
  }
  const element = env.module.fresh("element");
  const { inner, head } = loopScope(node.body, scope, tail);
  inner.declare(element, UNKNOWN, element);
  const value: Node = { kind: "ident", name: element, span: node.span };
  const target = node.targets.length === 1 ? node.targets[0]! : null;
  const bind = target
    ? lowerStmt({ kind: "assign", target, value, span: node.span }, inner, "void")
    : lowerStmt({ kind: "multiAssign", targets: node.targets, value, span: node.span }, inner, "void");
  const iter = lowerExpr(node.iter, scope).code;
  lines.push(`${head}for (const ${element} of ${env.module.use("each")}(${iter})) {`, ...bind, ...lowerBody(node.body, inner, "void"), "}");
  // A for loop's value is what it iterated.
  return tail === "return" ? [...lines, `return ${iter};`] : lines;
}

/** `loop do ... end` (Kernel#loop with a block and no receiver). */
export function isKernelLoop(call: NodeOf<"call">): boolean {
  return call.receiver === null && call.method === "loop" && call.args.length === 0 && call.block !== null && call.block.params.length === 0;
}

export function lowerKernelLoop(call: NodeOf<"call">, scope: Scope, tail: Tail): string[] {
  const body = call.block!.body;
  const { inner, head } = loopScope(body, scope, tail);
  return [`${head}for (;;) {`, ...lowerBody(body, inner, "void"), "}"];
}

const LOOPS = new Set(["each", "each_with_index", "times"]);

/** `recv.each do |x| ... end` used as a statement becomes a for-of loop over the receiver. */
export function lowerEachLoop(call: NodeOf<"call">, scope: Scope): string[] | null {
  if (!call.block || !call.receiver || !LOOPS.has(call.method) || call.args.length) return null;
  // Destructuring, splat and default parameters bind as the block function binds them (block-params.ts).
  if (call.block.params.some((p) => p.kind !== "req") || call.block.locals) return null;
  if (call.safeNav) {
    // `list&.each do ... end`: no loop at all when the receiver is nil (evaluated once).
    const held = scope.env.module.fresh("receiver");
    const recv = lowerExpr(call.receiver, scope);
    scope.declare(held, recv.type, held);
    const loop = lowerEachLoop({ ...call, safeNav: false, receiver: { kind: "ident", name: held, span: call.receiver.span } }, scope)!;
    return [`const ${held} = ${recv.code};`, `if (${held} !== null && ${held} !== undefined) {`, ...loop, "}"];
  }
  const recv = lowerExpr(call.receiver, scope);
  const { inner, head } = loopScope(call.block.body, scope, "void");
  const params = call.block.params;
  if (call.method === "times") {
    const i = inner.declare(params[0]?.name || inner.env.module.fresh("i"), NUMBER).ts;
    return [`${head}for (let ${i} = 0; ${i} < ${recv.code}; ${i}++) {`, ...lowerBody(call.block.body, inner, "void"), "}"];
  }
  const elem = elementType(recv.type);
  const names = blockParamNames(call.block, inner, call.method === "each_with_index" ? [elem, NUMBER] : [elem]);
  // A block without parameters still takes each element (`list.each { count += 1 }`).
  if (!names.length) names.push(inner.declare(scope.env.module.fresh("_"), UNKNOWN).ts);
  const fn = call.method === "each" ? "each" : "eachWithIndex";
  const binding = call.method === "each" && names.length === 1 ? names[0] : `[${names.join(", ")}]`;
  // `|key, value|` over an untyped collection destructures each element as Ruby does an Array (Hash pairs).
  const typeArg = elem.k === "unknown" ? (call.method === "each" && names.length > 1 ? "<unknown[]>" : "") : `<${scope.env.typeName(elem)}>`;
  return [`${head}for (const ${binding} of ${scope.env.module.use(fn)}${typeArg}(${recv.code})) {`, ...lowerBody(call.block.body, inner, "void"), "}"];
}

/** Declares a block's parameters in `scope` with the given types; returns their TS names. */
function blockParamNames(block: Block, scope: Scope, types: RType[]): string[] {
  return block.params.map((p, i) => scope.declare(p.name || `_${i}`, types[i] ?? UNKNOWN).ts);
}
