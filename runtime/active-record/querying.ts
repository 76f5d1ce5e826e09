// ActiveRecord::Querying + naming on the class side: `Model.where(...)`, `Model.find(id)`, `Model.model_name`.
// Every query method starts from Model.all (the current scope inside `scoping`, else a fresh relation with the
// STI condition and default scopes) and hands over to the Relation; Base (record.ts) extends this class.
//
//   Post.all / where / order / limit / includes / joins     Post.all() / where({..}) / order("title") / ...
//   Post.find(id) / find_by(h) / find_by!(h) / first / last Post.find(id) / findBy(h) / findByBang(h) / ...
//   Post.count / sum(:x) / pluck / pick / ids / exists?      count() / sum("x") / pluck("a") / ...
//   Post.new(h) / create(h) / create!(h) / find_or_create_by Post.build(h) / create(h) / createBang(h) / ...
//   User.authenticate_by(email:, password:)                     User.authenticateBy({ email, password })
import { APP_CLASS } from "../ruby/app-class.js";
import { isBlank } from "../ruby/ruby.js";
import type { Connection } from "./connection/connection.js";
import { connection } from "./connection/current.js";
import type { Attributes } from "./record.js";
import { sanitizeSqlArray } from "./sanitize.js";
import type { BatchOptions } from "./batches.js";
import { humanAttributeName } from "./meta.js";
import type { ModelName } from "../active-model/model-name.js";
import { findMeta, metaOf, type ModelClassLike, type RecordLike } from "./model.js";
import type { AssociationTree } from "./query.js";
import type { Conditions, OrderArg, Relation, WhereArg } from "./relation.js";
import { allOf, baseRelation } from "./scoping.js";

// Attributes arrive as whatever the caller had (a Hash, Parameters, an untyped value); assign_attributes checks.
type Constructor<T> = new (attributes?: unknown) => T;

function all<T extends RecordLike>(cls: Constructor<T>): Relation<T> {
  return allOf(cls as unknown as ModelClassLike<T>);
}

export class Querying {
  static readonly [APP_CLASS] = true;

  static get modelName(): ModelName {
    return metaOf(this).modelName;
  }

  static get tableName(): string {
    return metaOf(this).tableName;
  }

  static get primaryKey(): string {
    return metaOf(this).primaryKey;
  }

  static columnNames(): string[] {
    return metaOf(this).columns.map((c) => c.name);
  }

  static humanAttributeName(attribute: string): string {
    return humanAttributeName(findMeta(this)?.descriptor ?? { name: this.name }, attribute);
  }

  /** Model.connection (the database connection: execute / select). */
  static get connection(): Connection {
    return connection();
  }

  /**
   * sanitize_sql (sanitize_sql_for_conditions): nil for a blank condition, an Array's statement with its values
   * quoted inline, anything else as it is (`sanitize_sql("raw")`, a Hash).
   */
  static sanitizeSql(input: [string, ...unknown[]]): string;
  static sanitizeSql(input: unknown): unknown;
  static sanitizeSql(input: unknown): unknown {
    if (isBlank(input)) return null;
    if (Array.isArray(input)) return sanitizeSqlArray(String(input[0]), input.slice(1));
    return input;
  }

  static sanitizeSqlArray(input: unknown[]): string {
    return sanitizeSqlArray(String(input[0]), input.slice(1));
  }

  static build<T extends RecordLike>(this: Constructor<T>, attributes?: unknown): T {
    return new this(attributes);
  }

  static all<T extends RecordLike>(this: Constructor<T>): Relation<T> {
    return all(this);
  }

  /** Model.unscoped: no default scopes, no current scope (the STI condition stays). */
  static unscoped<T extends RecordLike>(this: Constructor<T>): Relation<T> {
    return baseRelation(this as unknown as ModelClassLike<T>, false);
  }

  static whereMissing<T extends RecordLike>(this: Constructor<T>, ...names: string[]): Relation<T> {
    return all(this).whereMissing(...names);
  }

  static whereAssociated<T extends RecordLike>(this: Constructor<T>, ...names: string[]): Relation<T> {
    return all(this).whereAssociated(...names);
  }

  static where<T extends RecordLike>(this: Constructor<T>, conditions?: WhereArg, ...binds: unknown[]): Relation<T> {
    return all(this).where(conditions, ...binds);
  }

  static whereNot<T extends RecordLike>(this: Constructor<T>, conditions: WhereArg, ...binds: unknown[]): Relation<T> {
    return all(this).whereNot(conditions, ...binds);
  }

  static none<T extends RecordLike>(this: Constructor<T>): Relation<T> {
    return all(this).none();
  }

  static order<T extends RecordLike>(this: Constructor<T>, ...args: OrderArg[]): Relation<T> {
    return all(this).order(...args);
  }

  static reorder<T extends RecordLike>(this: Constructor<T>, ...args: OrderArg[]): Relation<T> {
    return all(this).reorder(...args);
  }

