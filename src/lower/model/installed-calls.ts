// Methods Rails installs on every record, called on a typed record as the runtime declares them:
//   message.broadcast_replace_to room, :messages      message.broadcastReplaceTo(room, "messages")
//     (Turbo::Broadcastable, in every model where turbo-rails is bundled: runtime/gems/turbo-rails/broadcastable.ts)
//   membership.involvement_previously_was             membership.attributePreviouslyWas("involvement")
//   type_previously_changed?(to: "Rooms::Open")       this.isAttributePreviouslyChanged("type", { to: "Rooms::Open" })
//     (the per-column methods Rails generates are proxies of ActiveModel::Dirty's attribute_* ones, which Base has)
import type { Node, NodeOf } from "../../parse/ir.js";
import { BROADCASTABLE_METHODS } from "../../../runtime/gems/turbo-rails/broadcastable.js";
import { attributeType, lowerArgs, modelChain } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { BOOL, UNKNOWN, maybe } from "../types.js";

/** Dirty's per-column suffixes this lowers, and the attribute_* method of Base each one proxies. */
const DIRTY: Array<[suffix: string, member: string, options: boolean]> = [
  ["_previously_changed?", "isAttributePreviouslyChanged", true],
  ["_previously_was", "attributePreviouslyWas", false],
];

export function lowerInstalledRecordCall(call: NodeOf<"call">, recv: TsExpr, modelName: string, scope: Scope): TsExpr | null {
  const app = scope.env.app;
  const member = rubyToTs(call.method);
  // (A block would reach the runtime's method as one more streamable: Ruby's ignore it; left to send.)
  if (app.gems.locked.has("turbo-rails") && BROADCASTABLE_METHODS.includes(member) && !call.block) {
    return lit(`${recv.code}.${member}(${lowerArgs(call.args, null, scope).join(", ")})`, UNKNOWN);
  }
  for (const [suffix, method, options] of DIRTY) {
    const column = call.method.endsWith(suffix) ? call.method.slice(0, -suffix.length) : null;
    if (column === null || call.block || !modelChain(app, modelName).some((m) => m.columns.some((c) => c.name === column))) continue;
    if (call.args.length > (options ? 1 : 0) || (call.args.length && !changeOptions(call.args[0]!))) return null;
    const code = `${recv.code}.${method}(${[JSON.stringify(column), ...lowerArgs(call.args, null, scope)].join(", ")})`;
    if (options) return lit(code, BOOL);
    // attribute_previously_was: the cast value the last save started from (the reader's type), nil until a save.
    const type = maybe(attributeType(app, modelName, column));
    return type.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${scope.env.typeName(type)})`, type);
  }
  return null;
}

/** `from: x, to: y` (either or both), written as keywords: what ChangeOptions declares. */
function changeOptions(arg: Node): boolean {
  return arg.kind === "hash" && arg.pairs.every((p) => p.key.kind === "sym" && (p.key.name === "from" || p.key.name === "to"));
}
