// ActiveRecord::Associations::CollectionProxy -> CollectionProxy<T>: a Relation whose query is the association's
// scope, which also answers from (and loads into) the association's target.
//
//   project.assignments.each / to_a           loads once (SELECT ... WHERE "assignments"."project_id" = ?)
//   project.assignments.build(h) / create(h)  the owner's key set, inverse set; create! raises; << saves
//   project.assignments.size / empty? / any?  Rails' rules (has-many.ts): no query when loaded
//   project.assignments.where(...).visible    a plain relation with the owner's condition (a new query each time)
//   has_many :x do def m ... end end       extension methods on the proxy; proxy_association.owner is the owner
// The proxy of a model is its per-model subclass (scoping.ts), so the target's scopes are callable on it.
import type { AssociationMeta, ModelClassLike, RecordLike } from "./model.js";
import { metaOf, modelClass } from "./model.js";
import type { QueryState } from "./query.js";
import { targetClassName } from "./reflection.js";
import { Relation, type Conditions } from "./relation.js";
import { HasManyAssociation, setProxyFactory } from "./has-many.js";

export class CollectionProxy<T extends RecordLike> extends Relation<T> {
  // Assigned, not a parameter property (a class field): see RelationCore.
  declare readonly proxyAssociation: HasManyAssociation;

  constructor(model: ModelClassLike<T>, proxyAssociation: HasManyAssociation) {
    super(model);
    this.proxyAssociation = proxyAssociation;
    this.owningAssociation = proxyAssociation;
  }

  get owner(): RecordLike {
    return this.proxyAssociation.owner;
  }

  get association(): AssociationMeta {
    return this.proxyAssociation.reflection;
  }

  override queryState(): QueryState {
    return this.proxyAssociation.scope().queryState();
  }

  protected override inspectKind(): string {
    return "Associations::CollectionProxy";
  }

  /** The association's relation (CollectionProxy#scope). */
  scope(): Relation<T> {
    return this.proxyAssociation.scope() as unknown as Relation<T>;
  }

  override isLoaded(): boolean {
    return this.proxyAssociation.loaded;
  }

  override toA(): T[] {
    return this.proxyAssociation.loadTarget() as T[];
  }

  /** Replaces the target with loaded rows (the preloader), keeping unsaved records after them. */
  loadTarget(rows: T[]): void {
    this.proxyAssociation.loadRows(rows);
  }

  override reload(): this {
    this.proxyAssociation.reset();
    this.proxyAssociation.loadTarget();
    return this;
  }

  override reset(): this {
    this.proxyAssociation.reset();
    return this;
  }

  /** Records built or added but not saved yet (what autosave saves). */
  unsavedRecords(): T[] {
    return this.proxyAssociation.target.filter((r) => r.isNewRecord()) as T[];
  }

  override size(): number {
    return this.proxyAssociation.size();
  }

  override length(): number {
    return this.toA().length;
  }

  override isEmpty(): boolean {
    return this.proxyAssociation.isEmpty();
  }

  override isAny(): boolean {
    return !this.isEmpty();
  }

  override isMany(): boolean {
    return this.proxyAssociation.findFromTarget() ? this.toA().length > 1 : this.size() > 1;
  }

  override first(n?: number): T | null | T[] {
    if (!this.proxyAssociation.findFromTarget()) return super.first(n);
    const all = this.toA();
    return n === undefined ? (all[0] ?? null) : all.slice(0, n);
  }

  override last(n?: number): T | null | T[] {
    if (!this.proxyAssociation.findFromTarget()) return super.last(n);
    const all = this.toA();
    return n === undefined ? (all[all.length - 1] ?? null) : all.slice(Math.max(0, all.length - n));
  }

  override take(n?: number): T | null | T[] {
    if (!this.proxyAssociation.findFromTarget()) return super.take(n);
    const all = this.toA();
    return n === undefined ? (all[0] ?? null) : all.slice(0, n);
  }

  override build(attributes: Conditions | unknown = {}): T {
    return this.proxyAssociation.build(attributes) as T;
  }

  override new(attributes: Conditions | unknown = {}): T {
    return this.build(attributes);
  }

  override create(attributes: Conditions | unknown = {}): T {
    return this.proxyAssociation.create(attributes) as T;
  }

  override createBang(attributes: Conditions | unknown = {}): T {
    return this.proxyAssociation.create(attributes, true) as T;
  }

  /** `collection << record` / push / concat. */
  push(...records: Array<T | T[]>): this {
    this.proxyAssociation.concat(records.flat() as T[]);
    return this;
  }

  concat(...records: Array<T | T[]>): this {
    return this.push(...records);
  }

  /** delete(records): removed by the dependent strategy (nullify unless :destroy / :delete_all). */
  delete(...records: Array<T | T[]>): T[] {
    const list = records.flat() as T[];
    this.proxyAssociation.deleteOrDestroy(list, this.association.dependent === "destroy" ? "destroy" : this.association.dependent);
    return list;
  }

  destroy(...records: Array<T | T[]>): T[] {
    const list = records.flat() as T[];
    this.proxyAssociation.deleteOrDestroy(list, "destroy");
    return list;
  }

  override deleteAll(dependent?: string): number {
    return this.proxyAssociation.deleteAll(dependent);
  }

  override destroyAll(): T[] {
    return this.proxyAssociation.destroyAll() as T[];
  }

  clear(): this {
    this.deleteAll();
    return this;
  }

  /** include?(record): from the target when loaded, else SELECT 1 AS one ... "id" = ?. */
  isInclude(record: T): boolean {
    return this.proxyAssociation.includes(record);
  }

  includesRecord(record: T): boolean {
    return this.isInclude(record);
  }
}

/** The proxy for one association: the target class's proxy subclass, with the extension block's methods. */
function makeProxy(association: HasManyAssociation): CollectionProxy<RecordLike> {
  const cls = modelClass(targetClassName(association.ownerMeta, association.reflection));
  const Proxy = (metaOf(cls).proxyClass as typeof CollectionProxy | undefined) ?? CollectionProxy;
  const proxy = new Proxy(cls, association);
  for (const [name, fn] of Object.entries(association.reflection.extension ?? {})) {
    Object.defineProperty(proxy, name, { configurable: true, writable: true, value: fn });
  }
  return proxy;
}

setProxyFactory(makeProxy);
