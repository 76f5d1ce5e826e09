// String and ActiveSupport::SafeBuffer methods on lowered strings (a JS string, or a SafeString when html_safe),
// keyed by the one Ruby -> TS naming rule (html_safe? -> isHtmlSafe). The compiler calls a member directly when
// it knows the receiver is a String; `coreSend` (core-send.ts) finds it when it does not.
//   "post".pluralize           StringMethods.pluralize("post")
//   "<b>".html_safe + "<i>"    StringMethods.plus(safe, "<i>")      (SafeBuffer#+ escapes what is not safe)
//   s.upcase on a SafeBuffer   a plain String, as SafeBuffer's UNSAFE_STRING_METHODS return
import * as I from "../inflector.js";
import * as S from "../string-filters.js";
import { encodeJson } from "../json.js";
import { floatOf, isFloat, isHash, isPlainObject, rubyFormat, RubyRange, toS } from "../../ruby/ruby.js";
import { EncodingError, RubyTypeError } from "../../ruby/exceptions.js";
import { rangeBounds } from "./core-range.js";
import { ArgumentError } from "../../ruby/errors.js";
import { parseDate, parseDateTime, parseTimeText, timeFromParts } from "../time-parse.js";
import { ZonedTime } from "../zoned-time.js";
import { defaultTimeZone, findTimeZone, TimeZone } from "../time-zone.js";
import { TimeZoneMethods } from "./core-time.js";
import { stringMatch } from "../../ruby/match-data.js";
import { stringSucc } from "../../ruby/string-succ.js";
import { htmlEscape, htmlSafe, SafeString } from "../safe.js";

export type RubyString = string | SafeString;
type Options = Record<string, unknown>;

const str = (s: RubyString): string => (s instanceof SafeString ? s.value : s);
const opts = (o: unknown): Options => (isPlainObject(o) ? o : {});

/**
 * The `?` methods a StringInquirer answers itself (String's, Comparable's, Object's and ActiveSupport's), which its
 * method_missing never sees: Ruby 3.3 + Rails 7.2.4 with active_support/all,
 * `ActiveSupport::StringInquirer.public_instance_methods.select { _1.end_with?("?") }`.
 */
export const STRING_INQUIRER_OWN_PREDICATES: ReadonlySet<string> = new Set(
  ("acts_like? acts_like_string? ascii_only? between? blank? casecmp? duplicable? empty? end_with? ends_with? eql? equal? exclude? frozen? " +
    "html_safe? in? include? instance_of? instance_variable_defined? is_a? is_utf8? kind_of? match? nil? present? respond_to? start_with? " +
    "starts_with? unicode_normalized? valid_encoding?").split(" "),
);

/** String#inquiry: an object answering `value?` with true for its own value. */
export class StringInquirer {
  constructor(readonly value: string) {
    return new Proxy(this, {
      get: (target, key) => {
        // `name?` by the naming rule (foo_bar? -> isFooBar): the value compared with the name as Ruby wrote it.
        if (typeof key === "string" && /^is[A-Z]/.test(key) && !(key in target)) return () => target.inquire(I.underscore(key.slice(2)));
        return Reflect.get(target, key);
      },
    });
  }
  toRubyString(): string {
    return this.value;
  }
  /**
   * StringInquirer#method_missing for a `name?` no String method answers: whether the value is `name`
   * (`Rails.env.production?` -> inquire("production")).
   */
  inquire(name: string): boolean {
    return this.value === name;
  }
  /** It is a String: `to_str`, and == with a String of the same characters (`case type when "sound"`). */
  toStr(): string {
    return this.value;
  }
  isEqual(other: unknown): boolean {
    const text = typeof other === "string" ? other : other instanceof SafeString || other instanceof StringInquirer ? other.value : null;
    return text === this.value;
  }
}

/**
 * String#split: " " (or nil) splits on whitespace runs after leading whitespace; a String or Regexp elsewhere
 * (a Regexp's groups join the result); a positive limit caps the fields, the last one keeping the rest; without
 * one, trailing empty fields go.
 */
