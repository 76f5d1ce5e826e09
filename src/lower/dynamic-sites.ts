// Where the lowering falls back to run-time dispatch, and why (for `inspect --types`):
//   comment.post        (comment: a parameter no analysis typed)    "local `comment`: its type is not proved"
//   @page.records       (an ivar some assignment leaves untyped)     "@page: not every assignment proves one model"
//   user.bot?           (User typed, bot? an enum predicate)         "User has no method `bot?` the compiler knows"
// A site lowered twice (a scratch lowering for a method's return type) is recorded once. Every `send`, `coreSend`
// and `sendSafe` the lowering writes is recorded here, with the cause where it is not the receiver's type:
//   find_signed(id) (in a model class)       "Active Record's class method, dispatched by name: its TS signature..."
//   broadcast_append_to (in a model)         "a method the runtime installs on records at run time"
import type { DynamicSite } from "../analyze/app-model.js";
import type { NodeOf } from "../parse/ir.js";
import type { TsExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { tsType } from "./types.js";

/** `why`: the cause where the lowering knows it better than the receiver's type says (a name Rails installs...). */
export function noteDynamicSite(call: NodeOf<"call">, recv: TsExpr, dispatch: DynamicSite["dispatch"], scope: Scope, why?: [string, string]): void {
  const { span } = call;
  const [category, reason] = why ?? reasonOf(call, recv, scope);
  scope.env.app.dynamicSites.set(`${span.file}:${span.line}:${span.column}:${call.method}`, { span, method: call.method, dispatch, category, reason });
}

/** `params`, or params narrowed by require / fetch / permit (`params.require(:user)`), as written. */
function fromParams(node: NodeOf<"index">["receiver"], scope: Scope): boolean {
  if (node.kind === "ident") return node.name === "params" && !scope.lookup("params") && scope.env.self === "controller";
  if (node.kind !== "call") return false;
  if (node.method === "params" && node.receiver === null && !node.args.length) return scope.env.self === "controller";
  return (node.method === "require" || node.method === "fetch" || node.method === "permit") && node.receiver !== null && fromParams(node.receiver, scope);
}

/** The kind of cause (for the summary) and the cause at this site. */
function reasonOf(call: NodeOf<"call">, recv: TsExpr, scope: Scope): [string, string] {
  if (recv.type.k !== "unknown") return ["a method the compiler does not know on a typed receiver", `${tsType(recv.type)} has no method \`${call.method}\` the compiler knows`];
  const r = call.receiver;
  switch (r?.kind) {
    case "ident":
      return scope.lookup(r.name)
        ? ["a local or parameter whose type is not proved", `local \`${r.name}\`: its type is not proved`]
        : ["a method of self whose result is not proved", `\`${r.name}\` (a method of self) answers a type not proved`];
    case "ivar":
      return ["an ivar not every assignment of which proves one model", `@${r.name}: not every assignment proves one model`];
    case "const":
      return ["a constant that is no class the compiler types", `${r.name}: not a class the compiler types`];
    case "call":
      if (r.receiver === null && !r.args.length && recv.code.includes("readLocal(")) return ["a partial local whose type is not proved", `partial local \`${r.method}\`: its type is not proved`];
      return ["a call whose result is not proved", `\`${r.method}\` answers a type not proved`];
    case "self":
      return ["self, in code whose class the compiler does not type", "self: a method the compiler does not know here"];
    case "index":
      // (A request parameter is a String, an Array, Parameters or nil, as the request gives it: no one type.)
      if (fromParams(r.receiver, scope)) return ["a request parameter's value (a String, an Array, Parameters or nil)", "params[...]: a String, an Array, Parameters or nil, as the request gives it"];
      return ["a index expression whose type is not proved", "a index of a type not proved"];
    default:
      return [`a ${r?.kind ?? "receiver"} expression whose type is not proved`, `a ${r?.kind ?? "receiver"} of a type not proved`];
  }
}
