// ActiveRecord::Relation -> Relation<T>: an immutable query plus, once loaded, its records (a relation assigned
// in a controller and iterated twice in a view loads once, as in Rails).
//
//   Model.where(title: "x").order(created_at: :desc).limit(2)   Model.where({ title: "x" }).order({ created_at: "desc" }).limit(2)
//   where.not(h) / or(r) / none / merge(r) / joins(:a)           whereNot(h) / or(r) / none() / merge(r) / joins("a")
//   relation.each / to_a / size / any? / many?                   each(fn) / toA() / size() / isAny() / isMany()
//   finders, calculations, batches, bulk writes                  finders.ts, calculations.ts, batches.ts, bulk.ts
// Each model gets a Relation subclass carrying its scopes and class methods (scoping.ts), so
// `Model.active().ordered()` and `room.memberships.visible()` work as in Ruby. Statement names ("User Load",
// "User Count", ...) and SQL text are Rails'.
import type { BindValue } from "../db/connection.js";
import { connection } from "../db/current.js";
import { findEach, findInBatches, inBatches, type BatchOptions } from "./batches.js";
import * as bulk from "./bulk.js";
import * as calc from "./calculations.js";
import * as finders from "./finders.js";
import { joinsSql } from "./joins.js";
import { metaOf, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { targetMeta } from "./reflection.js";
import { column, EMPTY_QUERY, isEmptyResult, projection, selectSql, type AssociationTree, type QueryState, type Sql } from "./query.js";
import { orderings, whereArgs, type Conditions, type OrderArg, type WhereArg } from "./relation-where.js";
import { inlineBinds, type SqlFragment } from "./sanitize.js";
import { invertClause, mergeClause, orClause } from "./where-clause.js";

export type { Conditions, OrderArg, WhereArg } from "./relation-where.js";

type Loader = (relation: Relation<RecordLike>, query: QueryState) => RecordLike[];
let loader: Loader | null = null;

/** associations.ts installs the loader that preloads/eager-loads (a hook keeps this module free of association code). */
export function setLoader(fn: Loader): void {
  loader = fn;
}

const union = <V>(a: V[], b: V[]) => [...a, ...b.filter((x) => !a.includes(x))];

export class Relation<T extends RecordLike> implements Iterable<T> {
  protected loaded: T[] | null = null;

  constructor(
    readonly model: ModelClassLike<T>,
    protected readonly query: QueryState = EMPTY_QUERY,
  ) {}

  /** The query this relation runs (a collection proxy adds its owner's key here). */
  queryState(): QueryState {
    return this.query;
  }

  get meta(): ModelMeta {
    return metaOf(this.model);
  }

  /** A new relation of this model (its per-model subclass, so scopes stay callable). */
  spawn(query: QueryState): Relation<T> {
    const Cls = (this.meta.relationClass as typeof Relation | undefined) ?? Relation;
    return new Cls(this.model, query) as Relation<T>;
  }

  protected with(patch: Partial<QueryState>): Relation<T> {
    return this.spawn({ ...this.queryState(), ...patch });
  }

  // ---- query methods -------------------------------------------------------------------------------------

  all(): Relation<T> {
    return this.spawn(this.queryState());
  }

  where(conditions: WhereArg = {}, ...binds: unknown[]): Relation<T> {
    const q = this.queryState();
    const built = whereArgs(this.meta, this.meta.tableName, conditions, binds);
    return this.with({ where: [...q.where, ...built.predicates], references: union(q.references, built.references) });
  }

  /** where.not(...): one predicate inverted, several as NOT (a AND b). */
  whereNot(conditions: WhereArg, ...binds: unknown[]): Relation<T> {
    const q = this.queryState();
    const built = whereArgs(this.meta, this.meta.tableName, conditions, binds);
    return this.with({ where: [...q.where, ...invertClause(built.predicates)], references: union(q.references, built.references) });
  }

  /** where.missing(:assoc): LEFT OUTER JOIN it and keep rows without one ("t"."id" IS NULL). */
  whereMissing(...names: string[]): Relation<T> {
    let r = this.leftJoins(...names);
    for (const name of names) r = r.where({ [associationTable(this.meta, name)]: { [associationKey(this.meta, name)]: null } });
    return r;
  }

  /** where.associated(:assoc): INNER JOIN it and keep rows with one ("t"."id" IS NOT NULL). */
  whereAssociated(...names: string[]): Relation<T> {
    let r = this.joins(...names);
    for (const name of names) r = r.whereNot({ [associationTable(this.meta, name)]: { [associationKey(this.meta, name)]: null } });
    return r;
  }

  /** rewhere: conditions on these columns replace the existing ones. */
  rewhere(conditions: Conditions): Relation<T> {
    const q = this.queryState();
    const built = whereArgs(this.meta, this.meta.tableName, conditions, []);
    return this.with({ where: mergeClause(q.where, built.predicates) });
  }

  or(other: Relation<T>): Relation<T> {
    const q = this.queryState();
    const o = other.queryState();
    return this.with({ where: orClause(q.where, o.where), references: union(q.references, o.references), none: q.none && o.none });
  }

  none(): Relation<T> {
    return this.with({ none: true });
  }

  order(...args: OrderArg[]): Relation<T> {
    return this.with({ orders: [...this.queryState().orders, ...orderings(this.meta, args)] });
  }

  reorder(...args: OrderArg[]): Relation<T> {
    return this.with({ orders: orderings(this.meta, args) });
  }

  /** unscope(:order / :where / :limit / :offset / :joins / :select / :group). */
  unscope(...kinds: string[]): Relation<T> {
    const reset: Partial<QueryState> = {};
    for (const kind of kinds) {
      const key = ({ order: "orders", where: "where", limit: "limit", offset: "offset", joins: "joins", select: "select", group: "group" } as const)[kind];
      if (key) Object.assign(reset, { [key]: EMPTY_QUERY[key] });
    }
    return this.with(reset);
  }

  limit(n: number | null): Relation<T> {
    return this.with({ limit: n });
  }

  offset(n: number | null): Relation<T> {
    return this.with({ offset: n });
  }

  distinct(value = true): Relation<T> {
    return this.with({ distinct: value });
  }

  select(...columns: string[]): Relation<T> {
    return this.with({ select: [...(this.queryState().select ?? []), ...columns] });
  }

  group(...columns: string[]): Relation<T> {
    const quoted = columns.map((c) => (this.meta.types.has(c) ? column(this.meta.tableName, c) : c));
    return this.with({ group: [...this.queryState().group, ...quoted] });
  }

  joins(...args: Array<string | AssociationTree[number]>): Relation<T> {
    const added = args.map((a) => (typeof a === "string" && /\s/.test(a) ? { kind: "sql" as const, sql: a } : { kind: "inner" as const, tree: [a] }));
    return this.with({ joins: [...this.queryState().joins, ...added] });
  }

  leftJoins(...args: AssociationTree): Relation<T> {
    return this.with({ joins: [...this.queryState().joins, ...args.map((a) => ({ kind: "left" as const, tree: [a] }))] });
  }

  leftOuterJoins(...args: AssociationTree): Relation<T> {
    return this.leftJoins(...args);
  }

  /** includes / preload / eager_load: associations loaded with the records, in batches (preload.ts). */
  includes(...names: AssociationTree): Relation<T> {
    return this.with({ includes: [...this.queryState().includes, ...names] });
  }

  preload(...names: AssociationTree): Relation<T> {
    return this.with({ preload: [...this.queryState().preload, ...names] });
  }

  eagerLoad(...names: AssociationTree): Relation<T> {
    return this.with({ eagerLoad: [...this.queryState().eagerLoad, ...names] });
  }

  references(...tables: string[]): Relation<T> {
    return this.with({ references: union(this.queryState().references, tables) });
  }

  /** merge(other): other's conditions win on the columns they share; joins, orders, includes add up. */
  merge(other: Relation<RecordLike> | null | undefined): Relation<T> {
    if (!other) return this;
    const q = this.queryState();
    const o = other.queryState();
    const sameModel = other.meta.tableName === this.meta.tableName;
    return this.with({
      where: mergeClause(q.where, o.where), orders: [...q.orders, ...o.orders], limit: o.limit ?? q.limit, offset: o.offset ?? q.offset,
      joins: sameModel ? [...q.joins, ...o.joins] : q.joins, references: union(q.references, o.references),
      distinct: q.distinct || o.distinct, none: q.none || o.none, includes: sameModel ? [...q.includes, ...o.includes] : q.includes,
      preload: sameModel ? [...q.preload, ...o.preload] : q.preload, createWith: { ...q.createWith, ...o.createWith },
    });
  }

  /** excluding(records or relations): id != ? / NOT IN, relations by their ids. */
  excluding(...records: unknown[]): Relation<T> {
    const ids = records.flat().flatMap((r) => (r instanceof Relation ? r.ids() : r === null || r === undefined ? [] : [r]));
    return this.whereNot({ [this.meta.primaryKey]: ids });
  }

  without(...records: unknown[]): Relation<T> {
    return this.excluding(...records);
  }

  createWith(attributes: Conditions | null): Relation<T> {
    return this.with({ createWith: attributes ? { ...this.queryState().createWith, ...attributes } : {} });
  }

  /** No-ops here: readonly, strict_loading, lock, extending without modules. */
  readonly(): Relation<T> {
    return this.all();
  }

  strictLoading(): Relation<T> {
    return this.all();
  }

  lock(): Relation<T> {
    return this.all();
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

  each(fn: (record: T, index: number) => void): this {
    this.toA().forEach(fn);
    return this;
  }

  map<U>(fn: (record: T, index: number) => U): U[] {
    return this.toA().map(fn);
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

  isNone(): boolean {
    return this.isEmpty();
  }

  isMany(): boolean {
    return this.loaded ? this.loaded.length > 1 : calc.limitedCount(this) > 1;
  }

  isOne(): boolean {
    return this.loaded ? this.loaded.length === 1 : calc.limitedCount(this) === 1;
  }

  // ---- finders (finders.ts) -----------------------------------------------------------------------------

  find(...ids: unknown[]): T {
    return finders.find(this, ids) as T;
  }

  findBy(conditions: WhereArg, ...binds: unknown[]): T | null {
    return this.where(conditions, ...binds).take() as T | null;
  }

  findByBang(conditions: WhereArg, ...binds: unknown[]): T {
    return this.where(conditions, ...binds).takeBang();
  }

  first(n?: number): T | null | T[] {
    return finders.first(this, n);
  }

  firstBang(): T {
    return finders.orRaise(this, this.first() as T | null);
  }

  last(n?: number): T | null | T[] {
    return finders.last(this, n);
  }

  lastBang(): T {
    return finders.orRaise(this, this.last() as T | null);
  }

  take(n?: number): T | null | T[] {
    return finders.take(this, n);
  }

  takeBang(): T {
    return finders.orRaise(this, this.take() as T | null);
  }

  sole(): T {
    return finders.sole(this);
  }

  findSoleBy(conditions: WhereArg, ...binds: unknown[]): T {
    return this.where(conditions, ...binds).sole();
  }

  exists(conditions?: unknown): boolean {
    return finders.exists(this, conditions);
  }

  // ---- calculations (calculations.ts) -------------------------------------------------------------------

  /** COUNT; on a grouped relation Rails returns a Hash: here a Map (typed number for the common case). */
  count(columnName?: string): number {
    return calc.calculate(this as unknown as Relation<RecordLike>, "count", columnName) as number;
  }

  /** group(...).count as a Map, typed. */
  groupCount(columnName?: string): Map<unknown, number> {
    return calc.calculate(this as unknown as Relation<RecordLike>, "count", columnName) as Map<unknown, number>;
  }

  sum(columnName: string): unknown {
    return calc.calculate(this, "sum", columnName);
  }

  minimum(columnName: string): unknown {
    return calc.calculate(this, "minimum", columnName);
  }

  maximum(columnName: string): unknown {
    return calc.calculate(this, "maximum", columnName);
  }

  average(columnName: string): unknown {
    return calc.calculate(this, "average", columnName);
  }

  pluck(...columns: string[]): unknown[] {
    return calc.pluck(this, columns);
  }

  pick(...columns: string[]): unknown {
    return calc.pick(this, columns);
  }

  ids(): unknown[] {
    return calc.ids(this);
  }

  // ---- batches and writes -------------------------------------------------------------------------------

  findEach(options: BatchOptions | ((record: T) => void), fn?: (record: T) => void): void {
    findEach(this, options, fn);
  }

  findInBatches(options: BatchOptions | ((records: T[]) => void), fn?: (records: T[]) => void): void {
    findInBatches(this, options, fn);
  }

  /** in_batches: `fn` runs per batch before the next is fetched (Rails' order); returns fn's results. */
  inBatches<U = Relation<T>>(options: BatchOptions = {}, fn?: (batch: Relation<T>) => U): U[] {
    return inBatches(this, options, fn);
  }

  /** Attributes the where-hash fixes, then create_with (scope_for_create). */
  scopeAttributes(): Conditions {
    return bulk.scopeForCreate(this);
  }

  build(attributes: Conditions | unknown = {}): T {
    return bulk.build(this, attributes) as T;
  }

  new(attributes: Conditions | unknown = {}): T {
    return this.build(attributes);
  }

  create(attributes: Conditions | unknown = {}): T {
    const record = this.build(attributes);
    record.save();
    return record;
  }

  createBang(attributes: Conditions | unknown = {}): T {
    const record = this.build(attributes);
    (record as unknown as { saveBang(): boolean }).saveBang();
    return record;
  }

  findOrCreateBy(attributes: Conditions): T {
    return this.findBy(attributes) ?? this.create(attributes);
  }

  findOrCreateByBang(attributes: Conditions): T {
    return this.findBy(attributes) ?? this.createBang(attributes);
  }

  findOrInitializeBy(attributes: Conditions): T {
    return this.findBy(attributes) ?? this.build(attributes);
  }

  updateAll(updates: Conditions | string, ...binds: unknown[]): number {
    return bulk.updateAll(this, updates, binds);
  }

  /** One DELETE, no callbacks; returns the number of rows deleted. */
  deleteAll(): number {
    const n = bulk.deleteAll(this);
    this.loaded = null;
    return n;
  }

  /** Loads and destroys each record (callbacks run); returns them. */
  destroyAll(): T[] {
    const records = this.toA();
    for (const r of records) r.destroy();
    this.loaded = null;
    return records;
  }

  deleteBy(conditions: WhereArg, ...binds: unknown[]): number {
    return this.where(conditions, ...binds).deleteAll();
  }

  destroyBy(conditions: WhereArg, ...binds: unknown[]): T[] {
    return this.where(conditions, ...binds).destroyAll();
  }

  touchAll(...names: string[]): number {
    return bulk.touchAll(this as unknown as Relation<RecordLike>, names);
  }

  /** update_counters(c => by, touch:): UPDATE "t" SET "c" = COALESCE("c", 0) + ?[, "updated_at" = ?] ... */
  updateCounters(counters: { [column: string]: number }, touch?: boolean | string): number {
    return bulk.updateCounters(this as unknown as Relation<RecordLike>, counters, touch);
  }

  /** Delegated to the class: Model.transaction. */
  transaction<R>(fn: () => R, options: { requiresNew?: boolean } = {}): R | null {
    return connection().transaction(fn, options);
  }

  insertAll(rows: Conditions[]): Array<{ [column: string]: unknown }> {
    return bulk.insertAll(this, rows);
  }

  // ---- SQL -------------------------------------------------------------------------------------------------

  /** The SELECT this relation loads with (binds as `?`). */
  arel(): Sql {
    const q = this.queryState();
    return selectSql(this.meta.tableName, q, this.joinRenderer(), projection(this.meta.tableName, q, new Set(this.meta.types.keys())));
  }

  toSql(): string {
    const q = this.queryState();
    if (q.none) {
      const { sql, binds } = selectSql(this.meta.tableName, { ...q, where: [{ k: "sql", sql: "1=0", binds: [] }] }, this.joinRenderer(), projection(this.meta.tableName, q, new Set(this.meta.types.keys())));
      return inlineBinds(sql, binds);
    }
    const { sql, binds } = this.arel();
    return inlineBinds(sql, binds);
  }

  /** This relation as a subquery value (where(id: relation)): its select list, or `column`. */
  subquerySql(defaultColumn: string): SqlFragment {
    const q = this.queryState();
    const select = q.select ? projection(this.meta.tableName, q, new Set(this.meta.types.keys())) : column(this.meta.tableName, this.meta.types.has(defaultColumn) ? defaultColumn : this.meta.primaryKey);
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
    if (loader) return loader(this as unknown as Relation<RecordLike>, query) as T[];
    const rows = this.run(selectSql(this.meta.tableName, query, this.joinRenderer(), projection(this.meta.tableName, query, new Set(this.meta.types.keys()))), "Load", query);
    return rows.map((row) => this.model.instantiate(row));
  }

  run(q: Sql, what: string, query: QueryState = this.queryState()): Array<{ [column: string]: unknown }> {
    if (isEmptyResult(query)) return [];
    return connection().select(q.sql, q.binds, `${this.meta.className} ${what}`);
  }
}

function associationTable(meta: ModelMeta, name: string): string {
  const assoc = meta.associations.get(name);
  if (!assoc) throw new Error(`An association named :${name} does not exist on the model \`${meta.className}\`.`);
  return targetMeta(meta, assoc).tableName;
}

function associationKey(meta: ModelMeta, name: string): string {
  return targetMeta(meta, meta.associations.get(name)!).primaryKey;
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
