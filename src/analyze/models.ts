// app/models/*.rb -> ModelInfo: the facts about each model that lowering looks up instead of guessing.
//
//   class Post < ApplicationRecord        { className: "Post", tableName: "posts", names: {...} }
//     has_many :replies, dependent: :destroy   { kind: "has_many", name: "replies", className: "Reply", ... }
//     belongs_to :post, touch: true        { kind: "belongs_to", foreignKey: "post_id", options: {touch} }
//     validates :title, presence: true        { attribute: "title", validator: "presence", options: {} }
//     before_save :normalize                  { event: "before_save", method: "normalize" }
import { atConstruct, faultPoint } from "../parse/crash.js";
import { crashDeclined, isCrashedStatement } from "./crashed.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { SourceFile } from "../parse/app.js";
import { expandFrameworkMacro } from "./framework-models.js";
import { isTopConst, literalString, methodChain, optionsOf, positionalArgs, type Node, type NodeOf, type Param, type Span } from "../parse/ir.js";
import type { Column, Schema } from "../parse/schema.js";
import { collectConstants, constPath, flattenBody, resolveConstant, type ConstDecl } from "./constants.js";
import { camelize, foreignKey, pluralize, singularize, underscore } from "../../runtime/active-support/inflector.js";
import { modelNameForms } from "../../runtime/active-model/model-name.js";
import { CALLBACK_EVENTS } from "../../runtime/active-record/callbacks.js";
import { declined, type DeclinedInfo } from "./model-declined.js";
import { validationsOf } from "./model-validations.js";
import { rubyStdlibRegexp } from "./stdlib-constants.js";

// The names a model carries are the runtime's ModelNames (the compiler computes them, the runtime reads them).
export type { ModelNames } from "../../runtime/active-model/model-name.js";
import type { ModelNames } from "../../runtime/active-model/model-name.js";

/**
 * A compile-time value. Regexps and ranges keep their Ruby form (`$regexp`, `$range`) so the lowering decides
 * their TS spelling (a RegExp, or declined).
 */
export type Literal =
  | string | number | boolean | null | Literal[] | { [key: string]: Literal }
  | { $regexp: { source: string; flags: string } }
  | { $range: { from: number | string | null; to: number | string | null; exclusive: boolean } }
  /** Ruby code (a lambda or a block) the lowering turns into a function; `self` is what the runtime binds. */
  | { $code: { params: Param[]; body: Node[] }; self: "record" | "relation" | "proxy"; model: string; siblings?: string[]; scope?: string; owner?: string };

export interface AssociationInfo {
  kind: "belongs_to" | "has_many" | "has_one";
  name: string;
  className: string;
  foreignKey: string;
  options: Record<string, Literal>;
  /** `has_many :x, -> { order(:y) }`: run on the target's relation. */
  scope: Literal | null;
  /** `has_many :x do def m ... end end`: methods of the collection proxy (self is the proxy), by Ruby name. */
  extension: Record<string, Literal> | null;
  span: Span;
}

export interface ValidationInfo {
  attribute: string;
  validator: string;
  options: Record<string, Literal>;
  span: Span;
}

export interface CallbackInfo {
  event: string;
  /** Symbol form; null for the block/lambda form (`code`). */
  method: string | null;
  code: Literal | null;
  options: Record<string, Literal>;
  span: Span;
}

export interface ScopeInfo {
  name: string;
  lambda: NodeOf<"lambda">;
  span: Span;
  /** `scope :x, -> { } do def m ... end end`: the block's methods, run with the scope's relation as self. */
  extension?: Record<string, Literal>;
}

export interface ModelInfo {
  className: string;
  file: SourceFile;
  superclass: string;
  abstract: boolean;
  tableName: string;
  names: ModelNames;
  columns: Column[];
  associations: AssociationInfo[];
  validations: ValidationInfo[];
  callbacks: CallbackInfo[];
  methods: Array<NodeOf<"def">>;
  classMethods: Array<NodeOf<"def">>;
  scopes: ScopeInfo[];
  /** `NAME = value` in the class body. */
  constants: Array<{ name: string; value: Node; span: Span }>;
  /** The class this one inherits from when that is a model too (STI), resolved to its full path. */
  parentModel: string | null;
  concerns: string[];
  /** `enum :role, [...]` / `enum role: {...}` in runtime/record's EnumDescriptor shape, and where it stands. */
  enums: Array<{ descriptor: Record<string, Literal>; span: Span }>;
  secureTokens: Array<Record<string, Literal>>;
  securePassword: Array<Record<string, Literal>>;
  /** `serialize :body, coder: ActionText::Content`: the attribute and its coder (run as code: a constant). */
  serialized: Array<{ attribute: string; coder: Literal }>;
  /** `normalizes :email, with: -> { _1.strip }, apply_to_nil: false` (ActiveRecord::Normalization, Rails 7.1). */
  normalizations: Array<{ attributes: string[]; with: Literal; applyToNil: boolean }>;
  /** Rails modules the model includes that the runtime implements (FRAMEWORK_MODULES), in include order. */
  frameworkModules: string[];
  /** `self.table_name = "..."` in the class body. */
  explicitTable?: string | null;
  /** What the class body declined, each raising at run time where it is reached (model-declined.ts). */
  declined: DeclinedInfo[];
  /** The table's unique indexes without a WHERE, as column lists (UniquenessValidator skips covered checks). */
  uniqueIndexes: string[][];
  /** Innermost first: where a constant written in the class body is looked up. */
  nesting: string[];
}

