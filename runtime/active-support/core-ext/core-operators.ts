// Ruby's binary operators and `[]` on lowered values whose class the compiler could not prove: each is the
// receiver's method, as in Ruby (`a + b` is `a.+(b)`), dispatched on the run-time class.
//   t + 40 / t - 1.day        TimeMethods.plus / minus       (seconds or a Duration)
//   safe + "<i>"              StringMethods.plus             (SafeBuffer#+ escapes)
//   "x" * 3 / fmt % args      StringMethods.times / format   2 ** 70 -> exact (a bigint past 2**53)
//   s[0, 3] / list[1..2]      coreIndex(s, 0, 3)             Set[1, 2] -> SetClass["[]"](1, 2)
import { hashIndex } from "./core-hash.js";
import { ZeroDivisionError } from "../../ruby/errors.js";
import { rubyToTs } from "../../ruby/names.js";
import { ArrayMethods, wireArraySumPlus } from "./core-collections.js";
import { StringMethods } from "./core-string.js";
import { DurationMethods, TimeMethods } from "./core-time.js";
import { RubyDate } from "../../ruby/date.js";
import { Duration } from "../duration.js";
import { floatOf, isFloat, isNumeric, isPlainObject, RubyFloat, RubyRange, toS } from "../../ruby/ruby.js";
import { ZonedTime } from "../zoned-time.js";
import { SafeString } from "../safe.js";
import { NoMethodError } from "./core-send.js";
import { rubyClassName } from "./core-object.js";
import { compareValues } from "./compare.js";
import { ArgumentError } from "../../ruby/errors.js";
import { RubyTypeError } from "../../ruby/exceptions.js";
import { RangeMethods, rangeBounds } from "./core-range.js";
import { isProc, ProcMethods } from "../../ruby/core-proc.js";
import { assertMutable } from "./frozen.js";

const isTime = (v: unknown): v is Date | RubyDate | ZonedTime => v instanceof Date || v instanceof RubyDate || v instanceof ZonedTime;
const isString = (v: unknown): v is string | SafeString => typeof v === "string" || v instanceof SafeString;

// (Array#sum adds what is not a number with Ruby's +.)
wireArraySumPlus((a, b) => coreBinop("+", a, b));

/** `a <op> b` with Ruby's meaning for the receiver's class. */
export function coreBinop(op: string, a: unknown, b: unknown): unknown {
  // Object#=~ (NilClass included) answers nil: `nil =~ /re/` is nil, not an error.
  if ((a === null || a === undefined) && op === "=~") return null;
  if (isNumeric(a) && b instanceof Duration && ["+", "-", "*", "/", "%"].includes(op)) return scalarWithDuration(op, a, b);
  if (isNumeric(a) && (isNumeric(b) || b instanceof Duration)) return numeric(op, a, b instanceof Duration ? b.value : b);
  if (op === "<=>" && (isNumeric(a) || a === null || a === undefined || Array.isArray(a))) return spaceship(a, b);
  if (isNumeric(a) && notCoercible(b)) {
    const klass = isFloat(a) ? "Float" : "Integer";
    const what = b === null || b === undefined ? "nil" : b === true || b === false ? String(b) : rubyClassName(b);
    // Integer#+ with a String or nil: Ruby's coerce fails (TypeError); a comparison fails (ArgumentError).
    if (["<", ">", "<=", ">="].includes(op)) throw new ArgumentError(`comparison of ${klass} with ${b === null || b === undefined ? "nil" : typeof b === "string" ? "String" : what} failed`);
    if (["+", "-", "*", "/", "%", "**"].includes(op)) throw new RubyTypeError(`${typeof b === "string" ? "String" : what} can't be coerced into ${klass}`);
  }
  if (isString(a)) return stringOp(op, a, b);
  // Regexp#=~: the String's =~ with the operands swapped; nil matches nothing.
  if (a instanceof RegExp && op === "=~") return b === null || b === undefined ? null : stringOp(op, toS(b), a);
  if (isTime(a)) return timeOp(op, a, b);
  if (a instanceof Duration) return durationOp(op, a, b);
  if (Array.isArray(a)) return arrayOp(op, a, b);
  if (a instanceof RubyRange && op === "%") return RangeMethods.step(a, b);
  const member = a !== null && typeof a === "object" ? (a as Record<string, unknown>)[rubyToTs(op)] : undefined;
  if (typeof member === "function") return (member as (x: unknown) => unknown).call(a, b);
  // Proc#>> / Proc#<< compose.
  if (isProc(a) && (op === ">>" || op === "<<")) return ProcMethods[op](a, b);
  throw new NoMethodError(`undefined method \`${op}' for ${a === null || a === undefined ? "nil" : `an instance of ${rubyClassName(a)}`}`);
}

