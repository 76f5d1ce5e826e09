// Methods every Ruby object has (Kernel, Object and ActiveSupport's Object extensions), and nil's own, on any
// lowered value: what `coreSend` falls back to when the receiver's class has no such method of its own.
//   x.to_json / x.to_param / x.html_safe?   ObjectMethods.toJson(x) / toParam(x) / isHtmlSafe(x)
//   x.class.name                           ObjectMethods.class(x).name   ("String", "ActiveSupport::SafeBuffer", ...)
import { APP_CLASS } from "../../ruby/app-class.js";
import { asJsonTree, encodeJson } from "../json.js";
import { ArgumentError, NoMethodError, NotImplementedError, RubyException, RubyTypeError, RuntimeError } from "../../ruby/exceptions.js";
import { eq } from "./equality.js";
import { rangeIncludes } from "./core-range.js";
import { inspect, isBlank, isFloat, isPlainObject, RubyFloat, RubyRange, RubySymbol, toS, truthy } from "../../ruby/ruby.js";
import { toParam, toQuery } from "../to-query.js";
import { isHtmlSafe, SafeString } from "../safe.js";
import { RubyDate } from "../../ruby/date.js";
import { Duration } from "../duration.js";
import { ZonedTime } from "../zoned-time.js";
import { isMethodObject, isProc } from "../../ruby/core-proc.js";
import { freezeValue, isFrozenValue } from "./frozen.js";

/** A Ruby class as a value (`x.class`): enough to read its name. */
export class RubyClass {
  constructor(readonly name: string) {}
  toRubyString(): string {
    return this.name;
  }
  toRubyInspect(): string {
    return this.name;
  }
}

/** The Ruby class name of a lowered value. */
export function rubyClassName(v: unknown): string {
  if (v === null || v === undefined) return "NilClass";
  if (typeof v === "string") return "String";
  if (v instanceof SafeString) return "ActiveSupport::SafeBuffer";
  if (typeof v === "number" || v instanceof RubyFloat) return isFloat(v) ? "Float" : "Integer";
  if (typeof v === "bigint") return "Integer";
  if (v === true) return "TrueClass";
  if (v === false) return "FalseClass";
  if (Array.isArray(v)) return "Array";
  if (isPlainObject(v) || v instanceof Map) return "Hash";
  if (v instanceof RubyDate) return "Date";
  if (v instanceof ZonedTime) return v.kind === "datetime" ? "DateTime" : v.kind === "twz" ? "ActiveSupport::TimeWithZone" : "Time";
  if (v instanceof Date) return (v.constructor as { rubyName?: string }).rubyName ?? "Time";
  if (v instanceof Duration) return "ActiveSupport::Duration";
  if (v instanceof RubyRange) return "Range";
  if (v instanceof RegExp) return "Regexp";
  if (v instanceof Set) return "Set";
  if (isProc(v)) return isMethodObject(v) ? "Method" : "Proc";
  const ctor = (v as { constructor?: { rubyName?: string; name?: string } }).constructor;
  return ctor?.rubyName ?? ctor?.name ?? "Object";
}

/** A value's name in an implicit conversion's TypeError ("no implicit conversion of Integer into Array"): nil, true
 * and false by their own names, anything else by its class. */
export function conversionName(v: unknown): string {
  return v === null || v === undefined ? "nil" : v === true || v === false ? String(v) : rubyClassName(v);
}

/** Core classes' ancestors that is_a? answers for (a SafeBuffer is a String, an Integer a Numeric, ...). */
const CORE_ANCESTORS: Record<string, string[]> = {
  "ActiveSupport::SafeBuffer": ["String"],
  Integer: ["Numeric", "Comparable"],
  Float: ["Numeric", "Comparable"],
  String: ["Comparable"],
  Hash: ["Enumerable"],
  Array: ["Enumerable"],
  Range: ["Enumerable"],
  Set: ["Enumerable"],
  Time: ["Comparable"],
  // TimeWithZone#is_a?(Time) is true (ActiveSupport says so), as Duration#is_a? answers for its value.
  "ActiveSupport::TimeWithZone": ["Time", "Comparable"],
  Date: ["Comparable"],
  DateTime: ["Date", "Comparable"],
};

/** Object#is_a?: a core class by name (String, Symbol, Integer...), or a runtime class by instanceof. */
export function isA(v: unknown, klass: unknown): boolean {
  if (klass instanceof RubyClass) {
    if (klass.name === "Object" || klass.name === "BasicObject" || klass.name === "Kernel") return true;
    if (klass.name === "Symbol") return v instanceof RubySymbol;
    if (v instanceof Duration && klass.name !== "ActiveSupport::Duration") return isA(v.value, klass);
    const own = v instanceof RubySymbol ? "Symbol" : rubyClassName(v);
    return own === klass.name || (CORE_ANCESTORS[own] ?? []).includes(klass.name);
  }
  if (typeof klass === "function") return v instanceof (klass as new (...a: never[]) => unknown);
  throw new TypeError("class or module required");
}