/** Includable Rails modules, by name: the runtime function that installs each on a model class. */
export const FRAMEWORK_MODULES: Record<string, string> = {
  "ActionText::Attachable": "includeActionTextAttachable",
};

// The callback macros are Rails' own list (ActiveRecord::Callbacks, the after_*_commit forms), as the runtime runs them.
const CALLBACKS = CALLBACK_EVENTS;
// The options the model runtime implements (runtime/active-record/meta.ts AssociationDescriptor).
const ASSOCIATION_OPTIONS: Record<string, Set<string>> = {
  belongs_to: new Set(["optional", "required", "class_name", "foreign_key", "touch", "inverse_of", "default", "polymorphic", "counter_cache", "primary_key", "autosave", "validate", "foreign_type", "dependent"]),
  // Not here, so declined: source_type (it would pick the class without the type condition), has_many's
  // counter_cache: (the column name size reads) and strict_loading (lazy loads would not raise).
  has_many: new Set(["dependent", "class_name", "foreign_key", "inverse_of", "through", "source", "as", "primary_key", "autosave", "validate"]),
  has_one: new Set(["dependent", "class_name", "foreign_key", "inverse_of", "through", "source", "as", "primary_key", "autosave", "validate"]),
};
const CALLBACK_OPTIONS = new Set(["if", "unless", "on", "prepend"]);
const ON_CONTEXT_CALLBACKS = new Set(["before_validation", "after_validation", "validate", "after_commit", "after_rollback"]);
// The dependent: strategies the runtime implements (destroy_async needs Active Job; has_one's restrict_* are not done).
const DEPENDENT: Record<string, Set<string>> = {
  belongs_to: new Set(["destroy", "delete"]),
  has_many: new Set(["destroy", "delete_all", "nullify", "restrict_with_error", "restrict_with_exception"]),
  has_one: new Set(["destroy", "delete", "nullify"]),
};

export interface ModelFiles {
  models: ModelInfo[];
  /** Classes under app/models that are not Active Record models (plain Ruby, ActiveModel). */
  plainClasses: ConstDecl[];
}

/** Classes whose superclass chain reaches ActiveRecord::Base are models; concerns are flattened into them. */
export function analyzeModelFiles(files: SourceFile[], schema: Schema, diags: Diagnostics): ModelFiles {
  const decls = collectConstants(files);
  const classes = groupBy(decls.filter((d) => d.kind === "class"));
  const modules = groupBy(decls.filter((d) => d.kind === "module"));
  const known = new Set([...classes.keys(), "ActiveRecord::Base"]);
  const parentOf = new Map<string, string | null>();
  for (const [path, list] of classes) {
    const written = list.find((d) => d.superclassName)?.superclassName ?? null;
    const decl = list.find((d) => d.superclassName) ?? list[0]!;
    parentOf.set(path, written ? (resolveConstant(written, decl.nesting.slice(1), known) ?? written) : null);
  }
  const isModel = (path: string, depth = 0): boolean => {
    const parent = parentOf.get(path);
    if (!parent || depth > 20) return false;
    return parent === "ActiveRecord::Base" || isModel(parent, depth + 1);
  };
  const out: ModelFiles = { models: [], plainClasses: [] };
  const table = constantTable(decls);
  for (const [path, list] of classes) {
    if (!isModel(path)) {
      out.plainClasses.push(...list);
      continue;
    }
    out.models.push(analyzeModel(path, list, parentOf.get(path)!, modules, schema, diags, table));
  }
  resolveInheritance(out.models, schema, tableNamePrefixes(modules));
  applyRelativeNaming(out.models, relativeNamingModules(modules));
  resolveAssociationClasses(out.models);
  resolveThroughClasses(out.models);
  return out;
}

export function analyzeModels(files: SourceFile[], schema: Schema, diags: Diagnostics): ModelInfo[] {
  return analyzeModelFiles(files, schema, diags).models;
}

/** `NAME = value` in every class and module body of app/models, by full path (`Account::EMAIL`). */
function constantTable(decls: ConstDecl[]): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const d of decls) for (const stmt of d.node.body) if (stmt.kind === "assign" && stmt.target.kind === "const") out.set(`${d.path}::${stmt.target.name}`, stmt.value);
  return out;
}

// The app's constants, for the class body being analyzed (set by analyzeModelFiles, read by regexpConstant).
const APP_CONSTANTS = new WeakMap<ModelInfo, Map<string, Node>>();

