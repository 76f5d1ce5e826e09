// Time, Date, DateTime, ActiveSupport::TimeWithZone, Duration and TimeZone methods on lowered values, keyed by
// the one Ruby -> TS naming rule. A UTC Ruby Time is a JS Date (with `microRemainder`), the app's TimeWithZone in
// UTC a record Time (a Date too), a Date a RubyDate, a TimeWithZone elsewhere, a fixed-offset Time or a DateTime a
// ZonedTime (zoned-time.ts). The calendar calculations are time-calculations.ts.
//   t.to_fs(:db)            TimeMethods.toFs(t, "db")          t.in_time_zone("Tokyo") -> ZonedTime
//   3.days.ago              DurationMethods.ago(d)             (the app's clock: Time.current)
//   Time.zone.now           TimeZoneMethods.now(zone)
import { currentTime } from "../time.js";
import { compareOrRaise, compareValues, instantOf } from "./compare.js";
import { clamp } from "./core-range.js";
import { RubyDate } from "../../ruby/date.js";
import { Duration, type DurationUnit } from "../duration.js";
import { ArgumentError } from "../../ruby/errors.js";
import { encodeJson } from "../json.js";
import { RubyRational } from "../../ruby/rational.js";
import { parseTimeText, strptimeParts, type ParsedTime } from "../time-parse.js";
import { floatOf, inspect, isNumeric, isPlainObject, RubyFloat, RubyRange, toS } from "../../ruby/ruby.js";
import { strftime, timePartsOf } from "../strftime.js";
import { advanceTime, atInstant, Calculations, change, dateToZoned, localOf, shiftSeconds, weekStart, withLocal, type AdvanceParts } from "../time-calculations.js";
import { findTimeZone, formatOffset, TimeZone } from "../time-zone.js";
import { appZoned, formattedOffset, httpdate, inTimeZone, iso8601, rfc2822, toFs, ZonedTime, type TimeValue } from "../zoned-time.js";

/** A UTC Time with microseconds (Time.utc(y, m, d, h, mi, s, usec)). */
export function utcTime(epochMs: number, microRemainder = 0): Date {
  return Object.assign(new Date(epochMs), { microRemainder });
}

/** The instant as a UTC Time (a Date: midnight UTC). */
const asDate = (t: TimeValue): Date => (t instanceof ZonedTime ? t.toDate() : t instanceof RubyDate ? t.toTime() : t);
const part = (name: "year" | "month" | "day" | "hour" | "min" | "sec") => (t: TimeValue) => timePartsOf(t)[name];
const opts = (o: unknown): Record<string, unknown> => (isPlainObject(o) ? o : {});
/** A Date's time-of-day calculations answer a TimeWithZone (ActiveSupport's Date#ago, #since, #in_time_zone). */
const asTime = (t: TimeValue): Date | ZonedTime => (t instanceof RubyDate ? dateToZoned(t) : t);

/** Time#utc / TimeWithZone#utc: the instant as a UTC Time (a plain Date, also for the app's TimeWithZone). */
function utcOf(t: TimeValue): Date {
  const at = instantOf(asTime(t))!;
  const d = utcTime(at.ms, Math.floor(at.ns / 1000));
  return at.ns % 1000 ? Object.assign(d, { nanoRemainder: at.ns % 1000 }) : d;
}

/** A local Time of the app's process (TZ=UTC): Time.local, Date#to_time, String#to_time. */
export function localTime(epochMs: number, microRemainder = 0, offset = 0): ZonedTime {
  return new ZonedTime(epochMs, microRemainder, offset === 0 ? findTimeZone("UTC") : null, offset, "time");
}

/** TimeWithZone#to_time / DateTime#to_time: a Time at the same offset (to_time_preserves_timezone). */
function toTime(given: TimeValue): Date | ZonedTime {
  const t = appZoned(given);
  if (t instanceof RubyDate) return localTime(t.toTime().getTime());
  if (t instanceof ZonedTime) {
    if (t.kind === "time") return t;
    return new ZonedTime(t.epochMs, t.microRemainder, null, t.utcOffset, "time", t.nanoRemainder);
  }
  return t;
}

