// The mark of the classes an app's code defines, once lowered: records (active-record/querying.ts), plain classes
// (ruby-object.ts) and exception classes (exceptions.ts). `obj.class` answers such a class itself (core values
// answer a RubyClass), and a class prints as its Ruby name (`Billing::Invoice`), not as JS source.
import { declinedError } from "./not-lowered.js";

export const APP_CLASS: unique symbol = Symbol.for("rails2ts.appClass");

/** The Ruby name of a lowered class (its rubyName, or a model's ActiveModel::Name); null for any other value. */
export function appClassName(v: unknown): string | null {
  if (typeof v !== "function" || !(APP_CLASS in v)) return null;
  const own = v as { rubyName?: unknown; modelName?: { name?: unknown } };
  if (typeof own.rubyName === "string" && own.rubyName !== "Object") return own.rubyName;
  if ("modelName" in v && own.modelName && typeof own.modelName.name === "string") return own.modelName.name;
  return typeof own.rubyName === "string" ? own.rubyName : v.name;
}

// The app's plain classes by their Ruby names, for String#constantize (active-record's lookup, which has the models,
// falls back to these): a policy or presenter a gem finds by name (`"#{model}Policy".safe_constantize`).
const APP_CONSTANTS = new Map<string, unknown>();

/** Registers a lowered plain class under its Ruby name (each plain class's module does, as it loads). */
export function registerAppConstant(name: string, value: unknown): void {
  APP_CONSTANTS.set(name, value);
}

/** The plain class registered under NAME, or undefined. */
export function appConstant(name: string): unknown {
  return APP_CONSTANTS.get(name);
}

/** The declined class-body statement of a class (its .rb site and diagnostic): instantiating it raises. */
const DECLINED_CLASS: unique symbol = Symbol.for("rails2ts.declinedClass");

/** Marks a lowered class whose body the compiler could not fully lower (src/lower/core/plain-class.ts). */
export function declineClass(cls: object, site: string, diagnostic: string): void {
  Object.defineProperty(cls, DECLINED_CLASS, { value: { site, diagnostic }, configurable: true });
}

/** Raises when `cls` (or a class it inherits from) was declined: every lowered class's `new` calls this. */
export function checkDeclinedClass(cls: object): void {
  const d = (cls as { [DECLINED_CLASS]?: { site: string; diagnostic: string } })[DECLINED_CLASS];
  if (d) throw declinedError(d.site, d.diagnostic);
}

/** Class#new for a lowered class: refused when the class was declined, else allocate, then initialize. */
export function newInstance<T extends { initialize(...args: unknown[]): unknown }>(cls: new () => T, args: unknown[]): T {
  checkDeclinedClass(cls);
  const instance = new cls();
  instance.initialize(...args);
  return instance;
}
