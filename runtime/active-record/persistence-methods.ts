// The Persistence methods that write without the save lifecycle, and `becomes`, as Rails 7.2 runs them:
//
//   record.update_columns(a: 1) / update_column   UPDATE "t" SET "a" = ? WHERE "t"."id" = ?  (no callbacks,
//                                                 validations, timestamps or transaction; "X Update")
//   record.increment!(:n, by, touch:)             UPDATE "t" SET "n" = COALESCE("n", 0) + ?[, "updated_at" = ?]
//                                                 WHERE "t"."id" = ?  ("X Update All"); touch: runs after_touch
//   record.increment(:n) / decrement / toggle     in memory only; toggle! saves through update_attribute
//   record.delete                                 DELETE ... ("X Destroy"), no callbacks
//   record.becomes(Klass)                         the same attribute set, seen as Klass
import { connection } from "./connection/current.js";
import { quoteName } from "./connection/schema.js";
import { runCallbacks } from "./callbacks.js";
import { metaOf, type ModelClassLike, type RecordLike } from "./model.js";
import { column } from "./query.js";
import { deleteRecord, updateRecord } from "./persistence.js";
import { currentTime } from "../active-support/time.js";
import { withTransactionReturningStatus, type TransactionalRecord } from "./transaction-state.js";

type Rec = TransactionalRecord;

export function updateColumns(record: Rec, attributes: { [name: string]: unknown }): boolean {
  if (record.isNewRecord()) throw new Error("cannot update a new record");
  if (record._destroyed) throw new Error("cannot update a destroyed record");
  const meta = metaOf(record.constructor);
  const names = Object.keys(attributes);
  for (const name of names) record._attributes.write(name, attributes[name]);
  const sent = updateRecord(record, meta, names);
  record._attributes.forgetChanges(names);
  return sent || names.length === 0;
}

/** Relation#update_counters' SET list: "c" = COALESCE("c", 0) + ? per counter, then touched columns. */
export function counterSet(counters: { [column: string]: number }, touched: string[], bind: (c: string, v: unknown) => unknown): { sql: string; binds: unknown[] } {
  const parts: string[] = [];
  const binds: unknown[] = [];
  for (const [name, by] of Object.entries(counters)) {
    parts.push(`${quoteName(name)} = COALESCE(${quoteName(name)}, 0) ${by < 0 ? "-" : "+"} ?`);
    binds.push(Math.abs(by));
  }
  const now = currentTime();
  for (const name of touched) {
    parts.push(`${quoteName(name)} = ?`);
    binds.push(bind(name, now));
  }
  return { sql: parts.join(", "), binds };
}

/** touch: true -> the update timestamps; a name or names -> those too (touch_attributes_with_time). */
export function touchedColumns(types: Map<string, unknown>, touch: boolean | string | string[] | undefined): string[] {
  if (!touch) return [];
  const stamps = ["updated_at", "updated_on"].filter((c) => types.has(c));
  if (touch === true) return stamps;
  return [...stamps, ...(Array.isArray(touch) ? touch : [touch])];
}

/** increment!(attribute, by, touch:): one UPDATE of the difference; touch: true also runs after_touch. */
export function incrementBang(record: Rec, attribute: string, by: number, touch?: boolean | string): Rec {
  const meta = metaOf(record.constructor);
  const run = () => {
    const value = Number(record._attributes.read(attribute) ?? 0) + by;
    record._attributes.write(attribute, value);
    const change = value - Number(record._attributes.was(attribute) ?? 0);
    const touched = touchedColumns(meta.types, touch);
    const sets = counterSet({ [attribute]: change }, touched, (c, v) => meta.types.get(c)!.serialize(v));
    const pk = meta.types.get(meta.primaryKey)!.serialize(record._attributes.read(meta.primaryKey));
    const sql = `UPDATE ${quoteName(meta.tableName)} SET ${sets.sql} WHERE ${column(meta.tableName, meta.primaryKey)} = ?`;
    connection().execute(sql, [...(sets.binds as never[]), pk], `${meta.className} Update All`);
    record._attributes.forgetChanges([attribute]);
    return true;
  };
  if (touch) runCallbacks(record, meta, "touch", run);
  else run();
  return record;
}

/** delete: the row goes, no callbacks (Persistence#delete). */
export function deleteRow(record: Rec): Rec {
  if (record.isPersisted()) deleteRecord(record, metaOf(record.constructor));
  record._destroyed = true;
  return record;
}

/** update_attribute(name, value): save without validations, in its own transaction. */
export function updateAttribute(record: Rec & { save(o?: { validate?: boolean }): boolean }, name: string, value: unknown): boolean {
  return withTransactionReturningStatus(record, metaOf(record.constructor), () => {
    record.writeAttribute(name, value);
    return record.save({ validate: false });
  }) === true;
}

/** becomes(klass): a klass instance sharing this record's attributes, errors and state. */
export function becomes<T extends RecordLike>(record: Rec, klass: ModelClassLike<T>, setType: boolean): T {
  const other = klass.instantiate({}) as unknown as Rec & { _errors: unknown };
  other._attributes = record._attributes;
  other._newRecord = record._newRecord;
  other._destroyed = record._destroyed;
  other._previouslyNewRecord = record._previouslyNewRecord;
  (other as unknown as { _errors: unknown })._errors = (record as unknown as { errors: unknown }).errors;
  const meta = metaOf(klass);
  if (setType && meta.inheritanceColumn) other._attributes.write(meta.inheritanceColumn, meta.finderNeedsTypeCondition ? meta.className : null);
  return other as unknown as T;
}
