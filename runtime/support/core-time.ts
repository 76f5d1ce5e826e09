// Time, Date, DateTime, ActiveSupport::TimeWithZone, Duration and TimeZone methods on lowered values, keyed by
// the one Ruby -> TS naming rule. A UTC Ruby Time is a JS Date (with `microRemainder`), a Date a RubyDate, a
// TimeWithZone or DateTime a ZonedTime (zoned-time.ts).
//   t.to_fs(:db)            TimeMethods.toFs(t, "db")          t.in_time_zone("Tokyo") -> ZonedTime
//   3.days.ago              DurationMethods.ago(d)             (the app's clock: Time.current)
//   Time.zone.now           TimeZoneMethods.now(zone)
import { currentTime } from "../record/time.js";
import { RubyDate } from "./date.js";
import { advance, beginningOfWeek, Duration, endOfMonth } from "./duration.js";
import { encodeJson } from "./json.js";
import { inspect, RubyFloat, toS } from "./ruby.js";
import { strftime, timePartsOf } from "./strftime.js";
import type { TimeZone } from "./time-zone.js";
import { formattedOffset, httpdate, inTimeZone, iso8601, rfc2822, toFs, ZonedTime, type TimeValue } from "./zoned-time.js";

/** A UTC Time with microseconds (Time.utc(y, m, d, h, mi, s, usec)). */
export function utcTime(epochMs: number, microRemainder = 0): Date {
  return Object.assign(new Date(epochMs), { microRemainder });
}

const asDate = (t: TimeValue): Date => (t instanceof ZonedTime ? t.toDate() : t instanceof RubyDate ? t.toTime() : t);
const sameKind = (t: TimeValue, d: Date): TimeValue =>
  t instanceof RubyDate ? RubyDate.fromTime(d) : t instanceof ZonedTime ? (t.zone ? inTimeZone(d, t.zone.name) : d) : d;
const part = (name: "year" | "month" | "day" | "hour" | "min" | "sec") => (t: TimeValue) => timePartsOf(t)[name];

export const TimeMethods = {
  toFs: (t: TimeValue, format: unknown = "default") => toFs(t, toS(format)),
  toFormattedS: (t: TimeValue, format: unknown = "default") => toFs(t, toS(format)),
  toS: (t: TimeValue) => toS(t),
  // DateAndTime::Calculations#before? / #after? (ActiveSupport 6+), past? / future? against Time.current.
  isBefore: (t: TimeValue, other: unknown) => asDate(t).getTime() < asDate(other as TimeValue).getTime(),
  isAfter: (t: TimeValue, other: unknown) => asDate(t).getTime() > asDate(other as TimeValue).getTime(),
  isPast: (t: TimeValue) => asDate(t).getTime() < currentTime().getTime(),
  isFuture: (t: TimeValue) => asDate(t).getTime() > currentTime().getTime(),
  inspect: (t: TimeValue) => inspect(t),
  iso8601: (t: TimeValue, digits: unknown = 0) => iso8601(t, Number(digits)),
  xmlschema: (t: TimeValue, digits: unknown = 0) => iso8601(t, Number(digits)),
  httpdate: (t: TimeValue) => httpdate(asDate(t)),
  rfc2822: (t: TimeValue) => rfc2822(t instanceof ZonedTime ? t : asDate(t)),
  formattedOffset: (t: TimeValue, colon: unknown = true, alternate: unknown = null) =>
    formattedOffset(t instanceof ZonedTime ? t : asDate(t), colon !== false, alternate === null ? null : toS(alternate)),
  strftime: (t: TimeValue, format: unknown) => strftime(t, toS(format)),
  toI: (t: TimeValue) => Math.floor(asDate(t).getTime() / 1000),
  // Time#to_f: seconds since the epoch with the microseconds, a Float.
  toF: (t: TimeValue) => {
    const d = asDate(t) as Date & { microRemainder?: number };
    return new RubyFloat((d.getTime() * 1000 + (d.microRemainder ?? 0)) / 1_000_000);
  },
  toDate: (t: TimeValue) => (t instanceof RubyDate ? t : t instanceof ZonedTime ? new RubyDate(...ymd(t)) : RubyDate.fromTime(t)),
  toTime: (t: TimeValue) => asDate(t),
  inTimeZone: (t: TimeValue, zone: unknown = null) => inTimeZone(t, zone === null ? null : toS(zone)),
  utc: (t: TimeValue) => asDate(t),
  year: part("year"),
  month: part("month"),
  day: part("day"),
  hour: part("hour"),
  min: part("min"),
  sec: part("sec"),
  beginningOfWeek: (t: TimeValue) => sameKind(t, beginningOfWeek(asDate(t))),
  beginningOfMonth: (t: TimeValue) => (t instanceof RubyDate ? new RubyDate(t.year, t.month, 1) : sameKind(t, utcTime(Date.UTC(asDate(t).getUTCFullYear(), asDate(t).getUTCMonth(), 1)))),
  endOfMonth: (t: TimeValue) => sameKind(t, endOfMonth(asDate(t))),
  beginningOfDay: (t: TimeValue) => sameKind(t, RubyDate.fromTime(asDate(t)).toTime()),
  nextYear: (t: TimeValue) => sameKind(t, advance(asDate(t), { years: 1 })),
  yesterday: (t: TimeValue) => sameKind(t, advance(asDate(t), { days: -1 })),
  tomorrow: (t: TimeValue) => sameKind(t, advance(asDate(t), { days: 1 })),
  advance: (t: TimeValue, parts: Record<string, number>) => sameKind(t, advance(asDate(t), parts)),
  plus: (t: TimeValue, other: unknown) => shift(t, other, 1),
  minus: (t: TimeValue, other: unknown) =>
    other instanceof Date || other instanceof ZonedTime ? (asDate(t).getTime() - asDate(other).getTime()) / 1000 : shift(t, other, -1),
  toJson: (t: TimeValue) => encodeJson(t),
  asJson: (t: TimeValue) => JSON.parse(encodeJson(t, false)) as unknown,
};