/** Time#to_datetime / Date#to_datetime: a DateTime at the value's offset. */
function toDatetime(t: TimeValue): ZonedTime {
  if (t instanceof RubyDate) return new ZonedTime(t.toTime().getTime(), 0, null, 0, "datetime");
  const at = instantOf(t)!;
  const offset = timePartsOf(t).utcOffset;
  return new ZonedTime(at.ms, Math.floor(at.ns / 1000), null, offset, "datetime", at.ns % 1000);
}

function toDate(t: TimeValue): RubyDate {
  if (t instanceof RubyDate) return t;
  const l = localOf(t);
  return new RubyDate(l.year, l.month, l.day);
}

/** Time#- / Date#-: a Time gives Float seconds, a Date Rational days, a Duration or Numeric moves back. */
function minus(t: TimeValue, other: unknown): unknown {
  if (t instanceof RubyDate && other instanceof RubyDate) return new RubyRational(Math.round((t.toTime().getTime() - other.toTime().getTime()) / 86400000));
  if (t instanceof ZonedTime && t.kind === "datetime" && other instanceof ZonedTime && other.kind === "datetime") {
    const [a, b] = [instantOf(t)!, instantOf(other)!];
    const ns = BigInt(a.ms - b.ms) * 1_000_000n + BigInt(a.ns - b.ns);
    return new RubyRational(ns, 86_400_000_000_000n);
  }
  const [a, b] = [instantOf(t), instantOf(other)];
  if (a && b && !(t instanceof RubyDate)) return floatOf(((a.ms - b.ms) * 1e6 + (a.ns - b.ns)) / 1e9);
  if (other instanceof Duration) return sumDuration(other, t, -1);
  if (isNumeric(other)) return shift(t, -Number(other));
  throw new TypeError(`expected numeric`);
}

/** Time#+ / Date#+ with a Duration (calendar-aware) or a Numeric (seconds for times, days for dates). */
function plus(t: TimeValue, other: unknown): TimeValue {
  if (other instanceof Duration) return sumDuration(other, t, 1);
  if (!isNumeric(other)) throw new TypeError(`expected numeric`);
  return shift(t, Number(other));
}

/** `+ n`: days for a Date or DateTime, seconds for a Time. */
function shift(t: TimeValue, n: number): TimeValue {
  if (t instanceof RubyDate) return t.addDays(n);
  if (t instanceof ZonedTime && t.kind === "datetime") return shiftSeconds(t, n * 86400);
  return shiftSeconds(t, n);
}

/** Duration#since / #ago (ActiveSupport's Duration#sum): each part in turn; seconds, minutes, hours by the clock. */
export function sumDuration(d: Duration, t: TimeValue, sign: 1 | -1): TimeValue {
  const entries = Object.entries(d.parts) as [DurationUnit, number][];
  if (entries.length === 0) return shiftSeconds(asTime(t), sign * d.value);
  let out: TimeValue = t;
  for (const [unit, n] of entries) {
    if (unit === "seconds" || unit === "minutes" || unit === "hours") out = shiftSeconds(asTime(out), sign * n * (unit === "seconds" ? 1 : unit === "minutes" ? 60 : 3600));
    else out = advanceTime(out, { [unit]: sign * n } as AdvanceParts);
  }
  return out;
}

/** Date#step / upto / downto: the days walked, each to a block (answering the receiver) or listed. */
function walkDays(d: RubyDate, limit: unknown, by: number, block: unknown): unknown {
  const out: RubyDate[] = [];
  const last = limit as RubyDate;
  for (let x = d; by > 0 ? compareValues(x, last)! <= 0 : compareValues(x, last)! >= 0; x = x.addDays(by)) {
    if (typeof block === "function") (block as (v: unknown) => unknown)(x);
    else out.push(x);
  }
  return typeof block === "function" ? d : out;
}

