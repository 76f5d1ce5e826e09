// defineActiveModel(Class, descriptor): the class-body declarations of a plain Active Model class, as data the
// compiler emits (src/lower/core/active-model-macros.ts), run by the same validators and callback chains records use.
//
//   attribute :age, :integer, default: 18     attributes: [{ name: "age", type: "integer", default: 18 }]
//   attribute :tags, default: -> { [] }       default: a function, called once per object when first read
//   validates :name, presence: true           validations: [{ attribute, validator, options, at }] (validations.ts)
//   validate :check / before_validation { }   callbacks: [{ event, method | fn, options, at }]
// A subclass starts from its parent's attributes and chains, as Ruby's inherited class attributes do.
import { attrAccessor, type AccessorStorage, type RubyObject } from "../ruby/ruby-object.js";
import { type CallbackChains } from "../active-support/callbacks.js";
import { addCallbackEntry, VALIDATION_MACROS, type CallbackEntry } from "./callbacks.js";
import { MODEL_TYPES } from "./type.js";
import { addValidation, MODEL_CHECKS, type ValidationDescriptor, type ValidationTarget } from "./validations.js";

export interface AttributeDescriptor {
  name: string;
  /** A type ActiveModel registers (integer, string, date, ...); none: ActiveModel::Type::Value. */
  type?: string;
  /** The default value, cast by the type; a function is called (self: the class) for each object. */
  default?: unknown;
}

export interface ActiveModelDescriptor {
  attributes?: AttributeDescriptor[];
  validations?: ValidationDescriptor[];
  callbacks?: Array<CallbackEntry & { at?: number }>;
}

interface AttributeDefinition {
  cast: (value: unknown) => unknown;
  /** A thunk for the default (nil when none was given). */
  initial: () => unknown;
}

export interface ActiveModelMeta extends CallbackChains<ValidationTarget> {
  attributes: Map<string, AttributeDefinition>;
}

const metas = new WeakMap<object, ActiveModelMeta>();
const EMPTY: ActiveModelMeta = { callbacks: new Map(), attributes: new Map() };
const MACROS = new Map(VALIDATION_MACROS);

/** The meta of a class or its nearest ancestor that has one (a class without declarations has none of its own). */
export function activeModelMeta(cls: object): ActiveModelMeta {
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const meta = metas.get(c);
    if (meta) return meta;
  }
  return EMPTY;
}

/** The attribute set of one object (ActiveModel::AttributeSet): cast values, defaults read on first use. */
const values = new WeakMap<object, Map<string, unknown>>();

function attributeSet(object: object): Map<string, unknown> {
  let set = values.get(object);
  if (!set) values.set(object, (set = new Map()));
  return set;
}

const ATTRIBUTES: AccessorStorage = {
  read(object, name) {
    const set = attributeSet(object);
    if (!set.has(name)) set.set(name, activeModelMeta(object.constructor).attributes.get(name)?.initial() ?? null);
    return set.get(name);
  },
  write(object, name, value) {
    const definition = activeModelMeta(object.constructor).attributes.get(name);
    attributeSet(object).set(name, definition ? definition.cast(value) : value);
  },
};

/** Attributes#attributes: every declared attribute by name, in declaration order. */
export function attributesOf(object: RubyObject): Record<string, unknown> {
  const names = [...activeModelMeta(object.constructor).attributes.keys()];
  return Object.fromEntries(names.map((name) => [name, ATTRIBUTES.read(object, name)]));
}

function attributeDefinition(d: AttributeDescriptor, cls: object): AttributeDefinition {
  const cast = MODEL_TYPES[d.type ?? "value"];
  if (!cast) throw new Error(`unknown attribute type :${d.type} for ${d.name}`);
  const given = d.default;
  const copy = (v: unknown) => (Array.isArray(v) ? [...v] : v);
  const initial = typeof given === "function" ? () => cast((given as (this: unknown) => unknown).call(cls)) : () => copy(cast(given ?? null));
  return { cast, initial };
}

export function defineActiveModel(cls: { prototype: object }, d: ActiveModelDescriptor): void {
  const parent = activeModelMeta(Object.getPrototypeOf(cls) as object);
  const meta: ActiveModelMeta = {
    callbacks: new Map([...parent.callbacks].map(([chain, list]) => [chain, [...list]])),
    attributes: new Map(parent.attributes),
  };
  for (const a of d.attributes ?? []) meta.attributes.set(a.name, attributeDefinition(a, cls));
  attrAccessor(cls, (d.attributes ?? []).map((a) => a.name), "accessor", ATTRIBUTES);
  // Validations and callbacks join the chains in declaration order, across kinds.
  const declared = [
    ...(d.validations ?? []).map((entry, i) => ({ at: entry.at ?? i, add: () => addValidation(meta, entry, MODEL_CHECKS[entry.validator]!) })),
    ...(d.callbacks ?? []).map((entry, i) => ({ at: entry.at ?? 1e9 + i, add: () => addCallbackEntry(meta, MACROS, entry) })),
  ];
  for (const { add } of declared.sort((a, b) => a.at - b.at)) add();
  // confirmation defines <attr>_confirmation; acceptance defines the attribute when the class has no such method.
  const virtual = (d.validations ?? []).flatMap((v) => (v.validator === "confirmation" ? [`${v.attribute}_confirmation`] : v.validator === "acceptance" ? [v.attribute] : []));
  attrAccessor(cls, virtual.filter((name) => !(name in cls.prototype)), "accessor");
  metas.set(cls, meta);
}
