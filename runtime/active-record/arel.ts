// Arel, as far as Active Record's where clauses need it: predicate nodes, their SQL (Arel's SQLite visitor with
// every value a bound `?`), Node#invert (where.not) and Node#or. Rendered text is Rails 7.2's byte for byte.
//
//   attr.eq(v) / not_eq / gt / gteq / lt / lteq   "t"."c" = ?  != ? > ? >= ? < ? <= ?
//   attr.eq(nil) / not_eq(nil)                    "t"."c" IS NULL / IS NOT NULL
//   attr.in([..]) / not_in                        "t"."c" IN (?, ?)   ([] -> 1=0; NOT IN [] -> 1=1)
//   attr.in(relation)                             "t"."c" IN (SELECT ...)
//   attr.between(a..b)                            "t"."c" BETWEEN ? AND ?
//   Grouping / Or / And / Not / SqlLiteral        (x)   x OR y   x AND y   NOT (x)   raw SQL with its own binds
import type { BindValue } from "./connection/connection.js";
import { quoteName } from "./connection/schema.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

export interface Attr {
  table: string;
  column: string;
}

export type CompareOp = "=" | "!=" | ">" | ">=" | "<" | "<=";

export type Node =
  | { k: "cmp"; op: CompareOp; attr: Attr; value: BindValue }
  | { k: "null"; attr: Attr; negated: boolean }
  | { k: "in"; attr: Attr; values: BindValue[]; negated: boolean }
  | { k: "inQuery"; attr: Attr; sql: string; binds: BindValue[]; negated: boolean }
  | { k: "between"; attr: Attr; low: BindValue; high: BindValue }
  | { k: "columns"; attr: Attr; other: Attr }
  | { k: "lowerEq"; attr: Attr; value: BindValue }
  | { k: "and"; children: Node[] }
  | { k: "or"; left: Node; right: Node }
  | { k: "group"; expr: Node }
  | { k: "not"; expr: Node }
  | { k: "sql"; sql: string; binds: BindValue[] };

/**
 * "table"."column", each name quoted: every predicate and ordering renders one, over the same few names, so the
 * text is kept per pair (a pure function of the two names; capped, for names that come from request data).
 */
const quotedColumns = new BoundedMemo<string, string>(10000);

export function quotedColumn(table: string, column: string): string {
  const key = `${table}\u0000${column}`;
  return quotedColumns.get(key) ?? quotedColumns.set(key, `${quoteName(table)}.${quoteName(column)}`);
}

export const quoteColumn = (attr: Attr): string => quotedColumn(attr.table, attr.column);

export function render(node: Node, binds: BindValue[]): string {
  switch (node.k) {
    case "cmp":
      binds.push(node.value);
      return `${quoteColumn(node.attr)} ${node.op} ?`;
    case "null":
      return `${quoteColumn(node.attr)} IS ${node.negated ? "NOT " : ""}NULL`;
    case "in":
      if (node.values.length === 0) return node.negated ? "1=1" : "1=0";
      binds.push(...node.values);
      return `${quoteColumn(node.attr)} ${node.negated ? "NOT IN" : "IN"} (${node.values.map(() => "?").join(", ")})`;
    case "inQuery":
      binds.push(...node.binds);
      return `${quoteColumn(node.attr)} ${node.negated ? "NOT IN" : "IN"} (${node.sql})`;
    case "between":
      binds.push(node.low, node.high);
      return `${quoteColumn(node.attr)} BETWEEN ? AND ?`;
    case "columns":
      return `${quoteColumn(node.attr)} = ${quoteColumn(node.other)}`;
    case "lowerEq":
      binds.push(node.value);
      return `LOWER(${quoteColumn(node.attr)}) = LOWER(?)`;
    case "and":
      return node.children.map((c) => render(c, binds)).join(" AND ");
    case "or":
      return `${render(node.left, binds)} OR ${render(node.right, binds)}`;
    case "group":
      return `(${render(node.expr, binds)})`;
    case "not":
      return `NOT (${render(node.expr, binds)})`;
    case "sql":
      binds.push(...node.binds);
      return node.sql;
  }
}

const INVERSE: Record<CompareOp, CompareOp> = { "=": "!=", "!=": "=", ">": "<=", ">=": "<", "<": ">=", "<=": ">" };

/** Arel's Node#invert: comparisons flip, IN becomes NOT IN, anything else is wrapped in NOT. */
export function invert(node: Node): Node {
  switch (node.k) {
    case "cmp":
      return { ...node, op: INVERSE[node.op] };
    case "null":
    case "in":
    case "inQuery":
      return { ...node, negated: !node.negated };
    default:
      return { k: "not", expr: node };
  }
}

/** Node#or: Grouping(Or(self, other)). */
export const or = (left: Node, right: Node): Node => ({ k: "group", expr: { k: "or", left, right } });

/** The one attribute a predicate constrains (Arel.fetch_attribute), or null (SQL, NOT, mixed attributes). */
export function attributeOf(node: Node): Attr | null {
  switch (node.k) {
    case "cmp":
    case "null":
    case "in":
    case "inQuery":
    case "between":
      return node.attr;
    case "group":
      return attributeOf(node.expr);
    case "or":
      return sameAttr([attributeOf(node.left), attributeOf(node.right)]);
    case "and":
      return sameAttr(node.children.map(attributeOf));
    default:
      return null;
  }
}

function sameAttr(attrs: Array<Attr | null>): Attr | null {
  const first = attrs[0];
  if (!first || attrs.some((a) => !a || a.table !== first.table || a.column !== first.column)) return null;
  return first;
}

const nodeKey = (n: Node) => JSON.stringify(n, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
export const sameNode = (a: Node, b: Node): boolean => nodeKey(a) === nodeKey(b);
