// ActiveRecord::QueryMethods: the chainable part of a Relation — each call returns a new relation.
//
//   where(h) / where("sql ?", v) / where.not / where.missing / where.associated / rewhere / or / none / merge
//   order / reorder / unscope / limit / offset / distinct / select / group
//   joins(:a, b: :c) / joins("SQL") / left_joins / includes / preload / eager_load / references
//   excluding(records) / create_with(h)
import { mergeClause, invertClause, orClause } from "./where-clause.js";
import { column, EMPTY_QUERY, type AssociationTree, type QueryState } from "./query.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { targetMeta } from "./reflection.js";
import type { Relation } from "./relation.js";
import { RelationCore } from "./relation-core.js";
import { orderings, whereArgs, type Conditions, type OrderArg, type WhereArg } from "./relation-where.js";
import { truthy } from "../ruby/ruby.js";

const union = <V>(a: V[], b: V[]) => [...a, ...b.filter((x) => !a.includes(x))];

export abstract class QueryMethods<T extends RecordLike> extends RelationCore<T> {
  abstract ids(): unknown[];

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

  limit(n: unknown): Relation<T> {
    return this.with({ limit: integerOrNull(n, "limit") });
  }

  offset(n: unknown): Relation<T> {
    return this.with({ offset: integerOrNull(n, "offset") });
  }

  distinct(value = true): Relation<T> {
    return this.with({ distinct: value });
  }

  select(...columns: string[]): Relation<T>;
  select(block: (record: T) => unknown): T[];
  /** select(*columns) narrows the SQL; select { |r| } is Array#select over the loaded records (QueryMethods#select). */
  select(...args: unknown[]): Relation<T> | T[] {
    if (typeof args[0] === "function") {
      const block = args[0] as (record: T) => unknown;
      return (this as unknown as { toA(): T[] }).toA().filter((r) => truthy(block(r)));
    }
    return this.with({ select: [...(this.queryState().select ?? []), ...(args as string[])] });
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
    if (!other) return this as unknown as Relation<T>;
    const q = this.queryState();
    const o = other.queryState();
    const sameModel = other.meta.tableName === this.meta.tableName;
    return this.with({
      where: mergeClause(q.where, o.where), orders: [...q.orders, ...o.orders], limit: o.limit ?? q.limit, offset: o.offset ?? q.offset,
      joins: sameModel ? [...q.joins, ...o.joins] : q.joins, references: union(q.references, o.references),
      distinct: q.distinct || o.distinct, none: q.none || o.none, includes: sameModel ? [...q.includes, ...o.includes] : q.includes,
      preload: sameModel ? [...q.preload, ...o.preload] : q.preload, createWith: { ...q.createWith, ...o.createWith },
      extending: [...q.extending, ...o.extending.filter((e) => !q.extending.includes(e))],
    });
  }

  /** excluding(records or relations): id != ? / NOT IN, relations by their ids. */
  excluding(...records: unknown[]): Relation<T> {
    const ids = records.flat().flatMap((r) => (r instanceof RelationCore ? (r as unknown as Relation<RecordLike>).ids() : r === null || r === undefined ? [] : [r]));
    return this.whereNot({ [this.meta.primaryKey]: ids });
  }

  without(...records: unknown[]): Relation<T> {
    return this.excluding(...records);
  }

  createWith(attributes: Conditions | null): Relation<T> {
    return this.with({ createWith: attributes ? { ...this.queryState().createWith, ...attributes } : {} });
  }

  /** extending(methods...): each relation of the query answers them (a scope's extension block); none: a copy. */
  extending(...modules: Array<Readonly<Record<string, Function>>>): Relation<T> {
    const q = this.queryState();
    return modules.length ? this.with({ extending: [...q.extending, ...modules.filter((m) => !q.extending.includes(m))] }) : this.all();
  }

  /** No-ops here: readonly, strict_loading, lock. */
  readonly(): Relation<T> {
    return this.all();
  }

  strictLoading(): Relation<T> {
    return this.all();
  }

  lock(): Relation<T> {
    return this.all();
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

/** limit/offset values as Rails casts them (ActiveModel::Type::Integer): nil stays nil, "5" is 5. */
function integerOrNull(n: unknown, what: string): number | null {
  if (n === null || n === undefined) return null;
  const value = typeof n === "number" ? n : typeof n === "bigint" ? Number(n) : Number(String(n).trim());
  if (!Number.isFinite(value)) throw new TypeError(`invalid value for ${what}: ${String(n)}`);
  return Math.trunc(value);
}
