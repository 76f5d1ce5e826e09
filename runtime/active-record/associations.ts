// Wires the association runtime together: which association object each kind gets, and how a relation loads its
// records (plain SELECT, or eager_load's JOIN) before preloading includes/preload. Imported once by define.ts.
//
//   belongs_to -> BelongsToAssociation   has_one -> HasOneAssociation   has_many -> HasManyAssociation (+ proxy)
//   relation.to_a                        SELECT "t".* ... ; then includes/preload batches (preload.ts)
//   includes + joins/references          one SELECT with t0_r0 aliases (eager-load.ts), then preload values
import { setAssociationFactory } from "./association.js";
import { BelongsToAssociation, setCounterUpdater } from "./belongs-to.js";
import { counterCacheAfterDelete, counterCacheAfterInsert, counterUpdate } from "./association-callbacks.js";
import "./collection.js";
import { eagerLoad, isEagerLoading } from "./eager-load.js";
import { HasManyAssociation } from "./has-many.js";
import { HasOneAssociation } from "./has-one.js";
import { setCounterCacheHooks } from "./lifecycle.js";
import { preloadTree } from "./preload.js";
import { projection, selectSql } from "./query.js";
import { callProc } from "../active-support/callback-conditions.js";
import { setJoinHooks } from "./joins.js";
import { modelClass, type ModelMeta } from "./model.js";
import { Relation, setLoader } from "./relation.js";
import { typeCondition } from "./scoping.js";

setAssociationFactory((owner, reflection) => {
  if (reflection.kind === "belongs_to") return new BelongsToAssociation(owner, reflection);
  if (reflection.kind === "has_one") return new HasOneAssociation(owner, reflection);
  return new HasManyAssociation(owner, reflection);
});

setCounterUpdater(counterUpdate);

// Join ON clauses: predicates of the target's default scope and of the association's scope, evaluated on a bare
// relation of the target (Reflection#join_scope), and its STI condition.
const bare = (meta: ModelMeta) => {
  const model = modelClass(meta.className);
  const Cls = (meta.relationClass as typeof Relation | undefined) ?? Relation;
  return new Cls(model);
};
const predicatesOf = (r: unknown) => (r instanceof Relation ? r.queryState().where : []);
setJoinHooks({
  typeCondition: (target, table) => typeCondition(target, table),
  defaultScopePredicates: (target) => target.defaultScopes.flatMap((body) => predicatesOf(callProc(body, bare(target)))),
  scopePredicates: (hop) => (hop.assoc.scope ? predicatesOf(callProc(hop.assoc.scope, bare(hop.target), null)) : []),
});
setCounterCacheHooks({ afterInsert: counterCacheAfterInsert, afterDelete: counterCacheAfterDelete });

setLoader((relation, q) => {
  const meta = relation.meta;
  const eager = isEagerLoading(meta, q);
  let records;
  if (eager) records = eagerLoad(relation, q, [...q.eagerLoad, ...q.includes]);
  else {
    const sql = selectSql(meta.tableName, q, relation.joinRenderer(), projection(meta.tableName, q, meta.types));
    records = relation.run(sql, "Load", q).map((row) => relation.model.instantiate(row));
  }
  if (q.preload.length > 0 || (!eager && q.includes.length > 0)) preloadTree(records, eager ? q.preload : [...q.includes, ...q.preload]);
  return records;
});
