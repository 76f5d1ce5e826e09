// A module that extends itself is an object of singleton methods: its methods are called on the module
// (`RestrictedHTTP::PrivateNetworkGuard.resolve(host)`). Lowered as a plain class whose methods are all static.
//
//   module Guard                       class Guard   (a ConstDecl of kind "class", no superclass)
//     extend self                        (dropped)
//     LOCAL = IPAddr.new("0.0.0.0/8")    LOCAL = ...
//     def resolve(host) = ...            def self.resolve(host) = ...
//     private                            private
//     def private_ip?(ip) = ...          def self.private_ip?(ip) = ...   (Ruby's private singleton method: called
//   end                                end                                  with an implicit receiver, as here)
// The module keeps its own declaration too: a class that includes it still gets its instance methods.
import type { Node } from "../parse/ir.js";
import type { ConstDecl } from "./constants.js";

function isExtendSelf(stmt: Node): boolean {
  return stmt.kind === "call" && stmt.receiver === null && stmt.method === "extend" && stmt.args.length === 1 && stmt.args[0]!.kind === "self";
}

/** The modules among `decls` that `extend self` in their body, each as a class of singleton methods. */
export function extendSelfModules(decls: ConstDecl[]): ConstDecl[] {
  const out: ConstDecl[] = [];
  for (const d of decls) {
    if (d.kind !== "module" || !d.node.body.some(isExtendSelf)) continue;
    const body = d.node.body.filter((s) => !isExtendSelf(s)).map((s) => (s.kind === "def" && !s.singleton ? { ...s, singleton: true } : s));
    out.push({ ...d, kind: "class", node: { kind: "class", name: d.node.name, superclass: null, body, span: d.node.span }, superclassName: null });
  }
  return out;
}
