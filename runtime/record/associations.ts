// belongs_to / has_one / has_many: readers, writers, and the callbacks each declaration registers (Rails'
// Associations::Builder). Targets are found through the registry by class name.
//
//   belongs_to :project                  record.project (SELECT ... WHERE "projects"."id" = ? LIMIT ?, cached until
//                                        project_id changes); record.project = p sets project_id
//     (required by default)              validate: "must exist" when project_id is nil or changed
//     optional: true                     no validation
//   has_many :tasks, dependent: :destroy record.tasks -> CollectionProxy; before_destroy destroys each task
//     (autosave of new records)          validate: "Tasks is invalid"; after_create/after_update save built tasks
//   has_one :profile                     record.profile (SELECT ... WHERE "profiles"."owner_id" = ? LIMIT ?)
import { isBlank } from "../support/ruby.js";
import { CollectionProxy } from "./collection.js";
import { touchLater, type Lifecycle } from "./lifecycle.js";
import type { AssociationDescriptor } from "./meta.js";
import { metaOf, modelClass, type AssociationMeta, type CallbackFn, type ModelMeta, type RecordLike } from "./model.js";
import { Relation, setPreloader } from "./relation.js";

interface SingularState {
  target: RecordLike | null;
  /** The foreign key value the target was loaded for (Rails' stale_state). */
  key: unknown;
}

const STATE = Symbol("rails2ts.associations");
type Cache = Map<string, SingularState | CollectionProxy<RecordLike>>;

function cache(record: RecordLike): Cache {
  const holder = record as unknown as { [STATE]?: Cache };
  return (holder[STATE] ??= new Map());
}

/** Forgets every loaded association of a record (reload). */
export function resetAssociations(record: RecordLike): void {
  cache(record).clear();
}

export function normalizeAssociation(d: AssociationDescriptor): AssociationMeta {
  const o = d.options ?? {};
  return {
    kind: d.kind, name: d.name, className: d.className, foreignKey: d.foreignKey,
    optional: o.optional === true || o.required === false,
    dependent: typeof o.dependent === "string" ? o.dependent : null,
    touch: o.touch === true,
    inverseOf: typeof o.inverse_of === "string" ? o.inverse_of : null,
    validate: o.validate !== false,
  };
}

const sameKey = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a) === String(b);
const primaryKeyOf = (record: RecordLike) => record.readAttribute(metaOf(record.constructor).primaryKey);

/** Rails' automatic_inverse_of: the child's belongs_to back to this class with the same key. */
function inverseName(owner: ModelMeta, assoc: AssociationMeta): string | null {
  if (assoc.inverseOf) return assoc.inverseOf;
  const child = metaOf(modelClass(assoc.className));
  const found = [...child.associations.values()].filter(
    (a) => a.kind === "belongs_to" && a.className === owner.className && a.foreignKey === assoc.foreignKey,
  );
  return found.length === 1 ? found[0]!.name : null;
}

function setInverse(assoc: AssociationMeta) {
  return (child: RecordLike, owner: RecordLike) => {
    const name = inverseName(metaOf(owner.constructor), assoc);
    if (name) cache(child).set(name, { target: owner, key: primaryKeyOf(owner) });
  };
}

export function readBelongsTo(record: RecordLike, assoc: AssociationMeta): RecordLike | null {
  const key = record.readAttribute(assoc.foreignKey);
  const state = cache(record).get(assoc.name) as SingularState | undefined;
  if (state && (state.target?.isNewRecord() || sameKey(state.key, key))) return state.target;
  const target = key === null ? null : (new Relation(modelClass(assoc.className)).where({ [metaOf(modelClass(assoc.className)).primaryKey]: key }).take() as RecordLike | null);
  cache(record).set(assoc.name, { target, key });
  return target;
}

export function writeBelongsTo(record: RecordLike, assoc: AssociationMeta, target: RecordLike | null): void {
  const key = target ? primaryKeyOf(target) : null;
  record.writeAttribute(assoc.foreignKey, key);
  cache(record).set(assoc.name, { target, key });
}

