// defineModel(Class, descriptor): turns the compiler's data into a working model — the meta (types, defaults,
// association, validation and callback chains in declaration order), the registry entry, and accessors.
//
//   t.string "title"              article.title / article.title = v   (and a camelCase alias when different)
//   belongs_to :article           comment.article / comment.article = a
//   has_many :comments            article.comments  (CollectionProxy)
// Emitted models declare these members with `declare` so TS knows their types and emits no field that would
// shadow the accessor.
import { camel } from "../app/names.js";
import { associationCallbacks, normalizeAssociation, readAssociation, writeBelongsTo } from "./associations.js";
import { addCallback, addCallbackEntry } from "./callbacks.js";
import { declarationsInOrder, modelName, type ModelDescriptor } from "./meta.js";
import { findMeta, registerClass, setMeta, type ModelClassLike, type ModelMeta, type RecordLike } from "./model.js";
import { attributeType, type AttributeType } from "./types.js";
import { validatorFor } from "./validations.js";

function buildMeta(cls: object, d: ModelDescriptor): ModelMeta {
  const columns = d.columns ?? [];
  const types = new Map<string, AttributeType>(columns.map((c) => [c.name, attributeType(c)]));
  const defaults = new Map<string, unknown>(
    columns.filter((c) => c.default !== undefined && c.default !== null).map((c) => [c.name, types.get(c.name)!.cast(c.default)]),
  );
  const parent = findMeta(Object.getPrototypeOf(cls));
  const names = d.names ?? {
    name: d.name, singular: d.name.toLowerCase(), plural: d.table ?? d.name.toLowerCase(), paramKey: d.name.toLowerCase(),
    routeKey: d.table ?? d.name.toLowerCase(), singularRouteKey: d.name.toLowerCase(), i18nKey: d.name.toLowerCase(), human: d.name,
  };
  return {
    descriptor: d,
    className: d.name,
    tableName: d.table ?? "",
    primaryKey: d.primaryKey ?? "id",
    abstract: d.abstract === true,
    modelName: modelName(names),
    columns,
    types,
    schema: { className: d.name, columns, types, defaults },
    associations: new Map(parent?.associations ?? []),
    // Subclasses run their ancestors' callbacks first, as Ruby's inherited callback chains do.
    callbacks: new Map([...(parent?.callbacks ?? new Map())].map(([event, fns]) => [event, [...fns]])),
  };
}

export function defineModel(cls: ModelClassLike | (abstract new (...args: never[]) => unknown), d: ModelDescriptor): void {
  const meta = buildMeta(cls, d);
  for (const decl of declarationsInOrder(d)) {
    if (decl.kind === "association") {
      const assoc = normalizeAssociation(decl.entry);
      meta.associations.set(assoc.name, assoc);
      for (const [event, fn] of associationCallbacks(assoc)) addCallback(meta, event, fn);
    } else if (decl.kind === "validation") addCallback(meta, "validate", validatorFor(decl.entry));
    else addCallbackEntry(meta, decl.entry);
  }
  setMeta(cls, meta);
  if (meta.abstract) return;
  registerClass(d.name, cls as ModelClassLike);
  installAccessors(cls.prototype as object, meta);
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
  for (const assoc of meta.associations.values()) {
    define(
      proto,
      assoc.name,
      function () {
        return readAssociation(this, assoc);
      },
      function (v) {
        if (assoc.kind !== "belongs_to") throw new Error(`assigning ${assoc.kind} ${assoc.name} is not supported`);
        writeBelongsTo(this, assoc, v as RecordLike | null);
      },
    );
  }
}
