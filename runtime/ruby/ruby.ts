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
// Ruby's exceptions (exceptions.ts imports this module back: used only inside functions here).
import { appClassName } from "./app-class.js";
import { ArgumentError, RubyTypeError } from "./exceptions.js";
import { RubyDate } from "./date.js";
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
  // Below 1e21 an integral number's String is its digits, never exponent notation; -0 prints as "0" either way.
  return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
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
  const klass = appClassName(v);
  if (klass !== null) return klass;
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
export function rubyRegexp(jsSource: string, jsFlags: string, rubySource: string, rubyFlags = ""): RegExp {
  const re = new RegExp(jsSource, jsFlags);
  Object.defineProperty(re, "rubySource", { value: rubySource, enumerable: false });
  // /m and /x leave no JS flag (their meaning is spelled into the source): kept for to_s and inspect.
  Object.defineProperty(re, "rubyOptions", { value: [..."mix"].filter((o) => rubyFlags.includes(o) || (o === "i" && jsFlags.includes("i"))).join(""), enumerable: false });
  return re;
}

/** Regexp#source: the Ruby source the literal was written with. */
export function regexpSource(r: RegExp): string {
  return (r as RegExp & { rubySource?: string }).rubySource ?? r.source;
}

/** The Ruby options a Regexp has on, in Ruby's order (mix). */
function regexpOptions(r: RegExp): string {
  return (r as RegExp & { rubyOptions?: string }).rubyOptions ?? [..."mix"].filter((o) => r.flags.includes(o)).join("");
}

