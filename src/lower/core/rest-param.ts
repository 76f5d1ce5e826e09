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

/** Array's methods that change the Array they are called on (its element type no longer what `new` was given). */
const MUTATORS = new Set(["<<", "push", "append", "unshift", "prepend", "insert", "concat", "replace", "clear", "fill", "[]=", "map!", "collect!", "flatten!", "compact!", "select!", "filter!", "reject!", "uniq!", "sort!", "sort_by!", "shuffle!", "reverse!", "rotate!", "delete", "delete_at", "delete_if", "keep_if", "pop", "shift", "slice!"]);

/**
 * Whether any code of the app may change an Array read as `@name` or by a method called `name` (a reader): a
 * mutating method on it, written anywhere, or the name assigned from anything but initialize's parameter
 * (plain-ivars.ts checks that). Conservative: any receiver spelled so counts.
 */
export function mutatedAnywhere(app: AppModel, name: string): boolean {
  const files = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config, ...app.templates.values(), ...app.parsed.tests];
  const named = (n: Node | null) =>
    n !== null && ((n.kind === "ivar" && n.name === name) || (n.kind === "ident" && n.name === name) || (n.kind === "call" && n.method === name && !n.args.length));
  let found = false;
  for (const f of files) for (const stmt of f.body) walk(stmt, (n) => ((n.kind === "call" && MUTATORS.has(n.method) && named(n.receiver)) || (n.kind === "binary" && n.op === "<<" && named(n.left))) && (found = true));
  return found;
}