/** The lowered class of an object the app's code made (a record, a plain class, an exception). */
function appClassOf(v: unknown): Function | null {
  if (v === null || typeof v !== "object") return null;
  const ctor = (v as { constructor?: unknown }).constructor;
  return typeof ctor === "function" && APP_CLASS in ctor ? ctor : null;
}

/** GlobalID::Identification's methods, installed by the globalid gem's runtime (gems/globalid/identification.ts). */
export interface GlobalIdentification {
  /** Whether the value's class includes GlobalID::Identification (a record, a class that includes it). */
  identifies(v: unknown): boolean;
  toGlobalId(v: unknown): unknown;
  toGidParam(v: unknown): string;
  toSignedGlobalId(v: unknown, options: unknown): unknown;
  toSgidParam(v: unknown, options: unknown): string;
}

let identification: GlobalIdentification | null = null;

export function includeGlobalIdentification(methods: GlobalIdentification): void {
  identification = methods;
}

/** Ruby names of GlobalID::Identification's methods: Object has them only where its class includes the module. */
const IDENTIFICATION_METHODS = new Set(["to_global_id", "to_gid", "to_gid_param", "to_signed_global_id", "to_sgid", "to_sgid_param"]);

/** Whether `v` responds to `method` as far as GlobalID::Identification decides (true for any other method). */
export function respondsAsIdentified(v: unknown, method: string): boolean {
  return !IDENTIFICATION_METHODS.has(method) || (identification?.identifies(v) ?? false);
}

function globalIdentification(method: string, v?: unknown): GlobalIdentification {
  if (identification && (v === undefined || identification.identifies(v))) return identification;
  if (identification) throw new NoMethodError(`undefined method \`${method}' for ${v === null || v === undefined ? "nil" : `an instance of ${v instanceof RubySymbol ? "Symbol" : rubyClassName(v)}`}`);
  throw new NoMethodError(`undefined method \`${method}' (the globalid gem is not loaded)`);
}

export const ObjectMethods = {
  // An object of a class the app defines (a record, a plain class, an exception) answers that class itself, so
  // `self.class.connection`, `record.class.find(...)` and `e.class == Klass` reach it; a core value its RubyClass.
  class: (v: unknown) => appClassOf(v) ?? new RubyClass(rubyClassName(v)),
  isA: (v: unknown, klass: unknown) => isA(v, klass),
  // `is_a?` under the one naming rule (`x?` -> isX).
  isIsA: (v: unknown, klass: unknown) => isA(v, klass),
  isKindOf: (v: unknown, klass: unknown) => isA(v, klass),
  isInstanceOf: (v: unknown, klass: unknown) =>
    klass instanceof RubyClass ? (v instanceof RubySymbol ? "Symbol" : rubyClassName(v)) === klass.name : typeof klass === "function" && Object.getPrototypeOf(v) === klass.prototype,
  isHtmlSafe: (v: unknown) => isHtmlSafe(v),
  // Object#extend(*modules): each module's extend_object (the last first, as Ruby extends them); a module of the
  // runtime's without one (any module whose methods it cannot add to one object) raises.
  extend: (v: unknown, ...modules: unknown[]) => {
    for (const mod of [...modules].reverse()) {
      const extendObject = (mod as { extendObject?: unknown } | null)?.extendObject;
      if (typeof extendObject !== "function") throw new NotImplementedError(`rails2ts: extend(${toS(mod)}) on an object is not implemented`);
      (extendObject as (o: unknown) => unknown).call(mod, v);
    }
    return v;
  },
  toJson: (v: unknown) => encodeJson(v),
  asJson: (v: unknown) => asJsonTree(v),
  toParam: (v: unknown) => (v === true || v === false ? v : toParam(v)),
  toQuery: (v: unknown, key: unknown) => toQuery({ [toS(key)]: v }),
  toS: (v: unknown) => toS(v),
  inspect: (v: unknown) => inspect(v),
  isNil: (v: unknown) => v === null || v === undefined,
  isBlank: (v: unknown) => isBlank(v),
  isPresent: (v: unknown) => !isBlank(v),
  presence: (v: unknown) => (isBlank(v) ? null : v),
  // ActiveSupport's Object#presence_in(collection): the value when the collection includes it, else nil.
  presenceIn: (v: unknown, collection: unknown) => {
    if (collection === null || collection === undefined || typeof (collection as { includes?: unknown }).includes !== "function" && !(collection instanceof Set) && !(collection instanceof Map)) {
      throw new ArgumentError("The parameter passed to #presence_in must respond to #include?");
    }
    const has = collection instanceof Set || collection instanceof Map ? collection.has(v) : Array.isArray(collection) ? collection.some((x) => eq(x, v)) : (collection as { includes(x: unknown): boolean }).includes(v);
    return has ? v : null;
  },
  // ActiveSupport's in?: another's include? (an Array's element by ==, a Range's cover, a String's substring).
  isIn: (v: unknown, list: unknown) => {
    if (Array.isArray(list)) return list.some((x) => eq(x, v));
    if (list instanceof RubyRange) return rangeIncludes(list, v);
    if (typeof list === "string") return list.includes(toS(v));
    if (list instanceof Set) return list.has(v);
    if (isPlainObject(list)) return toS(v) in list;
    if (list instanceof Map) return list.has(v);
    // (Object#in? rescues the NoMethodError of include? as this ArgumentError.)
    throw new ArgumentError("The parameter passed to #in? must respond to #include?");
  },
  dup: (v: unknown) => v,
  freeze: freezeValue,
  isFrozen: isFrozenValue,
  itself: (v: unknown) => v,
  // (Generic: the block takes the receiver's type, as a typed block parameter declares it.)
  then: <T>(v: T, block: (x: T) => unknown) => block(v),
  yieldSelf: <T>(v: T, block: (x: T) => unknown) => block(v),
  tap: <T>(v: T, block: (x: T) => unknown) => {
    block(v);
    return v;
  },
  // GlobalID::Identification (Active Record models and ActiveModel classes that include it): the URI as a String.
  // The globalid gem (gems/globalid/) installs these when it loads, as its railtie includes the module.
  toGlobalId: (v: unknown) => globalIdentification("to_global_id", v).toGlobalId(v),
  toGid: (v: unknown) => globalIdentification("to_gid", v).toGlobalId(v),
  toGidParam: (v: unknown) => globalIdentification("to_gid_param", v).toGidParam(v),
  toSignedGlobalId: (v: unknown, options: unknown = {}) => globalIdentification("to_signed_global_id", v).toSignedGlobalId(v, options),
  toSgid: (v: unknown, options: unknown = {}) => globalIdentification("to_sgid", v).toSignedGlobalId(v, options),
  toSgidParam: (v: unknown, options: unknown = {}) => globalIdentification("to_sgid_param", v).toSgidParam(v, options),
  /** Object#try: calls only when the receiver has the method; nil.try is nil. */
  try: (v: unknown, name: unknown, ...args: unknown[]) => (truthy(v) || v === false ? tryCall(v, toS(name), args) : null),
};

