// Instance-variable types of a controller, from its assignments: `@post = Post.find(...)` makes
// `@post` an Post everywhere in the controller and in its views. Only shapes that prove the type count;
// anything else stays unknown (dynamic, still correct).
import type { AppModel } from "../../analyze/app-model.js";
import type { ControllerInfo } from "../../analyze/controllers.js";
import { childNodes, type Node } from "../../parse/ir.js";
import { joinEither, maybe, provedType, UNKNOWN, type RType } from "../types.js";
import { join } from "../../analyze/value-types.js";

const RECORD = new Set(["new", "find", "find_by", "find_by!", "create", "create!", "first", "last", "build"]);
/** `first(3)` / `last(3)` answer Arrays. */
const COUNTED = new Set(["first", "last"]);
const RELATION = new Set(["all", "where", "order", "limit", "includes", "preload"]);
const PAGE: RType = { k: "runtime", cls: "page" };

/**
 * A controller's ivar types, agreeing with its ancestors' and descendants' (their Assigns interfaces extend each
 * other): an ivar the related controllers type differently is unknown in all of them.
 */
export function controllerIvars(info: ControllerInfo, app: AppModel): Map<string, RType> {
  const own = (c: ControllerInfo) => inferIvarTypes([...c.actions, ...c.privateMethods].map((d) => d.body), app);
  const ancestors = (c: ControllerInfo): ControllerInfo[] => {
    const out: ControllerInfo[] = [];
    for (let p = app.controllers.get(c.superclass); p && !out.includes(p); p = app.controllers.get(p.superclass)) out.push(p);
    return out;
  };
  const related = [...ancestors(info), ...[...app.controllers.values()].filter((c) => ancestors(c).includes(info))];
  const types = own(info);
  for (const other of related) {
    for (const [name, t] of own(other)) {
      const mine = types.get(name);
      if (mine) types.set(name, joinTypes(mine, t, app));
    }
  }
  return types;
}

/** Two types of one ivar: the same, or records of one STI family as their nearest common model; else unknown. */
function joinTypes(a: RType, b: RType, app: AppModel): RType {
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  const proved = (t: RType) => (t.k === "model" && !t.model.startsWith("typeof ") ? { k: "record" as const, model: t.model } : t.k === "relation" ? { k: "relation" as const, model: t.model } : null);
  const pa = proved(a);
  const pb = proved(b);
  return pa && pb ? provedType(join([pa, pb], app.models)) : UNKNOWN;
}

export function inferIvarTypes(bodies: Node[][], app: AppModel): Map<string, RType> {
  // Assignments may read ivars assigned in methods defined later (a before_action's `@post`), so passes
  // repeat until the types stop changing.
  let known = new Map<string, RType>();
  for (let pass = 0; pass < 4; pass++) {
    const next = onePass(bodies, app, known);
    if (JSON.stringify([...next]) === JSON.stringify([...known])) break;
    known = next;
  }
  return known;
}

