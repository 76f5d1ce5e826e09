// Calls on a value that is one of the runtime's value objects or nil (a rich text's body: its coder loads nil for
// NULL), as Ruby dispatches them: nil's own method for nil, the object's otherwise.
//   body.to_s             ((v: ActionTextContent | null) => (v == null ? NilMethods.toS(v) : v.toS()))(this.body)
//   body.attachables      nonNil(this.body, "attachables").attachables()     (NilClass has none: NoMethodError)
//   body&.to_plain_text   (this.body == null ? null : this.body.toPlainText())   (calls.ts safeNav, unwrapped here)
import type { NodeOf } from "../parse/ir.js";
import { lit, type TsExpr } from "./expr.js";
import { rubyToTs } from "./names.js";
import { lowerRuntimeObjectCall } from "./runtime-objects.js";
import type { Scope } from "./scope.js";
import { VALUE_OBJECTS, UNKNOWN } from "./types.js";
import { NilMethods, ObjectMethods } from "../../runtime/active-support/core-ext/core-object.js";
import { isCoreMethod } from "../../runtime/active-support/core-ext/core-send.js";

/** The value object a maybe type stands for, or null when it is not one (then nothing here applies). */
export function maybeObject(recv: TsExpr): TsExpr | null {
  const t = recv.type;
  return t.k === "maybe" && t.of.k === "runtime" && VALUE_OBJECTS.has(t.of.cls) ? lit(recv.code, t.of) : null;
}

/** `recv.m` on a value object or nil, as coreSend dispatches it there; null when not proved direct. */
export function lowerMaybeObjectCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  const object = maybeObject(recv);
  if (!object || call.safeNav) return null;
  const member = rubyToTs(call.method);
  // What nil answers: NilClass's method, else Object's (a core method coreSend finds for nil), else NoMethodError.
  const nilTable = member in NilMethods ? "NilMethods" : member in ObjectMethods && isCoreMethod(call.method) ? "ObjectMethods" : null;
  const module = scope.env.module;
  if (nilTable === null) {
    const inner = lowerRuntimeObjectCall(call, lit(`${module.use("nonNil")}(${recv.code}, ${JSON.stringify(call.method)})`, object.type), scope);
    return inner && lit(inner.code, inner.type);
  }
  // Both branches are written once each: only a call without arguments or a block (to_s, inspect...) is taken.
  if (call.args.length || call.block) return null;
  const v = module.fresh("v");
  const inner = lowerRuntimeObjectCall(call, lit(v, object.type), scope);
  if (!inner) return null;
  const nil = `${module.use(nilTable)}.${member}(${v})`;
  // (What the two answer is not one type: nil.to_s is a String, Content#to_s a SafeBuffer.)
  return lit(`((${v}: ${scope.env.typeName(recv.type)}) => (${v} == null ? ${nil} : ${inner.code}))(${recv.code})`, UNKNOWN);
}
