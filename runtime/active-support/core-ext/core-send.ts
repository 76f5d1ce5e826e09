// Dynamic dispatch of Ruby core and ActiveSupport methods by the receiver's class at run time, for calls the
// compiler could not type: `x.pluralize` on an unknown `x` lowers to coreSend(x, "pluralize"). Core values
// (strings, numbers, arrays, hashes, times...) answer from their class's table, then Object's; any other object
// answers with its own member first (a record's `to_param`), then Object's, as Ruby's method lookup would.
import { send } from "./ops.js";
import { rubyToTs } from "../../ruby/names.js";
import { ARRAY_MUTATORS, ArrayMethods, HashMethods, KeyedHashMethods, SetMethods } from "./core-collections.js";
import { eql } from "./core-hash.js";
import { NumericMethods } from "./core-numeric.js";
import { NilMethods, ObjectMethods, respondsAsIdentified, rubyClassName } from "./core-object.js";
import { BinaryStringMethods, StringMethods } from "./core-string.js";
import { DurationMethods, TimeMethods, TimeZoneMethods } from "./core-time.js";
import { RubyDate } from "../../ruby/date.js";
import { Duration } from "../duration.js";
import { isNumeric, isPlainObject, RubyRange } from "../../ruby/ruby.js";
import { RangeMethods, wireRangeEnumerable } from "./core-range.js";
import { TimeZone } from "../time-zone.js";
import { ZonedTime } from "../zoned-time.js";
import { SafeString } from "../safe.js";
import { isProc, ProcMethods } from "../../ruby/core-proc.js";
import { RubyEnumerator } from "../../ruby/core-enumerator.js";
import { RegexpMethods } from "./core-regexp.js";

type MethodTable = Record<string, (recv: never, ...args: never[]) => unknown>;

/** Every class table, by the kind of receiver it serves (what the compiler consults for typed receivers). */
export const CORE_TABLES = {
  string: StringMethods, numeric: NumericMethods, array: ArrayMethods, hash: HashMethods, time: TimeMethods,
  duration: DurationMethods, timeZone: TimeZoneMethods, nil: NilMethods, object: ObjectMethods, binary: BinaryStringMethods,
  regexp: RegexpMethods,
} satisfies Record<string, MethodTable>;

/** Array's methods a Range or an Enumerator lends over its elements: all but those that change the Array itself. */
function enumerableOfArray(): Array<[string, unknown]> {
  return Object.entries(ArrayMethods).filter(([name]) => !ARRAY_MUTATORS.has(name));
}

/** Range: its own methods (core-range.ts), then Enumerable's, as Array's over its elements. */
const RangeEnumerable: MethodTable = Object.fromEntries(
  enumerableOfArray().map(([name, fn]) => [name, (r: RubyRange, ...args: unknown[]) => (fn as (l: unknown[], ...a: unknown[]) => unknown)(r.toArray(), ...args)]),
);
const RangeTable: MethodTable = { ...RangeEnumerable, ...(RangeMethods as unknown as MethodTable) };
wireRangeEnumerable((r, name, args) => (RangeEnumerable[name] as (r: RubyRange, ...a: unknown[]) => unknown)(r, ...args));

/** Enumerator: its own methods (with_index, next...), then Enumerable's over what it yields. */
const EnumeratorMethods: MethodTable = {
  ...Object.fromEntries(
    enumerableOfArray().map(([name, fn]) => [name, (e: RubyEnumerator, ...args: unknown[]) => (fn as (l: unknown[], ...a: unknown[]) => unknown)(e.toA(), ...args)]),
  ),
  ...Object.fromEntries(
    Object.getOwnPropertyNames(RubyEnumerator.prototype)
      .filter((name) => name !== "constructor")
      .map((name) => [name, (e: RubyEnumerator, ...args: unknown[]) => (e as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args)]),
  ),
} as unknown as MethodTable;

