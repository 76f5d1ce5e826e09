// A controller method's parameter every call of which passes a Symbol or String literal is a String (a Symbol
// lowers to its name), as value-types.ts joins records over the same call sites:
//   set_origin(:api) / set_origin(:session)                      def set_origin(method)              method: string
// The calls are every receiver-less (or self.) call of the name in the app's controllers; a method also named by a
// Symbol (a callback, send, helper_method), or called with another argument, a splat or a different count, is not.
import { walkScoped, type Owner } from "../../analyze/value-types.js";
import type { NodeOf } from "../../parse/ir.js";
import { STRING, UNKNOWN, type RType } from "../types.js";

export function literalParamType(def: NodeOf<"def">, index: number, owner: Owner): RType {
  if (owner.k !== "controller" || owner.named.has(def.name) || def.params.some((p) => p.kind !== "req")) return UNKNOWN;
  let sites = 0;
  let proved = true;
  for (const caller of owner.defs) {
    walkScoped(caller.body, [], (n) => {
      if (n.kind !== "call" || n.method !== def.name || (n.receiver !== null && n.receiver.kind !== "self")) return;
      sites++;
      const arg = n.args[index];
      if (n.args.length !== def.params.length || n.block || !arg || (arg.kind !== "sym" && arg.kind !== "str")) proved = false;
    });
  }
  return proved && sites > 0 ? STRING : UNKNOWN;
}
