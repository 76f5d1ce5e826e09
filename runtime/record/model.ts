// The runtime form of a model class's facts, and the registry through which models reach each other by class
// name (an association names "Comment"; the runtime looks the class up here, so emitted models never import
// each other's values and load order does not matter).
import type { AttributeSchema } from "./attributes.js";
import type { Callback } from "./callbacks.js";
import type { Errors } from "./errors.js";
import type { ModelDescriptor, ModelName } from "./meta.js";
import type { AttributeType, ColumnMeta } from "./types.js";

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
  className: string;
  foreignKey: string;
  optional: boolean;
  dependent: string | null;
  touch: boolean;
  /** Explicit inverse_of, or null to detect it (Rails' automatic_inverse_of). */
  inverseOf: string | null;
  validate: boolean;
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
  callbacks: Map<string, Callback[]>;
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

/** A model class by its Ruby class name ("Comment", "Admin::Post"). */
export function modelClass(name: string): ModelClassLike {
  const cls = classes.get(name);
  if (!cls) throw new Error(`uninitialized constant ${name}: no model registered under that name`);
  return cls;
}

export function registeredModels(): string[] {
  return [...classes.keys()];
}