/** The class table of a core value; null for other objects. */
function tableOf(v: unknown): MethodTable | null {
  if (v === null || v === undefined) return NilMethods;
  if (typeof v === "string" || v instanceof SafeString) return StringMethods;
  if (isNumeric(v)) return NumericMethods;
  if (typeof v === "boolean") return {};
  if (Array.isArray(v)) return ArrayMethods;
  if (isPlainObject(v)) return HashMethods;
  if (v instanceof Set) return SetMethods as MethodTable;
  if (v instanceof RubyRange) return RangeTable;
  if (v instanceof Map) return KeyedHashMethods;
  if (v instanceof Date || v instanceof RubyDate || v instanceof ZonedTime) return TimeMethods;
  if (v instanceof Duration) return DurationMethods;
  if (v instanceof TimeZone) return TimeZoneMethods;
  if (Buffer.isBuffer(v)) return BinaryStringMethods;
  if (isProc(v)) return ProcMethods as unknown as MethodTable;
  if (v instanceof RubyEnumerator) return EnumeratorMethods;
  if (v instanceof RegExp) return RegexpMethods;
  return null;
}

import { NoMethodError } from "../../ruby/exceptions.js";
export { NoMethodError };

/** `recv.name(*args)` with Ruby's lookup over core classes, objects' own members and Object. */
export function coreSend(recv: unknown, name: string, ...args: unknown[]): unknown {
  const key = rubyToTs(name);
  const table = tableOf(recv);
  if (table === null && recv !== null && typeof recv === "object" && key in recv) return send(recv, name, ...args);
  const own = table?.[key] ?? (ObjectMethods as MethodTable)[key];
  if (own) return (own as (...a: unknown[]) => unknown)(recv, ...args);
  if (table === null) return send(recv, name, ...args);
  const what = recv === null || recv === undefined ? "nil" : `an instance of ${rubyClassName(recv)}`;
  throw new NoMethodError(`undefined method \`${name}' for ${what}`);
}

/**
 * A nullable value a core method is called on directly (`bio.squish` on a nullable column): the value, or the
 * NoMethodError coreSend raises for nil when NilClass has no such method.
 */
export function nonNil<T>(recv: T | null | undefined, name: string): T {
  if (recv === null || recv === undefined) throw new NoMethodError(`undefined method \`${name}' for nil`);
  return recv;
}

export const NO_METHOD: unique symbol = Symbol("rails2ts.noMethod");

/** Ruby's core method `name` for the value's class (or Object's), or NO_METHOD; never the object's own members. */
export function coreMethodCall(recv: unknown, name: string, args: unknown[]): unknown {
  const own = tableOf(recv)?.[rubyToTs(name)] ?? (ObjectMethods as MethodTable)[rubyToTs(name)];
  return own ? (own as (...a: unknown[]) => unknown)(recv, ...args) : NO_METHOD;
}

/** True when some core table or Object has a method under this Ruby name (the compiler's test). */
export function isCoreMethod(name: string): boolean {
  const key = rubyToTs(name);
  return Object.values(CORE_TABLES).some((t) => key in t);
}

/**
 * Object#try / try! need the whole method lookup (a String's upcase lives in StringMethods), which is here: the
 * method when the receiver has it (try answers nil otherwise, try! raises), a block given the receiver; nil.try is nil.
 */
function tryWith(strict: boolean) {
  return (v: unknown, name: unknown, ...args: unknown[]): unknown => {
    if (v === null || v === undefined) return null;
    if (typeof name === "function") return (name as (x: unknown) => unknown)(v);
    const method = String(name);
    // GlobalID::Identification's methods are Object's only where the class includes it (`:messages.try(:to_gid_param)` is nil).
    if (!respondsAsIdentified(v, method)) {
      if (strict) throw new NoMethodError(`undefined method \`${method}' for an instance of ${rubyClassName(v)}`);
      return null;
    }
    const core = coreMethodCall(v, method, args);
    if (core !== NO_METHOD) return core;
    if (tableOf(v) === null && v !== null && typeof v === "object" && rubyToTs(method) in v) return send(v, method, ...args);
    if (strict) throw new NoMethodError(`undefined method \`${method}' for an instance of ${rubyClassName(v)}`);
    return null;
  };
}
Object.assign(ObjectMethods, {
  try: tryWith(false),
  tryBang: tryWith(true),
  // Object#eql?: == without Integer/Float conversion, element by element.
  isEql: (v: unknown, other: unknown) => eql(v, other),
  // respond_to? of a core value: its class's table or Object's; of another object, its own member.
  isRespondTo: (v: unknown, name: unknown) => {
    const key = rubyToTs(String(name));
    const table = tableOf(v);
    if (table) return key in table || key in ObjectMethods;
    return v !== null && typeof v === "object" && (key in v || key in ObjectMethods);
  },
});
