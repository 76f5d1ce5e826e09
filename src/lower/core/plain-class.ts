// Plain Ruby classes under app/models (not Active Record: ActiveModel::Model, attr_accessor, POROs) -> TS classes
// on runtime/active-model/active-model.ts, one module each where models live (models/<file>.ts).
//
//   class Post                                   export class Post extends ActiveModel {
//     include ActiveModel::Model                      static override rubyName = "Post";
//     attr_accessor :id, :title                       declare id: unknown; declare title: unknown;
//     def persisted? = id.present?                    isPersisted() { return isPresent(this.id); }
//     def self.find(id) = new(id: id.to_i)            static find(id: unknown) { return this.build({ id: ... }); }
//   end                                             }  attrAccessor(Post, ["id", "title"], "accessor");
//   class Posts::Draft < Post; end (Post plain)      export class Posts_Draft extends Post { ... }
// Accessors are installed at run time (`declare` keeps TS from emitting fields that would shadow them).
import type { AppModel } from "../../analyze/app-model.js";
import { collectConstants, flattenBody, lexicalNesting, type ConstDecl } from "../../analyze/constants.js";
import { Diagnostics } from "../../diagnostics/index.js";
import { modelFile, type EmittedModule } from "../emitted-module.js";
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf } from "../../parse/ir.js";
import { makeEnv } from "../env.js";
import { lit, lowerExpr } from "../expr.js";
import { noteDynamicSite } from "../dynamic-sites.js";
import { constructorIvarTypes, performParamTypes, soleInitAssignments } from "./plain-ivars.js";
import { typeParams } from "../call-site-params.js";
import { plainClassMethodParamTypes } from "./class-method-params.js";
import { familyIvarTypes } from "./family-ivars.js";
import { plainMethodParamTypes } from "../model/param-types.js";
import { followsYields, ivarResult, noteIvarResult, noteResult, noteYields, resultNode } from "../model/method-results.js";
import { UNKNOWN, type RType } from "../types.js";
import { rubyToTs, tsIdent } from "../names.js";
import { Scope, type LowerEnv } from "../scope.js";
import { lowerParams } from "../params.js";
import { defBody } from "./endless-def.js";
import { accessorNames, delegatedNames, isGetter, plainSelfCall, plainClassFacts, type PlainClassFacts } from "./plain-calls.js";
import { viewDelegateMethod, viewDelegates } from "./view-delegates.js";
import { ActiveModel, RubyObject } from "../../../runtime/active-model/active-model.js";
import { LIBRARY_BASES } from "../../../runtime/ruby/library-bases.js";
// Registers ActiveJob::Base and ActionMailer::Base among the library bases app classes may extend.
import "../../../runtime/active-job/active-job.js";
import "../../../runtime/action-mailer/action-mailer.js";
import { lowerMethodBody } from "../jumps.js";
import { lowerArgs } from "../calls.js";
import { plainConstantType } from "./plain-constants.js";
import { isJobMacro, jobMacro } from "./job-macros.js";
import { ACTIVE_MODEL_INCLUDES, ActiveModelDeclarations } from "./active-model-macros.js";

/**
 * Modules a plain class may include: the ActiveModel ones make the runtime base ActiveModel; GlobalID's needs
 * nothing more (runtime/gems/globalid/global-id.ts identifies any model with an id, and to_global_id/to_gid_param are
 * Object methods of the runtime, core-object.ts).
 */
const KNOWN_INCLUDES: Record<string, "activeModel" | "none"> = {
  ...Object.fromEntries(ACTIVE_MODEL_INCLUDES.map((name) => [name, "activeModel" as const])),
  "GlobalID::Identification": "none",
  // Its methods (sanitize, strip_tags...) are the runtime's, called where the class calls them (plain-calls.ts).
  "ActionView::Helpers::SanitizeHelper": "none",
};

export function lowerPlainClasses(app: AppModel, diags: Diagnostics): EmittedModule[] {
  const modules = new Map<string, ConstDecl[]>();
  for (const d of collectConstants([...app.parsed.models, ...app.parsed.helpers, ...app.parsed.lib])) if (d.kind === "module") modules.set(d.path, [...(modules.get(d.path) ?? []), d]);
  const classes = new Map<string, ConstDecl[]>();
  for (const d of app.plainClasses) classes.set(d.path, [...(classes.get(d.path) ?? []), d]);
  return [...classes].map(([path, decls]) => lowerPlainClass(path, decls, modules, app, diags));
}

