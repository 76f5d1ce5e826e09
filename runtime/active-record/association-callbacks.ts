// The callbacks each association declaration registers (Associations::Builder + AutosaveAssociation), in Rails'
// registration order, so they interleave with the model's own callbacks exactly as declared:
//
//   belongs_to  [dependent after_destroy] autosave before_save, counter_cache after_update, touch after_create/
//               after_update/after_destroy/after_touch, default before_validation, required validate ("must exist",
//               checked only when the key is nil or changed — belongs_to_required_validates_foreign_key = false)
//   has_many    [dependent before_destroy] autosave after_create/after_update (new records, or all when the
//               owner was new), validate ("Assignments is invalid")
//   has_one     [dependent before_destroy] autosave after_create/after_update
import { isNoTouching } from "./no-touching.js";
import { isBlank } from "../ruby/ruby.js";
import { association, inverseOf } from "./association.js";
import { belongsTo } from "./belongs-to.js";
import type { CallbackOptions } from "./callbacks.js";
import { callProc } from "../active-support/callback-conditions.js";
import { HasManyAssociation, hasMany } from "./has-many.js";
import { hasOne } from "./has-one.js";
import { metaOf, modelClass, type AssociationMeta, type CallbackFn, type RecordLike } from "./model.js";
import { touchLater, type Lifecycle } from "./lifecycle.js";
import { baseRelation } from "./scoping.js";
import { Rollback } from "./connection/transactions.js";

type Entry = [event: string, fn: CallbackFn, options?: CallbackOptions];
type Changes = { [name: string]: [unknown, unknown] };
type Dirty = RecordLike & { savedChanges(): Changes; changes(): Changes; isAttributeChanged(n: string): boolean; isValid(c?: string): boolean };

const dirty = (r: RecordLike) => r as Dirty;

/**
 * The callbacks an association adds to its owner. A declined association (declined.ts) keeps only its dependent:
 * one, which raises through the association on destroy: autosave and validation have nothing to act on, since
 * nothing of it can be loaded or built without raising.
 */
export function associationCallbacks(assoc: AssociationMeta): Entry[] {
  return ownCallbacks(assoc).map(([event, fn, options]) => [event, event === "before_destroy" ? fn : (r) => void (assoc.declined ? null : fn(r)), options]);
}

function ownCallbacks(assoc: AssociationMeta): Entry[] {
  if (assoc.kind === "belongs_to") return belongsToCallbacks(assoc);
  const out: Entry[] = [];
  if (assoc.dependent) {
    out.push(["before_destroy", (r) => (assoc.kind === "has_one" ? hasOne(r, assoc.name) : hasMany(r, assoc.name)).handleDependency()]);
  }
  if (assoc.kind === "has_one") {
    out.push(["after_create", (r) => autosaveHasOne(r, assoc)], ["after_update", (r) => autosaveHasOne(r, assoc)]);
    return out;
  }
  out.push(["after_create", (r) => autosaveCollection(r, assoc, true)], ["after_update", (r) => autosaveCollection(r, assoc, false)]);
  if (assoc.validate) out.push(["validate", (r) => validateCollection(r, assoc)]);
  return out;
}

function belongsToDependency(r: RecordLike, assoc: AssociationMeta): void {
  const target = belongsTo(r, assoc.name).reader() as (RecordLike & { destroy(): unknown; delete(): unknown }) | null;
  if (!target) return;
  if (assoc.dependent === "destroy") {
    if (target.destroy() === false) throw new Rollback();
  } else target.delete();
}

