// Calls on a lambda or proc the app made (procs.ts types `->(x) { }`, `lambda { }`, `proc { }` and `Proc.new { }`,
// and what holds one: a constructor's ivar, a method's result), as ProcMethods answers them for a JS function:
//   handler.call(id)        (this.handler as ((...args: unknown[]) => unknown))(id)
//   handler.(id) / yield    the same (Proc#yield and `.()` are Proc#call)
// Any other method keeps the dynamic path (coreSend finds ProcMethods' or Object's at run time).
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { UNKNOWN } from "../types.js";

export function lowerProcValueCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (recv.type.k !== "proc" || call.safeNav || (call.method !== "call" && call.method !== "yield")) return null;
  return lit(`${recv.code}(${lowerArgs(call.args, call.block, scope).join(", ")})`, UNKNOWN);
}
