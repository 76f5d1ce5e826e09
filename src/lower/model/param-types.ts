// A model's instance methods, class methods and scopes with parameters typed by what every call of them passes (call-sites.ts):
//   room.receive(self)              (in Message's callback)      def receive(message)             message: Message
//   unread_memberships(message)     (in Room#receive)            def unread_memberships(message)  message: Message
//   before(message)                 (in a scope of Message)      scope :before, ->(message) {...}  message: Message
// Calls are recorded under the STI family's root model and the method's name, as a record typed as any model of
// the family may run any of its definitions. A method named as a Symbol anywhere (a callback, `send(:m)`,
// `delegate`), one whose call written anywhere in the app was not lowered to it, one that calls `super`, and
// names Active Record or Ruby call themselves (Base's members, operators, hooks) stay untyped.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { Base } from "../../../runtime/active-record/index.js";
import { allSeen, joinedTypes, noteCall, positionalParams, recordedSites, writtenCalls } from "../call-sites.js";
import { rubyToTs } from "../names.js";
import type { RType } from "../types.js";

const RUBY_HOOKS = new Set(["initialize", "method_missing", "respond_to_missing?", "inspect", "to_s", "hash", "eql?", "equal?"]);

/** The root of a model's STI family. */
function familyRoot(app: AppModel, model: string): string {
  let root = model;
  for (let m = app.models.get(model); m?.parentModel; m = app.models.get(m.parentModel)) root = m.parentModel;
  return root;
}

const methodKey = (app: AppModel, model: string, name: string) => `method:${familyRoot(app, model)}#${name}`;
const scopeKey = (app: AppModel, model: string, name: string) => `scope:${familyRoot(app, model)}.${name}`;
const classMethodKey = (app: AppModel, model: string, name: string) => `classMethod:${familyRoot(app, model)}.${name}`;

export function noteMethodCall(app: AppModel, model: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, methodKey(app, model, call.method), call, types);
}

export function noteScopeCall(app: AppModel, model: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, scopeKey(app, model, call.method), call, types);
}

export function noteClassMethodCall(app: AppModel, model: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, classMethodKey(app, model, call.method), call, types);
}

interface Facts {
  symbols: Set<string>;
  written: Map<string, Set<string>>;
  callsSuper: Set<string>;
}

const factsOf = new WeakMap<AppModel, Facts>();

/** What the app's source says about every name (computed once: the files do not change while lowering). */
function facts(app: AppModel): Facts {
  let f = factsOf.get(app);
  if (f) return f;
  const files: Array<{ body: Node[] }> = [
    ...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config,
    ...app.templates.values(), ...(app.parsed.seeds ? [app.parsed.seeds] : []), ...app.parsed.tests,
  ];
  const names = new Set<string>();
  for (const m of app.models.values()) {
    m.methods.forEach((d) => names.add(d.name));
    m.scopes.forEach((s) => names.add(s.name));
    m.classMethods.forEach((d) => names.add(d.name));
  }
  const symbols = new Set<string>();
  const callsSuper = new Set<string>();
  // `scope :name, -> {}` names the scope it declares, not a call made in unseen ways; nor does a key of `[]` or a Hash.
  const declared = new WeakSet<Node>();
  for (const file of files) {
    for (const stmt of file.body) {
      walk(stmt, (n) => {
        if (n.kind === "call" && n.receiver === null && n.method === "scope" && n.args[0]) declared.add(n.args[0]);
        // `params[:before]`: a key read, not a method named.
        if (n.kind === "index") n.args.forEach((a) => declared.add(a));
        // `messages_path(before: id)`: a Hash key.
        if (n.kind === "hash") n.pairs.forEach((p) => declared.add(p.key));
        if (declared.has(n)) return;
        if (n.kind === "sym" || (n.kind === "str" && n.parts.length === 1 && typeof n.parts[0] === "string")) symbols.add(n.kind === "sym" ? n.name : (n.parts[0] as string));
        if (n.kind === "def") walk(n, (x) => x.kind === "super" && callsSuper.add(n.name));
      });
    }
  }
  f = { symbols, written: writtenCalls(files, names, walk), callsSuper };
  factsOf.set(app, f);
  return f;
}

function untypable(app: AppModel, name: string): boolean {
  const f = facts(app);
  return f.symbols.has(name) || f.callsSuper.has(name) || RUBY_HOOKS.has(name) || !/^[a-z_][a-z0-9_]*[?!]?$/.test(name) || rubyToTs(name) in Base.prototype;
}

/** Every key a call of `name` may have been recorded under (any family's). */
function keysFor(app: AppModel, name: string): string[] {
  return [...new Set([...app.models.keys()].flatMap((m) => [methodKey(app, m, name), scopeKey(app, m, name), classMethodKey(app, m, name)]))];
}

function typesFor(app: AppModel, key: string, name: string, params: { params: NodeOf<"def">["params"] }): RType[] {
  if (untypable(app, name)) return [];
  const sites = recordedSites(app, key);
  const written = facts(app).written.get(name);
  if (!sites || !written || !allSeen(app, keysFor(app, name), written)) return [];
  return joinedTypes(sites, positionalParams(params));
}

/** An instance method's parameters' types (empty when none is known). */
export function methodParamTypes(app: AppModel, model: string, def: NodeOf<"def">): RType[] {
  return typesFor(app, methodKey(app, model, def.name), def.name, def);
}

/** A scope lambda's parameters' types. */
export function scopeParamTypes(app: AppModel, model: string, name: string, lambda: { params: NodeOf<"def">["params"] }): RType[] {
  return typesFor(app, scopeKey(app, model, name), name, lambda);
}

/** A class method's parameters' types. */
export function classMethodParamTypes(app: AppModel, model: string, def: NodeOf<"def">): RType[] {
  return typesFor(app, classMethodKey(app, model, def.name), def.name, def);
}

/** A fingerprint of every model parameter type known now (the fixed point of lowering the models again). */
export function modelParamFingerprint(app: AppModel): string {
  const out: string[] = [];
  for (const m of app.models.values()) {
    for (const d of m.methods) out.push(JSON.stringify(methodParamTypes(app, m.className, d)));
    for (const s of m.scopes) out.push(JSON.stringify(scopeParamTypes(app, m.className, s.name, s.lambda)));
    for (const d of m.classMethods) out.push(JSON.stringify(classMethodParamTypes(app, m.className, d)));
  }
  return out.join("\n");
}
