// has_many's association object (Associations::CollectionAssociation + HasManyAssociation): the target array,
// loaded once and merged with records built in memory, and the writes a collection makes.
//
//   load_target        persisted rows in query order (in-memory instances of the same rows kept), then unsaved ones
//   size               loaded/new owner -> target.size; a counter cache column -> its value; else COUNT (+ unsaved)
//   empty? / any?      loaded or counter cache -> size; else SELECT 1 AS one ... LIMIT ?
//   build / create / << the owner's key (and `as:` type) set, inverse set, saved when the owner is persisted
//   delete(r)          dependent :destroy -> destroy; :delete_all -> DELETE ... AND "id" = ?; else key set NULL
//   destroy(r) / destroy_all / delete_all / ids
import { connection } from "./connection/current.js";
import { Rollback } from "./connection/transactions.js";
import { association } from "./association.js";
import { ForeignAssociation } from "./foreign-association.js";
import { associationScope } from "./association-scope.js";
import { CallbackAbort, RecordNotSaved } from "./exceptions.js";
import { metaOf, modelClass, type AssociationMeta, type RecordLike } from "./model.js";
import { targetClassName, targetMeta } from "./reflection.js";
import type { Relation } from "./relation.js";

/** Set on children a dependent: :destroy owner destroys (their counter caches skip the owner). */
export const DESTROYED_BY = Symbol.for("rails2ts.destroyedByAssociation");

type Saveable = RecordLike & { saveBang(): boolean; destroyBang(): unknown; isEqual(o: unknown): boolean; isChanged(): boolean };

export class HasManyAssociation extends ForeignAssociation {
  declare target: RecordLike[];
  declare private proxyInstance: unknown;

  constructor(owner: RecordLike, reflection: AssociationMeta) {
    super(owner, reflection);
    this.target = [];
    this.proxyInstance = null;
  }

  override reset(): void {
    super.reset();
    this.target = [];
  }

  /** The association's relation (a fresh one each time: the owner's key may have changed). */
  scope(): Relation<RecordLike> {
    return associationScope(this.owner, this.ownerMeta, this.reflection);
  }

  /** The collection proxy (one per association; proxy.ts installs the factory). */
  reader(): unknown {
    return (this.proxyInstance ??= proxyFactory(this));
  }

  private findTarget(): boolean {
    return !this.loaded && !this.owner.isNewRecord();
  }

  /** The target, loading it on first use (a new owner has nothing stored: only what was built). */
  loadTarget(): RecordLike[] {
    if (this.findTarget()) this.loadRows(this.scope().toA());
    return this.target;
  }

  /** Loaded rows (from a query or the preloader), merged with what is in memory (merge_target_lists). */
  loadRows(rows: RecordLike[]): void {
    const memory = [...this.target];
    const merged = rows.map((row) => {
      const i = memory.findIndex((m) => !m.isNewRecord() && (m as Saveable).isEqual(row));
      return i === -1 ? row : memory.splice(i, 1)[0]!;
    });
    for (const r of merged) this.setInverseInstance(r);
    this.target = [...merged, ...memory.filter((m) => !m.isPersisted())];
    this.loaded = true;
  }

  addToTarget(record: RecordLike): void {
    const i = this.target.findIndex((t) => t === record || (!record.isNewRecord() && (t as Saveable).isEqual(record)));
    if (i === -1) this.target.push(record);
    else this.target[i] = record;
  }

  override setOwnerAttributes(record: RecordLike): void {
    if (this.reflection.through) return;
    super.setOwnerAttributes(record);
  }

  build(attributes: unknown = {}): RecordLike {
    if (this.reflection.through) throw new Error(`building through ${this.reflection.through} is not supported`);
    const record = this.buildRecord(attributes);
    this.addToTarget(record);
    return record;
  }

  create(attributes: unknown = {}, bang = false): RecordLike {
    if (!this.owner.isPersisted()) throw new RecordNotSaved("You cannot call create unless the parent is saved", this.owner);
    const record = this.build(attributes);
    // _create_record: `raise ActiveRecord::Rollback unless result` (a query the validations ran began it).
    connection().transaction(() => {
      if (bang) (record as Saveable).saveBang();
      else if (!record.save()) throw new Rollback();
    });
    return record;
  }

  /** `collection << records`: saved at once when the owner is persisted, in one transaction. */
  concat(records: RecordLike[]): void {
    const add = () => {
      for (const record of records) {
        this.setOwnerAttributes(record);
        this.setInverseInstance(record);
        this.addToTarget(record);
        if (!this.owner.isNewRecord() && !record.save()) throw new RecordNotSaved("Failed to add the record", record);
      }
    };
    if (this.owner.isNewRecord()) add();
    else connection().transaction(add);
  }

