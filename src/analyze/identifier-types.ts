// What an Action Cable connection's identifiers hold (`identified_by :current_user`): the join of every value its
// methods assign to one (`self.current_user = find_verified_user`), as value-types.ts proves them with the
// connection's own methods as the methods of self. Its channels read the identifier as that model's record.
//   def connect = self.current_user = find_verified_user
//   def find_verified_user                           current_user: User
//     if s = Session.find_by(...) then s.user else reject_unauthorized_connection end
import type { ChannelInfo } from "./channels.js";
import { join, walkScoped, type Site, type ValueTypes } from "./value-types.js";
import type { ModelInfo } from "./models.js";
import type { Node } from "../parse/ir.js";

export function identifierTypes(channels: ChannelInfo[], values: ValueTypes, models: Map<string, ModelInfo>, named: Set<string>, sites: Map<Node, Site>): Map<string, string> {
  const out = new Map<string, string>();
  for (const conn of channels.filter((c) => c.kind === "connection")) {
    const defs = conn.methods;
    const owner: Site["owner"] = { k: "controller", defs, related: () => defs, named, connection: true };
    // Where each node of the connection's methods runs, for the lowering's proved receivers.
    for (const def of defs) walkScoped(def.body, [], (n, blocks) => sites.set(n, { def, blocks, owner }));
    for (const id of conn.identifiers) {
      const assigned: Array<ReturnType<ValueTypes["typeOf"]>> = [];
      for (const def of defs) {
        walkScoped(def.body, [], (n, blocks) => {
          if (n.kind === "call" && n.receiver?.kind === "self" && n.method === `${id}=` && n.args.length === 1) assigned.push(values.typeOf(n.args[0]!, { def, blocks, owner }));
        });
      }
      const t = assigned.length ? join(assigned, models) : null;
      if (t?.k === "record") out.set(id, t.model);
    }
  }
  return out;
}
