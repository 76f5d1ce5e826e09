// A plain class's instance variables typed by what its constructor is given (call-sites.ts' join, for `new`):
//   Card.new(post, style: :wide)               (post: a Post, at every site)
//   def initialize(post, style: nil)            post: Post (and style:, where every call passes one model or nothing)
//     @post, @style = post, style               @post: Post  (read as `(this.ivars.post as Post)`)
//   attr_reader :post                           post (a self call): Post
// Only where every `new` of the class written in the app was lowered and recorded, the class is named nowhere but
// as the receiver of those `new` calls, no plain class subclasses it, and the ivar is assigned nowhere else (no
// writer, no other method) than from that parameter in initialize.
import type { AppModel } from "../../analyze/app-model.js";
import { appFiles } from "./class-method-params.js";
import type { ConstDecl } from "../../analyze/constants.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { allSeen, joinedKeywordTypes, joinedTypes, keywordParams, noteCall, positionalParams, recordedSites, siteKey } from "../call-sites.js";
import type { RType } from "../types.js";
import type { PlainClassFacts } from "./plain-calls.js";
import { writerUnused } from "./unused-writers.js";
import { readOnlyAsArray, restParamType } from "./rest-param.js";

const newKey = (path: string) => `new:${path}`;
const lastName = (path: string) => path.slice(path.lastIndexOf(":") + 1);

/** Records one lowered `Klass.new(...)` (or `new` in its class methods) with its positional arguments' types. */
export function noteNewCall(app: AppModel, path: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, newKey(path), call, types);
}

/** The site keys of every `X.new` written in the app naming the class by its last name, or null when it escapes. */
function writtenNews(app: AppModel, path: string, decls: ConstDecl[]): Set<string> | null {
  return writtenClassCalls(app, path, decls, new Set(["new"]));
}

/**
 * The site keys of every `X.m` (m one of `methods`) written in the app naming the class by its last name, and of
 * every receiver-less `m` in the class's own code; null when the class is named anywhere else (it escapes).
 */
export function writtenClassCalls(app: AppModel, path: string, decls: ConstDecl[], methods: Set<string>): Set<string> | null {
  const files = appFiles(app);
  const name = lastName(path);
  const sites = new Set<string>();
  const receivers = new Set<Node>();
  const named: Node[] = [];
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        // The class's own definition names it too (`class Billing::Invoice`).
        if ((n.kind === "class" || n.kind === "module") && n.name.kind === "const") receivers.add(n.name);
        if (n.kind === "call" && methods.has(n.method) && n.receiver?.kind === "const" && n.receiver.name === name) {
          receivers.add(n.receiver);
          sites.add(siteKey(n.span));
        }
        if (n.kind === "const" && n.name === name) named.push(n);
      });
    }
  }
  // `new(...)` in the class's own class methods (`perform_now` in a job's own code, `self.perform_later`).
  for (const d of decls) walk(d.node, (n) => n.kind === "call" && (n.receiver === null || n.receiver.kind === "self") && methods.has(n.method) && sites.add(siteKey(n.span)));
  return named.every((n) => receivers.has(n)) ? sites : null;
}