function belongsToCallbacks(assoc: AssociationMeta): Entry[] {
  const out: Entry[] = [["before_save", (r) => autosaveBelongsTo(r, assoc)]];
  // BelongsToAssociation#handle_dependency, after_destroy: the target destroyed (a false destroy rolls back), or deleted.
  if (assoc.dependent) out.push(["after_destroy", (r) => belongsToDependency(r, assoc)]);
  if (assoc.counterCache) out.push(["after_update", (r) => counterCacheAfterUpdate(r, assoc)]);
  if (assoc.touch) {
    const onSaved = (r: RecordLike) => {
      const changes = dirty(r).savedChanges();
      if (Object.keys(changes).length) touchRecord(r, assoc, changes);
    };
    if (!assoc.counterCache) {
      out.push(["after_create", onSaved], ["after_update", onSaved], ["after_destroy", (r) => touchRecord(r, assoc, dirty(r).changes())]);
    } else out.push(["after_update", (r) => void (targetChanged(r, assoc) || onSaved(r))]);
    out.push(["after_touch", (r) => touchRecord(r, assoc, dirty(r).changes())]);
  }
  if (assoc.default) {
    const fn = assoc.default;
    out.push(["before_validation", (r) => void (belongsTo(r, assoc.name).reader() === null && belongsTo(r, assoc.name).writer(callProc(fn, r) as RecordLike | null))]);
  }
  if (!assoc.optional) out.push(["validate", (r) => validateRequired(r, assoc)]);
  return out;
}

function validateRequired(record: RecordLike, assoc: AssociationMeta): void {
  const changedOrNil = (column: string) => record.readAttribute(column) === null || dirty(record).isAttributeChanged(column);
  const check = changedOrNil(assoc.foreignKey) || (assoc.polymorphic && changedOrNil(assoc.foreignType!));
  if (check && isBlank(belongsTo(record, assoc.name).reader())) record.errors.add(assoc.name, "blank", { message: "required" });
}

function autosaveBelongsTo(record: RecordLike, assoc: AssociationMeta): void {
  const a = belongsTo(record, assoc.name);
  if (!a.isCurrent()) return;
  const target = a.target as RecordLike | null;
  if (!target || (target as unknown as { isDestroyed(): boolean }).isDestroyed() || assoc.autosave === false) return;
  if (target.isNewRecord() || (assoc.autosave && (target as unknown as { isChanged(): boolean }).isChanged())) target.save({ validate: !assoc.autosave });
  if (a.updated) {
    const key = target.readAttribute(assoc.primaryKey ?? metaOf(target.constructor).primaryKey);
    if (String(record.readAttribute(assoc.foreignKey)) !== String(key)) record.writeAttribute(assoc.foreignKey, key);
    a.markLoaded(target);
  }
}

function targetChanged(record: RecordLike, assoc: AssociationMeta): boolean {
  return assoc.foreignKey in dirty(record).savedChanges();
}

function counterCacheAfterUpdate(record: RecordLike, assoc: AssociationMeta): void {
  const change = dirty(record).savedChanges()[assoc.foreignKey];
  if (!change) return;
  belongsTo(record, assoc.name).updateCounters(1);
  const cls = modelClass(assoc.className);
  if (change[0] !== null && change[0] !== undefined) counterUpdate(cls, change[0], assoc.counterCache!, -1, assoc.touch);
}

/** The association (a has_many with dependent: :destroy) destroying this record, if any (destroyed_by_association). */
export const DESTROYED_BY = Symbol.for("rails2ts.destroyedByAssociation");

/** After the INSERT, inside the create callbacks: each counter_cache belongs_to adds one. */
export function counterCacheAfterInsert(record: RecordLike): void {
  for (const a of metaOf(record.constructor).associations.values()) {
    if (a.kind === "belongs_to" && a.counterCache) belongsTo(record, a.name).updateCounters(1);
  }
}

/** After the DELETE: each counter_cache belongs_to subtracts one, unless its parent is the one destroying us. */
export function counterCacheAfterDelete(record: RecordLike): void {
  const by = (record as unknown as { [DESTROYED_BY]?: AssociationMeta })[DESTROYED_BY];
  for (const a of metaOf(record.constructor).associations.values()) {
    if (a.kind !== "belongs_to" || !a.counterCache || (by && by.foreignKey === a.foreignKey)) continue;
    belongsTo(record, a.name).updateCounters(-1);
  }
}

