// Receiver-less calls to Ruby's Kernel functions (runtime/app/core-constants.ts Kernel).
//   BigDecimal("1.5")     Kernel.BigDecimal("1.5")        format("%d", 3) -> Kernel.format("%d", 3)
//   raise "boom"          (() => { throw new Error("boom"); })()
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { UNKNOWN, type RType } from "../types.js";
import { Kernel } from "../../../runtime/app/core-constants.js";

/** What a Kernel function answers, where later calls on it lower directly: URI(x) is a URI (runtime-objects.ts), Array(x) always an Array. */
const KERNEL_RETURNS: Record<string, RType> = { URI: { k: "runtime", cls: "uri" }, Array: { k: "array", of: UNKNOWN } };

export function lowerKernelCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const m = call.method;
  if (m === "raise" || m === "fail") {
    const args = lowerArgs(call.args, null, scope);
    // In a rescue clause: a bare raise re-raises the error handled, and what is raised has it as its cause ($!).
    if (scope.rescued) return lit(`${scope.env.module.use("raiseFrom")}(${[scope.rescued, ...args].join(", ")})`, UNKNOWN);
    return lit(`${scope.env.module.use("raise")}(${args.join(", ")})`, UNKNOWN);
  }
  if (!Object.prototype.hasOwnProperty.call(Kernel, m)) return null;
  const args = lowerArgs(call.args, call.block, scope);
  return lit(`${scope.env.module.use("Kernel")}.${m}(${args.join(", ")})`, KERNEL_RETURNS[m] ?? UNKNOWN);
}
