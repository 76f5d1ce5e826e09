// Calls that reach a plain class (see plain-class.ts): facts about the class, and the calls its own code and its
// callers make on it.
//   title            (inside, an attr reader)       this.title
//   label(x)         (inside, an own method)        this.label(x)
//   new(id: 1)       (inside a class method)        this.build({ id: 1 })
//   post.title    (typed Post receiver)       post.title
//   Post.find(1)  (an own class method)          Post.find(1)
import type { AppModel } from "../../analyze/app-model.js";
import { collectConstants, flattenBody, resolveConstant, type ConstDecl } from "../../analyze/constants.js";
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf, type Span } from "../../parse/ir.js";
import { lowerArg, lowerArgs, objectMethodCall } from "../calls.js";
import { lowerBlockFn } from "../procs.js";
import { noteNewCall, notePerformCall } from "./plain-ivars.js";
import { notePlainClassMethodCall } from "./class-method-params.js";
import { notePlainMethodCall } from "../model/param-types.js";
import { plainResult, plainYields } from "../model/method-results.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { BOOL, STRING, UNKNOWN, maybe, type RType } from "../types.js";
import { lowerCoreSelfCall } from "./index.js";
import { LIBRARY_BASES } from "../../../runtime/ruby/library-bases.js";
import { ACTIVE_MODEL_INCLUDES } from "./active-model-macros.js";
import { ActiveModel } from "../../../runtime/active-model/active-model.js";
import { RubyObject } from "../../../runtime/ruby/ruby-object.js";
// The runtime modules that implement library bases register them when they load.
import "../../../runtime/index.js";

export interface PlainClassFacts {
  path: string;
  /** The superclass when it is a plain class of the app (resolved path). */
  superclass: string | null;
  /** The superclass as written, when it is something else (`Struct.new(...)`, a library class). */
  superclassWritten: string | null;
  activeModel: boolean;
  /** The modules it and its superclasses include, by name as written (ActiveModel::Attributes...). */
  includes: Set<string>;
  /** A Rails or gem class it subclasses (runtime/ruby/library-bases.ts), by its Ruby path, with its inheritance. */
  libraryBase: string | null;
  readers: Set<string>;
  writers: Set<string>;
  methods: Set<string>;
  classMethods: Set<string>;
  /** `NAME = value` in the class body. */
  constants: Set<string>;
  span: Span;
}

const factsCache = new WeakMap<AppModel, Map<string, PlainClassFacts>>();

/** Facts about the app's plain class at `path` (inherited members included); null when it is not one. */
/**
 * The names `attr_accessor :a, :b` (or attr_reader / attr_writer) defines, literal names or the splat of a constant
 * the class body assigned a literal list to before it (`ATTRIBUTES = %i[ title url ]; attr_accessor *ATTRIBUTES`);
 * null when some name is not known before run time.
 */
export function accessorNames(stmt: NodeOf<"call">, body: Node[]): string[] | null {
  const names: string[] = [];
  for (const a of stmt.args) {
    if (a.kind === "splat" && a.value.kind === "const" && a.value.scope === null) {
      const name = a.value.name;
      const before = body.slice(0, body.indexOf(stmt)).filter((n): n is NodeOf<"assign"> => n.kind === "assign" && n.target.kind === "const" && n.target.name === name);
      const list = before[before.length - 1]?.value;
      const items = list?.kind === "array" ? list.elements.map((e) => literalString(e)) : null;
      if (!items || items.some((i) => i === null)) return null;
      names.push(...(items as string[]));
      continue;
    }
    const name = literalString(a);
    if (name === null) return null;
    names.push(name);
  }
  return names;
}

export function plainClassFacts(app: AppModel, path: string): PlainClassFacts | null {
  let all = factsCache.get(app);
  if (!all) {
    all = collectFacts(app);
    factsCache.set(app, all);
  }
  return all.get(path) ?? null;
}

function collectFacts(app: AppModel): Map<string, PlainClassFacts> {
  const modules = new Map<string, ConstDecl[]>();
  for (const d of collectConstants([...app.parsed.models, ...app.parsed.helpers, ...app.parsed.lib])) if (d.kind === "module") modules.set(d.path, [...(modules.get(d.path) ?? []), d]);
  const classes = new Map<string, ConstDecl[]>();
  for (const d of app.plainClasses) classes.set(d.path, [...(classes.get(d.path) ?? []), d]);
  const known = new Set(classes.keys());
  const own = new Map<string, PlainClassFacts>();
  for (const [path, decls] of classes) own.set(path, ownFacts(path, decls, modules, known));
  const out = new Map<string, PlainClassFacts>();
  const inherit = (path: string, depth = 0): PlainClassFacts => {
    const mine = own.get(path)!;
    if (!mine.superclass || depth > 20) return mine;
    const parent = inherit(mine.superclass, depth + 1);
    const union = (a: Set<string>, b: Set<string>) => new Set([...a, ...b]);
    return {
      ...mine, activeModel: mine.activeModel || parent.activeModel, libraryBase: mine.libraryBase ?? parent.libraryBase, includes: union(parent.includes, mine.includes), readers: union(parent.readers, mine.readers),
      writers: union(parent.writers, mine.writers), methods: union(parent.methods, mine.methods), classMethods: union(parent.classMethods, mine.classMethods),
    };
  };
  for (const path of own.keys()) out.set(path, inherit(path));
  return out;
}

