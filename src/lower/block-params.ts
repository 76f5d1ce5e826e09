// A block's parameters -> the arrow function's parameters, bound as a Ruby proc binds them: one yielded Array
// spreads over several parameters (auto-splat), missing ones are nil, extra ones are dropped, `|(k, v), i|`
// destructures, `|a, *rest|` collects, `|a, b = 1|` defaults.
//   { |x| ... }              (x: T) => { ... }
//   { |a, b| ... }           (...args: unknown[]) => { const $0 = blockArgs(args, true); let a = $0[0] ?? null; let b = $0[1] ?? null; ... }
//   { |(k, v), i| ... }      (...args) => { ...; let [k, v] = <args[0] as an Array>; let i = ...; }
import type { Block, Param } from "../parse/ir.js";
import { lowerExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { UNKNOWN, type RType } from "./types.js";

export interface BlockParams {
  /** The TS parameter list, without parentheses. */
  params: string;
  /** Statements binding the Ruby parameters, first in the body. */
  prologue: string[];
}

const positional = (p: Param) => p.kind === "req" || p.kind === "opt" || p.kind === "destructure";

/** Whether the block binds its parameters one to one (no splat, destructuring, default or second positional). */
export function isSimple(block: Block): boolean {
  return block.params.length <= 1 && block.params.every((p) => p.kind === "req");
}

export function lowerBlockParams(block: Block, scope: Scope, types: RType[]): BlockParams {
  if (isSimple(block)) {
    const names = block.params.map((p, i) => scope.declare(p.name || `_${i}`, types[i] ?? UNKNOWN).ts);
    return { params: names.map((n, i) => `${n}: ${scope.env.typeName(types[i] ?? UNKNOWN)}`).join(", "), prologue: [] };
  }
  const use = (name: string) => scope.env.module.use(name);
  const args = scope.env.module.fresh("args");
  const values = scope.env.module.fresh("values");
  const params = block.params.filter((p) => positional(p) || p.kind === "rest");
  // Ruby spreads one yielded Array when the block takes more than one positional parameter, or a rest beside one.
  const spreads = params.length > 1;
  const prologue = [`const ${values} = ${use("blockArgs")}(${args}, ${spreads});`];
  const restAt = params.findIndex((p) => p.kind === "rest");
  const after = restAt < 0 ? 0 : params.length - restAt - 1;
  params.forEach((p, i) => {
    const type = types[i] ?? UNKNOWN;
    const cast = type.k === "unknown" ? "" : ` as ${scope.env.typeName(type)}`;
    // Parameters after the rest count from the end, as Ruby fills them before the rest.
    const at = restAt >= 0 && i > restAt ? `${values}.length - ${params.length - i}` : String(i);
    const read = `(${values}[${at}] ?? null)`;
    if (p.kind === "rest") {
      prologue.push(`let ${scope.declare(p.name || `_${i}`, UNKNOWN).ts} = ${values}.slice(${i}, Math.max(${i}, ${values}.length - ${after}));`);
    } else if (p.kind === "destructure") {
      const inner = scope.env.module.fresh("pair");
      prologue.push(`const ${inner} = ${use("toAry")}${read};`);
      (p.names ?? []).forEach((name, j) => {
        if (name.startsWith("*")) prologue.push(`let ${scope.declare(name.slice(1) || `_${i}_${j}`, UNKNOWN).ts} = ${inner}.slice(${j});`);
        else if (/^[a-z_][A-Za-z0-9_]*$/.test(name)) prologue.push(`let ${scope.declare(name, UNKNOWN).ts} = ${inner}[${j}] ?? null;`);
        else {
          scope.env.diags.report("unsupported_construct", block.span, `block parameter pattern ${name}`);
          prologue.push(`${use("unsupported")}(${JSON.stringify(`block parameter ${name}`)});`);
        }
      });
    } else if (p.kind === "opt" && p.default) {
      const fallback = lowerExpr(p.default, scope).code;
      prologue.push(`let ${scope.declare(p.name, type).ts} = ${i} < ${values}.length ? ${values}[${i}]${cast} : ${fallback};`);
    } else prologue.push(`let ${scope.declare(p.name || `_${i}`, type).ts} = ${read}${cast};`);
  });
  for (const p of block.params) {
    if (positional(p) || p.kind === "rest") continue;
    // Keyword and block parameters of a block: rare, and not bound; reading one raises where it is reached.
    scope.env.diags.report("unsupported_construct", block.span, `a ${p.kind} parameter of a block`);
    prologue.push(`${use("unsupported")}(${JSON.stringify(`block ${p.kind} parameter`)});`);
  }
  return { params: `...${args}: unknown[]`, prologue };
}

/**
 * Ruby's Proc#parameters of these parameters, in a lambda's kinds (runtime/ruby/core-proc.ts): what arity,
 * lambda? and parameters answer for the function they became.
 */
export function procParameters(params: Param[]): Array<[string, string] | [string]> {
  const KIND: Record<Param["kind"], string> = { req: "req", destructure: "req", opt: "opt", rest: "rest", key: "keyreq", keyopt: "key", keyrest: "keyrest", block: "block" };
  return params.map((p) => (p.name && p.kind !== "destructure" && !p.name.startsWith("__anonymous") ? [KIND[p.kind], p.name] : [KIND[p.kind]]));
}
