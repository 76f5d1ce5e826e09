// ActiveRecord::Associations::Preloader: includes / preload load each association for all loaded records with
// one query per association (and per class, for polymorphic belongs_to), as Rails batches them.
//
//   Task.includes(:author, :votes)      SELECT "users".* ... WHERE "users"."id" IN (?, ?, ?)   (keys unique,
//                                            in first-seen order; one key -> "id" = ?)
//                                            SELECT "votes".* ... WHERE "votes"."task_id" IN (...)
//   Project.includes(assignments: :user)        assignments for all projects, then users for all those assignments
//   Project.preload(:users)  (through)          the through association first, then the source on its records
//   Note.preload(:notable) (polymorphic)     one query per *_type, in first-seen order
// Associations already loaded are not loaded again; children get their inverse set to the owner.
import { association, type Association } from "./association.js";
import { belongsToClass } from "./association-scope.js";
import type { BelongsToAssociation } from "./belongs-to.js";
import type { HasManyAssociation } from "./has-many.js";
import { treeEntries } from "./joins.js";
import { metaOf, modelClass, type AssociationMeta, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { build } from "./predicates.js";
import type { AssociationTree } from "./query.js";
import { joinKeys, sourceReflection, targetMeta } from "./reflection.js";
import type { Relation } from "./relation.js";
import { baseRelation } from "./scoping.js";
import { callProc } from "../active-support/callback-conditions.js";

const keyOf = (v: unknown) => (v === null || v === undefined ? null : String(v));

function uniqueKeys(values: unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const v of values) if (v !== null && v !== undefined && !seen.has(String(v))) seen.set(String(v), v);
  return [...seen.values()];
}

/** Preloads a tree of associations onto records (of one or several classes). */
export function preloadTree(records: RecordLike[], tree: AssociationTree): void {
  if (records.length === 0) return;
  for (const [name, subtree] of treeEntries(tree)) {
    // Grouped by reflection, as Rails' Preloader does: STI subclasses share their parent's (one query for all).
    const byReflection = new Map<AssociationMeta, { meta: ModelMeta; owners: RecordLike[] }>();
    for (const r of records) {
      const meta = metaOf(r.constructor);
      const assoc = meta.associations.get(name);
      if (!assoc) throw new Error(`Association named '${name}' was not found on ${meta.className}; perhaps you misspelled it?`);
      const group = byReflection.get(assoc) ?? { meta, owners: [] };
      group.owners.push(r);
      byReflection.set(assoc, group);
    }
    const loaded: RecordLike[] = [];
    for (const [assoc, { meta, owners }] of byReflection) loaded.push(...preloadOne(owners, meta, assoc));
    if (subtree.length) preloadTree(uniqueRecords(loaded), subtree);
  }
}

function uniqueRecords(records: RecordLike[]): RecordLike[] {
  return [...new Set(records)];
}

/** Loads one association for owners of one class; returns the records loaded (for nested preloads). */
export function preloadOne(owners: RecordLike[], meta: ModelMeta, assoc: AssociationMeta): RecordLike[] {
  const pending = owners.filter((o) => !association(o, assoc.name).loaded);
  if (assoc.through) return preloadThrough(owners, pending, meta, assoc);
  if (assoc.kind === "belongs_to") return preloadBelongsTo(owners, pending, assoc);
  const targets = pending.length ? loadChildren(pending, meta, assoc) : [];
  const { targetColumn, ownerColumn } = joinKeys(meta, assoc);
  for (const owner of pending) {
    const key = keyOf(owner.readAttribute(ownerColumn));
    const mine = targets.filter((t) => key !== null && keyOf(t.readAttribute(targetColumn)) === key);
    assign(owner, assoc, mine);
  }
  return inQueryOrder(targets, owners, assoc);
}

/** What a preload step loaded, in query order, then targets owners already had (for nested steps and sorting). */
function inQueryOrder(queried: RecordLike[], owners: RecordLike[], assoc: AssociationMeta): RecordLike[] {
  const seen = new Set(queried);
  return [...queried, ...owners.flatMap((o) => loadedTargets(association(o, assoc.name))).filter((r) => !seen.has(r) && (seen.add(r), true))];
}

