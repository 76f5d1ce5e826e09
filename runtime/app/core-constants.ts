// Ruby's and Rails' own constants as values lowered code calls into (the app's classes are the app's modules):
// each object's members are the constant's singleton methods under the one Ruby -> TS naming rule.
//   ERB::Util.html_escape(x)   ErbUtil.htmlEscape(x)        Time.current -> TimeClass.current()
//   Date.new(2024, 2, 15)      DateClass.new(2024, 2, 15)   Float::NAN -> FloatClass.NAN
//   BigDecimal("1.5")          Kernel.BigDecimal("1.5")     (receiver-less Kernel functions)
import { CORE_EXCEPTIONS, NoMethodError, NotImplementedError } from "../ruby/exceptions.js";
import { marshalDumpString, marshalLoad } from "../ruby/marshal.js";
import { railsLogger } from "../active-support/logger.js";
import { rubyCatch, rubyThrow } from "../ruby/jumps.js";
import { rubyToTs } from "../ruby/names.js";
import { KeyGenerator } from "../active-support/messages.js";
import { crc32 as zlibCrc32 } from "node:zlib";
import { Decimal } from "../ruby/big-decimal.js";
import { currentTime } from "../active-support/time.js";
import { RubyDate } from "../ruby/date.js";
import { Duration } from "../active-support/duration.js";
import { availableLocales, locale, translate } from "../active-support/i18n.js";
import { encodeJson, generateJson } from "../active-support/json.js";
import { localize } from "../active-support/localize.js";
import * as NH from "../active-support/number-helper.js";
import { numberToHuman, numberToHumanSize, numberToPhone } from "../active-support/number-human.js";
import { RubyRange, truthy } from "../ruby/ruby.js";
import { floatOf, hashEntries, inspectString, isHash, isPlainObject, RubyFloat, rubyFormat, RubySymbol, toArray, toS } from "../ruby/ruby.js";
import { ArgumentError } from "../ruby/errors.js";
import { RubyClass } from "../active-support/core-ext/core-object.js";
import { EnvironmentInquirer } from "../active-support/environment-inquirer.js";
import { hashFrom, newHash } from "../active-support/core-ext/core-hash.js";
import { allTimeZones, defaultTimeZone, findTimeZone, TimeZone, zoneConfig } from "../active-support/time-zone.js";
import { parseDate, parseDateTime, parseIso8601Time, parseTime, strptimeDate, validCivil } from "../active-support/time-parse.js";
import { weekConfig } from "../active-support/time-calculations.js";
import { DateError } from "../ruby/errors.js";
import { compareValues } from "../active-support/core-ext/compare.js";
import { localTime, TimeMethods, utcTime } from "../active-support/core-ext/core-time.js";
import { DATE_FORMATS, TIME_FORMATS, ZonedTime } from "../active-support/zoned-time.js";
import { escapeOnce, htmlEscape, unwrappedHtmlEscape, urlEncode } from "../active-support/safe.js";
import { xmlNameEscape } from "../action-view/tag-options.js";
import { jsonEscape } from "../action-view/javascript.js";
import { domClass, domId } from "../action-view/record-identifier.js";
import { BCryptPasswordClass, RandomModule, SecureRandomModule } from "./secure-constants.js";
import { ActiveStorageAttachedMany, ActiveStorageAttachedOne } from "../active-storage/attached.js";
import { GlobalIdLocator, GlobalIdModule, TurboModule, TurboStreamsChannelConstant, TurboStreamsTagBuilderClass } from "../gems/turbo-rails/turbo-constants.js";
import { ActionTextAttachableModule, ActionTextAttachment, ActionTextContent, ActionTextFragment, ActionTextMissingAttachable } from "../action-text/index.js";
import { UserAgentClass } from "../gems/useragent/user-agent-browsers.js";
import { Pathname } from "../ruby/pathname.js";
import { RQRCodeQRCodeClass } from "../gems/rqrcode/index.js";
import { FixedThreadPoolClass, ThreadPoolExecutorClass } from "../gems/concurrent-ruby/index.js";
import { NetHttpPersistentClass } from "../gems/net-http-persistent/index.js";
import * as WebPushErrors from "../gems/web-push/index.js";
import { kernelUri, UriModule } from "../ruby/uri.js";
import { NetHttpClass, NetModule, TCPSocketClass } from "../ruby/net-http.js";
import { ResolvModule } from "../ruby/resolv.js";
import { IPAddrClass } from "../ruby/ipaddr.js";
import { WebPushModule } from "../gems/web-push/index.js";
import { ActionMailerBase } from "../action-mailer/index.js";
import { railsRoot } from "./host.js";
import { NokogiriHtml4, NokogiriModule } from "../gems/nokogiri/index.js";

