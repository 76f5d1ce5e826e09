// ActiveSupport::StringInquirer (String#inquiry, Rails.env): a `name?` that no String (nor Object) method answers
// is its method_missing, true when the value is `name`; other calls keep the dynamic path (it is a String there).
//   Rails.env.production?            RailsModule.env().inquire("production")
//   message.content_type.sound?      message.contentType().inquire("sound")
import type { NodeOf } from "../../parse/ir.js";
import { lit, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { BOOL } from "../types.js";
import { STRING_INQUIRER_OWN_PREDICATES } from "../../../runtime/active-support/core-ext/core-string.js";

export function lowerInquiryCall(call: NodeOf<"call">, recv: TsExpr, _scope: Scope): TsExpr | null {
  const m = call.method;
  if (!/^[a-z_][a-z0-9_]*\?$/.test(m) || call.args.length || call.block) return null;
  if (STRING_INQUIRER_OWN_PREDICATES.has(m)) return null;
  return lit(`${recv.code}.inquire(${JSON.stringify(m.slice(0, -1))})`, BOOL);
}
