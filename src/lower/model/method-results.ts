// What a model's own instance method answers, where its lowering proves it and the whole-app analysis
// (analyze/value-types.ts, records and relations of its own inference) does not: the type its lowered last
// expression has, found in the models' fixed point (lower/index.ts) as each model is lowered again.
//   def http = Net::HTTP.new(uri.host, uri.port).tap { ... }     http: a Net::HTTP session
//   def post(payload) = http.request(...)                         post: a Net::HTTPResponse (http proved above)
//   def uri = @uri ||= URI(url)                                   uri: a URI (@uri assigned nowhere else)
// Only a method with no `return` whose last statement is a plain expression (or `@x ||= value`, the memo of an ivar
// no other code assigns), defined once among the app's models, and only a type types.ts' handedOnType takes.
import type { AppModel } from "../../analyze/app-model.js";
import type { ModelInfo } from "../../analyze/models.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { handedOnType, sameType, UNKNOWN, type RType } from "../types.js";
import { ownAndUnshadowed } from "./param-types.js";

/** By the models map (shared by the scratch copies of the app), by `Model#method`: the proved result. */
const results = new WeakMap<Map<string, ModelInfo>, Map<string, RType>>();

function resultsOf(app: AppModel): Map<string, RType> {
  let r = results.get(app.models);
  if (!r) results.set(app.models, (r = new Map()));
  return r;
}

/** Statements whose value as a method's last line is not one expression's (branches, loops, jumps, assignments). */
const NOT_ONE_VALUE = new Set<Node["kind"]>(["if", "case", "caseIn", "begin", "while", "for", "return", "next", "break", "retry", "seq", "matchPattern", "assign", "multiAssign", "def", "class", "module", "sclass"]);

/**
 * The node whose lowered type is the method's result, or null when the method's value is not that one node's:
 * the last statement (an `@x ||= value` memo counts as its value, where the ivar is the memo's alone).
 */
export function resultNode(def: NodeOf<"def">, app: AppModel): Node | null {
  const last = def.body[def.body.length - 1];
  if (def.singleton || !last || NOT_ONE_VALUE.has(last.kind)) return null;
  let returns = false;
  for (const stmt of def.body) walk(stmt, (n) => n.kind === "return" && (returns = true));
  if (returns) return null;
  if (last.kind === "opAssign") return last.op === "||" && last.target.kind === "ivar" && memoOnly(last.target.name, last, app) ? last : null;
  // `loop do ... end` answers what breaks it, not its block's value.
  if (last.kind === "call" && last.receiver === null && last.method === "loop") return null;
  return last;
}

/**
 * Whether `@name` is assigned by `memo` alone in the model's code and nowhere else in the app's Ruby (no other
 * assignment, no attr writer, no instance_variable_set), so what the memo reads back is what it stored.
 */
function memoOnly(name: string, memo: Node, app: AppModel): boolean {
  const files = [...app.parsed.models, ...app.parsed.lib, ...app.parsed.helpers, ...app.parsed.controllers, ...app.parsed.channels, ...app.parsed.config];
  let other = false;
  const visit = (n: Node) => {
    if (n === memo) return;
    if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ivar" && n.target.name === name) other = true;
    if (n.kind === "multiAssign" && n.targets.some((t) => t.kind === "ivar" && t.name === name)) other = true;
    if (n.kind === "call" && /^(instance_variable_set|instance_variables|remove_instance_variable)$/.test(n.method)) other = true;
    if (n.kind === "call" && n.receiver === null && /^attr_(accessor|writer)$/.test(n.method) && n.args.some((a) => a.kind === "sym" && a.name === name)) other = true;
  };
  for (const f of files) for (const stmt of f.body) walk(stmt, visit);
  return !other;
}

/** Core values a result may be too: a String, a number, true or false (core/methods.ts calls their tables directly). */
const SCALAR_RESULTS = new Set<RType["k"]>(["string", "number", "bool"]);

