// Ruby operators and dynamic dispatch on lowered values: what emitted code calls where the compiler could not
// prove a type. Each is Ruby's semantics, not JS's: only nil and false are falsy; `==` compares values.
//   a || b      or(a, () => b)          x.each      each(x)          recv.m(a)   send(recv, "m", a)
import { assertMutable } from "./frozen.js";
import { SafeString } from "../safe.js";
import { appClassName } from "../../ruby/app-class.js";
import { isBlank, isPlainObject, RubyFloat, RubyRange, RubySymbol, toS } from "../../ruby/ruby.js";
import { hashIndex, hashSet } from "./core-hash.js";
import { rubyToTs } from "../../ruby/names.js";
import { coreMethodCall, NO_METHOD } from "./core-send.js";
import { coreBinop } from "./core-operators.js";
import { symbolToProc } from "./core-string.js";
import { NOT_LOWERED } from "../../ruby/rescue.js";
import { IndexError } from "../../ruby/exceptions.js";

export { toS, isBlank };

export function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

export function or<A, B>(a: A, b: () => B): A | B {
  return truthy(a) ? a : b();
}

export function and<A, B>(a: A, b: () => B): A | B {
  return truthy(a) ? b() : a;
}

export function isPresent(v: unknown): boolean {
  return !isBlank(v);
}

export { eq } from "./equality.js";
import { eq } from "./equality.js";

export { caseEq } from "./pattern-match.js";

/** Iteration of anything Ruby can `each`: arrays, relations (toA), hashes (pairs), iterables. */
export function each<T = unknown>(v: unknown): Iterable<T> {
  if (v === null || v === undefined) throw new TypeError("undefined method `each' for nil");
  if (Array.isArray(v)) return v as T[];
  if (v instanceof RubyRange) return v.toArray() as T[];
  const withToA = v as { toA?: () => unknown[] };
  if (typeof withToA.toA === "function") return withToA.toA() as T[];
  if (isPlainObject(v)) return Object.entries(v) as unknown as T[];
  if (typeof (v as Iterable<T>)[Symbol.iterator] === "function") return v as Iterable<T>;
  throw new TypeError(`undefined method \`each' for ${toS(v)}`);
}

export function eachWithIndex<T = unknown>(v: unknown): Array<[T, number]> {
  return [...each<T>(v)].map((x, i) => [x, i]);
}

/** `*value` (splat: Kernel#Array's conversion): nil is [], an Array itself, a Range its elements, a Hash its pairs,
 * a relation its records; any other value (a String too) is a one-element Array. */
export function toA(v: unknown): unknown[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v;
  if (v instanceof RubyRange) return v.toArray();
  if (v instanceof Map || v instanceof Set) return [...v];
  if (isPlainObject(v)) return Object.entries(v);
  if (typeof v === "object" && typeof (v as { toA?: unknown }).toA === "function") return (v as { toA(): unknown[] }).toA();
  return [v];
}

export function index(recv: unknown, ...keys: unknown[]): unknown {
  if (recv === null || recv === undefined) throw new TypeError("undefined method `[]' for nil");
  const key = keys[0];
  if (Array.isArray(recv)) return recv[(key as number) < 0 ? recv.length + (key as number) : (key as number)] ?? null;
  // A Hash whose keys are Ruby values: a lowered Symbol (a string) also finds its RubySymbol key; a missing key
  // answers the Hash's default (Hash.new(0)).
  if (recv instanceof Map) return hashIndex(recv, key);
  const withGet = recv as { get?: (k: unknown) => unknown };
  if (typeof withGet.get === "function") return withGet.get(key);
  // An object answering `[]` itself (the request's headers: ActionDispatch::Http::Headers#[]).
  const own = (recv as Record<string, unknown>)["[]"];
  if (typeof own === "function") return (own as (...k: unknown[]) => unknown).apply(recv, keys);
  if (isPlainObject(recv)) return hashIndex(recv, key);
  return (recv as Record<string, unknown>)[String(key)] ?? null;
}