/** Ruby's lookup of a constant written in the class body: its lexical scopes, its concerns, then the top level. */
function resolveAppConstant(model: ModelInfo, path: string): Node | null {
  const table = APP_CONSTANTS.get(model);
  if (!table) return null;
  if (path.startsWith("::")) return table.get(path.slice(2)) ?? null;
  for (const scope of model.nesting) {
    const found = table.get(`${scope}::${path}`);
    if (found) return found;
  }
  return table.get(path) ?? null;
}

function groupBy(decls: ConstDecl[]): Map<string, ConstDecl[]> {
  const map = new Map<string, ConstDecl[]>();
  for (const d of decls) map.set(d.path, [...(map.get(d.path) ?? []), d]);
  return map;
}

function analyzeModel(className: string, decls: ConstDecl[], superclass: string, modules: Map<string, ConstDecl[]>, schema: Schema, diags: Diagnostics, constants: Map<string, Node>): ModelInfo {
  const flat = flattenBody(decls, decls, modules);
  const file = decls[0]!.file;
  const model: ModelInfo = {
    className, file, superclass, abstract: superclass === "ActiveRecord::Base", tableName: pluralize(underscore(className).replace(/\//g, "_")),
    // ActiveModel::Name's forms by the runtime's own port of it (so `Shapes::Square` is human "Square").
    names: modelNameForms(className), columns: [], associations: [], validations: [], callbacks: [], methods: lastDefinitions(flat.methods),
    classMethods: lastDefinitions(flat.classMethods), scopes: [], constants: [], parentModel: null, concerns: flat.concerns,
    enums: [], secureTokens: [], securePassword: [], serialized: [], normalizations: [], frameworkModules: [], declined: [], uniqueIndexes: [],
    nesting: [...decls[0]!.nesting, ...flat.concerns],
  };
  APP_CONSTANTS.set(model, constants);
  // `include Rails.application.routes.url_helpers`: the route helpers the lowering gives every model (with no
  // request: paths, and URLs only with a host).
  for (const inc of flat.unresolvedIncludes) {
    if (isUrlHelpers(inc.node)) continue;
    // Rails' own modules the runtime installs on the model (ActionText::Attachable: attachable_sgid, partial paths).
    if (inc.name in FRAMEWORK_MODULES) {
      if (!model.frameworkModules.includes(inc.name)) model.frameworkModules.push(inc.name);
      continue;
    }
    // An unknown module may add validations, callbacks or attributes: no record of the model is made without it.
    model.declined.push(declined(diags, "unresolved_constant", inc.node.span, `include ${inc.name}`, { kind: "model" }));
  }
  // Each class-body statement is a crash boundary (parse/crash.ts): analyzeApp replaces the one it names.
  for (const stmt of flat.body) atConstruct(stmt.span, stmt, () => modelStatement(model, stmt, diags));
  return model;
}

function modelStatement(model: ModelInfo, stmt: Node, diags: Diagnostics): void {
  faultPoint("analyze", stmt.kind, stmt.span);
  if (isCrashedStatement(stmt)) model.declined.push(crashDeclined(stmt, diags));
  else if (stmt.kind === "call" && stmt.receiver?.kind === "self" && stmt.method === "abstract_class=") model.abstract = true;
  else if (stmt.kind === "call" && stmt.receiver?.kind === "self" && stmt.method === "table_name=" && literalString(stmt.args[0]) !== null) model.explicitTable = literalString(stmt.args[0]);
  else if (stmt.kind === "call" && stmt.receiver === null && frameworkMacro(model, stmt, diags)) return;
  else if (stmt.kind === "call" && stmt.receiver === null) classMacro(model, stmt, diags);
  else if (stmt.kind === "ident" && stmt.name === "primary_abstract_class") model.abstract = true;
  else if (stmt.kind === "ident") classMacro(model, { kind: "call", receiver: null, method: stmt.name, args: [], block: null, safeNav: false, parens: false, span: stmt.span }, diags);
  else if (stmt.kind === "assign" && stmt.target.kind === "const") model.constants.push({ name: stmt.target.name, value: stmt.value, span: stmt.span });
  else model.declined.push(declined(diags, "unsupported_construct", stmt.span, `${stmt.kind} in model body`, { kind: "model" }));
}

/**
 * has_rich_text / has_one_attached / has_many_attached: the methods, associations and scopes Rails' macro defines
 * (framework-models.ts writes them as Ruby), added as if written here; a method the class defines itself wins.
 */
function frameworkMacro(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): boolean {
  const expanded = expandFrameworkMacro(call);
  if (!expanded) return false;
  for (const node of expanded) {
    if (node.kind === "def" && node.singleton) {
      if (!model.classMethods.some((m) => m.name === node.name)) model.classMethods.push(node);
    } else if (node.kind === "def" && !model.methods.some((m) => m.name === node.name)) model.methods.push(node);
    else if (node.kind === "call") classMacro(model, node, diags);
  }
  return true;
}

/** Ruby keeps the last definition of a method name (a class's own def overrides its concern's). */
function lastDefinitions(defs: Array<NodeOf<"def">>): Array<NodeOf<"def">> {
  const byName = new Map<string, NodeOf<"def">>();
  for (const d of defs) {
    byName.delete(d.name);
    byName.set(d.name, d);
  }
  return [...byName.values()];
}

/**
 * Table names as ActiveRecord::ModelSchema#compute_table_name gives them: STI subclasses share their base class's
 * table; a base class's is `self.table_name = ...` where the body says so, else the nearest enclosing module's
 * `table_name_prefix`, the singular table of an enclosing concrete model (`Post::Tag` -> `post_tags`) and its own
 * demodulized, pluralized name (`Admin::User` in a plain module -> `users`).
 */
function resolveInheritance(models: ModelInfo[], schema: Schema, prefixes: Map<string, string>): void {
  const byName = new Map(models.map((m) => [m.className, m]));
  const root = (m: ModelInfo, depth = 0): ModelInfo => {
    const parent = byName.get(m.superclass);
    return parent && !parent.abstract && depth < 20 ? root(parent, depth + 1) : m;
  };
  const tables = new Map<ModelInfo, string>();
  const tableOf = (m: ModelInfo, depth = 0): string => {
    const known = tables.get(m);
    if (known !== undefined) return known;
    const base = root(m);
    let table: string;
    if (base !== m) table = tableOf(base, depth + 1);
    else if (m.explicitTable) table = m.explicitTable;
    else {
      const enclosing = m.className.split("::").slice(0, -1);
      const outer = byName.get(enclosing.join("::"));
      const contained = outer && !outer.abstract && depth < 20 ? `${singularize(tableOf(outer, depth + 1))}_` : "";
      const prefix = enclosing.map((_, i) => prefixes.get(enclosing.slice(0, enclosing.length - i).join("::"))).find((p) => p !== undefined) ?? "";
      table = `${prefix}${contained}${pluralize(underscore(m.className.split("::").pop()!))}`;
    }
    tables.set(m, table);
    return table;
  };
  for (const m of models) {
    const parent = byName.get(m.superclass);
    if (parent && !parent.abstract) m.parentModel = parent.className;
    m.tableName = tableOf(m);
    const table = schema.tables.find((t) => t.name === m.tableName);
    m.columns = table?.columns ?? [];
    m.uniqueIndexes = (table?.indexes ?? []).filter((ix) => ix.unique && ix.where === undefined).map((ix) => ix.columns);
  }
}

/** Modules (app/models/admin.rb) whose `def self.table_name_prefix` returns a literal: `Admin` -> `"admin_"`. */
function tableNamePrefixes(modules: Map<string, ConstDecl[]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, value] of singletonValues(modules, "table_name_prefix")) {
    const prefix = literalString(value);
    if (prefix !== null) out.set(path, prefix);
  }
  return out;
}

