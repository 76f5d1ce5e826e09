// UniquenessValidator (Active Record 7.2): one SELECT 1 AS one ... LIMIT ? per check, named "<Model> Exists?".
//
//   validates :code, uniqueness: true                     WHERE "t"."code" = ?            (nil -> IS NULL)
//   uniqueness: { case_sensitive: false }                  WHERE LOWER("t"."code") = LOWER(?)
//   a persisted record                                     AND "t"."id" != ?   (its id in the database)
//   uniqueness: { scope: :category }                       AND "t"."category" = ? (or IS NULL)
//   uniqueness: { conditions: -> { where(active: true) } } the lambda's conditions added
//   a persisted record, attribute and scope unchanged     no query, when a unique index covers them
//     and not nil (validation_needed?)                     (never with conditions: or case_sensitive:)
import type { Node } from "./arel.js";
import { callProc } from "../active-support/callback-conditions.js";
import { metaOf, modelClass, type ModelMeta, type RecordLike } from "./model.js";
import { build, columnValue } from "./predicates.js";
import type { Relation } from "./relation.js";
import { baseRelation } from "./scoping.js";
import { except, type Check } from "../active-model/validators.js";

/** The uniqueness check for the class that declared it (`finder`): STI subclasses query through it. */
export function uniqueness(finder: string): Check {
  return (validated, attribute, value, options) => {
    const record = validated as RecordLike;
    const cls = modelClass(finder);
    const meta = metaOf(cls);
    const table = { table: meta.tableName, meta };
    const attr = { table: meta.tableName, column: attribute };
    if (record.isPersisted() && !validationNeeded(meta, record, attribute, options)) return;
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

type Dirty = RecordLike & { isAttributeChanged(name: string): boolean };

/**
 * UniquenessValidator#validation_needed? (activerecord 7.2): a persisted record skips the query when neither the
 * attribute nor its scope changed, none is nil, and a unique index without a WHERE lies within scope + attribute.
 * Associations in the list stand for their foreign key (and type, when polymorphic), as resolve_attributes says.
 */
function validationNeeded(meta: ModelMeta, record: RecordLike, attribute: string, options: { [key: string]: unknown }): boolean {
  if (options.conditions || "case_sensitive" in options) return true;
  const scope = ([] as string[]).concat((options.scope as string | string[] | undefined) ?? []);
  const columns = resolveAttributes(metaOf(record.constructor), [...scope, attribute]);
  if (columns.some((c) => (record as Dirty).isAttributeChanged(c) || record.readAttribute(c) === null || record.readAttribute(c) === undefined)) return true;
  const covered = (meta.descriptor.uniqueIndexes ?? []).some((index) => index.every((c) => columns.includes(c)));
  return !covered;
}

function resolveAttributes(meta: ModelMeta, names: string[]): string[] {
  return names.flatMap((name) => {
    const reflection = meta.associations.get(name);
    if (!reflection) return [name];
    return reflection.polymorphic && reflection.foreignType ? [reflection.foreignKey, reflection.foreignType] : [reflection.foreignKey];
  });
}
