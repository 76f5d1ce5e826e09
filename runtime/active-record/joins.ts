// Relation#joins / left_joins -> JOIN clauses, as Rails 7.2's JoinDependency writes them:
//
//   Assignment.joins(:project)           INNER JOIN "projects" ON "projects"."id" = "assignments"."project_id"
//   Project.joins(:assignments)          INNER JOIN "assignments" ON "assignments"."project_id" = "projects"."id"
//   Project.joins(:users)  (through)     INNER JOIN "assignments" ON ... INNER JOIN "users" ON "users"."id" = "assignments"."user_id"
//   User.joins(assignments: :project)    nested, each hop from its parent's table
//   .where.not(project: { type: "X" })   the join to `project` is aliased: INNER JOIN "projects" "project" ON "project"."id" = ...
//   User.left_joins(:tasks)        LEFT OUTER JOIN ...
//   joins("INNER JOIN ...")           as written: before association joins when it comes first, else after
// ON conditions in Rails' order: `as:` type, the association's scope, the key pair, the STI type condition.
import type { BindValue } from "./connection/connection.js";
import { quoteName } from "./connection/schema.js";
import { pluralize } from "../active-support/inflector.js";
import { render, type Node } from "./arel.js";
import type { ModelMeta } from "./model.js";
import type { AssociationTree, QueryState } from "./query.js";
import { hops, joinKeys, type Hop } from "./reflection.js";

export type JoinSpec = { kind: "inner" | "left"; tree: AssociationTree } | { kind: "sql"; sql: string; binds?: BindValue[] };

/**
 * Relation hooks joins.ts needs without importing relation code: a target's default-scope conditions, the
 * association scope's conditions, and the STI type condition.
 */
export interface JoinHooks {
  typeCondition(target: ModelMeta, table: string): Node | null;
  defaultScopePredicates(target: ModelMeta, table: string): Node[];
  scopePredicates(hop: Hop, table: string): Node[];
}
let hooks: JoinHooks = { typeCondition: () => null, defaultScopePredicates: () => [], scopePredicates: () => [] };
export function setJoinHooks(h: JoinHooks): void {
  hooks = h;
}

interface JoinState {
  used: Set<string>;
  /** "parentPath/name" -> the table (alias) its target was joined as. */
  joined: Map<string, string>;
  references: Set<string>;
  parts: string[];
}

/** Flattens an association tree into [name, subtree] pairs. */
export function treeEntries(tree: AssociationTree): Array<[string, AssociationTree]> {
  return tree.flatMap((item): Array<[string, AssociationTree]> =>
    typeof item === "string" ? [[item, []]] : Object.entries(item).map(([k, v]) => [k, typeof v === "string" ? [v] : Array.isArray(v) ? v : [v]]),
  );
}

function joinHop(state: JoinState, hop: Hop, parentTable: string, type: "INNER" | "LEFT OUTER", root: boolean, binds: BindValue[]): string {
  const table = hop.target.tableName;
  let alias = table;
  if (state.references.has(hop.assoc.name) && hop.assoc.name !== table) alias = hop.assoc.name;
  else if (state.used.has(table)) alias = `${pluralize(hop.assoc.name)}_${parentTable}${root ? "" : "_join"}`;
  state.used.add(alias);
  const { targetColumn, ownerColumn } = joinKeys(hop.owner, hop.assoc);
  const on: Node[] = [...hooks.defaultScopePredicates(hop.target, alias)];
  if (hop.assoc.as) on.push({ k: "cmp", op: "=", attr: { table: alias, column: hop.assoc.foreignType! }, value: hop.owner.baseClassName });
  on.push(...hooks.scopePredicates(hop, alias));
  on.push({ k: "columns", attr: { table: alias, column: targetColumn }, other: { table: parentTable, column: ownerColumn } });
  const sti = hooks.typeCondition(hop.target, alias);
  if (sti) on.push(sti);
  const target = alias === table ? quoteName(table) : `${quoteName(table)} ${quoteName(alias)}`;
  state.parts.push(`${type} JOIN ${target} ON ${on.map((n) => render(n, binds)).join(" AND ")}`);
  return alias;
}

function joinTree(state: JoinState, meta: ModelMeta, table: string, path: string, tree: AssociationTree, type: "INNER" | "LEFT OUTER", binds: BindValue[]): void {
  for (const [name, subtree] of treeEntries(tree)) {
    const assoc = meta.associations.get(name);
    if (!assoc) throw new Error(`Can't join '${meta.className}' to association named '${name}'; perhaps you misspelled it?`);
    const key = `${path}/${name}`;
    let alias = state.joined.get(key);
    const chain = hops(meta, assoc);
    if (alias === undefined) {
      let parent = table;
      chain.forEach((hop, i) => (parent = joinHop(state, hop, parent, type, i === chain.length - 1, binds)));
      alias = parent;
      state.joined.set(key, alias);
    }
    joinTree(state, chain[chain.length - 1]!.target, alias, key, subtree, type, binds);
  }
}

/** The JOIN clauses of a relation on `meta` (leading SQL joins, association joins, left joins, other SQL). */
export function joinsSql(meta: ModelMeta, q: QueryState, binds: BindValue[], eagerLoad: AssociationTree = []): string {
  // Most loads join nothing: answer without building the join state.
  if (q.joins.length === 0 && eagerLoad.length === 0) return "";
  return buildJoins(meta, q, binds, eagerLoad).sql;
}

/** The JOIN text, and the table (alias) each joined association path ("/project", "/assignments/user") got. */
export function buildJoins(meta: ModelMeta, q: QueryState, binds: BindValue[], eagerLoad: AssociationTree = []): { sql: string; joined: Map<string, string> } {
  if (q.joins.length === 0 && eagerLoad.length === 0) return { sql: "", joined: new Map() };
  const state: JoinState = { used: new Set([meta.tableName]), joined: new Map(), references: new Set(q.references), parts: [] };
  const firstAssociation = q.joins.findIndex((j) => j.kind !== "sql");
  const leading = q.joins.filter((j, i) => j.kind === "sql" && (firstAssociation === -1 || i < firstAssociation));
  const trailing = q.joins.filter((j) => j.kind === "sql" && !leading.includes(j));
  const sql = (j: JoinSpec) => {
    if (j.kind !== "sql") return "";
    binds.push(...(j.binds ?? []));
    return j.sql.trim();
  };
  state.parts.push(...leading.map(sql));
  for (const j of q.joins) if (j.kind === "inner") joinTree(state, meta, meta.tableName, "", j.tree, "INNER", binds);
  for (const j of q.joins) if (j.kind === "left") joinTree(state, meta, meta.tableName, "", j.tree, "LEFT OUTER", binds);
  joinTree(state, meta, meta.tableName, "", eagerLoad, "LEFT OUTER", binds);
  state.parts.push(...trailing.map(sql));
  return { sql: state.parts.map((p) => ` ${p}`).join(""), joined: state.joined };
}
