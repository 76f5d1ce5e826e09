// defineModel(Class, descriptor): turns the compiler's data into a working model — the meta (types, defaults,
// association, validation and callback chains in declaration order, scopes, enums, STI), the registry entry, the
// per-model relation classes, and the generated members.
//
//   t.string "title"              post.title / post.title = v   (and a camelCase alias when different)
//   belongs_to :post           note.post / note.post = a / buildPost / createPostBang
//   has_many :notes            post.notes  (CollectionProxy) / commentIds
//   scope :recent, -> { ... }     Post.recent() / relation.recent()
//   enum :status, [...]           post.isDraft() / Post.draft() / Post.statuses
// Emitted models declare these members with `declare` so TS knows their types and emits no field that would
// shadow them.
import { camel } from "../ruby/names.js";
import { associationCallbacks } from "./association-callbacks.js";
import { installAssociationAccessors } from "./association-accessors.js";
import { installAttributeMethods, installVirtualAttribute } from "./attribute-methods.js";
import { addCallback, addCallbackEntry } from "./callbacks.js";
import { CollectionProxy } from "./collection.js";
import { enumType, installEnum, normalizeEnum } from "./enum.js";
import { inheritanceOf, registerDescendant } from "./inheritance.js";
import { installDeclined, registerDeclined } from "./declined.js";
import { declarationsInOrder, type ModelDescriptor } from "./meta.js";
import { buildModelName } from "../active-model/model-name.js";
import { findMeta, registerClass, setMeta, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { Querying } from "./querying.js";
import { normalizeAssociation } from "./reflection.js";
import { installScoping } from "./scoping.js";
import { installSecureFeatures } from "./secure.js";
import { attributeType, type AttributeType } from "./types.js";
import type { BindValue } from "./connection/connection.js";
import { registerValidation } from "./validations.js";

interface Coder {
  load(value: unknown): unknown;
  dump(value: unknown): unknown;
}

/**
 * ActiveRecord::Type::Serialized with a coder: a row's value is `coder.load`ed (nil too: the coder decides what
 * nil becomes), an assigned value is dumped and loaded back (Type::Helpers::Mutable#cast), and the bind is the dump.
 */
function serializedType(coderRef: unknown, subtype: AttributeType | undefined): AttributeType {
  const coder = (): Coder => (typeof coderRef === "function" ? (coderRef as () => Coder).call(null) : coderRef) as Coder;
  // Serialized#default_value?: `value == coder.load(nil)`; for nil, whether the coder loads nil as nil.
  const isDefault = (v: unknown) => (v === null || v === undefined) && (coder().load(null) ?? null) === null;
  const serialize = (v: unknown): BindValue => {
    if (v === null || v === undefined || isDefault(v)) return null;
    const dumped = coder().dump(v);
    return subtype ? subtype.serialize(dumped) : (dumped as BindValue);
  };
  const deserialize = (v: unknown) => (isDefault(v) ? null : coder().load(subtype ? subtype.deserialize(v) : v));
  return {
    cast: (v) => deserialize(serialize(v)),
    deserialize,
    serialize,
    equal: (a, b) => serialize(a) === serialize(b),
  };
}

/**
 * ActiveRecord::Normalization::NormalizedValueType: cast is the subtype's cast then the normalizer (skipped for nil
 * unless apply_to_nil), so assignment normalizes, and a finder's value (cast, then serialized: predicates.ts'
 * columnValue) is bound normalized; a row's value is read as stored.
 */
function normalizedType(normalizer: (value: unknown) => unknown, applyToNil: boolean, subtype: AttributeType | undefined): AttributeType {
  const inner = subtype ?? { cast: (v: unknown) => v, deserialize: (v: unknown) => v, serialize: (v: unknown) => v as BindValue, equal: (a: unknown, b: unknown) => a === b };
  return {
    cast: (v) => {
      const cast = inner.cast(v);
      return cast === null || cast === undefined ? (applyToNil ? normalizer.call(null, null) : cast) : normalizer.call(null, cast);
    },
    deserialize: (v) => inner.deserialize(v),
    serialize: (v) => inner.serialize(v),
    equal: (a, b) => inner.equal(a, b),
  };
}

function buildMeta(cls: object, d: ModelDescriptor): ModelMeta {
  const parent = findMeta(Object.getPrototypeOf(cls));
  const inherited = parent && !parent.abstract ? parent : undefined;
  const columns = d.columns ?? inherited?.columns ?? [];
  const types = new Map<string, AttributeType>(columns.map((c) => [c.name, attributeType(c)]));
  const enums = new Map([...(inherited?.enums ?? new Map()), ...(d.enums ?? []).map((e) => [e.attribute, normalizeEnum(e)] as const)]);
  for (const e of enums.values()) types.set(e.attribute, enumType(e, types.get(e.attribute) ?? attributeType({ name: e.attribute, type: "string" })));
  for (const { attribute, coder } of d.serialize ?? []) types.set(attribute, serializedType(coder, types.get(attribute)));
  for (const n of d.normalizes ?? []) for (const attribute of n.attributes) types.set(attribute, normalizedType(n.with, n.applyToNil, types.get(attribute)));
  const defaults = new Map<string, unknown>();
  for (const c of columns) if (c.default !== undefined && c.default !== null) defaults.set(c.name, types.get(c.name)!.cast(c.default));
  for (const e of enums.values()) if (e.default !== null) defaults.set(e.attribute, e.default);
  const names = d.names ?? {
    name: d.name, singular: d.name.toLowerCase(), plural: d.table ?? d.name.toLowerCase(), paramKey: d.name.toLowerCase(),
    routeKey: d.table ?? d.name.toLowerCase(), singularRouteKey: d.name.toLowerCase(), i18nKey: d.name.toLowerCase(), human: d.name,
  };
  return {
    descriptor: d, className: d.name, tableName: d.table ?? inherited?.tableName ?? "", primaryKey: d.primaryKey ?? inherited?.primaryKey ?? "id",
    abstract: d.abstract === true, modelName: buildModelName(names), columns, types,
    schema: { className: d.name, columns, types, defaults, enumAttributes: [...enums.keys()], columnNames: new Set(columns.map((c) => c.name)) },
    associations: new Map(parent?.associations ?? []),
    // Subclasses run their ancestors' callbacks first, as Ruby's inherited callback chains do.
    callbacks: new Map([...(parent?.callbacks ?? new Map())].map(([chain, list]) => [chain, [...list]])),
    ...inheritanceOf(d.name, parent, columns.map((c) => c.name), d.inheritanceColumn),
    scopes: new Map(parent?.scopes ?? []),
    scopeExtensions: new Map(parent?.scopeExtensions ?? []),
    enums,
    defaultScopes: [...(parent?.defaultScopes ?? []), ...(d.defaultScopes ?? [])],
  };
}

function declare(meta: ModelMeta, d: ModelDescriptor): void {
  // enum validate: true is validates_inclusion_of in the names, declared where the enum is (at its `at`; without
  // one, after everything else).
  const enumValidations = (d.enums ?? []).flatMap((e, i) => {
    const n = meta.enums.get(e.attribute);
    if (!n?.validate) return [];
    return [{ attribute: e.attribute, validator: "inclusion", options: { in: [...n.mapping.keys()], ...n.validateOptions }, at: e.at ?? 3e9 + i }];
  });
  for (const decl of declarationsInOrder({ ...d, validations: [...(d.validations ?? []), ...enumValidations] })) {
    if (decl.kind === "association") {
      const assoc = normalizeAssociation(decl.entry, d.name);
      meta.associations.set(assoc.name, assoc);
      for (const [event, fn, options] of associationCallbacks(assoc)) addCallback(meta, event, fn, options);
    } else if (decl.kind === "validation") registerValidation(meta, decl.entry);
    else if (decl.kind === "declined") registerDeclined(meta, decl.entry);
    else addCallbackEntry(meta, decl.entry);
  }
  for (const scope of d.scopes ?? []) {
    meta.scopes.set(scope.name, scope.body);
    if (scope.extension) meta.scopeExtensions.set(scope.name, scope.extension);
  }
}

export function defineModel(cls: ModelClassLike | (abstract new (...args: never[]) => unknown), d: ModelDescriptor): void {
  const meta = buildMeta(cls, d);
  declare(meta, d);
  for (const e of meta.enums.values()) {
    if (!d.enums?.some((x) => x.attribute === e.attribute)) continue;
    // validate: true keeps unknown values (its inclusion validation is declared above, in declaration order).
    installEnum(cls, meta, e);
  }
  installSecureFeatures(cls as ModelClassLike, meta, d);
  setMeta(cls, meta);
  installScoping(cls as ModelClassLike, meta, CollectionProxy as unknown as typeof import("./relation.js").Relation, (c) => c === Querying || c === Function.prototype || Object.getPrototypeOf(c) === Querying);
  if (meta.abstract) return;
  registerClass(d.name, cls as ModelClassLike);
  if (meta.finderNeedsTypeCondition) registerDescendant(cls, meta);
  installAccessors(cls.prototype as object, meta);
  installDeclined(cls, meta, d.declined ?? []);
}

function define(proto: object, name: string, get: (this: RecordLike) => unknown, set: (this: RecordLike, v: unknown) => void): void {
  for (const key of new Set([name, camel(name)])) {
    // Never shadow a member the base class or the model itself defines (save, errors, a hand-written method).
    if (key in proto) continue;
    Object.defineProperty(proto, key, { get, set, configurable: true, enumerable: false });
  }
}

function installAccessors(proto: object, meta: ModelMeta): void {
  for (const column of meta.columns) {
    define(
      proto,
      column.name,
      function () {
        return this.readAttribute(column.name);
      },
      function (v) {
        this.writeAttribute(column.name, v);
      },
    );
  }
  installAttributeMethods(proto, meta.columns.map((c) => c.name));
  const virtual = [
    ...(meta.descriptor.accessors ?? []),
    ...(meta.descriptor.validations ?? []).filter((v) => v.validator === "confirmation").map((v) => `${v.attribute}_confirmation`),
    // AcceptanceValidator::LazilyDefineAttributes: `validates :terms, acceptance: true` without a terms column
    // defines the terms accessor, so a form's terms=1 is assignable.
    ...(meta.descriptor.validations ?? [])
      .filter((v) => v.validator === "acceptance" && !meta.columns.some((c) => c.name === v.attribute))
      .map((v) => v.attribute),
  ];
  for (const name of virtual) installVirtualAttribute(proto, name);
  installAssociationAccessors(proto, meta);
}
