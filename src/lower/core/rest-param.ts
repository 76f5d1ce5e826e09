// A constructor's rest parameter typed by what every `new` of the class passes in its place (plain-ivars.ts):
//   Pipeline.new(Strip, Squish, Escape)      (three plain classes, each a subclass of Step)
//   def initialize(*steps)                   steps: Array<typeof Step>
//     @steps = steps                         @steps: Array<typeof Step>
// The elements join into one type: one record, relation or value object every site agrees on, or classes of the
// app's plain classes, as their nearest common plain superclass (`typeof Step`: a class method called on one is
// the superclass's, or a subclass's override, as Ruby's singleton inheritance dispatches it).
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { handedOnType, sameType, UNKNOWN, type RType } from "../types.js";
import { plainClassFacts } from "./plain-calls.js";

/** The rest parameter's name and the type of an Array of what every site passes there; null when not proved. */
export function restParamType(app: AppModel, def: NodeOf<"def">, sites: Map<string, RType[]>, leading: number): { name: string; type: RType } | null {
  const at = def.params.findIndex((p) => p.kind === "rest");
  const rest = def.params[at];
  // Only `def initialize(a, b, *rest)`: the leading parameters all required (each site fills them by position).
  if (!rest?.name || at !== leading || def.params.slice(0, at).some((p) => p.kind !== "req") || def.params.slice(at + 1).some((p) => p.kind === "req" || p.kind === "opt")) return null;
  const elements = [...sites.values()].flatMap((types) => types.slice(leading));
  if (!elements.length || elements.some((t) => t.k === "unknown")) return null;
  const joined = joinClasses(app, elements) ?? (handedOnType(elements[0]!) && elements.every((t) => sameType(t, elements[0]!)) ? elements[0]! : UNKNOWN);
  return joined.k === "unknown" ? null : { name: rest.name, type: { k: "array", of: joined } };
}

/** Classes of the app's plain classes (`typeof X`) as `typeof` their nearest common plain superclass; null when not all are. */
function joinClasses(app: AppModel, types: RType[]): RType | null {
  const chains: string[][] = [];
  for (const t of types) {
    if (t.k !== "model" || !t.model.startsWith("typeof ")) return null;
    const chain: string[] = [];
    for (let path: string | null = t.model.slice(7); path && chain.length < 20; path = plainClassFacts(app, path)?.superclass ?? null) {
      if (!plainClassFacts(app, path)) return null;
      chain.push(path);
    }
    chains.push(chain);
  }
  const common = chains[0]!.find((p) => chains.every((c) => c.includes(p)));
  return common ? { k: "model", model: `typeof ${common}` } : null;
}

/**
 * Array's methods that neither change the Array they are called on nor answer it (a new value, or one of its
 * elements): a value read only through these keeps holding what `new` was given.
 */
const READERS = new Set([
  "reduce", "inject", "map", "collect", "flat_map", "filter_map", "select", "filter", "reject", "find", "detect", "first", "last", "size", "length",
  "count", "any?", "all?", "none?", "empty?", "include?", "sum", "join", "min_by", "max_by", "sort_by", "group_by", "index_by", "each_slice", "zip",
]);

/**
 * Whether the Array the ivar holds is read only through READERS' methods anywhere in the app: as `@name` (any
 * class's, to be safe), as `name` (its reader, on any receiver) and, in initialize, as the parameter it is assigned
 * from. Anything else (`<<`, `push`, passing it on, keeping it under another name) might change what it holds.
 */
export function readOnlyAsArray(app: AppModel, ivar: string, init: NodeOf<"def">, param: string): boolean {
  const files = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config, ...app.templates.values(), ...app.parsed.tests];
  const safe = new Set<Node>();
  const reads: Node[] = [];
  const visit = (n: Node, inInit: boolean) => {
    if (n.kind === "call" && n.receiver && READERS.has(n.method)) safe.add(n.receiver);
    // initialize's own `@name = param` is the assignment being typed.
    if (inInit && n.kind === "assign" && n.target.kind === "ivar" && n.target.name === ivar && n.value.kind === "ident" && n.value.name === param) safe.add(n.value);
    if ((n.kind === "ivar" && n.name === ivar) || (n.kind === "call" && n.method === ivar && !n.args.length && !n.block) || (inInit && n.kind === "ident" && n.name === param)) reads.push(n);
  };
  for (const f of files) for (const stmt of f.body) walk(stmt, (n) => visit(n, false));
  walk(init, (n) => visit(n, true));
  // (An assignment's target is no read: `@name = ...` elsewhere is refused by plain-ivars.ts already.)
  return reads.every((n) => safe.has(n) || isAssignTarget(n, init, files));
}

/** Whether `n` is the target of an assignment (`@name = ...`), which reads nothing. */
function isAssignTarget(n: Node, init: NodeOf<"def">, files: Array<{ body: Node[] }>): boolean {
  let found = false;
  const check = (x: Node) => (x.kind === "assign" || x.kind === "opAssign") && x.target === n && (found = true);
  walk(init, check);
  if (!found) for (const f of files) for (const stmt of f.body) walk(stmt, check);
  return found;
}
