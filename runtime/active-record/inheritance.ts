// Single table inheritance (ActiveRecord::Inheritance): one table, a `type` column naming each row's class.
//
//   class Projects::Public < Project               defineModel(Projects_Public, { name: "Projects::Public", ... }) (table and columns
//                                          inherited when the descriptor omits them)
//   Projects::Public.new                         type = "Projects::Public" (the base class's own records keep type nil)
//   Project.new(type: "Projects::Public")        a Projects::Public (so is a scoped or association build naming it)
//   Project.find(1)                            a Projects::Public instance when its row says so (SubclassNotFound if unknown)
//   Projects::Public.where(...)                  WHERE "projects"."type" = ? AND ...   (IN (...) with descendants)
//   project.becomes(Projects::Private)             the same attributes seen as another class
//   self.inheritance_column = nil           descriptor inheritanceColumn: null
import { findMeta, modelClass, registeredModels, type ModelClassLike, type ModelMeta } from "./model.js";

export class SubclassNotFound extends Error {
  override readonly name = "SubclassNotFound";
}

/** The inheritance facts of a class being defined, from its descriptor and its parent's meta. */
export function inheritanceOf(
  className: string, parent: ModelMeta | undefined, columns: string[], explicit: string | null | undefined,
): Pick<ModelMeta, "inheritanceColumn" | "baseClassName" | "finderNeedsTypeCondition" | "descendants"> {
  const concreteParent = parent && !parent.abstract ? parent : undefined;
  const column = explicit === null ? null : (explicit ?? concreteParent?.inheritanceColumn ?? (columns.includes("type") ? "type" : null));
  const baseClassName = concreteParent ? concreteParent.baseClassName : className;
  return { inheritanceColumn: column, baseClassName, finderNeedsTypeCondition: column !== null && concreteParent !== undefined, descendants: [] };
}

/** Tells every concrete ancestor about a new STI subclass (their type conditions include it). */
export function registerDescendant(cls: object, meta: ModelMeta): void {
  for (let c: object | null = Object.getPrototypeOf(cls); c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const ancestor = findMeta(c);
    if (!ancestor || ancestor.abstract) break;
    if (findMeta(Object.getPrototypeOf(c)) === ancestor) continue;
    if (!ancestor.descendants.includes(meta.className)) ancestor.descendants.push(meta.className);
  }
}

/** find_sti_class: the class a type value names, which must be `model` or one of its descendants. */
function stiClassFor(model: ModelClassLike, meta: ModelMeta, type: string): ModelClassLike {
  if (!registeredModels().includes(type)) {
    const name = meta.className;
    throw new SubclassNotFound(
      `The single-table inheritance mechanism failed to locate the subclass: '${type}'. ` +
        `This error is raised because the column '${meta.inheritanceColumn}' is reserved for storing the class in case of inheritance. ` +
        "Please rename this column if you didn't intend it to be used for storing the inheritance class " +
        `or overwrite ${name}.inheritance_column to use another column for that information. ` +
        `If you wish to disable single-table inheritance for ${name} set ${name}.inheritance_column to nil`,
    );
  }
  const cls = modelClass(type);
  if (cls !== model && !(cls.prototype instanceof model)) {
    throw new SubclassNotFound(`Invalid single-table inheritance type: ${type} is not a subclass of ${meta.className}`);
  }
  return cls;
}

/**
 * Inheritance::ClassMethods#new: attributes (then the current scope's create attributes, then a base class's
 * column defaults) naming a subclass in the inheritance column build that subclass; null keeps `model`.
 */
export function subclassFromAttributes(model: ModelClassLike, meta: ModelMeta, sources: unknown[]): ModelClassLike | null {
  const column = meta.inheritanceColumn;
  if (!column) return null;
  for (const attrs of sources) {
    if (typeof attrs !== "object" || attrs === null || Array.isArray(attrs)) continue;
    const name = (attrs as { [key: string]: unknown })[column];
    if (typeof name !== "string" || name.trim() === "") continue;
    const cls = stiClassFor(model, meta, name);
    return cls === model ? null : cls;
  }
  return null;
}

/** The class to instantiate for a row read through `model` (its type column may name a subclass). */
export function classForRow<T extends ModelClassLike>(model: T, meta: ModelMeta, row: { [column: string]: unknown }): T {
  const column = meta.inheritanceColumn;
  if (!column) return model;
  const type = row[column];
  if (type === null || type === undefined || type === "" || type === meta.className) return model;
  if (!registeredModels().includes(String(type))) {
    throw new SubclassNotFound(`The single-table inheritance mechanism failed to locate the subclass: '${String(type)}'.`);
  }
  const cls = modelClass(String(type)) as T;
  if (cls !== model && !(cls.prototype instanceof model)) {
    throw new SubclassNotFound(`Invalid single-table inheritance type: ${String(type)} is not a subclass of ${meta.className}`);
  }
  return cls;
}
