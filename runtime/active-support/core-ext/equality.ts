// Ruby's == on lowered values (a leaf module: the core method tables use it too, without importing the dispatcher).
import { compareValues, instantOf } from "./compare.js";
import { isPlainObject, RubyFloat, RubySymbol, toS } from "../../ruby/ruby.js";

export function eq(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // 1.0 == 1 (a RubyFloat box against a number).
  if (a instanceof RubyFloat || b instanceof RubyFloat) return (typeof a === "number" || a instanceof RubyFloat) && (typeof b === "number" || b instanceof RubyFloat) && Number(a) === Number(b);
  // A Symbol against a String that stands for one (Symbol literals are strings at run time).
  if (a instanceof RubySymbol || b instanceof RubySymbol) return (typeof a === "string" || a instanceof RubySymbol) && (typeof b === "string" || b instanceof RubySymbol) && toS(a) === toS(b);
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  // String#==: an object that is no String but responds to to_str answers `obj == str` (a StringInquirer, a String
  // subclass in Ruby, is one).
  if (typeof a === "string" && typeof b === "object" && typeof (b as { toStr?: unknown }).toStr === "function") {
    return typeof (b as { isEqual?: unknown }).isEqual === "function" && (b as { isEqual(o: unknown): boolean }).isEqual(a);
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => eq(x, b[i]));
  // Array#== against an object that responds to to_ary (a Relation) answers `other == array`.
  if (Array.isArray(a) && typeof b === "object" && typeof (b as { toAry?: unknown }).toAry === "function") return eq(b, a);
  // Set#==: the same elements (Set.new(room.user_ids) == Set.new(ids)).
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((x) => b.has(x) || [...b].some((y) => eq(x, y)));
  // Times, TimeWithZones, DateTimes and Dates are == when they are the same instant (a Date: its midnight, UTC).
  const [ta, tb] = [instantOf(a), instantOf(b)];
  if (ta && typeof b === "string") return compareValues(a, b) === 0;
  if (ta || tb) return ta !== null && tb !== null && ta.ms === tb.ms && ta.ns === tb.ns;
  if (typeof a === "object" && typeof (a as { isEqual?: unknown }).isEqual === "function") {
    return (a as { isEqual(o: unknown): boolean }).isEqual(b);
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => eq(a[k], b[k]));
  }
  return false;
}

