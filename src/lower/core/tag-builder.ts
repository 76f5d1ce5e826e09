// ActionView's tag builder in views: its method names are data (any name builds that element), so a call on it
// lowers with the Ruby name as written rather than through the Ruby -> TS naming rule a dynamic send applies.
//   tag.custom_element("x")       tagElement("custom_element", "x")    -> <custom-element>x</custom-element>
//   tag.attributes(id: 1)         tagAttributes({ id: 1 })
//   tag.public_send(:div, "x")    tagElement("div", "x")
import type { Node, NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { SAFE } from "../types.js";
import { isDelegatedTagBuilder } from "./view-delegates.js";

/** `tag` with no arguments in a view (or delegated to one: view-delegates.ts): the builder (unless a local of that name shadows it). */
function isTagBuilder(node: Node | null, scope: Scope): boolean {
  if (node && isDelegatedTagBuilder(node, scope)) return true;
  if (scope.env.self !== "view" || !node) return false;
  if (node.kind === "ident") return node.name === "tag" && !scope.lookup("tag");
  return node.kind === "call" && node.receiver === null && node.method === "tag" && node.args.length === 0 && !node.block;
}

export function lowerTagBuilderCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  if (!isTagBuilder(call.receiver, scope)) return null;
  const args = lowerArgs(call.args, call.block, scope);
  if (call.method === "attributes") return lit(`${scope.env.module.use("tagAttributes")}(${args.join(", ")})`, SAFE);
  if (call.method === "public_send" || call.method === "send") return lit(`${scope.env.module.use("tagElement")}(${args.join(", ")})`, SAFE);
  return lit(`${scope.env.module.use("tagElement")}(${[JSON.stringify(call.method), ...args].join(", ")})`, SAFE);
}