/** Time#round / #floor / #ceil: the fraction of the second to `digits` places. */
function roundTo(t: TimeValue, digits: number, how: (x: number) => number): TimeValue {
  if (t instanceof RubyDate) return t;
  const at = instantOf(t)!;
  const unit = 10 ** (9 - digits);
  const msOfSecond = ((at.ms % 1000) + 1000) % 1000;
  const rounded = how((msOfSecond * 1e6 + at.ns) / unit) * unit;
  return atInstant(t, at.ms - msOfSecond + Math.floor(rounded / 1e6), rounded % 1e6);
}

/** Parsed parts in a zone: at the offset written (that instant), else the zone's wall clock. */
function zonedFromParts(z: TimeZone, p: ParsedTime): ZonedTime {
  if (p.offset !== null) {
    const ms = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.min, p.sec) - p.offset * 1000 + Math.floor(p.nsec / 1e6);
    return inTimeZone(atInstant(utcTime(0), ms, p.nsec % 1e6) as Date, z);
  }
  const base = inTimeZone(utcTime(0), z);
  return withLocal(base, { year: p.year, month: p.month, day: p.day, hour: p.hour, min: p.min, sec: p.sec, nsec: p.nsec }) as ZonedTime;
}

/** "+05:30" / "-0300" -> seconds east of UTC. */
function parseOffsetText(s: string): number {
  const m = /^([+-])(\d\d):?(\d\d)$/.exec(s);
  if (!m) throw new ArgumentError(`invalid offset: ${s}`);
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60);
}

const weekday = (n: number) => (t: TimeValue) => Calculations.wday(t) === n;
const span = (from: TimeValue, to: TimeValue) => new RubyRange(from, to, false);

