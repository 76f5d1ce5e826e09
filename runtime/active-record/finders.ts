// ActiveRecord::FinderMethods: find / first / last / take / sole / exists?, with Rails' queries and messages.
//
//   find(1) / find("1")             WHERE "t"."id" = ? LIMIT ?            Couldn't find User with 'id'=1 [WHERE ...]
//   find([3, 1]) / find(3, 1)       WHERE "t"."id" IN (?, ?), in the order asked for
//   first / first(2)                ORDER BY "t"."id" ASC LIMIT ?  (the relation's own order when it has one)
//   last / last(2)                  the order reversed, results reversed back; loads all with limit/offset
//   take                            LIMIT ? without ORDER BY          exists?(id | hash)   SELECT 1 AS one ... LIMIT ?
// A loaded relation answers first/last/take from its records.
import { pluralize } from "../active-support/inflector.js";
import { inspect } from "../ruby/ruby.js";
import { RecordNotFound } from "./exceptions.js";
import type { RecordLike } from "./model.js";
import { existsSql, patchQuery, reverseOrders, type Ordering, type QueryState } from "./query.js";
import type { Relation } from "./relation.js";
import { whereSql } from "./where-clause.js";

type R = Relation<RecordLike>;

/** " [WHERE ...]" for error messages (binds shown as `?`). */
export function conditionsSuffix(relation: R): string {
  const q = relation.queryState();
  return q.where.length ? ` [${whereSql(q.where, []).slice(1)}]` : "";
}

/** raise_record_not_found_exception! without ids: "Couldn't find User" (+ " with [WHERE ...]"). */
export function orRaise<T>(relation: Relation<RecordLike>, record: T | null): T {
  if (record) return record;
  const name = relation.meta.className;
  const suffix = conditionsSuffix(relation);
  throw new RecordNotFound(`Couldn't find ${name}${suffix ? ` with${suffix}` : ""}`, name, relation.meta.primaryKey);
}

export function find(relation: R, args: unknown[]): RecordLike | RecordLike[] {
  const pk = relation.meta.primaryKey;
  const many = args.length !== 1 || Array.isArray(args[0]);
  const ids = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (!many) {
    const record = relation.where({ [pk]: ids[0] }).take() as RecordLike | null;
    if (record) return record;
    const name = relation.meta.className;
    throw new RecordNotFound(`Couldn't find ${name} with '${pk}'=${inspect(ids[0])}${conditionsSuffix(relation)}`, name, pk, ids[0]);
  }
  return findSome(relation, ids);
}

function findSome(relation: R, ids: unknown[]): RecordLike[] {
  const pk = relation.meta.primaryKey;
  if (ids.length === 0) return [];
  const records = relation.where({ [pk]: ids }).toA();
  const wanted = [...new Set(ids.map(String))];
  if (records.length === wanted.length) {
    if (relation.queryState().orders.length) return records;
    // find_some_ordered: the records in the order the ids were given.
    return wanted.map((id) => records.find((r) => String(r.readAttribute(pk)) === id)!);
  }
  const name = relation.meta.className;
  const found = `(found ${records.length} results, but was looking for ${wanted.length}).`;
  const msg = `Couldn't find all ${pluralize(name)} with '${pk}': (${ids.map(inspect).join(", ")})${conditionsSuffix(relation)} ${found}`;
  throw new RecordNotFound(msg, name, pk, ids);
}

function ordered(relation: R): Ordering[] {
  const q = relation.queryState();
  return q.orders.length ? q.orders : [{ kind: "column", table: relation.meta.tableName, column: relation.meta.primaryKey, direction: "ASC" }];
}

function load(relation: R, patch: Partial<QueryState>): RecordLike[] {
  return relation.spawn(patchQuery(relation.queryState(), patch)).toA();
}

export function first<T extends RecordLike>(relation: Relation<T>, n?: number): T | null | T[] {
  const r = relation as unknown as R;
  if (relation.isLoaded()) {
    const all = relation.toA();
    return n === undefined ? (all[0] ?? null) : all.slice(0, n);
  }
  const q = r.queryState();
  let limit = n ?? 1;
  if (q.limit !== null) limit = Math.min(q.limit, limit);
  const records = limit > 0 ? (load(r, { orders: ordered(r), limit }) as T[]) : [];
  return n === undefined ? (records[0] ?? null) : records;
}

export function last<T extends RecordLike>(relation: Relation<T>, n?: number): T | null | T[] {
  const r = relation as unknown as R;
  const q = r.queryState();
  if (relation.isLoaded() || q.limit !== null || q.offset !== null) {
    const all = relation.toA();
    return n === undefined ? (all[all.length - 1] ?? null) : all.slice(Math.max(0, all.length - n));
  }
  const records = load(r, { orders: reverseOrders(q.orders, r.meta.tableName, r.meta.primaryKey), limit: n ?? 1 }) as T[];
  return n === undefined ? (records[0] ?? null) : records.reverse();
}

export function take<T extends RecordLike>(relation: Relation<T>, n?: number): T | null | T[] {
  if (relation.isLoaded()) {
    const all = relation.toA();
    return n === undefined ? (all[0] ?? null) : all.slice(0, n);
  }
  const records = load(relation as unknown as R, { limit: n ?? 1 }) as T[];
  return n === undefined ? (records[0] ?? null) : records;
}

/** sole: exactly one record, else RecordNotFound / SoleRecordExceeded. */
export function sole<T extends RecordLike>(relation: Relation<T>): T {
  const found = take(relation, 2) as T[];
  if (found.length === 0) return orRaise(relation as unknown as R, null) as unknown as T;
  if (found.length > 1) throw Object.assign(new Error(`Wanted only one ${relation.meta.className}`), { name: "SoleRecordExceeded" });
  return found[0]!;
}

export function exists(relation: R, conditions?: unknown): boolean {
  if (conditions === false || relation.queryState().limit === 0) return false;
  let r = relation;
  if (conditions !== undefined && conditions !== null) {
    // Hashes and arrays are conditions; anything else (a string too) is an id.
    r = typeof conditions === "object" ? relation.where(conditions as never) : relation.where({ [relation.meta.primaryKey]: conditions });
  }
  const q = r.queryState();
  return r.run(existsSql(r.meta.tableName, q, r.joinRenderer()), "Exists?", q).length > 0;
}