/** Ruby's `recv[key] = value`: a `set` method (session, cookies, flash, Parameters), else the property. */
/** Array#[]=(index, value) and Array#[]=(range, values): a negative index counts from the end, a gap fills with nil,
 * a range's elements are replaced by the values (an Array's elements, or the one value). */
function arraySet(list: unknown[], key: unknown, value: unknown): void {
  assertMutable(list);
  if (key instanceof RubyRange) {
    const from = key.first === null || key.first === undefined ? 0 : Number(key.first) < 0 ? list.length + Number(key.first) : Number(key.first);
    if (from < 0) throw new RangeError(`${key.toRubyInspect()} out of range`);
    let to = key.last === null || key.last === undefined ? list.length : Number(key.last) < 0 ? list.length + Number(key.last) : Number(key.last);
    if (!(key.last === null || key.last === undefined) && !key.excludeEnd) to += 1;
    while (list.length < from) list.push(null);
    list.splice(from, Math.max(0, Math.min(list.length, to) - from), ...(Array.isArray(value) ? value : [value]));
    return;
  }
  if (typeof key !== "number" || !Number.isInteger(key)) throw new TypeError(`no implicit conversion of ${typeof key} into Integer`);
  const i = key < 0 ? list.length + key : key;
  if (i < 0) throw new IndexError(`index ${key} too small for array; minimum: -${list.length}`);
  while (list.length < i) list.push(null);
  list[i] = value;
}


export function indexSet(recv: unknown, key: unknown, value: unknown): unknown {
  if (recv === null || recv === undefined) throw new TypeError("undefined method `[]=' for nil");
  const withSet = recv as { set?: (k: unknown, v: unknown) => unknown };
  // A jar, session or flash written as an object literal has its own `set`: that first, then a Hash.
  if (recv instanceof Map) hashSet(recv, key, value);
  else if (typeof withSet.set === "function") withSet.set(key, value);
  else if (isPlainObject(recv)) hashSet(recv, key, value);
  else if (Array.isArray(recv)) arraySet(recv, key, value);
  // An object answering `[]=` itself (a test's cookie jar), as index() asks `[]`.
  else if (typeof (recv as Record<string, unknown>)["[]="] === "function") ((recv as Record<string, unknown>)["[]="] as (k: unknown, v: unknown) => unknown).call(recv, key, value);
  else (recv as Record<string, unknown>)[String(key)] = value;
  return value;
}

export function binop(op: string, a: unknown, b: unknown): unknown {
  if (op === "+" && Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (op === "+" && typeof a === "string") return a + toS(b);
  const x = a as number;
  const y = b as number;
  switch (op) {
    case "+": return x + y;
    case "-": return x - y;
    case "*": return x * y;
    case "/": return Number.isInteger(x) && Number.isInteger(y) ? Math.floor(x / y) : x / y;
    case "%": return ((x % y) + y) % y;
    case "<": return x < y;
    case ">": return x > y;
    case "<=": return x <= y;
    case ">=": return x >= y;
    default: throw new Error(`operator ${op} is not supported on these operands`);
  }
}

/** Multiple assignment's to_ary: an Array as is, a relation's records, nil and anything else as [value]. */
export function toAry(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === "object" && "model" in value && typeof (value as { toA?: unknown }).toA === "function") {
    return (value as unknown as { toA(): unknown[] }).toA();
  }
  return [value ?? null];
}

/** A block's arguments as its parameters bind them: one yielded Array spreads when the block takes several. */
export function blockArgs(args: unknown[], spreads: boolean): unknown[] {
  return spreads && args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
}

/** `&block` passed on: no argument when the block is nil (Ruby's `&nil`), the function otherwise. */
export function blockArg<F>(block: F | null | undefined): [] | [F] {
  return block === null || block === undefined ? [] : [block];
}

/** Keyword arguments made only of double splats (`f(**opts)`): no argument when they hold nothing (Ruby 3's
 * `f(**{})` passes none), the Hash otherwise. */
export function kwsplat<H extends object>(hash: H): [] | [H] {
  const size = hash instanceof Map ? hash.size : Object.keys(hash).length;
  return size === 0 ? [] : [hash];
}

