// Model scopes: `scope :active, -> { where(active: true) }` is a function run with a relation as `this`, so it
// chains from the class (`User.active`) and from any relation (`room.users.active.ordered`), as Rails delegates.
//   User.active            User.active()                       (a static the compiler emits)
//   relation.ordered       scope(relation, "ordered")          (looked up on the relation's model)
import { Base, Relation, modelClass } from "../active-record/index.js";

export type ScopeFn = (this: Relation<never>, ...args: unknown[]) => unknown;

const SCOPES = new WeakMap<object, Map<string, ScopeFn>>();

export function defineScopes(model: object, scopes: Record<string, ScopeFn>): void {
  SCOPES.set(model, new Map(Object.entries(scopes)));
}

function lookup(model: object | null, name: string): ScopeFn | null {
  for (let m = model; m && m !== Function.prototype; m = Object.getPrototypeOf(m) as object | null) {
    const fn = SCOPES.get(m)?.get(name);
    if (fn) return fn;
  }
  return null;
}

/**
 * Applies scope `name` to a model class (via its `all()`) or to a relation. The compiler names the model as the
 * type argument; Rails returns the scope's relation (or `all` when the body returns nil).
 */
export function scope<T extends Base>(target: unknown, name: string, ...args: unknown[]): Relation<T> {
  const relation = target instanceof Relation ? target : (target as { all(): Relation<never> }).all();
  const fn = lookup(relation.model as unknown as object, name);
  if (!fn) throw new TypeError(`undefined scope \`${name}' for ${String((relation.model as { name?: string }).name)}`);
  const result = fn.apply(relation as Relation<never>, args);
  return (result === null || result === undefined ? relation : result) as Relation<T>;
}

/** A model class by its Ruby name, from the registry `defineModel` fills (models never import each other). */
export function model<T>(name: string): T {
  return modelClass(name) as unknown as T;
}
