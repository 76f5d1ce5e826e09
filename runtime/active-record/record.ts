// ActiveRecord::Base -> Base (also exported as Record): what every emitted model extends.
//
//   Post.new(h) / Post.create(h)          Post.build(h) / Post.create(h)     (also `new Post(h)`)
//   post.title / post.title = "x"         post.title / post.title = "x"     (accessors from defineModel)
//   post.save / save! / update(h) / destroy  save() / saveBang() / update(h) / destroy()
//   post.persisted? / new_record?            isPersisted() / isNewRecord()
//   post.errors / valid?                     errors / isValid()
//   post.title_changed? / changes            isAttributeChanged("title") / changes()
//   post.to_param / to_key / as_json         toParam() / toKey() / asJson()
// Member names follow the compiler's Ruby -> TS rule (runtime/ruby/names.ts). Class-level queries live in
// querying.ts (each starts a Relation), the save/destroy flows in lifecycle.ts.
import { noTouching } from "./no-touching.js";
import { connection } from "./connection/current.js";
import { rubyToTs } from "../ruby/names.js";
import { inspect, objectToS, RubyFloat } from "../ruby/ruby.js";
import { RubyDate } from "../ruby/date.js";
import { strftime } from "../active-support/strftime.js";
import { association, resetAssociations, type Association } from "./association.js";
import { readAssociation, writeAssociation } from "./association-accessors.js";
import "./associations.js";
import { AttributeSet, UnknownAttributeError } from "./attributes.js";
import { matches, type ChangeOptions } from "./attribute-methods.js";
import { runCallbacks } from "./callbacks.js";
import { Errors } from "../active-model/errors.js";
import { permittedHash, RecordNotDestroyed, RecordNotFound } from "./exceptions.js";
import { performDestroy, performSave, performTouch, runValidations, type Lifecycle, type SaveOptions } from "./lifecycle.js";
import { humanAttributeName } from "./meta.js";
import type { ModelName } from "../active-model/model-name.js";
import { classForRow, subclassFromAttributes } from "./inheritance.js";
import { recordCacheKey, recordCacheVersion } from "./record-key.js";
import { keyWithVersion } from "../active-support/cache/key.js";
import { metaOf, RECORD, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { becomes, deleteRow, incrementBang, updateAttribute, updateColumns } from "./persistence-methods.js";
import { currentScope } from "./relation.js";
import { signedId, verifiedId, type SignedIdOptions } from "./signed-id.js";
import { selectRow } from "./persistence.js";
import { withTransactionReturningStatus } from "./transaction-state.js";
import { Querying } from "./querying.js";
import { recordAsJson, type SerializeOptions } from "./serialization.js";

export type Attributes = { [attribute: string]: unknown };
export type ModelClass<T extends Base = Base> = (new (attributes?: Attributes) => T) & typeof Base;

let pendingRow: { [column: string]: unknown } | null = null;

function attributesHash(input: unknown): Attributes {
  return permittedHash(input) as Attributes;
}

export class Base extends Querying implements RecordLike, Lifecycle {
  declare readonly [RECORD]: true;
  // Fields are assigned in the constructor, not declared with initializers: every model has its own subclass, and
  // V8 defines initialized class fields through a slow path once it has seen many classes (about 1 us a record).
  declare _attributes: AttributeSet;
  declare _newRecord: boolean;
  declare _destroyed: boolean;
  declare _previouslyNewRecord: boolean;
  declare _validationContext: string | null;
  declare private _errors: Errors | null;
  declare private _ivars: Record<string, unknown> | null;

  /** The record's Ruby instance variables that are not attributes (`@uri` memoized by a model method). */
  get ivars(): Record<string, unknown> {
    return (this._ivars ??= {});
  }

  constructor(attributes?: unknown) {
    super();
    this._attributes = undefined as unknown as AttributeSet;
    this._newRecord = true;
    this._destroyed = false;
    this._previouslyNewRecord = false;
    this._validationContext = null;
    this._errors = null;
    this._ivars = null;
    const meta = metaOf(new.target);
    if (pendingRow) {
      this._attributes = AttributeSet.fromRow(meta.schema, pendingRow);
      this._newRecord = false;
      pendingRow = null;
      runCallbacks(this, meta, "find");
    } else {
      // STI: attributes naming a subclass build that subclass (Inheritance::ClassMethods#new).
      const scope = currentScope(new.target);
      const base = meta.baseClassName === meta.className ? [Object.fromEntries(meta.schema.defaults)] : [];
      const subclass = subclassFromAttributes(new.target as unknown as ModelClassLike, meta, [attributes, scope?.scopeAttributes(), ...base]);
      if (subclass) return new (subclass as unknown as new (a: unknown) => this)(attributes);
      this._attributes = AttributeSet.forNew(meta.schema);
      // populate_with_current_scope_attributes, then ensure_proper_type (STI), then the given attributes.
      if (scope) this.assignAttributes(scope.scopeAttributes());
      if (meta.finderNeedsTypeCondition && meta.inheritanceColumn) this._attributes.write(meta.inheritanceColumn, meta.className);
      if (attributes !== undefined && attributes !== null && attributes !== false) this.assignAttributes(attributes);
    }
    runCallbacks(this, meta, "initialize");
  }

  /** A record from a database row (no assignment, not new); STI rows become their type's class. */
  static instantiate<T extends Base>(this: ModelClass<T>, row: { [column: string]: unknown }): T {
    const cls = classForRow(this as unknown as ModelClassLike, metaOf(this), row) as unknown as ModelClass<T>;
    pendingRow = row;
    try {
      return new cls();
    } finally {
      pendingRow = null;
    }
  }

  protected get meta(): ModelMeta {
    return metaOf(this.constructor);
  }

  /** `no_touching { ... }`: no touches (nor touch: true cascades) of this class and its subclasses in the block. */
  static noTouching<R>(fn: () => R): R {
    return noTouching(this, fn);
  }

  static transaction<R>(fn: () => R, options: { requiresNew?: boolean } = {}): R | null {
    return connection().transaction(fn, options);
  }

  /** ActiveRecord::Transactions#transaction: the class's, from a record (`user.transaction do ... end`). */
  transaction<R>(fn: () => R, options: { requiresNew?: boolean } = {}): R | null {
    return connection().transaction(fn, options);
  }

  // ---- attributes ------------------------------------------------------------------------------------

  get id(): unknown {
    return this._attributes.read(this.meta.primaryKey);
  }

  set id(value: unknown) {
    this.writeAttribute(this.meta.primaryKey, value);
  }

  /** ActiveRecord::Core#slice(*methods): each reader's value by its name (a HashWithIndifferentAccess: String keys). */
  slice(...names: unknown[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of names.flat()) out[String(name)] = this.readAttribute(String(name)) ?? null;
    return out;
  }

  /** ActiveRecord::Core#values_at(*methods). */
  valuesAt(...names: unknown[]): unknown[] {
    return names.flat().map((name) => this.readAttribute(String(name)) ?? null);
  }

  /** An attribute, an association, or (as public_send) any reader the model defines; undefined when none. */
  readAttribute(name: string): unknown {
    if (this._attributes.has(name)) return this._attributes.read(name);
    const assoc = this.meta.associations.get(name);
    if (assoc) return readAssociation(this, assoc);
    const member = (this as unknown as Attributes)[rubyToTs(name)] ?? (this as unknown as Attributes)[name];
    return typeof member === "function" ? (member as () => unknown).call(this) : member;
  }

  /** read_attribute_for_serialization (jbuilder's extract!): float columns stay Floats when printed. */
  readAttributeForSerialization(name: string): unknown {
    const value = this.readAttribute(name);
    return this.meta.types.has(name) && typeof value === "number" && isFloatColumn(this.meta, name) ? new RubyFloat(value) : value;
  }

  /** `#{name}_before_type_cast`: an attribute's raw value; undefined for any other reader (Rails defines none). */
  readAttributeBeforeTypeCast(name: string): unknown {
    return this._attributes.has(name) ? this._attributes.readBeforeTypeCast(name) : undefined;
  }

  /** `#{name}_came_from_user?` (false for a column read from the database or saved since; a non-column has none). */
  attributeCameFromUser(name: string): boolean {
    return !this._attributes.has(name) || this._attributes.cameFromUser(name);
  }

  writeAttribute(name: string, value: unknown): void {
    if (this._destroyed) throw new TypeError("can't modify frozen attributes");
    if (this._attributes.has(name)) return this._attributes.write(name, value);
    const assoc = this.meta.associations.get(name);
    if (assoc) return writeAssociation(this, assoc, value);
    const setter = (this as unknown as Attributes)[rubyToTs(`${name}=`)];
    if (typeof setter === "function") return void (setter as (v: unknown) => unknown).call(this, value);
    throw new UnknownAttributeError(name, this.meta.className);
  }

  assignAttributes(attributes: Attributes | unknown): void {
    for (const [name, value] of Object.entries(attributesHash(attributes))) this.writeAttribute(name, value);
  }

  attributes(): Attributes {
    return this._attributes.toHash();
  }

  attributeNames(): string[] {
    return this._attributes.names();
  }

  hasAttribute(name: string): boolean {
    return this._attributes.has(name);
  }

  // ---- state and dirty tracking -------------------------------------------------------------------------

  isNewRecord(): boolean {
    return this._newRecord;
  }

  isPersisted(): boolean {
    return !this._newRecord && !this._destroyed;
  }

  isDestroyed(): boolean {
    return this._destroyed;
  }

  isPreviouslyNewRecord(): boolean {
    return this._previouslyNewRecord;
  }

  isChanged(): boolean {
    return this._attributes.changedNames().length > 0;
  }

  changed(): string[] {
    return this._attributes.changedNames();
  }

  changes(): { [name: string]: [unknown, unknown] } {
    return this._attributes.changes();
  }

  isAttributeChanged(name: string): boolean {
    return this._attributes.isChanged(name);
  }

  attributeWas(name: string): unknown {
    return this._attributes.was(name);
  }

  savedChanges(): { [name: string]: [unknown, unknown] } {
    return this._attributes.savedChanges;
  }

  isSavedChangeToAttribute(name: string): boolean {
    return name in this._attributes.savedChanges;
  }

  /**
   * attribute_previously_changed?(name, from:, to:) and attribute_previously_was(name): what the per-column
   * `title_previously_changed?` / `title_previously_was` Rails generates call (ActiveModel::Dirty's proxies).
   */
  isAttributePreviouslyChanged(name: string, options: ChangeOptions = {}): boolean {
    return matches(this._attributes.savedChanges[name], options);
  }

  attributePreviouslyWas(name: string): unknown {
    return this._attributes.valueBeforeLastSave(name);
  }

  // ---- validation and persistence -----------------------------------------------------------------------

  get errors(): Errors {
    return (this._errors ??= new Errors(this));
  }

  /** valid?(context): `context` is "create"/"update" by default, or a custom context name. */
  isValid(context?: string): boolean {
    return runValidations(this, this.meta, context ?? null);
  }

  isInvalid(context?: string): boolean {
    return !this.isValid(context);
  }

  validate(context?: string): boolean {
    return this.isValid(context);
  }

  /** validation_context: set while validations run. */
  get validationContext(): string | null {
    return this._validationContext;
  }

  save(options: SaveOptions = {}): boolean {
    return performSave(this, this.meta, options);
  }

  saveBang(options: SaveOptions = {}): true {
    performSave(this, this.meta, options, true);
    return true;
  }

  update(attributes: Attributes | unknown): boolean {
    return withTransactionReturningStatus(this, this.meta, () => (this.assignAttributes(attributes), this.save())) === true;
  }

  updateBang(attributes: Attributes | unknown): true {
    withTransactionReturningStatus(this, this.meta, () => (this.assignAttributes(attributes), this.saveBang()));
    return true;
  }

  /** update_attribute: one attribute, saved without validations. */
  updateAttribute(name: string, value: unknown): boolean {
    return updateAttribute(this, name, value);
  }

  /** update_columns / update_column: straight to the database, no callbacks or timestamps. */
  updateColumns(attributes: Attributes): boolean {
    return updateColumns(this, attributes);
  }

  updateColumn(name: string, value: unknown): boolean {
    return updateColumns(this, { [name]: value });
  }

  increment(attribute: string, by = 1): this {
    this.writeAttribute(attribute, Number(this.readAttribute(attribute) ?? 0) + by);
    return this;
  }

  decrement(attribute: string, by = 1): this {
    return this.increment(attribute, -by);
  }

  /** increment!(attribute, by = 1, touch: nil): Ruby's keywords may come in the `by` position. */
  incrementBang(attribute: string, by: number | { touch?: boolean | string } = 1, options: { touch?: boolean | string } = {}): this {
    const [step, opts] = typeof by === "object" && by !== null ? [1, by] : [by, options];
    incrementBang(this, attribute, step, opts.touch);
    return this;
  }

  decrementBang(attribute: string, by: number | { touch?: boolean | string } = 1, options: { touch?: boolean | string } = {}): this {
    const [step, opts] = typeof by === "object" && by !== null ? [1, by] : [by, options];
    return this.incrementBang(attribute, -step, opts);
  }

  toggle(attribute: string): this {
    this.writeAttribute(attribute, !this.readAttribute(attribute));
    return this;
  }

  toggleBang(attribute: string): boolean {
    return this.updateAttribute(attribute, !this.readAttribute(attribute));
  }

  /** delete: DELETE without callbacks. */
  delete(): this {
    deleteRow(this);
    return this;
  }

  becomes<T extends RecordLike>(klass: ModelClassLike<T>): T {
    return becomes(this, klass, false);
  }

  becomesBang<T extends RecordLike>(klass: ModelClassLike<T>): T {
    return becomes(this, klass, true);
  }

  /** signed_id(purpose:, expires_in: seconds, expires_at:): see signed-id.ts. */
  signedId(options: SignedIdOptions = {}): string {
    return signedId(this, options);
  }

  /** find_signed(id, purpose:): the record, or null for a tampered, expired or other-purpose id (nil too; another value raises as the verifier does). */
  static findSigned<T extends Base>(this: ModelClass<T>, signed: unknown, options: { purpose?: string | null } = {}): T | null {
    const id = verifiedId(metaOf(this).baseClassName, signed, options.purpose);
    return id === null ? null : (this.findBy({ [metaOf(this).primaryKey]: id }) as T | null);
  }

  /** find_signed!: InvalidSignature for a tampered id, RecordNotFound when the record is gone. */
  static findSignedBang<T extends Base>(this: ModelClass<T>, signed: unknown, options: { purpose?: string | null } = {}): T | null {
    const id = verifiedId(metaOf(this).baseClassName, signed, options.purpose, true);
    return id === null ? null : (this.find(id) as T);
  }

  /** record.association(:name): the association object (reader, target, loaded?, reset, reload). */
  association(name: string): Association {
    return association(this, name);
  }

  destroy(): this | false {
    return performDestroy(this, this.meta) ? this : false;
  }

  destroyBang(): this {
    if (this.destroy()) return this;
    throw new RecordNotDestroyed(`Failed to destroy ${this.meta.className} with ${this.meta.primaryKey}=${inspect(this.id)}`, this);
  }

  touch(...names: string[]): boolean {
    return performTouch(this, this.meta, names);
  }

  reload(): this {
    const meta = this.meta;
    const row = selectRow(meta, meta.types.get(meta.primaryKey)!.serialize(this.id));
    if (!row) throw new RecordNotFound(`Couldn't find ${meta.className} with '${meta.primaryKey}'=${inspect(this.id)}`, meta.className, meta.primaryKey, this.id);
    this._attributes = AttributeSet.fromRow(meta.schema, row);
    resetAssociations(this);
    return this;
  }

  // ---- conversion (ActiveModel::Conversion, naming, serialization) --------------------------------------

  get modelName(): ModelName {
    return this.meta.modelName;
  }

  humanAttributeName(attribute: string): string {
    return humanAttributeName(this.meta.descriptor, attribute);
  }

  toModel(): this {
    return this;
  }

  /** The key as a URL segment (Integration#to_param: the id; nil when there is none). */
  toParam(): string | null {
    return this.id === null || this.id === undefined ? null : String(this.id);
  }

  /** Integration#cache_key / cache_version / cache_key_with_version (derived in runtime/active-record/record-key.ts). */
  cacheKey(): string {
    return recordCacheKey(this);
  }

  cacheVersion(): string | null {
    return recordCacheVersion(this);
  }

  cacheKeyWithVersion(): string {
    return keyWithVersion(this.cacheKey(), this.cacheVersion());
  }

  /** to_key: [id], or nil without one (models override it, e.g. a client-generated key). */
  toKey(): unknown[] | null {
    return this.id === null || this.id === undefined ? null : [this.id];
  }

  /** "posts/post", the partial `render record` uses. */
  toPartialPath(): string {
    return `${this.modelName.collection}/${this.modelName.element}`;
  }

  asJson(options: SerializeOptions = {}): { [key: string]: unknown } {
    return recordAsJson(this, this.meta, options);
  }

  serializableHash(options: SerializeOptions = {}): { [key: string]: unknown } {
    return recordAsJson(this, this.meta, options);
  }

  /** Ruby `==`: same class and same key (a new record equals only itself). */
  isEqual(other: unknown): boolean {
    if (other === this) return true;
    if (!(other instanceof Base) || other.constructor !== this.constructor) return false;
    return this.id !== null && this.id !== undefined && !this._newRecord && String(other.id) === String(this.id);
  }

  /**
   * Object#to_s: the model's own `def to_s` (lowered as toS) when it has one (ActionText::RichText's is its body's),
   * else Ruby's `#<Article:0x...>` form with a stable per-object address.
   */
  toRubyString(): string {
    return objectToS(this, this.meta.className);
  }

  toRubyInspect(): string {
    const pairs = this.attributeNames().map((n) => `${n}: ${inspectValue(this._attributes.read(n))}`);
    return `#<${this.meta.className} ${pairs.join(", ")}>`;
  }
}

function isFloatColumn(meta: ModelMeta, name: string): boolean {
  return meta.columns.some((c) => c.name === name && c.type === "float");
}

/** Base#attribute_for_inspect: a Time as `to_fs(:inspect)` ("%Y-%m-%d %H:%M:%S.%9N %z"), a Date as its to_s, a
 *  String past 50 characters cut to 50 and "...", anything else its inspect. */
function inspectValue(v: unknown): string {
  if (v instanceof Date) return `"${strftime(v, "%Y-%m-%d %H:%M:%S.%9N %z")}"`;
  if (v instanceof RubyDate) return `"${v.toString()}"`;
  if (typeof v === "string" && [...v].length > 50) return inspect(`${[...v].slice(0, 50).join("")}...`);
  return inspect(v);
}

Object.defineProperty(Base.prototype, RECORD, { value: true });

/** The brief's name for the base class; the compiler emits `Base`. */
export { Base as Record };