export const TimeMethods = {
  ...Calculations,
  toFs: (t: TimeValue, format: unknown = "default") => toFs(t, toS(format)),
  toFormattedS: (t: TimeValue, format: unknown = "default") => toFs(t, toS(format)),
  // Time#to_s / Date#to_s take no format since Rails 7.1 (to_fs does): ArgumentError, as there.
  toS: (t: TimeValue, ...args: unknown[]) => {
    if (args.length) throw new ArgumentError(`wrong number of arguments (given ${args.length}, expected 0)`);
    return toS(t);
  },
  readableInspect: (t: TimeValue) => inspect(t),
  // DateAndTime::Calculations#before? / #after? (ActiveSupport 6+), past? / future? against Time.current.
  isBefore: (t: TimeValue, other: unknown) => compareOrRaise(t, other) < 0,
  isAfter: (t: TimeValue, other: unknown) => compareOrRaise(t, other) > 0,
  isPast: (t: TimeValue) => compareOrRaise(t, currentTime()) < 0,
  isFuture: (t: TimeValue) => compareOrRaise(t, currentTime()) > 0,
  isBetween: (t: TimeValue, min: unknown, max: unknown) => compareOrRaise(t, min) >= 0 && compareOrRaise(t, max) <= 0,
  clamp: (t: TimeValue, min: unknown, max?: unknown) => clamp(t, min, max),
  compare: (t: TimeValue, other: unknown) => compareValues(t, other),
  isEql: (t: TimeValue, other: unknown) => compareValues(t, other) === 0 && (t instanceof RubyDate) === (other instanceof RubyDate),
  inspect: (t: TimeValue) => inspect(t),
  iso8601: (t: TimeValue, digits: unknown = 0) => (t instanceof RubyDate ? t.toRubyString() : iso8601(t, Number(digits))),
  xmlschema: (t: TimeValue, digits: unknown = 0) => iso8601(asTime(t), Number(digits)),
  httpdate: (t: TimeValue) => httpdate(asDate(t)),
  rfc2822: (t: TimeValue) => (t instanceof RubyDate ? strftime(t, "%a, %d %b %Y %H:%M:%S +0000") : rfc2822(t instanceof ZonedTime ? t : asDate(t))),
  formattedOffset: (t: TimeValue, colon: unknown = true, alternate: unknown = null) =>
    formattedOffset(t instanceof ZonedTime ? t : asDate(t), colon !== false, alternate === null ? null : toS(alternate)),
  strftime: (t: TimeValue, format: unknown) => strftime(t, toS(format)),
  toI: (t: TimeValue) => Math.floor(instantOf(asTime(t))!.ms / 1000),
  // Time#to_f: seconds since the epoch with the microseconds, a Float.
  toF: (t: TimeValue) => {
    const at = instantOf(asTime(t))!;
    return new RubyFloat((at.ms * 1e6 + at.ns) / 1e9);
  },
  toDate,
  toTime: (t: TimeValue, form: unknown = "local") => (t instanceof RubyDate && toS(form) === "utc" ? t.toTime() : toTime(t)),
  toDatetime,
  inTimeZone: (t: TimeValue, zone: unknown = null) => inTimeZone(t, zone === null || zone instanceof TimeZone ? zone : toS(zone)),
  isDst: (t: TimeValue) => t instanceof ZonedTime && t.zone !== null && t.zone.isDstAt(t.epochMs),
  utc: (t: TimeValue) => utcOf(t),
  getutc: (t: TimeValue) => utcOf(t),
  year: part("year"),
  month: part("month"),
  mon: part("month"),
  day: part("day"),
  mday: part("day"),
  hour: part("hour"),
  min: part("min"),
  minute: part("min"),
  sec: part("sec"),
  second: part("sec"),
  usec: (t: TimeValue) => Math.floor(timePartsOf(t).nsec / 1000),
  nsec: (t: TimeValue) => timePartsOf(t).nsec,
  cwday: (t: TimeValue) => Calculations.wday(t) || 7,
  cweek: (t: TimeValue) => Number(strftime(t, "%V")),
  cwyear: (t: TimeValue) => Number(strftime(t, "%G")),
  isLeap: (t: TimeValue) => {
    const y = localOf(t).year;
    return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  },
  jd: (t: TimeValue) => Math.floor(instantOf(toDate(t))!.ms / 86400000) + 2440588,
  ajd: (t: TimeValue) => new RubyRational(2 * TimeMethods.jd(t) - 1, 2),
  mjd: (t: TimeValue) => Math.floor(instantOf(toDate(t))!.ms / 86400000) + 40587,
  utcOffset: (t: TimeValue) => timePartsOf(t).utcOffset,
  gmtOffset: (t: TimeValue) => timePartsOf(t).utcOffset,
  // DateTime#utc? is a zero offset; a Time's, a UTC Time or a TimeWithZone in UTC.
  isUtc: (t: TimeValue) => {
    const v = appZoned(t);
    if (v instanceof ZonedTime && v.kind === "datetime") return v.utcOffset === 0;
    return !(v instanceof ZonedTime) || v.isUtc;
  },
  // A fixed-offset Time has no zone name (nil); a DateTime's zone is its offset ("+05:30").
  zone: (t: TimeValue) => (t instanceof ZonedTime && !t.zone && t.kind === "time" ? null : timePartsOf(t).zone),
  /** DateTime#offset: a Rational fraction of a day; #new_offset(offset = 0): the same instant at that offset. */
  offset: (t: TimeValue) => new RubyRational(timePartsOf(t).utcOffset, 86400),
  newOffset: (t: TimeValue, offset: unknown = 0) => {
    const at = instantOf(asTime(t))!;
    const seconds = typeof offset === "string" ? parseOffsetText(offset) : Math.round(Number(offset) * 86400);
    return new ZonedTime(at.ms, Math.floor(at.ns / 1000), null, seconds, "datetime", at.ns % 1000);
  },
  secFraction: (t: TimeValue) => new RubyRational(timePartsOf(t).nsec, 1_000_000_000),
  subsec: (t: TimeValue) => new RubyRational(timePartsOf(t).nsec, 1_000_000_000),
  /** Date#next_occurring(:friday) / #prev_occurring(:monday): the nearest such day after / before. */
  nextOccurring: (t: TimeValue, day: unknown) => advanceTime(t, { days: ((weekStart(toS(day)) - Calculations.wday(t) + 6) % 7) + 1 }),
  prevOccurring: (t: TimeValue, day: unknown) => advanceTime(t, { days: -(((Calculations.wday(t) - weekStart(toS(day)) + 6) % 7) + 1) }),
  timeZone: (t: TimeValue) => {
    const v = appZoned(t);
    return v instanceof ZonedTime ? v.zone : findTimeZone("UTC");
  },
  /** Time#to_a: [sec, min, hour, day, month, year, wday, yday, isdst, zone]. */
  toA: (t: TimeValue) => {
    const p = timePartsOf(t);
    return [p.sec, p.min, p.hour, p.day, p.month, p.year, Calculations.wday(t), Calculations.yday(t), false, TimeMethods.zone(t)];
  },
  round: (t: TimeValue, digits: unknown = 0) => roundTo(t, Number(digits), Math.round),
  // Time#floor / #ceil(digits = 0): to that many digits of the second.
  floor: (t: TimeValue, digits: unknown = 0) => roundTo(t, Number(digits), Math.floor),
  ceil: (t: TimeValue, digits: unknown = 0) => roundTo(t, Number(digits), Math.ceil),
  midnight: Calculations.beginningOfDay,
  atMidnight: Calculations.beginningOfDay,
  atBeginningOfDay: Calculations.beginningOfDay,
  atEndOfDay: Calculations.endOfDay,
  noon: Calculations.middleOfDay,
  midday: Calculations.middleOfDay,
  atMiddleOfDay: Calculations.middleOfDay,
  atBeginningOfHour: Calculations.beginningOfHour,
  atEndOfHour: Calculations.endOfHour,
  atBeginningOfMinute: Calculations.beginningOfMinute,
  atBeginningOfWeek: Calculations.beginningOfWeek,
  atEndOfWeek: Calculations.endOfWeek,
  monday: (t: TimeValue) => Calculations.beginningOfWeek(t, "monday"),
  sunday: (t: TimeValue) => Calculations.endOfWeek(t, "monday"),
  atBeginningOfMonth: Calculations.beginningOfMonth,
  atEndOfMonth: Calculations.endOfMonth,
  atBeginningOfQuarter: Calculations.beginningOfQuarter,
  atEndOfQuarter: Calculations.endOfQuarter,
  atBeginningOfYear: Calculations.beginningOfYear,
  atEndOfYear: Calculations.endOfYear,
  lastWeek: Calculations.prevWeek,
  nextDay: (t: TimeValue, n: unknown = 1) => advanceTime(t, { days: Number(n) }),
  prevDay: (t: TimeValue, n: unknown = 1) => advanceTime(t, { days: -Number(n) }),
  tomorrow: (t: TimeValue) => advanceTime(t, { days: 1 }),
  yesterday: (t: TimeValue) => advanceTime(t, { days: -1 }),
  succ: (t: TimeValue) => advanceTime(t, { days: 1 }),
  next: (t: TimeValue) => advanceTime(t, { days: 1 }),
  nextMonth: (t: TimeValue, n: unknown = 1) => advanceTime(t, { months: Number(n) }),
  prevMonth: (t: TimeValue, n: unknown = 1) => advanceTime(t, { months: -Number(n) }),
  lastMonth: (t: TimeValue) => advanceTime(t, { months: -1 }),
  nextYear: (t: TimeValue, n: unknown = 1) => advanceTime(t, { years: Number(n) }),
  prevYear: (t: TimeValue, n: unknown = 1) => advanceTime(t, { years: -Number(n) }),
  lastYear: (t: TimeValue) => advanceTime(t, { years: -1 }),
  daysAgo: (t: TimeValue, n: unknown) => advanceTime(t, { days: -Number(n) }),
  daysSince: (t: TimeValue, n: unknown) => advanceTime(t, { days: Number(n) }),
  weeksAgo: (t: TimeValue, n: unknown) => advanceTime(t, { weeks: -Number(n) }),
  weeksSince: (t: TimeValue, n: unknown) => advanceTime(t, { weeks: Number(n) }),
  monthsAgo: (t: TimeValue, n: unknown) => advanceTime(t, { months: -Number(n) }),
  monthsSince: (t: TimeValue, n: unknown) => advanceTime(t, { months: Number(n) }),
  yearsAgo: (t: TimeValue, n: unknown) => advanceTime(t, { years: -Number(n) }),
  yearsSince: (t: TimeValue, n: unknown) => advanceTime(t, { years: Number(n) }),
  advance: (t: TimeValue, parts: unknown) => {
    const p = opts(parts);
    const n = (k: string) => (p[k] === undefined ? undefined : Number(p[k]));
    return advanceTime(t, { years: n("years"), months: n("months"), weeks: n("weeks"), days: n("days"), hours: n("hours"), minutes: n("minutes"), seconds: n("seconds") });
  },
  change: (t: TimeValue, options: unknown) => change(t, opts(options)),
  ago: (t: TimeValue, seconds: unknown) => shiftSeconds(asTime(t), -Number(seconds)),
  since: (t: TimeValue, seconds: unknown) => shiftSeconds(asTime(t), Number(seconds)),
  in: (t: TimeValue, seconds: unknown) => shiftSeconds(asTime(t), Number(seconds)),
  secondsSinceMidnight: (t: TimeValue) => {
    const l = localOf(t);
    return floatOf(l.hour * 3600 + l.min * 60 + l.sec + l.nsec / 1e9);
  },
  secondsUntilEndOfDay: (t: TimeValue) => {
    const l = localOf(t);
    return 86399 - (l.hour * 3600 + l.min * 60 + l.sec);
  },
  isSunday: weekday(0),
  isMonday: weekday(1),
  isTuesday: weekday(2),
  isWednesday: weekday(3),
  isThursday: weekday(4),
  isFriday: weekday(5),
  isSaturday: weekday(6),
  allDay: (t: TimeValue) => span(Calculations.beginningOfDay(t), Calculations.endOfDay(t)),
  allWeek: (t: TimeValue, start?: unknown) => span(Calculations.beginningOfWeek(t, start), Calculations.endOfWeek(t, start)),
  allMonth: (t: TimeValue) => span(Calculations.beginningOfMonth(t), Calculations.endOfMonth(t)),
  allQuarter: (t: TimeValue) => span(Calculations.beginningOfQuarter(t), Calculations.endOfQuarter(t)),
  allYear: (t: TimeValue) => span(Calculations.beginningOfYear(t), Calculations.endOfYear(t)),
  upto: (t: TimeValue, last: unknown, block?: unknown) => walkDays(toDate(t), last, 1, block),
  downto: (t: TimeValue, last: unknown, block?: unknown) => walkDays(toDate(t), last, -1, block),
  step: (t: TimeValue, last: unknown, by: unknown = 1, block?: unknown) =>
    typeof by === "function" ? walkDays(toDate(t), last, 1, by) : walkDays(toDate(t), last, Number(by), block),
  isActsLike: (t: TimeValue, kind: unknown) => (toS(kind) === "time" ? !(t instanceof RubyDate) : toS(kind) === "date" ? t instanceof RubyDate || (t instanceof ZonedTime && t.kind === "datetime") : false),
  plus: (t: TimeValue, other: unknown) => plus(t, other),
  minus: (t: TimeValue, other: unknown) => minus(t, other),
  toJson: (t: TimeValue) => encodeJson(t),
  asJson: (t: TimeValue) => JSON.parse(encodeJson(t, false)) as unknown,
};

