// eager_load (and includes that must join): one SELECT with every table's columns aliased, as Rails' JoinDependency
// writes it, then the rows folded back into records and loaded associations.
//
//   Assignment.eager_load(:project)             SELECT "assignments"."id" AS t0_r0, ..., "projects"."id" AS t1_r0, ...
//                                            FROM "assignments" LEFT OUTER JOIN "projects" ON ...       (named "SQL")
//   includes(:project).joins(:project)             the same columns over the INNER JOIN (joined includes eager-load)
//   includes(:assignments).where(assignments: {...})   referenced tables make includes eager-load
// Records are deduplicated per table by primary key; a NULL key leaves the association loaded and empty.
import type { BindValue } from "./connection/connection.js";
import { connection } from "./connection/current.js";
import { quoteName } from "./connection/schema.js";
import { association } from "./association.js";
import type { HasManyAssociation } from "./has-many.js";
import { buildJoins, treeEntries } from "./joins.js";
import { metaOf, modelClass, type AssociationMeta, type ModelMeta, type RecordLike } from "./model.js";
import { orderSql, type AssociationTree, type QueryState } from "./query.js";
import { hops } from "./reflection.js";
import type { Relation } from "./relation.js";
import { whereSql } from "./where-clause.js";

interface JoinNode {
  assoc: AssociationMeta | null;
  meta: ModelMeta;
  table: string;
  index: number;
  children: JoinNode[];
}

/** eager_loading?: eager_load values, or includes that are joined or whose tables are referenced. */
export function isEagerLoading(meta: ModelMeta, q: QueryState): boolean {
  if (q.eagerLoad.length) return true;
  if (!q.includes.length) return false;
  // Nothing joined and nothing referenced: no include can be joined or referenced (the checks below answer false).
  if (q.joins.length === 0 && q.references.length === 0) return false;
  const included = treeEntries(q.includes).map(([name]) => name);
  const joinedNames = q.joins.flatMap((j) => (j.kind === "sql" ? [] : treeEntries(j.tree).map(([n]) => n)));
  if (included.some((n) => joinedNames.includes(n))) return true;
  const joinedTables = new Set([meta.tableName, ...joinedNames.flatMap((n) => tablesOf(meta, n))]);
  return q.references.some((t) => !joinedTables.has(t));
}

function tablesOf(meta: ModelMeta, name: string): string[] {
  const assoc = meta.associations.get(name);
  return assoc && !assoc.polymorphic ? hops(meta, assoc).map((h) => h.target.tableName) : [];
}

function buildTree(meta: ModelMeta, tree: AssociationTree, joined: Map<string, string>, path: string, counter: { n: number }): JoinNode[] {
  return treeEntries(tree).map(([name, subtree]) => {
    const assoc = meta.associations.get(name);
    if (!assoc) throw new Error(`Association named '${name}' was not found on ${meta.className}; perhaps you misspelled it?`);
    const chain = hops(meta, assoc);
    const target = chain[chain.length - 1]!.target;
    const key = `${path}/${name}`;
    const node: JoinNode = { assoc, meta: target, table: joined.get(key) ?? target.tableName, index: counter.n++, children: [] };
    node.children = buildTree(target, subtree, joined, key, counter);
    return node;
  });
}

function walk(node: JoinNode): JoinNode[] {
  return [node, ...node.children.flatMap(walk)];
}

export function eagerLoad(relation: Relation<RecordLike>, q: QueryState, tree: AssociationTree): RecordLike[] {
  const meta = relation.meta;
  const binds: BindValue[] = [];
  const joins = buildJoins(meta, q, binds, tree);
  const root: JoinNode = { assoc: null, meta, table: meta.tableName, index: 0, children: [] };
  root.children = buildTree(meta, tree, joins.joined, "", { n: 1 });
  const nodes = walk(root);
  const columns = nodes.flatMap((n) => n.meta.columns.map((c, i) => `${quoteName(n.table)}.${quoteName(c.name)} AS t${n.index}_r${i}`));
  let sql = `SELECT ${q.distinct ? "DISTINCT " : ""}${columns.join(", ")} FROM ${quoteName(meta.tableName)}${joins.sql}${whereSql(q.where, binds)}${orderSql(q.orders)}`;
  if (q.limit !== null) sql += (binds.push(q.limit), " LIMIT ?");
  if (q.offset !== null) sql += (binds.push(q.offset), " OFFSET ?");
  const rows = connection().select(sql, binds, "SQL");
  return construct(root, rows);
}

function instantiate(node: JoinNode, row: { [k: string]: unknown }): RecordLike {
  const attrs: { [k: string]: unknown } = {};
  node.meta.columns.forEach((c, i) => (attrs[c.name] = row[`t${node.index}_r${i}`]));
  return modelClass(node.meta.className).instantiate(attrs);
}

function construct(root: JoinNode, rows: Array<{ [k: string]: unknown }>): RecordLike[] {
  const parents = new Map<string, RecordLike>();
  const cache = new Map<JoinNode, Map<string, RecordLike>>();
  const seen = new Map<RecordLike, Set<string>>();
  const pkAlias = (n: JoinNode) => `t${n.index}_r${n.meta.columns.findIndex((c) => c.name === n.meta.primaryKey)}`;
  for (const row of rows) {
    const id = String(row[pkAlias(root)]);
    let parent = parents.get(id);
    if (!parent) parents.set(id, (parent = instantiate(root, row)));
    constructChildren(parent, root, row, cache, seen, pkAlias);
  }
  return [...parents.values()];
}

function constructChildren(
  parent: RecordLike, node: JoinNode, row: { [k: string]: unknown }, cache: Map<JoinNode, Map<string, RecordLike>>,
  seen: Map<RecordLike, Set<string>>, pkAlias: (n: JoinNode) => string,
): void {
  for (const child of node.children) {
    const a = association(parent, child.assoc!.name);
    const id = row[pkAlias(child)];
    if (id === null || id === undefined) {
      if (!a.loaded) (child.assoc!.kind === "has_many" ? (a as HasManyAssociation).loadRows([]) : a.markLoaded(null));
      continue;
    }
    const perNode = cache.get(child) ?? new Map<string, RecordLike>();
    cache.set(child, perNode);
    let record = perNode.get(String(id));
    if (!record) perNode.set(String(id), (record = instantiate(child, row)));
    const key = `${child.index}:${String(id)}`;
    const mine = seen.get(parent) ?? new Set<string>();
    seen.set(parent, mine);
    if (!mine.has(key)) {
      mine.add(key);
      if (child.assoc!.kind === "has_many") {
        const many = a as HasManyAssociation;
        if (!many.loaded) many.loadRows([]);
        many.target.push(record);
      } else a.markLoaded(record);
      a.setInverseInstance(record);
    }
    constructChildren(record, child, row, cache, seen, pkAlias);
  }
}

export { metaOf };