function lowerPlainClass(path: string, decls: ConstDecl[], modules: Map<string, ConstDecl[]>, app: AppModel, diags: Diagnostics): EmittedModule {
  const facts = plainClassFacts(app, path)!;
  // Instance methods run with self an instance; class methods and the class body's constants with self the class.
  const env = makeEnv(app, diags, "model", { selfExpr: "this", modelName: path, ivar: (n) => `this.ivars.${n}`, ivarStore: { object: "this.ivars" } });
  env.selfCall = (call, scope) => plainSelfCall(call, scope, facts, false);
  const classEnv = makeEnv(app, diags, "modelClass", { selfExpr: "this", modelName: path, ivar: (n) => `this.ivars.${n}`, ivarStore: { object: "this.ivars" } });
  Object.assign(classEnv, { module: env.module });
  classEnv.selfCall = (call, scope) => plainSelfCall(call, scope, facts, true);
  const flat = flattenBody(decls, decls, modules);
  // Ivars every call of its constructor proves (plain-ivars.ts), read as their types.
  env.ivarTypes = constructorIvarTypes(app, facts, decls, flat.methods);
  // Or, in a family of subclasses sharing one initialize, every `new` of any of them (family-ivars.ts).
  for (const [ivar, t] of familyIvarTypes(app, path)) if (!env.ivarTypes.has(ivar)) env.ivarTypes.set(ivar, t);
  // Ivars its initialize assigns once from another value, as that value's lowering proved it last time.
  const sole = soleInitAssignments(app, facts, decls, flat.methods);
  for (const ivar of sole.keys()) {
    const t = ivarResult(app, path, ivar);
    if (t.k !== "unknown" && !env.ivarTypes.has(ivar)) env.ivarTypes.set(ivar, t);
  }
  env.onIvarAssign = (n, type) => sole.forEach((node, ivar) => node === n && noteIvarResult(app, path, ivar, type));
  env.ivarCast = true;
  env.methodTypes = plainMethodTypes(app, facts, flat.methods, env);
  // Delegates to the view it is built with (view-delegates.ts): the class body's delegates and `tag.x` read them.
  env.viewDelegates = viewDelegates(flat.body, facts, env.ivarTypes);
  classEnv.viewDelegates = env.viewDelegates;
  const name = tsIdent(path);
  const after: string[] = [];
  const members: string[] = [`static override rubyName = ${JSON.stringify(path)};`];
  const before: string[] = [];
  const declined: Array<{ file: string; line: number; diagnostic: string }> = [];
  const base = structBase(decls, name, env, before) ?? baseClass(facts, flat.unresolvedIncludes, env, declined);
  const isJob = facts.libraryBase === "ActiveJob::Base";
  const activeModel = facts.activeModel ? new ActiveModelDeclarations(path, facts.includes, flat.body) : null;
  const libraryBase = facts.libraryBase ? LIBRARY_BASES[facts.libraryBase]![1] : null;
  for (const stmt of flat.body) members.push(...(activeModel?.take(stmt, env) ?? bodyStatement(stmt, flat.body, classEnv, after, name, declined, isJob, facts, libraryBase)));
  if (activeModel) {
    declined.push(...activeModel.declined.map((d) => ({ file: d.span.file, line: d.span.line, diagnostic: d.diagnostic })));
    declined.sort((a, b) => a.line - b.line);
    const define = activeModel.emit(name, facts.span, env, classEnv);
    if (define) after.push(define);
  }
  // A class-body statement the compiler declined (a validation, a callback macro, an include it does not know) makes
  // the class raise when instantiated, naming the first such site: never an object that skipped it.
  if (declined.length) {
    const root = app.parsed.root.endsWith("/") ? app.parsed.root : `${app.parsed.root}/`;
    const { file, line, diagnostic } = declined[0]!;
    const site = `${file.startsWith(root) ? file.slice(root.length) : file}:${line}`;
    after.push(`${env.module.use("declineClass")}(${name}, ${JSON.stringify(site)}, ${JSON.stringify(diagnostic)});`);
  }
  // The class body's constants are computed on first read (static getters over this store, runtime constantValue).
  if (members.some((m) => m.includes(`${name}_constants`))) before.push(`const ${name}_constants: Record<string, unknown> = {};`);
  // Methods may come from included concerns, written in other files.
  const source = (def: NodeOf<"def">) => [...app.parsed.models, ...app.parsed.helpers, ...app.parsed.lib].find((f) => f.absPath === def.span.file)?.source ?? "";
  for (const def of flat.methods) {
    const body = defBody(def, source(def));
    // A job's perform, its parameters typed by every perform_later / perform_now of it (plain-ivars.ts).
    // Other methods' parameters by every call that reaches them (model/param-types.ts).
    const types = isJob && def.name === "perform" ? performParamTypes(app, facts, decls, def) : plainMethodParamTypes(app, path, def);
    const typed = (scope: Scope) => typeParams({ params: def.params, body }, types, scope);
    members.push(method(def, body, env, facts, false, typed, app));
  }
  for (const def of flat.classMethods) {
    // Its parameters typed by every call that reaches it (class-method-params.ts).
    const body = defBody(def, source(def));
    const types = plainClassMethodParamTypes(app, path, def, decls);
    members.push(method(def, body, classEnv, facts, true, (scope) => typeParams({ params: def.params, body }, types, scope)));
  }
  const cls = `export class ${name} extends ${base} {\n${members.join("\n")}\n}`;
  // Found by name at run time too (String#constantize), as Rails' autoloader finds it.
  after.unshift(`${env.module.use("registerAppConstant")}(${JSON.stringify(path)}, ${name});`);
  return { path: `models/${modelFile(path)}.ts`, state: env.module, statements: [...before, cls, ...after], from: decls[0]!.file.absPath };
}

