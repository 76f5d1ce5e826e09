// `x.tap { |s| s << y }`: Ruby's String#<< grows the one String in place, so tap answers it grown. A JS string
// cannot grow: the lowering stores the longer String back into the block's variable (expr.ts' shovel), and tap would
// answer its receiver unchanged. Where a tap block appends to its parameter, the call is declined: reported at the
// call, and the receiver raises NotLowered where it is reached as a String (an Array grows in place, as Ruby's does).
//   "".tap { |body| body << chunk }     declineIfString("", "unsupported_construct: ...")
import { walk, type NodeOf, type Node } from "../../parse/ir.js";
import { lit, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { rootName } from "./shovel-alias.js";

/** The receiver of a tap whose block appends to its parameter, wrapped to raise as a String; null otherwise. */
export function declineTapShovel(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  // (An Array grows in place: `[].tap { |list| list << x }` is Ruby's as it is.)
  if (call.method !== "tap" || !call.block || call.block.params.length !== 1 || recv.type.k === "array") return null;
  const param = call.block.params[0]!.name;
  if (!param || !appendsTo(call.block.body, param)) return null;
  const d = scope.env.diags.report(
    "unsupported_construct", call.span,
    `tap's block appends to its parameter \`${param}\` with <<: a String cannot grow in place, so tap would answer it unchanged`,
  );
  return lit(`${scope.env.module.use("declineIfString")}(${recv.code}, ${JSON.stringify(`${d.code}: ${d.message}`)})`, recv.type);
}

function appendsTo(body: Node[], name: string): boolean {
  let found = false;
  for (const stmt of body) {
    walk(stmt, (n) => {
      if (n.kind === "binary" && n.op === "<<" && rootName(n.left) === name) found = true;
    });
  }
  return found;
}
