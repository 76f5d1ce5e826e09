// A plain class's class methods take parameters typed by what every call of them passes (call-sites.ts), as its
// instance methods do (model/param-types.ts):
//   Embed.from_node(node)          (node: an Action Text node, in a reopened ActionText::Attachment.from_node)
//   def self.from_node(node)       node: ActionTextNode
//     node["content-type"].match(TYPE)       StringMethods.match(nonNil(coreIndex(node, "content-type") as string | null, "match"), TYPE)
// A call on the class or a subclass (`X.m`, `klass.m` with klass typed as the class, `m` inside its class methods) is
// recorded under the class that defines m nearest up the chain (a subclass that does not define it runs that one).
// A parameter is typed only where no plain class below the defining one defines m again, m is named as a Symbol or
// String nowhere (`send(:m)`, `method(:m)`), and every call of m written anywhere in the app was lowered against a
// receiver the lowering typed (recorded under some class's or model's key), so none of them reaches it unseen.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { allSeen, noteCall, positionalParams, recordedKeysOf, recordedSites, siteKey } from "../call-sites.js";
import type { ConstDecl } from "../../analyze/constants.js";
import { writtenClassCalls } from "./plain-ivars.js";
import { handedOnType, maybe, NIL, sameType, UNKNOWN, type RType } from "../types.js";
import { plainClassFacts } from "./plain-calls.js";

export const plainClassMethodKey = (path: string, name: string): string => `plainClassMethod:${path}.${name}`;
const key = plainClassMethodKey;

/** Whether the plain class at `path` defines the class method itself (`def self.m`, or in `class << self`). */
function definesOwn(app: AppModel, path: string, name: string): boolean {
  return app.plainClasses.some(
    (d) => d.path === path && d.node.body.some((n) => (n.kind === "def" && n.singleton && n.name === name) || (n.kind === "sclass" && n.body.some((s) => s.kind === "def" && s.name === name))),
  );
}

/** The class up `path`'s chain whose own definition of the class method a call on `path` runs; null when none. */
function definer(app: AppModel, path: string, name: string): string | null {
  for (let p: string | null = path, depth = 0; p && depth < 20; p = plainClassFacts(app, p)?.superclass ?? null, depth++) if (definesOwn(app, p, name)) return p;
  return null;
}

/**
 * The definition a call of the class method on `path` or on any subclass of it runs: its definer's up the chain,
 * where no plain class below `path` defines it again; null otherwise.
 */
export function classMethodDef(app: AppModel, path: string, name: string): NodeOf<"def"> | null {
  const at = definer(app, path, name);
  if (!at || overriddenBelow(app, path, name)) return null;
  for (const d of app.plainClasses.filter((c) => c.path === at)) {
    for (const n of d.node.body) {
      if (n.kind === "def" && n.singleton && n.name === name) return n;
      if (n.kind === "sclass") for (const s of n.body) if (s.kind === "def" && s.name === name) return s;
    }
  }
  return null;
}

/**
 * One type for every site's argument: the same type everywhere, or a type and nil (`T | null`); else unknown. The
 * type a record, a relation, a value object (types.ts' handedOnType), a Hash or permitted params, or with `strings` a
 * String too.
 */
export function joinNullable(types: RType[], strings = false): RType {
  const bare = (t: RType) => (t.k === "maybe" ? t.of : t);
  const some = types.find((t) => t.k !== "nil");
  // (A Hash, and permitted params handed on as they are, are values too.)
  const value = (t: RType) => handedOnType(t) || t.k === "hash" || t.k === "params" || (strings && t.k === "string");
  if (!some || some.k === "unknown" || !value(bare(some))) return UNKNOWN;
  const of = bare(some);
  if (!types.every((t) => t.k === "nil" || sameType(bare(t), of))) return UNKNOWN;
  return types.some((t) => t.k === "nil" || t.k === "maybe") ? maybe(of) : of;
}

/** Records a lowered call of the plain class's (or a subclass's) class method with its positional arguments' types. */
export function notePlainClassMethodCall(app: AppModel, path: string, call: NodeOf<"call">, types: RType[]): void {
  const at = definer(app, path, call.method);
  if (at) noteCall(app, key(at, call.method), call, types);
}