/** Modules whose `def self.use_relative_model_naming?` is `true` (what isolate_namespace defines on an engine's). */
function relativeNamingModules(modules: Map<string, ConstDecl[]>): Set<string> {
  return new Set([...singletonValues(modules, "use_relative_model_naming?")].filter(([, value]) => value.kind === "true").map(([path]) => path));
}

/** Each module's one-expression `def self.<name>`, by module path. */
function singletonValues(modules: Map<string, ConstDecl[]>, name: string): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const [path, decls] of modules) {
    for (const decl of decls) {
      for (const stmt of decl.node.body) if (stmt.kind === "def" && stmt.singleton && stmt.name === name && stmt.body.length === 1) out.set(path, stmt.body[0]!);
    }
  }
  return out;
}

/**
 * ActiveModel::Naming#model_name: the innermost enclosing module that uses relative model naming is the Name's
 * namespace, left out of param and route keys (ActionText::RichText's param_key is "rich_text").
 */
function applyRelativeNaming(models: ModelInfo[], relative: Set<string>): void {
  for (const m of models) {
    const parts = m.className.split("::");
    const enclosing = parts.slice(0, -1).map((_, i) => parts.slice(0, parts.length - 1 - i).join("::"));
    const namespace = enclosing.find((path) => relative.has(path));
    if (namespace) m.names = modelNameForms(m.className, namespace);
  }
}

/**
 * An association's class as ActiveRecord::Inheritance#compute_type finds it from the declaring class's name
 * (`has_many :tags` in `Post` is `Post::Tag` when that exists, else `Tag`), and a has_many/has_one's foreign key as
 * Reflection#derive_foreign_key gives it: `as:`'s, the inverse_of belongs_to's, else the declaring class's
 * demodulized name (`Admin::Post` -> `post_id`).
 */