function tryCall(v: unknown, name: string, args: unknown[]): unknown {
  const member = (v as Record<string, unknown>)[name];
  return typeof member === "function" ? (member as (...a: unknown[]) => unknown).apply(v, args) : null;
}

/** nil's own methods (NilClass); the rest come from ObjectMethods. Each takes nil as its receiver, as every table's do. */
export const NilMethods = {
  toA: (_nil?: null) => [],
  toH: (_nil?: null) => ({}),
  toI: (_nil?: null) => 0,
  toF: (_nil?: null) => new RubyFloat(0),
  isHtmlSafe: (_nil?: null) => false,
  toParam: (_nil?: null) => null,
};

/**
 * Kernel#raise: `raise "msg"` is a RuntimeError; `raise Klass` / `raise Klass, "msg"` is Klass.exception(msg)
 * (a Ruby exception class, an app's own included) or, for the runtime's other errors, the error made with the
 * message; `raise error` raises that error; a bare `raise` outside a rescue clause is "unhandled exception".
 */
export function raise(first: unknown = null, message: unknown = null): never {
  const error = exceptionOf(first, message, arguments.length);
  // The backtrace starts where the app raised (the runtime's frames would take the stack's first ten).
  if (error !== first) Error.captureStackTrace(error, raise);
  throw error;
}

/** `raise` in a rescue clause handling `handled`: a bare raise re-raises it; a new error gets it as its cause. */
export function raiseFrom(handled: unknown, ...args: unknown[]): never {
  if (args.length === 0) throw handled;
  const error = exceptionOf(args[0], args[1] ?? null, args.length);
  if (error !== args[0]) Error.captureStackTrace(error, raiseFrom);
  if (error instanceof RubyException && error !== handled && (error.cause === null || error.cause === undefined)) error.cause = handled;
  throw error;
}

function exceptionOf(first: unknown, message: unknown, given: number): Error {
  if (first instanceof Error) return first;
  if (typeof first === "function" && (first === RubyException || first.prototype instanceof RubyException)) {
    const klass = first as typeof RubyException;
    return given > 1 ? klass.exception(message) : klass.exception();
  }
  if (typeof first === "function" && first.prototype instanceof Error) {
    return new (first as new (m: string) => Error)(message === null ? "" : toS(message));
  }
  if (first === null && given === 0) return RuntimeError.exception("unhandled exception");
  if (typeof first === "string" || first instanceof SafeString) return RuntimeError.exception(toS(first));
  return new RubyTypeError("exception class/object expected");
}