function onePass(bodies: Node[][], app: AppModel, known: Map<string, RType>): Map<string, RType> {
  const types = new Map<string, RType>();
  const conflicts = new Set<string>();
  const visit = (node: Node): void => {
    // `@x ||= v` stores v as `@x = v` does (any other operator makes a value of its own: unknown).
    if ((node.kind === "assign" || node.kind === "opAssign") && node.target.kind === "ivar") {
      const t = node.kind === "opAssign" && node.op !== "||" ? UNKNOWN : typeOf(node.value, app, known);
      const name = node.target.name;
      const prev = types.get(name);
      // A Relation here and an Array of the same model's records there: the enumerable of them (types.ts' joinEither).
      const either = prev ? joinEither(prev, t) : t;
      if (prev && either.k !== "enumerable" && JSON.stringify(prev) !== JSON.stringify(t)) conflicts.add(name);
      types.set(name, either);
    }
    // `@a, @b = pair`: element values no shape here types, but those of a partition of one model's records (two
    // Arrays of them: each target one, or nil past them).
    if (node.kind === "multiAssign") {
      const parts = partitionOf(node.value, app, known);
      node.targets.forEach((t) => {
        if (t.kind !== "ivar") return;
        const prev = types.get(t.name);
        if (!parts || (prev && JSON.stringify(prev) !== JSON.stringify(parts))) conflicts.add(t.name);
        types.set(t.name, parts ?? UNKNOWN);
      });
    }
    if (node.kind === "call" && node.receiver === null && node.method === "instance_variable_set") reflected = true;
    // geared_pagination's set_page_and_extract_portion_from assigns @page its GearedPagination::Page.
    if (node.kind === "call" && node.receiver === null && node.method === "set_page_and_extract_portion_from" && app.config.engines.includes("geared_pagination")) {
      const prev = types.get("page");
      if (prev && JSON.stringify(prev) !== JSON.stringify(PAGE)) conflicts.add("page");
      types.set("page", PAGE);
    }
    for (const child of childNodes(node)) visit(child);
  };
  let reflected = false;
  bodies.flat().forEach(visit);
  for (const name of conflicts) types.set(name, UNKNOWN);
  // instance_variable_set may write any of them with anything.
  if (reflected) for (const name of types.keys()) types.set(name, UNKNOWN);
  return types;
}

/** `records.partition { }` of a relation or an Array of one model: what each of its two Arrays is (or nil). */
function partitionOf(node: Node, app: AppModel, known: Map<string, RType>): RType | null {
  if (node.kind !== "call" || node.method !== "partition" || !node.block || node.args.length || !node.receiver) return null;
  const t = typeOf(node.receiver, app, known);
  const model = t.k === "relation" ? t.model : t.k === "array" && t.of.k === "model" && !t.of.model.startsWith("typeof ") ? t.of.model : null;
  return model ? maybe({ k: "array", of: { k: "model", model } }) : null;
}

function typeOf(node: Node, app: AppModel, known: Map<string, RType>): RType {
  const local = localTypeOf(node, app, known);
  return local.k === "unknown" ? provedNodeType(node, app) : local;
}

/** What the whole-app analysis proves of a value in a controller method (`Current.user.rooms.find(id)`: Room). */
function provedNodeType(node: Node, app: AppModel): RType {
  const site = app.controllerSites.get(node);
  return provedType(site ? app.values.typeOf(node, site) : null);
}

/** What a controller method answers (a `helper_method` a view calls), when the app defines it once. */
export function controllerMethodType(app: AppModel, name: string): RType {
  const defs = new Set([...app.controllers.values()].flatMap((c) => [...c.actions, ...c.privateMethods]).filter((d) => d.name === name));
  const def = defs.size === 1 ? [...defs][0]! : null;
  const site = def?.body.length ? app.controllerSites.get(def.body[def.body.length - 1]!) : undefined;
  return def && site ? provedType(app.values.methodType(def, site)) : UNKNOWN;
}

function localTypeOf(node: Node, app: AppModel, known: Map<string, RType>): RType {
  if (node.kind === "ivar") return known.get(node.name) ?? UNKNOWN;
  if (node.kind !== "call" || !node.receiver) return UNKNOWN;
  if (node.receiver.kind === "const" && app.models.has(node.receiver.name)) {
    if (RECORD.has(node.method) && !(COUNTED.has(node.method) && node.args.length)) return { k: "model", model: node.receiver.name };
    if (RELATION.has(node.method)) return { k: "relation", model: node.receiver.name };
    return UNKNOWN;
  }
  const inner = typeOf(node.receiver, app, known);
  if (inner.k === "model" && node.args.length === 0) {
    const assoc = app.models.get(inner.model)?.associations.find((a) => a.name === node.method);
    if (assoc) return assoc.kind === "has_many" ? { k: "relation", model: assoc.className } : { k: "model", model: assoc.className };
  }
  if (inner.k === "relation") {
    if (RECORD.has(node.method) && !(COUNTED.has(node.method) && node.args.length)) return { k: "model", model: inner.model };
    if (RELATION.has(node.method)) return inner;
  }
  return UNKNOWN;
}