function resolveAssociationClasses(models: ModelInfo[]): void {
  const byName = new Map(models.map((m) => [m.className, m]));
  const computeType = (owner: string, type: string): string => {
    if (type.startsWith("::")) return type.slice(2);
    const parts = owner.split("::");
    const candidates = parts.map((_, i) => `${parts.slice(0, parts.length - i).join("::")}::${type}`);
    return [...candidates, type].find((c) => byName.has(c)) ?? type;
  };
  for (const m of models) {
    for (const a of m.associations) if (!(a.kind === "belongs_to" && a.options.polymorphic === true)) a.className = computeType(m.className, a.className);
  }
  for (const m of models) {
    for (const a of m.associations) {
      if (a.kind === "belongs_to" || typeof a.options.foreign_key === "string" || a.options.through !== undefined) continue;
      if (typeof a.options.as === "string") a.foreignKey = `${a.options.as}_id`;
      else if (typeof a.options.inverse_of === "string") {
        const inverse = byName.get(a.className)?.associations.find((x) => x.name === a.options.inverse_of);
        a.foreignKey = inverse?.kind === "belongs_to" ? inverse.foreignKey : foreignKey(m.className);
      } else a.foreignKey = foreignKey(m.className);
    }
  }
}

function isUrlHelpers(node: Node): boolean {
  const { root, names } = methodChain(node);
  return isTopConst(root, "Rails") && names.join(".") === "application.routes.url_helpers";
}

/**
 * A through association without class_name: names its class after the source association on the through model
 * (`has_many :visible_posts, through: :feeds, source: :posts` is of Post), as Rails' source reflection
 * does, rather than after its own name.
 */
function resolveThroughClasses(models: ModelInfo[]): void {
  const byName = new Map(models.map((m) => [m.className, m]));
  const chain = (m: ModelInfo | undefined): ModelInfo[] => {
    const out: ModelInfo[] = [];
    for (let c = m; c && out.length < 20; c = byName.get(c.superclass)) out.push(c);
    return out;
  };
  const find = (m: ModelInfo | undefined, name: string) => chain(m).flatMap((c) => c.associations).find((a) => a.name === name);
  const resolve = (m: ModelInfo, a: AssociationInfo, depth: number): string => {
    if (typeof a.options.class_name === "string" || typeof a.options.through !== "string" || depth > 10) return a.className;
    const through = find(m, a.options.through);
    if (!through) return a.className;
    const owner = byName.get(resolve(m, through, depth + 1));
    const sourceName = typeof a.options.source === "string" ? a.options.source : null;
    const source = sourceName ? find(owner, sourceName) : find(owner, a.name) ?? find(owner, singularize(a.name));
    return source && owner ? resolve(owner, source, depth + 1) : a.className;
  };
  for (const m of models) for (const a of m.associations) a.className = resolve(m, a, 0);
}

function classMacro(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const m = call.method;
  if (m === "primary_abstract_class") model.abstract = true;
  else if (m === "scope") {
    const name = literalString(call.args[0]);
    const lambda = call.args[1];
    if (name && lambda?.kind === "lambda") {
      // `scope :x, -> { } do def m ... end end`: Relation#extending with the block's methods (Named#scope).
      // A statement of the block other than a def (an include) is declined, and with it the scope: calling it raises.
      const ext = call.block ? extensionMethods(call.block.body, model.className, "relation", "a scope extension block", diags) : null;
      if (ext?.declined.length) model.declined.push(...ext.declined.map((d) => ({ ...d, kind: "method" as const, name })));
      else model.scopes.push({ name, lambda, span: call.span, ...(ext ? { extension: ext.methods } : {}) });
    }
    else model.declined.push(declined(diags, "unsupported_construct", call.span, "scope without a name and a lambda", name ? { kind: "method", name } : { kind: "model" }));
  }
  else if (m === "belongs_to" || m === "has_many" || m === "has_one") model.associations.push(association(m, call, model, diags));
  else if (m === "validates" || /^validates_\w+_of$/.test(m)) {
    const constantValue = (node: Node) => {
      const path = constPath(node);
      return path ? resolveAppConstant(model, path) : null;
    };
    const out = validationsOf(call, { className: model.className, diags, regexpConstant: (node) => regexpConstant(model, node), constantValue });
    model.validations.push(...out.validations);
    model.declined.push(...out.declined);
  }
  else if (CALLBACKS.has(m)) callbacks(model, call, diags);
  else if (m === "enum") enumMacro(model, call, diags);
  else if (m === "has_secure_token" || m === "has_secure_password") secureMacro(model, call, diags);
  else if (m === "serialize") serializeMacro(model, call, diags);
  else if (m === "normalizes") normalizesMacro(model, call, diags);
  else model.declined.push(declined(diags, "unsupported_construct", call.span, `model macro ${m}`, declinedMacroKind(call)));
}

/**
 * Where a declined macro's effect would show: a validation macro in valid?, an association's in its use;
 * anything else may change how records are built or read, so no record is made without it.
 */
function declinedMacroKind(call: NodeOf<"call">): Omit<DeclinedInfo, "diagnostic" | "span"> {
  if (/^validates?(_|$)/.test(call.method)) return { kind: "validation" };
  const name = literalString(call.args[0]);
  if (call.method === "has_and_belongs_to_many" && name) return { kind: "association", name };
  return { kind: "model" };
}