function ownFacts(path: string, decls: ConstDecl[], modules: Map<string, ConstDecl[]>, known: Set<string>): PlainClassFacts {
  const flat = flattenBody(decls, decls, modules);
  const decl = decls.find((d) => d.node.kind === "class" && d.node.superclass) ?? decls[0]!;
  // A superclass that is an expression (`Struct.new(:a)`) has no constant path: it is named by its kind.
  const superNode = decl.node.kind === "class" ? decl.node.superclass : null;
  const written = decl.superclassName ?? (superNode ? `(${superNode.kind === "call" ? superNode.method : superNode.kind} expression)` : null);
  const superclass = decl.superclassName ? resolveConstant(decl.superclassName, decl.nesting.slice(1), known) : null;
  const libraryBase = !superclass && decl.superclassName && LIBRARY_BASES[decl.superclassName.replace(/^::/, "")] ? decl.superclassName.replace(/^::/, "") : null;
  const readers = new Set<string>();
  const writers = new Set<string>();
  const activeModel = flat.unresolvedIncludes.some((i) => ACTIVE_MODEL_INCLUDES.includes(i.name));
  for (const stmt of flat.body) {
    // ActiveModel::Attributes' `attribute :name, :type` defines a reader and a writer (elsewhere it is declined).
    if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "attribute" && stmt.args[0]?.kind === "sym") {
      readers.add(stmt.args[0].name);
      writers.add(stmt.args[0].name);
    }
    if (stmt.kind !== "call" || stmt.receiver !== null || !/^attr_(accessor|reader|writer)$/.test(stmt.method)) continue;
    for (const name of accessorNames(stmt, flat.body) ?? []) {
      if (stmt.method !== "attr_writer") readers.add(name);
      if (stmt.method !== "attr_reader") writers.add(name);
    }
  }
  return {
    path, superclass, superclassWritten: superclass || libraryBase ? null : written, activeModel, includes: new Set(flat.unresolvedIncludes.map((i) => i.name)), libraryBase, readers, writers,
    methods: new Set([...flat.methods.map((m) => m.name), ...flat.body.flatMap((n) => delegatedNames(n))]), classMethods: new Set(flat.classMethods.map((m) => m.name)),
    constants: new Set(flat.body.flatMap((n) => (n.kind === "assign" && n.target.kind === "const" ? [n.target.name] : []))),
    span: decl.node.span,
  };
}

/** `delegate :a, :b, to: :x, prefix: ...`: the method names it defines (none when it is not a literal delegate). */
export function delegatedNames(node: Node): string[] {
  if (node.kind !== "call" || node.receiver !== null || node.method !== "delegate") return [];
  const options = optionsOf(node.args);
  const to = literalString(options.get("to"));
  if (!to) return [];
  const prefixNode = options.get("prefix");
  const prefix = prefixNode?.kind === "true" ? to : prefixNode ? literalString(prefixNode) : null;
  const names = positionalArgs(node.args).map((a) => literalString(a));
  if (names.some((n) => n === null)) return [];
  return (names as string[]).map((n) => (prefix ? `${prefix}_${n}` : n));
}

/** SanitizeHelper's methods a class that includes it calls, by Ruby name (the runtime's SanitizeHelperMethods). */
const SANITIZE_HELPER: Record<string, string> = { sanitize: "sanitize", strip_tags: "stripTags", strip_links: "stripLinks", sanitize_css: "sanitizeCss" };

