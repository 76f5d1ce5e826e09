// Range's own methods on a RubyRange (ruby.ts), as Ruby 3.3 + ActiveSupport 7.2 answer them; Enumerable methods
// a Range does not define itself are Array's over its elements (core-send.ts).
//   (1..10).step(3)          RangeMethods.step(r, 3)         [1, 4, 7, 10]
//   (t..t + 1.hour).cover?(x) rangeCovers(r, x)              by <=> on the ends: Times, Dates, Strings, Numerics
//   "hello"[-2..]            rangeBounds(5, r) -> [3, 5]     (1..).first(3) -> [1, 2, 3]      (..5).inspect -> "..5"
import { compareOrRaise, compareValues } from "./compare.js";
import { ArgumentError } from "../../ruby/errors.js";
import { floatOf, isFloat, isNumeric, RubyRange, toS, truthy } from "../../ruby/ruby.js";

type Block = (...args: unknown[]) => unknown;

const open = (v: unknown) => v === null || v === undefined;

/** Range#cover?(value): value between the ends by <=>; a value the ends do not compare with is never covered. */
export function rangeCovers(r: RubyRange, value: unknown): boolean {
  if (value instanceof RubyRange) return coversRange(r, value);
  if (!open(r.first)) {
    const c = compareValues(r.first, value);
    if (c === null || c > 0) return false;
  }
  if (open(r.last)) return true;
  const c = compareValues(value, r.last);
  if (c === null) return false;
  return r.excludeEnd ? c < 0 : c <= 0;
}

/** cover?(range): the other range lies inside this one. */
function coversRange(r: RubyRange, other: RubyRange): boolean {
  if (!open(other.first) && !rangeCovers(r, other.first)) return false;
  if (open(other.first) && !open(r.first)) return false;
  if (open(other.last)) return open(r.last);
  if (open(r.last)) return true;
  const c = compareValues(other.last, r.last);
  if (c === null) return false;
  return c < 0 || (c === 0 && (!r.excludeEnd || other.excludeEnd));
}

/** Range#include? / member?: cover? for Numeric, Time and Date ends; a walk (String#succ) for Strings. */
export function rangeIncludes(r: RubyRange, value: unknown): boolean {
  const str = (v: unknown) => typeof v === "string";
  if ((str(r.first) || open(r.first)) && (str(r.last) || open(r.last)) && !(open(r.first) && open(r.last))) {
    if (typeof value !== "string") return false;
    const single = (v: unknown) => typeof v === "string" && v.length === 1 && v.charCodeAt(0) < 128;
    if ((single(r.first) || open(r.first)) && (single(r.last) || open(r.last)) && value.length === 1) return rangeCovers(r, value);
    if (open(r.first) || open(r.last)) return rangeCovers(r, value);
    for (const s of r) if (s === value) return true;
    return false;
  }
  return rangeCovers(r, value);
}

/** An index range on a sequence of `size` (String#[], Array#[]): [from, to) or null when it starts out of range. */
export function rangeBounds(size: number, r: RubyRange): [number, number] | null {
  let from = open(r.first) ? 0 : Number(r.first);
  let to = open(r.last) ? size : Number(r.last);
  const excl = open(r.last) ? true : r.excludeEnd;
  if (from < 0) from += size;
  if (from < 0 || from > size) return null;
  if (!open(r.last) && to < 0) to += size;
  if (!excl) to += 1;
  return [from, Math.max(from, Math.min(size, to))];
}

/** The first `n` elements (of an endless range too). */
function take(r: RubyRange, n: number): unknown[] {
  if (n < 0) throw new ArgumentError("negative array size (or size too big)");
  const out: unknown[] = [];
  if (n === 0) return out;
  for (const x of r) {
    out.push(x);
    if (out.length >= n) break;
  }
  return out;
}

/** Whether the range has no elements (begin past end). */
function isEmptyRange(r: RubyRange): boolean {
  if (open(r.first) || open(r.last)) return false;
  const c = compareValues(r.first, r.last);
  return c === null || c > 0 || (c === 0 && r.excludeEnd);
}

const isInteger = (v: unknown) => typeof v === "bigint" || (typeof v === "number" && Number.isSafeInteger(v));