/** A constant written in the class body whose value is a Regexp literal: the app's own, or Ruby's stdlib's. */
function regexpConstant(model: ModelInfo, node: Node, depth = 0): { source: string; flags: string } | null {
  const path = constPath(node);
  if (!path || depth > 10) return null;
  const own = resolveAppConstant(model, path);
  if (own?.kind === "regex") return { source: own.source, flags: own.flags };
  if (own?.kind === "const") return regexpConstant(model, own, depth + 1);
  return own ? null : rubyStdlibRegexp(path.replace(/^::/, ""));
}

/**
 * `enum :role, %i[member admin], prefix: true` (7.0+) and `enum role: [...], _prefix: ...` (the older form).
 * Values: an array, a hash, or the `%w[...].index_by(&:itself)` idiom (each value mapped to itself).
 */
function enumMacro(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  // An enum changes how its attribute reads and writes: declined, no record of the model is made.
  const decline = (span: Span, detail: string, code: "unsupported_construct" | "unsupported_option") =>
    void model.declined.push(declined(diags, code, span, detail, { kind: "model" }));
  const options = new Map(optionsOf(call.args));
  let attribute = literalString(call.args[0]);
  let valuesNode: Node | undefined = call.args[1];
  if (call.args[0]?.kind === "hash") {
    // Old form: the first pair that is not an option names the attribute.
    const pair = call.args[0].pairs.find((p) => !/^_/.test(literalString(p.key) ?? "_"));
    attribute = pair ? literalString(pair.key) : null;
    valuesNode = pair?.value;
    if (pair) options.delete(attribute ?? "");
  }
  const values = valuesNode ? enumValues(valuesNode) : undefined;
  if (!attribute || values === undefined) {
    decline(call.span, "enum whose values are not a literal list or hash", "unsupported_construct");
    return;
  }
  const descriptor: Record<string, Literal> = { attribute, values };
  for (const [key, value] of options) {
    if (valuesNode && value === valuesNode) continue;
    const lit = literal(value);
    if (lit === undefined) return decline(value.span, `enum ${key}:`, "unsupported_option");
    descriptor[key.replace(/^_/, "")] = lit;
  }
  model.enums.push({ descriptor, span: call.span });
}

function enumValues(node: Node): Literal | undefined {
  if (node.kind === "call" && node.method === "index_by" && node.receiver?.kind === "array" && node.args[0]?.kind === "blockPass"
    && node.args[0].value?.kind === "sym" && node.args[0].value.name === "itself") {
    const items = node.receiver.elements.map((e) => literalString(e));
    return items.every((i): i is string => i !== null) ? Object.fromEntries(items.map((i) => [i, i])) : undefined;
  }
  return literal(node);
}

/** `serialize :attr, coder: SomeCoder` (a constant with load/dump); other serialize forms are declined. */
function serializeMacro(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const attribute = literalString(call.args[0]);
  const options = optionsOf(call.args.slice(1));
  const coder = options.get("coder");
  if (!attribute || !coder || coder.kind !== "const" || options.size !== 1) {
    model.declined.push(declined(diags, "unsupported_construct", call.span, "serialize without a coder: constant", { kind: "model" }));
    return;
  }
  model.serialized.push({ attribute, coder: { $code: { params: [], body: [coder] }, self: "record", model: model.className } });
}

/**
 * `normalizes :email, :login, with: -> { _1.strip.downcase }, apply_to_nil: false`: the attributes' types are
 * decorated (NormalizedValueType), so assignment and the values finders bind are normalized. A normalizer that is no
 * literal lambda or proc (a method object, a constant) is declined.
 */
function normalizesMacro(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const attributes = call.args.filter((a) => a.kind !== "hash").map((a) => literalString(a));
  const options = optionsOf(call.args);
  const normalizer = options.get("with");
  const applyToNil = options.get("apply_to_nil");
  const code: Literal | null = normalizer?.kind === "lambda" ? { $code: { params: normalizer.params, body: normalizer.body }, self: "record", model: model.className }
    : normalizer?.kind === "call" && !normalizer.receiver && (normalizer.method === "lambda" || normalizer.method === "proc") && normalizer.block
      ? { $code: { params: normalizer.block.params, body: normalizer.block.body }, self: "record", model: model.className }
      : null;
  const extra = [...options.keys()].find((k) => k !== "with" && k !== "apply_to_nil");
  if (!code || attributes.some((a) => a === null) || extra || (applyToNil && applyToNil.kind !== "true" && applyToNil.kind !== "false")) {
    model.declined.push(declined(diags, "unsupported_construct", call.span, "normalizes with a normalizer other than a literal lambda", { kind: "model" }));
    return;
  }
  model.normalizations.push({ attributes: attributes as string[], with: code, applyToNil: applyToNil?.kind === "true" });
}