/** "+05:30" -> seconds east of UTC. */
function parseOffset(s: unknown): number {
  const m = /^([+-])(\d\d):?(\d\d)$/.exec(toS(s));
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60);
}

type Civil = [number, number?, number?, number?, number?, number?];

/** floor(f * 10**9) for a Float 0 <= f < 1, exactly (f is m * 2**e: no rounding of the product). */
function fractionNanos(f: number): number {
  if (f <= 0) return 0;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const bits = view.getBigUint64(0);
  const exp = Number((bits >> 52n) & 0x7ffn);
  const mantissa = (bits & ((1n << 52n) - 1n)) | (exp ? 1n << 52n : 0n);
  const shift = 1075n - BigInt(exp || 1);
  return Number((mantissa * 1_000_000_000n) >> shift);
}

export const ErbUtil = {
  htmlEscape, h: htmlEscape, htmlEscapeOnce: escapeOnce, unwrappedHtmlEscape, urlEncode, u: urlEncode, xmlNameEscape, jsonEscape,
};

export const TimeClass = Object.assign(new RubyClass("Time"), {
  DATE_FORMATS: TIME_FORMATS,
  current: () => currentTime(),
  // Time.now is a local Time of the app's process (TZ=UTC: to_s "... +0000", utc? false), Time.current the
  // app's TimeWithZone ("... UTC").
  now: () => {
    const t = currentTime();
    return localTime(t.getTime(), t.microRemainder);
  },
  zone: () => defaultTimeZone(),
  /** Time.zone = name (config.time_zone at run time). */
  setZone: (name: unknown) => {
    const zone = name instanceof TimeZone ? name : findTimeZone(toS(name));
    if (!zone) throw new ArgumentError(`Invalid Timezone: ${toS(name)}`);
    zoneConfig.default = zone.name;
    return zone;
  },
  /** Time.use_zone(zone) { ... }: Time.zone is that zone inside the block, and back after it (also on a raise). */
  useZone: (name: unknown, block: () => unknown) => {
    const zone = name instanceof TimeZone ? name : findTimeZone(toS(name));
    if (!zone) throw new ArgumentError(`Invalid Timezone: ${toS(name)}`);
    const saved = zoneConfig.default;
    zoneConfig.default = zone.name;
    try {
      return block();
    } finally {
      zoneConfig.default = saved;
    }
  },
  findZone: (name: unknown) => findTimeZone(toS(name)),
  findZoneBang: (name: unknown) => {
    const zone = findTimeZone(toS(name));
    if (!zone) throw new ArgumentError(`Invalid Timezone: ${toS(name)}`);
    return zone;
  },
  /** Time.at(seconds, subsec = 0, unit = :microsecond): subsec in :millisecond, :usec/:microsecond or :nsec/:nanosecond. */
  at: (seconds: unknown, subsec: unknown = 0, unit: unknown = "microsecond") => {
    const perMicro: Record<string, number> = { millisecond: 1000, usec: 1, microsecond: 1, nsec: 0.001, nanosecond: 0.001 };
    const scale = perMicro[String(unit)];
    if (scale === undefined) throw new TypeError(`unexpected unit: ${String(unit)}`);
    const micros = Math.round(Number(seconds) * 1_000_000 + Number(subsec) * scale);
    return localTime(Math.floor(micros / 1000), ((micros % 1000) + 1000) % 1000);
  },
  /** Time.utc(y, m, d, h, mi, s, usec): a Float `s` keeps its fraction (exactly: Ruby takes the Float's own value). */
  utc: (...args: unknown[]) => {
    const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0, usec = 0] = args.map(Number);
    const whole = Math.floor(s);
    const nanos = fractionNanos(s - whole) + Math.floor(usec * 1000);
    const t = utcTime(Date.UTC(y!, mo - 1, d, h, mi, whole) + Math.floor(nanos / 1_000_000), Math.floor(nanos / 1000) % 1000);
    return nanos % 1000 ? Object.assign(t, { nanoRemainder: nanos % 1000 }) : t;
  },
  /** Time.new(y, m, d, h, mi, s, "+05:30"): without an offset, local time (UTC in the app's process). */
  new: (...args: unknown[]) => {
    if (args.length === 0) return TimeClass.now();
    const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0] = args.slice(0, 6).map(Number) as Civil;
    if (args[6] === undefined) return localTime(Date.UTC(y, mo - 1, d, h, mi, s));
    return ZonedTime.fixed(y, mo, d, h, mi, s, parseOffset(args[6]), "time");
  },
  parse: (text: unknown) => parseTime(toS(text)),
  iso8601: (text: unknown) => parseIso8601Time(toS(text)),
  xmlschema: (text: unknown) => parseIso8601Time(toS(text)),
  daysInMonth: (month: unknown, year: unknown = currentTime().getUTCFullYear()) => new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate(),
  daysInYear: (year: unknown = currentTime().getUTCFullYear()) => (isLeapYear(Number(year)) ? 366 : 365),
});
Object.assign(TimeClass, { gm: TimeClass.utc, mktime: TimeClass.new, local: TimeClass.new });

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYNAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHNAMES = [null, "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export const DateClass = Object.assign(new RubyClass("Date"), {
  DATE_FORMATS,
  DAYNAMES,
  ABBR_DAYNAMES: DAYNAMES.map((d) => d.slice(0, 3)),
  MONTHNAMES,
  ABBR_MONTHNAMES: MONTHNAMES.map((m) => (m === null ? null : m.slice(0, 3))),
  /** Date.new(year, month = 1, day = 1): a negative day counts from the month's end; Date::Error when invalid. */
  new: (y: unknown, m: unknown = 1, d: unknown = 1) => {
    const [year, month] = [Number(y), Number(m)];
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = Number(d) < 0 ? last + Number(d) + 1 : Number(d);
    if (!validCivil(year, month, day)) throw new DateError("invalid date");
    return new RubyDate(year, month, day);
  },
  today: () => RubyDate.fromTime(currentTime()),
  // Date.current is Time.zone.today (Date.today the process's, UTC).
  current: () => TimeMethods.toDate(currentTime()),
  yesterday: () => TimeMethods.toDate(currentTime()).addDays(-1),
  tomorrow: () => TimeMethods.toDate(currentTime()).addDays(1),
  parse: (s: unknown) => parseDate(toS(s)),
  iso8601: (s: unknown) => {
    if (!/^\d{4}-\d\d-\d\d$/.test(toS(s).trim())) throw new DateError("invalid date");
    return parseDate(toS(s));
  },
  strptime: (s: unknown, format: unknown = "%F") => strptimeDate(toS(s), toS(format) === "%F" ? "%Y-%m-%d" : toS(format)),
  isValidDate: (y: unknown, m: unknown, d: unknown) => validCivil(Number(y), Number(m), Number(d)),
  isValidCivil: (y: unknown, m: unknown, d: unknown) => validCivil(Number(y), Number(m), Number(d)),
  isLeap: (y: unknown) => isLeapYear(Number(y)),
  isGregorianLeap: (y: unknown) => isLeapYear(Number(y)),
  beginningOfWeek: () => RubySymbol.for(weekConfig.start),
});