function rubySplit(text: string, sep: unknown, limit: number): string[] {
  const awk = sep === " " || sep === null || sep === undefined;
  const t = awk ? text.replace(/^[ \t\n\v\f\r]+/, "") : text;
  const re = awk
    ? /[ \t\n\v\f\r]+/g
    : sep instanceof RegExp
      ? new RegExp(sep.source, sep.flags.includes("g") ? sep.flags : `${sep.flags}g`)
      : new RegExp(toS(sep).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") || "(?:)", "g");
  const out: string[] = [];
  let last = 0;
  for (let m = re.exec(t); m && (limit <= 0 || out.length < limit - 1); m = re.exec(t)) {
    if (m[0] === "") {
      // An empty match splits between characters.
      const end = Math.max(m.index, last + 1);
      if (end >= t.length) break;
      out.push(t.slice(last, end));
      last = re.lastIndex = end;
      continue;
    }
    out.push(t.slice(last, m.index), ...m.slice(1).filter((g): g is string => g !== undefined));
    last = m.index + m[0].length;
  }
  out.push(t.slice(last));
  if (limit === 0) while (out.length && out[out.length - 1] === "") out.pop();
  return out;
}

/** rjust / ljust / center: the pad repeated (and cut) to fill `width` characters; center puts the odd one right. */
function padded(s: string, width: number, pad: string, side: "left" | "right" | "both"): string {
  const room = width - [...s].length;
  if (room <= 0 || pad === "") return s;
  const fill = (n: number) => pad.repeat(Math.ceil(n / pad.length)).slice(0, n);
  if (side === "left") return fill(room) + s;
  if (side === "right") return s + fill(room);
  return fill(Math.floor(room / 2)) + s + fill(Math.ceil(room / 2));
}

/**
 * Symbol#to_proc is the dispatch's (runtime/active-support/core-ext/ops.ts symProc, which registers itself here): importing it would
 * make this module load the dispatch, which reads this module's table while it loads.
 */
export const symbolToProc: { current: (name: string) => unknown } = {
  current: () => {
    throw new Error("Symbol#to_proc is not registered");
  },
};

/** Ruby's implicit conversion to String (to_str): Strings (and Symbols, strings at run time) only. */
function implicitString(v: unknown): string {
  if (typeof v === "string" || v instanceof SafeString) return toS(v);
  const what = v === null || v === undefined ? "nil" : v === true || v === false ? String(v) : typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v)) ? "Integer" : isFloat(v) ? "Float" : Array.isArray(v) ? "Array" : isHash(v) ? "Hash" : ((v as { constructor?: { rubyName?: string } }).constructor?.rubyName ?? "Object");
  throw new RubyTypeError(`no implicit conversion of ${what} into String`);
}

