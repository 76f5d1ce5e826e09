// ActiveRecord::Associations::CollectionProxy (has_many) -> CollectionProxy<T>: a Relation scoped to the owner's
// key that also holds the association's target — records loaded once, plus records built but not yet saved.
//
//   article.comments.each / to_a          loads once: SELECT "comments".* ... WHERE "comments"."article_id" = ?
//   article.comments.build(h)             new Comment(article_id: article.id), inverse set, kept in the target
//   article.comments.create(h)            build + save (raises RecordNotSaved when the owner is new)
//   article.comments.size / empty? / any? Rails' rules: no query when loaded; COUNT / SELECT 1 otherwise
//   article.comments.where(...)/order(...) a plain Relation with the owner's key (a new query each time)
// Loaded children get the owner as their inverse belongs_to target, so `comment.article` costs no query.
import { RecordNotSaved } from "./exceptions.js";
import { metaOf, type AssociationMeta, type ModelClassLike, type RecordLike } from "./model.js";
import { EMPTY_QUERY, type QueryState } from "./query.js";
import { queryValue, Relation, type Conditions } from "./relation.js";

/** Sets a child's inverse belongs_to (if there is one) to the owner, as Rails' set_inverse_instance. */
export type InverseSetter = (child: RecordLike, owner: RecordLike) => void;

export class CollectionProxy<T extends RecordLike> extends Relation<T> {
  private target: T[] = [];
  private targetLoaded = false;

  constructor(
    model: ModelClassLike<T>,
    readonly owner: RecordLike,
    readonly association: AssociationMeta,
    private readonly setInverse: InverseSetter,
  ) {
    super(model, EMPTY_QUERY);
  }

  private ownerKey(): unknown {
    return this.owner.readAttribute(metaOf(this.owner.constructor).primaryKey);
  }

  protected override q(): QueryState {
    const fk = this.association.foreignKey;
    return { ...EMPTY_QUERY, predicates: [{ kind: "eq", column: fk, value: queryValue(this.meta, fk, this.ownerKey()) }] };
  }

  /** A new owner has no rows yet: Rails' null scope answers from the target without querying. */
  private get ownerIsNew(): boolean {
    return this.owner.isNewRecord();
  }

  override isLoaded(): boolean {
    return this.targetLoaded;
  }

  override toA(): T[] {
    if (!this.targetLoaded && !this.ownerIsNew) this.loadTarget(this.loadRecords(this.q()));
    return this.target;
  }

  /** Replaces the target with loaded rows (the preloader calls this too), keeping unsaved records after them. */
  loadTarget(rows: T[]): void {
    for (const child of rows) this.setInverse(child, this.owner);
    const unsaved = this.target.filter((r) => r.isNewRecord());
    this.target = [...rows, ...unsaved];
    this.targetLoaded = true;
  }

  override reload(): this {
    this.targetLoaded = false;
    this.target = this.target.filter((r) => r.isNewRecord());
    this.toA();
    return this;
  }

  reset(): void {
    this.targetLoaded = false;
    this.target = [];
  }

  /** Records built or added but not saved yet (what autosave saves). */
  unsavedRecords(): T[] {
    return this.target.filter((r) => r.isNewRecord());
  }

  override count(): number {
    return this.ownerIsNew ? 0 : super.count();
  }

  override size(): number {
    if (this.targetLoaded || this.ownerIsNew) return this.target.length;
    const unsaved = this.unsavedRecords().length;
    return unsaved + this.count();
  }

  override isEmpty(): boolean {
    if (this.targetLoaded || this.ownerIsNew) return this.size() === 0;
    return this.target.length === 0 && !this.exists();
  }

  /** Rails answers first/last from the target once it is loaded or holds unsaved records. */
  private useTarget(): boolean {
    return this.targetLoaded || this.ownerIsNew || this.target.some((r) => r.isNewRecord());
  }

  override first(n?: number): T | null | T[] {
    if (!this.useTarget()) return super.first(n);
    const all = this.toA();
    return n === undefined ? (all[0] ?? null) : all.slice(0, n);
  }

  override last(n?: number): T | null | T[] {
    if (!this.useTarget()) return super.last(n);
    const all = this.toA();
    return n === undefined ? (all[all.length - 1] ?? null) : all.slice(Math.max(0, all.length - n));
  }

  override build(attributes: Conditions = {}): T {
    const record = new this.model({ [this.association.foreignKey]: this.ownerKey() });
    this.setInverse(record, this.owner);
    (record as unknown as { assignAttributes(a: Conditions): void }).assignAttributes(attributes);
    this.target.push(record);
    return record;
  }

  override create(attributes: Conditions = {}): T {
    this.requireSavedOwner();
    const record = this.build(attributes);
    record.save();
    return record;
  }

  override createBang(attributes: Conditions = {}): T {
    this.requireSavedOwner();
    const record = this.build(attributes);
    (record as unknown as { saveBang(): boolean }).saveBang();
    return record;
  }

  /** `collection << record`: sets the key, saves when the owner is saved, adds to the target. */
  push(...records: T[]): this {
    for (const record of records) {
      record.writeAttribute(this.association.foreignKey, this.ownerKey());
      this.setInverse(record, this.owner);
      if (!this.ownerIsNew) record.save();
      if (!this.target.includes(record)) this.target.push(record);
    }
    return this;
  }

  override destroyAll(): T[] {
    const records = this.toA();
    for (const r of [...records]) r.destroy();
    this.target = [];
    return records;
  }

  override deleteAll(): number {
    const n = super.deleteAll();
    this.reset();
    return n;
  }

  private requireSavedOwner(): void {
    if (this.ownerIsNew) throw new RecordNotSaved("You cannot call create unless the parent is saved", this.owner);
  }
}
