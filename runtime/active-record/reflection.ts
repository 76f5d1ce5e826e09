// ActiveRecord::Reflection: an association declaration's options normalized, and the facts derived from the
// models at both ends (target class, keys, through/source chain), looked up lazily through the registry so
// declaration order across files does not matter.
//
//   belongs_to :author, class_name: "User"       target User; key users.id = owner.author_id
//   has_many :notes, as: :notable                  key notes.notable_id = owner.id AND notes.notable_type = ?
//   has_many :projects, through: :assignments         chain: assignments (through) then projects (source)
//   has_many :visible_tasks, through: :projects, source: :tasks   target class from the source: Task
import { demodulize, pluralize, singularize, underscore } from "../active-support/inflector.js";
import type { AssociationDescriptor } from "./meta.js";
import { metaOf, modelClass, type AssociationMeta, type ModelMeta } from "./model.js";

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** `owner`: the declaring class's name (counter_cache: true names its column after it: boosts_count). */
export function normalizeAssociation(d: AssociationDescriptor, owner = ""): AssociationMeta {
  const o = d.options ?? {};
  const as = str(o.as);
  const polymorphic = o.polymorphic === true;
  const explicitKey = str(o.foreign_key);
  // The compiler derives the default key from the owner's name; `as:` keys on the interface name instead.
  const foreignKey = explicitKey ?? (as ? `${as}_id` : d.foreignKey);
  const counter = o.counter_cache === true ? `${pluralize(underscore(demodulize(owner)))}_count` : str(o.counter_cache);
  return {
    kind: d.kind, name: d.name, declaredBy: owner, className: d.className, classNameExplicit: typeof o.class_name === "string", foreignKey,
    explicitForeignKey: explicitKey !== null,
    primaryKey: str(o.primary_key),
    optional: o.optional === true || o.required === false,
    dependent: str(o.dependent),
    touch: o.touch === true ? true : (str(o.touch) ?? false),
    inverseOf: o.inverse_of === false ? false : str(o.inverse_of),
    validate: o.validate !== undefined ? o.validate !== false : d.kind === "has_many",
    autosave: typeof o.autosave === "boolean" ? o.autosave : null,
    polymorphic,
    foreignType: polymorphic ? (str(o.foreign_type) ?? `${d.name}_type`) : as ? `${as}_type` : null,
    as,
    through: str(o.through),
    source: str(o.source),
    sourceType: str(o.source_type),
    scope: d.scope ?? null,
    extension: d.extension ?? null,
    counterCache: d.kind === "belongs_to" ? counter : null,
    default: typeof o.default === "function" ? (o.default as Function) : null,
    strictLoading: o.strict_loading === true,
  };
}

/** The association's target model meta (not for a polymorphic belongs_to: the class depends on the row). */
export function targetMeta(owner: ModelMeta, assoc: AssociationMeta): ModelMeta {
  return metaOf(modelClass(targetClassName(owner, assoc)));
}

export function targetClassName(owner: ModelMeta, assoc: AssociationMeta): string {
  if (assoc.polymorphic) throw new Error(`polymorphic association ${assoc.name}: the class is the row's ${assoc.foreignType}`);
  if (!assoc.through || assoc.classNameExplicit) return assoc.className;
  const source = sourceReflection(owner, assoc);
  return source.through ? targetClassName(throughMeta(owner, assoc), source) : (assoc.sourceType ?? source.className);
}

export function throughReflection(owner: ModelMeta, assoc: AssociationMeta): AssociationMeta {
  const through = owner.associations.get(assoc.through!);
  if (!through) throw new Error(`Could not find the association :${assoc.through} in model ${owner.className}`);
  return through;
}

export function throughMeta(owner: ModelMeta, assoc: AssociationMeta): ModelMeta {
  return targetMeta(owner, throughReflection(owner, assoc));
}

/** source: or the association's own name (singular or plural) on the through model. */
export function sourceReflection(owner: ModelMeta, assoc: AssociationMeta): AssociationMeta {
  const via = throughMeta(owner, assoc);
  const names = assoc.source ? [assoc.source] : [assoc.name, singularize(assoc.name)];
  for (const name of names) {
    const found = via.associations.get(name);
    if (found) return found;
  }
  throw new Error(`Could not find the source association(s) ${names.join(" or ")} in model ${via.className}`);
}

/** The column pair joining owner to target: target.targetColumn = owner.ownerColumn. */
export function joinKeys(owner: ModelMeta, assoc: AssociationMeta): { targetColumn: string; ownerColumn: string } {
  if (assoc.kind === "belongs_to") {
    const target = assoc.polymorphic ? null : targetMeta(owner, assoc);
    return { targetColumn: assoc.primaryKey ?? target?.primaryKey ?? "id", ownerColumn: assoc.foreignKey };
  }
  return { targetColumn: assoc.foreignKey, ownerColumn: assoc.primaryKey ?? owner.primaryKey };
}

/** One hop of an association's join chain: `assoc` declared on `owner`, landing on `target`. */
export interface Hop {
  owner: ModelMeta;
  assoc: AssociationMeta;
  target: ModelMeta;
}

/** The hops from the owner to the target, through-associations expanded (assignments, then projects). */
export function hops(owner: ModelMeta, assoc: AssociationMeta): Hop[] {
  if (!assoc.through) return [{ owner, assoc, target: targetMeta(owner, assoc) }];
  const through = throughReflection(owner, assoc);
  const via = targetMeta(owner, through);
  return [...hops(owner, through), ...hops(via, sourceReflection(owner, assoc))];
}
