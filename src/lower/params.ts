// A Ruby method's parameters -> TS parameters. Only required positionals map one to one; any optional, rest,
// keyword or block parameter makes the method take `...args` and bind them as Ruby does (runtime bindArgs), since
// a JS call cannot tell a trailing options hash or block from a positional argument.
//   def show(id)                    show(id: unknown)
//   def tag(name, size: 32, &blk)   tag(...args: unknown[]) { const a = bindArgs(args, {...}); let name = a["name"]; ... }
import type { NodeOf } from "../parse/ir.js";
import { lowerExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { UNKNOWN } from "./types.js";

export interface LoweredParams {
  parameters: Array<{ name: string; type: string; isRestParameter?: boolean }>;
  prologue: string[];
}

export function lowerParams(def: { params: NodeOf<"def">["params"] }, scope: Scope): LoweredParams {
  if (def.params.every((p) => p.kind === "req")) {
    return { parameters: def.params.map((p) => ({ name: scope.declare(p.name, UNKNOWN).ts, type: "unknown" })), prologue: [] };
  }
  const spec: { req: string[]; opt: string[]; rest: string | null; keys: string[]; keyrest: string | null; block: string | null } = {
    req: [], opt: [], rest: null, keys: [], keyrest: null, block: null,
  };
  const bind: string[] = [];
  for (const p of def.params) {
    const name = p.name || (p.kind === "block" ? "block" : p.kind === "rest" ? "rest" : "options");
    const local = scope.declare(name, UNKNOWN).ts;
    if (p.kind === "req") spec.req.push(name);
    else if (p.kind === "opt") spec.opt.push(name);
    else if (p.kind === "key" || p.kind === "keyopt") spec.keys.push(name);
    else if (p.kind === "rest") spec.rest = name;
    else if (p.kind === "keyrest") spec.keyrest = name;
    else if (p.kind === "block") {
      spec.block = name;
      scope.blockParam = local;
    }
    const value = p.default ? `(${JSON.stringify(name)} in a ? a[${JSON.stringify(name)}] : ${lowerExpr(p.default, scope).code})` : `a[${JSON.stringify(name)}]`;
    bind.push(p.kind === "block" ? `let ${local} = ${value} as ((...args: unknown[]) => unknown) | undefined;` : `let ${local} = ${value};`);
  }
  const binder = scope.env.module.use("bindArgs");
  return {
    parameters: [{ name: "args", type: "unknown[]", isRestParameter: true }],
    prologue: [`const a = ${binder}(args, ${JSON.stringify(spec)});`, ...bind],
  };
}