/** A receiver-less call inside the class's own methods (`isStatic`: inside a class method). */
export function plainSelfCall(call: NodeOf<"call">, scope: Scope, facts: PlainClassFacts, isStatic: boolean): TsExpr | null {
  const m = call.method;
  const args = () => lowerArgs(call.args, call.block, scope);
  // The runtime class it stands on: a library base, or ActiveModel (errors, valid?, model_name...).
  const base = facts.libraryBase ? LIBRARY_BASES[facts.libraryBase]![1] : facts.activeModel ? ActiveModel : null;
  const plain = !call.args.length && !call.block;
  if (isStatic) {
    if (m === "new") return lit(`this.build(${recordedNew(call, facts.path, scope)})`, { k: "model", model: facts.path });
    if (facts.classMethods.has(m)) return lit(`this.${rubyToTs(m)}(${recordedArgs(call, scope, (types) => notePlainClassMethodCall(scope.env.app, facts.path, call, types))})`, UNKNOWN);
    if (base && plain && isGetter(base, rubyToTs(m))) return lit(`this.${rubyToTs(m)}`, UNKNOWN);
    if (base && typeof Reflect.get(base, rubyToTs(m)) === "function") return lit(`this.${rubyToTs(m)}(${args().join(", ")})`, UNKNOWN);
    return lowerCoreSelfCall(call, scope);
  }
  if (facts.readers.has(m) && plain && !facts.methods.has(m)) {
    // attr_reader :m reads @m (typed where its constructor's every call proves it: plain-ivars.ts).
    const type = scope.env.ivarTypes.get(m) ?? UNKNOWN;
    return lit(type.k === "unknown" ? `this.${m}` : `(this.${m} as ${scope.env.typeName(type)})`, type);
  }
  if (facts.methods.has(m)) {
    // What the method answers where its body proves it (plain-class.ts' plainMethodTypes, else its lowered last
    // expression: model/method-results.ts); its arguments' types join into its parameters' (param-types.ts).
    const code = `this.${rubyToTs(m)}(${recordedArgs(call, scope, (types) => notePlainMethodCall(scope.env.app, facts.path, call, types), plainYields(scope.env.app, facts.path, m))})`;
    const type = scope.env.methodTypes?.get(m) ?? plainResult(scope.env.app, facts.path, m);
    return lit(type.k === "unknown" ? code : `(${code} as ${scope.env.typeName(type)})`, type);
  }
  // ActionView::Helpers::SanitizeHelper included: its sanitize (without options), strip_tags, strip_links, sanitize_css.
  const helper = SANITIZE_HELPER[m];
  if (helper && facts.includes.has("ActionView::Helpers::SanitizeHelper") && call.args.length === 1 && !call.block && call.args[0]!.kind !== "splat" && call.args[0]!.kind !== "hash") {
    return lit(`${scope.env.module.use("SanitizeHelperMethods")}.${helper}(${args().join(", ")})`, UNKNOWN);
  }
  // An Active Model's errors are ActiveModel::Errors, as a record's are.
  if (base && plain && isGetter(base.prototype, rubyToTs(m))) return lit(`this.${rubyToTs(m)}`, m === "errors" && base === ActiveModel ? { k: "errors" } : UNKNOWN);
  if (base && rubyToTs(m) in base.prototype) return lit(`this.${rubyToTs(m)}(${args().join(", ")})`, (facts.libraryBase && LIBRARY_RESULTS[facts.libraryBase]?.[m]) || UNKNOWN);
  return lowerCoreSelfCall(call, scope);
}

