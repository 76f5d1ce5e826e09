// ActiveRecord::Relation::WhereClause: the list of predicates a relation ANDs, and how where.not, or and merge
// combine such lists (Rails 7.2's rules, which decide the SQL text).
//
//   where.not(a: 1)            [a != 1]                 where.not(a: 1, b: 2)   [NOT (a = 1 AND b = 2)]  (NAND)
//   r1.or(r2)                  common predicates stay; the rest becomes (left OR right)
//   r1.merge(r2)               r1's predicates on a column r2 also constrains are replaced by r2's
import type { BindValue } from "./connection/connection.js";
import { attributeOf, invert, render, sameNode, type Node } from "./arel.js";

export type WhereClause = Node[];

/** A bare SQL string predicate is parenthesized wherever the clause is rendered (wrap_sql_literal). */
const wrapLiteral = (n: Node): Node => (n.k === "sql" ? { k: "group", expr: n } : n);

/** The clause as one node (WhereClause#ast). */
export function ast(clause: WhereClause): Node {
  const nodes = clause.map(wrapLiteral);
  return nodes.length === 1 ? nodes[0]! : { k: "and", children: nodes };
}

export function invertClause(clause: WhereClause): WhereClause {
  if (clause.length === 0) return [];
  return clause.length === 1 ? [invert(clause[0]!)] : [{ k: "not", expr: ast(clause) }];
}

const minus = (a: WhereClause, b: WhereClause) => a.filter((p) => !b.some((q) => sameNode(p, q)));
const unwrap = (n: Node) => (n.k === "group" ? n.expr : n);

export function orClause(self: WhereClause, other: WhereClause): WhereClause {
  const left = minus(self, other);
  const common = minus(self, left);
  const right = minus(other, common);
  if (left.length === 0 || right.length === 0) return common;
  return [...common, { k: "group", expr: { k: "or", left: unwrap(ast(left)), right: unwrap(ast(right)) } }];
}

export function mergeClause(self: WhereClause, other: WhereClause): WhereClause {
  const referenced = other.map(attributeOf).filter((a) => a !== null);
  const kept = self.filter((p) => {
    const attr = attributeOf(p);
    return !attr || !referenced.some((r) => r.table === attr.table && r.column === attr.column);
  });
  return [...kept, ...minus(other, kept)];
}

/** WhereClause#contradiction?: an IN over nothing, which Rails answers without querying. */
export function isContradiction(clause: WhereClause): boolean {
  return clause.some((p) => p.k === "in" && !p.negated && p.values.length === 0);
}

export function whereSql(clause: WhereClause, binds: BindValue[]): string {
  return clause.length === 0 ? "" : ` WHERE ${clause.map((p) => render(wrapLiteral(p), binds)).join(" AND ")}`;
}
