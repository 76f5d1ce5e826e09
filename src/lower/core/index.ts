// Ruby's core and ActiveSupport's extensions on plain values (String, Symbol, Integer, Float, Array, Hash, Time,
// Date, nil, true/false, Range) and the core constants (ERB::Util, Time, Date, ActiveSupport::..., Rails): the
// calls that are neither the app's nor Rails' view/model API. The lowering asks these three hooks before it falls
// back to dynamic dispatch or a diagnostic.
//   "crisis".pluralize         pluralize("crisis")             (runtime/support inflector)
//   1234.5.round(1)            ...
//   ERB::Util.html_escape(x)   htmlEscape(x)
import type { NodeOf } from "../../parse/ir.js";
import type { TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";

/** A method call on a value whose type the lowering knows or not; null when this is not a core method. */
export function lowerCoreCall(_call: NodeOf<"call">, _recv: TsExpr, _scope: Scope): TsExpr | null {
  return null;
}

/** A constant that is Ruby's or Rails' own (not the app's); null when unknown. */
export function lowerCoreConst(_node: NodeOf<"const">, _scope: Scope): TsExpr | null {
  return null;
}

/** A receiver-less Kernel call (raise, format, Integer(), Array(), puts...); null when not one. */
export function lowerCoreSelfCall(_call: NodeOf<"call">, _scope: Scope): TsExpr | null {
  return null;
}
