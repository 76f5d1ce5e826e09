// ActiveRecord::Sanitization for SQL fragments, as Rails 7.2 builds them: `?` and `:name` placeholders become
// bound parameters (BoundSqlLiteral), an Array value expands to `?, ?`, a record binds its id, a relation is
// inlined as its SQL. to_sql shows the same statement with each bind quoted in place (connection.quote).
//
//   where("name like ?", "%n%")                 (name like ?)            ["%n%"]
//   where("id IN (?)", [1, 3])                  (id IN (?, ?))           [1, 3]
//   where("a = :x OR b = :x", x: 1)             (a = ? OR b = ?)         [1, 1]
//   where("at < ?", time) / (active = ?, true)  binds "2024-02-15 12:02:00.500000" / 1
import type { BindValue } from "./connection/connection.js";
import { RubyDate } from "../ruby/date.js";
import { Decimal } from "../ruby/big-decimal.js";
import { isRecord, metaOf } from "./model.js";
import { Time } from "../active-support/time.js";

/** A value inside the SQL (a relation given as a bind): its text and binds. */
export interface SqlFragment {
  sql: string;
  binds: BindValue[];
}

const isFragment = (v: unknown): v is { toSqlFragment(): SqlFragment } =>
  typeof v === "object" && v !== null && typeof (v as { toSqlFragment?: unknown }).toSqlFragment === "function";

/** cast_bound_value + the adapter's type_cast: how a Ruby value is bound when no column type applies. */
export function bindValue(value: unknown): BindValue {
  if (value === null || value === undefined) return null;
  if (isRecord(value)) return bindValue(value.readAttribute(metaOf(value.constructor).primaryKey));
  if (value === true) return 1;
  if (value === false) return 0;
  if (value instanceof Time) return value.toDb();
  const instant = Time.fromInstant(value);
  if (instant) return instant.toDb();
  if (value instanceof RubyDate) return value.toRubyString();
  if (value instanceof Decimal) return Number(value.valueOf());
  if (typeof value === "number" || typeof value === "string" || typeof value === "bigint" || Buffer.isBuffer(value)) return value;
  return String(value);
}

function bindOne(value: unknown, binds: BindValue[]): string {
  if (isFragment(value)) {
    const f = value.toSqlFragment();
    binds.push(...f.binds);
    return f.sql;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "NULL";
    binds.push(...value.map(bindValue));
    return value.map(() => "?").join(", ");
  }
  binds.push(bindValue(value));
  return "?";
}

/** build_bound_sql_literal / build_named_bound_sql_literal: the statement with `?` binds (Rails wraps it in parens). */
export function boundSql(statement: string, values: unknown[]): SqlFragment {
  const binds: BindValue[] = [];
  const named = values.length === 1 && isHash(values[0]) && /:\w+/.test(statement) ? (values[0] as Record<string, unknown>) : null;
  let sql: string;
  if (named) {
    sql = statement.replace(/(?<!:):([a-zA-Z]\w*)/g, (_m, name: string) => {
      if (!(name in named)) throw new Error(`missing value for :${name} in ${statement}`);
      return bindOne(named[name], binds);
    });
  } else {
    let i = 0;
    sql = statement.replace(/\?/g, () => bindOne(values[i++], binds));
  }
  return { sql, binds };
}

function isHash(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !isRecord(v) && !(v instanceof Date) && !isFragment(v);
}

/** connection.quote for a bound value (to_sql). */
export function quote(value: BindValue): string {
  if (value === null) return "NULL";
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (Buffer.isBuffer(value)) return `x'${value.toString("hex")}'`;
  return String(value);
}

/** The statement with every `?` replaced by its quoted bind (Relation#to_sql). */
export function inlineBinds(sql: string, binds: BindValue[]): string {
  let i = 0;
  return sql.replace(/\?/g, () => (i < binds.length ? quote(binds[i++]!) : "?"));
}

/**
 * sanitize_sql_array: the statement with each `?` / `:name` replaced by its quoted value, inline (no binds), as
 * `connection.execute(sanitize_sql([...]))` sends it. Arrays become "1,2" (no space), empty arrays NULL.
 */
export function sanitizeSqlArray(statement: string, values: unknown[]): string {
  const quoted = (v: unknown): string => {
    if (Array.isArray(v)) return v.length === 0 ? "NULL" : v.map((x) => quote(bindValue(x))).join(",");
    return quote(bindValue(v));
  };
  const named = values.length === 1 && isHash(values[0]) && /:\w+/.test(statement) ? (values[0] as Record<string, unknown>) : null;
  if (named) return statement.replace(/(?<!:):([a-zA-Z]\w*)/g, (whole, name: string) => (name in named ? quoted(named[name]) : whole));
  let i = 0;
  return statement.replace(/\?/g, () => quoted(values[i++]));
}