function secureMacro(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const descriptor: Record<string, Literal> = {};
  const attribute = literalString(call.args[0]);
  if (attribute) descriptor.attribute = attribute;
  for (const [key, value] of optionsOf(call.args)) {
    const lit = literal(value);
    if (lit === undefined) return void model.declined.push(declined(diags, "unsupported_option", value.span, `${call.method} ${key}:`, { kind: "model" }));
    descriptor[key] = lit;
  }
  (call.method === "has_secure_token" ? model.secureTokens : model.securePassword).push(descriptor);
}

function callbacks(model: ModelInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const out = callbacksOf(call, model.className, diags);
  model.callbacks.push(...out.callbacks);
  model.declined.push(...out.declined);
}

/**
 * One callback macro line (`before_save :a, :b, if: :c`, a block, a lambda) -> its callbacks, or a declined entry
 * for the line. `className`: the class its blocks run on. Active Record models and Active Model classes share it.
 */
export function callbacksOf(call: NodeOf<"call">, className: string, diags: Diagnostics): { callbacks: CallbackInfo[]; declined: DeclinedInfo[] } {
  const out: { callbacks: CallbackInfo[]; declined: DeclinedInfo[] } = { callbacks: [], declined: [] };
  const options: Record<string, Literal> = {};
  // A declined option declines the callbacks of the line: they raise when the event fires, never run unconditioned.
  const decline = (code: "unsupported_option" | "unsupported_construct", span: Span, detail: string) =>
    void out.declined.push(declined(diags, code, span, detail, { kind: "callback", event: call.method }));
  for (const [key, value] of optionsOf(call.args)) {
    // A String condition would read as a method name here; Rails raises on it (only Symbols name methods).
    const strings = value.kind === "array" ? value.elements : [value];
    if ((key === "if" || key === "unless") && strings.some((v) => v.kind === "str")) {
      decline("unsupported_option", value.span, `${call.method} ${key}: with a String condition`);
      return out;
    }
    // Model callbacks take if:/unless:/prepend: only (ActiveModel::Callbacks asserts the keys); on: is for the
    // validation and transaction callbacks.
    const allowed = CALLBACK_OPTIONS.has(key) && (key !== "on" || ON_CONTEXT_CALLBACKS.has(call.method));
    const lit = allowed ? literal(value, className) : undefined;
    if (lit === undefined) {
      decline("unsupported_option", value.span, `${call.method} ${key}:`);
      return out;
    }
    options[key] = lit;
  }
  for (const arg of positionalArgs(call.args)) {
    // Only a Symbol names a method: Rails 5.1+ raises on String callbacks.
    const method = arg.kind === "sym" ? arg.name : null;
    const code = method ? null : literal(arg, className);
    if (method) out.callbacks.push({ event: call.method, method, code: null, options, span: arg.span });
    else if (code && typeof code === "object" && "$code" in code) out.callbacks.push({ event: call.method, method: null, code, options, span: arg.span });
    else decline("unsupported_construct", arg.span, `${call.method} with a non-symbol callback`);
  }
  if (call.block) {
    const code: Literal = { $code: { params: call.block.params, body: call.block.body }, self: "record", model: className };
    out.callbacks.push({ event: call.method, method: null, code, options, span: call.span });
  }
  return out;
}

function association(kind: AssociationInfo["kind"], call: NodeOf<"call">, model: ModelInfo, diags: Diagnostics): AssociationInfo {
  const name = literalString(call.args[0]) ?? "";
  const options: Record<string, Literal> = {};
  const decline = (key: string, span: Span, detail: string, code: "unsupported_option" | "unsupported_construct" = "unsupported_option") =>
    declineAssociation(model, diags, kind, name, key, span, detail, code);
  for (const [key, value] of optionsOf(call.args)) {
    if (!ASSOCIATION_OPTIONS[kind]!.has(key)) {
      decline(key, value.span, `${kind} ${key}:`);
      continue;
    }
    const lit = literal(value, model.className);
    if (lit === undefined) decline(key, value.span, `${kind} ${key}: with a non-literal value`);
    else if (key === "dependent" && !DEPENDENT[kind]?.has(String(lit))) decline(key, value.span, `${kind} dependent: :${String(lit)}`);
    else options[key] = lit;
  }
  const className = typeof options.class_name === "string" ? options.class_name : camelize(kind === "has_many" ? singularize(name) : name);
  const foreignKey =
    typeof options.foreign_key === "string" ? options.foreign_key : kind === "belongs_to" ? `${name}_id` : `${underscore(model.className)}_id`;
  const scopeArg = call.args[1];
  const scope: Literal | null = scopeArg?.kind === "lambda" ? { $code: { params: scopeArg.params, body: scopeArg.body }, self: "relation", model: className } : null;
  if (scopeArg && scopeArg.kind !== "lambda" && scopeArg.kind !== "hash") decline("scope", scopeArg.span, `${kind} scope`, "unsupported_construct");
  const ext = extension(kind, call, className, diags);
  // An extension's proxy_association.owner is the record of the model declaring the association.
  for (const m of Object.values(ext.methods ?? {})) if (m && typeof m === "object" && "$code" in m) m.owner = model.className;
  model.declined.push(...ext.declined.map((d) => ({ ...d, name })));
  return { kind, name, className, foreignKey, options, scope, extension: ext.methods, span: call.span };
}