export const DateTimeClass = Object.assign(new RubyClass("DateTime"), {
  new: (...args: unknown[]) => {
    const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0] = args.slice(0, 6).map(Number) as Civil;
    return ZonedTime.fixed(y, mo, d, h, mi, s, parseOffset(args[6] ?? "+00:00"), "datetime");
  },
  now: () => {
    const t = currentTime();
    return new ZonedTime(t.getTime(), 0, null, 0, "datetime");
  },
  parse: (s: unknown) => parseDateTime(toS(s)),
  iso8601: (s: unknown) => parseDateTime(toS(s)),
});

export const I18nModule = {
  t: (key: unknown, options: unknown = {}) => translate(toS(key), isPlainObject(options) ? options : {}),
  translate: (key: unknown, options: unknown = {}) => translate(toS(key), isPlainObject(options) ? options : {}),
  l: (value: unknown, options: unknown = {}) => localize(value as RubyDate, isPlainObject(options) ? options : {}),
  localize: (value: unknown, options: unknown = {}) => localize(value as RubyDate, isPlainObject(options) ? options : {}),
  locale: () => locale(),
  defaultLocale: () => "en",
  availableLocales: () => availableLocales().map((l) => RubySymbol.for(l)),
};

export const JsonModule = {
  generate: (v: unknown) => generateJson(v),
  dump: (v: unknown) => generateJson(v),
  parse: (s: unknown) => JSON.parse(toS(s)) as unknown,
};

