// Single table inheritance (ActiveRecord::Inheritance): one table, a `type` column naming each row's class.
//
//   class Projects::Public < Project               defineModel(Projects_Public, { name: "Projects::Public", ... }) (table and columns
//                                          inherited when the descriptor omits them)
//   Projects::Public.new                         type = "Projects::Public" (the base class's own records keep type nil)
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
