// The core of ActiveRecord::Relation: a query (its values) and, once loaded, its records — loading, iteration,
// size/empty?/any?/many? on loaded and unloaded relations, the SQL it would run, and the current scope (scoping).
// Query methods (where, order, joins, ...) are in relation-query.ts; finders, calculations and writes in relation.ts.
//
//   relation.to_a / each / map / length      loads once; a loaded relation answers without querying
//   relation.size / empty? / any? / many?    loaded: from the records; otherwise COUNT / SELECT 1 AS one ... LIMIT ?
//   relation.to_sql                          the statement with its binds quoted in place
//   relation.scoping { Model.all }           Model.all (and every class-level query) starts from this relation
import type { BindValue } from "./connection/connection.js";
import { connection } from "./connection/current.js";
import { limitedCount } from "./calculations.js";
import { joinsSql } from "./joins.js";
import { metaOf, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { column, EMPTY_QUERY, isEmptyResult, patchQuery, projection, selectSql, type AssociationTree, type QueryState, type Sql } from "./query.js";
import type { Relation } from "./relation.js";
import { inlineBinds, type SqlFragment } from "./sanitize.js";

type Loader = (relation: Relation<RecordLike>, query: QueryState) => RecordLike[];
let loader: Loader | null = null;

/** associations.ts installs the loader that preloads/eager-loads (a hook keeps this module free of association code). */
export function setLoader(fn: Loader): void {
  loader = fn;
}

/** What an AssociationRelation builds through: the has_many's association object (has-many.ts). */
export interface OwningAssociation {
  build(attributes: unknown): RecordLike;
  create(attributes: unknown, bang?: boolean): RecordLike;
  /** The owner set as the inverse of a record read through the association's scope. */
  setInverseInstance(record: RecordLike | null): void;
}

export abstract class RelationCore<T extends RecordLike> implements Iterable<T> {
  // Fields are assigned in the constructor, not declared with initializers: every model has its own subclass, and
  // V8 defines initialized class fields through a slow path once it has seen many classes (about 1 us a relation).
  declare readonly model: ModelClassLike<T>;
  declare protected readonly query: QueryState;
  declare protected loaded: T[] | null;
  /**
   * Set on relations derived from a collection (AssociationRelation): new/create go through the association, so
   * the record gets the owner's key and inverse and joins the collection's target.
   */
  declare owningAssociation: OwningAssociation | null;

  constructor(model: ModelClassLike<T>, query: QueryState = EMPTY_QUERY) {
    this.model = model;
    this.query = query;
    this.loaded = null;
    this.owningAssociation = null;
    // Relation#extending: the modules' methods on this relation itself (and on each relation spawned from its query).
    for (const methods of query.extending ?? []) {
      for (const [name, fn] of Object.entries(methods)) Object.defineProperty(this, name, { value: fn, configurable: true, writable: true });
    }
  }

  /** The query this relation runs (a collection proxy adds its owner's key here). */
  queryState(): QueryState {
    return this.query;
  }

  get meta(): ModelMeta {
    return metaOf(this.model);
  }

  /** A new relation of this model (its per-model subclass, so scopes stay callable). */
  abstract spawn(query: QueryState): Relation<T>;

  abstract count(columnName?: string): number;

  abstract exists(conditions?: unknown): boolean;

  protected with(patch: Partial<QueryState>): Relation<T> {
    return this.spawn(patchQuery(this.queryState(), patch));
  }

  // ---- loading ------------------------------------------------------------------------------------------
  isLoaded(): boolean {
    return this.loaded !== null;
  }

  /** The records (loaded once). */
  toA(): T[] {
    if (this.loaded === null) this.loaded = this.loadRecords(this.queryState());
    return this.loaded;
  }

  records(): T[] {
    return this.toA();
  }

  toAry(): T[] {
    return this.toA();
  }

  load(): this {
    this.toA();
    return this;
  }

  reload(): this {
    this.loaded = null;
    return this.load();
  }

  reset(): this {
    this.loaded = null;
    return this;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.toA()[Symbol.iterator]();
  }

  // A Ruby block gets the record alone: a Symbol's proc (`map(&:name)`) takes any arguments, and an index
  // handed to it would become the method's argument. Only a function that asks for the index gets it.
  each(fn: (record: T, index: number) => void): this {
    this.toA().forEach((record, index) => (fn.length > 1 ? fn(record, index) : (fn as (record: T) => void)(record)));
    return this;
  }

  map<U>(fn: (record: T, index: number) => U): U[] {
    return this.toA().map((record, index) => (fn.length > 1 ? fn(record, index) : (fn as (record: T) => U)(record)));
  }

  length(): number {
    return this.toA().length;
  }

  /** Loaded: the number of records; otherwise COUNT. */
  size(): number {
    return this.loaded ? this.loaded.length : this.count();
  }

  isEmpty(): boolean {
    return this.loaded ? this.loaded.length === 0 : !this.exists();
  }

  isAny(): boolean {
    return !this.isEmpty();
  }

  /** Relation#blank? (so present? and presence too): `records.blank?`, which loads the records, unlike empty?. */
  isBlank(): boolean {
    return this.toA().length === 0;
  }

  isNone(): boolean {
    return this.isEmpty();
  }

  isMany(): boolean {
    return this.loaded ? this.loaded.length > 1 : limitedCount(this as unknown as Relation<RecordLike>) > 1;
  }

  isOne(): boolean {
    return this.loaded ? this.loaded.length === 1 : limitedCount(this as unknown as Relation<RecordLike>) === 1;
  }

  // ---- SQL -------------------------------------------------------------------------------------------------

  /** The SELECT this relation loads with (binds as `?`). */
  arel(): Sql {
    const q = this.queryState();
    return selectSql(this.meta.tableName, q, this.joinRenderer(), projection(this.meta.tableName, q, this.meta.types));
  }

  toSql(): string {
    const q = this.queryState();
    if (q.none) {
      const { sql, binds } = selectSql(this.meta.tableName, { ...q, where: [{ k: "sql", sql: "1=0", binds: [] }] }, this.joinRenderer(), projection(this.meta.tableName, q, this.meta.types));
      return inlineBinds(sql, binds);
    }
    const { sql, binds } = this.arel();
    return inlineBinds(sql, binds);
  }

  /** This relation as a subquery value (where(id: relation)): its select list, or `column`. */
  subquerySql(defaultColumn: string): SqlFragment {
    const q = this.queryState();
    const select = q.select ? projection(this.meta.tableName, q, this.meta.types) : column(this.meta.tableName, this.meta.types.has(defaultColumn) ? defaultColumn : this.meta.primaryKey);
    return selectSql(this.meta.tableName, q, this.joinRenderer(), select);
  }

  toSqlFragment(): SqlFragment {
    return { sql: this.toSql(), binds: [] };
  }

  joinRenderer(eagerLoad: AssociationTree = []) {
    return (_table: string, q: QueryState, binds: BindValue[]) => joinsSql(this.meta, q, binds, eagerLoad);
  }

  asJson(options?: unknown): unknown[] {
    return this.toA().map((r) => (r as unknown as { asJson(o?: unknown): unknown }).asJson(options));
  }

  /** Runs fn with this relation as the model's current scope (Model.all inside returns it). */
  scoping<R>(fn: () => R): R {
    return withScope(this.model, this as unknown as Relation<RecordLike>, fn);
  }

  loadRecords(query: QueryState): T[] {
    if (isEmptyResult(query)) return [];
    const records = loader
      ? (loader(this as unknown as Relation<RecordLike>, query) as T[])
      : this.run(selectSql(this.meta.tableName, query, this.joinRenderer(), projection(this.meta.tableName, query, this.meta.types)), "Load", query).map((row) => this.model.instantiate(row));
    // AssociationRelation#exec_queries: records read through an association's scope, however chained
    // (`room.messages.ordered.last(5)`), get the owner as their inverse, so `message.room` runs no query.
    const owning = this.owningAssociation;
    if (owning) for (const record of records) owning.setInverseInstance(record);
    return records;
  }

  run(q: Sql, what: string, query: QueryState = this.queryState()): Array<{ [column: string]: unknown }> {
    if (isEmptyResult(query)) return [];
    return connection().select(q.sql, q.binds, `${this.meta.className} ${what}`);
  }
}

// ---- current scope (Model.all under `scoping`) -------------------------------------------------------------

const currentScopes = new Map<object, Relation<RecordLike>>();

/** The scope set for this class or its nearest ancestor (ScopeRegistry.value_for walks up to the base class). */
export function currentScope(model: object): Relation<RecordLike> | undefined {
  for (let c: object | null = model; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const scope = currentScopes.get(c);
    if (scope) return scope;
  }
  return undefined;
}

export function withScope<R>(model: object, relation: Relation<RecordLike> | null, fn: () => R): R {
  const previous = currentScopes.get(model);
  if (relation) currentScopes.set(model, relation);
  else currentScopes.delete(model);
  try {
    return fn();
  } finally {
    if (previous) currentScopes.set(model, previous);
    else currentScopes.delete(model);
  }
}