export const StringMethods = {
  // ActiveSupport's String#to_date / #to_time(form = :local) / #to_datetime: nil for a blank String.
  toDate: (s: RubyString) => (str(s).trim() === "" ? null : parseDate(str(s))),
  toDatetime: (s: RubyString) => (str(s).trim() === "" ? null : parseDateTime(str(s))),
  toTime: (s: RubyString, form: unknown = "local") => {
    if (str(s).trim() === "") return null;
    const parts = parseTimeText(str(s));
    if (!parts) throw new ArgumentError(`invalid date`);
    const t = timeFromParts({ ...parts, utc: false, offset: parts.offset ?? (toS(form) === "utc" ? 0 : null) });
    return toS(form) === "utc" || parts.utc ? new Date(instantMs(t)) : t;
  },
  // ActiveSupport's String#in_time_zone(zone = Time.zone): Time.find_zone!(zone).parse(self).
  inTimeZone: (s: RubyString, zone: unknown = null) => {
    const z = zone === null ? defaultTimeZone() : zone instanceof TimeZone ? zone : findTimeZone(toS(zone));
    if (!z) throw new ArgumentError(`Invalid Timezone: ${toS(zone)}`);
    return TimeZoneMethods.parse(z, str(s));
  },
  // String#slice(index) / (start, length) / (range), as String#[] reads them.
  slice: (s: RubyString, ...args: unknown[]) => {
    const chars = Array.from(str(s));
    const [first, second] = args;
    let range: [number, number] | null;
    if (first instanceof RubyRange) range = rangeBounds(chars.length, first);
    else {
      const start = Number(first) < 0 ? chars.length + Number(first) : Number(first);
      if (second === undefined) range = start < 0 || start >= chars.length ? null : [start, start + 1];
      else range = start < 0 || start > chars.length || Number(second) < 0 ? null : [start, Math.min(chars.length, start + Number(second))];
    }
    return range ? chars.slice(range[0], range[1]).join("") : null;
  },
  // Symbol#to_proc (Symbols are strings at run time): `:upcase.to_proc.call("a")`.
  toProc: (name: unknown) => symbolToProc.current(toS(name)),
  reverse: (str: unknown) => [...toS(str)].reverse().join(""),
  match: (str: unknown, pattern: unknown, ...rest: unknown[]) => stringMatch(str, pattern, ...rest),
  // String#match?(pattern, pos = 0): a String pattern is a Regexp's source (not quoted), as Ruby converts it.
  isMatch: (str: unknown, pattern: unknown, pos: unknown = 0) => {
    const re = pattern instanceof RegExp ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, "")) : new RegExp(toS(pattern));
    return re.test(String(str).slice(Number(pos)));
  },
  // String#scan: every match; with capture groups, each match's groups.
  scan: (str: unknown, pattern: unknown) => {
    const re = pattern instanceof RegExp ? new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`) : new RegExp(String(pattern).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g");
    return [...String(str).matchAll(re)].map((m) => (m.length > 1 ? m.slice(1).map((g) => g ?? null) : m[0]));
  },
  // ActiveSupport inflections (core_ext/string/inflections.rb)
  pluralize: (s: RubyString, count: unknown = null, locale: unknown = "en") =>
    typeof count === "number" && count === 1 ? str(s) : I.pluralize(str(s), typeof count === "string" ? count : toS(locale)),
  singularize: (s: RubyString, locale: unknown = "en") => I.singularize(str(s), toS(locale)),
  camelize: (s: RubyString, first: unknown = "upper") => I.camelize(str(s), first === "lower" ? "lower" : true),
  camelcase: (s: RubyString, first: unknown = "upper") => I.camelize(str(s), first === "lower" ? "lower" : true),
  underscore: (s: RubyString) => I.underscore(str(s)),
  humanize: (s: RubyString, o?: unknown) =>
    I.humanize(str(s), { capitalize: opts(o).capitalize as boolean | undefined, keepIdSuffix: opts(o).keep_id_suffix as boolean | undefined }),
  titleize: (s: RubyString, o?: unknown) => I.titleize(str(s), { keepIdSuffix: opts(o).keep_id_suffix as boolean | undefined }),
  titlecase: (s: RubyString, o?: unknown) => I.titleize(str(s), { keepIdSuffix: opts(o).keep_id_suffix as boolean | undefined }),
  tableize: (s: RubyString) => I.tableize(str(s)),
  classify: (s: RubyString) => I.classify(str(s)),
  dasherize: (s: RubyString) => I.dasherize(str(s)),
  demodulize: (s: RubyString) => I.demodulize(str(s)),
  deconstantize: (s: RubyString) => I.deconstantize(str(s)),
  constantize: (s: RubyString) => I.constantize(str(s)),
  safeConstantize: (s: RubyString) => I.safeConstantize(str(s)),
  foreignKey: (s: RubyString, separate: unknown = true) => I.foreignKey(str(s), separate !== false && separate !== null),
  parameterize: (s: RubyString, o?: unknown) =>
    I.parameterize(str(s), { separator: opts(o).separator as string | undefined, preserveCase: opts(o).preserve_case as boolean | undefined }),
  upcaseFirst: (s: RubyString) => I.upcaseFirst(str(s)),
  downcaseFirst: (s: RubyString) => I.downcaseFirst(str(s)),
  // ActiveSupport filters and access
  truncate: (s: RubyString, n: number, o?: unknown) => S.truncate(str(s), n, opts(o) as S.TruncateOptions),
  truncateWords: (s: RubyString, n: number, o?: unknown) => S.truncateWords(str(s), n, opts(o) as S.TruncateOptions),
  truncateBytes: (s: RubyString, n: number, o?: unknown) => S.truncateBytes(str(s), n, opts(o) as { omission?: string }),
  squish: (s: RubyString) => S.squish(str(s)),
  remove: (s: RubyString, ...patterns: unknown[]) => S.remove(str(s), ...(patterns as Array<string | RegExp>)),
  inquiry: (s: RubyString) => new StringInquirer(str(s)),
  // output safety (core_ext/string/output_safety.rb)
  htmlSafe: (s: RubyString) => htmlSafe(s),
  isHtmlSafe: (s: RubyString) => s instanceof SafeString,
  safeConcat: (s: RubyString, v: unknown) => (s instanceof SafeString ? s.safeConcat(v) : str(s) + toS(v)),
  // Ruby's String, with SafeBuffer's overrides where the receiver is safe
  // String#+ takes a String only ("a" + 1 is a TypeError); SafeBuffer#+ escapes and appends what it is given.
  plus: (s: RubyString, v: unknown) => (s instanceof SafeString ? s.concat(v) : str(s) + implicitString(v)),
  // String#<<: a String, or an Integer as the codepoint it names.
  shovel: (s: RubyString, v: unknown) =>
    s instanceof SafeString ? s.concat(v) : str(s) + (typeof v === "number" && Number.isInteger(v) ? String.fromCodePoint(v) : implicitString(v)),
  concat: (s: RubyString, ...vs: unknown[]) => (s instanceof SafeString ? s.concat(...vs) : str(s) + vs.map((v) => toS(v)).join("")),
  insert: (s: RubyString, index: number, v: unknown) => (s instanceof SafeString ? s.insert(index, v) : insertAt(str(s), index, toS(v))),
  prepend: (s: RubyString, ...vs: unknown[]) => (s instanceof SafeString ? vs.reduceRight<SafeString>((acc, v) => acc.prepend(v), s) : vs.map((v) => toS(v)).join("") + str(s)),
  replace: (s: RubyString, v: unknown) => (s instanceof SafeString ? htmlEscape(v) : toS(v)),
  format: (s: RubyString, args: unknown) => (s instanceof SafeString ? s.format(args) : rubyFormat(str(s), args)),
  // String#*: the count converted as Ruby's to_int (a Float truncates; nil or a String is a TypeError).
  times: (s: RubyString, n: unknown) => {
    if (typeof n !== "number" && typeof n !== "bigint") {
      throw new RubyTypeError(n === null || n === undefined ? "no implicit conversion from nil to integer" : `no implicit conversion of ${typeof n === "string" ? "String" : typeof n === "boolean" ? String(n) : "Object"} into Integer`);
    }
    const count = Math.trunc(Number(n));
    if (count < 0) throw new ArgumentError("negative argument");
    return s instanceof SafeString ? s.repeat(count) : str(s).repeat(count);
  },
  toS: (s: RubyString) => s,
  // String#force_encoding("UTF-8"): run-time Strings are UTF-8 already; another encoding is not modelled.
  forceEncoding: (s: RubyString, encoding: unknown) => {
    if (!/^utf-?8$/i.test(toS(encoding))) throw new ArgumentError(`rails2ts: force_encoding(${inspectEncoding(encoding)}) is not implemented (Strings are UTF-8 at run time)`);
    return s;
  },
  encode: (s: RubyString, ...args: unknown[]) => encode(str(s), args),
  toStr: (s: RubyString) => str(s),
  dup: (s: RubyString) => s,
  toParam: (s: RubyString) => str(s),
  toSym: (s: RubyString) => str(s),
  length: (s: RubyString) => Array.from(str(s)).length,
  size: (s: RubyString) => Array.from(str(s)).length,
  bytesize: (s: RubyString) => Buffer.byteLength(str(s), "utf8"),
  upcase: (s: RubyString) => str(s).toUpperCase(),
  downcase: (s: RubyString) => str(s).toLowerCase(),
  capitalize: (s: RubyString) => I.capitalize(str(s).toLowerCase()),
  strip: (s: RubyString) => str(s).replace(/^[\s\0]+|[\s\0]+$/g, ""),
  lstrip: (s: RubyString) => str(s).replace(/^\s+/, ""),
  rstrip: (s: RubyString) => str(s).replace(/[\s\0]+$/, ""),
  gsub: (s: RubyString, pattern: unknown, replacement: unknown) => substitute(str(s), pattern, replacement, true),
  sub: (s: RubyString, pattern: unknown, replacement: unknown) => substitute(str(s), pattern, replacement, false),
  swapcase: (s: RubyString) => Array.from(str(s), (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(""),
  // String#chomp: one trailing line end ("\r\n", "\n" or "\r"); chomp("") every trailing "\n" / "\r\n"; chomp(x) the suffix x.
  chomp: (s: RubyString, suffix: unknown = undefined) => {
    const t = str(s);
    if (suffix === undefined) return t.replace(/(\r\n|\n|\r)$/, "");
    if (suffix === null) return t;
    const x = toS(suffix);
    if (x === "") return t.replace(/(\r?\n)+$/, "");
    return x && t.endsWith(x) ? t.slice(0, t.length - x.length) : t;
  },
  chop: (s: RubyString) => {
    const t = str(s);
    return t.endsWith("\r\n") ? t.slice(0, -2) : Array.from(t).slice(0, -1).join("");
  },
  // index / rindex count characters; a Regexp finds its first (last) match.
  index: (s: RubyString, needle: unknown, from: unknown = 0) => charIndex(str(s), needle, Number(from), false),
  rindex: (s: RubyString, needle: unknown, from: unknown = undefined) => charIndex(str(s), needle, from === undefined ? Infinity : Number(from), true),
  tr: (s: RubyString, from: unknown, to: unknown) => translate(str(s), toS(from), toS(to), false),
  trS: (s: RubyString, from: unknown, to: unknown) => translate(str(s), toS(from), toS(to), true),
  delete: (s: RubyString, ...sets: unknown[]) => Array.from(str(s)).filter((c) => !inSets(c, sets)).join(""),
  count: (s: RubyString, ...sets: unknown[]) => Array.from(str(s)).filter((c) => inSets(c, sets)).length,
  squeeze: (s: RubyString, ...sets: unknown[]) =>
    Array.from(str(s)).filter((c, i, all) => !(i > 0 && all[i - 1] === c && (!sets.length || inSets(c, sets)))).join(""),
  succ: (s: RubyString) => stringSucc(str(s)),
  next: (s: RubyString) => stringSucc(str(s)),
  ord: (s: RubyString) => {
    const c = str(s).codePointAt(0);
    if (c === undefined) throw new ArgumentError("empty string");
    return c;
  },
  // casecmp? compares Unicode-folded, casecmp ASCII-downcased; both answer nil for a non-String.
  isCasecmp: (s: RubyString, other: unknown) =>
    typeof other === "string" || other instanceof SafeString ? str(s).toLowerCase() === toS(other).toLowerCase() : null,
  casecmp: (s: RubyString, other: unknown) => {
    if (!(typeof other === "string" || other instanceof SafeString)) return null;
    const [a, b] = [asciiDown(str(s)), asciiDown(toS(other))];
    return a < b ? -1 : a > b ? 1 : 0;
  },
  partition: (s: RubyString, sep: unknown) => {
    const t = str(s);
    const m = findSep(t, sep, false);
    return m ? [t.slice(0, m.at), m.text, t.slice(m.at + m.text.length)] : [t, "", ""];
  },
  rpartition: (s: RubyString, sep: unknown) => {
    const t = str(s);
    const m = findSep(t, sep, true);
    return m ? [t.slice(0, m.at), m.text, t.slice(m.at + m.text.length)] : ["", "", t];
  },
  // String#lines / #each_line: each line with its separator.
  lines: (s: RubyString, sep: unknown = "\n") => splitLines(str(s), toS(sep)),
  eachLine: (s: RubyString, ...args: unknown[]) => {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as (l: string) => unknown) : null;
    const lines = splitLines(str(s), args.length ? toS(args[0]) : "\n");
    if (!block) return lines;
    for (const line of lines) block(line);
    return s;
  },
  // ActiveSupport: starts_with? / ends_with?, first / last (characters).
  isStartsWith: (s: RubyString, ...prefixes: unknown[]) => prefixes.some((p) => str(s).startsWith(toS(p))),
  isEndsWith: (s: RubyString, ...suffixes: unknown[]) => suffixes.some((p) => str(s).endsWith(toS(p))),
  first: (s: RubyString, n: unknown = 1) => Array.from(str(s)).slice(0, Number(n)).join(""),
  last: (s: RubyString, n: unknown = 1) => (Number(n) === 0 ? "" : Array.from(str(s)).slice(-Number(n)).join("")),
  isStartWith: (s: RubyString, ...prefixes: unknown[]) => prefixes.some((p) => str(s).startsWith(toS(p))),
  isEndWith: (s: RubyString, ...suffixes: unknown[]) => suffixes.some((p) => str(s).endsWith(toS(p))),
  isInclude: (s: RubyString, other: unknown) => str(s).includes(toS(other)),
  isEmpty: (s: RubyString) => str(s) === "",
  // split / split(" "): awk-style on ASCII whitespace (Ruby's; U+00A0 and other Unicode spaces are word characters).
  split: (s: RubyString, sep: unknown = " ", limit: unknown = 0) => rubySplit(str(s), sep, Number(limit)),
  chars: (s: RubyString) => [...str(s)],
  rjust: (s: RubyString, width: unknown, pad: unknown = " ") => padded(str(s), Number(width), toS(pad), "left"),
  ljust: (s: RubyString, width: unknown, pad: unknown = " ") => padded(str(s), Number(width), toS(pad), "right"),
  center: (s: RubyString, width: unknown, pad: unknown = " ") => padded(str(s), Number(width), toS(pad), "both"),
  eachChar: (s: RubyString, block?: (c: string) => unknown) => {
    if (!block) return [...str(s)];
    for (const c of str(s)) block(c);
    return s;
  },
  toI: (s: RubyString, base: unknown = 10) => {
    const radix = Number(base);
    const digits = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, radix);
    const m = new RegExp(`^\\s*[-+]?[${digits}]+`, "i").exec(str(s).replace(/_/g, ""));
    return m ? (radix === 10 ? Number(m[0]) : parseInt(m[0], radix)) : 0;
  },
  // Always a Float ("3".to_f is 3.0).
  toF: (s: RubyString) => { const m = /^\s*[-+]?(\d+(\.\d+)?([eE][-+]?\d+)?)/.exec(str(s)); return floatOf(m ? Number(m[0]) : 0); },
  toJson: (s: RubyString) => encodeJson(str(s)),
  asJson: (s: RubyString) => str(s),
};

function insertAt(s: string, index: number, v: string): string {
  const i = index < 0 ? s.length + index + 1 : index;
  return s.slice(0, i) + v + s.slice(i);
}

/** String#gsub/#sub with a String or Regexp pattern and a String replacement (`\1` backreferences). */
function substitute(s: string, pattern: unknown, replacement: unknown, global: boolean): string {
  // A block gets each match (a Hash maps it): `"abc".gsub(/b/) { |m| m.upcase }`, `gsub(/[<>]/, "<" => "&lt;")`.
  if (typeof replacement === "function" || isHash(replacement)) {
    const map = (m: string) => toS(typeof replacement === "function" ? (replacement as (x: string) => unknown)(m) : hashLookup(replacement, m));
    if (pattern instanceof RegExp) {
      const flags = global ? (pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g") : pattern.flags.replace("g", "");
      return s.replace(new RegExp(pattern.source, flags), (m) => map(m));
    }
    const p = toS(pattern);
    return global ? s.split(p).join("\u0000").replace(/\u0000/g, () => map(p)) : s.replace(p, () => map(p));
  }
  const rep = toS(replacement).replace(/\$/g, "$$$$").replace(/\\(\d)/g, "$$$1").replace(/\\0/g, "$$&");
  if (pattern instanceof RegExp) {
    const flags = global ? (pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g") : pattern.flags.replace("g", "");
    return s.replace(new RegExp(pattern.source, flags), rep);
  }
  const p = toS(pattern);
  return global ? s.split(p).join(toS(replacement)) : s.replace(p, () => toS(replacement));
}

function hashLookup(hash: unknown, key: string): unknown {
  if (hash instanceof Map) return hash.get(key) ?? null;
  return (hash as Record<string, unknown>)[key] ?? null;
}

/** The characters of a tr / delete / count set: ranges (a-z) expanded, a leading ^ negates. */
function charSet(spec: string): { chars: Set<string>; negated: boolean } {
  const cs = Array.from(spec);
  const negated = cs.length > 1 && cs[0] === "^";
  const list = expandRanges(negated ? cs.slice(1) : cs);
  return { chars: new Set(list), negated };
}

function expandRanges(cs: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < cs.length; i++) {
    if (cs[i] === "\\" && i + 1 < cs.length) {
      out.push(cs[++i]!);
    } else if (i + 2 < cs.length && cs[i + 1] === "-") {
      const [a, b] = [cs[i]!.codePointAt(0)!, cs[i + 2]!.codePointAt(0)!];
      if (a > b) throw new ArgumentError(`invalid range "${cs[i]}-${cs[i + 2]}" in string transliteration`);
      for (let c = a; c <= b; c++) out.push(String.fromCodePoint(c));
      i += 2;
    } else out.push(cs[i]!);
  }
  return out;
}

/** Whether c is in every one of the sets (String#delete / #count / #squeeze take their intersection). */
function inSets(c: string, sets: unknown[]): boolean {
  return sets.every((spec) => {
    const { chars, negated } = charSet(toS(spec));
    return chars.has(c) !== negated;
  });
}

/** String#tr (and tr_s: runs of one translated character squeezed). */
function translate(s: string, from: string, to: string, squeeze: boolean): string {
  const { chars, negated } = charSet(from);
  const source = [...chars];
  const target = expandRanges(Array.from(to));
  let out = "";
  let last: string | null = null;
  for (const c of s) {
    let r: string | null = null;
    if (negated) r = chars.has(c) ? null : target.length ? target[target.length - 1]! : "";
    else {
      const i = source.indexOf(c);
      if (i >= 0) r = target.length ? (target[Math.min(i, target.length - 1)] ?? "") : "";
    }
    if (r === null) {
      out += c;
      last = null;
    } else {
      if (!(squeeze && last === r)) out += r;
      last = r;
    }
  }
  return out;
}

/** String#index / #rindex in characters (a Regexp: its first / last match at or before the position). */
function charIndex(s: string, needle: unknown, from: number, last: boolean): number | null {
  const chars = Array.from(s);
  let start = from < 0 ? chars.length + from : from;
  if (start < 0) return null;
  if (!last && start > chars.length) return null;
  start = Math.min(start, chars.length);
  const offsets = [0];
  for (const c of chars) offsets.push(offsets[offsets.length - 1]! + c.length);
  const toChar = (unit: number) => offsets.indexOf(unit);
  if (needle instanceof RegExp) {
    const re = new RegExp(needle.source, needle.flags.includes("g") ? needle.flags : needle.flags + "g");
    let found: number | null = null;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const at = toChar(m.index);
      if (!last && at >= start) return at;
      if (last && at <= start) found = at;
      if (m[0] === "") re.lastIndex++;
    }
    return found;
  }
  const n = toS(needle);
  const unit = last ? s.lastIndexOf(n, offsets[start]) : s.indexOf(n, offsets[start]);
  return unit < 0 ? null : toChar(unit);
}

function findSep(s: string, sep: unknown, last: boolean): { at: number; text: string } | null {
  if (sep instanceof RegExp) {
    const re = new RegExp(sep.source, sep.flags.includes("g") ? sep.flags : sep.flags + "g");
    let found: { at: number; text: string } | null = null;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      found = { at: m.index, text: m[0] };
      if (!last) return found;
      if (m[0] === "") re.lastIndex++;
    }
    return found;
  }
  const t = toS(sep);
  const at = last ? s.lastIndexOf(t) : s.indexOf(t);
  return at < 0 ? null : { at, text: t };
}

function splitLines(s: string, sep: string): string[] {
  if (s === "") return [];
  const out: string[] = [];
  let from = 0;
  for (let at = s.indexOf(sep, from); at >= 0 && sep; at = s.indexOf(sep, from)) {
    out.push(s.slice(from, at + sep.length));
    from = at + sep.length;
  }
  if (from < s.length) out.push(s.slice(from));
  return out;
}

const inspectEncoding = (e: unknown) => JSON.stringify(toS(e));

/** Encoding::UndefinedConversionError / InvalidByteSequenceError: a byte the conversion has no character for. */
export class UndefinedConversionError extends EncodingError {
  static override rubyName = "Encoding::UndefinedConversionError";
}
export class InvalidByteSequenceError extends EncodingError {
  static override rubyName = "Encoding::InvalidByteSequenceError";
}

const UTF8 = /^utf-?8$/i;

/**
 * String#encode(dst, src = own, invalid:, undef:, replace:) where dst is UTF-8 (run-time Strings are UTF-8 text):
 * from UTF-8 the String as is; from "binary"/ASCII-8BIT (each byte >= 0x80 undefined) or US-ASCII (each such byte
 * invalid) the bytes >= 0x80 become `replace` (default U+FFFD) under undef:/invalid: :replace, else raise as Ruby
 * does. Any other pair of encodings is not implemented (it raises).
 */
function encode(s: string, args: unknown[]): string {
  const options = isPlainObject(args[args.length - 1]) ? (args.pop() as Options) : {};
  const [dst = "UTF-8", src = "UTF-8"] = args.map((a) => toS(a));
  const unsupported = () => new ArgumentError(`rails2ts: String#encode(${[dst, src].map(inspectEncoding).join(", ")}) is not implemented (Strings are UTF-8 at run time)`);
  if (!UTF8.test(dst)) throw unsupported();
  if (UTF8.test(src)) return s;
  const binary = /^(binary|ascii-8bit)$/i.test(src);
  if (!binary && !/^(us-ascii|ascii)$/i.test(src)) throw unsupported();
  const replaced = binary ? options.undef === "replace" : options.invalid === "replace";
  const replacement = options.replace === undefined || options.replace === null ? "\ufffd" : toS(options.replace);
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    if (byte < 0x80) out += String.fromCharCode(byte);
    else if (replaced) out += replacement;
    else {
      const hex = `"\\x${byte.toString(16).toUpperCase()}"`;
      throw binary ? new UndefinedConversionError(`${hex} from ASCII-8BIT to UTF-8`) : new InvalidByteSequenceError(`${hex} on US-ASCII`);
    }
  }
  return out;
}