const inUnit = (seconds: number) => (d: Duration) => floatOf(d.value / seconds);

export const DurationMethods = {
  ago: (d: Duration, from: unknown = null) => sumDuration(d, from === null ? currentTime() : (from as TimeValue), -1),
  until: (d: Duration, from: unknown = null) => sumDuration(d, from === null ? currentTime() : (from as TimeValue), -1),
  before: (d: Duration, from: unknown = null) => sumDuration(d, from === null ? currentTime() : (from as TimeValue), -1),
  fromNow: (d: Duration) => sumDuration(d, currentTime(), 1),
  since: (d: Duration, from: unknown = null) => sumDuration(d, from === null ? currentTime() : (from as TimeValue), 1),
  after: (d: Duration, from: unknown = null) => sumDuration(d, from === null ? currentTime() : (from as TimeValue), 1),
  inspect: (d: Duration) => d.toRubyInspect(),
  iso8601: (d: Duration) => d.iso8601(),
  toI: (d: Duration) => Math.trunc(d.value),
  toF: (d: Duration) => floatOf(d.value),
  value: (d: Duration) => d.value,
  inSeconds: (d: Duration) => Math.trunc(d.value),
  inMinutes: inUnit(60),
  inHours: inUnit(3600),
  inDays: inUnit(86400),
  inWeeks: inUnit(604800),
  inMonths: inUnit(2629746),
  inYears: inUnit(31556952),
  parts: (d: Duration) => ({ ...d.parts }),
  toS: (d: Duration) => d.toRubyString(),
  isZero: (d: Duration) => d.value === 0,
  isEql: (d: Duration, other: unknown) => other instanceof Duration && d.value === other.value,
  compare: (d: Duration, other: unknown) => compareValues(d, other),
  plus: (d: Duration, other: unknown) => d.plus(other as Duration | number),
  minus: (d: Duration, other: unknown) => d.plus(other instanceof Duration ? other.negate() : -Number(other)),
  toJson: (d: Duration) => encodeJson(d),
  asJson: (d: Duration) => d.value,
  abs: (d: Duration) => Math.abs(d.value),
  // variable?: years, months, weeks or days (calendar lengths) make it up.
  isVariable: (d: Duration) => Object.keys(d.parts).some((u) => ["years", "months", "weeks", "days"].includes(u)),
};

