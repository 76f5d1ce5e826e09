// The model type of each CurrentAttributes attribute: the join of every value the app assigns to it.
//
//   Current.user = session.user           (authenticated_as(session), called with Session records)   User
//   Current.set(user: bot) { ... }        (bot = User.authenticate_bot(...))                          User
//   Current.request = request / anything the analysis cannot type / an assignment outside a controller   unknown
//
// Unassigned attributes stay unknown too (nothing proves what they hold).
import { walk, type Node, type NodeOf } from "../parse/ir.js";
import type { SourceFile } from "../parse/app.js";
import type { ControllerInfo } from "./controllers.js";
import type { CurrentInfo } from "./current.js";
import type { ModelInfo } from "./models.js";
import { join, walkScoped, type Site, type ValueTypes, type ValueType } from "./value-types.js";

export interface CurrentTypeInput {
  currents: Map<string, CurrentInfo>;
  /** Where each node of a controller method runs (controllerSites). */
  sites: Map<Node, Site>;
  values: ValueTypes;
  models: Map<string, ModelInfo>;
  /** Every Ruby source of the app (an assignment anywhere counts). */
  files: SourceFile[];
}

/** By CurrentAttributes class, each attribute's model (the class name), for the attributes proved to hold one. */
export function currentAttributeTypes(input: CurrentTypeInput): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  if (!input.currents.size) return out;
  const { sites, values } = input;
  const assigned = new Map<string, ValueType[]>();
  const note = (cls: string, attr: string, t: ValueType) => assigned.set(`${cls}.${attr}`, [...(assigned.get(`${cls}.${attr}`) ?? []), t]);
  const opaque = new Set<string>();
  for (const file of input.files) {
    for (const stmt of file.body) {
      walk(stmt, (n) => {
        if (n.kind !== "call" || n.receiver?.kind !== "const" || n.receiver.scope !== null) return;
        const info = input.currents.get(n.receiver.name);
        if (!info) return;
        const site = sites.get(n) ?? null;
        const typeAt = (value: Node | undefined) => (value && site ? values.typeOf(value, site) : null);
        const attr = n.method.endsWith("=") ? n.method.slice(0, -1) : null;
        if (attr !== null && info.attributes.includes(attr)) note(info.className, attr, typeAt(n.args[0]));
        else if (n.method === "set") {
          const hash = n.args[0];
          if (n.args.length !== 1 || hash?.kind !== "hash") opaque.add(info.className);
          else for (const p of hash.pairs) note(info.className, p.key.kind === "sym" ? p.key.name : "", p.key.kind === "sym" ? typeAt(p.value) : null);
        } else if (!info.attributes.includes(n.method) && !info.methods.some((d) => d.name === n.method)) {
          // `Current.instance`, `Current.send(...)`, `Current.attributes = ...`: writes not seen here.
          if (!isDelegated(info, n.method)) opaque.add(info.className);
        }
      });
    }
  }
  for (const info of input.currents.values()) {
    // Inside the class itself `self.user = x` (or a method writing the attribute) is not analysed: unknown.
    const writesItself = info.methods.some((d) => d.body.some((s) => hasSelfWrite(s, info)));
    if (writesItself || opaque.has(info.className)) continue;
    const types = new Map<string, string>();
    for (const attr of info.attributes) {
      const hasDefault = info.defaults.some((d) => d.names.includes(attr));
      const t = join(assigned.get(`${info.className}.${attr}`) ?? [null], input.models);
      if (!hasDefault && t?.k === "record") types.set(attr, t.model);
      // Rails' own object (`Current.request = request`), by its Rails class.
      if (!hasDefault && t?.k === "runtime") types.set(attr, t.rails);
    }
    out.set(info.className, types);
  }
  return out;
}

function isDelegated(info: CurrentInfo, name: string): boolean {
  return info.delegates.some((d) => d.methods.some((m) => (d.prefix ? `${d.prefix}_${m}` : m) === name)) || name === "reset";
}

function hasSelfWrite(node: Node, info: CurrentInfo): boolean {
  let found = false;
  walk(node, (n) => {
    if (n.kind === "call" && (n.receiver === null || n.receiver.kind === "self") && n.method.endsWith("=") && info.attributes.includes(n.method.slice(0, -1))) found = true;
  });
  return found;
}

/** Each node inside a controller method, with where it runs. */
export function controllerSites(controllers: Map<string, ControllerInfo>, files: SourceFile[]): Map<Node, Site> {
  const defsOf = (c: ControllerInfo) => [...c.actions, ...c.privateMethods];
  const all = [...new Set([...controllers.values()].flatMap(defsOf))];
  const parents = (c: ControllerInfo): ControllerInfo[] => {
    const out: ControllerInfo[] = [];
    for (let p = controllers.get(c.superclass); p && !out.includes(p); p = controllers.get(p.superclass)) out.push(p);
    return out;
  };
  const related = (c: ControllerInfo): ControllerInfo[] => [c, ...parents(c), ...[...controllers.values()].filter((d) => parents(d).includes(c))];
  const relatedDefs = new Map<NodeOf<"def">, Set<NodeOf<"def">>>();
  for (const c of controllers.values()) {
    const defs = related(c).flatMap(defsOf);
    for (const def of defsOf(c)) {
      const set = relatedDefs.get(def) ?? new Set();
      defs.forEach((d) => set.add(d));
      relatedDefs.set(def, set);
    }
  }
  const sites = new Map<Node, Site>();
  const named = new Set<string>();
  for (const file of files) for (const stmt of file.body) walk(stmt, (n) => n.kind === "sym" && named.add(n.name));
  const owner = { k: "controller" as const, defs: all, related: (def: NodeOf<"def">) => [...(relatedDefs.get(def) ?? [])], named };
  for (const def of all) {
    walkScoped(def.body, [], (n, blocks) => sites.set(n, { def, blocks, owner }));
  }
  return sites;
}