const asciiDown = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** A binary String (ASCII-8BIT, e.g. a derived key) as a Buffer: the few methods code asks of one. */
/** How far each request body (read as an IO: `request.body.read`, `rewind`) has been read. */
const ioPositions = new WeakMap<Buffer, number>();

export const BinaryStringMethods = {
  // StringIO's reading methods on a request body (Rack's rack.input): read from the position to the end.
  read: (b: Buffer, length: unknown = null) => {
    const at = ioPositions.get(b) ?? 0;
    const end = length === null || length === undefined ? b.length : Math.min(b.length, at + Number(length));
    ioPositions.set(b, end);
    if ((length !== null && length !== undefined) && at >= b.length) return null;
    return b.subarray(at, end).toString("utf8");
  },
  rewind: (b: Buffer) => {
    ioPositions.set(b, 0);
    return 0;
  },
  isEof: (b: Buffer) => (ioPositions.get(b) ?? 0) >= b.length,
  string: (b: Buffer) => b.toString("utf8"),
  unpack1: (b: Buffer, format: unknown) => {
    if (toS(format) !== "H*") throw new Error(`unpack1 format ${toS(format)} is not supported`);
    return b.toString("hex");
  },
  bytesize: (b: Buffer) => b.length,
  length: (b: Buffer) => b.length,
  size: (b: Buffer) => b.length,
};

const instantMs = (t: Date | ZonedTime) => (t instanceof ZonedTime ? t.epochMs : t.getTime());