/** `class Image < Struct.new(:path, :width)` (keyword_init: too): the runtime's Struct class with those members. */
function structBase(decls: ConstDecl[], name: string, env: LowerEnv, before: string[]): string | null {
  const node = decls.map((d) => (d.node.kind === "class" ? d.node.superclass : null)).find((n) => n);
  if (!node || node.kind !== "call" || node.method !== "new" || node.receiver?.kind !== "const" || node.receiver.scope || node.receiver.name !== "Struct") return null;
  const members: string[] = [];
  let keywordInit = false;
  for (const arg of node.args) {
    if (arg.kind === "hash") {
      const kw = arg.pairs.find((p) => p.key.kind === "sym" && p.key.name === "keyword_init");
      keywordInit = kw?.value.kind === "true";
      continue;
    }
    const member = literalString(arg);
    if (member === null) {
      env.diags.report("unsupported_construct", arg.span, "a Struct member that is not a literal name");
      return null;
    }
    members.push(member);
  }
  before.push(`const ${name}_Struct = ${env.module.use("rubyStruct")}(${JSON.stringify(members)}, ${keywordInit});`);
  return `${name}_Struct`;
}

/** The superclass: another plain class, or the runtime base the includes call for. */
function baseClass(facts: PlainClassFacts, includes: Array<{ name: string; node: Node }>, env: LowerEnv, declined: Array<{ file: string; line: number; diagnostic: string }>): string {
  // A module the compiler does not know brings methods (and hooks) the class would silently lack: the class raises
  // when instantiated, naming the include, as for any other declined class-body statement.
  for (const inc of includes) {
    if (KNOWN_INCLUDES[inc.name]) continue;
    const d = env.diags.report("unsupported_construct", inc.node.span, `include ${inc.name} in a plain class`);
    declined.push({ file: inc.node.span.file, line: inc.node.span.line, diagnostic: `${d.code}: ${d.message}` });
  }
  if (facts.superclass) return env.module.model(facts.superclass);
  if (facts.libraryBase) return env.module.use(LIBRARY_BASES[facts.libraryBase]![0]);
  if (facts.superclassWritten) {
    // What the class inherits is missing: it raises when instantiated and on the class methods it would inherit
    // (`Notifier.with(...)` of a notifications gem's base class).
    const d = env.diags.report("unsupported_construct", facts.span, `superclass ${facts.superclassWritten} of a plain class`);
    declined.push({ file: facts.span.file, line: facts.span.line, diagnostic: `${d.code}: ${d.message}` });
  }
  return env.module.use(facts.activeModel ? "ActiveModel" : "RubyObject");
}

const ACCESSORS = new Set(["attr_accessor", "attr_reader", "attr_writer"]);