/** Range#size: the count of a numeric range (Infinity when endless), nil for other ranges. */
function size(r: RubyRange): unknown {
  if (!isNumeric(r.first)) {
    if (open(r.first) && isNumeric(r.last)) return Infinity;
    return null;
  }
  if (open(r.last) || r.last === Infinity) return Infinity;
  if (!isNumeric(r.last)) return null;
  const [a, b] = [Number(r.first), Number(r.last)];
  if (b < a) return 0;
  const n = Math.floor(b - a) + 1;
  return r.excludeEnd && Number.isInteger(b - a) ? n - 1 : n;
}

/** Range#sum: Gauss's formula for Integer ranges without a block (exact past 2**53), else the elements' sum. */
function sum(r: RubyRange, init: unknown = 0, block?: unknown): unknown {
  const fn = typeof init === "function" ? (init as Block) : typeof block === "function" ? (block as Block) : null;
  const start = typeof init === "function" ? 0 : init;
  if (!fn && isInteger(r.first) && isInteger(r.last)) {
    const a = BigInt(r.first as number);
    const b = BigInt(r.last as number) - (r.excludeEnd ? 1n : 0n);
    const total = b < a ? 0n : ((a + b) * (b - a + 1n)) / 2n;
    if (isNumeric(start) && isFloat(start)) return floatOf(Number(start) + Number(total));
    const n = BigInt(start as number) + total;
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  }
  let acc: unknown = start;
  let float = isFloat(start);
  for (const x of r) {
    const v = fn ? fn(x) : x;
    float = float || isFloat(v);
    acc = Number(acc) + Number(v);
  }
  return float ? floatOf(acc as number) : acc;
}

/** Range#step(n): Numerics by arithmetic (Floats when either is one), other ranges every n-th element. */
function step(r: RubyRange, n: unknown = 1, block?: unknown): unknown {
  if (typeof n === "function") return step(r, 1, n);
  const by = Number(n);
  if (by === 0) throw new ArgumentError("step can't be 0");
  if (by < 0 && !isNumeric(r.first)) throw new ArgumentError("step can't be negative");
  const out: unknown[] = [];
  const emit = (x: unknown) => (typeof block === "function" ? (block as Block)(x) : out.push(x));
  if (isNumeric(r.first) && (isNumeric(r.last) || open(r.last))) {
    const float = isFloat(r.first) || isFloat(r.last) || isFloat(n);
    const [a, b] = [Number(r.first), open(r.last) ? Infinity : Number(r.last)];
    if (open(r.last) && typeof block !== "function") throw new RangeError("cannot convert endless range to an array");
    // Floats step as Ruby's do: a + i * step (no accumulated error), the count fixed up front.
    const count = float ? Math.floor((b - a) / by + 1e-9) : Math.floor((b - a) / by);
    for (let i = 0; i <= count || b === Infinity; i++) {
      const x = a + i * by;
      if (r.excludeEnd && x >= b) break;
      emit(float ? floatOf(x) : x);
    }
  } else {
    let i = 0;
    for (const x of r) if (i++ % by === 0) emit(x);
  }
  return typeof block === "function" ? r : out;
}

/** Range#min / #max without a block: the ends themselves (max of an exclusive Integer range is end - 1). */
function min(r: RubyRange, ...args: unknown[]): unknown {
  if (args.length) return enumerate(r, "min", args);
  if (open(r.first)) throw new RangeError("cannot get the minimum of beginless range");
  if (open(r.last) && !isNumeric(r.first)) throw new RangeError("cannot get the minimum of endless range");
  return isEmptyRange(r) ? null : r.first;
}

function max(r: RubyRange, ...args: unknown[]): unknown {
  if (args.length) return enumerate(r, "max", args);
  if (open(r.last)) throw new RangeError("cannot get the maximum of endless range");
  if (isEmptyRange(r)) return null;
  if (r.excludeEnd) {
    if (!isInteger(r.last)) throw new TypeError("cannot exclude non Integer end value");
    if (!isInteger(r.first)) throw new TypeError("cannot exclude end value with non Integer begin value");
    return Number(r.last) - 1;
  }
  return r.last;
}

/** Ruby 3.3's Range#overlap? (ActiveSupport's overlaps? too): some value lies in both. */
function isOverlap(r: RubyRange, other: unknown): boolean {
  if (!(other instanceof RubyRange)) throw new TypeError(`wrong argument type ${toS((other as object)?.constructor?.name ?? "nil")} (expected Range)`);
  if (isEmptyRange(r) || isEmptyRange(other)) return false;
  const before = (lo: RubyRange, hi: RubyRange) => {
    if (open(lo.first) || open(hi.last)) return true;
    const c = compareValues(lo.first, hi.last);
    return c !== null && (c < 0 || (c === 0 && !hi.excludeEnd));
  };
  return before(r, other) && before(other, r);
}

