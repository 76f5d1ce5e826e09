// Ruby's operator assignments used as values (a statement's own are stmts.ts' lowerOpAssign):
//
//   (h[k] ||= []) << v     (() => { const h1 = h, k1 = k; const c = h1[k1]; if (truthy(c)) return c;
//                                   const v1 = []; indexSet(h1, k1, v1); return v1; })() << v
//                          (h and k evaluated once; the answer is what was there, or what was stored)
//   (@list ||= []) << v    (() => { if (!truthy(@list)) @list = []; return @list << v; })()
//                          (the variable's own <<: a String grows and is stored back, or is declined, as `@list << v`)
//   x = (@n ||= 0)         (() => { if (!truthy(@n)) @n = 0; return @n; })()
import type { Node, NodeOf } from "../parse/ir.js";
import { lit, lowerExpr, truthy, type TsExpr } from "./expr.js";
import { lowerBody } from "./stmts.js";
import type { Scope } from "./scope.js";
import { UNKNOWN } from "./types.js";

/** `target op= value` as a value, for a local, an ivar or a one-key index; null for other targets. */
export function lowerOpAssignValue(node: NodeOf<"opAssign">, scope: Scope): TsExpr | null {
  if (node.target.kind === "index" && node.target.args.length === 1) return indexOpAssignValue(node, node.target, scope);
  if (node.target.kind !== "ident" && node.target.kind !== "ivar") return null;
  declareAhead(node.target, scope);
  return inFunction([node], scope);
}

/** `(x ||= v) << y` on a local or an ivar: the operator assignment, then `x << y` on the variable itself. */
export function lowerShovelOnOpAssign(node: NodeOf<"binary">, scope: Scope): TsExpr | null {
  const left = unparen(node.left);
  if (left.kind !== "opAssign" || (left.target.kind !== "ident" && left.target.kind !== "ivar")) return null;
  declareAhead(left.target, scope);
  return inFunction([left, { kind: "binary", op: "<<", left: left.target, right: node.right, span: node.span }], scope);
}

function unparen(n: Node): Node {
  return n.kind === "seq" && n.body.length === 1 ? unparen(n.body[0]!) : n;
}

/** A local first assigned here is the enclosing code's (declared before the statement), not the function's. */
function declareAhead(target: Node, scope: Scope): void {
  if (target.kind !== "ident" || scope.lookup(target.name)) return;
  const local = scope.declare(target.name, UNKNOWN);
  scope.hoisted.push(`let ${local.ts}: unknown = null;`);
}

function inFunction(stmts: Node[], scope: Scope): TsExpr {
  const inner = scope.fn({ kind: "closure" });
  return lit(`(() => {\n${lowerBody(stmts, inner, "return").join("\n")}\n})()`, UNKNOWN);
}

/** `h[k] op= v` as a value: h and k evaluated once; ||= and &&= write only when Ruby does, and answer as it does. */
function indexOpAssignValue(node: NodeOf<"opAssign">, target: NodeOf<"index">, scope: Scope): TsExpr {
  const inner = scope.fn({ kind: "closure" });
  const span = node.span;
  const module = scope.env.module;
  const held = (code: string, prefix: string): [string, NodeOf<"ident">] => {
    const name = module.fresh(prefix);
    inner.declare(name, UNKNOWN, name);
    return [`const ${name}: unknown = ${code};`, { kind: "ident", name, span }];
  };
  const [recvLine, recv] = held(lowerExpr(target.receiver, inner).code, "held");
  const [keyLine, key] = held(lowerExpr(target.args[0]!, inner).code, "held");
  const [readLine, current] = held(lowerExpr({ kind: "index", receiver: recv, args: [key], span }, inner).code, "current");
  const lines = [recvLine, keyLine, readLine];
  if (node.op === "||") lines.push(`if (${truthy(lit(current.name, UNKNOWN), inner)}) return ${current.name};`);
  else if (node.op === "&&") lines.push(`if (!${truthy(lit(current.name, UNKNOWN), inner)}) return ${current.name};`);
  const value: Node = node.op === "||" || node.op === "&&" ? node.value : { kind: "binary", op: node.op, left: current, right: node.value, span };
  const [valueLine, stored] = held(lowerExpr(value, inner).code, "value");
  lines.push(valueLine, `${module.use("indexSet")}(${recv.name}, ${key.name}, ${stored.name});`, `return ${stored.name};`);
  return lit(`(() => {\n${lines.join("\n")}\n})()`, UNKNOWN);
}
