// ActiveRecord::Relation -> Relation<T>: an immutable query plus, once loaded, its records (a relation assigned
// in a controller and iterated twice in a view loads once, as in Rails).
//
//   Model.where(title: "x").order(created_at: :desc).limit(2)   Model.where({ title: "x" }).order({ created_at: "desc" }).limit(2)
//   relation.each / to_a / first / last / count / size          each(r) / r.toA() / r.first() / r.last() / r.count() / r.size()
//   relation.any? / empty? / exists? / pluck(:a) / ids          r.isAny() / r.isEmpty() / r.exists() / r.pluck("a") / r.ids()
//   relation.find(id) / find_by(h) / find_by!(h)                r.find(id) / r.findBy(h) / r.findByBang(h)
//   relation.build / create / create! (where-hash as defaults)  r.build(h) / r.create(h) / r.createBang(h)
// Names ("Project Load", "Project Count", ...) and SQL text are Rails'; see query.ts.
import type { BindValue } from "../db/connection.js";
import { connection } from "../db/current.js";
import { pluralize } from "../support/inflector.js";
import { inspect } from "../support/ruby.js";
import { RecordNotFound } from "./exceptions.js";
import { isRecord, metaOf, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import {
  countSql, deleteSql, EMPTY_QUERY, existsSql, isContradiction, pluckSql, reverseOrders, selectSql, whereSql, type Ordering, type Predicate,
  type QueryState, type Sql,
} from "./query.js";

export type Conditions = { [attribute: string]: unknown };
export type OrderArg = string | { [column: string]: string };

type Preloader = (records: RecordLike[], names: string[]) => void;
let preloader: Preloader | null = null;

/** associations.ts installs batch preloading here (kept as a hook so this module imports no association code). */
export function setPreloader(fn: Preloader): void {
  preloader = fn;
}

/** ActiveModel::Type#serialize as a where-clause bind: integer columns bind nil for non-numeric strings. */
export function queryValue(meta: ModelMeta, column: string, value: unknown): BindValue {
  const type = meta.types.get(column);
  if (!type) throw new Error(`no such column: ${meta.tableName}.${column}`);
  if (isRecord(value)) value = value.readAttribute(metaOf(value.constructor).primaryKey);
  const numeric = meta.columns.find((c) => c.name === column)?.type;
  if ((numeric === "integer" || numeric === "bigint") && typeof value === "string" && !/^\s*[+-]?\d/.test(value)) return null;
  return type.serialize(type.cast(value));
}

/** One hash condition -> a predicate; a belongs_to name stands for its foreign key (`where(project: p)`). */
function predicateFor(meta: ModelMeta, key: string, value: unknown): Predicate {
  const association = meta.associations.get(key);
  const column = association?.kind === "belongs_to" ? association.foreignKey : key;
  if (value === null || value === undefined) return { kind: "null", column };
  // Rails' ArrayHandler: one element is an equality, none is 1=0.
  if (Array.isArray(value) && value.length === 1) return predicateFor(meta, key, value[0]);
  if (Array.isArray(value)) return { kind: "in", column, values: value.map((v) => queryValue(meta, column, v)) };
  return { kind: "eq", column, value: queryValue(meta, column, value) };
}

export class Relation<T extends RecordLike> implements Iterable<T> {
  protected loaded: T[] | null = null;
  protected includeNames: string[] = [];

  constructor(
    readonly model: ModelClassLike<T>,
    protected readonly query: QueryState = EMPTY_QUERY,
  ) {}

  /** The query this relation runs (a collection proxy adds its owner's foreign key here). */
  protected q(): QueryState {
    return this.query;
  }

  protected get meta(): ModelMeta {
    return metaOf(this.model);
  }

  /** A new relation with this one's query changed; subclasses (collection proxies) return plain relations. */
  protected spawn(query: QueryState): Relation<T> {
    const r = new Relation(this.model, query);
    r.includeNames = this.includeNames;
    return r;
  }

  all(): Relation<T> {
    return this.spawn(this.q());
  }

  where(conditions: Conditions | string = {}, ...binds: BindValue[]): Relation<T> {
    const added: Predicate[] =
      typeof conditions === "string"
        ? [{ kind: "sql", sql: conditions, binds }]
        : Object.entries(conditions).map(([k, v]) => predicateFor(this.meta, k, v));
    return this.spawn({ ...this.q(), predicates: [...this.q().predicates, ...added] });
  }

  /** `where.not(hash)`. */
  whereNot(conditions: Conditions): Relation<T> {
    const added = Object.entries(conditions).map(([k, v]): Predicate => ({ kind: "not", inner: predicateFor(this.meta, k, v) }));
    return this.spawn({ ...this.q(), predicates: [...this.q().predicates, ...added] });
  }

  /** Symbols and hashes name columns; a string that is not a bare column name is raw SQL. */
  order(...args: OrderArg[]): Relation<T> {
    const orders: Ordering[] = args.flatMap((arg): Ordering[] => {
      if (typeof arg === "string") {
        return this.meta.types.has(arg) ? [{ kind: "column", column: arg, direction: "ASC" }] : [{ kind: "sql", sql: arg }];
      }
      return Object.entries(arg).map(([column, dir]) => ({ kind: "column", column, direction: dir.toUpperCase() === "DESC" ? "DESC" : "ASC" }));
    });
    return this.spawn({ ...this.q(), orders: [...this.q().orders, ...orders] });
  }

  reorder(...args: OrderArg[]): Relation<T> {
    return this.spawn({ ...this.q(), orders: [] }).order(...args);
  }

  limit(n: number | null): Relation<T> {
    return this.spawn({ ...this.q(), limit: n });
  }

  offset(n: number | null): Relation<T> {
    return this.spawn({ ...this.q(), offset: n });
  }

  /** `includes` / `preload`: associations loaded for all records in one query each, after the records. */
  includes(...names: string[]): Relation<T> {
    const r = this.spawn(this.q());
    r.includeNames = [...this.includeNames, ...names];
    return r;
  }

  preload(...names: string[]): Relation<T> {
    return this.includes(...names);
  }

  isLoaded(): boolean {
    return this.loaded !== null;
  }

  /** The records (loaded once). */
  toA(): T[] {
    if (this.loaded === null) this.loaded = this.loadRecords(this.q());
    return this.loaded;
  }

  load(): this {
    this.toA();
    return this;
  }

  reload(): this {
    this.loaded = null;
    return this.load();
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

  first(n?: number): T | null | T[] {
    const byKey: Ordering[] = [{ kind: "column", column: this.meta.primaryKey, direction: "ASC" }];
    return this.nth(n, this.q().orders.length ? this.q().orders : byKey, false);
  }

  last(n?: number): T | null | T[] {
    return this.nth(n, reverseOrders(this.q().orders, this.meta.primaryKey), true);
  }

  take(n?: number): T | null | T[] {
    if (this.loaded) return n === undefined ? (this.loaded[0] ?? null) : this.loaded.slice(0, n);
    const records = this.loadRecords({ ...this.q(), limit: n ?? 1 });
    return n === undefined ? (records[0] ?? null) : records;
  }

  private nth(n: number | undefined, orders: Ordering[], fromEnd: boolean): T | null | T[] {
    if (this.loaded) {
      const all = this.loaded;
      if (n === undefined) return (fromEnd ? all[all.length - 1] : all[0]) ?? null;
      return fromEnd ? all.slice(Math.max(0, all.length - n)) : all.slice(0, n);
    }
    const records = this.loadRecords({ ...this.q(), orders, limit: n ?? 1 });
    if (n === undefined) return records[0] ?? null;
    return fromEnd ? records.reverse() : records;
  }

  find(...ids: unknown[]): T {
    const list = ids.length === 1 && Array.isArray(ids[0]) ? (ids[0] as unknown[]) : ids;
    const pk = this.meta.primaryKey;
    if (list.length !== 1 || Array.isArray(ids[0])) return this.findMany(list) as unknown as T;
    const record = this.where({ [pk]: list[0] }).take() as T | null;
    if (!record) throw this.notFound(`'${pk}'=${inspect(list[0])}`, list[0]);
    return record;
  }

  private findMany(ids: unknown[]): T[] {
    const pk = this.meta.primaryKey;
    const records = this.where({ [pk]: ids }).toA();
    if (records.length === new Set(ids.map(String)).size) return records;
    const name = this.meta.className;
    const found = `(found ${records.length} results, but was looking for ${ids.length}).`;
    const msg = `Couldn't find all ${pluralize(name)} with '${pk}': (${ids.map(inspect).join(", ")})${this.conditionsSuffix()} ${found}`;
    throw new RecordNotFound(msg, name, pk, ids);
  }

  findBy(conditions: Conditions): T | null {
    return this.where(conditions).take() as T | null;
  }

  findByBang(conditions: Conditions): T {
    const relation = this.where(conditions);
    const record = relation.take() as T | null;
    if (record) return record;
    throw new RecordNotFound(`Couldn't find ${this.meta.className} with${relation.conditionsSuffix()}`, this.meta.className, this.meta.primaryKey);
  }

  protected conditionsSuffix(): string {
    return this.q().predicates.length ? ` [${whereSql(this.meta.tableName, this.q(), []).slice(1)}]` : "";
  }

  private notFound(what: string, id: unknown): RecordNotFound {
    const name = this.meta.className;
    return new RecordNotFound(`Couldn't find ${name} with ${what}${this.conditionsSuffix()}`, name, this.meta.primaryKey, id);
  }

  count(): number {
    return Number(this.run(countSql(this.meta.tableName, this.q()), "Count")[0]?.["COUNT(*)"] ?? 0);
  }

  /** Loaded: the number of records; otherwise COUNT. */
  size(): number {
    return this.loaded ? this.loaded.length : this.count();
  }

  length(): number {
    return this.toA().length;
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

  exists(conditions?: Conditions | number | string): boolean {
    if (conditions !== undefined && conditions !== null && typeof conditions !== "object") {
      return this.where({ [this.meta.primaryKey]: conditions }).exists();
    }
    const relation = conditions ? this.where(conditions) : this;
    return relation.run(existsSql(this.meta.tableName, relation.q()), "Exists?", relation.q()).length > 0;
  }

  pluck(...columns: string[]): unknown[] {
    const rows = this.run(pluckSql(this.meta.tableName, this.q(), columns), "Pluck");
    const values = rows.map((row) => columns.map((c) => this.meta.types.get(c)!.deserialize(row[c] ?? null)));
    return columns.length === 1 ? values.map((v) => v[0]) : values;
  }

  ids(): unknown[] {
    const pk = this.meta.primaryKey;
    return this.run(pluckSql(this.meta.tableName, this.q(), [pk]), "Ids").map((row) => row[pk]);
  }

  /** Attributes the where-hash fixes (`where(a: 1).build` sets a = 1), as Rails' scope_for_create. */
  scopeAttributes(): Conditions {
    const out: Conditions = {};
    for (const p of this.q().predicates) if (p.kind === "eq") out[p.column] = p.value;
    return out;
  }

  build(attributes: Conditions = {}): T {
    const record = new this.model(this.scopeAttributes());
    assign(record, attributes);
    return record;
  }

  create(attributes: Conditions = {}): T {
    const record = this.build(attributes);
    record.save();
    return record;
  }

  createBang(attributes: Conditions = {}): T {
    const record = this.build(attributes);
    (record as unknown as { saveBang(): boolean }).saveBang();
    return record;
  }

  /** Loads and destroys each record (callbacks run); returns them. */
  destroyAll(): T[] {
    const records = this.toA();
    for (const r of records) r.destroy();
    this.loaded = null;
    return records;
  }

  /** One DELETE, no callbacks; returns the number of rows deleted. */
  deleteAll(): number {
    const { sql, binds } = deleteSql(this.meta.tableName, this.q());
    this.loaded = null;
    return connection().execute(sql, binds, `${this.meta.className} Delete All`);
  }

  toSql(): Sql {
    return selectSql(this.meta.tableName, this.q());
  }

  asJson(): unknown[] {
    return this.toA().map((r) => (r as unknown as { asJson(): unknown }).asJson());
  }

  protected loadRecords(query: QueryState): T[] {
    const rows = this.run(selectSql(this.meta.tableName, query), "Load", query);
    const records = rows.map((row) => this.model.instantiate(row));
    if (this.includeNames.length && records.length && preloader) preloader(records, this.includeNames);
    return records;
  }

  protected run(q: Sql, what: string, query: QueryState = this.q()): Array<{ [column: string]: unknown }> {
    if (isContradiction(query)) return [];
    return connection().select(q.sql, q.binds, `${this.meta.className} ${what}`);
  }
}

function assign(record: RecordLike, attributes: Conditions): void {
  (record as unknown as { assignAttributes(a: Conditions): void }).assignAttributes(attributes);
}
