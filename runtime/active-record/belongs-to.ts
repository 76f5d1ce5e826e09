// belongs_to's association object (Associations::BelongsToAssociation), polymorphic included.
//
//   task.project                 loaded once per foreign key value; nil key -> nil, no query
//   task.project = r             project_id (and project_type when polymorphic: the base class name) set, target cached
//   task.build_project(h)        a new Project as the target (key set when autosave saves it)
//   task.create_project!(h)      built, saved, assigned
//   counter_cache                target.increment!(col, by, touch:) when loaded, else an UPDATE on its key
import { Association, association } from "./association.js";
import { associationScope, belongsToClass } from "./association-scope.js";
import { metaOf, type AssociationMeta, type ModelClassLike, type RecordLike } from "./model.js";

export class BelongsToAssociation extends Association {
  /** The writer was called since the last save (Rails' @updated): autosave copies the key over. */
  declare updated: boolean;

  constructor(owner: RecordLike, reflection: AssociationMeta) {
    super(owner, reflection);
    this.updated = false;
  }

  override currentStaleState(): unknown {
    const key = this.owner.readAttribute(this.reflection.foreignKey);
    if (!this.reflection.polymorphic) return key;
    return `${String(this.owner.readAttribute(this.reflection.foreignType!))}:${String(key)}`;
  }

  klass(): ModelClassLike | null {
    return belongsToClass(this.owner, this.reflection);
  }

  reader(): RecordLike | null {
    if (!this.loaded || this.isStale()) this.load();
    return this.target as RecordLike | null;
  }

  private load(): void {
    const key = this.owner.readAttribute(this.reflection.foreignKey);
    const cls = this.klass();
    const target = key === null || key === undefined || !cls ? null : (associationScope(this.owner, this.ownerMeta, this.reflection).take() as RecordLike | null);
    this.markLoaded(target);
    this.setInverseInstance(target);
  }

  writer(record: RecordLike | null): void {
    this.replaceKeys(record);
    this.setInverseInstance(record);
    this.updated = true;
    this.markLoaded(record);
  }

  /** The has_many/has_one side set us to its owner: copy its key (when it differs), then cache it. */
  override inversedFrom(record: RecordLike): void {
    if (record) this.replaceKeys(record);
    super.inversedFrom(record);
  }

  /** replace_keys: the key (and type) from the record; a new record leaves the key nil until it is saved. */
  replaceKeys(record: RecordLike | null): void {
    const r = this.reflection;
    const pk = record ? (r.primaryKey ?? metaOf(record.constructor).primaryKey) : null;
    const key = record && pk ? record.readAttribute(pk) : null;
    // Only a different value is written, so an unchanged key stays clean.
    if ((this.owner.readAttribute(r.foreignKey) ?? null) !== (key ?? null)) this.owner.writeAttribute(r.foreignKey, key);
    if (r.polymorphic) this.owner.writeAttribute(r.foreignType!, record ? metaOf(record.constructor).baseClassName : null);
  }

  build(attributes: unknown = {}): RecordLike {
    const cls = this.klass();
    if (!cls) throw new Error(`Cannot build association \`${this.reflection.name}'. Are you trying to build a polymorphic one-to-one association?`);
    const record = new cls(attributes as { [k: string]: unknown });
    this.writer(record);
    return record;
  }

  create(attributes: unknown = {}, bang = false): RecordLike {
    const record = this.build(attributes);
    if (bang) (record as unknown as { saveBang(): boolean }).saveBang();
    else record.save();
    this.writer(record);
    return record;
  }

  /** Whether the target is loaded and still matches the key (autosave's `loaded? && !stale_target?`). */
  isCurrent(): boolean {
    return this.loaded && !this.isStale();
  }

  /** BelongsToAssociation#update_counters(by). */
  updateCounters(by: number): void {
    const column = this.reflection.counterCache;
    const key = this.owner.readAttribute(this.reflection.foreignKey);
    if (!column || key === null || key === undefined) return;
    const touch = this.reflection.touch;
    const target = this.target as RecordLike | null;
    if (this.loaded && target && !this.isStale()) {
      (target as unknown as { incrementBang(c: string, by: number, o: { touch: boolean | string }): unknown }).incrementBang(column, by, { touch });
      return;
    }
    const cls = this.klass();
    if (cls) counterUpdater(cls, key, column, by, touch);
  }
}

type CounterUpdater = (cls: ModelClassLike, key: unknown, column: string, by: number, touch: boolean | string) => void;
let counterUpdater: CounterUpdater = () => undefined;

/** counter-cache.ts installs `Model.where(pk => key).update_counters(...)` (kept as a hook: no relation import). */
export function setCounterUpdater(fn: CounterUpdater): void {
  counterUpdater = fn;
}

export function belongsTo(record: RecordLike, name: string): BelongsToAssociation {
  return association<BelongsToAssociation>(record, name);
}
