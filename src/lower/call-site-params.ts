// The lowering side of call-sites.ts: a method's parameters read as the types every call of it passes.
//   def receive(message)   (every call passes a Message)    (message as Message).creator
import { walk, type Node, type NodeOf } from "../parse/ir.js";
import { positionalParams } from "./call-sites.js";
import type { Scope } from "./scope.js";
import type { RType } from "./types.js";

/** Each leading positional parameter with a known type is read as it; one the body assigns keeps its own type. */
export function typeParams(def: { params: NodeOf<"def">["params"]; body: Node[] }, types: RType[], scope: Scope): void {
  const assigned = new Set<string>();
  for (const stmt of def.body) walk(stmt, (n) => (n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ident" && assigned.add(n.target.name));
  positionalParams(def).forEach(({ name }, i) => {
    const t = types[i];
    const local = scope.lookup(name);
    if (!t || t.k === "unknown" || !local || assigned.has(name)) return;
    local.type = t;
    local.ts = `(${local.ts} as ${scope.env.typeName(t)})`;
  });
}