/** `Model.where(pk => key).update_counters(column => by, touch:)`. */
export function counterUpdate(cls: ReturnType<typeof modelClass>, key: unknown, column: string, by: number, touch: boolean | string): void {
  const relation = baseRelation(cls).where({ [metaOf(cls).primaryKey]: key }) as unknown as { updateCounters(c: object, t: unknown): number };
  relation.updateCounters({ [column]: by }, touch);
}

// BelongsTo.touch_record: the old parent (when the key moved) and the current one, each touched later.
function touchRecord(record: RecordLike, assoc: AssociationMeta, changes: Changes): void {
  const column = typeof assoc.touch === "string" ? [assoc.touch] : [];
  const old = changes[assoc.foreignKey]?.[0];
  if (old !== undefined && old !== null && !assoc.polymorphic) {
    const cls = modelClass(assoc.className);
    const previous = baseRelation(cls).findBy({ [assoc.primaryKey ?? metaOf(cls).primaryKey]: old });
    if (previous) touchParentLater(previous, column);
  }
  const parent = belongsTo(record, assoc.name).reader();
  if (parent && parent.isPersisted()) touchParentLater(parent, column);
}

export function touchParentLater(record: RecordLike, columns: string[] = []): void {
  if (isNoTouching(record.constructor)) return;
  touchLater(record as unknown as Lifecycle, metaOf(record.constructor), columns, (r) => {
    for (const a of metaOf(r.constructor).associations.values()) {
      if (a.kind === "belongs_to" && a.touch) touchRecord(r, a, dirty(r).changes());
    }
  });
}

function autosaveHasOne(record: RecordLike, assoc: AssociationMeta): void {
  const a = association(record, assoc.name);
  if (!a.loaded || assoc.autosave === false || assoc.through) return;
  const target = a.target as RecordLike | null;
  if (!target || (target as unknown as { isDestroyed(): boolean }).isDestroyed()) return;
  const key = record.readAttribute(assoc.primaryKey ?? metaOf(record.constructor).primaryKey);
  const keyChanged = String(target.readAttribute(assoc.foreignKey)) !== String(key) || dirty(target).isAttributeChanged(assoc.foreignKey);
  if (!(target.isNewRecord() || keyChanged || (assoc.autosave && (target as unknown as { isChanged(): boolean }).isChanged()))) return;
  if (String(target.readAttribute(assoc.foreignKey)) !== String(key)) target.writeAttribute(assoc.foreignKey, key);
  a.setInverseInstance(target);
  target.save({ validate: !assoc.autosave });
}

/** associated_records_to_validate_or_save: all when the owner is new, else the unsaved (or changed, autosave). */
function pending(a: HasManyAssociation, ownerWasNew: boolean, assoc: AssociationMeta): RecordLike[] {
  if (ownerWasNew) return a.target;
  if (assoc.autosave) return a.target.filter((r) => r.isNewRecord() || (r as unknown as { isChanged(): boolean }).isChanged());
  return a.target.filter((r) => r.isNewRecord());
}

function validateCollection(record: RecordLike, assoc: AssociationMeta): void {
  const a = association(record, assoc.name) as HasManyAssociation;
  for (const child of pending(a, record.isNewRecord(), assoc)) {
    if ((child as unknown as { isDestroyed(): boolean }).isDestroyed()) continue;
    if (!dirty(child).isValid()) {
      if (!record.errors.isAdded(assoc.name, "invalid")) record.errors.add(assoc.name, "invalid");
    }
  }
}

function autosaveCollection(record: RecordLike, assoc: AssociationMeta, ownerWasNew: boolean): void {
  const a = association(record, assoc.name) as HasManyAssociation;
  if (assoc.autosave === false || assoc.through) return;
  for (const child of pending(a, ownerWasNew, assoc)) {
    if ((child as unknown as { isDestroyed(): boolean }).isDestroyed()) continue;
    if (ownerWasNew || child.isNewRecord()) {
      a.setInverseInstance(child);
      a.setOwnerAttributes(child);
      if (!child.save({ validate: assoc.autosave ? false : undefined } as { validate?: boolean }) && assoc.validate) record.errors.add(assoc.name, "invalid");
    } else if (assoc.autosave) child.save({ validate: false });
  }
}

export { inverseOf };