export const ActiveSupportJson = {
  encode: (v: unknown) => encodeJson(v),
  decode: (s: unknown) => JSON.parse(toS(s)) as unknown,
};

/** Range.new(begin, end, exclude_end = false). */
export const RangeClass = Object.assign(new RubyClass("Range"), {
  new: (first: unknown, last: unknown, excludeEnd: unknown = false) => {
    const missing = (v: unknown) => v === null || v === undefined;
    if (compareValues(first, last) === null && !missing(first) && !missing(last)) throw new ArgumentError("bad value for range");
    return new RubyRange(first, last, truthy(excludeEnd));
  },
});

export const DurationClass = Object.assign(new RubyClass("ActiveSupport::Duration"), {
  build: (seconds: unknown) => Duration.build(Number(seconds)),
  seconds: (n: unknown) => Duration.of(Number(n), "seconds"),
  minutes: (n: unknown) => Duration.of(Number(n), "minutes"),
  hours: (n: unknown) => Duration.of(Number(n), "hours"),
  days: (n: unknown) => Duration.of(Number(n), "days"),
  weeks: (n: unknown) => Duration.of(Number(n), "weeks"),
  months: (n: unknown) => Duration.of(Number(n), "months"),
  years: (n: unknown) => Duration.of(Number(n), "years"),
  parse: (text: unknown) => Duration.parse(toS(text)),
});

export const NumberHelperModule = {
  numberToDelimited: NH.numberToDelimited, numberToRounded: NH.numberToRounded, numberToCurrency: NH.numberToCurrency,
  numberToPercentage: NH.numberToPercentage, numberToHuman, numberToHumanSize, numberToPhone,
};

export const TimeZoneClass = Object.assign(new RubyClass("ActiveSupport::TimeZone"), {
  all: () => allTimeZones(),
  // TimeZone.new(name) raises for an unknown name; TimeZone[name] answers nil.
  new: (name: unknown) => TimeClass.findZoneBang(name),
  "[]": (name: unknown) => (name instanceof TimeZone ? name : findTimeZone(toS(name))),
});

// dom_id(record, prefix = nil) as a constant's method (lowered code may splat its arguments: `dom_id(*target)`).
export const RecordIdentifierModule = {
  domId: (...args: unknown[]) => domId(...(recordIdentifierArgs(args) as Parameters<typeof domId>)),
  domClass: (...args: unknown[]) => domClass(...(recordIdentifierArgs(args) as Parameters<typeof domClass>)),
};

function recordIdentifierArgs(args: unknown[]): unknown[] {
  if (args.length < 1 || args.length > 2) throw new ArgumentError(`wrong number of arguments (given ${args.length}, expected 1..2)`);
  return args;
}

export const FloatClass = Object.assign(new RubyClass("Float"), { NAN: Number.NaN, INFINITY: Number.POSITIVE_INFINITY });

/** ActiveSupport::KeyGenerator: the digest its PBKDF2 uses, as the OpenSSL class Ruby names. */
export const KeyGeneratorClass = { hashDigestClass: () => new RubyClass(`OpenSSL::Digest::${KeyGenerator.hashDigest.toUpperCase()}`) };

export const SetClass = { new: (items: unknown = []) => new Set(toArray(items)), "[]": (...items: unknown[]) => new Set(items) };