/** `recv.m(...)` where recv is typed as an instance (or the class) of a plain class; null when not one of its own. */
export function plainTypedCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (recv.type.k !== "model") return null;
  const isClass = recv.type.model.startsWith("typeof ");
  const facts = plainClassFacts(scope.env.app, isClass ? recv.type.model.slice(7) : recv.type.model);
  if (!facts) return null;
  const m = call.method;
  const args = () => lowerArgs(call.args, call.block, scope);
  const base = facts.libraryBase ? LIBRARY_BASES[facts.libraryBase]![1] : null;
  if (isClass) {
    if (m === "new") return lit(`${recv.code}.build(${recordedNew(call, facts.path, scope)})`, { k: "model", model: facts.path });
    // Its arguments' types join into the class method's parameters (class-method-params.ts).
    if (facts.classMethods.has(m)) return lit(`${recv.code}.${rubyToTs(m)}(${recordedArgs(call, scope, (types) => notePlainClassMethodCall(scope.env.app, facts.path, call, types))})`, UNKNOWN);
    // A job enqueued or run: its arguments' types join into perform's parameters (plain-ivars.ts).
    if (facts.libraryBase === "ActiveJob::Base" && (m === "perform_later" || m === "perform_now") && base && typeof Reflect.get(base, rubyToTs(m)) === "function") {
      return lit(`${recv.code}.${rubyToTs(m)}(${recordedArgs(call, scope, (types) => notePerformCall(scope.env.app, facts.path, call, types))})`, UNKNOWN);
    }
    // A class method of the library class it subclasses (ActiveJob::Base.perform_later), as its own class body calls it.
    if (base && typeof Reflect.get(base, rubyToTs(m)) === "function") return lit(`${recv.code}.${rubyToTs(m)}(${args().join(", ")})`, UNKNOWN);
    return null;
  }
  if (facts.readers.has(m) && !call.args.length && !call.block && !facts.methods.has(m)) return lit(`${recv.code}.${m}`, UNKNOWN);
  const written = attrWriterCall(call, recv, facts, scope);
  if (written) return written;
  if (facts.methods.has(m)) {
    const code = `${recv.code}.${rubyToTs(m)}(${recordedArgs(call, scope, (types) => notePlainMethodCall(scope.env.app, facts.path, call, types), plainYields(scope.env.app, facts.path, m))})`;
    const type = plainResult(scope.env.app, facts.path, m);
    return lit(type.k === "unknown" ? code : `(${code} as ${scope.env.typeName(type)})`, type);
  }
  // A method of the library class it subclasses (PlatformAgent#browser), or of ActiveModel where it includes
  // ActiveModel::Model (valid?): the runtime class's own method.
  const own = base ?? (facts.activeModel ? ActiveModel : null);
  if (own && !base && isPrototypeMethod(own.prototype, rubyToTs(m))) return lit(`${recv.code}.${rubyToTs(m)}(${args().join(", ")})`, m.endsWith("?") ? BOOL : UNKNOWN);
  // Object's methods (then, tap...), where no plain class of the app defines the name (an instance may be a subclass's).
  const defined = scope.env.app.plainClasses.some((d) => plainClassFacts(scope.env.app, d.path)?.methods.has(m));
  if (!base && !defined) return objectMethodCall(call, recv, (own ?? RubyObject).prototype, scope);
  if (base && isPrototypeMethod(base.prototype, rubyToTs(m))) return lit(`${recv.code}.${rubyToTs(m)}(${args().join(", ")})`, LIBRARY_RESULTS[facts.libraryBase!]?.[m] ?? UNKNOWN);
  return null;
}

/**
 * `self.title = v` / `card.title = v` for an attr_writer (attr_accessor) of the class: its accessor property
 * assigned, as send assigns it (the assignment's value is v), where no plain class of the app defines the writer
 * as a method (an instance may be a subclass's).
 */
function attrWriterCall(call: NodeOf<"call">, recv: TsExpr, facts: PlainClassFacts, scope: Scope): TsExpr | null {
  const prop = call.method.endsWith("=") ? call.method.slice(0, -1) : "";
  if (!/^[a-z_]\w*$/.test(prop) || !facts.writers.has(prop) || call.args.length !== 1 || call.block || call.args[0]!.kind === "splat" || call.args[0]!.kind === "hash" || call.args[0]!.kind === "blockPass") return null;
  if (scope.env.app.plainClasses.some((d) => plainClassFacts(scope.env.app, d.path)?.methods.has(call.method))) return null;
  return lit(`(${recv.code}.${prop} = ${lowerArg(call.args[0]!, scope).code})`, UNKNOWN);
}

/**
 * What a library base's methods answer, as the runtime class declares them (its TS signatures are not read here):
 * platform_agent's browser and os delegate to UserAgent's, a String or nil; user_agent is the parsed agents.
 */
const LIBRARY_RESULTS: Record<string, Record<string, RType>> = {
  PlatformAgent: { browser: maybe(STRING), os: maybe(STRING), user_agent: { k: "runtime", cls: "userAgent" } },
};

/** `new`'s arguments, lowered, and the call recorded with their types (plain-ivars.ts). */
function recordedNew(call: NodeOf<"call">, path: string, scope: Scope): string {
  return recordedArgs(call, scope, (types) => noteNewCall(scope.env.app, path, call, types));
}

/** A call's arguments, lowered, and `note` given their types; `blockTypes`: what the method yields to its block. */
function recordedArgs(call: NodeOf<"call">, scope: Scope, note: (types: RType[]) => void, blockTypes: RType[] = []): string {
  const types: RType[] = [];
  const out = call.args.map((a) => {
    const e = lowerArg(a, scope);
    types.push(e.type);
    return e.code;
  });
  if (call.block) out.push(lowerBlockFn(call.block, scope, blockTypes).code);
  note(types);
  return out.join(", ");
}

/** A getter somewhere on a runtime class's (or prototype's) chain: `errors`, `model_name`. */
export function isGetter(target: object, name: string): boolean {
  for (let p: object | null = target; p && p !== Object.prototype && p !== Function.prototype; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return d.get !== undefined;
  }
  return false;
}

/** A method (not a getter) of a runtime class's prototype chain. */
function isPrototypeMethod(proto: object, name: string): boolean {
  for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return typeof d.value === "function";
  }
  return false;
}