  /** delete(records) / destroy(records): by dependent strategy, in one transaction; removed from the target. */
  deleteOrDestroy(records: RecordLike[], method: string | null): void {
    if (records.length === 0) return;
    connection().transaction(() => {
      const persisted = records.filter((r) => r.isPersisted());
      if (method === "destroy") persisted.forEach((r) => (r as Saveable).destroyBang());
      else if (persisted.length) {
        const pk = targetMeta(this.ownerMeta, this.reflection).primaryKey;
        const scope = this.scope().where({ [pk]: persisted });
        if (method === "delete_all") scope.deleteAll();
        else scope.updateAll(this.nullified());
      }
    });
    this.target = this.target.filter((t) => !records.includes(t));
  }

  private nullified(): { [column: string]: null } {
    const out: { [column: string]: null } = { [this.reflection.foreignKey]: null };
    if (this.reflection.as) out[this.reflection.foreignType!] = null;
    return out;
  }

  /** proxy.delete_all: DELETE (dependent :delete_all or :destroy) or nullify (the default). */
  deleteAll(dependent?: string): number {
    const method = dependent ?? (this.reflection.dependent === "destroy" ? "delete_all" : this.reflection.dependent ?? "nullify");
    const scope = this.scope();
    const n = method === "delete_all" ? scope.deleteAll() : scope.updateAll(this.nullified());
    this.reset();
    this.loaded = true;
    return n;
  }

  destroyAll(): RecordLike[] {
    const records = [...this.loadTarget()];
    connection().transaction(() => records.forEach((r) => (r as Saveable).destroyBang()));
    this.reset();
    this.loaded = true;
    return records;
  }

  /** The counter cache column a belongs_to on the target keeps for this association, if any (has_cached_counter?). */
  cachedCounter(): string | null {
    if (this.reflection.through) return null;
    const target = targetMeta(this.ownerMeta, this.reflection);
    const inverse = [...target.associations.values()].find(
      (a) => a.kind === "belongs_to" && a.counterCache && a.foreignKey === this.reflection.foreignKey && !a.polymorphic && a.className === this.ownerMeta.className,
    );
    const column = inverse?.counterCache;
    return column && this.ownerMeta.types.has(column) ? column : null;
  }

  size(): number {
    if (!this.findTarget()) return this.target.length;
    const unsaved = this.target.filter((r) => r.isNewRecord()).length;
    return unsaved + this.countRecords();
  }

  /** count_records: the counter cache or COUNT(*); a zero marks the collection loaded (no later SELECT). */
  private countRecords(): number {
    const counter = this.cachedCounter();
    const count = counter ? Number(this.owner.readAttribute(counter) ?? 0) : (this.scope().count() as number);
    if (count === 0) this.loaded = true;
    const limit = this.scope().queryState().limit;
    return limit === null ? count : Math.min(limit, count);
  }

  isEmpty(): boolean {
    if (this.loaded || this.cachedCounter() || this.owner.isNewRecord()) return this.size() === 0;
    return this.target.length === 0 && !this.scope().exists();
  }

  /** find_from_target?: answer first/last/include? from memory. */
  findFromTarget(): boolean {
    return this.loaded || this.owner.isNewRecord() || this.target.some((r) => r.isNewRecord() || (r as Saveable).isChanged());
  }

  includes(record: RecordLike): boolean {
    if (!(record instanceof (modelClass(targetClassName(this.ownerMeta, this.reflection)) as unknown as Function))) return false;
    if (record.isNewRecord()) return this.target.includes(record);
    if (this.loaded) return this.target.some((t) => (t as Saveable).isEqual(record));
    return this.scope().exists(record.readAttribute(metaOf(record.constructor).primaryKey));
  }

  /** collection_singular_ids: from the target when loaded or holding records, else a pluck of the key. */
  ids(): unknown[] {
    const pk = targetMeta(this.ownerMeta, this.reflection).primaryKey;
    if (this.loaded || this.target.length) return this.loadTarget().map((r) => r.readAttribute(pk));
    return this.scope().pluck(pk);
  }

  /** dependent: on the owner's destroy (before_destroy). */
  handleDependency(): void {
    const dependent = this.reflection.dependent;
    if (dependent === "destroy") {
      for (const r of this.loadTarget()) (r as unknown as { [k: symbol]: unknown })[DESTROYED_BY] = this.reflection;
      this.destroyAll();
    } else if (dependent === "restrict_with_exception") {
      if (!this.isEmpty()) throw Object.assign(new Error(`Cannot delete record because of dependent ${this.reflection.name}`), { name: "DeleteRestrictionError" });
    } else if (dependent === "restrict_with_error") {
      if (this.isEmpty()) return;
      const record = (this.owner as unknown as { humanAttributeName(n: string): string }).humanAttributeName(this.reflection.name).toLowerCase();
      this.owner.errors.add("base", `Cannot delete record because dependent ${record} exist`);
      throw new CallbackAbort();
    } else this.deleteAll();
  }
}

type ProxyFactory = (association: HasManyAssociation) => unknown;
let proxyFactory: ProxyFactory = () => null;

/** collection.ts installs the proxy constructor (CollectionProxy imports this module). */
export function setProxyFactory(fn: ProxyFactory): void {
  proxyFactory = fn;
}

export function hasMany(record: RecordLike, name: string): HasManyAssociation {
  return association<HasManyAssociation>(record, name);
}