/** Ruby's operator methods, which `&:+` / `:*.to_proc` send as the operators are (core-operators.ts). */
const OPERATOR_NAMES = new Set(["+", "-", "*", "/", "%", "**", "<<", ">>", "<", ">", "<=", ">=", "<=>", "&", "|", "^", "=~"]);

/** `&:name` block-pass (Symbol#to_proc): the first argument is sent `name` with the rest (`inject(&:+)`). */
export function symProc(name: string): (recv: unknown, ...args: unknown[]) => unknown {
  if (name === "==") return (recv, other) => eq(recv, other);
  if (OPERATOR_NAMES.has(name)) return (recv, other) => coreBinop(name, recv, other);
  return (recv, ...args) => send(recv, name, ...args);
}

symbolToProc.current = symProc;

const SEND_NAMES = new Set(["send", "public_send", "__send__"]);

/** Dynamic dispatch by Ruby method name: the member named by the one Ruby -> TS rule, else the attribute. */
export function send(recv: unknown, name: string, ...args: unknown[]): unknown {
  if (recv === null || recv === undefined) throw new TypeError(`undefined method \`${name}' for nil`);
  const target = recv as Record<string, unknown>;
  if (name.endsWith("=") && args.length === 1 && !name.endsWith("==")) {
    // A Ruby setter: an accessor property of that name, else a set<Name> method.
    const prop = name.slice(0, -1);
    if (prop in target && typeof target[prop] !== "function") {
      target[prop] = args[0];
      return args[0];
    }
  }
  // A member that exists answers even when its value is null (a reader of nil), as Ruby's would. Primitives
  // (strings, numbers, booleans) have no members of ours: their methods are Ruby's core ones.
  const isObject = typeof recv === "object" || typeof recv === "function";
  // `in` for members holding nil; the value itself for proxies (StringInquirer) whose `has` does not list them.
  const has = (k: string) => k in target || target[k] !== undefined;
  // `Class#new` is `build` on the classes the lowering emits (`Post.new(...)` -> `Post.build(...)`).
  if (name === "new" && typeof recv === "function" && typeof target.build === "function") return (target.build as (...a: unknown[]) => unknown).apply(recv, args);
  // A class the lowering emits is named as Ruby names it (`Billing::Invoice`, a model by its ActiveModel::Name), not
  // by its TS identifier; its superclass is its parent when that is a Ruby class too.
  const className = typeof recv === "function" && args.length === 0 ? (appClassName(recv) ?? (typeof target.rubyName === "string" ? target.rubyName : null)) : null;
  if (className !== null) {
    if (name === "name" || name === "to_s" || name === "inspect") return className;
    const parent = name === "superclass" ? (Object.getPrototypeOf(recv) as { rubyName?: unknown } | null) : null;
    if (parent && (appClassName(parent) !== null || typeof parent.rubyName === "string")) return parent;
  }
  const key = !isObject ? null : has(rubyToTs(name)) ? rubyToTs(name) : has(name) ? name : null;
  const member = key === null ? undefined : target[key];
  // Relation#where with no arguments is a WhereChain (`rel.where.not(h)`): its not/missing/associated.
  if (name === "where" && args.length === 0 && typeof target.whereNot === "function") return whereChain(target);
  // Proc#call on a block or lambda (a JS function): JS's own Function#call would take the first argument as `this`.
  if (typeof recv === "function" && member === Function.prototype.call) return (recv as (...a: unknown[]) => unknown)(...args);
  // A reader that is a property getter (attr_reader) answers its value, even a Proc: the value is not the method.
  if (typeof member === "function" && !(args.length === 0 && key !== null && isGetter(recv as object, key))) return (member as (...a: unknown[]) => unknown).apply(recv, args);
  if (key !== null && args.length === 0) return member ?? null;
  if (isPlainObject(recv) && args.length === 0 && name in recv) return recv[name] ?? null;
  // Object#send / public_send / __send__ on a value with no such member of its own (an Array, a String).
  if (SEND_NAMES.has(name) && args.length) return send(recv, toS(args[0]), ...args.slice(1));
  // Not the object's own: Ruby's core method for its class.
  const core = coreMethodCall(recv, name, args);
  if (core !== NO_METHOD) return core;
  // delegate_missing_to (ActiveStorage::Attached::One): the object answers the name itself.
  if (isObject && typeof target.rubyMethodMissing === "function") return (target.rubyMethodMissing as (n: string, a: unknown[]) => unknown).call(recv, name, args);
  // A relation answers Array's methods with its records (ActiveRecord::Delegation: sort_by, index, group_by...).
  if (isObject && typeof target.toA === "function" && "model" in target) {
    const viaRecords = coreMethodCall((target.toA as () => unknown[]).call(recv), name, args);
    if (viaRecords !== NO_METHOD) return viaRecords;
  }
  throw new TypeError(`undefined method \`${name}' for ${toS(recv)}`);
}