export const TimeZoneMethods = {
  now: (z: TimeZone) => inTimeZone(currentTime(), z.name),
  today: (z: TimeZone) => toDate(inTimeZone(currentTime(), z.name)),
  name: (z: TimeZone) => z.name,
  toS: (z: TimeZone) => z.toRubyString(),
  utcOffset: (z: TimeZone) => z.utcOffset,
  formattedOffset: (z: TimeZone, colon: unknown = true) => formatOffset(z.utcOffset, colon !== false),
  at: (z: TimeZone, seconds: unknown) => inTimeZone(utcTime(Number(seconds) * 1000), z.name),
  /** TimeZone#local(year, month = 1, day = 1, hour = 0, min = 0, sec = 0, usec = 0): a TimeWithZone. */
  local: (z: TimeZone, ...args: unknown[]) => {
    const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0, usec = 0] = args.map(Number);
    const base = inTimeZone(utcTime(0), z.name);
    return withLocal(base, { year: y!, month: mo, day: d, hour: h, min: mi, sec: s, nsec: Math.round(usec * 1000) });
  },
  /** TimeZone#iso8601: a time with an offset is that instant; without one, local to the zone. */
  iso8601: (z: TimeZone, text: unknown) => {
    const t = TimeZoneMethods.parse(z, text);
    if (t === null) throw new ArgumentError("invalid date");
    return t;
  },
  /**
   * TimeZone#parse: a time without an offset is a wall clock in the zone, one with an offset that instant; nil for
   * blank text or text without a digit. Text with digits in a form time-parse.ts does not read raises (Ruby's
   * Date._parse reads more forms: answering nil there would be a silent wrong answer).
   */
  parse: (z: TimeZone, text: unknown) => {
    const s = toS(text);
    const parts = parseTimeText(s);
    if (!parts) {
      if (!/\d/.test(s)) return null;
      throw new ArgumentError(`rails2ts: Time.zone.parse does not read this form: ${JSON.stringify(s)}`);
    }
    return zonedFromParts(z, parts);
  },
  /** TimeZone#strptime(text, format): ArgumentError "invalid date" when the text does not match. */
  strptime: (z: TimeZone, text: unknown, format: unknown) => {
    const parts = strptimeParts(toS(text), toS(format));
    if (!parts) throw new ArgumentError("invalid date");
    return zonedFromParts(z, parts);
  },
};