function ymd(t: ZonedTime): [number, number, number] {
  const p = t.timeParts();
  return [p.year, p.month, p.day];
}

/** Time#+ / Date#+ with a Duration (calendar-aware) or a number (seconds for times, days for dates). */
function shift(t: TimeValue, other: unknown, sign: 1 | -1): TimeValue {
  if (other instanceof Duration) return sameKind(t, (sign < 0 ? other.negate() : other).since(asDate(t)));
  if (t instanceof RubyDate) return t.addDays(sign * Number(other));
  const d = asDate(t);
  const micro = (d as Date & { microRemainder?: number }).microRemainder ?? 0;
  return sameKind(t, utcTime(d.getTime() + sign * Number(other) * 1000, micro));
}

export const DurationMethods = {
  ago: (d: Duration, from: unknown = null) => d.ago(from instanceof Date ? from : currentTime()),
  fromNow: (d: Duration) => d.fromNow(currentTime()),
  since: (d: Duration, from: unknown = null) => d.since(from instanceof Date ? from : currentTime()),
  after: (d: Duration, from: unknown = null) => d.since(from instanceof Date ? from : currentTime()),
  before: (d: Duration, from: unknown = null) => d.ago(from instanceof Date ? from : currentTime()),
  inspect: (d: Duration) => d.toRubyInspect(),
  iso8601: (d: Duration) => d.iso8601(),
  toI: (d: Duration) => Math.trunc(d.value),
  inSeconds: (d: Duration) => d.value,
  toS: (d: Duration) => d.toRubyString(),
  plus: (d: Duration, other: unknown) => d.plus(other as Duration | number),
  minus: (d: Duration, other: unknown) => d.plus(other instanceof Duration ? other.negate() : -Number(other)),
  toJson: (d: Duration) => encodeJson(d),
};

export const TimeZoneMethods = {
  now: (z: TimeZone) => inTimeZone(currentTime(), z.name),
  today: (z: TimeZone) => new RubyDate(...ymd(inTimeZone(currentTime(), z.name))),
  name: (z: TimeZone) => z.name,
  toS: (z: TimeZone) => z.toRubyString(),
  utcOffset: (z: TimeZone) => z.utcOffset,
  at: (z: TimeZone, seconds: unknown) => inTimeZone(utcTime(Number(seconds) * 1000), z.name),
  /** TimeZone#parse: a time without an offset is local to the zone. */
  parse: (z: TimeZone, text: unknown) => {
    const s = toS(text).trim();
    if (/([+-]\d\d:?\d\d|Z)$/.test(s)) return inTimeZone(new Date(s.replace(" ", "T")), z.name);
    const m = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d))?)?$/.exec(s);
    if (!m) return null;
    const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
    const offset = z.utcOffsetAt(local - z.utcOffsetAt(local) * 1000);
    return inTimeZone(utcTime(local - offset * 1000), z.name);
  },
};