function bodyStatement(stmt: Node, body: Node[], env: LowerEnv, after: string[], name: string, declined: Array<{ file: string; line: number; diagnostic: string }>, isJob: boolean, facts: PlainClassFacts, libraryBase: object | null): string[] {
  // A job's `queue_as :low`: the queue's name (jobs run in this process whatever it is).
  if (isJob && stmt.kind === "call" && stmt.receiver === null && stmt.method === "queue_as" && stmt.args.length === 1 && literalString(stmt.args[0]!) !== null && !stmt.block) {
    return [`static override queueName = ${JSON.stringify(literalString(stmt.args[0]!))};`];
  }
  if (isJob && isJobMacro(stmt)) {
    const lowered = jobMacro(stmt, env);
    if ("member" in lowered) return [lowered.member];
    declined.push({ file: stmt.span.file, line: stmt.span.line, diagnostic: lowered.declined });
    return [];
  }
  if (stmt.kind === "call" && stmt.receiver === null && ACCESSORS.has(stmt.method)) {
    const names = accessorNames(stmt, body);
    if (names) {
      const kind = stmt.method.slice(5);
      after.push(`${env.module.use("attrAccessor")}(${name}, ${JSON.stringify(names)}, ${JSON.stringify(kind)});`);
      return names.map((n) => `declare ${/^[A-Za-z_$][\w$]*$/.test(n) ? n : JSON.stringify(n)}: unknown;`);
    }
  }
  if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "delegate") {
    const names = delegatedNames(stmt);
    if (names.length) {
      const options = optionsOf(stmt.args);
      const to = literalString(options.get("to"))!;
      const safe = options.get("allow_nil")?.kind === "true";
      const originals = positionalArgs(stmt.args).map((a) => literalString(a)!);
      // delegate :x, to: :y defines x on instances: `def x(...) = y.x(...)` (allow_nil: nil when y is nil); y is
      // read as the class's own self call reads it (an attr reader, a method), else found by name.
      const target = facts.methods.has(to) ? `this.${rubyToTs(to)}()` : facts.readers.has(to) ? `this.${to}` : `${env.module.use("send")}(this, ${JSON.stringify(to)})`;
      // Every delegated name is a send on the target, whose type no reader proves (recorded per name, at the delegate).
      const scope = new Scope(env);
      return names.map((name, i) => {
        const direct = env.viewDelegates?.has(name) ? viewDelegateMethod(stmt, name, originals[i]!, to, env) : null;
        if (direct) return direct;
        noteDynamicSite({ ...stmt, method: originals[i]! }, lit(target, UNKNOWN), safe ? "sendSafe" : "send", scope, ["a delegate's target whose type is not proved", `delegate ${originals[i]} to ${to}: its type is not proved`]);
        return `${rubyToTs(name)}(...args: unknown[]): unknown {\nreturn ${env.module.use(safe ? "sendSafe" : "send")}(${target}, ${JSON.stringify(originals[i])}, ...args);\n}`;
      });
    }
  }
  if (stmt.kind === "ident" && (stmt.name === "private" || stmt.name === "protected" || stmt.name === "public")) return [];
  if (stmt.kind === "assign" && stmt.target.kind === "const") {
    // A literal cannot fail: it stays a typed static field.
    if (["int", "float", "str", "sym", "true", "false", "nil"].includes(stmt.value.kind) && (stmt.value.kind !== "str" || stmt.value.parts.every((p) => typeof p === "string"))) {
      return [`static readonly ${stmt.target.name} = ${lowerExpr(stmt.value, new Scope(env)).code};`];
    }
    const value = lowerExpr(stmt.value, new Scope(env)).code;
    // Typed where its value is proved a plain value or a value object (plain-constants.ts), read so everywhere.
    const type = plainConstantType(env.app, facts.path, stmt.target.name);
    const ts = type.k === "unknown" ? "unknown" : env.typeName(type);
    const read = `${env.module.use("constantValue")}(${name}_constants, ${JSON.stringify(stmt.target.name)}, () => (${value}))`;
    return [`static get ${stmt.target.name}(): ${ts} {\nreturn ${type.k === "unknown" ? read : `${read} as ${ts}`};\n}`];
  }
  // A class macro of the library base (ActionMailer::Base's `default from: ...`, `layout "mailer"`): run on the class.
  if (libraryBase && stmt.kind === "call" && stmt.receiver === null && !stmt.block && typeof Reflect.get(libraryBase, rubyToTs(stmt.method)) === "function") {
    return [`static {\nthis.${rubyToTs(stmt.method)}(${lowerArgs(stmt.args, null, new Scope(env)).join(", ")});\n}`];
  }
  const d = env.diags.report("unsupported_construct", stmt.span, `${stmt.kind === "call" ? stmt.method : stmt.kind} in a plain class body`);
  declined.push({ file: stmt.span.file, line: stmt.span.line, diagnostic: `${d.code}: ${d.message}` });
  return [];
}