/** What each ivar holds where every assignment is initialize's typed parameter; empty when nothing is proved. */
export function constructorIvarTypes(app: AppModel, facts: PlainClassFacts, decls: ConstDecl[], methods: Array<NodeOf<"def">>): Map<string, RType> {
  const out = new Map<string, RType>();
  const init = methods.filter((d) => d.name === "initialize" && !d.singleton);
  if (init.length !== 1) return out;
  const def = init[0]!;
  const sites = recordedSites(app, newKey(facts.path));
  const written = writtenNews(app, facts.path, decls);
  const subclassed = app.plainClasses.some((d) => d.node.kind === "class" && d.superclassName !== null && lastName(d.superclassName) === lastName(facts.path));
  if (!sites || !written || subclassed || !allSeen(app, [newKey(facts.path)], written)) return out;
  const params = positionalParams(def);
  const types = joinedTypes(sites, params);
  const paramType = new Map(params.map((p, i) => [p.name, types[i]!]));
  // A rest parameter (`def initialize(*steps)`): an Array of what every site passes in its place (rest-param.ts).
  const rest = restParamType(app, def, sites, params.length);
  if (rest) paramType.set(rest.name, rest.type);
  // Keyword parameters (`def initialize(room:, message:)`), by what every call passes under their names.
  for (const [name, t] of joinedKeywordTypes(app, newKey(facts.path), keywordParams(def))) paramType.set(name, t);
  // Parameters the body assigns again hold something else.
  walk(def, (n) => (n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ident" && paramType.delete(n.target.name));
  const assigned = new Map<string, RType | null>();
  const assign = (ivar: string, value: Node | undefined, inInit: boolean) => {
    const t = inInit && value?.kind === "ident" ? paramType.get(value.name) : undefined;
    assigned.set(ivar, assigned.has(ivar) || !t || t.k === "unknown" ? null : t);
  };
  for (const m of methods) {
    walk(m, (n) => {
      if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ivar") assign(n.target.name, n.kind === "assign" ? n.value : undefined, m === def);
      if (n.kind === "multiAssign") {
        const values = n.value.kind === "array" && n.value.elements.length === n.targets.length ? n.value.elements : null;
        n.targets.forEach((t, i) => t.kind === "ivar" && assign(t.name, values?.[i], m === def));
      }
    });
  }
  // (An Array from a rest parameter only where nothing may change what it holds: rest-param.ts.)
  for (const [ivar, t] of assigned) if (t && !facts.writers.has(ivar) && (t.k !== "array" || (rest !== null && readOnlyAsArray(app, ivar, def, rest.name)))) out.set(ivar, t);
  return out;
}

// A job's `perform` parameters typed by what every perform_later / perform_now of it passes:
//   Room::PushMessageJob.perform_later(self, message)   (in Room, message: a Message)
//   def perform(room, message)                          room: Room, message: Message
// Active Job hands perform the arguments it was enqueued with (a record goes as its GlobalID and comes back as the
// record of that class, or the job fails to deserialize before perform runs). Only where every such call written in
// the app was lowered and recorded, the class is named nowhere else, and no class of the app subclasses it.
const PERFORMS = new Set(["perform_later", "perform_now", "perform"]);
const performKey = (path: string) => `perform:${path}`;

/** Records one lowered `Job.perform_later(...)` / `perform_now(...)` with its positional arguments' types. */
export function notePerformCall(app: AppModel, path: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, performKey(path), call, types);
}

/** The job's perform parameters' types (empty when not proved). */
export function performParamTypes(app: AppModel, facts: PlainClassFacts, decls: ConstDecl[], def: NodeOf<"def">): RType[] {
  const sites = recordedSites(app, performKey(facts.path));
  const written = writtenClassCalls(app, facts.path, decls, PERFORMS);
  const subclassed = app.plainClasses.some((d) => d.node.kind === "class" && d.superclassName !== null && lastName(d.superclassName) === lastName(facts.path));
  if (!sites || !written || subclassed || !allSeen(app, [performKey(facts.path)], written)) return [];
  return joinedTypes(sites, positionalParams(def));
}

/**
 * The ivars assigned once in the class's code, at the top level of its initialize from a value that is no
 * parameter (`@delivery_pool = Concurrent::ThreadPoolExecutor.new(...)`): read as what that value's lowering proves
 * (recorded by the class's previous lowering, model/method-results.ts), where no writer, no plain subclass and no
 * instance_variable_set anywhere in the app assigns it otherwise. By ivar: the assignment.
 */
export function soleInitAssignments(app: AppModel, facts: PlainClassFacts, decls: ConstDecl[], methods: Array<NodeOf<"def">>): Map<string, Node> {
  const out = new Map<string, Node>();
  const init = methods.filter((d) => d.name === "initialize" && !d.singleton);
  const subclassed = app.plainClasses.some((d) => d.node.kind === "class" && d.superclassName !== null && lastName(d.superclassName) === lastName(facts.path));
  if (init.length !== 1 || subclassed || reflectsIvars(app)) return out;
  // The class's own bodies, and the methods its modules bring.
  const inDecls = new Set<Node>();
  decls.forEach((d) => walk(d.node, (n) => inDecls.add(n)));
  const counts = new Map<string, number>();
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const root of [...decls.map((d) => d.node), ...methods.filter((m) => !inDecls.has(m))]) {
    walk(root, (n) => {
      if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ivar") count(n.target.name);
      if (n.kind === "multiAssign") n.targets.forEach((t) => t.kind === "ivar" && count(t.name));
    });
  }
  for (const stmt of init[0]!.body) {
    // (A writer nothing in the app calls, unused-writers.ts, assigns nothing.)
    if (stmt.kind !== "assign" || stmt.target.kind !== "ivar" || stmt.value.kind === "ident" || (facts.writers.has(stmt.target.name) && !writerUnused(app, facts, stmt.target.name))) continue;
    if (counts.get(stmt.target.name) === 1) out.set(stmt.target.name, stmt);
  }
  return out;
}

const reflecting = new WeakMap<object, boolean>();

/** Whether the app's Ruby sets or removes ivars by name anywhere (instance_variable_set...). */
function reflectsIvars(app: AppModel): boolean {
  let r = reflecting.get(app.parsed);
  if (r === undefined) {
    r = false;
    const files = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config, ...app.parsed.tests];
    for (const f of files) for (const stmt of f.body) walk(stmt, (n) => n.kind === "call" && /^(instance_variable_set|remove_instance_variable)$/.test(n.method) && (r = true));
    reflecting.set(app.parsed, r);
  }
  return r;
}
