// The per-attribute methods Rails generates (attribute_method_prefix/suffix/affix), installed on the model's
// prototype under the compiler's TS names (rubyToTs of the Ruby name):
//
//   title / title=                 title (accessor), setTitle(v)
//   title?                         isTitle()              (query_attribute: present, non-zero)
//   title_changed?(from:, to:)     isTitleChanged({ from, to })     title_was / title_change   titleWas() / titleChange()
//   title_previously_changed?      isTitlePreviouslyChanged({...})  title_previous_change / title_previously_was
//   saved_change_to_title?         isSavedChangeToTitle()           saved_change_to_title / title_before_last_save
//   will_save_change_to_title?     isWillSaveChangeToTitle()        title_in_database / title_before_type_cast
//   restore_title! / clear_title_change
// A member the model already defines is never replaced.
import { rubyToTs } from "../ruby/names.js";
import { isPresent } from "../ruby/ruby.js";
import type { AttributeSet } from "./attributes.js";

interface Dirty {
  _attributes: AttributeSet;
  readAttribute(name: string): unknown;
  writeAttribute(name: string, value: unknown): void;
}

export type ChangeOptions = { from?: unknown; to?: unknown };

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());

/** A change [from, to] as `from:` / `to:` ask for it (Dirty's `*_changed?(from:, to:)`); false when nothing changed. */
export function matches(change: [unknown, unknown] | undefined, options: ChangeOptions = {}): boolean {
  if (!change) return false;
  if ("from" in options && !same(change[0], options.from)) return false;
  if ("to" in options && !same(change[1], options.to)) return false;
  return true;
}

/**
 * `record.title = value` for a column whose writer is the one Active Record defines (what the attribute's accessor
 * does: write_attribute, casting the value); answers the value, as a Ruby assignment does.
 */
export function assignAttribute(record: { writeAttribute(name: string, value: unknown): void }, name: string, value: unknown): unknown {
  record.writeAttribute(name, value);
  return value;
}

/** query_cast_attribute for a typed attribute: numbers are true unless zero, anything else unless blank. */
export function queryAttribute(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (value === true) return true;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "object" && value !== null && !(value instanceof Date) && typeof (value as { valueOf(): unknown }).valueOf() === "number") {
    return (value as { valueOf(): number }).valueOf() !== 0;
  }
  return isPresent(value);
}

type Method = (this: Dirty, ...args: never[]) => unknown;

function methodsFor(name: string): Array<[string, Method]> {
  const change = (r: Dirty): [unknown, unknown] | undefined => (r._attributes.isChanged(name) ? [r._attributes.was(name), r.readAttribute(name)] : undefined);
  const saved = (r: Dirty) => r._attributes.savedChanges[name];
  return [
    [`${name}=`, function (v: never) { this.writeAttribute(name, v); }],
    [`${name}?`, function () { return queryAttribute(this.readAttribute(name)); }],
    [`${name}_changed?`, function (o?: never) { return matches(change(this), o); }],
    [`${name}_change`, function () { return change(this) ?? null; }],
    [`${name}_was`, function () { return this._attributes.was(name); }],
    [`${name}_previously_changed?`, function (o?: never) { return matches(saved(this), o); }],
    [`${name}_previous_change`, function () { return saved(this) ?? null; }],
    [`${name}_previously_was`, function () { return this._attributes.valueBeforeLastSave(name); }],
    [`saved_change_to_${name}?`, function (o?: never) { return matches(saved(this), o); }],
    [`saved_change_to_${name}`, function () { return saved(this) ?? null; }],
    [`${name}_before_last_save`, function () { return this._attributes.valueBeforeLastSave(name); }],
    [`will_save_change_to_${name}?`, function (o?: never) { return matches(change(this), o); }],
    [`${name}_in_database`, function () { return this._attributes.was(name); }],
    [`${name}_before_type_cast`, function () { return this._attributes.readBeforeTypeCast(name); }],
    [`restore_${name}!`, function () { this._attributes.restore([name]); }],
    [`clear_${name}_change`, function () { this._attributes.forgetChanges([name]); }],
  ];
}

/** The Ruby names of the methods installAttributeMethods defines for COLUMN (the compiler's to know). */
export function attributeMethodNames(column: string): string[] {
  return methodsFor(column).map(([rubyName]) => rubyName);
}

export function installAttributeMethods(proto: object, columns: string[]): void {
  for (const column of columns) {
    for (const [rubyName, fn] of methodsFor(column)) {
      const key = rubyToTs(rubyName);
      if (key in proto) continue;
      Object.defineProperty(proto, key, { value: fn, configurable: true, writable: true });
    }
  }
}

const VIRTUAL = Symbol("rails2ts.virtualAttributes");

/**
 * attr_accessor :terms (and the <attr>_confirmation accessors confirmation validators define): a plain Ruby
 * attribute, assignable through new/update like a column, stored on the record, never persisted.
 */
export function installVirtualAttribute(proto: object, name: string): void {
  const store = (r: object): Map<string, unknown> => ((r as { [VIRTUAL]?: Map<string, unknown> })[VIRTUAL] ??= new Map());
  const get = function (this: object) {
    return store(this).get(name) ?? null;
  };
  const set = function (this: object, v: unknown) {
    store(this).set(name, v);
  };
  for (const key of new Set([name, rubyToTs(name)])) if (!(key in proto)) Object.defineProperty(proto, key, { get, set, configurable: true });
  const setter = rubyToTs(`${name}=`);
  if (!(setter in proto)) Object.defineProperty(proto, setter, { value: set, configurable: true, writable: true });
}