/** Values Numeric#coerce never takes: nil, booleans, Strings, Arrays, Hashes. */
function notCoercible(v: unknown): boolean {
  return v === null || v === undefined || typeof v === "boolean" || typeof v === "string" || v instanceof SafeString || Array.isArray(v) || isPlainObject(v) || v instanceof Map;
}

/**
 * `target << value` where the target is a variable: a String (JS strings cannot change) answers the longer String,
 * which the caller stores back into the variable; any other receiver (Array, buffer, logger) is sent `<<` and stays
 * the variable's value.
 */
export function coreShovel(recv: unknown, value: unknown): unknown {
  const result = coreBinop("<<", recv, value);
  return isString(recv) ? result : recv;
}

/**
 * `target.concat(x)` (prepend, insert, replace, clear, safe_concat) where the target is a variable: the method's
 * answer, which for a String (JS strings cannot change) is also stored back into the variable; any other receiver
 * (an Array, a Hash) changed in place.
 */
export function keepString<T>(recv: unknown, result: T, store: (value: T) => unknown): T {
  if (isString(recv)) store(result);
  return result;
}

/** `a <=> b` for Numerics against anything, nil, and Arrays (element by element): nil when not comparable. */
function spaceship(a: unknown, b: unknown): number | null {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return 0;
  if (isNumeric(a) && isNumeric(b)) return Math.sign(Number(a) - Number(b));
  if (isString(a) && isString(b)) return toS(a) < toS(b) ? -1 : toS(a) > toS(b) ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = spaceship(a[i], b[i]);
      if (c !== 0) return c;
    }
    return Math.sign(a.length - b.length);
  }
  return null;
}

/** Unary minus (`-x`, Numeric#-@): an Integer stays one (never -0), a Float stays a Float. */
export function coreNegate(a: unknown): unknown {
  if (typeof a === "number") return Number.isSafeInteger(a) ? (a === 0 ? 0 : -a) : -a;
  if (a instanceof RubyFloat) return floatOf(-a.value);
  if (typeof a === "bigint") return normalizeBigint(-a);
  if (a instanceof Duration) return durationOp("*", a, -1);
  const member = a !== null && typeof a === "object" ? (a as Record<string, unknown>)[rubyToTs("-@")] : undefined;
  if (typeof member === "function") return (member as () => unknown).call(a);
  throw new NoMethodError(`undefined method \`-@' for ${a === null || a === undefined ? "nil" : `an instance of ${rubyClassName(a)}`}`);
}

function numeric(op: string, a: number | bigint | RubyFloat, b: number | bigint | RubyFloat): unknown {
  if (isFloat(a) || isFloat(b)) return floatOp(op, Number(a), Number(b));
  if (typeof a === "bigint" || typeof b === "bigint") return bigintOp(op, BigInt(a as number | bigint), BigInt(b as number | bigint));
  return integerOp(op, a as number, b as number);
}

/** Integer with Integer: exact, moving to bigint where the result leaves the safe range (2**70, 2**62 * 4). */
function integerOp(op: string, a: number, b: number): unknown {
  const exact = (r: number, big: () => bigint) => (Number.isSafeInteger(r) ? r : normalizeBigint(big()));
  switch (op) {
    case "+": return exact(a + b, () => BigInt(a) + BigInt(b));
    case "-": return exact(a - b, () => BigInt(a) - BigInt(b));
    case "*": return exact(a * b, () => BigInt(a) * BigInt(b));
    case "/":
      if (b === 0) throw new ZeroDivisionError("divided by 0");
      return Math.floor(a / b);
    case "%":
      if (b === 0) throw new ZeroDivisionError("divided by 0");
      return ((a % b) + b) % b;
    case "**": return b >= 0 ? exact(a ** b, () => BigInt(a) ** BigInt(b)) : floatOf(a ** b);
  }
  return compare(op, a, b, "Integer");
}