/** Enumerable methods answered by Array's over the elements (set up by core-send.ts). */
let enumerate: (r: RubyRange, name: string, args: unknown[]) => unknown = () => {
  throw new Error("Range enumeration is not wired");
};
export function wireRangeEnumerable(fn: typeof enumerate): void {
  enumerate = fn;
}

const thawed = new WeakSet<RubyRange>();

export const RangeMethods = {
  begin: (r: RubyRange) => r.first ?? null,
  end: (r: RubyRange) => r.last ?? null,
  first: (r: RubyRange, n?: unknown) => {
    if (n === undefined) {
      if (open(r.first)) throw new RangeError("cannot get the first element of beginless range");
      return r.first;
    }
    return take(r, Number(n));
  },
  take: (r: RubyRange, n: unknown) => take(r, Number(n)),
  last: (r: RubyRange, n?: unknown) => {
    if (open(r.last)) throw new RangeError("cannot get the last element of endless range");
    if (n === undefined) return r.last;
    const all = r.toArray();
    return all.slice(Math.max(0, all.length - Number(n)));
  },
  min,
  max,
  minmax: (r: RubyRange) => [min(r), max(r)],
  size,
  count: (r: RubyRange, ...args: unknown[]) => {
    if (args.length === 0 && (open(r.last) || r.last === Infinity)) return Infinity;
    if (args.length === 0 && isInteger(r.first) && isInteger(r.last)) return size(r);
    return enumerate(r, "count", args);
  },
  sum,
  step,
  isInclude: (r: RubyRange, v: unknown) => rangeIncludes(r, v),
  isMember: (r: RubyRange, v: unknown) => rangeIncludes(r, v),
  isCover: (r: RubyRange, v: unknown) => rangeCovers(r, v),
  isExcludeEnd: (r: RubyRange) => r.excludeEnd,
  isOverlap,
  isOverlaps: isOverlap,
  each: (r: RubyRange, block: Block) => {
    for (const x of r) block(x);
    return r;
  },
  reverseEach: (r: RubyRange, block?: Block) => {
    const all = r.toArray().reverse();
    if (typeof block !== "function") return all;
    for (const x of all) block(x);
    return r;
  },
  find: (r: RubyRange, block: Block) => {
    for (const x of r) if (truthy(block(x))) return x;
    return null;
  },
  detect: (r: RubyRange, block: Block) => RangeMethods.find(r, block),
  takeWhile: (r: RubyRange, block: Block) => {
    const out: unknown[] = [];
    for (const x of r) {
      if (!truthy(block(x))) break;
      out.push(x);
    }
    return out;
  },
  toA: (r: RubyRange) => r.toArray(),
  toAry: (r: RubyRange) => r.toArray(),
  entries: (r: RubyRange) => r.toArray(),
  toSet: (r: RubyRange) => new Set(r.toArray()),
  isEql: (r: RubyRange, other: unknown) => r.isEqual(other),
  // A Range literal is frozen; its dup is not.
  isFrozen: (r: RubyRange) => !thawed.has(r),
  dup: (r: RubyRange) => {
    const copy = new RubyRange(r.first, r.last, r.excludeEnd);
    thawed.add(copy);
    return copy;
  },
  inspect: (r: RubyRange) => r.toRubyInspect(),
  toS: (r: RubyRange) => r.toRubyString(),
  asJson: (r: RubyRange) => r.toRubyString(),
  toJson: (r: RubyRange) => JSON.stringify(r.toRubyString()),
  /** Range#% (step). */
  format: (r: RubyRange, n: unknown) => step(r, n),
};

/** Numeric#clamp(range) and Comparable#clamp(min, max). */
export function clamp(v: unknown, lo: unknown, hi?: unknown): unknown {
  if (lo instanceof RubyRange) {
    if (lo.excludeEnd && !open(lo.last)) throw new ArgumentError("cannot clamp with an exclusive range");
    return clamp(v, lo.first ?? null, lo.last ?? null);
  }
  if (!open(lo) && !open(hi) && compareOrRaise(lo, hi) > 0) throw new ArgumentError("min argument must be less than or equal to max argument");
  if (!open(lo) && compareOrRaise(v, lo) < 0) return lo;
  if (!open(hi) && compareOrRaise(v, hi) > 0) return hi;
  return v;
}
