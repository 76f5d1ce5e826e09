// A relation's query values (Relation#*_values) and the statements built from them, in Rails 7.2's SQL text:
//
//   SELECT [DISTINCT] <projection> FROM "t" <joins> WHERE ... GROUP BY ... ORDER BY ... LIMIT ? OFFSET ?
//   count with limit/offset      SELECT COUNT(*) FROM (SELECT 1 AS one ... LIMIT ?) subquery_for_count
//   exists?                      SELECT 1 AS one ... LIMIT ?          (ORDER BY dropped)
//   update_all / delete_all      UPDATE "t" SET ... WHERE ...; with joins: WHERE ("t"."id") IN (SELECT ...)
import type { BindValue } from "./connection/connection.js";
import { quoteName } from "./connection/schema.js";
import { quotedColumn, type Node } from "./arel.js";
import type { JoinSpec } from "./joins.js";
import { isContradiction, whereSql, type WhereClause } from "./where-clause.js";

export type Ordering =
  | { kind: "column"; table: string; column: string; direction: "ASC" | "DESC" }
  | { kind: "sql"; sql: string };

/** An association tree as includes/preload/eager_load/joins take it: names, nested `{ name: subtree }`. */
/** includes/joins arguments: names, and hashes of a name to its nested names (an array, a name, or another hash). */
export type AssociationTree = Array<string | AssociationHash>;
export type AssociationHash = { [name: string]: AssociationTree | string | AssociationHash };

export interface QueryState {
  where: WhereClause;
  orders: Ordering[];
  limit: number | null;
  offset: number | null;
  joins: JoinSpec[];
  references: string[];
  distinct: boolean;
  /** select(...): column names or SQL; null selects "t".* */
  select: string[] | null;
  group: string[];
  none: boolean;
  includes: AssociationTree;
  preload: AssociationTree;
  eagerLoad: AssociationTree;
  createWith: { [attribute: string]: unknown };
  /** extending(module): methods each relation of this query answers (a scope's extension block), by name. */
  extending: ReadonlyArray<Readonly<Record<string, Function>>>;
}

export const EMPTY_QUERY: QueryState = {
  where: [], orders: [], limit: null, offset: null, joins: [], references: [], distinct: false, select: null, group: [],
  none: false, includes: [], preload: [], eagerLoad: [], createWith: {}, extending: [],
};

export interface Sql {
  sql: string;
  binds: BindValue[];
}

/**
 * The query with some values replaced: `{ ...q, ...patch }`, written out (every relation method spawns through it,
 * and V8 copies an object spread from a variable property by property, about ten times slower).
 */
export function patchQuery(q: QueryState, patch: Partial<QueryState>): QueryState {
  const out: QueryState = {
    where: q.where, orders: q.orders, limit: q.limit, offset: q.offset, joins: q.joins, references: q.references, distinct: q.distinct,
    select: q.select, group: q.group, none: q.none, includes: q.includes, preload: q.preload, eagerLoad: q.eagerLoad,
    createWith: q.createWith, extending: q.extending,
  };
  return Object.assign(out, patch);
}

/** Rails answers loads, counts, exists and plucks of these without a query. */
export function isEmptyResult(q: QueryState): boolean {
  return q.none || isContradiction(q.where);
}

export const column = (table: string, name: string): string => quotedColumn(table, name);

export function orderSql(orders: Ordering[]): string {
  if (orders.length === 0) return "";
  return ` ORDER BY ${orders.map((o) => (o.kind === "sql" ? o.sql : `${column(o.table, o.column)} ${o.direction}`)).join(", ")}`;
}

function limitSql(q: QueryState, binds: BindValue[]): string {
  let sql = "";
  if (q.limit !== null) sql += (binds.push(q.limit), " LIMIT ?");
  if (q.offset !== null) sql += (binds.push(q.offset), " OFFSET ?");
  return sql;
}

/** How joins become SQL text (joins.ts), injected to keep this module free of association code. */
export type JoinRenderer = (table: string, q: QueryState, binds: BindValue[]) => string;

/** The projection of a plain load: select values (columns qualified, SQL as is) or "t".*; `columns` knows the
 *  model's column names (its types Map). */
export function projection(table: string, q: QueryState, columns: { has(name: string): boolean }): string {
  if (!q.select) return `${quoteName(table)}.*`;
  return q.select.map((s) => (columns.has(s) ? column(table, s) : s)).join(", ");
}

export function selectSql(table: string, q: QueryState, joins: JoinRenderer, select: string, extra: { groupBy?: string } = {}): Sql {
  const binds: BindValue[] = [];
  const from = `${quoteName(table)}${joins(table, q, binds)}`;
  const where = whereSql(q.where, binds);
  const group = extra.groupBy ?? (q.group.length ? ` GROUP BY ${q.group.join(", ")}` : "");
  const sql = `SELECT ${q.distinct ? "DISTINCT " : ""}${select} FROM ${from}${where}${group}${orderSql(q.orders)}${limitSql(q, binds)}`;
  return { sql, binds };
}

/** Relation#count: ORDER BY dropped; a limited/offset relation counts a subquery, as Rails does. */
export function countSql(table: string, q: QueryState, joins: JoinRenderer, expression = "COUNT(*)"): Sql {
  const unordered = { ...q, orders: [] };
  if (q.limit === null && q.offset === null) return selectSql(table, { ...unordered, distinct: false }, joins, expression);
  const inner = selectSql(table, unordered, joins, "1 AS one");
  return { sql: `SELECT ${expression} FROM (${inner.sql}) subquery_for_count`, binds: inner.binds };
}

/** Relation#exists?: SELECT 1 AS one ... LIMIT 1, ORDER BY dropped. */
export function existsSql(table: string, q: QueryState, joins: JoinRenderer): Sql {
  return selectSql(table, { ...q, orders: [], limit: 1, distinct: false }, joins, "1 AS one");
}

export function deleteSql(table: string, pk: string, q: QueryState, joins: JoinRenderer): Sql {
  const binds: BindValue[] = [];
  if (q.joins.length) {
    const inner = selectSql(table, { ...q, select: null }, joins, column(table, pk));
    return { sql: `DELETE FROM ${quoteName(table)} WHERE (${column(table, pk)}) IN (${inner.sql})`, binds: inner.binds };
  }
  return { sql: `DELETE FROM ${quoteName(table)}${whereSql(q.where, binds)}`, binds };
}

/** update_all: SET list already rendered (quoted columns with `?`, or the caller's SQL). */
export function updateSql(table: string, pk: string, q: QueryState, joins: JoinRenderer, sets: Sql): Sql {
  if (q.joins.length || q.limit !== null || q.offset !== null || q.orders.length) {
    const inner = selectSql(table, { ...q, select: null }, joins, column(table, pk));
    return { sql: `UPDATE ${quoteName(table)} SET ${sets.sql} WHERE (${column(table, pk)}) IN (${inner.sql})`, binds: [...sets.binds, ...inner.binds] };
  }
  const binds = [...sets.binds];
  return { sql: `UPDATE ${quoteName(table)} SET ${sets.sql}${whereSql(q.where, binds)}`, binds };
}

/** Reverses an order for `last` (Rails' reverse_sql_order); no order means the primary key descending. */
export function reverseOrders(orders: Ordering[], table: string, primaryKey: string): Ordering[] {
  if (orders.length === 0) return [{ kind: "column", table, column: primaryKey, direction: "DESC" }];
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

export type { Node };
