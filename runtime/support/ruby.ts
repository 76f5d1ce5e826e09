// Ruby value semantics on lowered values: `to_s`, `inspect`, `blank?`/`present?`.
// Lowering convention: String/Symbol -> string, nil -> null, Array -> array, Hash -> plain object, Time -> Date,
// Date -> RubyDate (support/time.ts). A Hash whose keys must stay Ruby values is a Map: a RubySymbol key is a
// Symbol, a string key a String (a literal that spells one key both ways, `{ class: "a", "class" => "b" }`, and
// as_json results, whose keys are all Strings); plain objects stay the common, fast form.
// Numbers, so that the class is never ambiguous:
//   Integer  a safe-integer JS number (|n| < 2**53), or a bigint beyond that
//   Float    any other JS number (1.5, -0, 1e20, NaN), or a RubyFloat box for an integral value (1.0, 100.0)
// (`floatOf(n)` gives a computed Float its right form; a JS number alone cannot say whether Ruby had 1 or 1.0).
// Objects that know their own Ruby form implement `toRubyString()` / `toRubyInspect()`.
import { RubyDate } from "./date.js";
import { timeInspect } from "./strftime.js";
import { stringUpto } from "./string-succ.js";

export interface RubyStringable {
  toRubyString(): string;
}
export interface RubyInspectable {
  toRubyInspect(): string;
}

/** A Hash literal arrives as a plain object; records and other class instances do not count. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function hasMethod<K extends string>(v: unknown, name: K): v is Record<K, () => string> {
  return v !== null && typeof v === "object" && typeof (v as Record<string, unknown>)[name] === "function";
}

/**
 * Ruby Float#to_s: shortest round-trip digits; fixed notation while the decimal exponent is in
 * [-4, 15), otherwise `d.ddde+XX` (two-digit exponent at least). Always shows a fractional part.
 */
export function floatToS(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const [mant, expPart] = Math.abs(n).toExponential().split("e");
  const digits = mant!.replace(".", "");
  const exp = Number(expPart);
  const sign = n < 0 ? "-" : "";
  if (exp >= -4 && exp < 15) {
    if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
    const frac = digits.slice(exp + 1) || "0";
    return `${sign}${intPart}.${frac}`;
  }
  const frac = digits.slice(1) || "0";
  const e = Math.abs(exp).toString().padStart(2, "0");
  return `${sign}${digits[0]}.${frac}e${exp < 0 ? "-" : "+"}${e}`;
}

/** A Ruby Float whose value a bare JS number would show as an Integer (1.0, 100.0). `valueOf` lets JS arithmetic
 *  and Number() read it; Ruby's printing (to_s, inspect, to_json) reads the box. */
export class RubyFloat {
  constructor(readonly value: number) {}
  valueOf(): number {
    return this.value;
  }
  toString(): string {
    return floatToS(this.value);
  }
  toRubyString(): string {
    return floatToS(this.value);
  }
  toRubyInspect(): string {
    return floatToS(this.value);
  }
}

/** A Float result in its lowered form: boxed when the JS number alone would read as an Integer. */
export function floatOf(n: number): number | RubyFloat {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? new RubyFloat(n) : n;
}

/** Ruby's `is_a?(Float)` on a lowered value (see the convention above). */
export function isFloat(v: unknown): boolean {
  return v instanceof RubyFloat || (typeof v === "number" && (!Number.isSafeInteger(v) || Object.is(v, -0)));
}

/** Ruby's `is_a?(Numeric)` for Integer and Float. */
export function isNumeric(v: unknown): v is number | bigint | RubyFloat {
  return typeof v === "number" || typeof v === "bigint" || v instanceof RubyFloat;
}

/**
 * A Symbol where Ruby's behaviour depends on it being one (Symbol literals are strings at run time otherwise):
 * values Rails returns as Symbols (`model_name.i18n_key`, `I18n.available_locales`) and Symbol arguments a
 * method treats apart from Strings (`f.button :title`). It prints as its name and inspects as `:name`; `==`
 * against a String compares names, as the lowered convention cannot tell the two apart.
 */
