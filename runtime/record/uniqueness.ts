// UniquenessValidator (Active Record 7.2): one SELECT 1 AS one ... LIMIT ? per check, named "<Model> Exists?".
//
//   validates :code, uniqueness: true                     WHERE "t"."code" = ?            (nil -> IS NULL)
//   uniqueness: { case_sensitive: false }                  WHERE LOWER("t"."code") = LOWER(?)
//   a persisted record                                     AND "t"."id" != ?   (its id in the database)
//   uniqueness: { scope: :category }                       AND "t"."category" = ? (or IS NULL)
//   uniqueness: { conditions: -> { where(active: true) } } the lambda's conditions added
import type { Node } from "./arel.js";
import { callProc } from "./conditions.js";
import { metaOf, modelClass, type RecordLike } from "./model.js";
import { build, columnValue } from "./predicates.js";
import type { Relation } from "./relation.js";
import { baseRelation } from "./scoping.js";
import { except, type Check } from "./validators.js";

/** The uniqueness check for the class that declared it (`finder`): STI subclasses query through it. */
export function uniqueness(finder: string): Check {
  return (record, attribute, value, options) => {
    const cls = modelClass(finder);
    const meta = metaOf(cls);
    const table = { table: meta.tableName, meta };
    const attr = { table: meta.tableName, column: attribute };
    const bound = columnValue(meta, attribute, value);
    const caseInsensitive = options.case_sensitive === false && typeof value === "string";
    const where = (relation: Relation<RecordLike>, predicates: Node[]) =>
      relation.spawn({ ...relation.queryState(), where: [...relation.queryState().where, ...predicates] });
    // validate_each's order: the attribute, the record's own id excluded, then scope_relation, then conditions.
    let relation = where(baseRelation(cls) as Relation<RecordLike>, [caseInsensitive && bound !== null ? { k: "lowerEq", attr, value: bound } : build(table, attr, value)]);
    if (record.isPersisted()) {
      const pk = meta.primaryKey;
      const was = (record as unknown as { attributeWas(n: string): unknown }).attributeWas(pk);
      relation = relation.whereNot({ [pk]: was ?? record.readAttribute(pk) });
    }
    const scope = ([] as string[]).concat((options.scope as string | string[] | undefined) ?? []);
    relation = where(relation, scope.map((s) => build(table, { table: meta.tableName, column: s }, record.readAttribute(s))));
    if (typeof options.conditions === "function") relation = (callProc(options.conditions, relation) as Relation<RecordLike> | null) ?? relation;
    if (relation.exists()) record.errors.add(attribute, "taken", { ...except(options, "case_sensitive", "scope", "conditions"), value });
  };
}