/** Receiver-less Kernel functions: BigDecimal(), Integer(), format()... */
export const Kernel = {
  // Kernel#URI (uri): a URI answered as is, a String parsed by URI.parse.
  URI: (uri: unknown) => kernelUri(uri),
  // Kernel#catch / #throw (jumps.ts): `catch(:found) { ... throw :found, x ... }`.
  catch: (...args: unknown[]) => rubyCatch(...args),
  throw: (tag: unknown, value: unknown = null) => rubyThrow(tag, value),
  BigDecimal: (v: unknown) => {
    const d = Decimal.parse(typeof v === "number" ? v : toS(v));
    if (!d) throw new TypeError(`invalid value for BigDecimal(): ${JSON.stringify(toS(v))}`);
    return d;
  },
  Rational: (a: unknown, b: unknown = 1) => Number(a) / Number(b),
  // Kernel#Integer: a String must be an Integer literal (0x/0b/0o prefixes, _ separators, surrounding space);
  // exception: false answers nil instead of raising.
  Integer: (v: unknown, ...rest: unknown[]) => {
    const quiet = isPlainObject(rest[rest.length - 1]) && (rest[rest.length - 1] as Record<string, unknown>).exception === false;
    const fail = (error: Error) => {
      if (quiet) return null;
      throw error;
    };
    if (v === null || v === undefined) return fail(new TypeError("can't convert nil into Integer"));
    if (typeof v === "number" || v instanceof RubyFloat) return Math.trunc(Number(v));
    const text = toS(v);
    const m = /^\s*([-+]?)(0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*|0[bB][01]+(?:_[01]+)*|0[oO]?[0-7]+(?:_[0-7]+)*|\d+(?:_\d+)*)\s*$/.exec(text);
    if (!m) return fail(new ArgumentError(`invalid value for Integer(): ${inspectString(text)}`));
    const body = m[2]!.replace(/_/g, "");
    const n = /^0[xX]/.test(body) ? parseInt(body.slice(2), 16) : /^0[bB]/.test(body) ? parseInt(body.slice(2), 2) : /^0[oO]?[0-7]/.test(body) && body.length > 1 ? parseInt(body.replace(/^0[oO]?/, ""), 8) : Number(body);
    return m[1] === "-" ? -n : n;
  },
  Float: (v: unknown) => {
    if (v === null || v === undefined) throw new TypeError("can't convert nil into Float");
    const text = typeof v === "number" || v instanceof RubyFloat ? "" : toS(v);
    const n = typeof v === "number" || v instanceof RubyFloat ? Number(v) : /^\s*[-+]?(\d[\d_]*)(\.\d+)?([eE][-+]?\d+)?\s*$/.test(text) ? Number(text.replace(/_/g, "")) : Number.NaN;
    if (Number.isNaN(n)) throw new ArgumentError(`invalid value for Float(): ${inspectString(text)}`);
    return floatOf(n);
  },
  String: (v: unknown) => toS(v),
  Array: (v: unknown) => toArray(v),
  // Kernel#proc / #lambda: the block itself (a lowered block is a JS function either way).
  proc: (block: unknown) => block,
  lambda: (block: unknown) => block,
  // Kernel#format's arguments are its list (an Array argument is one value; String#% spreads an Array).
  format: (fmt: unknown, ...args: unknown[]) => rubyFormat(toS(fmt), args.length === 1 && !Array.isArray(args[0]) ? args[0] : args),
  sprintf: (fmt: unknown, ...args: unknown[]) => rubyFormat(toS(fmt), args.length === 1 && !Array.isArray(args[0]) ? args[0] : args),
};

/** Constant path -> [the export emitted code names, the object]. */
/** ENV: the process environment (`ENV["X"]` is nil when unset; fetch with a default, a block or KeyError). */
const ENV_METHODS = {
  // ENV["X"] reached through run-time dispatch (coreIndex asks the receiver's own `[]` first).
  "[]": (key: unknown) => process.env[String(key)] ?? null,
  fetch: (key: unknown, ...rest: unknown[]) => {
    const value = process.env[String(key)];
    if (value !== undefined) return value;
    const fallback = rest[0];
    if (typeof fallback === "function") return (fallback as (k: unknown) => unknown)(key);
    if (rest.length) return fallback;
    throw Object.assign(new Error(`key not found: ${JSON.stringify(String(key))}`), { name: "KeyError" });
  },
  isKey: (key: unknown) => process.env[String(key)] !== undefined,
  isHasKey: (key: unknown) => process.env[String(key)] !== undefined,
  isInclude: (key: unknown) => process.env[String(key)] !== undefined,
};
export const EnvModule = new Proxy(ENV_METHODS as typeof ENV_METHODS & Record<string, unknown>, {
  get: (target, prop) => (typeof prop === "string" && !(prop in target) ? process.env[prop] ?? null : target[prop as string]),
  has: (target, prop) => prop in target || (typeof prop === "string" && process.env[prop] !== undefined),
});

