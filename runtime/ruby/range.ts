// Ruby Ranges as record code receives them. The compiler lowers `a..b` / `a...b` / `a..` / `..b` to
// `{ begin, end, exclusive }` (null for a missing end); support's RubyRange (numbers only) is accepted too.
//
//   where(id: 2..3)        BETWEEN ? AND ?          where(at: t..)      >= ?
//   where(id: 2...4)       >= ? AND < ?             where(at: ...t)     < ?        where(at: ..t)   <= ?
import { RubyRange } from "./ruby.js";

export interface RangeLike {
  begin: unknown;
  end: unknown;
  exclusive: boolean;
}

const RANGE_KEYS = new Set(["begin", "end", "exclusive"]);

/** A Ruby Range in either accepted shape, normalized; null when `value` is not a range. */
export function rangeOf(value: unknown): RangeLike | null {
  if (value instanceof RubyRange) return { begin: value.first, end: value.last, exclusive: value.excludeEnd };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (!keys.includes("exclusive") || !keys.every((k) => RANGE_KEYS.has(k))) return null;
  const r = value as { begin?: unknown; end?: unknown; exclusive: unknown };
  return { begin: r.begin ?? null, end: r.end ?? null, exclusive: r.exclusive === true };
}

/** Range#cover?: nil ends are open. */
export function covers(range: RangeLike, value: unknown, compare: (a: unknown, b: unknown) => number): boolean {
  if (range.begin !== null && compare(value, range.begin) < 0) return false;
  if (range.end === null) return true;
  const c = compare(value, range.end);
  return range.exclusive ? c < 0 : c <= 0;
}

/** begin_bind.value.infinite?: a missing end or a Float infinity. */
export const isUnbounded = (v: unknown): boolean => v === null || v === undefined || v === Infinity || v === -Infinity;
