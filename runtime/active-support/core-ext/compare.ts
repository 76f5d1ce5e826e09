// Ruby's `<=>` between lowered values of one kind, for sorting, min/max, clamp and Range bounds:
//   1 <=> 2.5 -> -1      "a" <=> "b" -> -1      t1 <=> t2 (Time, TimeWithZone, DateTime, Date: by instant)
//   1.hour <=> 30.minutes -> 1 (Durations by length)      [1, 2] <=> [1, 3] -> -1      1 <=> "a" -> nil
import { RubyDate } from "../../ruby/date.js";
import { Duration } from "../duration.js";
import { ArgumentError } from "../../ruby/errors.js";
import { isNumeric } from "../../ruby/ruby.js";
import { ZonedTime } from "../zoned-time.js";

type Instant = { ms: number; ns: number };

/** String#to_datetime (time-parse.ts registers it: it sits above this module); null when the text is no time. */
export const stringTime: { parse: ((s: string) => unknown) | null } = { parse: null };

/** A time value's instant: milliseconds since the epoch, and nanoseconds below the millisecond. */
export function instantOf(t: unknown): Instant | null {
  if (t instanceof RubyDate) return { ms: t.toTime().getTime(), ns: 0 };
  if (t instanceof ZonedTime) return { ms: t.epochMs, ns: t.microRemainder * 1000 + t.nanoRemainder };
  if (t instanceof Date) {
    const sub = t as Date & { microRemainder?: number; nanoRemainder?: number };
    return { ms: t.getTime(), ns: (sub.microRemainder ?? 0) * 1000 + (sub.nanoRemainder ?? 0) };
  }
  return null;
}

/** `a <=> b`: -1, 0 or 1, or null when Ruby's answer is nil (values that do not compare). */
export function compareValues(a: unknown, b: unknown): number | null {
  if (isNumeric(a) && isNumeric(b)) {
    if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
    const [x, y] = [Number(a), Number(b)];
    return Number.isNaN(x) || Number.isNaN(y) ? null : x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  const [ta, tb] = [instantOf(a), instantOf(b)];
  if (ta && tb) return Math.sign(ta.ms - tb.ms) || Math.sign(ta.ns - tb.ns);
  // A Time (not a Date) compares with a String through String#to_datetime, as ActiveSupport's Time#<=> does.
  if (ta && typeof b === "string" && !(a instanceof RubyDate)) {
    const parsed = stringTime.parse?.(b) ?? null;
    return parsed === null ? null : compareValues(a, parsed);
  }
  if (a instanceof Duration && (b instanceof Duration || isNumeric(b))) return compareValues(a.value, b instanceof Duration ? b.value : b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c;
    }
    return Math.sign(a.length - b.length);
  }
  if ((a === null || a === undefined) && (b === null || b === undefined)) return 0;
  const own = (a as { compare?: (o: unknown) => unknown } | null)?.compare;
  if (a !== null && typeof a === "object" && typeof own === "function") {
    const c = own.call(a, b);
    return typeof c === "number" ? c : null;
  }
  return null;
}

/** `a <=> b` where Ruby raises when the values do not compare (sort, min, max, clamp). */
export function compareOrRaise(a: unknown, b: unknown): number {
  const c = compareValues(a, b);
  if (c === null) throw new ArgumentError(`comparison of ${className(a)} with ${className(b)} failed`);
  return c;
}

/** `a <=> b` for what sort_by / sort / min / max meet: numbers, strings, times, and arrays element by element. */
export function rubyCompare(a: unknown, b: unknown): number {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = rubyCompare(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (a === b) return 0;
  return compareOrRaise(a, b);
}

function className(v: unknown): string {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return "String";
  if (isNumeric(v)) return Number.isSafeInteger(Number(v)) && typeof v !== "object" ? "Integer" : "Float";
  if (v instanceof RubyDate) return "Date";
  if (v instanceof Date) return "Time";
  if (Array.isArray(v)) return "Array";
  return (v as object).constructor?.name ?? "Object";
}
