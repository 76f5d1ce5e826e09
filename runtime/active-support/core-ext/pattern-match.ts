// Ruby's case equality (`when`, `===`) and pattern matching (case/in, `=>`, `in`) on lowered values. The compiler
// lowers a pattern to a boolean expression over one PatternMatch, which deconstructs values as Ruby does and
// remembers why the last test failed, for NoMatchingPatternError's message.
//   case v in [x, *] ... end        const m = new PatternMatch(v, true); if ((a = m.array(v, 1, true)) !== null && ...)
//   in { name: String => n }        (h = m.hash(v)) !== null && m.key(h, "name") && m.test(String, m.get(h, "name")) && ...
import { isA, RubyClass } from "./core-object.js";
import { hashGet, hashKey, type AnyHash } from "./core-hash.js";
import { eq } from "./equality.js";
import { NoMatchingPatternError, NoMatchingPatternKeyError } from "../../ruby/errors.js";
import { rangeCovers } from "./core-range.js";
import { hashEntries, inspect, isHash, RubyFloat, RubyRange, RubySymbol, truthy } from "../../ruby/ruby.js";

/**
 * `pattern === value`, as `when` and `in` test: a class (Module#===) asks is_a?, a Range covers, a Regexp matches a
 * String (or Symbol), a lambda or proc is called; anything else compares with ==.
 */
export function caseEq(pattern: unknown, value: unknown): boolean {
  if (pattern instanceof RegExp) {
    if (typeof value !== "string" && !(value instanceof RubySymbol)) return false;
    pattern.lastIndex = 0;
    return pattern.test(String(value));
  }
  if (pattern instanceof RubyClass) return isA(value, pattern);
  // Range#=== is cover? (Ruby 2.7+), for every kind of end.
  if (pattern instanceof RubyRange) return rangeCovers(pattern, value);
  // A class the app or the runtime defines (it has a prototype); an arrow function (a lambda or proc) is called.
  if (typeof pattern === "function") {
    if (pattern.prototype !== undefined && /^class\b/.test(Function.prototype.toString.call(pattern))) return isA(value, pattern);
    return truthy((pattern as (v: unknown) => unknown)(value));
  }
  return eq(pattern, value);
}

/** One match of a value against the patterns of a case/in (or `=>`): deconstruction, and the reason of a miss. */
export class PatternMatch {
  private reason = "";
  private keyMiss = false;

  /** `detailed`: Ruby explains a miss only for a single pattern (one `in` clause, or `=>`). */
  constructor(
    readonly subject: unknown,
    private readonly detailed: boolean,
  ) {}

  private miss(reason: string, keyMiss = false): false {
    this.reason = reason;
    this.keyMiss = keyMiss;
    return false;
  }

  /** `pattern === value`. */
  test(pattern: unknown, value: unknown): boolean {
    return caseEq(pattern, value) || this.miss(`${inspect(pattern)} === ${inspect(value)} does not return true`);
  }

  guard(ok: boolean): boolean {
    return ok || this.miss("guard clause does not return true");
  }

  /** The value's deconstruct (an Array itself) when its length fits `size` (at least, with a rest); else null. */
  array(value: unknown, size: number, rest: boolean): unknown[] | null {
    const list = deconstruct(value);
    if (list === null) return this.miss(`${inspect(value)} does not respond to #deconstruct`) || null;
    if (rest ? list.length < size : list.length !== size) {
      return this.miss(`${inspect(list)} length mismatch (given ${list.length}, expected ${size}${rest ? "+" : ""})`) || null;
    }
    return list;
  }

  /** Find pattern: the first index where `size` elements satisfy `test`, or -1. */
  find(list: unknown[], size: number, test: (window: unknown[]) => boolean): number {
    for (let i = 0; i + size <= list.length; i++) if (test(list.slice(i, i + size))) return i;
    this.miss(`${inspect(list)} does not match to find pattern`);
    return -1;
  }

  /** The value's deconstruct_keys (a Hash itself), or null. */
  hash(value: unknown): AnyHash | null {
    if (isHash(value)) return value;
    const own = value !== null && typeof value === "object" ? (value as { deconstructKeys?: unknown }).deconstructKeys : undefined;
    if (typeof own === "function") {
      const h = (own as (keys: unknown) => unknown).call(value, null);
      if (isHash(h)) return h;
    }
    return this.miss(`${inspect(value)} does not respond to #deconstruct_keys`) || null;
  }

  key(h: AnyHash, key: string): boolean {
    return hashKey(h, key).found || this.miss(`key not found: ${inspect(RubySymbol.for(key))}`, true);
  }

  get(h: AnyHash, key: string): unknown {
    return hashGet(h, key) ?? null;
  }

  /** `{}` matches only an empty Hash. */
  empty(h: AnyHash): boolean {
    return hashEntries(h).length === 0 || this.miss(`${inspect(h)} is not empty`);
  }

  /** The pairs a `**rest` collects: those whose keys the pattern did not name. */
  rest(h: AnyHash, keys: string[]): AnyHash {
    const named = new Set(keys.map((k) => hashKey(h, k).key));
    const pairs = hashEntries(h).filter(([k]) => !named.has(k));
    return h instanceof Map ? new Map(pairs) : Object.fromEntries(pairs as Array<[string, unknown]>);
  }

  /** `**nil`: no pairs beyond the named keys. */
  noRest(h: AnyHash, keys: string[]): boolean {
    const left = this.rest(h, keys);
    return hashEntries(left).length === 0 || this.miss(`rest of ${inspect(left)} is not empty`);
  }

  /** NoMatchingPatternError (or ...KeyError for a missing key), with Ruby's message. */
  error(): Error {
    const message = this.detailed && this.reason ? `${inspect(this.subject)}: ${this.reason}` : inspect(this.subject);
    return this.detailed && this.keyMiss ? new NoMatchingPatternKeyError(message) : new NoMatchingPatternError(message);
  }
}

/** Array#deconstruct, or an object's own deconstruct; null when it has none. */
function deconstruct(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const own = value !== null && typeof value === "object" ? (value as { deconstruct?: unknown }).deconstruct : undefined;
  if (typeof own === "function") {
    const list = (own as () => unknown).call(value);
    if (Array.isArray(list)) return list;
  }
  return null;
}
