// A Ruby method's parameter list -> a TS signature plus the statements that bind it.
//   def a(x, y = 2)                 (x: unknown, y: unknown = 2)                    (positional only: direct)
//   def a(x, k: 1, **o, &b)         (...args: unknown[]) + const a = bindArgs(args, {...}); let x = a["x"]; ...
// Ruby's defaults apply when an argument is omitted, as JS defaults do for `undefined`; nil is passed as null.
import type { Param } from "../../parse/ir.js";
import { lowerExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { UNKNOWN } from "../types.js";

export interface LoweredParams {
  signature: string;
  prologue: string[];
}

export function lowerParams(params: Param[], scope: Scope): LoweredParams {
  if (params.every((p) => p.kind === "req" || p.kind === "opt")) {
    const parts = params.map((p) => {
      const name = scope.declare(p.name, UNKNOWN).ts;
      return p.default ? `${name}: unknown = ${lowerExpr(p.default, scope).code}` : `${name}: unknown`;
    });
    return { signature: parts.join(", "), prologue: [] };
  }
  return bound(params, scope);
}

function bound(params: Param[], scope: Scope): LoweredParams {
  const spec: { req: string[]; opt: string[]; rest: string | null; keys: string[]; keyrest: string | null; block: string | null } = {
    req: [], opt: [], rest: null, keys: [], keyrest: null, block: null,
  };
  const bind: string[] = [];
  const holder = scope.env.module.fresh("bound");
  for (const p of params) {
    const name = p.name || (p.kind === "block" ? "block" : p.kind === "rest" ? "rest" : "options");
    const local = scope.declare(name, UNKNOWN).ts;
    if (p.kind === "req" || p.kind === "destructure") spec.req.push(name);
    else if (p.kind === "opt") spec.opt.push(name);
    else if (p.kind === "key" || p.kind === "keyopt") spec.keys.push(name);
    else if (p.kind === "rest") spec.rest = name;
    else if (p.kind === "keyrest") spec.keyrest = name;
    else if (p.kind === "block") {
      spec.block = name;
      scope.blockParam = local;
    }
    const key = JSON.stringify(name);
    const value = p.default ? `(${key} in ${holder} ? ${holder}[${key}] : ${lowerExpr(p.default, scope).code})` : `${holder}[${key}]`;
    bind.push(`let ${local} = ${value};`);
  }
  const binder = scope.env.module.use("bindArgs");
  return { signature: "...args: unknown[]", prologue: [`const ${holder} = ${binder}(args, ${JSON.stringify(spec)});`, ...bind] };
}
