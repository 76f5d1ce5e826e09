// ActiveRecord::Associations::AssociationScope: the relation an association reads from, in Rails 7.2's SQL.
//
//   task.project                  SELECT "projects".* FROM "projects" WHERE "projects"."id" = ? LIMIT ?
//   user.tasks                 ... WHERE "tasks"."author_id" = ?
//   user.notes  (as: :notable)    ... WHERE "notes"."notable_id" = ? AND "notes"."notable_type" = ?
//   project.users  (through)         SELECT "users".* FROM "users" INNER JOIN "assignments"
//                                   ON "users"."id" = "assignments"."user_id" WHERE "assignments"."project_id" = ?
//   user.visible_tasks       the chain walked back from the target, one join per hop
//   crew.ship_notes  (through ships, source notes as: :notable)   ... AND "notes"."notable_type" = ? ("Ship")
//   has_many :x, -> { order(:y) } the lambda runs on the relation (this = relation, first argument = owner)
import { quoteName } from "./connection/schema.js";
import { callProc } from "../active-support/callback-conditions.js";
import { metaOf, modelClass, type AssociationMeta, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { build } from "./predicates.js";
import { column } from "./query.js";
import { hops, joinKeys, type Hop } from "./reflection.js";
import type { Relation } from "./relation.js";
import { baseRelation } from "./scoping.js";

/** The class a belongs_to points at for this owner (a polymorphic one reads its *_type column). */
export function belongsToClass(owner: RecordLike, assoc: AssociationMeta): ModelClassLike | null {
  if (!assoc.polymorphic) return modelClass(assoc.className);
  const type = owner.readAttribute(assoc.foreignType!);
  return typeof type === "string" && type !== "" ? modelClass(type) : null;
}

function withScopeLambda(relation: Relation<RecordLike>, hop: Hop, owner: RecordLike | null): Relation<RecordLike> {
  if (!hop.assoc.scope) return relation;
  return (callProc(hop.assoc.scope, relation, owner) as Relation<RecordLike> | null) ?? relation;
}

/** The through joins, from the target back towards the owner (every hop but the first). */
function throughJoins(chain: Hop[]): string[] {
  const joins: string[] = [];
  for (let i = chain.length - 1; i >= 1; i--) {
    const hop = chain[i]!;
    const { targetColumn, ownerColumn } = joinKeys(hop.owner, hop.assoc);
    const on = `${column(hop.target.tableName, targetColumn)} = ${column(hop.owner.tableName, ownerColumn)}`;
    joins.push(`INNER JOIN ${quoteName(hop.owner.tableName)} ON ${on}`);
  }
  return joins;
}

/** The association's relation for `owner` (not loaded): what readers, counts and collection queries use. */
export function associationScope(owner: RecordLike, ownerMeta: ModelMeta, assoc: AssociationMeta): Relation<RecordLike> {
  if (assoc.kind === "belongs_to") {
    const cls = belongsToClass(owner, assoc);
    if (!cls) throw new Error(`${assoc.name}: no class (${assoc.foreignType} is blank)`);
    const target = metaOf(cls);
    const key = assoc.primaryKey ?? target.primaryKey;
    const relation = baseRelation(cls).where({ [key]: owner.readAttribute(assoc.foreignKey) });
    return withScopeLambda(relation, { owner: ownerMeta, assoc, target }, owner);
  }
  const chain = hops(ownerMeta, assoc);
  const last = chain[chain.length - 1]!;
  let relation = baseRelation(modelClass(last.target.className)) as Relation<RecordLike>;
  for (const sql of throughJoins(chain)) relation = relation.joins(sql);
  const first = chain[0]!;
  const { targetColumn, ownerColumn } = joinKeys(first.owner, first.assoc);
  const table = { table: first.target.tableName, meta: first.target };
  const where = [build(table, { table: table.table, column: targetColumn }, owner.readAttribute(ownerColumn))];
  if (first.assoc.as) where.push(build(table, { table: table.table, column: first.assoc.foreignType! }, ownerMeta.baseClassName));
  // next_chain_scope: a polymorphic hop further along the chain constrains its type column too (in the WHERE).
  for (let i = chain.length - 1; i >= 1; i--) {
    const hop = chain[i]!;
    if (!hop.assoc.as) continue;
    where.push(build({ table: hop.target.tableName, meta: hop.target }, { table: hop.target.tableName, column: hop.assoc.foreignType! }, hop.owner.baseClassName));
  }
  relation = relation.spawn({ ...relation.queryState(), where: [...relation.queryState().where, ...where] });
  for (const hop of [...chain].reverse()) relation = withScopeLambda(relation, hop, hop === first ? owner : null);
  return relation;
}