function regexpFlags(r: RegExp): string {
  const on = regexpOptions(r);
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
/** Time#inspect. Ruby's form for a UTC Time to the millisecond; Active Support's strftime.ts installs the full form
 *  (nanoseconds, a TimeWithZone's wall clock) when it loads, as Active Support redefines methods of Ruby's classes. */
let inspectTime = (t: Date): string => {
  const iso = t.toISOString();
  const frac = iso.slice(20, 23).replace(/0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac ? `.${frac}` : ""} UTC`;
};

export function setTimeInspect(fn: (t: Date) => string): void {
  inspectTime = fn;
}

export function inspect(v: unknown): string {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return inspectString(v);
  if (Array.isArray(v)) return `[${v.map(inspect).join(", ")}]`;
  if (isPlainObject(v)) return `{${Object.entries(v).map(([k, x]) => inspectKey(k) + inspect(x)).join(", ")}}`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${inspect(k)}=>${inspect(x)}`).join(", ")}}`;
  if (hasMethod(v, "toRubyInspect")) return v.toRubyInspect();
  const klass = appClassName(v);
  if (klass !== null) return klass;
  if (v instanceof Date) return inspectTime(v);
  if (v instanceof RegExp) return `/${regexpSource(v)}/${regexpOptions(v)}`;
  return toS(v);
}

/** ActiveSupport `blank?`: nil, false, whitespace-only strings, empty arrays and hashes. */
const BLANK = /^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

export function isBlank(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return true;
  if (typeof v === "string") {
    // ASCII spaces are skipped here and the first printable ASCII character answers (a captured block's text is
    // mostly indentation, then markup); anything else goes to the full Unicode scan.
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c === 32 || (c >= 9 && c <= 13)) continue;
      if (c > 32 && c < 127) return false;
      return BLANK.test(v);
    }
    return true;
  }
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
  if (v instanceof Map) return [...v];
  // Kernel#Array of a relation (or anything with to_ary / to_a): its elements (it wrapped the relation itself).
  const own = v as { toAry?: unknown; toA?: unknown };
  if (typeof v === "object" && typeof own.toAry === "function") return (own.toAry as () => unknown[]).call(v);
  if (typeof v === "object" && typeof own.toA === "function") return (own.toA as () => unknown[]).call(v);
  return [v];
}

/** Ruby `String#%` / `format` for the directives views use: %s %d %i %f %.Nf %{name} %<name>s %%. */
export function rubyFormat(format: string, args: unknown): string {
  const list = Array.isArray(args) ? [...args] : [args];
  const named = isPlainObject(args) ? args : null;
  const next = (): unknown => {
    if (!list.length) throw new ArgumentError("too few arguments");
    return list.shift();
  };
  return format.replace(/%(?:(%)|\{(\w+)\}|(?:<(\w+)>)?([-+0 #]*)(\*|\d+)?(?:\.(\d+))?([a-zA-Z]|$))/g,
    (whole, pct, brace, angle, flags: string, width: string | undefined, prec: string | undefined, conv: string) => {
      if (pct === "%") return "%";
      if (brace) return toS(named?.[brace]);
      if (!conv) throw new ArgumentError("incomplete format specifier; use %% (double %) instead");
      const w = width === "*" ? Number(next()) : Number(width ?? 0);
      const v = angle ? named?.[angle] : next();
      const body = formatOne(conv, v, flags, prec === undefined ? null : Number(prec), whole);
      const pad = flags.includes("0") && !flags.includes("-") && "diufeExXobB".includes(conv) ? "0" : " ";
      if (body.length >= w) return body;
      if (flags.includes("-")) return body.padEnd(w);
      // Zero padding goes after the sign (and 0x): "-0003".
      if (pad === "0") {
        const sign = /^([-+ ]|0[xXbB])/.exec(body)?.[0] ?? "";
        return sign + body.slice(sign.length).padStart(w - sign.length, "0");
      }
      return body.padStart(w);
    });
}


/** One directive of Kernel#format, before its width: d i u f e E x X o b B s p c. Others are refused, never guessed. */
function formatOne(conv: string, v: unknown, flags: string, prec: number | null, whole: string): string {
  const signed = (negative: boolean, digits: string) => (negative ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "") + digits;
  switch (conv) {
    case "s": {
      const text = toS(v);
      return prec === null ? text : Array.from(text).slice(0, prec).join("");
    }
    case "p": {
      const text = inspect(v);
      return prec === null ? text : Array.from(text).slice(0, prec).join("");
    }
    case "c":
      return typeof v === "number" ? String.fromCodePoint(v) : Array.from(toS(v))[0] ?? "";
    case "d":
    case "i":
    case "u": {
      const n = formatInteger(v);
      const digits = (n < 0n ? -n : n).toString();
      return signed(n < 0n, prec !== null ? digits.padStart(prec, "0") : digits);
    }
    case "f":
    case "e":
    case "E": {
      const x = formatFloat(v);
      if (!Number.isFinite(x)) return signed(x < 0, Number.isNaN(x) ? "NaN" : "Inf");
      const p = prec ?? 6;
      let digits = conv === "f" ? rubyFixed(Math.abs(x), p) : Math.abs(x).toExponential(p).replace(/e([+-])(\d)$/, "e$10$2");
      if (conv === "E") digits = digits.toUpperCase();
      if (flags.includes("#") && p === 0 && conv === "f") digits += ".";
      return signed(x < 0 || Object.is(x, -0), digits);
    }
    case "x":
    case "X":
    case "o":
    case "b":
    case "B": {
      const n = formatInteger(v);
      // A negative number without + or space is Ruby's two's complement form ("..f01"): not written here.
      if (n < 0n && !flags.includes("+") && !flags.includes(" ")) throw new ArgumentError(`rails2ts: ${whole} of a negative number (Ruby's ..f two's complement form) is not implemented`);
      const base = conv === "o" ? 8 : conv === "b" || conv === "B" ? 2 : 16;
      let digits = (n < 0n ? -n : n).toString(base);
      if (prec !== null) digits = digits.padStart(prec, "0");
      if (conv === "X") digits = digits.toUpperCase();
      const prefix = flags.includes("#") && n !== 0n ? (conv === "o" ? "0" : `0${conv}`) : "";
      return signed(n < 0n, prefix + digits);
    }
    default:
      throw new ArgumentError(conv === "g" || conv === "G" || conv === "a" || conv === "A" ? `rails2ts: format ${whole} is not implemented` : `malformed format string - %${conv}`);
  }
}

/** %d's argument as Ruby converts it: a Float truncated toward zero, a String read as Kernel#Integer reads it. */
function formatInteger(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (v instanceof RubyFloat) return BigInt(Math.trunc(v.value));
  if (typeof v === "number") return BigInt(Math.trunc(v));
  if (typeof v === "string" && /^\s*[-+]?\d[\d_]*\s*$/.test(v)) return BigInt(v.trim().replace(/_/g, ""));
  if (v === null || v === undefined) throw new RubyTypeError("can't convert nil into Integer");
  throw new ArgumentError(`invalid value for Integer(): ${inspect(v)}`);
}

function formatFloat(v: unknown): number {
  if (v instanceof RubyFloat) return v.value;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v.replace(/_/g, "")))) return Number(v.replace(/_/g, ""));
  if (v === null || v === undefined) throw new RubyTypeError("can't convert nil into Float");
  throw new ArgumentError(`invalid value for Float(): ${inspect(v)}`);
}