function whereChain(relation: Record<string, unknown>): object {
  const call = (method: string) => (...args: unknown[]) => (relation[method] as (...a: unknown[]) => unknown).apply(relation, args);
  return { not: call("whereNot"), missing: call("whereMissing"), associated: call("whereAssociated") };
}

/** Whether `key` is an accessor property (a getter) on the object or its prototype chain. */
function isGetter(object: object, key: string): boolean {
  for (let o: object | null = object; o; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, key);
    if (descriptor) return descriptor.get !== undefined;
  }
  return false;
}

export function sendSafe(recv: unknown, name: string, ...args: unknown[]): unknown {
  return recv === null || recv === undefined ? null : send(recv, name, ...args);
}

/**
 * A Ruby constant of a module or class body, computed on first read and kept: a value the compiler could not
 * lower raises where it is read, never when its module loads (and the whole app with it).
 */
export function constantValue(store: Record<string, unknown>, name: string, compute: () => unknown): unknown {
  if (!(name in store)) store[name] = compute();
  return store[name];
}

/** What the compiler declined: raising here is the safe path (a 500, never wrong bytes). */
import { NameError } from "../../ruby/exceptions.js";
export { NameError };

/**
 * A receiver-less name in a template that is none of the View's methods: the local of that name (Rails compiles
 * a template with its locals as local variables). Rendered without it, the name is undefined: NameError.
 */
export function readLocal(locals: Record<string, unknown>, name: string): unknown {
  if (!(name in locals)) throw new NameError(`undefined local variable or method \`${name}' for an instance of ActionView::Base`);
  return locals[name];
}

/**
 * A receiver a declined construct raises on where it is a String or a SafeBuffer (a String in Ruby, immutable here
 * too: core/tap-shovel.ts, core/shovel-alias.ts); anything else passes.
 */
export function declineIfString<T>(value: T, what: string): T {
  if (typeof value === "string" || value instanceof String || value instanceof SafeString) unsupported(what);
  return value;
}

export function unsupported(what: string): never {
  // Named so that no `rescue` swallows it (runtime/ruby/rescue.ts).
  throw Object.assign(new Error(`rails2ts: not lowered: ${what}`), { name: NOT_LOWERED });
}

/**
 * Object#instance_variable_get / _set / _defined? by a name computed at run time. `store` is where this object's
 * ivars live (a controller's and a view's assigns, a record's ivars), each under its name less the `@`, or with
 * it where `prefixed`. A name that is not `@identifier` raises NameError, as Ruby does.
 */
export function ivarKey(name: unknown, prefixed = false): string {
  const text = name instanceof RubySymbol ? name.name : toS(name);
  if (!/^@[A-Za-z_][A-Za-z0-9_]*$/.test(text)) throw new NameError(`'${text}' is not allowed as an instance variable name`);
  return prefixed ? text : text.slice(1);
}

export function ivarGet(store: object, name: unknown, prefixed = false): unknown {
  return (store as Record<string, unknown>)[ivarKey(name, prefixed)] ?? null;
}

export function ivarSet(store: object, name: unknown, value: unknown, prefixed = false): unknown {
  (store as Record<string, unknown>)[ivarKey(name, prefixed)] = value;
  return value;
}

export function ivarDefined(store: object, name: unknown, prefixed = false): boolean {
  const value = (store as Record<string, unknown>)[ivarKey(name, prefixed)];
  return value !== undefined;
}