/** Ruby's core classes as values (`x.is_a?(String)`). */
export const StringClass = Object.assign(new RubyClass("String"), { new: (s: unknown = "") => toS(s) });
export const SymbolClass = new RubyClass("Symbol");
export const IntegerClass = new RubyClass("Integer");
export const NumericClass = new RubyClass("Numeric");
export const ArrayClass = Object.assign(new RubyClass("Array"), {
  // ActiveSupport's Array.wrap: nil is [], an Array itself, anything else (a Hash too) a one-element Array.
  wrap: (v: unknown) => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]),
  new: (size: unknown = 0, fill: unknown = null) =>
    Array.from({ length: Number(size) }, (_x, i) => (typeof fill === "function" ? (fill as (i: number) => unknown)(i) : fill)),
});
export const HashClass = Object.assign(new RubyClass("Hash"), {
  new: (...args: unknown[]) => newHash(...args),
  "[]": (pairs: unknown) => hashFrom(isHash(pairs) ? hashEntries(pairs) : (toArray(pairs) as Array<[unknown, unknown]>)),
});
export const NilClassClass = new RubyClass("NilClass");
export const ComparableModule = new RubyClass("Comparable");
export const EnumerableModule = new RubyClass("Enumerable");
export const TrueClassClass = new RubyClass("TrueClass");
export const FalseClassClass = new RubyClass("FalseClass");

/**
 * The `Rails` module's own methods apps call at run time: `Rails.env` (RAILS_ENV, production when unset, as
 * ActiveSupport::EnvironmentInquirer: `Rails.env.development?`). `Rails.application.config` settings are read by analysis, not here.
 */
export const RailsModule = {
  env: () => new EnvironmentInquirer(process.env.RAILS_ENV ?? "production"),
  // Rails.configuration (Rails.application.config): the app's own settings the compiler found, readable and
  // writable at run time (a test's setup replacing `config.x.pool`), as registerAppConfig declared them.
  configuration: () => appConfiguration,
  // The emitted project's directory: the compiler copies there the app's files a `Rails.root.join(...)` names.
  root: () => new Pathname(railsRoot.path ?? process.cwd()),
  logger: () => railsLogger(),
};

/**
 * The app's own settings object: each `config.a.b = v` the compiler lowered registers a reader and writer by its
 * chain (`x.web_push_pool`); nested groups are objects of their own. Members answer by Ruby name and camelCase.
 */
class AppConfigGroup {
  [member: string]: unknown;
}

const appConfiguration = new AppConfigGroup();

export function registerAppConfig(chain: string, read: () => unknown, write: (value: unknown) => void): void {
  const names = chain.split(".");
  let group = appConfiguration;
  for (const name of names.slice(0, -1)) {
    if (!(name in group)) {
      const inner = new AppConfigGroup();
      for (const key of new Set([name, rubyToTs(name)])) Object.defineProperty(group, key, { value: inner, enumerable: key === name });
    }
    group = group[name] as AppConfigGroup;
  }
  const last = names[names.length - 1]!;
  for (const key of new Set([last, rubyToTs(last)])) Object.defineProperty(group, key, { get: read, set: write, enumerable: key === last, configurable: true });
  Object.defineProperty(group, rubyToTs(`${last}=`), { value: (v: unknown) => (write(v), v), configurable: true });
}

/** Zlib's module functions Rails apps call (crc32 of a String). */
export const ZlibModule = {
  crc32: (data: unknown = "", seed: unknown = 0) => zlibCrc32(Buffer.from(toS(data), "utf8"), Number(seed)),
};

