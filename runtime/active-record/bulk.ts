// Relation writes that skip the record lifecycle, and building records through a relation, in Rails 7.2's SQL:
//
//   relation.new / create (scope_for_create)   where-hash equalities and create_with become the new record's attributes
//   update_all(a: 1, updated_at: t)            UPDATE "t" SET "a" = ?, "updated_at" = ? WHERE ...     "X Update All"
//   update_all("bio = 'x'")                    the SQL as written; ["bio = ?", v] is quoted in place
//   delete_all                                 DELETE FROM "t" WHERE ...                               "X Delete All"
//   insert_all([{...}, ...])                   INSERT INTO "t" ("a","b",...) VALUES (1, 'x', ...), ... ON CONFLICT  DO
//                                              NOTHING RETURNING "id"   (values inlined, timestamps from SQLite's clock)
//   touch_all(*names)                          update_all(updated_at: now, names: now)
import type { BindValue } from "./connection/connection.js";
import { connection } from "./connection/current.js";
import { quoteName } from "./connection/schema.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { columnValue } from "./predicates.js";
import { deleteSql, isEmptyResult, updateSql, type Sql } from "./query.js";
import type { Conditions, Relation } from "./relation.js";
import { bindValue, boundSql, inlineBinds, quote } from "./sanitize.js";
import { counterSet, touchedColumns } from "./persistence-methods.js";
import { currentTime } from "../active-support/time.js";
import { rubyClassName } from "../active-support/core-ext/core-object.js";
import { ArgumentError, NoMethodError } from "../ruby/exceptions.js";
import { notLoweredError } from "../ruby/not-lowered.js";
import { isPlainObject } from "../ruby/ruby.js";

type R = Relation<RecordLike>;

/** scope_for_create: the relation's equality conditions on its own table, then create_with. */
export function scopeForCreate(relation: R): Conditions {
  const q = relation.queryState();
  const out: Conditions = {};
  for (const p of q.where) if (p.k === "cmp" && p.op === "=" && p.attr.table === relation.meta.tableName) out[p.attr.column] = p.value;
  return { ...out, ...q.createWith };
}

/** relation.new(attributes): the model built with this relation as its current scope (through the association
 * for a relation derived from a collection: AssociationRelation#_new). */
export function build(relation: R, attributes: unknown): RecordLike {
  const through = relation.owningAssociation;
  return relation.scoping(() => (through ? through.build(attributes) : new relation.model(attributes as Conditions)));
}

function setList(meta: ModelMeta, updates: Conditions | string, binds: unknown[]): Sql {
  if (typeof updates === "string") {
    if (binds.length === 0) return { sql: updates, binds: [] };
    const bound = boundSql(updates, binds);
    return { sql: inlineBinds(bound.sql, bound.binds), binds: [] };
  }
  const entries = Object.entries(updates);
  return { sql: entries.map(([c]) => `${quoteName(c)} = ?`).join(", "), binds: entries.map(([c, v]) => columnValue(meta, c, v)) };
}

export function updateAll(relation: R, updates: Conditions | string, binds: unknown[]): number {
  const meta = relation.meta;
  const q = relation.queryState();
  if (isEmptyResult(q)) return 0;
  const sql = updateSql(meta.tableName, meta.primaryKey, q, relation.joinRenderer(), setList(meta, updates, binds));
  return connection().execute(sql.sql, sql.binds, `${meta.className} Update All`);
}

export function deleteAll(relation: R): number {
  const meta = relation.meta;
  const q = relation.queryState();
  if (isEmptyResult(q)) return 0;
  const sql = deleteSql(meta.tableName, meta.primaryKey, q, relation.joinRenderer());
  return connection().execute(sql.sql, sql.binds, `${meta.className} Delete All`);
}

const UPDATE_STAMPS = ["updated_at", "updated_on"];
const CREATE_STAMPS = ["created_at", "created_on"];

export function touchAll(relation: R, names: string[]): number {
  const now = currentTime();
  const columns = [...UPDATE_STAMPS.filter((c) => relation.meta.types.has(c)), ...names];
  return updateAll(relation, Object.fromEntries(columns.map((c) => [c, now])), []);
}

/** Relation#update_counters: one update_all with COALESCE increments, then the touched timestamps. */
export function updateCounters(relation: R, counters: { [column: string]: number }, touch?: boolean | string): number {
  const meta = relation.meta;
  const q = relation.queryState();
  if (isEmptyResult(q)) return 0;
  const sets = counterSet(counters, touchedColumns(meta.types, touch), (c, v) => columnValue(meta, c, v));
  const sql = updateSql(meta.tableName, meta.primaryKey, q, relation.joinRenderer(), { sql: sets.sql, binds: sets.binds as BindValue[] });
  return connection().execute(sql.sql, sql.binds, `${meta.className} Update All`);
}

const NOW_SQL = "STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW')";