/** Float with any Numeric: IEEE arithmetic, the result a Float (1.0 / 3, 2.5 * 2 -> 5.0). */
function floatOp(op: string, a: number, b: number): unknown {
  switch (op) {
    case "+": return floatOf(a + b);
    case "-": return floatOf(a - b);
    case "*": return floatOf(a * b);
    case "/": return floatOf(a / b);
    case "%": return floatOf(((a % b) + b) % b);
    case "**": return floatOf(a ** b);
  }
  return compare(op, a, b, "Float");
}

function compare(op: string, a: number | bigint, b: number | bigint, className: string): unknown {
  switch (op) {
    case "<": return a < b;
    case ">": return a > b;
    case "<=": return a <= b;
    case ">=": return a >= b;
    case "<=>": return a < b ? -1 : a > b ? 1 : 0;
  }
  throw new NoMethodError(`undefined method \`${op}' for an instance of ${className}`);
}

/** An Integer result in its lowered form: a number while safe, a bigint beyond. */
function normalizeBigint(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

function bigintOp(op: string, a: bigint, b: bigint): unknown {
  switch (op) {
    case "+": return normalizeBigint(a + b);
    case "-": return normalizeBigint(a - b);
    case "*": return normalizeBigint(a * b);
    case "/": return normalizeBigint(a / b - (a % b !== 0n && (a < 0n) !== (b < 0n) ? 1n : 0n));
    case "%": return normalizeBigint(((a % b) + b) % b);
    case "**": return normalizeBigint(a ** b);
  }
  return compare(op, a, b, "Integer");
}

function stringOp(op: string, a: string | SafeString, b: unknown): unknown {
  const s = toS(a);
  switch (op) {
    case "+": return StringMethods.plus(a, b);
    case "<<": return StringMethods.shovel(a, b);
    case "*": return StringMethods.times(a, b);
    case "%": return StringMethods.format(a, b);
    case "<": return s < toS(b);
    case ">": return s > toS(b);
    case "<=": return s <= toS(b);
    case ">=": return s >= toS(b);
    case "<=>": return s < toS(b) ? -1 : s > toS(b) ? 1 : 0;
    case "=~": return b instanceof RegExp ? (b.exec(s)?.index ?? null) : null;
  }
  throw new NoMethodError(`undefined method \`${op}' for an instance of String`);
}


function timeOp(op: string, a: Date | RubyDate | ZonedTime, b: unknown): unknown {
  if (op === "+") return TimeMethods.plus(a, b);
  if (op === "-") return TimeMethods.minus(a, b);
  // Date#>> / #<<: months later / earlier (the day clamped to the month).
  if ((op === ">>" || op === "<<") && (a instanceof RubyDate || (a instanceof ZonedTime && a.kind === "datetime"))) {
    return TimeMethods.advance(a, { months: (op === ">>" ? 1 : -1) * Number(b) });
  }
  if (op === "<=>") return compareValues(a, b);
  const c = compareValues(a, b);
  if (c !== null) {
    if (op === "<") return c < 0;
    if (op === ">") return c > 0;
    if (op === "<=") return c <= 0;
    if (op === ">=") return c >= 0;
  }
  if (["<", ">", "<=", ">="].includes(op)) throw new ArgumentError(`comparison of ${rubyClassName(a)} with ${b === null || b === undefined ? "nil" : rubyClassName(b)} failed`);
  throw new NoMethodError(`undefined method \`${op}' for an instance of ${rubyClassName(a)}`);
}

/** A Numeric with a Duration on the right (ActiveSupport's Duration::Scalar): + - * answer Durations. */
function scalarWithDuration(op: string, n: number | bigint | RubyFloat, d: Duration): unknown {
  const x = Number(n);
  if (op === "+" || op === "-") {
    const sign = op === "+" ? 1 : -1;
    const parts = Object.fromEntries(Object.entries(d.parts).map(([k, v]) => [k, sign * v]));
    return new Duration(x + sign * d.value, { ...parts, seconds: x + sign * (d.parts.seconds ?? 0) });
  }
  if (op === "*") return new Duration(x * d.value, Object.fromEntries(Object.entries(d.parts).map(([k, v]) => [k, x * v])));
  if (op === "/") return numeric("/", n, d.value);
  return Duration.build(Number(numeric("%", n, d.value)));
}

function durationOp(op: string, a: Duration, b: unknown): unknown {
  if (op === "+") return DurationMethods.plus(a, b);
  if (op === "-") return DurationMethods.minus(a, b);
  if (op === "*") return new Duration(a.value * Number(b), Object.fromEntries(Object.entries(a.parts).map(([k, v]) => [k, v * Number(b)])));
  // Duration / Duration is a Numeric (1.day / 1.hour = 24); / Numeric scales every part; % builds from the rest.
  if (op === "/") {
    if (b instanceof Duration) return numeric("/", a.value, b.value);
    return new Duration(a.value / Number(b), Object.fromEntries(Object.entries(a.parts).map(([k, v]) => [k, v / Number(b)])));
  }
  if (op === "%") return Duration.build(Number(numeric("%", a.value, b instanceof Duration ? b.value : Number(b))));
  if (op === "<=>") return compareValues(a, b);
  const x = a.value;
  const y = b instanceof Duration ? b.value : Number(b);
  if (op === "<") return x < y;
  if (op === ">") return x > y;
  if (op === "<=") return x <= y;
  if (op === ">=") return x >= y;
  throw new NoMethodError(`undefined method \`${op}' for an instance of ActiveSupport::Duration`);
}

function arrayOp(op: string, a: unknown[], b: unknown): unknown {
  if (op === "+") return [...a, ...(b as unknown[])];
  if (op === "-") return a.filter((x) => !(b as unknown[]).includes(x));
  if (op === "&") return a.filter((x) => (b as unknown[]).includes(x));
  if (op === "|") return [...new Set([...a, ...(b as unknown[])])];
  if (op === "<<") {
    assertMutable(a);
    a.push(b);
    return a;
  }
  if (op === "*") return typeof b === "number" ? Array.from({ length: b }, () => a).flat() : ArrayMethods.join(a, b);
  throw new NoMethodError(`undefined method \`${op}' for an instance of Array`);
}

/** `recv[args]`: String/SafeBuffer slices, Array and Hash access, a constant's `[]` (Set[1, 2]). */
export function coreIndex(recv: unknown, ...args: unknown[]): unknown {
  // Proc#[] calls it.
  if (isProc(recv)) return recv(...args);
  const own = recv !== null && (typeof recv === "object" || typeof recv === "function") ? (recv as Record<string, unknown>)[rubyToTs("[]")] : undefined;
  if (typeof own === "function") return (own as (...a: unknown[]) => unknown).apply(recv, args);
  if (isString(recv)) return stringSlice(recv, args);
  if (Array.isArray(recv)) return arraySlice(recv, args);
  if (isPlainObject(recv) || recv instanceof Map) return hashIndex(recv, args[0]);
  const get = (recv as { get?: (k: unknown) => unknown } | null)?.get;
  if (typeof get === "function") return get.call(recv, args[0]);
  throw new NoMethodError(`undefined method \`[]' for ${recv === null || recv === undefined ? "nil" : `an instance of ${rubyClassName(recv)}`}`);
}

/** Ruby's (start, length) / index / range on a sequence of `size`: [from, to) or null when out of range. */
export function sliceBounds(size: number, args: unknown[]): [number, number] | null {
  const [first, second] = args;
  if (first instanceof RubyRange) return rangeBounds(size, first);
  const start = Number(first) < 0 ? size + Number(first) : Number(first);
  if (second === undefined) return start < 0 || start >= size ? null : [start, start + 1];
  if (start < 0 || start > size || Number(second) < 0) return null;
  return [start, Math.min(size, start + Number(second))];
}

function stringSlice(s: string | SafeString, args: unknown[]): unknown {
  // str[/re/] / str[/re/, n] / str[/re/, "name"]: the match (or its group), nil without one; str["sub"]: sub or nil.
  if (args[0] instanceof RegExp) {
    const m = new RegExp(args[0].source, args[0].flags.replace("g", "")).exec(toS(s));
    if (!m) return null;
    const group = args[1];
    return (group === undefined ? m[0] : typeof group === "number" ? m[group] : m.groups?.[toS(group)]) ?? null;
  }
  if (typeof args[0] === "string" || args[0] instanceof SafeString) return toS(s).includes(toS(args[0])) ? toS(args[0]) : null;
  const chars = Array.from(toS(s));
  const range = sliceBounds(chars.length, args);
  if (!range) return null;
  const text = chars.slice(range[0], range[1]).join("");
  return s instanceof SafeString ? new SafeString(text) : text;
}

function arraySlice(list: unknown[], args: unknown[]): unknown {
  if (args.length === 1 && !(args[0] instanceof RubyRange)) {
    const i = Number(args[0]);
    return list[i < 0 ? list.length + i : i] ?? null;
  }
  const range = sliceBounds(list.length, args);
  return range ? list.slice(range[0], range[1]) : null;
}
