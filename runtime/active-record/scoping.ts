// Scopes, class methods on relations, default scopes and the current scope (ActiveRecord::Scoping).
//
//   scope :visible, -> { where.not(status: :hidden) }   scopes: [{ name: "visible", body: function () {
//                                                                 return this.whereNot({ status: "hidden" }) } }]
//   Assignment.visible / project.assignments.visible.unread         both work: each model has a Relation subclass
//                                                                (and a CollectionProxy subclass) with its scopes
//   def self.original; order(:created_at).first; end             a static method of the class is callable on its
//   Project.without_archived.original                                relations too, run with the relation as scope
//   default_scope { order(:position) }                           defaultScopes: every relation starts from it
//   Projects::Public.all                                              STI subclasses start with "projects"."type" = ?
//   relation.ordered (relation's type unknown)   scope(relation, "ordered")   by Ruby name, from the relation's model
// A scope body runs with `this` = the relation (Ruby's instance_exec on it); a nil/false result means `all`
// (Relation#_exec_scope: `instance_exec(...) || self`). This is the one scope mechanism: the model descriptor's
// `scopes` (the compiler emits them there), enum scopes, and the by-name `scope()` all go through applyScope.
import { rubyToTs } from "../ruby/names.js";
import type { Node } from "./arel.js";
import { callProc } from "../active-support/callback-conditions.js";
import { findMeta, metaOf, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { build } from "./predicates.js";
import { EMPTY_QUERY } from "./query.js";
import { currentScope, Relation } from "./relation.js";

/** The STI type condition: this class and its descendants ("projects"."type" = ? or IN (...)). */
export function typeCondition(meta: ModelMeta, table = meta.tableName): Node | null {
  if (!meta.finderNeedsTypeCondition || !meta.inheritanceColumn) return null;
  const names = [meta.className, ...meta.descendants];
  return build({ table, meta }, { table, column: meta.inheritanceColumn }, names.length === 1 ? names[0] : names);
}

/** The relation every query of a class starts from (Model.unscoped plus default scopes, unless told not to). */
export function baseRelation<T extends RecordLike>(model: ModelClassLike<T>, defaultScopes = true): Relation<T> {
  const meta = metaOf(model);
  const sti = typeCondition(meta);
  const Cls = (meta.relationClass as typeof Relation | undefined) ?? Relation;
  let relation = new Cls(model, sti ? { ...EMPTY_QUERY, where: [sti] } : EMPTY_QUERY) as Relation<T>;
  if (!defaultScopes) return relation;
  for (const body of meta.defaultScopes) relation = (callProc(body, relation) as Relation<T> | null) ?? relation;
  return relation;
}

/** Model.all: the current scope (inside `scoping`, an ancestor's applies too) or a fresh base relation. */
export function allOf<T extends RecordLike>(model: ModelClassLike<T>): Relation<T> {
  const scope = currentScope(model);
  if (!scope) return baseRelation(model);
  if (scope.model === model) return scope.all() as unknown as Relation<T>;
  return baseRelation(model).merge(scope);
}

/** Runs a scope body on a relation: instance_exec, nil/false -> the relation itself. */
function runScope<T extends RecordLike>(relation: Relation<T>, body: Function, args: unknown[]): unknown {
  const result = (body as (this: unknown, ...a: unknown[]) => unknown).call(relation, ...args);
  return result === null || result === undefined || result === false ? relation : result;
}

/**
 * Scope `name` of the relation's model on the relation (ActiveRecord::Scoping::Named `scope`: the class method
 * runs `all._exec_scope`; a relation's or collection proxy's runs it `scoping { klass.name }`, i.e. on a copy of
 * its own query). Scopes are inherited: a subclass's meta starts with its parent's.
 */
export function applyScope<T extends RecordLike>(relation: Relation<T>, name: string, args: unknown[]): Relation<T> {
  const meta = metaOf(relation.model);
  const body = meta.scopes.get(name);
  if (!body) throw new TypeError(`undefined scope \`${name}' for ${meta.className}`);
  const scoped = runScope(relation.all(), body, args) as Relation<T>;
  // `scope :x, -> { } do ... end`: Rails answers `scope.extending(extension)`.
  const extension = meta.scopeExtensions.get(name);
  return extension && scoped instanceof Relation ? scoped.extending(extension) : scoped;
}

/**
 * Scope `name` called on a model class (from its `all`) or on a relation, by its Ruby name: what the compiler
 * emits where it knows the receiver's model but not its TS type. The model names the type argument.
 */
export function scope<T extends RecordLike>(target: ModelClassLike<T> | Relation<T>, name: string, ...args: unknown[]): Relation<T> {
  return applyScope(target instanceof Relation ? target : allOf(target), name, args);
}

/** A scope whose body answers an Array of its records (`ordered.last(10)`), as the compiler proved it. */
export function scopeArray<T extends RecordLike>(target: ModelClassLike<T> | Relation<T>, name: string, ...args: unknown[]): T[] {
  return scope(target, name, ...args) as unknown as T[];
}

/** Base's class methods that relations answer within their scope (named as the runtime's statics). */
const BASE_DELEGATED = ["authenticateBy", "findSigned", "findSignedBang"];

// Members a class must never expose on relations (the Querying statics shadow Relation methods).
const SKIP = new Set(["length", "name", "prototype", "caller", "arguments"]);

/** Static methods the model (and its app ancestors, not Base) defines: delegated from its relations. */
function classMethods(cls: object, stop: (c: object) => boolean): Map<string, Function> {
  const out = new Map<string, Function>();
  for (let c: object | null = cls; c && !stop(c); c = Object.getPrototypeOf(c)) {
    for (const name of Object.getOwnPropertyNames(c)) {
      const d = Object.getOwnPropertyDescriptor(c, name);
      if (!SKIP.has(name) && !out.has(name) && typeof d?.value === "function") out.set(name, d.value as Function);
    }
  }
  return out;
}

function installScope(proto: object, name: string, scopeName: string): void {
  Object.defineProperty(proto, name, {
    configurable: true, writable: true,
    value(this: Relation<RecordLike>, ...args: unknown[]) {
      return applyScope(this, scopeName, args);
    },
  });
}

/** relation.m(...) -> the relation's own class's static m, run with the relation as current scope. */
function installDelegate(proto: object, name: string): void {
  if (name in proto) return;
  Object.defineProperty(proto, name, {
    configurable: true, writable: true,
    value(this: Relation<RecordLike>, ...args: unknown[]) {
      const model = this.model as unknown as { [k: string]: Function };
      return this.scoping(() => model[name]!.call(model, ...args));
    },
  });
}

/**
 * Gives the class its Relation and CollectionProxy subclasses with the scopes and class methods, and the
 * class itself static scope methods (`Model.visible()`); called by defineModel once the meta is set.
 */
export function installScoping(cls: ModelClassLike, meta: ModelMeta, proxyBase: typeof Relation, isBase: (c: object) => boolean): void {
  const parent = findMeta(Object.getPrototypeOf(cls));
  const ParentRelation = (parent?.relationClass as typeof Relation | undefined) ?? Relation;
  const ParentProxy = (parent?.proxyClass as typeof Relation | undefined) ?? proxyBase;
  const ModelRelation = class extends ParentRelation<RecordLike> {};
  const ModelProxy = class extends (ParentProxy as unknown as typeof Relation)<RecordLike> {};
  for (const scopeName of meta.scopes.keys()) {
    // A scope is callable by its Ruby name and by the TS member name the compiler derives (rubyToTs).
    for (const name of new Set([scopeName, rubyToTs(scopeName)])) {
      installScope(ModelRelation.prototype, name, scopeName);
      installScope(ModelProxy.prototype, name, scopeName);
      if (Object.prototype.hasOwnProperty.call(cls, name)) continue;
      Object.defineProperty(cls, name, {
        configurable: true, writable: true,
        value(this: ModelClassLike, ...args: unknown[]) {
          return (allOf(this) as unknown as Record<string, Function>)[name]!(...args);
        },
      });
    }
  }
  // Active Record's own class methods that Relation delegates too (Relation#method_missing -> scoping { klass.m }):
  // `User.active.authenticate_by(...)` looks the user up within the scope.
  for (const name of BASE_DELEGATED) {
    installDelegate(ModelRelation.prototype, name);
    installDelegate(ModelProxy.prototype, name);
  }
  for (const [name] of classMethods(cls, isBase)) {
    if (meta.scopes.has(name) || [...meta.scopes.keys()].some((k) => rubyToTs(k) === name)) continue;
    installDelegate(ModelRelation.prototype, name);
    installDelegate(ModelProxy.prototype, name);
  }
  meta.relationClass = ModelRelation;
  meta.proxyClass = ModelProxy;
}