  static limit<T extends RecordLike>(this: Constructor<T>, n: number | null): Relation<T> {
    return all(this).limit(n);
  }

  static offset<T extends RecordLike>(this: Constructor<T>, n: number | null): Relation<T> {
    return all(this).offset(n);
  }

  static distinct<T extends RecordLike>(this: Constructor<T>): Relation<T> {
    return all(this).distinct();
  }

  static select<T extends RecordLike>(this: Constructor<T>, ...columns: string[]): Relation<T> {
    return all(this).select(...columns);
  }

  static group<T extends RecordLike>(this: Constructor<T>, ...columns: string[]): Relation<T> {
    return all(this).group(...columns);
  }

  static joins<T extends RecordLike>(this: Constructor<T>, ...args: AssociationTree): Relation<T> {
    return all(this).joins(...args);
  }

  static leftJoins<T extends RecordLike>(this: Constructor<T>, ...args: AssociationTree): Relation<T> {
    return all(this).leftJoins(...args);
  }

  static leftOuterJoins<T extends RecordLike>(this: Constructor<T>, ...args: AssociationTree): Relation<T> {
    return all(this).leftJoins(...args);
  }

  static includes<T extends RecordLike>(this: Constructor<T>, ...names: AssociationTree): Relation<T> {
    return all(this).includes(...names);
  }

  static preload<T extends RecordLike>(this: Constructor<T>, ...names: AssociationTree): Relation<T> {
    return all(this).preload(...names);
  }

  static eagerLoad<T extends RecordLike>(this: Constructor<T>, ...names: AssociationTree): Relation<T> {
    return all(this).eagerLoad(...names);
  }

  static merge<T extends RecordLike>(this: Constructor<T>, other: Relation<RecordLike>): Relation<T> {
    return all(this).merge(other);
  }

  static excluding<T extends RecordLike>(this: Constructor<T>, ...records: unknown[]): Relation<T> {
    return all(this).excluding(...records);
  }

  static createWith<T extends RecordLike>(this: Constructor<T>, attributes: Conditions | null): Relation<T> {
    return all(this).createWith(attributes);
  }

  static find<T extends RecordLike>(this: Constructor<T>, ...ids: unknown[]): T {
    return all(this).find(...ids);
  }

  static findBy<T extends RecordLike>(this: Constructor<T>, conditions: WhereArg, ...binds: unknown[]): T | null {
    return all(this).findBy(conditions, ...binds);
  }

  static findByBang<T extends RecordLike>(this: Constructor<T>, conditions: WhereArg, ...binds: unknown[]): T {
    return all(this).findByBang(conditions, ...binds);
  }

  static findSoleBy<T extends RecordLike>(this: Constructor<T>, conditions: WhereArg, ...binds: unknown[]): T {
    return all(this).findSoleBy(conditions, ...binds);
  }

  static first<T extends RecordLike>(this: Constructor<T>): T | null {
    return all(this).first() as T | null;
  }

  static firstBang<T extends RecordLike>(this: Constructor<T>): T {
    return all(this).firstBang();
  }

  static last<T extends RecordLike>(this: Constructor<T>): T | null {
    return all(this).last() as T | null;
  }

  static lastBang<T extends RecordLike>(this: Constructor<T>): T {
    return all(this).lastBang();
  }

  static take<T extends RecordLike>(this: Constructor<T>): T | null {
    return all(this).take() as T | null;
  }

  static count(this: Constructor<RecordLike>, columnName?: string): number {
    return all(this).count(columnName);
  }

  static sum(this: Constructor<RecordLike>, columnName: string): unknown {
    return all(this).sum(columnName);
  }

  static minimum(this: Constructor<RecordLike>, columnName: string): unknown {
    return all(this).minimum(columnName);
  }

  static maximum(this: Constructor<RecordLike>, columnName: string): unknown {
    return all(this).maximum(columnName);
  }

  static average(this: Constructor<RecordLike>, columnName: string): unknown {
    return all(this).average(columnName);
  }

  static exists(this: Constructor<RecordLike>, conditions?: unknown): boolean {
    return all(this).exists(conditions);
  }

  static isExists(this: Constructor<RecordLike>, conditions?: unknown): boolean {
    return all(this).exists(conditions);
  }

  static isAny(this: Constructor<RecordLike>): boolean {
    return all(this).isAny();
  }

  static isNone(this: Constructor<RecordLike>): boolean {
    return all(this).isNone();
  }

  static isEmpty(this: Constructor<RecordLike>): boolean {
    return all(this).isEmpty();
  }

  static isMany(this: Constructor<RecordLike>): boolean {
    return all(this).isMany();
  }

  static isOne(this: Constructor<RecordLike>): boolean {
    return all(this).isOne();
  }