/**
 * The class method's parameters' types (empty when not proved). Every call that may reach it is recorded, proved
 * one of two ways: every call of its name written in the app was lowered against a typed receiver (or names another
 * class); or the class is named nowhere but as the receiver of its class methods' calls (it never escapes as a
 * value, so only `X.m` and its own receiver-less `m` reach it), no class subclasses it, and no `x.class.m` is written.
 */
export function plainClassMethodParamTypes(app: AppModel, path: string, def: NodeOf<"def">, decls: ConstDecl[]): RType[] {
  const name = def.name;
  if (name === "new" || !definesOwn(app, path, name) || overriddenBelow(app, path, name)) return [];
  const sites = recordedSites(app, key(path, name));
  if (!sites) return [];
  const { calls, named } = written(app, name);
  if (named) return [];
  const join = () => positionalParams(def).map((p, i) => joinNullable([...sites.values()].map((t) => (i < t.length ? t[i]! : p.nilDefault ? NIL : UNKNOWN))));
  if (onlyAsReceiver(app, path, decls, name, calls)) return join();
  // A call on a constant naming another class (`Other.m`) reaches another method, where no constant of the app is
  // assigned under that name (an alias of this class).
  const seen = recordedKeysOf(app, name);
  const family = new Set([path, ...app.plainClasses.map((d) => d.path).filter((p) => below(app, p, path))].map(lastName));
  const elsewhere = (c: NodeOf<"call">) => c.receiver?.kind === "const" && !family.has(c.receiver.name) && !assignedConstants(app).has(c.receiver.name);
  if (!calls.every((c) => seen.has(siteKey(c.span)) || elsewhere(c))) return [];
  // (A value of one type, or that type and nil: `T | null`.)
  return join();
}

/** The second proof: the class never escapes as a value, and every `X.m` / own receiver-less `m` was recorded. */
function onlyAsReceiver(app: AppModel, path: string, decls: ConstDecl[], name: string, calls: Array<NodeOf<"call">>): boolean {
  const sites = writtenClassCalls(app, path, decls, new Set([name]));
  if (!sites || app.plainClasses.some((d) => d.path !== path && below(app, d.path, path))) return false;
  if (calls.some((c) => c.receiver?.kind === "call" && c.receiver.method === "class")) return false;
  return allSeen(app, [key(path, name)], sites);
}

const lastName = (path: string) => path.slice(path.lastIndexOf(":") + 1);

/** Whether the plain class at `p` is a subclass (at any depth) of the one at `path`. */
function below(app: AppModel, p: string, path: string): boolean {
  for (let s = plainClassFacts(app, p)?.superclass ?? null, depth = 0; s && depth < 20; s = plainClassFacts(app, s)?.superclass ?? null, depth++) if (s === path) return true;
  return false;
}

/** Whether a plain class below `path` defines the class method again. */
function overriddenBelow(app: AppModel, path: string, name: string): boolean {
  return app.plainClasses.some((d) => d.path !== path && below(app, d.path, path) && definesOwn(app, d.path, name));
}

const assigned = new WeakMap<object, Set<string>>();

/** The names of the constants the app's code assigns (`X = ...`), anywhere. */
function assignedConstants(app: AppModel): Set<string> {
  let out = assigned.get(app.parsed);
  if (out) return out;
  out = new Set();
  for (const f of appFiles(app)) for (const stmt of f.body) walk(stmt, (n) => n.kind === "assign" && n.target.kind === "const" && out!.add(n.target.name));
  assigned.set(app.parsed, out);
  return out;
}

/** Every file of the app whose calls may reach a method. */
export function appFiles(app: AppModel): Array<{ body: Node[] }> {
  return [
    ...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config,
    ...app.templates.values(), ...(app.parsed.seeds ? [app.parsed.seeds] : []), ...app.parsed.tests,
  ];
}

/** Every call of `name` written in the app, and whether the name is a Symbol or a String literal somewhere. */
export function written(app: AppModel, name: string): { calls: Array<NodeOf<"call">>; named: boolean } {
  const calls: Array<NodeOf<"call">> = [];
  let named = false;
  for (const f of appFiles(app)) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "call" && n.method === name) calls.push(n);
        if ((n.kind === "sym" && n.name === name) || (n.kind === "str" && n.parts.length === 1 && n.parts[0] === name)) named = true;
      });
    }
  }
  return { calls, named };
}
