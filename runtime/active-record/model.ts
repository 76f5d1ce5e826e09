// The runtime form of a model class's facts, and the registry through which models reach each other by class
// name (an association names "Note"; the runtime looks the class up here, so emitted models never import
// each other's values and load order does not matter).
import type { DeclinedDescriptor } from "./declined.js";
import type { AttributeSchema } from "./attributes.js";
import type { Callback } from "../active-support/callbacks.js";
import type { Errors } from "../active-model/errors.js";
import type { ModelDescriptor } from "./meta.js";
import type { ModelName } from "../active-model/model-name.js";
import type { AttributeType, ColumnMeta } from "./types.js";
import { setConstantLookup } from "../active-support/inflector.js";
import { appConstant } from "../ruby/app-class.js";

/** What every record is, structurally: enough for relations and associations without importing the Base class. */
export interface RecordLike {
  readonly [RECORD]: true;
  readonly errors: Errors;
  readAttribute(name: string): unknown;
  writeAttribute(name: string, value: unknown): void;
  isNewRecord(): boolean;
  isPersisted(): boolean;
  save(options?: { validate?: boolean }): boolean;
  destroy(): unknown;
  isValid(): boolean;
}

export const RECORD: unique symbol = Symbol.for("rails2ts.record");

export function isRecord(value: unknown): value is RecordLike {
  return typeof value === "object" && value !== null && (value as { [RECORD]?: boolean })[RECORD] === true;
}

export type CallbackFn = (record: RecordLike) => void;

export interface AssociationMeta {
  kind: "belongs_to" | "has_many" | "has_one";
  name: string;
  /** The class that declared it (Rails' reflection.active_record): STI subclasses share their parent's. */
  declaredBy: string;
  /** The target class; for a through association without class_name, resolved from its source (reflection.ts). */
  className: string;
  classNameExplicit: boolean;
  foreignKey: string;
  /** foreign_key: was given (Rails then detects no inverse automatically). */
  explicitForeignKey: boolean;
  /** primary_key: the key on the target (belongs_to) or owner (has_*) side; null = that model's primary key. */
  primaryKey: string | null;
  optional: boolean;
  dependent: string | null;
  /** touch: true, or a column to touch besides updated_at. */
  touch: boolean | string;
  /** Explicit inverse_of, false to turn detection off, or null to detect it (Rails' automatic_inverse_of). */
  inverseOf: string | false | null;
  validate: boolean;
  /** autosave: true/false, or null (Rails' default: new records only). */
  autosave: boolean | null;
  /** belongs_to polymorphic: true: the target class comes from foreignType. */
  polymorphic: boolean;
  /** The *_type column of a polymorphic belongs_to or of an `as:` has_many/has_one. */
  foreignType: string | null;
  as: string | null;
  through: string | null;
  source: string | null;
  sourceType: string | null;
  /** The scope lambda: function (this: Relation, owner?) { return this.where(...) }. */
  scope: Function | null;
  /** The extension block's methods, installed on the association's collection proxy. */
  extension: { [method: string]: Function } | null;
  /** belongs_to counter_cache: the parent's counter column. */
  counterCache: string | null;
  /** belongs_to default: -> { ... }: called on the record when the association is nil at validation. */
  default: Function | null;
  strictLoading: boolean;
  /** Set where the compiler declined one of its options: every use raises (declined.ts). */
  declined?: DeclinedDescriptor | null;
}

export interface ModelMeta {
  descriptor: ModelDescriptor;
  className: string;
  tableName: string;
  primaryKey: string;
  abstract: boolean;
  modelName: ModelName;
  columns: ColumnMeta[];
  schema: AttributeSchema;
  types: Map<string, AttributeType>;
  associations: Map<string, AssociationMeta>;
  /** Callback chains (save, create, validate, commit, ...) in Rails' chain order (see callbacks.ts). */
  callbacks: Map<string, Array<Callback<RecordLike>>>;
  /** STI: the column naming each row's class ("type"), or null when the table has none / it is turned off. */
  inheritanceColumn: string | null;
  /** base_class.name: what polymorphic *_type columns store and STI queries start from. */
  baseClassName: string;
  /** Subclasses of an STI base query with a type condition (this class and its descendants). */
  finderNeedsTypeCondition: boolean;
  /** sti_name of every registered descendant (for the type condition). */
  descendants: string[];
  /** scope :name, ->(args) { ... } bodies: function (this: Relation, ...args). */
  scopes: Map<string, Function>;
  enums: Map<string, EnumMeta>;
  /** default_scope bodies, applied to every relation of this class. */
  defaultScopes: Function[];
  /** Per-model Relation / CollectionProxy subclasses carrying scopes and class methods (scoping.ts). */
  relationClass?: unknown;
  proxyClass?: unknown;
  /** has_secure_password attributes ("password"), for authenticate_by. */
  securePasswords?: string[];
}

/** enum :role, { member: 0, ... }: names to stored values, and the generated method names. */
export interface EnumMeta {
  attribute: string;
  mapping: Map<string, string | number>;
  /** "involved_in_" or ""; "_role" or "" */
  prefix: string;
  suffix: string;
  scopes: boolean;
  default: string | null;
  validate: boolean;
  /** validate: { allow_nil: true } options, passed to the inclusion validation. */
  validateOptions: { [key: string]: unknown };
}

/** A model class as the runtime handles it: constructible, with its meta registered. */
export interface ModelClassLike<T extends RecordLike = RecordLike> {
  new (attributes?: { [key: string]: unknown }): T;
  readonly name: string;
  instantiate(row: { [column: string]: unknown }): T;
}

const metas = new WeakMap<object, ModelMeta>();
const classes = new Map<string, ModelClassLike>();

export function setMeta(cls: object, meta: ModelMeta): void {
  metas.set(cls, meta);
}

/** The meta of a class, or of the nearest ancestor that has one. */
export function findMeta(cls: object): ModelMeta | undefined {
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const meta = metas.get(c);
    if (meta) return meta;
  }
  return undefined;
}

export function metaOf(cls: object): ModelMeta {
  const meta = metas.get(cls);
  if (!meta || meta.abstract) {
    const name = (cls as { name?: string }).name ?? "anonymous";
    throw new Error(`${name} is not a concrete model: call defineModel(${name}, {...}) with its table and columns`);
  }
  return meta;
}

export function registerClass(name: string, cls: ModelClassLike): void {
  classes.set(name, cls);
}

/** A model class by its Ruby class name ("Note", "Admin::Post"). */
export function modelClass(name: string): ModelClassLike {
  const cls = classes.get(name);
  if (!cls) throw new Error(`uninitialized constant ${name}: no model registered under that name`);
  return cls;
}

/** modelClass typed by its caller: emitted models reach each other through the registry, `model<typeof X>("X")`. */
export function model<T>(name: string): T {
  return modelClass(name) as unknown as T;
}

// String#constantize (runtime/active-support/inflector.ts) finds the app's models here, then its plain classes.
setConstantLookup((name) => classes.get(name) ?? appConstant(name) ?? modelClass(name));

export function registeredModels(): string[] {
  return [...classes.keys()];
}