export class RubySymbol {
  static readonly rubyName = "Symbol";
  private static readonly table = new Map<string, RubySymbol>();
  /** Interned, as Ruby's Symbols are: `RubySymbol.for("a") === RubySymbol.for("a")`. */
  static for(name: string): RubySymbol {
    let sym = RubySymbol.table.get(name);
    if (!sym) RubySymbol.table.set(name, (sym = new RubySymbol(name)));
    return sym;
  }
  private constructor(readonly name: string) {}
  toString(): string {
    return this.name;
  }
  toRubyString(): string {
    return this.name;
  }
  toRubyInspect(): string {
    return /^(?:[A-Za-z_][A-Za-z0-9_]*[?!=]?|\[\]=?|[-+*\/%<>=!~^&|]+)$/.test(this.name) ? `:${this.name}` : `:${inspectString(this.name)}`;
  }
  asJson(): string {
    return this.name;
  }
  toJSON(): string {
    return this.name;
  }
}

/** Integer#to_s for a JS number known to hold an integer (exact beyond 2**53 via BigInt). */
function integerToS(n: number): string {
  return Math.abs(n) < 1e21 ? n.toFixed(0).replace(/^-0$/, "0") : BigInt(n).toString();
}

/**
 * Numbers: integral values print as Integer (the common case: ids, counts); others as Float. Integers
 * beyond 2**53 arrive as bigint, so a non-safe integral number is a Float (1e20 -> "1.0e+20").
 */
export function numberToS(n: number): string {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? integerToS(n) : floatToS(n);
}

/** Ruby's `is_a?(Hash)` on a lowered value: a plain object, or a Map whose keys are Ruby values. */
export function isHash(v: unknown): v is Record<string, unknown> | Map<unknown, unknown> {
  return v instanceof Map || isPlainObject(v);
}

/** A Hash's pairs in insertion order; a Map's keys as they are (RubySymbol or String), a plain object's as strings. */
export function hashEntries(h: Record<string, unknown> | Map<unknown, unknown>): [unknown, unknown][] {
  return h instanceof Map ? [...h] : Object.entries(h);
}

/** Ruby `to_s` of a lowered value. */
export function toS(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number") return numberToS(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "boolean") return v ? "true" : "false";
  if (Array.isArray(v) || isHash(v)) return inspect(v);
  if (hasMethod(v, "toRubyString")) return v.toRubyString();
  if (v instanceof RegExp) return `(?${regexpFlags(v)}:${regexpSource(v)})`;
  if (v instanceof Date) return utcTimeToS(v);
  return String(v);
}

/** Time#to_s of a UTC time: "2024-02-15 13:00:00 UTC". */
function utcTimeToS(d: Date): string {
  return `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * A Ruby regexp literal whose JS spelling differs from its Ruby source (`\S+` -> `[^\t\n\v\f\r ]+`): the RegExp
 * matches as Ruby's does, and remembers the Ruby source, which Regexp#source, #to_s, #inspect and a tag attribute
 * (`pattern: /\S+/` renders pattern="\S+") print.
 */
export function rubyRegexp(jsSource: string, jsFlags: string, rubySource: string): RegExp {
  const re = new RegExp(jsSource, jsFlags);
  Object.defineProperty(re, "rubySource", { value: rubySource, enumerable: false });
  return re;
}

/** Regexp#source: the Ruby source the literal was written with. */
export function regexpSource(r: RegExp): string {
  return (r as RegExp & { rubySource?: string }).rubySource ?? r.source;
}

function regexpFlags(r: RegExp): string {
  const on = (r.flags.includes("m") ? "m" : "") + (r.flags.includes("i") ? "i" : "") + (r.flags.includes("x") ? "x" : "");
  const off = ["m", "i", "x"].filter((f) => !on.includes(f)).join("");
  return off ? `${on}-${off}` : on;
}

const STRING_ESCAPES: Record<string, string> = {
  '"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\f": "\\f", "\v": "\\v",
  "\b": "\\b", "\x07": "\\a", "\x1b": "\\e",
};

/** Ruby String#inspect for UTF-8 strings. */
export function inspectString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (STRING_ESCAPES[ch]) out += STRING_ESCAPES[ch];
    else if (ch === "#" && /[{$@]/.test(s[i + 1] ?? "")) out += "\\#";
    else if (/[\x00-\x1f\x7f]/.test(ch)) out += `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
    else out += ch;
  }
  return out + '"';
}