/**
 * insert_all(rows, returning:, record_timestamps:) as Rails 7.2.4's InsertAll builds it for SQLite: one statement,
 * values inlined and quoted, the relation's scope_for_create merged into every row (an STI subclass's type among
 * them), the timestamps a row does not set from SQLite's clock; answers the RETURNING rows (the primary key's by
 * default; `returning: false` or [] none; an Array of column names). A String `returning:` is raw SQL Rails refuses
 * (ArgumentError); `unique_by:` (the conflict target Rails finds among the table's unique indexes) raises NotLowered.
 */
export function insertAll(relation: R, given: unknown, options: unknown = {}): Array<{ [column: string]: unknown }> {
  const { returning, recordTimestamps } = insertOptions(options);
  const meta = relation.meta;
  const sti = meta.inheritanceColumn && meta.className !== meta.baseClassName ? { [meta.inheritanceColumn]: meta.className } : {};
  const scoped = Object.fromEntries(Object.entries(scopeForCreate(relation)).filter(([k]) => k !== meta.inheritanceColumn));
  const rows = insertRows(given).map((row) => ({ ...sti, ...row, ...scoped }));
  if (rows.length === 0) return [];
  // keys_including_timestamps: the first row's keys, then the model's timestamps (a row that does not set one gets
  // SQLite's clock); every row must have them all.
  const stamps = recordTimestamps ? [...CREATE_STAMPS, ...UPDATE_STAMPS].filter((c) => meta.types.has(c)) : [];
  const keys = [...new Set([...Object.keys(rows[0]!), ...stamps])];
  const same = (row: Conditions) => {
    const own = new Set([...Object.keys(row), ...stamps]);
    return own.size === keys.length && keys.every((k) => own.has(k));
  };
  if (!rows.every(same)) throw new ArgumentError("All objects being inserted must have the same keys");
  const values = rows.map((row) => {
    const cells = keys.map((k) => (!(k in row) ? NOW_SQL : quote(meta.types.has(k) ? columnValue(meta, k, row[k]) : bindValue(row[k]) as BindValue)));
    return `(${cells.join(", ")})`;
  });
  const columns = keys.map(quoteName).join(",");
  const returned = returning === null ? quoteName(meta.primaryKey) : returning === false ? null : returning.map(quoteName).join(",");
  const sql = `INSERT INTO ${quoteName(meta.tableName)} (${columns}) VALUES ${values.join(", ")} ON CONFLICT  DO NOTHING${returned === null ? "" : ` RETURNING ${returned}`}`;
  const name = `${meta.className} ${rows.length > 1 ? "Bulk " : ""}Insert`;
  if (returned === null) {
    connection().execute(sql, [], name);
    return [];
  }
  return connection().select(sql, [], name);
}

/** InsertAll's keywords as Rails 7.2.4 reads them (an unknown one is Ruby's ArgumentError). */
function insertOptions(options: unknown): { returning: string[] | false | null; recordTimestamps: boolean } {
  if (!isPlainObject(options)) throw new ArgumentError("wrong number of arguments (given 2, expected 1)");
  const given = options as { [key: string]: unknown };
  const unknown = Object.keys(given).filter((k) => !["returning", "unique_by", "record_timestamps"].includes(k));
  if (unknown.length) throw new ArgumentError(`unknown keyword${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => `:${k}`).join(", ")}`);
  const r = given.returning;
  if (typeof r === "string") {
    throw new ArgumentError(`Dangerous query method (method whose arguments are used as raw SQL) called: ${r}. Known-safe values can be passed by wrapping them in Arel.sql().`);
  }
  if (given.unique_by !== undefined && given.unique_by !== null) {
    throw notLoweredError("rails2ts: not lowered: insert_all unique_by: (the conflict target Rails finds among the table's unique indexes)");
  }
  const list = Array.isArray(r) ? r.map((c) => String(c)) : [String(r)];
  const returning = r === undefined || r === null ? null : r === false || list.length === 0 ? false : list;
  const stamps = given.record_timestamps;
  return { returning, recordTimestamps: stamps === undefined || stamps === null ? true : stamps !== false };
}

/**
 * InsertAll's `inserts.map(&:stringify_keys)`: an Array of Hashes; anything else fails there as in Ruby (a Hash maps
 * to its [key, value] pairs, which have no stringify_keys).
 */
function insertRows(given: unknown): Conditions[] {
  const instance = (v: unknown) => (v === null || v === undefined ? "nil" : `an instance of ${rubyClassName(v)}`);
  const rows = Array.isArray(given) ? given : isPlainObject(given) ? Object.entries(given) : null;
  if (rows === null) throw new NoMethodError(`undefined method \`map' for ${instance(given)}`);
  const bad = rows.findIndex((row) => !isPlainObject(row));
  if (bad >= 0) throw new NoMethodError(`undefined method \`stringify_keys' for ${instance(rows[bad])}`);
  return rows as Conditions[];
}

/** Association#initialize_attributes: scope attributes the given attributes did not set are assigned. */
export function assignScopeAttributes(record: { writeAttribute(name: string, value: unknown): void }, scoped: Conditions, given: unknown): void {
  const assigned = new Set(given !== null && typeof given === "object" ? Object.keys(given as object) : []);
  for (const [name, value] of Object.entries(scoped)) if (!assigned.has(name)) record.writeAttribute(name, value);
}