function loadChildren(owners: RecordLike[], meta: ModelMeta, assoc: AssociationMeta): RecordLike[] {
  const target = targetMeta(meta, assoc);
  const { targetColumn, ownerColumn } = joinKeys(meta, assoc);
  const keys = uniqueKeys(owners.map((o) => o.readAttribute(ownerColumn)));
  if (keys.length === 0) return [];
  let relation = baseRelation(modelClass(target.className)) as Relation<RecordLike>;
  // The association's scope comes first, then the keys (Preloader::Association#build_scope).
  if (assoc.scope) relation = (callProc(assoc.scope, relation, null) as Relation<RecordLike> | null) ?? relation;
  const table = { table: target.tableName, meta: target };
  const where = [build(table, { table: target.tableName, column: targetColumn }, keys)];
  if (assoc.as) where.push(build(table, { table: target.tableName, column: assoc.foreignType! }, meta.baseClassName));
  return relation.spawn({ ...relation.queryState(), where: [...relation.queryState().where, ...where] }).toA();
}

function preloadBelongsTo(owners: RecordLike[], pending: RecordLike[], assoc: AssociationMeta): RecordLike[] {
  const groups = new Map<ModelClassLike, RecordLike[]>();
  for (const o of pending) {
    const cls = belongsToClass(o, assoc);
    if (!cls) continue;
    const group = groups.get(cls);
    if (group) group.push(o);
    else groups.set(cls, [o]);
  }
  const found = new Map<ModelClassLike, RecordLike[]>();
  // Each class's targets by key (the first of a key, as a search in query order finds it).
  const byKey = new Map<ModelClassLike, Map<string, RecordLike>>();
  for (const [cls, group] of groups) {
    const pk = assoc.primaryKey ?? metaOf(cls).primaryKey;
    const keys = uniqueKeys(group.map((o) => o.readAttribute(assoc.foreignKey)));
    const targets = keys.length ? baseRelation(cls).where({ [pk]: keys }).toA() : [];
    found.set(cls, targets);
    const index = new Map<string, RecordLike>();
    for (const t of targets) {
      const key = keyOf(t.readAttribute(pk));
      if (key !== null && !index.has(key)) index.set(key, t);
    }
    byKey.set(cls, index);
  }
  for (const o of pending) {
    const cls = belongsToClass(o, assoc);
    const key = keyOf(o.readAttribute(assoc.foreignKey));
    const target = cls && key !== null ? (byKey.get(cls)?.get(key) ?? null) : null;
    const a = association<BelongsToAssociation>(o, assoc.name);
    a.markLoaded(target);
    a.setInverseInstance(target);
  }
  return inQueryOrder([...found.values()].flat(), owners, assoc);
}

function preloadThrough(owners: RecordLike[], pending: RecordLike[], meta: ModelMeta, assoc: AssociationMeta): RecordLike[] {
  const through = meta.associations.get(assoc.through!)!;
  const middle = preloadOne(pending, meta, through);
  const source = sourceReflection(meta, assoc);
  const loaded = middle.length ? preloadOne(uniqueRecords(middle), metaOf(middle[0]!.constructor), source) : [];
  // An ordered source (its scope or default scope) keeps the source query's order across through records.
  const sourceMeta = targetMeta(metaOf(middle[0]?.constructor ?? Object), source);
  const ordered = middle.length > 0 && baseRelation(modelClass(sourceMeta.className)).queryState().orders.length > 0;
  const index = new Map(loaded.map((r, i) => [r, i]));
  for (const owner of pending) {
    const via = loadedTargets(association(owner, through.name));
    const records = via.flatMap((m) => loadedTargets(association(m, source.name)));
    if (ordered) records.sort((a, b) => (index.get(a) ?? 0) - (index.get(b) ?? 0));
    assign(owner, assoc, records);
  }
  return owners.flatMap((o) => loadedTargets(association(o, assoc.name)));
}

function assign(owner: RecordLike, assoc: AssociationMeta, records: RecordLike[]): void {
  const a = association(owner, assoc.name);
  if (assoc.kind === "has_many") (a as HasManyAssociation).loadRows(records);
  else {
    a.markLoaded(records[0] ?? null);
    a.setInverseInstance(records[0] ?? null);
  }
}

function loadedTargets(a: Association): RecordLike[] {
  const t = a.target;
  if (Array.isArray(t)) return t as RecordLike[];
  return t ? [t as RecordLike] : [];
}