const TENS = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
const BIG_TENS = [1e16, 1e32, 1e64, 1e128, 1e256];

/**
 * Kernel#format("%.<p>f") of a finite x >= 0 as Ruby prints it: Ruby's dtoa (missing/dtoa.c, mode 3) first tries
 * floating-point arithmetic and, when the digit after the last lies within its error bound of a half, rounds an odd
 * last digit up and keeps an even one (also when the exact value lies above the half: 0.45 -> "0.4", 8.345 ->
 * "8.34", 2.675 -> "2.68"); otherwise the value is rounded exactly, a tie to even (0.125 -> "0.12").
 */
function rubyFixed(x: number, p: number): string {
  const q = x === 0 ? 0n : fixedDigits(x, p);
  const text = q.toString().padStart(p + 1, "0");
  return p ? `${text.slice(0, -p)}.${text.slice(-p)}` : text;
}

/** x * 10^p rounded as Ruby's dtoa mode 3 rounds it. */
function fixedDigits(x: number, p: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  // x = mantissa * 2^exp exactly.
  const mantissa = biased ? fraction | (1n << 52n) : fraction;
  const exp = (biased || 1) - 1075;
  let half = false;
  if (biased) {
    const i = biased - 1023;
    const d2 = x / 2 ** i;
    const ds = (d2 - 1.5) * 0.289529654602168 + 0.1760912590558 + i * 0.301029995663981;
    let k = Math.trunc(ds);
    if (ds < 0 && ds !== k) k--;
    let kCheck = true;
    if (k >= 0 && k <= 22) {
      if (x < TENS[k]!) k--;
      kCheck = false;
    }
    const ilim = p + k + 1;
    if (ilim >= 0 && ilim <= 14) {
      const quick = quickFixed(x, k, kCheck, ilim);
      if (typeof quick === "bigint") return quick;
      half = quick === "half";
    }
  }
  // The exact value: x * 10^p = num / den.
  let num = mantissa * 10n ** BigInt(p);
  let den = 1n;
  if (exp >= 0) num <<= BigInt(exp);
  else den <<= BigInt(-exp);
  let q = num / den;
  const twice = (num % den) * 2n;
  if ((twice > den || (twice === den && q % 2n === 1n)) && (!half || q % 2n === 1n)) q += 1n;
  return q;
}

/** dtoa's floating-point attempt: the digits, or why it gave up ("half": within its error of a half, last digit even). */
function quickFixed(x: number, k: number, kCheck: boolean, ilim: number): bigint | "failed" | "half" {
  let d = x;
  let ieps = 2;
  if (k > 0) {
    let ds = TENS[k & 0xf]!;
    let j = k >> 4;
    if (j & 0x10) {
      j &= 0xf;
      d /= BIG_TENS[4]!;
      ieps++;
    }
    for (let i = 0; j; j >>= 1, i++) if (j & 1) { ieps++; ds *= BIG_TENS[i]!; }
    d /= ds;
  } else if (k < 0) {
    const j1 = -k;
    d *= TENS[j1 & 0xf]!;
    for (let j = j1 >> 4, i = 0; j; j >>= 1, i++) if (j & 1) { ieps++; d *= BIG_TENS[i]!; }
  }
  if (kCheck && d < 1 && ilim > 0) {
    if (ilim - 1 <= 0) return "failed";
    ilim--;
    d *= 10;
    ieps++;
  }
  let eps = (ieps * d + 7) / 2 ** 52;
  if (ilim === 0) {
    d -= 5;
    if (d > eps) return 1n;
    if (d < -eps) return 0n;
    return "failed";
  }
  eps *= TENS[ilim - 1]!;
  let digits = 0n;
  let wanted = ilim;
  for (let i = 1; ; i++, d *= 10) {
    const L = Math.trunc(d);
    d -= L;
    if (!d) wanted = i;
    digits = digits * 10n + BigInt(L);
    if (i === wanted) {
      const scale = 10n ** BigInt(ilim - i);
      if (d > 0.5 + eps) return (digits + 1n) * scale;
      if (d < 0.5 - eps) return digits * scale;
      if (L & 1) return (digits + 1n) * scale;
      return "half";
    }
  }
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
