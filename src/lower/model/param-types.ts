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
import { allSeen, joinedTypes, noteCall, positionalParams, recordedSites, siteKey, writtenCalls } from "../call-sites.js";
import { rubyToTs } from "../names.js";
import { plainClassFacts } from "../core/plain-calls.js";
import { plainClassMethodKey } from "../core/class-method-params.js";
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
  /** The calls of each name written with no receiver or `self.` (the only ones Ruby lets reach a private method). */
  selfWritten: Map<string, Set<string>>;
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
  for (const d of app.plainClasses) plainClassFacts(app, d.path)?.methods.forEach((n) => names.add(n));
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
  const onSelf = (n: NodeOf<"call">) => n.receiver === null || n.receiver.kind === "self";
  f = { symbols, written: writtenCalls(files, names, walk), selfWritten: writtenCalls(files, names, walk, onSelf), callsSuper };
  factsOf.set(app, f);
  return f;
}

function untypable(app: AppModel, name: string): boolean {
  const f = facts(app);
  return f.symbols.has(name) || f.callsSuper.has(name) || RUBY_HOOKS.has(name) || !/^[a-z_][a-z0-9_]*[?!]?$/.test(name) || rubyToTs(name) in Base.prototype;
}

/** Every key a call of `name` may have been recorded under (any family's, any plain class's). */
function keysFor(app: AppModel, name: string): string[] {
  const plain = app.plainClasses.filter((d) => plainClassFacts(app, d.path)?.methods.has(name)).map((d) => plainMethodKey(d.path, name));
  // (A call of a plain class's class method of the name: core/class-method-params.ts records it under its definer.)
  plain.push(...app.plainClasses.filter((d) => plainClassFacts(app, d.path)?.classMethods.has(name)).map((d) => plainClassMethodKey(d.path, name)));
  return [...new Set([...[...app.models.keys()].flatMap((m) => [methodKey(app, m, name), scopeKey(app, m, name), classMethodKey(app, m, name)]), ...plain])];
}

// A plain class's instance methods (core/plain-class.ts) likewise, by the calls that reach them: a receiver typed
// as the class, or self inside it.
//   Rails.configuration.x.web_push_pool.queue(payload, subscriptions)   def queue(payload, subscriptions)
// A call recorded under the class's key reaches its own lowering of the method (one of its body or its modules'),
// so only where no plain class subclasses it (an instance typed as the class may be a subclass's, whose own
// definition of the name the call would reach instead).
const plainMethodKey = (path: string, name: string) => `plainMethod:${path}#${name}`;

export function notePlainMethodCall(app: AppModel, path: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, plainMethodKey(path, call.method), call, types);
}

/**
 * A plain class's instance method's parameters' types (empty when none is known). A private one (Ruby calls it only
 * on self) by the calls of it written in the class's own body, whatever other classes' methods of the name are.
 */
export function plainMethodParamTypes(app: AppModel, path: string, def: NodeOf<"def">): RType[] {
  if (!ownAndUnshadowed(app, path, def.name)) return [];
  const key = plainMethodKey(path, def.name);
  if (!privateInClass(app, path, def.name)) return typesFor(app, key, def.name, def);
  const sites = recordedSites(app, key);
  if (untypable(app, def.name) || !sites || !allSeen(app, [key], selfCalls(app, path, def.name))) return [];
  return joinedTypes(sites, positionalParams(def));
}

/** `def name` after a bare `private` in the class's own body (or `private def name`, `private :name`), not after `protected`. */
function privateInClass(app: AppModel, path: string, name: string): boolean {
  let isPrivate = false;
  for (const d of app.plainClasses.filter((c) => c.path === path)) {
    let mode = "public";
    for (const stmt of d.node.body) {
      if (stmt.kind === "ident" && (stmt.name === "private" || stmt.name === "protected" || stmt.name === "public")) mode = stmt.name;
      else if (stmt.kind === "def" && !stmt.singleton && stmt.name === name) isPrivate = mode === "private";
      else if (stmt.kind === "call" && stmt.receiver === null && (stmt.method === "private" || stmt.method === "protected" || stmt.method === "public")) {
        const named = stmt.args.some((a) => (a.kind === "def" && a.name === name) || (a.kind === "sym" && a.name === name));
        if (named) isPrivate = stmt.method === "private";
      }
    }
  }
  return isPrivate;
}

/** The site keys of the calls of `name` on self (no receiver, or `self.`) written in the class's own bodies. */
function selfCalls(app: AppModel, path: string, name: string): Set<string> {
  const out = new Set<string>();
  for (const d of app.plainClasses.filter((c) => c.path === path)) {
    walk(d.node, (n) => n.kind === "call" && n.method === name && (n.receiver === null || n.receiver.kind === "self") && out.add(siteKey(n.span)));
  }
  return out;
}

/** Whether the plain class at `path` has `name` (its own or a module's) and no plain class subclasses it. */
export function ownAndUnshadowed(app: AppModel, path: string, name: string): boolean {
  const last = (p: string) => p.slice(p.lastIndexOf(":") + 1);
  const inherits = app.plainClasses.some((d) => d.superclassName !== null && last(d.superclassName) === last(path));
  return !inherits && plainClassFacts(app, path)?.methods.has(name) === true;
}

function typesFor(app: AppModel, key: string, name: string, params: { params: NodeOf<"def">["params"] }): RType[] {
  if (untypable(app, name)) return [];
  const sites = recordedSites(app, key);
  const written = facts(app).written.get(name);
  if (!sites || !written || !allSeen(app, keysFor(app, name), written)) return [];
  return joinedTypes(sites, positionalParams(params));
}

/**
 * An instance method's parameters' types (empty when none is known). A private one (Ruby calls it only on self) by
 * every call of its name written on self anywhere in the app, whatever calls of the name other receivers answer
 * (`url_helpers.post_comments_path(...)` inside `def post_comments_path(comment)`).
 */
export function methodParamTypes(app: AppModel, model: string, def: NodeOf<"def">): RType[] {
  const key = methodKey(app, model, def.name);
  const typed = typesFor(app, key, def.name, def);
  if (typed.length || !privateInModelFile(app, def) || untypable(app, def.name)) return typed;
  const sites = recordedSites(app, key);
  const written = facts(app).selfWritten.get(def.name);
  if (!sites || !written || !allSeen(app, [key], written)) return [];
  return joinedTypes(sites, positionalParams(def));
}

/** `def` after a bare `private` (or `private def`) directly in the class or module body of a model's file that holds it. */
function privateInModelFile(app: AppModel, def: NodeOf<"def">): boolean {
  let found = false;
  let isPrivate = false;
  for (const file of app.parsed.models) {
    for (const top of file.body) {
      walk(top, (n) => {
        if (found || (n.kind !== "class" && n.kind !== "module")) return;
        let mode = "public";
        for (const stmt of n.body) {
          if (stmt.kind === "ident" && (stmt.name === "private" || stmt.name === "protected" || stmt.name === "public")) mode = stmt.name;
          else if (stmt === def) { found = true; isPrivate = mode === "private"; }
          else if (stmt.kind === "call" && stmt.receiver === null && stmt.args.includes(def)) { found = true; isPrivate = stmt.method === "private"; }
        }
      });
    }
  }
  return isPrivate;
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