export function readHasOne(record: RecordLike, assoc: AssociationMeta): RecordLike | null {
  const state = cache(record).get(assoc.name) as SingularState | undefined;
  const key = primaryKeyOf(record);
  if (state && sameKey(state.key, key)) return state.target;
  const target = record.isNewRecord() ? null : (new Relation(modelClass(assoc.className)).where({ [assoc.foreignKey]: key }).take() as RecordLike | null);
  if (target) setInverse(assoc)(target, record);
  cache(record).set(assoc.name, { target, key });
  return target;
}

export function readHasMany(record: RecordLike, assoc: AssociationMeta): CollectionProxy<RecordLike> {
  let proxy = cache(record).get(assoc.name) as CollectionProxy<RecordLike> | undefined;
  if (!proxy) {
    proxy = new CollectionProxy(modelClass(assoc.className), record, assoc, setInverse(assoc));
    cache(record).set(assoc.name, proxy);
  }
  return proxy;
}

export function loadedProxy(record: RecordLike, name: string): CollectionProxy<RecordLike> | undefined {
  return cache(record).get(name) as CollectionProxy<RecordLike> | undefined;
}

export function readAssociation(record: RecordLike, assoc: AssociationMeta): unknown {
  if (assoc.kind === "belongs_to") return readBelongsTo(record, assoc);
  if (assoc.kind === "has_one") return readHasOne(record, assoc);
  return readHasMany(record, assoc);
}

/** The callbacks one declaration registers, as [event, fn] in Rails' registration order. */
export function associationCallbacks(assoc: AssociationMeta): Array<[string, CallbackFn]> {
  if (assoc.kind === "belongs_to") {
    const out: Array<[string, CallbackFn]> = [];
    if (assoc.touch) {
      const saved = (r: RecordLike) => {
        const changes = savedChanges(r);
        if (Object.keys(changes).length) touchRecord(r, assoc, changes);
      };
      out.push(["after_create", saved], ["after_update", saved]);
      out.push(["after_destroy", (r) => touchRecord(r, assoc, changesToSave(r))], ["after_touch", (r) => touchRecord(r, assoc, changesToSave(r))]);
    }
    out.push(["before_save", (r) => autosaveBelongsTo(r, assoc)]);
    if (!assoc.optional) out.push(["validate", (r) => validateRequired(r, assoc)]);
    return out;
  }
  const out: Array<[string, CallbackFn]> = [];
  if (assoc.dependent) out.push(["before_destroy", (r) => handleDependency(r, assoc)]);
  if (assoc.kind === "has_many") {
    out.push(["after_create", (r) => autosaveCollection(r, assoc)], ["after_update", (r) => autosaveCollection(r, assoc)]);
    if (assoc.validate) out.push(["validate", (r) => validateCollection(r, assoc)]);
  }
  return out;
}

const savedChanges = (r: RecordLike) => (r as unknown as { savedChanges(): Changes }).savedChanges();
const changesToSave = (r: RecordLike) => (r as unknown as { changes(): Changes }).changes();
type Changes = { [name: string]: [unknown, unknown] };

// BelongsTo.touch_record: the old parent (when the key moved) and the current one, each touched later.
function touchRecord(record: RecordLike, assoc: AssociationMeta, changes: Changes): void {
  const old = changes[assoc.foreignKey]?.[0];
  if (old !== undefined && old !== null) {
    const cls = modelClass(assoc.className);
    const previous = new Relation(cls).findBy({ [metaOf(cls).primaryKey]: old });
    if (previous) touchParentLater(previous);
  }
  const parent = readBelongsTo(record, assoc);
  if (parent && parent.isPersisted()) touchParentLater(parent);
}

function touchParentLater(record: RecordLike): void {
  touchLater(record as unknown as Lifecycle, metaOf(record.constructor), (r) => {
    for (const a of metaOf(r.constructor).associations.values()) {
      if (a.kind === "belongs_to" && a.touch) touchRecord(r, a, changesToSave(r));
    }
  });
}

