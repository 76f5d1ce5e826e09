// The ivars of a plain class that subclasses share (one initialize, up the chain), typed by every `new` of any class
// of the family, as plain-ivars.ts types a class without subclasses:
//   class Step; def self.run(body) = new(body).call; def initialize(body) = @body = body; attr_reader :body; end
//   class Plain < Step; def call = body.to_plain_text; end   (every Step.run / Plain.run passes a Content or nil)
//   body (in Plain)                                          (this.body as ActionTextContent | null)
// Only where the root's initialize is the one every class of the family runs (no other defines initialize, new or
// allocate), every `new` that may build one is a lowered, recorded call (`X.new` naming a class of the family, or
// `new` in a class method of one) and the app writes no other: no `new` on a value (`klass.new`), no `send` of a
// name not written literally or naming new / allocate, no constant aliasing a class of the family, no reflection
// on ivars (a `new` on a value the lowering typed as something else than a plain class, a relation's new, is
// another class's); and the ivar is assigned nowhere but from initialize's parameter, with no writer.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { positionalParams, recordedSites, siteKey } from "../call-sites.js";
import { NIL, UNKNOWN, type RType } from "../types.js";
import { appFiles, joinNullable } from "./class-method-params.js";
import { plainClassFacts } from "./plain-calls.js";

const lastName = (path: string) => path.slice(path.lastIndexOf(":") + 1);

const newReceivers = new WeakMap<object, Map<string, RType>>();

/** Records the receiver's type of a lowered `x.new(...)` (the latest lowering of the site wins). */
export function noteNewReceiver(app: AppModel, call: NodeOf<"call">, type: RType): void {
  let m = newReceivers.get(app.parsed);
  if (!m) newReceivers.set(app.parsed, (m = new Map()));
  m.set(siteKey(call.span), type);
}

/**
 * Whether `x.new` builds something of another type than a plain class: its receiver typed by the lowering (a
 * relation's new, Net::HTTP::Get as a class), not as a plain class's class (which may hold a subclass), nor unknown.
 */
function builtByAnother(app: AppModel, call: NodeOf<"call">): boolean {
  const t = newReceivers.get(app.parsed)?.get(siteKey(call.span));
  return t !== undefined && t.k !== "unknown" && !(t.k === "model" && t.model.startsWith("typeof ") && plainClassFacts(app, t.model.slice(7)) !== null);
}

/** The class's own definitions (instance or class methods) in its bodies, `class << self` included. */
function ownDefs(app: AppModel, path: string): Array<NodeOf<"def">> {
  const out: Array<NodeOf<"def">> = [];
  for (const d of app.plainClasses.filter((c) => c.path === path)) {
    for (const n of d.node.body) {
      if (n.kind === "def") out.push(n);
      if (n.kind === "sclass") n.body.forEach((s) => s.kind === "def" && out.push({ ...s, singleton: true }));
      if (n.kind === "call" && n.receiver === null && n.args.length === 1 && n.args[0]!.kind === "def") out.push(n.args[0]!);
    }
  }
  return out;
}

const isBelow = (app: AppModel, p: string, root: string): boolean => {
  for (let s = plainClassFacts(app, p)?.superclass ?? null, depth = 0; s && depth < 20; s = plainClassFacts(app, s)?.superclass ?? null, depth++) if (s === root) return true;
  return false;
};

/** The ivars of the class at `path` every `new` of its family proves, where a class of the family has subclasses. */
export function familyIvarTypes(app: AppModel, path: string): Map<string, RType> {
  const out = new Map<string, RType>();
  let root: string | null = null;
  for (let p: string | null = path, depth = 0; p && depth < 20 && !root; p = plainClassFacts(app, p)?.superclass ?? null, depth++) if (ownDefs(app, p).some((d) => !d.singleton && d.name === "initialize")) root = p;
  if (!root) return out;
  const family = [root, ...new Set(app.plainClasses.map((d) => d.path).filter((p) => isBelow(app, p, root!)))];
  if (family.length < 2) return out;
  const defs = family.map((p) => ({ p, defs: ownDefs(app, p) }));
  const inits = defs.flatMap(({ defs: ds }) => ds.filter((d) => !d.singleton && d.name === "initialize"));
  if (inits.length !== 1 || defs.some(({ defs: ds }) => ds.some((d) => d.singleton && (d.name === "new" || d.name === "allocate")))) return out;
  const names = new Set(family.map(lastName));
  // Every `new` the app writes: on a constant of the family (recorded), in a class method of the family (recorded), or another class's.
  const classMethods = new Set<Node>();
  defs.forEach(({ defs: ds }) => ds.filter((d) => d.singleton).forEach((d) => walk(d, (n) => classMethods.add(n))));
  const written = new Set<string>();
  let escapes = false;
  for (const f of appFiles(app)) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "assign" && n.target.kind === "const" && n.value.kind === "const" && names.has(n.value.name)) escapes = true;
        if (n.kind !== "call") return;
        if (/^(instance_variable_set|remove_instance_variable|allocate)$/.test(n.method)) escapes = true;
        if (/^(send|public_send|__send__)$/.test(n.method)) {
          const first = n.args[0];
          const name = first?.kind === "sym" ? first.name : first?.kind === "str" && first.parts.length === 1 && typeof first.parts[0] === "string" ? first.parts[0] : null;
          if (name === null || name === "new" || name === "allocate") escapes = true;
        }
        if (n.method !== "new") return;
        if (n.receiver === null || n.receiver.kind === "self") {
          if (classMethods.has(n)) written.add(siteKey(n.span));
        } else if (n.receiver.kind === "const") {
          if (names.has(n.receiver.name)) written.add(siteKey(n.span));
        } else if (!builtByAnother(app, n)) escapes = true;
      });
    }
  }
  if (escapes) return out;
  const sites = new Map<string, RType[]>();
  for (const p of family) recordedSites(app, `new:${p}`)?.forEach((t, site) => sites.set(site, t));
  if (![...written].every((s) => sites.has(s)) || !sites.size) return out;
  const init = inits[0]!;
  const params = positionalParams(init);
  const paramType = new Map(params.map((p, i) => [p.name, joinNullable([...sites.values()].map((t) => (i < t.length ? t[i]! : p.nilDefault ? NIL : UNKNOWN)))]));
  walk(init, (n) => (n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ident" && paramType.delete(n.target.name));
  // Each ivar initialize assigns from a typed parameter, and nothing else in the family assigns.
  const assigned = new Map<string, RType | null>();
  for (const { defs: ds } of defs) {
    for (const d of ds) {
      walk(d, (n) => {
        if (n.kind === "multiAssign") n.targets.forEach((t) => t.kind === "ivar" && assigned.set(t.name, null));
        if ((n.kind !== "assign" && n.kind !== "opAssign") || n.target.kind !== "ivar") return;
        const t = d === init && n.kind === "assign" && n.value.kind === "ident" && init.body.includes(n) ? paramType.get(n.value.name) : undefined;
        assigned.set(n.target.name, assigned.has(n.target.name) || !t || t.k === "unknown" ? null : t);
      });
    }
  }
  const writers = (ivar: string) => family.some((p) => plainClassFacts(app, p)?.writers.has(ivar));
  for (const [ivar, t] of assigned) if (t && !writers(ivar)) out.set(ivar, t);
  return out;
}