function inspectKey(key: string): string {
  // Symbol keys are the common case and the lowered form cannot tell them from String keys.
  return /^[A-Za-z_][A-Za-z0-9_]*[?!]?$/.test(key) ? `:${key}=>` : `${inspectString(key)}=>`;
}

/** Ruby `inspect` of a lowered value (Ruby 3.3 Hash format). */
export function inspect(v: unknown): string {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return inspectString(v);
  if (Array.isArray(v)) return `[${v.map(inspect).join(", ")}]`;
  if (isPlainObject(v)) return `{${Object.entries(v).map(([k, x]) => inspectKey(k) + inspect(x)).join(", ")}}`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${inspect(k)}=>${inspect(x)}`).join(", ")}}`;
  if (hasMethod(v, "toRubyInspect")) return v.toRubyInspect();
  if (v instanceof Date) return timeInspect(v, true);
  if (v instanceof RegExp) return `/${regexpSource(v)}/`;
  return toS(v);
}

/** ActiveSupport `blank?`: nil, false, whitespace-only strings, empty arrays and hashes. */
export function isBlank(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return true;
  if (typeof v === "string") return /^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/.test(v);
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainObject(v)) return Object.keys(v).length === 0;
  if (v instanceof Map) return v.size === 0;
  if (hasMethod(v, "isBlank")) return (v as unknown as { isBlank(): boolean }).isBlank();
  return false;
}

export function isPresent(v: unknown): boolean {
  return !isBlank(v);
}

/** `presence`: the value when present, else null. */
export function presence<T>(v: T): T | null {
  return isPresent(v) ? v : null;
}

/** Ruby truthiness: only nil and false are falsy (0 and "" are truthy). */
export function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

/**
 * A Ruby Range over any values with `<=>`: Integers, Floats, Strings, Dates, Times (`1..5`, `"a"..."e"`, `t..`).
 * A missing end is null (`1..` is endless, `..5` beginless). Walking one (to_a, each, first(n)) follows Ruby:
 * Integers count, Strings take String#succ (string-succ.ts), Dates go day by day; a Float, Time or nil begin
 * cannot be walked (TypeError, as Ruby raises). The rest of Range's methods are core-range.ts.
 */
export class RubyRange {
  constructor(
    readonly first: unknown,
    readonly last: unknown,
    readonly excludeEnd = false,
  ) {}
  /** The largest Integer a numeric range reaches (`(1...3)` -> 2); form helpers read it for `max`. */
  get max(): number {
    return this.excludeEnd ? Number(this.last) - 1 : Number(this.last);
  }
  /** Endless: no end, or an infinite Float one. */
  get endless(): boolean {
    return this.last === null || this.last === undefined || this.last === Infinity;
  }
  /** Range#to_a: every element; an endless range raises RangeError, as Ruby's does. */
  toArray(): unknown[] {
    if (this.endless && this.first !== null && this.first !== undefined) throw new RangeError("cannot convert endless range to an array");
    return [...this];
  }
  *[Symbol.iterator](): Generator<unknown> {
    yield* rangeWalk(this);
  }
  /** Integer membership (`(1..5).includes(3)`), what form helpers and numeric callers ask. */
  includes(n: number): boolean {
    return n >= Number(this.first) && (this.excludeEnd ? n < Number(this.last) : n <= Number(this.last));
  }
  /** Range#== / eql?: the same kind of end and ends that are ==. */
  isEqual(other: unknown): boolean {
    if (!(other instanceof RubyRange) || other.excludeEnd !== this.excludeEnd) return false;
    return sameEnd(this.first, other.first) && sameEnd(this.last, other.last);
  }
  toRubyString(): string {
    return this.form(toS);
  }
  toRubyInspect(): string {
    return this.form(inspect);
  }
  private form(show: (v: unknown) => string): string {
    const end = (v: unknown) => (v === null || v === undefined ? "" : show(v));
    // `nil..nil` prints its ends; one missing end prints as nothing.
    if ((this.first ?? null) === null && (this.last ?? null) === null) return `nil${this.excludeEnd ? "..." : ".."}nil`;
    return `${end(this.first)}${this.excludeEnd ? "..." : ".."}${end(this.last)}`;
  }
  asJson(): string {
    return this.toRubyString();
  }
}