/** Base64 (Ruby's base64 library): strict/url-safe encoders and decoders over UTF-8 text. */
export const Base64Module = {
  encode64: (s: unknown) => (Buffer.from(toS(s), "utf8").toString("base64").match(/.{1,60}/g) ?? [""]).map((l) => `${l}\n`).join(""),
  strictEncode64: (s: unknown) => Buffer.from(toS(s), "utf8").toString("base64"),
  urlsafeEncode64: (s: unknown, options: unknown = {}) => {
    const encoded = Buffer.from(toS(s), "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
    return isPlainObject(options) && options.padding === false ? encoded.replace(/=+$/, "") : encoded;
  },
  decode64: (s: unknown) => decodedText(Buffer.from(toS(s), "base64")),
  strictDecode64: (s: unknown) => strictDecode64(toS(s)),
  /** urlsafe_decode64: unpadded input padded, -_ read as +/, then strict_decode64 (nil: NoMethodError). */
  urlsafeDecode64: (s: unknown) => {
    if (s === null || s === undefined) throw new NoMethodError("undefined method `end_with?' for nil");
    let text = toS(s);
    if (!text.endsWith("=") && text.length % 4 !== 0) text = text.padEnd((text.length + 3) & ~3, "=");
    return strictDecode64(text.replace(/-/g, "+").replace(/_/g, "/"));
  },
};

/** Base64.strict_decode64 (unpack1("m0")): ArgumentError "invalid base64" for anything but padded Base64 with zero pad bits. */
function strictDecode64(text: string): string {
  // Canonical Base64 is what encodes back to itself (Node's decoder skips what it cannot read).
  const bytes = Buffer.from(text, "base64");
  if (bytes.toString("base64") !== text) throw new ArgumentError("invalid base64");
  return decodedText(bytes);
}

/** Decoded bytes as a String: run-time Strings are UTF-8 text, so bytes that are not are refused, never mangled. */
function decodedText(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new NotImplementedError("rails2ts: Base64 decoded bytes that are not UTF-8 text (binary Strings are not modelled at run time)");
  }
}

/** Marshal.load / Marshal.dump of the slice of the format signed messages carry (ruby/marshal.ts). */
export const MarshalModule = {
  load: (s: unknown) => marshalLoad(Buffer.from(toS(s), "utf8")),
  dump: (s: unknown) => {
    if (typeof s !== "string") throw new NotImplementedError(`rails2ts: Marshal.dump of ${toS(s)} is not implemented (a String is)`);
    return decodedText(marshalDumpString(s));
  },
};

/**
 * Classes of Rails an app may reopen to define class methods (src/analyze/reopened-class.ts): every caller in the
 * runtime reaches their class methods through the class object, so the app's are the ones called.
 */
export const REOPENABLE_CLASSES: ReadonlySet<string> = new Set(["ActionText::Attachment"]);

