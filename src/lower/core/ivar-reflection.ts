// Object#instance_variable_get / _set / _defined?: where the name is a literal it is the ivar itself; where the code
// computes it, the runtime finds it in the store this kind of self keeps its ivars in (LowerEnv.ivarStore).
//   instance_variable_get(:@post)                      this.assigns.post
//   instance_variable_set("@#{name}", record)          ivarSet(this.assigns, `@${name}`, record)
//   instance_variable_defined?(:@post)                 ivarDefined(this.assigns, "@post")
// Where self keeps no such store (a script), the call is declined: unknown_helper, and it raises when reached.
import type { Node, NodeOf } from "../../parse/ir.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { BOOL, UNKNOWN } from "../types.js";

const METHODS = new Set(["instance_variable_get", "instance_variable_set", "instance_variable_defined?"]);

/** A literal `:@name` / `"@name"` (no interpolation): the ivar's name without the `@`. */
function literalIvar(node: Node | undefined): string | null {
  if (!node) return null;
  const text = node.kind === "sym" ? node.name : node.kind === "str" && node.parts.every((p) => typeof p === "string") ? node.parts.join("") : null;
  return text !== null && /^@[A-Za-z_]\w*$/.test(text) ? text.slice(1) : null;
}

export function lowerIvarReflection(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const m = call.method;
  if (!METHODS.has(m) || call.receiver !== null || call.block || call.args.length !== (m === "instance_variable_set" ? 2 : 1)) return null;
  const env = scope.env;
  const store = env.ivarStore;
  if (!store) return null;
  const literal = literalIvar(call.args[0]);
  const value = m === "instance_variable_set" ? lowerExpr(call.args[1]!, scope) : null;
  if (literal !== null && m !== "instance_variable_defined?") {
    const ref = env.ivar(literal);
    return value ? lit(`(${ref} = ${value.code})`, value.type) : lit(`(${ref} ?? null)`, env.ivarTypes.get(literal) ?? UNKNOWN);
  }
  const name = lowerExpr(call.args[0]!, scope).code;
  const prefixed = store.prefixed ? ", true" : "";
  if (m === "instance_variable_get") return lit(`${env.module.use("ivarGet")}(${store.object}, ${name}${prefixed})`, UNKNOWN);
  if (m === "instance_variable_set") return lit(`${env.module.use("ivarSet")}(${store.object}, ${name}, ${value!.code}${prefixed})`, value!.type);
  return lit(`${env.module.use("ivarDefined")}(${store.object}, ${name}${prefixed})`, BOOL);
}

declare module "../scope.js" {
  interface LowerEnv {
    /** The object self's ivars live in, for ivars named at run time; keys carry the `@` where `prefixed`. */
    ivarStore?: { object: string; prefixed?: boolean };
  }
}
