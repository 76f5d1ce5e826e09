// Relation#where's argument forms -> predicates (QueryMethods#build_where_clause):
//
//   where(title: "x", ...)              predicate builder (predicates.ts), one predicate per key
//   where("name like ?", v)             (name like ?)  a bound SQL literal, parenthesized
//   where("a = :x", { x: 1 })           named binds
//   where(["a = ?", 1])                 the array form is the same as the spread form
//   where("raw sql")                    a bare literal, parenthesized when rendered
// where.not inverts what these build (where-clause.ts); `order`'s forms are here too.
import { permittedHash } from "./exceptions.js";
import type { Node } from "./arel.js";
import type { ModelMeta } from "./model.js";
import { buildWhere, type BuiltWhere } from "./predicates.js";
import type { Ordering } from "./query.js";
import { boundSql } from "./sanitize.js";

export type Conditions = { [attribute: string]: unknown };
export type WhereArg = Conditions | string | unknown[];
export type OrderArg = string | { [column: string]: string };

const isNamedBinds = (statement: string, rest: unknown[]) =>
  rest.length === 1 && typeof rest[0] === "object" && rest[0] !== null && !Array.isArray(rest[0]) && /:\w+/.test(statement);

export function whereArgs(meta: ModelMeta, table: string, given: WhereArg, rest: unknown[]): BuiltWhere {
  // where(params.permit(...)) reads the permitted Hash (its own members are no columns); unpermitted raises.
  const conditions = permittedHash(given) as WhereArg;
  if (Array.isArray(conditions)) return whereArgs(meta, table, conditions[0] as WhereArg, conditions.slice(1));
  if (typeof conditions === "string") {
    if (rest.length === 0) return { predicates: conditions === "" ? [] : [{ k: "sql", sql: conditions, binds: [] }], references: [] };
    if (isNamedBinds(conditions, rest) || conditions.includes("?")) {
      const { sql, binds } = boundSql(conditions, rest);
      const node: Node = { k: "group", expr: { k: "sql", sql, binds } };
      return { predicates: [node], references: [] };
    }
    return { predicates: [{ k: "sql", sql: conditions, binds: [] }], references: [] };
  }
  return buildWhere({ table, meta }, conditions);
}

/** order(:a) / order(a: :desc) / order("LOWER(a)"): a column name given as a string is the column. */
export function orderings(meta: ModelMeta, args: OrderArg[]): Ordering[] {
  const table = meta.tableName;
  const out: Ordering[] = [];
  for (const arg of args) {
    if (typeof arg === "string") {
      if (meta.types.has(arg)) out.push({ kind: "column", table, column: arg, direction: "ASC" });
      else if (arg !== "") out.push({ kind: "sql", sql: arg });
      continue;
    }
    for (const [column, dir] of Object.entries(arg)) out.push({ kind: "column", table, column, direction: String(dir).toUpperCase() === "DESC" ? "DESC" : "ASC" });
  }
  return out;
}
