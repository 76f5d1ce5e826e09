// String and ActiveSupport::SafeBuffer methods on lowered strings (a JS string, or a SafeString when html_safe),
// keyed by the one Ruby -> TS naming rule (html_safe? -> isHtmlSafe). The compiler calls a member directly when
// it knows the receiver is a String; `coreSend` (core-send.ts) finds it when it does not.
//   "post".pluralize           StringMethods.pluralize("post")
//   "<b>".html_safe + "<i>"    StringMethods.plus(safe, "<i>")      (SafeBuffer#+ escapes what is not safe)
//   s.upcase on a SafeBuffer   a plain String, as SafeBuffer's UNSAFE_STRING_METHODS return
import * as I from "./inflector.js";
import * as S from "./string.js";
import { encodeJson } from "./json.js";
import { floatOf, isPlainObject, rubyFormat, RubyRange, toS } from "./ruby.js";
import { rangeBounds } from "./core-range.js";
import { ArgumentError } from "./errors.js";
import { parseDate, parseDateTime, parseTimeText, timeFromParts } from "./time-parse.js";
import { ZonedTime } from "./zoned-time.js";
import { defaultTimeZone, findTimeZone, TimeZone } from "./time-zone.js";
import { TimeZoneMethods } from "./core-time.js";
import { stringMatch } from "./match-data.js";
import { htmlEscape, htmlSafe, SafeString } from "../view/safe.js";

export type RubyString = string | SafeString;
type Options = Record<string, unknown>;

const str = (s: RubyString): string => (s instanceof SafeString ? s.value : s);
const opts = (o: unknown): Options => (isPlainObject(o) ? o : {});

/** String#inquiry: an object answering `value?` with true for its own value. */
export class StringInquirer {
  constructor(readonly value: string) {
    return new Proxy(this, {
      get: (target, key) => {
        if (typeof key === "string" && /^is[A-Z]/.test(key) && !(key in target)) return () => key.slice(2).toLowerCase() === value.replace(/_/g, "");
        return Reflect.get(target, key);
      },
    });
  }
  toRubyString(): string {
    return this.value;
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
 * Symbol#to_proc is the dispatch's (runtime/app/ops.ts symProc, which registers itself here): importing it would
 * make this module load the dispatch, which reads this module's table while it loads.
 */
export const symbolToProc: { current: (name: string) => unknown } = {
  current: () => {
    throw new Error("Symbol#to_proc is not registered");
  },
};

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
  plus: (s: RubyString, v: unknown) => (s instanceof SafeString ? s.concat(v) : str(s) + toS(v)),
  concat: (s: RubyString, ...vs: unknown[]) => (s instanceof SafeString ? s.concat(...vs) : str(s) + vs.map((v) => toS(v)).join("")),
  insert: (s: RubyString, index: number, v: unknown) => (s instanceof SafeString ? s.insert(index, v) : insertAt(str(s), index, toS(v))),
  prepend: (s: RubyString, ...vs: unknown[]) => (s instanceof SafeString ? vs.reduceRight<SafeString>((acc, v) => acc.prepend(v), s) : vs.map((v) => toS(v)).join("") + str(s)),
  replace: (s: RubyString, v: unknown) => (s instanceof SafeString ? htmlEscape(v) : toS(v)),
  format: (s: RubyString, args: unknown) => (s instanceof SafeString ? s.format(args) : rubyFormat(str(s), args)),
  times: (s: RubyString, n: number) => (s instanceof SafeString ? s.repeat(n) : str(s).repeat(n)),
  toS: (s: RubyString) => s,
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
  const rep = toS(replacement).replace(/\$/g, "$$$$").replace(/\\(\d)/g, "$$$1").replace(/\\0/g, "$$&");
  if (pattern instanceof RegExp) {
    const flags = global ? (pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g") : pattern.flags.replace("g", "");
    return s.replace(new RegExp(pattern.source, flags), rep);
  }
  const p = toS(pattern);
  return global ? s.split(p).join(toS(replacement)) : s.replace(p, () => toS(replacement));
}

/** A binary String (ASCII-8BIT, e.g. a derived key) as a Buffer: the few methods code asks of one. */
export const BinaryStringMethods = {
  unpack1: (b: Buffer, format: unknown) => {
    if (toS(format) !== "H*") throw new Error(`unpack1 format ${toS(format)} is not supported`);
    return b.toString("hex");
  },
  bytesize: (b: Buffer) => b.length,
  length: (b: Buffer) => b.length,
  size: (b: Buffer) => b.length,
};

const instantMs = (t: Date | ZonedTime) => (t instanceof ZonedTime ? t.epochMs : t.getTime());