export const CORE_CONSTANTS: Record<string, [string, object]> = {
  // Ruby's exception classes (exceptions.ts): raise ArgumentError, "x"; rescue KeyError; class E < StandardError.
  ...CORE_EXCEPTIONS,
  ENV: ["EnvModule", EnvModule],
  "ERB::Util": ["ErbUtil", ErbUtil],
  Time: ["TimeClass", TimeClass],
  Range: ["RangeClass", RangeClass],
  Date: ["DateClass", DateClass],
  DateTime: ["DateTimeClass", DateTimeClass],
  I18n: ["I18nModule", I18nModule],
  JSON: ["JsonModule", JsonModule],
  "ActiveSupport::JSON": ["ActiveSupportJson", ActiveSupportJson],
  "ActiveSupport::Duration": ["DurationClass", DurationClass],
  "ActiveSupport::NumberHelper": ["NumberHelperModule", NumberHelperModule],
  "ActiveSupport::TimeZone": ["TimeZoneClass", TimeZoneClass],
  "ActionView::RecordIdentifier": ["RecordIdentifierModule", RecordIdentifierModule],
  Float: ["FloatClass", FloatClass],
  Set: ["SetClass", SetClass],
  "ActiveSupport::KeyGenerator": ["KeyGeneratorClass", KeyGeneratorClass],
  "Turbo::StreamsChannel": ["TurboStreamsChannelConstant", TurboStreamsChannelConstant],
  Turbo: ["TurboModule", TurboModule],
  "Turbo::Streams::TagBuilder": ["TurboStreamsTagBuilderClass", TurboStreamsTagBuilderClass],
  GlobalID: ["GlobalIdModule", GlobalIdModule],
  "GlobalID::Locator": ["GlobalIdLocator", GlobalIdLocator],
  SecureRandom: ["SecureRandomModule", SecureRandomModule],
  Random: ["RandomModule", RandomModule],
  "BCrypt::Password": ["BCryptPasswordClass", BCryptPasswordClass],
  // Action Text's classes are their own constants: Content.new, Fragment.wrap, Attachment.tag_name / ::ATTRIBUTES,
  // and the Content::Filters apps define (runtime/action-text/filter.ts).
  "ActionText::Content": ["ActionTextContent", ActionTextContent],
  "ActionText::Fragment": ["ActionTextFragment", ActionTextFragment],
  "ActionText::Attachment": ["ActionTextAttachment", ActionTextAttachment],
  "ActionText::Attachable": ["ActionTextAttachableModule", ActionTextAttachableModule],
  "ActionText::Attachables::MissingAttachable": ["ActionTextMissingAttachable", ActionTextMissingAttachable],
  Marshal: ["MarshalModule", MarshalModule],
  String: ["StringClass", StringClass],
  Symbol: ["SymbolClass", SymbolClass],
  Integer: ["IntegerClass", IntegerClass],
  Numeric: ["NumericClass", NumericClass],
  Array: ["ArrayClass", ArrayClass],
  Hash: ["HashClass", HashClass],
  NilClass: ["NilClassClass", NilClassClass],
  Comparable: ["ComparableModule", ComparableModule],
  Enumerable: ["EnumerableModule", EnumerableModule],
  TrueClass: ["TrueClassClass", TrueClassClass],
  FalseClass: ["FalseClassClass", FalseClassClass],
  Zlib: ["ZlibModule", ZlibModule],
  Rails: ["RailsModule", RailsModule],
  Base64: ["Base64Module", Base64Module],
  "ActiveStorage::Attached::One": ["ActiveStorageAttachedOne", ActiveStorageAttachedOne],
  "ActiveStorage::Attached::Many": ["ActiveStorageAttachedMany", ActiveStorageAttachedMany],
  UserAgent: ["UserAgentClass", UserAgentClass],
  "RQRCode::QRCode": ["RQRCodeQRCodeClass", RQRCodeQRCodeClass],
  // An app's own thread pools and web pushes (a delivery pool in lib/): gems/concurrent-ruby, gems/web-push.
  "Concurrent::ThreadPoolExecutor": ["ThreadPoolExecutorClass", ThreadPoolExecutorClass],
  "Concurrent::FixedThreadPool": ["FixedThreadPoolClass", FixedThreadPoolClass],
  "Net::HTTP::Persistent": ["NetHttpPersistentClass", NetHttpPersistentClass],
  WebPush: ["WebPushModule", WebPushModule],
  // The gem's exceptions, as an app rescues them or a test raises them (WebPush::ExpiredSubscription.new(response, host)).
  "WebPush::Error": ["WebPushError", WebPushErrors.WebPushError],
  "WebPush::ResponseError": ["WebPushResponseError", WebPushErrors.ResponseError],
  "WebPush::InvalidSubscription": ["WebPushInvalidSubscription", WebPushErrors.InvalidSubscription],
  "WebPush::ExpiredSubscription": ["WebPushExpiredSubscription", WebPushErrors.ExpiredSubscription],
  "WebPush::Unauthorized": ["WebPushUnauthorized", WebPushErrors.Unauthorized],
  "WebPush::PayloadTooLarge": ["WebPushPayloadTooLarge", WebPushErrors.PayloadTooLarge],
  "WebPush::TooManyRequests": ["WebPushTooManyRequests", WebPushErrors.TooManyRequests],
  "WebPush::PushServiceError": ["WebPushPushServiceError", WebPushErrors.PushServiceError],
  "OpenSSL::OpenSSLError": ["OpenSSLError", WebPushErrors.OpenSSLError],
  // Ruby's URI and Net::HTTP (outbound requests go to WebMock in tests; the socket itself is declined).
  URI: ["UriModule", UriModule],
  Net: ["NetModule", NetModule],
  "Net::HTTP": ["NetHttpClass", NetHttpClass],
  TCPSocket: ["TCPSocketClass", TCPSocketClass],
  // Ruby's resolv and ipaddr (a host's address from the hosts file or DNS, and its classification).
  Resolv: ["ResolvModule", ResolvModule],
  IPAddr: ["IPAddrClass", IPAddrClass],
  // ActionMailer::Base.deliveries (delivery_method :test).
  "ActionMailer::Base": ["ActionMailerBase", ActionMailerBase],
  // Nokogiri::HTML(html) parses a document; Nokogiri::HTML (HTML4) is also the module of .fragment.
  Nokogiri: ["NokogiriModule", NokogiriModule],
  "Nokogiri::HTML": ["NokogiriHtml4", NokogiriHtml4],
  "Nokogiri::HTML4": ["NokogiriHtml4", NokogiriHtml4],
};

