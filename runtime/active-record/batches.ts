// ActiveRecord::Batches: find_each / find_in_batches / in_batches, keyed on the primary key as Rails 7.2 does.
//
//   find_each(batch_size: 2)   SELECT ... ORDER BY "t"."id" ASC LIMIT ?, then WHERE "t"."id" > ? ... until a
//                              batch comes back empty or short
//   in_batches(of: 3)          SELECT "t"."id" ... LIMIT ? ("Ids"), each batch yielded as a relation bounded by
//                              id ranges: WHERE "t"."id" <= ?, then "t"."id" > ? AND "t"."id" <= ?
import type { Node } from "./arel.js";
import type { RecordLike } from "./model.js";
import type { Relation } from "./relation.js";

export interface BatchOptions {
  batchSize?: number;
  batch_size?: number;
  of?: number;
  start?: unknown;
  finish?: unknown;
  order?: "asc" | "desc";
}

function sizeOf(options: BatchOptions, fallback = 1000): number {
  return options.batchSize ?? options.batch_size ?? options.of ?? fallback;
}

function bounded<T extends RecordLike>(relation: Relation<T>, options: BatchOptions): Relation<T> {
  const pk = relation.meta.primaryKey;
  let r = relation.reorder({ [pk]: options.order === "desc" ? "desc" : "asc" });
  if (options.start !== undefined) r = r.where({ [pk]: { begin: options.start, end: null, exclusive: false } });
  if (options.finish !== undefined) r = r.where({ [pk]: { begin: null, end: options.finish, exclusive: false } });
  return r;
}

export function findInBatches<T extends RecordLike>(
  relation: Relation<T>, options: BatchOptions | ((records: T[]) => void), fn?: (records: T[]) => void,
): void {
  const opts = typeof options === "function" ? {} : options;
  const each = (typeof options === "function" ? options : fn)!;
  const pk = relation.meta.primaryKey;
  const size = sizeOf(opts);
  const base = bounded(relation, opts);
  const op = opts.order === "desc" ? "<" : ">";
  let batch = base.limit(size).toA();
  while (batch.length > 0) {
    each(batch);
    if (batch.length < size) break;
    const lastId = batch[batch.length - 1]!.readAttribute(pk);
    batch = base.spawn({ ...base.queryState(), where: [...base.queryState().where, idCompare(relation, op, lastId)] }).limit(size).toA();
  }
}

function idCompare<T extends RecordLike>(relation: Relation<T>, op: ">" | "<" | "<=", value: unknown): Node {
  const pk = relation.meta.primaryKey;
  return { k: "cmp" as const, op, attr: { table: relation.meta.tableName, column: pk }, value: relation.meta.types.get(pk)!.serialize(value) };
}

export function findEach<T extends RecordLike>(
  relation: Relation<T>, options: BatchOptions | ((record: T) => void), fn?: (record: T) => void,
): void {
  const opts = typeof options === "function" ? {} : options;
  const each = (typeof options === "function" ? options : fn)!;
  findInBatches(relation, opts, (records) => records.forEach((r) => each(r)));
}

/**
 * in_batches(of:) { |batch| ... } (and .each / .map over it): `fn` runs on each batch before the next one is
 * fetched, as Rails yields them; the results of `fn` are returned. Without `fn`, the batch relations.
 */
export function inBatches<T extends RecordLike, U = Relation<T>>(
  relation: Relation<T>, options: BatchOptions = {}, fn?: (batch: Relation<T>) => U,
): U[] {
  const size = sizeOf(options);
  const base = bounded(relation, options);
  const out: U[] = [];
  let lower: unknown = undefined;
  for (;;) {
    const scoped = lower === undefined ? base : base.spawn({ ...base.queryState(), where: [...base.queryState().where, idCompare(relation, ">", lower)] });
    const ids = scoped.limit(size).ids();
    if (ids.length === 0) break;
    const last = ids[ids.length - 1];
    const batch = relation.spawn({ ...relation.queryState(), where: [...relation.queryState().where, ...(lower === undefined ? [] : [idCompare(relation, ">", lower)]), idCompare(relation, "<=", last)] });
    out.push(fn ? fn(batch) : (batch as unknown as U));
    if (ids.length < size) break;
    lower = last;
  }
  return out;
}