// Rails 7.1+ (belongs_to_required_validates_foreign_key = false): only when the key is nil or changed.
function validateRequired(record: RecordLike, assoc: AssociationMeta): void {
  const key = record.readAttribute(assoc.foreignKey);
  const changed = (record as unknown as { isAttributeChanged(n: string): boolean }).isAttributeChanged(assoc.foreignKey);
  if (key !== null && !changed) return;
  if (isBlank(readBelongsTo(record, assoc))) record.errors.add(assoc.name, "blank", { message: "required" });
}

function autosaveBelongsTo(record: RecordLike, assoc: AssociationMeta): void {
  const state = cache(record).get(assoc.name) as SingularState | undefined;
  const target = state?.target;
  if (!target) return;
  if (target.isNewRecord()) target.save();
  const key = primaryKeyOf(target);
  if (!sameKey(record.readAttribute(assoc.foreignKey), key)) record.writeAttribute(assoc.foreignKey, key);
  cache(record).set(assoc.name, { target, key });
}

function validateCollection(record: RecordLike, assoc: AssociationMeta): void {
  const proxy = loadedProxy(record, assoc.name);
  if (!proxy) return;
  const candidates = record.isNewRecord() ? proxy.toA() : proxy.unsavedRecords();
  if (candidates.some((child) => !child.isValid())) record.errors.add(assoc.name, "invalid");
}

function autosaveCollection(record: RecordLike, assoc: AssociationMeta): void {
  const proxy = loadedProxy(record, assoc.name);
  if (!proxy) return;
  const key = primaryKeyOf(record);
  for (const child of proxy.unsavedRecords()) {
    child.writeAttribute(assoc.foreignKey, key);
    setInverse(assoc)(child, record);
    child.save();
  }
}

function handleDependency(record: RecordLike, assoc: AssociationMeta): void {
  if (assoc.kind === "has_one") {
    const child = readHasOne(record, assoc);
    if (child && assoc.dependent === "destroy") child.destroy();
    return;
  }
  const proxy = readHasMany(record, assoc);
  if (assoc.dependent === "destroy") proxy.destroyAll();
  else if (assoc.dependent === "delete_all") proxy.deleteAll();
  else throw new Error(`has_many dependent: :${assoc.dependent} is not supported`);
}

// Relation#includes: one query per association for all loaded records (Rails' Preloader), `= ?` for one key.
setPreloader((records, names) => {
  const meta = metaOf(records[0]!.constructor);
  for (const name of names) {
    const assoc = meta.associations.get(name);
    if (!assoc) throw new Error(`Association named '${name}' was not found on ${meta.className}`);
    if (assoc.kind === "belongs_to") preloadBelongsTo(records, assoc);
    else preloadChildren(records, assoc);
  }
});

function uniqueKeys(values: unknown[]): unknown[] {
  return [...new Map(values.filter((v) => v !== null).map((v) => [String(v), v])).values()];
}

function preloadBelongsTo(records: RecordLike[], assoc: AssociationMeta): void {
  const cls = modelClass(assoc.className);
  const pk = metaOf(cls).primaryKey;
  const keys = uniqueKeys(records.map((r) => r.readAttribute(assoc.foreignKey)));
  const parents = keys.length ? new Relation(cls).where({ [pk]: keys }).toA() : [];
  for (const r of records) {
    const key = r.readAttribute(assoc.foreignKey);
    cache(r).set(assoc.name, { target: parents.find((p) => sameKey(p.readAttribute(pk), key)) ?? null, key });
  }
}

function preloadChildren(records: RecordLike[], assoc: AssociationMeta): void {
  const keys = uniqueKeys(records.map(primaryKeyOf));
  const children = keys.length ? new Relation(modelClass(assoc.className)).where({ [assoc.foreignKey]: keys }).toA() : [];
  for (const r of records) {
    const mine = children.filter((c) => sameKey(c.readAttribute(assoc.foreignKey), primaryKeyOf(r)));
    if (assoc.kind === "has_many") readHasMany(r, assoc).loadTarget(mine);
    else {
      if (mine[0]) setInverse(assoc)(mine[0], r);
      cache(r).set(assoc.name, { target: mine[0] ?? null, key: primaryKeyOf(r) });
    }
  }
}
