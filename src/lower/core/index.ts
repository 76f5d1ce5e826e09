// Ruby's core and ActiveSupport's extensions on plain values (String, Symbol, Integer, Float, Array, Hash, Time,
// Date, nil, true/false, Range), the core constants (ERB::Util, Time, Date, ActiveSupport::..., Rails) and the
// app's plain classes: the calls that are neither the app's models nor Rails' view/model API. The lowering asks
// these hooks before it falls back to dynamic dispatch or a diagnostic.
//   "crisis".pluralize         StringMethods.pluralize("crisis")      (runtime/active-support/core-ext/core-string.ts)
//   @list.join(", ")           coreSend(view.assigns.list, "join", ", ")
//   ERB::Util.html_escape(x)   ErbUtil.htmlEscape(x)                  BigDecimal("1") -> Kernel.BigDecimal("1")
//   Post.new(id: 1)         Post.build({ id: 1 })               (a plain class, models/post.ts)
import type { NodeOf } from "../../parse/ir.js";
import type { TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { lowerConstant, lowerConstantCall } from "./constants.js";
import { lowerKernelCall } from "./kernel.js";
import { lowerMethodCall } from "./methods.js";
import { plainTypedCall } from "./plain-calls.js";
import { lowerTagBuilderCall } from "./tag-builder.js";
import { lowerCoreExtensionCall } from "./core-extension.js";

/** A method call on a value whose type the lowering knows or not; null when this is not a core method. */
export function lowerCoreCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  return (
    lowerTagBuilderCall(call, scope) ?? plainTypedCall(call, recv, scope) ?? lowerConstantCall(call, recv, scope) ?? lowerCoreExtensionCall(call, recv, scope) ?? lowerMethodCall(call, recv, scope)
  );
}

/** A constant that is Ruby's or Rails' own (not the app's), or one of the app's plain classes; null when unknown. */
export function lowerCoreConst(node: NodeOf<"const">, scope: Scope): TsExpr | null {
  return lowerConstant(node, scope);
}

/** A receiver-less Kernel call (raise, format, Integer(), Array(), BigDecimal()...); null when not one. */
export function lowerCoreSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  return lowerKernelCall(call, scope);
}

/**
 * Operators, `[]` and ranges on Ruby values (operators.ts). Not wired yet: src/lower/expr.ts's lowerBinary should
 * ask `lowerCoreBinary(node.op, left, right, scope)` before its `binop` fallback, its "index" case
 * `lowerCoreIndex(recv, args, scope)` instead of `index(...)` for receivers other than params, and its "range"
 * case `lowerCoreRange(node, scope)`.
 */
export { lowerCoreBinary, lowerCoreIndex, lowerCoreRange } from "./operators.js";