/** A `def` as a TS method; `override` where the runtime base already has the member (persisted?, to_param...). */
/** `app`: given for an instance method, whose lowered result is recorded (model/method-results.ts). */
function method(def: NodeOf<"def">, statements: Node[], env: LowerEnv, facts: PlainClassFacts, isStatic: boolean, typed?: (scope: Scope) => void, app?: AppModel): string {
  // A method of a concern's ClassMethods finds constants where it was written (lexicalNesting).
  const lexical = lexicalNesting.get(def);
  if (!lexical) return methodIn(def, statements, env, facts, isStatic, typed, app);
  const outer = env.nesting;
  env.nesting = lexical;
  try {
    return methodIn(def, statements, env, facts, isStatic, typed, app);
  } finally {
    env.nesting = outer;
  }
}

function methodIn(def: NodeOf<"def">, statements: Node[], env: LowerEnv, facts: PlainClassFacts, isStatic: boolean, typed?: (scope: Scope) => void, app?: AppModel): string {
  const scope = new Scope(env);
  const params = lowerParams(def, scope);
  typed?.(scope);
  const tsName = rubyToTs(def.name);
  const root = facts.libraryBase ? LIBRARY_BASES[facts.libraryBase]![1] : facts.activeModel ? ActiveModel : RubyObject;
  const base = isStatic ? root : root.prototype;
  // A reader the base keeps as an accessor (an exception's `message`, which JS code reads as a property too): the
  // method becomes that accessor, its value as a String.
  if (!isStatic && !params.signature && isGetter(base, tsName)) {
    scope.method = { ...scope.method!, accessor: true };
    const body = lowerMethodBody(statements, scope);
    return `override get ${tsName}(): string {\nreturn ${env.module.use("toS")}((() => {\n${[...params.prologue, ...body].join("\n")}\n})());\n}`;
  }
  scope.resultNode = app ? resultNode({ ...def, body: statements }, app) : null;
  scope.yieldTypes = app && followsYields(def) ? [] : null;
  const body = lowerMethodBody(statements, scope);
  if (app) noteResult(app, facts.path, def, scope.resultNode ? (scope.resultType ?? UNKNOWN) : UNKNOWN);
  if (app) noteYields(app, facts.path, def, scope.yieldTypes);
  const override = tsName in base ? "override " : "";
  // `: unknown`: a method that only raises (an abstract `def apply = raise NotImplementedError`) must not be typed
  // never, or no subclass could override it.
  // (An override keeps the base's declared type.)
  const head = `${isStatic ? "static " : ""}${override}${tsName}(${params.signature})${override ? "" : ": unknown"}`;
  return `${head} {\n${[...params.prologue, ...body].join("\n")}\n}`;
}

/**
 * What a plain class's own methods answer, where the last expression of one proves a model's record or relation
 * (`def relevant_subscriptions = Push::Subscription.joins(...).merge(...)`: Relation<Push::Subscription>): a
 * method without parameters, defined once in the class and by no other plain class of the app (a subclass could
 * override it). From scratch lowerings (their dynamic sites and diagnostics their own), until the types stop changing.
 */
function plainMethodTypes(app: AppModel, facts: PlainClassFacts, methods: Array<NodeOf<"def">>, env: LowerEnv): Map<string, RType> {
  const elsewhere = (name: string) => app.plainClasses.some((d) => d.path !== facts.path && plainClassFacts(app, d.path)?.methods.has(name));
  const candidates = methods.filter((d) => !d.singleton && !d.params.length && methods.filter((o) => o.name === d.name && !o.singleton).length === 1 && !elsewhere(d.name));
  let types = new Map<string, RType>();
  if (!candidates.length) return types;
  const scratchApp = { ...app, dynamicSites: new Map() };
  for (let pass = 0; pass < 4; pass++) {
    const next = new Map<string, RType>();
    for (const def of candidates) {
      const last = def.body[def.body.length - 1];
      if (!last || last.kind === "if" || last.kind === "assign" || last.kind === "multiAssign") continue;
      const scratch = makeEnv(scratchApp, new Diagnostics(), "model", { selfExpr: "this", modelName: facts.path, ivar: (n) => `this.ivars.${n}`, ivarStore: { object: "this.ivars" } });
      scratch.ivarTypes = env.ivarTypes;
      scratch.ivarCast = true;
      scratch.methodTypes = types;
      scratch.selfCall = (call, scope) => plainSelfCall(call, scope, facts, false);
      const t = lowerExpr(last, new Scope(scratch)).type;
      if ((t.k === "model" && !t.model.startsWith("typeof ")) || t.k === "relation") next.set(def.name, t);
    }
    const same = JSON.stringify([...next]) === JSON.stringify([...types]);
    types = next;
    if (same) break;
  }
  return types;
}
