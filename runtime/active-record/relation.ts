// ActiveRecord::Relation -> Relation<T>: an immutable query plus, once loaded, its records (a relation assigned
// in a controller and iterated twice in a view loads once, as in Rails).
//
//   Model.where(title: "x").order(created_at: :desc).limit(2)   Model.where({ title: "x" }).order({ created_at: "desc" }).limit(2)
//   where.not(h) / or(r) / none / merge(r) / joins(:a)           whereNot(h) / or(r) / none() / merge(r) / joins("a")
//   relation.each / to_a / size / any? / many?                   each(fn) / toA() / size() / isAny() / isMany()
//   finders, calculations, batches, bulk writes                  here, delegating to finders.ts, calculations.ts, ...
// The class is layered: RelationCore (loading, SQL, scoping) < QueryMethods (chaining) < Relation.
// Each model gets a Relation subclass carrying its scopes and class methods (scoping.ts), so
// `Model.active().ordered()` and `project.assignments.visible()` work as in Ruby. Statement names ("User Load",
// "User Count", ...) and SQL text are Rails'.
import { findEach, findInBatches, inBatches, type BatchOptions } from "./batches.js";
import * as bulk from "./bulk.js";
import * as calc from "./calculations.js";
import * as finders from "./finders.js";
import type { RecordLike } from "./model.js";
import type { QueryState } from "./query.js";
import { connection } from "./connection/current.js";
import { eq } from "../active-support/core-ext/equality.js";
import { inspect } from "../ruby/ruby.js";
import { QueryMethods } from "./relation-query.js";
import type { Conditions, WhereArg } from "./relation-where.js";

export type { Conditions, OrderArg, WhereArg } from "./relation-where.js";
export { currentScope, setLoader, withScope } from "./relation-core.js";

export class Relation<T extends RecordLike> extends QueryMethods<T> {
  /** A new relation of this model (its per-model subclass, so scopes stay callable). */
  spawn(query: QueryState): Relation<T> {
    const Cls = (this.meta.relationClass as typeof Relation | undefined) ?? Relation;
    const relation = new Cls(this.model, query) as Relation<T>;
    relation.owningAssociation = this.owningAssociation;
    return relation;
  }

  /**
   * Relation#==: against an Array, its records; against a relation of an association (a CollectionProxy or an
   * AssociationRelation answers with its records), the records too; two plain relations are == when their SQL is.
   */
  isEqual(other: unknown): boolean {
    if (Array.isArray(other)) return eq(this.toA(), other);
    if (!(other instanceof Relation)) return false;
    if (this.owningAssociation || other.owningAssociation) return eq(this.toA(), other.toA());
    return this.toSql() === other.toSql();
  }

  /**
   * Relation#inspect: `#<ActiveRecord::Relation [#<User ...>, ...]>` (a model's relation class answers its base's
   * name), at most 10 records then "...". An unloaded relation loads at most 11 for it; Rails' statement carries a
   * `/* loading for inspect *\/` annotation this one does not (an inspect is a test's failure message, not a page).
   */
  toRubyInspect(): string {
    const limit = Math.min(this.queryState().limit ?? 11, 11);
    const entries = (this.isLoaded() ? this.toA() : this.limit(limit).toA()).slice(0, limit).map(inspect);
    if (entries.length === 11) entries[10] = "...";
    return `#<ActiveRecord::${this.inspectKind()} [${entries.join(", ")}]>`;
  }

  protected inspectKind(): string {
    return this.owningAssociation ? "AssociationRelation" : "Relation";
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

  /** `exists?` by its Ruby name through dynamic dispatch (send's one naming rule gives isExists). */
  isExists(conditions?: unknown): boolean {
    return this.exists(conditions);
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
    const through = this.owningAssociation;
    if (through) return this.scoping(() => through.create(attributes)) as T;
    const record = this.build(attributes);
    record.save();
    return record;
  }

  createBang(attributes: Conditions | unknown = {}): T {
    const through = this.owningAssociation;
    if (through) return this.scoping(() => through.create(attributes, true)) as T;
    const record = this.build(attributes);
    (record as unknown as { saveBang(): boolean }).saveBang();
    return record;
  }

  /**
   * authenticate_by(attributes), a class method of has_secure_password's models: the relation answers it as the
   * model does with the relation as its scope (`User.active.authenticate_by(...)` finds among active users).
   */
  authenticateBy(attributes: Conditions): T | null {
    const model = this.model as unknown as { authenticateBy(attributes: Conditions): T | null };
    return this.scoping(() => model.authenticateBy(attributes));
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

  /** insert_all(rows): an Array of Hashes (anything else raises NoMethodError as InsertAll's map does). */
  insertAll(rows: unknown, options?: unknown): Array<{ [column: string]: unknown }> {
    return bulk.insertAll(this, rows, options);
  }
}