function sameEnd(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  const eq = (a as { isEqual?: (o: unknown) => boolean } | null)?.isEqual;
  if (typeof eq === "function") return eq.call(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return false;
}

/** The class name Ruby's "can't iterate from X" names (a Time, a Float, nil). */
function iterClassName(v: unknown): string {
  if (v === null || v === undefined) return "NilClass";
  if (isFloat(v)) return "Float";
  if (v instanceof Date) return "Time";
  const kind = (v as { kind?: unknown }).kind;
  if (kind === "twz") return "ActiveSupport::TimeWithZone";
  if (kind === "datetime") return "DateTime";
  return (v as object).constructor?.name ?? "Object";
}

function* rangeWalk(r: RubyRange): Generator<unknown> {
  const { first, last, excludeEnd } = r;
  const open = last === null || last === undefined;
  if (typeof first === "string" && (open || typeof last === "string")) {
    yield* stringUpto(first, open ? null : (last as string), excludeEnd);
    return;
  }
  if (first instanceof RubyDate && (open || last instanceof RubyDate)) {
    for (let d = first; ; d = d.addDays(1)) {
      if (!open) {
        const c = compareDays(d, last as RubyDate);
        if (c > 0 || (excludeEnd && c === 0)) return;
      }
      yield d;
    }
  }
  if (typeof first === "bigint" || (typeof first === "number" && Number.isSafeInteger(first))) {
    if (!open && !isNumeric(last)) throw new TypeError(`can't iterate from ${iterClassName(first)}`);
    const end = open ? Infinity : Number(last);
    for (let i = Number(first); excludeEnd ? i < end : i <= end; i++) yield i;
    return;
  }
  throw new TypeError(`can't iterate from ${iterClassName(first)}`);
}

function compareDays(a: RubyDate, b: RubyDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Ruby's `Array(x)` for collections helpers accept: arrays, ranges, sets, hashes (as pairs). */
export function toArray(v: unknown): unknown[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v;
  if (v instanceof RubyRange) return v.toArray();
  if (v instanceof Set) return [...v];
  if (isPlainObject(v)) return Object.entries(v);
  return [v];
}

/** Ruby `String#%` / `format` for the directives views use: %s %d %i %f %.Nf %{name} %<name>s %%. */
export function rubyFormat(format: string, args: unknown): string {
  const list = Array.isArray(args) ? [...args] : [args];
  const named = isPlainObject(args) ? args : null;
  return format.replace(/%(%|\{(\w+)\}|<(\w+)>([-+0 #]*\d*(?:\.\d+)?[sdif])|([-+0 #]*)(\d*)(?:\.(\d+))?([sdif]))/g,
    (_m, pct, brace, angle, angleSpec, flags: string, width: string, prec, conv) => {
      if (pct === "%") return "%";
      if (brace) return toS(named?.[brace]);
      if (angle) return rubyFormat(`%${angleSpec}`, [named?.[angle]]);
      const v = list.shift();
      let s: string;
      if (conv === "s") s = toS(v);
      else if (conv === "f") s = Number(v).toFixed(prec === undefined ? 6 : Number(prec));
      else s = toS(Math.trunc(Number(v)));
      const w = Number(width || 0);
      return flags.includes("-") ? s.padEnd(w) : s.padStart(w, flags.includes("0") && conv !== "s" ? "0" : " ");
    });
}

const addresses = new WeakMap<object, string>();
let nextAddress = 0x7f0000001000;

/**
 * Object#to_s of an app object: its class's own `def to_s` (lowered as toS) when it has one, else Ruby's
 * `#<ClassName:0x...>` with an address stable per object (Ruby's differs per run anyway).
 */
export function objectToS(object: object, className: string): string {
  const own = (object as { toS?: unknown }).toS;
  if (typeof own === "function") return toS(own.call(object));
  let address = addresses.get(object);
  if (!address) {
    nextAddress += 0x28;
    address = nextAddress.toString(16).padStart(16, "0");
    addresses.set(object, address);
  }
  return `#<${className}:0x${address}>`;
}
