// Arel, for the query shapes Relation builds: the SQL text is Rails 7.2's for the same relation, with every value
// a bound parameter (`?`). Tests compare text and binds with what Rails logged.
//
//   where(title: "x")            WHERE "t"."title" = ?          where(title: nil)   "t"."title" IS NULL
//   where(id: [1, 2])            "t"."id" IN (?, ?)             where(id: [])       1=0
//   where("a = ? OR b", x)       (a = ? OR b)                   order(:a) / order(a: :desc) / order("a DESC")
//   .limit(2).offset(1)          LIMIT ? OFFSET ?               count with limit: COUNT(*) FROM (SELECT 1 AS one ...) subquery_for_count
import type { BindValue } from "../db/connection.js";
import { quoteName } from "../db/schema.js";

export type Predicate =
  | { kind: "eq"; column: string; value: BindValue }
  | { kind: "in"; column: string; values: BindValue[] }
  | { kind: "null"; column: string }
  | { kind: "not"; inner: Predicate }
  | { kind: "sql"; sql: string; binds: BindValue[] };

export type Ordering = { kind: "column"; column: string; direction: "ASC" | "DESC" } | { kind: "sql"; sql: string };

export interface QueryState {
  predicates: Predicate[];
  orders: Ordering[];
  limit: number | null;
  offset: number | null;
}

export const EMPTY_QUERY: QueryState = { predicates: [], orders: [], limit: null, offset: null };

/** WhereClause#contradiction?: an empty IN list. Rails then answers loads, counts, exists and plucks without a query. */
export function isContradiction(q: QueryState): boolean {
  return q.predicates.some((p) => p.kind === "in" && p.values.length === 0);
}

export interface Sql {
  sql: string;
  binds: BindValue[];
}

function column(table: string, name: string): string {
  return `${quoteName(table)}.${quoteName(name)}`;
}

function predicateSql(table: string, p: Predicate, binds: BindValue[]): string {
  switch (p.kind) {
    case "eq":
      binds.push(p.value);
      return `${column(table, p.column)} = ?`;
    case "null":
      return `${column(table, p.column)} IS NULL`;
    case "in":
      if (p.values.length === 0) return "1=0";
      binds.push(...p.values);
      return `${column(table, p.column)} IN (${p.values.map(() => "?").join(", ")})`;
    case "not":
      if (p.inner.kind === "eq") return (binds.push(p.inner.value), `${column(table, p.inner.column)} != ?`);
      if (p.inner.kind === "null") return `${column(table, p.inner.column)} IS NOT NULL`;
      if (p.inner.kind === "in") {
        if (p.inner.values.length === 0) return "1=1";
        binds.push(...p.inner.values);
        return `${column(table, p.inner.column)} NOT IN (${p.inner.values.map(() => "?").join(", ")})`;
      }
      return `NOT (${predicateSql(table, p.inner, binds)})`;
    case "sql":
      binds.push(...p.binds);
      return `(${p.sql})`;
  }
}

export function whereSql(table: string, q: QueryState, binds: BindValue[]): string {
  if (q.predicates.length === 0) return "";
  return ` WHERE ${q.predicates.map((p) => predicateSql(table, p, binds)).join(" AND ")}`;
}

function orderSql(table: string, orders: Ordering[]): string {
  if (orders.length === 0) return "";
  return ` ORDER BY ${orders.map((o) => (o.kind === "sql" ? o.sql : `${column(table, o.column)} ${o.direction}`)).join(", ")}`;
}

function limitSql(q: QueryState, binds: BindValue[]): string {
  let sql = "";
  if (q.limit !== null) sql += (binds.push(q.limit), " LIMIT ?");
  if (q.offset !== null) sql += (binds.push(q.offset), " OFFSET ?");
  return sql;
}

/** SELECT <projection> FROM "t" WHERE ... ORDER BY ... LIMIT ? OFFSET ? */
export function selectSql(table: string, q: QueryState, projection = `${quoteName(table)}.*`): Sql {
  const binds: BindValue[] = [];
  const where = whereSql(table, q, binds);
  const sql = `SELECT ${projection} FROM ${quoteName(table)}${where}${orderSql(table, q.orders)}${limitSql(q, binds)}`;
  return { sql, binds };
}

/** Relation#count: ORDER BY dropped; a limited/offset relation counts a subquery, as Rails does. */
export function countSql(table: string, q: QueryState): Sql {
  if (q.limit === null && q.offset === null) return selectSql(table, { ...q, orders: [] }, "COUNT(*)");
  const inner = selectSql(table, { ...q, orders: [] }, "1 AS one");
  return { sql: `SELECT COUNT(*) FROM (${inner.sql}) subquery_for_count`, binds: inner.binds };
}

/** Relation#exists?: SELECT 1 AS one ... LIMIT 1, ORDER BY dropped. */
export function existsSql(table: string, q: QueryState): Sql {
  return selectSql(table, { ...q, orders: [], limit: 1 }, "1 AS one");
}

export function pluckSql(table: string, q: QueryState, columns: string[]): Sql {
  return selectSql(table, q, columns.map((c) => column(table, c)).join(", "));
}

export function deleteSql(table: string, q: QueryState): Sql {
  const binds: BindValue[] = [];
  return { sql: `DELETE FROM ${quoteName(table)}${whereSql(table, q, binds)}`, binds };
}

/** Reverses an order for `last` (Rails' reverse_sql_order); no order means the primary key descending. */
export function reverseOrders(orders: Ordering[], primaryKey: string): Ordering[] {
  if (orders.length === 0) return [{ kind: "column", column: primaryKey, direction: "DESC" }];
  return orders.map((o) => {
    if (o.kind === "column") return { ...o, direction: o.direction === "ASC" ? "DESC" : "ASC" };
    return { kind: "sql", sql: o.sql.split(/,\s*/).map(reverseSqlTerm).join(", ") };
  });
}

function reverseSqlTerm(term: string): string {
  if (/\sDESC$/i.test(term)) return term.replace(/\sDESC$/i, " ASC");
  if (/\sASC$/i.test(term)) return term.replace(/\sASC$/i, " DESC");
  return `${term} DESC`;
}