/** Records what the method (of `model`, as listed among its methods) answers in this lowering. */
export function noteResult(app: AppModel, model: string, def: NodeOf<"def">, type: RType): void {
  const key = `${model}#${def.name}`;
  if (handedOnType(type) || SCALAR_RESULTS.has(type.k)) resultsOf(app).set(key, type);
  else resultsOf(app).delete(key);
}

/**
 * What a record of `model` answers for `name` by its lowered body: the one definition among the app's models (a
 * record may be of an STI subclass that defines it again), found in the model's chain.
 */
export function provedResult(app: AppModel, chain: ModelInfo[], name: string): RType {
  const owners = [...app.models.values()].filter((m) => m.methods.some((d) => d.name === name));
  if (owners.length !== 1 || owners[0]!.methods.filter((d) => d.name === name).length !== 1 || !chain.includes(owners[0]!)) return UNKNOWN;
  return resultsOf(app).get(`${owners[0]!.className}#${name}`) ?? UNKNOWN;
}

/**
 * What an instance of the plain class at `path` answers for `name` by its lowered body: where that class is the one
 * plain class defining the name and none subclasses it (param-types.ts' ownAndUnshadowed).
 */
export function plainResult(app: AppModel, path: string, name: string): RType {
  return ownAndUnshadowed(app, path, name) ? (resultsOf(app).get(`${path}#${name}`) ?? UNKNOWN) : UNKNOWN;
}

/** Records what the plain class's ivar is assigned where that assignment is its only one (plain-ivars.ts). */
export function noteIvarResult(app: AppModel, path: string, ivar: string, type: RType): void {
  const key = `${path}@${ivar}`;
  if (handedOnType(type)) resultsOf(app).set(key, type);
  else resultsOf(app).delete(key);
}

export function ivarResult(app: AppModel, path: string, ivar: string): RType {
  return resultsOf(app).get(`${path}@${ivar}`) ?? UNKNOWN;
}

/** By the models map, by `Path#method`: what the method yields to its block, by position. */
const yielded = new WeakMap<Map<string, ModelInfo>, Map<string, RType[]>>();

function yieldedOf(app: AppModel): Map<string, RType[]> {
  let r = yielded.get(app.models);
  if (!r) yielded.set(app.models, (r = new Map()));
  return r;
}

/**
 * Where a method's yields are followed (its only way to call the block a caller gives it): not one that names its
 * block (`&block` may be called or handed on) or calls super (which hands the block on).
 */
export function followsYields(def: NodeOf<"def">): boolean {
  let handsOn = def.params.some((p) => p.kind === "block");
  for (const stmt of def.body) walk(stmt, (n) => n.kind === "super" && (handsOn = true));
  return !handsOn;
}

/** Records what every yield of the method passed (null: not followed), each position typed where all agree. */
export function noteYields(app: AppModel, owner: string, def: NodeOf<"def">, each: RType[][] | null): void {
  const key = `${owner}#${def.name}`;
  const width = each?.[0]?.length ?? 0;
  if (!each?.length || each.some((args) => args.length !== width)) {
    yieldedOf(app).delete(key);
    return;
  }
  const types = [...Array(width).keys()].map((i) => (each.every((args) => handedOnType(args[i]!) && sameType(args[i]!, each[0]![i]!)) ? each[0]![i]! : UNKNOWN));
  if (types.some((t) => t.k !== "unknown")) yieldedOf(app).set(key, types);
  else yieldedOf(app).delete(key);
}

/** What the plain class's method yields to the block a call gives it (empty when not proved). */
export function plainYields(app: AppModel, path: string, name: string): RType[] {
  return ownAndUnshadowed(app, path, name) ? (yieldedOf(app).get(`${path}#${name}`) ?? []) : [];
}

/** Every result known now (the models' fixed point stops when this stops changing). */
export function resultFingerprint(app: AppModel): string {
  const sorted = <V>(m: Map<string, V>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([sorted(resultsOf(app)), sorted(yieldedOf(app))]);
}
