// Receiver-less calls where self is a model class or a relation (class methods, scope lambdas, association
// scopes) or an association's collection proxy (extension methods). The query methods both answer are the
// runtime's own members, read from its classes, so the compiler claims exactly what the runtime implements:
//
//   scope :orphans, -> { left_joins(:x) }     function (this: Relation<T>) { return this.leftJoins("x"); }
//   has_many :x do def revoke(u) destroy_by user: u end end
//                                              revoke: function (this: CollectionProxy<X>, u) { return this.destroyBy({ user: u }); }
//   scope :x, -> { } do def m(n) limit(n) end end
//                                              m: function (this: Relation<X>, n) { return this.limit(n); }
//   proxy_association.owner                    (this.proxyAssociation.owner as Room)   (extension methods only: the record
//                                              of the model declaring the association, or of one of its subclasses)
//   destroyed? (in a model method)             this.isDestroyed()               (the runtime Base's members)
import { Base, CollectionProxy, Relation } from "../../../runtime/active-record/index.js";
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs, lowerTypedCall } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import { noteDynamicSite } from "../dynamic-sites.js";
import { BOOL, UNKNOWN } from "../types.js";
import type { Scope } from "../scope.js";

/** The public members along a prototype chain: true for methods, false for accessors (getters). */
function memberKinds(from: object | null, stop: object): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (let p = from; p && p !== stop; p = Object.getPrototypeOf(p) as object | null) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k.startsWith("_") || k === "constructor" || k === "prototype" || out.has(k)) continue;
      out.set(k, typeof Object.getOwnPropertyDescriptor(p, k)?.value === "function");
    }
  }
  return out;
}
const members = (from: object | null, stop: object) => new Set([...memberKinds(from, stop)].filter(([, isMethod]) => isMethod).map(([k]) => k));
const RECORD = memberKinds(Base.prototype, Object.prototype);

const PROXY = members(CollectionProxy.prototype, Object.prototype);
const RELATION = members(Relation.prototype, Object.prototype);
const STATIC = members(Base, Function.prototype);
/** What a model class and a relation both answer: safe where self may be either (class methods and scopes share an env). */
const CLASS_OR_RELATION = new Set([...STATIC].filter((k) => PROXY.has(k)));

/** `owner`: in an association's extension, the model declaring the association (what proxy_association.owner is). */
export function relationSelfCall(call: NodeOf<"call">, scope: Scope, self: "classOrRelation" | "proxy" | "relation", siblings: string[] = [], owner?: string): TsExpr | null {
  const env = scope.env;
  const typed = lowerTypedCall(call, lit("this", { k: "model", model: `typeof ${env.modelName}` }), scope);
  if (typed) return typed;
  if (self === "proxy" && call.method === "proxy_association" && !call.args.length && !call.block) {
    return lit("this.proxyAssociation", owner && scope.env.app.models.has(owner) ? { k: "runtime", cls: "association", name: owner } : UNKNOWN);
  }
  const name = rubyToTs(call.method);
  // Another method of the same extension block (installed on the proxy or relation beside this one).
  // (CollectionProxy<T> and Relation<T> do not declare them: a send by name.)
  if (self !== "classOrRelation" && siblings.includes(call.method)) {
    const on = self === "proxy" ? "the association's proxy" : "the scope's relation";
    noteDynamicSite(call, lit("this", UNKNOWN), "send", scope, [`an ${self === "proxy" ? "association" : "scope"} extension's method, installed on ${self === "proxy" ? "the proxy" : "the relation"}`, `${call.method}: installed on ${on} beside this one`]);
    return lit(`${env.module.use("send")}(${["this", JSON.stringify(call.method), ...lowerArgs(call.args, call.block, scope)].join(", ")})`);
  }
  if (!(self === "proxy" ? PROXY : self === "relation" ? RELATION : CLASS_OR_RELATION).has(name)) return null;
  return lit(`this.${name}(${lowerArgs(call.args, call.block, scope).join(", ")})`);
}

/** A receiver-less call on a record that the runtime's Base answers (`destroyed?`, `saved_changes`, `touch`). */
export function recordSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const name = rubyToTs(call.method);
  const isMethod = RECORD.get(name);
  if (isMethod === undefined) return null;
  if (!isMethod) return call.args.length || call.block ? null : lit(`this.${name}`);
  return lit(`this.${name}(${lowerArgs(call.args, call.block, scope).join(", ")})`, call.method.endsWith("?") ? BOOL : UNKNOWN);
}