// Options that act on the owner's own save or destroy, not only through the association: declining one makes
// those raise too (dependent: on destroy; touch: and belongs_to's counter_cache: on save and destroy; the rest on
// valid?). has_many's counter_cache: only changes how size reads, so it stays with the association's use.
const ON_DESTROY = new Set(["dependent", "touch", "counter_cache"]);
const ON_SAVE = new Set(["touch", "counter_cache", "autosave", "validate", "optional", "required", "default"]);

function declineAssociation(model: ModelInfo, diags: Diagnostics, kind: AssociationInfo["kind"], name: string, key: string, span: Span, detail: string,
  code: "unsupported_option" | "unsupported_construct"): void {
  const entry = declined(diags, code, span, detail, { kind: "association", name });
  model.declined.push(entry);
  const lifecycle = key !== "counter_cache" || kind === "belongs_to";
  if (lifecycle && ON_SAVE.has(key)) model.declined.push({ ...entry, kind: "validation" });
  if (lifecycle && ON_DESTROY.has(key)) model.declined.push({ ...entry, kind: "callback", event: "before_destroy" });
}

/** The extension block's `def`s, each run with the collection proxy as self; anything else in it is declined. */
function extension(kind: AssociationInfo["kind"], call: NodeOf<"call">, className: string, diags: Diagnostics): { methods: Record<string, Literal> | null; declined: DeclinedInfo[] } {
  if (!call.block) return { methods: null, declined: [] };
  if (kind !== "has_many") return { methods: null, declined: [declined(diags, "unsupported_construct", call.span, `${kind} with an extension block`, { kind: "association" })] };
  return extensionMethods(call.block.body, className, "proxy", "an association extension block", diags);
}

/**
 * An extension block's `def`s (an association's or a scope's), each run with self the proxy or relation they are
 * installed on; anything else in the block is declined.
 */
function extensionMethods(body: Node[], className: string, self: "proxy" | "relation", where: string, diags: Diagnostics): { methods: Record<string, Literal>; declined: DeclinedInfo[] } {
  const methods: Record<string, Literal> = {};
  const out: DeclinedInfo[] = [];
  // The extension's methods call each other on self (the proxy or relation they are all installed on).
  const siblings = body.flatMap((s) => (s.kind === "def" && !s.singleton ? [s.name] : []));
  for (const stmt of body) {
    if (stmt.kind === "def" && !stmt.singleton) methods[stmt.name] = { $code: { params: stmt.params, body: stmt.body }, self, model: className, siblings };
    else out.push(declined(diags, "unsupported_construct", stmt.span, `${stmt.kind === "call" ? stmt.method : stmt.kind} in ${where}`, { kind: "association" }));
  }
  return { methods, declined: out };
}

/**
 * A compile-time literal (numbers, strings, symbols, booleans, nil, regexps, ranges, arrays and hashes of those),
 * or, where `model` is given, a lambda as code run with the record as self; otherwise undefined.
 */
export function literal(node: Node, model?: string): Literal | undefined {
  switch (node.kind) {
    case "int":
    case "float":
      return node.value;
    case "true":
      return true;
    case "false":
      return false;
    case "nil":
      return null;
    case "array": {
      const items = node.elements.map((e) => literal(e, model));
      return items.every((i) => i !== undefined) ? (items as Literal[]) : undefined;
    }
    case "hash": {
      const out: Record<string, Literal> = {};
      for (const { key, value } of node.pairs) {
        const k = literalString(key);
        const v = literal(value, model);
        if (k === null || v === undefined) return undefined;
        out[k] = v;
      }
      return out;
    }
    case "regex":
      return { $regexp: { source: node.source, flags: node.flags } };
    case "lambda":
      return model ? { $code: { params: node.params, body: node.body }, self: "record", model } : undefined;
    case "call": {
      // `proc { |r| ... }`, `lambda { ... }`, `Proc.new { ... }`: a block run like a lambda.
      const procForm = node.block && !node.args.length
        && ((node.receiver === null && (node.method === "proc" || node.method === "lambda"))
          || (node.receiver?.kind === "const" && node.receiver.name === "Proc" && !node.receiver.scope && node.method === "new"));
      if (procForm && model) return { $code: { params: node.block!.params, body: node.block!.body }, self: "record", model };
      return literalString(node) ?? undefined;
    }
    case "range": {
      const end = (n: Node | null) => (n === null ? null : n.kind === "int" || n.kind === "float" ? n.value : literalString(n));
      const from = end(node.from);
      const to = end(node.to);
      if ((node.from && from === null) || (node.to && to === null)) return undefined;
      return { $range: { from, to, exclusive: node.exclusive } };
    }
    default:
      return literalString(node) ?? undefined;
  }
}