  static without<T extends RecordLike>(this: Constructor<T>, ...records: unknown[]): Relation<T> {
    return all(this).excluding(...records);
  }

  static pluck(this: Constructor<RecordLike>, ...columns: string[]): unknown[] {
    return all(this).pluck(...columns);
  }

  static pick(this: Constructor<RecordLike>, ...columns: string[]): unknown {
    return all(this).pick(...columns);
  }

  static ids(this: Constructor<RecordLike>): unknown[] {
    return all(this).ids();
  }

  static findEach<T extends RecordLike>(this: Constructor<T>, options: BatchOptions | ((r: T) => void), fn?: (r: T) => void): void {
    all(this).findEach(options, fn);
  }

  static inBatches<T extends RecordLike, U = Relation<T>>(this: Constructor<T>, options: BatchOptions = {}, fn?: (batch: Relation<T>) => U): U[] {
    return all(this).inBatches(options, fn);
  }

  static create<T extends RecordLike>(this: Constructor<T>, attributes?: unknown): T {
    return all(this).create(attributes);
  }

  static createBang<T extends RecordLike>(this: Constructor<T>, attributes?: unknown): T {
    return all(this).createBang(attributes);
  }

  static findOrCreateBy<T extends RecordLike>(this: Constructor<T>, attributes: Conditions): T {
    return all(this).findOrCreateBy(attributes);
  }

  static findOrCreateByBang<T extends RecordLike>(this: Constructor<T>, attributes: Conditions): T {
    return all(this).findOrCreateByBang(attributes);
  }

  static findOrInitializeBy<T extends RecordLike>(this: Constructor<T>, attributes: Conditions): T {
    return all(this).findOrInitializeBy(attributes);
  }

  static updateAll(this: Constructor<RecordLike>, updates: Conditions | string, ...binds: unknown[]): number {
    return all(this).updateAll(updates, ...binds);
  }

  static deleteAll(this: Constructor<RecordLike>): number {
    return all(this).deleteAll();
  }

  static destroyAll<T extends RecordLike>(this: Constructor<T>): T[] {
    return all(this).destroyAll();
  }

  static deleteBy(this: Constructor<RecordLike>, conditions: WhereArg, ...binds: unknown[]): number {
    return all(this).deleteBy(conditions, ...binds);
  }

  static destroyBy<T extends RecordLike>(this: Constructor<T>, conditions: WhereArg, ...binds: unknown[]): T[] {
    return all(this).destroyBy(conditions, ...binds);
  }

  static insertAll(this: Constructor<RecordLike>, rows: unknown, options?: unknown): Array<{ [column: string]: unknown }> {
    return all(this).insertAll(rows, options);
  }

  static touchAll(this: Constructor<RecordLike>, ...names: string[]): number {
    return all(this).touchAll(...names);
  }

  /** update_counters(id, counter => by, touch:): UPDATE ... SET "c" = COALESCE("c", 0) + ? ... */
  static updateCounters(this: Constructor<RecordLike>, id: unknown, counters: { [column: string]: number }, touch?: boolean | string): number {
    return all(this).where({ [metaOf(this).primaryKey]: id }).updateCounters(counters, touch);
  }

  static incrementCounter(this: Constructor<RecordLike>, column: string, id: unknown, options: { by?: number; touch?: boolean | string } = {}): number {
    return all(this).where({ [metaOf(this).primaryKey]: id }).updateCounters({ [column]: options.by ?? 1 }, options.touch);
  }

  static decrementCounter(this: Constructor<RecordLike>, column: string, id: unknown, options: { by?: number; touch?: boolean | string } = {}): number {
    return all(this).where({ [metaOf(this).primaryKey]: id }).updateCounters({ [column]: -(options.by ?? 1) }, options.touch);
  }

  /** authenticate_by(email:, password:): the record when every password matches; nil (after hashing) otherwise. */
  static authenticateBy<T extends RecordLike>(this: Constructor<T>, attributes: Conditions): T | null {
    const passwords = metaOf(this).securePasswords ?? [];
    const given = Object.entries(attributes).filter(([k]) => passwords.includes(k));
    const identifiers = Object.fromEntries(Object.entries(attributes).filter(([k]) => !passwords.includes(k)));
    if (given.length === 0) throw new Error("One or more password arguments are required");
    if (Object.keys(identifiers).length === 0) throw new Error("One or more finder arguments are required");
    if (given.some(([, v]) => v === null || v === undefined || v === "")) return null;
    const record = all(this).findBy(identifiers) as (T & { [k: string]: unknown }) | null;
    if (!record) {
      new this(Object.fromEntries(given)); // hashes anyway, so a missing user takes as long as a wrong password
      return null;
    }
    const ok = given.every(([k, v]) => (record[`authenticate${k.charAt(0).toUpperCase()}${k.slice(1)}`] as (p: unknown) => unknown).call(record, v));
    return ok ? record : null;
  }
}
