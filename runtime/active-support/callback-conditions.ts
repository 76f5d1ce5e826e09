// `if:` / `unless:` specs shared by callbacks and validations, and the Ruby-code convention for every option that
// is a block or lambda in Ruby.
//
//   if: :published?          "published?" or "isPublished"   -> record.isPublished()   (the TS member name first)
//   if: -> { title.present? } function (this: R, record: R) { ... }   called as fn.call(record, record)
//   if: ->(r) { r.draft? }    the same function: Ruby instance_execs lambdas of any arity on the record, so both
//                             `this` and the first argument are the record
import { rubyToTs } from "../ruby/names.js";
import { truthy } from "../ruby/ruby.js";

/** A Ruby block/lambda lowered to JS: `this` and the first argument are the record (or relation, for scopes). */
export type RubyProc = (this: never, ...args: never[]) => unknown;
export type ConditionSpec = string | RubyProc | boolean;

/** A record's method by its Ruby or TS name (`published?` -> isPublished, `can_edit` -> canEdit). */
export function recordMethod(record: object, name: string): ((...args: unknown[]) => unknown) | null {
  const target = record as { [key: string]: unknown };
  for (const key of [name, rubyToTs(name)]) {
    const fn = target[key];
    if (typeof fn === "function") return fn as (...args: unknown[]) => unknown;
  }
  return null;
}

/** Calls a Ruby proc the way instance_exec does: self is the receiver, which is also passed. */
export function callProc(fn: unknown, self: unknown, ...args: unknown[]): unknown {
  return (fn as (this: unknown, ...a: unknown[]) => unknown).call(self, self, ...args);
}

export function conditionFor(spec: ConditionSpec): (record: object) => boolean {
  if (typeof spec === "boolean") return () => spec;
  if (typeof spec === "function") return (record) => truthy(callProc(spec, record));
  return (record) => {
    const fn = recordMethod(record, spec);
    if (fn) return truthy(fn.call(record));
    // A reader kept as a property (an attribute, an attr_accessor): `if: :newsletter`.
    const key = [spec, rubyToTs(spec)].find((k) => k in record);
    if (key === undefined) throw new TypeError(`undefined method '${spec}' for an instance of ${record.constructor.name}`);
    return truthy((record as { [key: string]: unknown })[key]);
  };
}
