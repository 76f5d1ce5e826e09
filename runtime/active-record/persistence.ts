// ActiveRecord::Persistence + Timestamp: the statements a save or destroy sends, named as Rails names them.
//
//   create   INSERT INTO "t" ("a", "b", ...) VALUES (?, ?, ...) RETURNING "id"   "Model Create"  (every column:
//            partial_inserts is off in 7.2; the key only when set)
//   update   UPDATE "t" SET "a" = ?, "updated_at" = ? WHERE "t"."id" = ?          "Model Update"  (changed columns
//            only; nothing at all when nothing changed)
//   destroy  DELETE FROM "t" WHERE "t"."id" = ?                                   "Model Destroy"
//   touch    UPDATE "t" SET "updated_at" = ? WHERE "t"."id" = ?                   "Model Update"
// created_at/updated_at come from the clock (time.ts): set on create when nil; on update when something else
// changed and the column was not assigned by hand.
import type { BindValue } from "./connection/connection.js";
import { connection } from "./connection/current.js";
import { quoteName } from "./connection/schema.js";
import type { AttributeSet } from "./attributes.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { currentTime } from "../active-support/time.js";

export interface Persistable extends RecordLike {
  _attributes: AttributeSet;
}

const CREATE_STAMPS = ["created_at", "created_on"];
const UPDATE_STAMPS = ["updated_at", "updated_on"];

function bind(meta: ModelMeta, record: Persistable, column: string): BindValue {
  return meta.types.get(column)!.serialize(record._attributes.read(column));
}

function keyCondition(meta: ModelMeta): string {
  return `${quoteName(meta.tableName)}.${quoteName(meta.primaryKey)} = ?`;
}

/** Timestamp#_create_record: every timestamp column still nil gets the current time. */
export function stampCreate(record: Persistable, meta: ModelMeta): void {
  const now = currentTime();
  for (const column of [...CREATE_STAMPS, ...UPDATE_STAMPS]) {
    if (meta.types.has(column) && record._attributes.read(column) === null) record._attributes.write(column, now);
  }
}

/** Timestamp#_update_record: only when there are changes, and never over a hand-assigned value. */
export function stampUpdate(record: Persistable, meta: ModelMeta): void {
  if (record._attributes.changedNames().length === 0) return;
  const now = currentTime();
  for (const column of UPDATE_STAMPS) {
    if (meta.types.has(column) && !record._attributes.isChanged(column)) record._attributes.write(column, now);
  }
}

export function insertRecord(record: Persistable, meta: ModelMeta): void {
  const pk = meta.primaryKey;
  const columns = record._attributes.names().filter((c) => meta.types.has(c) && !(c === pk && record._attributes.read(pk) === null));
  const table = quoteName(meta.tableName);
  const sql = columns.length
    ? `INSERT INTO ${table} (${columns.map(quoteName).join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) RETURNING ${quoteName(pk)}`
    : `INSERT INTO ${table} DEFAULT VALUES RETURNING ${quoteName(pk)}`;
  const rows = connection().select(sql, columns.map((c) => bind(meta, record, c)), `${meta.className} Create`);
  record._attributes.write(pk, rows[0]?.[pk] ?? null);
}

/** Returns false when there was nothing to write (no statement sent). */
export function updateRecord(record: Persistable, meta: ModelMeta, columns = record._attributes.changedNames()): boolean {
  if (columns.length === 0) return false;
  const sets = columns.map((c) => `${quoteName(c)} = ?`).join(", ");
  const sql = `UPDATE ${quoteName(meta.tableName)} SET ${sets} WHERE ${keyCondition(meta)}`;
  const binds = [...columns.map((c) => bind(meta, record, c)), keyValue(record, meta)];
  connection().execute(sql, binds, `${meta.className} Update`);
  return true;
}

export function deleteRecord(record: Persistable, meta: ModelMeta): number {
  const sql = `DELETE FROM ${quoteName(meta.tableName)} WHERE ${keyCondition(meta)}`;
  return connection().execute(sql, [keyValue(record, meta)], `${meta.className} Destroy`);
}

/** The row for `reload`: SELECT "t".* FROM "t" WHERE "t"."id" = ? LIMIT ? (Rails' find). */
export function selectRow(meta: ModelMeta, key: BindValue): { [column: string]: unknown } | undefined {
  const sql = `SELECT ${quoteName(meta.tableName)}.* FROM ${quoteName(meta.tableName)} WHERE ${keyCondition(meta)} LIMIT ?`;
  return connection().select(sql, [key, 1], `${meta.className} Load`)[0];
}

function keyValue(record: Persistable, meta: ModelMeta): BindValue {
  // The key as it was loaded: a changed id still addresses the stored row.
  const type = meta.types.get(meta.primaryKey)!;
  const was = record._attributes.was(meta.primaryKey);
  return type.serialize(record.isNewRecord() || was === null ? record._attributes.read(meta.primaryKey) : was);
}
