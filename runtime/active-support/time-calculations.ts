// DateAndTime::Calculations and Time#change / #advance on every time value, keeping its kind: a UTC Time (a JS
// Date), the app's TimeWithZone in UTC (record Time), a ZonedTime (a zone, a fixed offset, a DateTime) or a Date.
// Each works on the value's wall clock in its own zone, then builds the same kind of value back:
//   t.beginning_of_month     withLocal(t, { ...localOf(t), day: 1, hour: 0, ... })
//   t + 1.day (a DST zone)    the calendar day moves (12:00 stays 12:00); t + 24.hours moves 86400 seconds
//   t.end_of_day              23:59:59.999999999 (nanoseconds below the microsecond: `nanoRemainder`)
import { Time } from "./time.js";
import { instantOf } from "./core-ext/compare.js";
import { RubyDate } from "../ruby/date.js";
import { ArgumentError, DateError } from "../ruby/errors.js";
import { defaultTimeZone, type TimeZone } from "./time-zone.js";
import { followsAppZone, timePartsOf, type WallClock } from "./strftime.js";
import { ZonedTime, type TimeValue } from "./zoned-time.js";

/** A wall clock: the civil date, the time of day, and nanoseconds within the second. */
export type Local = WallClock;

export function localOf(t: TimeValue): Local {
  const p = timePartsOf(t);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, min: p.min, sec: p.sec, nsec: p.nsec };
}

const split = (nsec: number) => ({ ms: Math.floor(nsec / 1e6), micro: Math.floor(nsec / 1000) % 1000, nano: nsec % 1000 });

/** A JS Date (or record Time) at an instant, with the sub-millisecond parts. */
function dateAt(like: Date, ms: number, subNs: number): Date {
  const micro = Math.floor(subNs / 1000);
  const nano = subNs % 1000;
  const d = like instanceof Time ? new Time(ms, micro) : Object.assign(new Date(ms), { microRemainder: micro });
  return nano ? Object.assign(d, { nanoRemainder: nano }) : d;
}

/** The same kind of value as `t` at another instant (ms since the epoch, ns below the ms). */
export function atInstant(t: Date | ZonedTime, ms: number, subNs: number): Date | ZonedTime {
  if (t instanceof ZonedTime) return new ZonedTime(ms, Math.floor(subNs / 1000), t.zone, t.fixedOffset, t.kind, subNs % 1000);
  return dateAt(t, ms, subNs);
}

/**
 * Epoch milliseconds of a wall clock in a zone, as TZInfo's period_for_local(local, dst = true) reads it: a wall
 * clock that happens twice (clocks going back) is the daylight-saving one, one that never happens (clocks going
 * forward) is read with the offset before the change (02:30 on a spring-forward day is 03:30 daylight time).
 */
export function zoneLocalToEpoch(zone: TimeZone, localMs: number): number {
  const before = zone.utcOffsetAt(localMs - 86400000);
  const after = zone.utcOffsetAt(localMs + 86400000);
  const valid = [...new Set([before, after])].filter((o) => zone.utcOffsetAt(localMs - o * 1000) === o);
  if (valid.length === 0) return localMs - before * 1000;
  const dst = valid.find((o) => zone.isDstAt(localMs - o * 1000));
  return localMs - (dst ?? valid[0]!) * 1000;
}

/** The same kind of value as `t` at a wall clock in t's own zone (a Date keeps only the civil date). */
export function withLocal(t: TimeValue, l: Local): TimeValue {
  if (t instanceof RubyDate) return new RubyDate(l.year, l.month, l.day);
  const { ms, micro, nano } = split(l.nsec);
  const localMs = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.min, l.sec) + ms;
  const subNs = micro * 1000 + nano;
  if (t instanceof ZonedTime) {
    const epoch = t.zone ? zoneLocalToEpoch(t.zone, localMs) : localMs - t.fixedOffset * 1000;
    return new ZonedTime(epoch, micro, t.zone, t.fixedOffset, t.kind, nano);
  }
  // The app's TimeWithZone (a record Time) keeps its wall clock in Time.zone.
  return dateAt(t, followsAppZone(t) ? zoneLocalToEpoch(defaultTimeZone(), localMs) : localMs, subNs);
}

/** A Date as a time: midnight in Time.zone (ActiveSupport's Date#in_time_zone, what Date#ago and friends use). */
export function dateToZoned(d: RubyDate, zone: TimeZone = defaultTimeZone()): ZonedTime {
  const epoch = zoneLocalToEpoch(zone, Date.UTC(d.year, d.month - 1, d.day));
  return new ZonedTime(epoch, 0, zone, 0, "twz");
}

/** `t + seconds` (a Float keeps its fraction, to the nanosecond), the same kind of value. */
export function shiftSeconds(t: TimeValue, seconds: number): TimeValue {
  const base = t instanceof RubyDate ? dateToZoned(t) : t;
  const at = instantOf(base)!;
  const totalNs = at.ns + Math.round((seconds % 1) * 1e9);
  const carryMs = Math.floor(totalNs / 1e6);
  return atInstant(base, at.ms + Math.trunc(seconds) * 1000 + carryMs, totalNs - carryMs * 1e6);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Moves the civil date by months then days (the day clamped to the month, as Ruby's >> does). */
function moveDate(l: Local, months: number, days: number): Local {
  let d = new RubyDate(l.year, l.month, l.day);
  if (months) d = d.addMonths(months);
  if (days) d = d.addDays(days);
  return { ...l, year: d.year, month: d.month, day: d.day };
}

export type AdvanceParts = Partial<Record<"years" | "months" | "weeks" | "days" | "hours" | "minutes" | "seconds", number>>;

/**
 * Time#advance / Date#advance / Duration#since: years, months, weeks and days move the wall clock (fractions of a
 * day or week in seconds), hours, minutes and seconds move the instant. A Date given time parts becomes a time.
 */
export function advanceTime(t: TimeValue, parts: AdvanceParts): TimeValue {
  // Fractions of a week become days, fractions of a day hours (Time#advance's divmod(1)).
  const weeks = parts.weeks ?? 0;
  let days = (parts.days ?? 0) + (weeks - Math.floor(weeks)) * 7;
  const hours = (parts.hours ?? 0) + (days - Math.floor(days)) * 24;
  days = Math.floor(days) + Math.floor(weeks) * 7;
  const months = Math.trunc((parts.years ?? 0) * 12 + (parts.months ?? 0));
  const seconds = hours * 3600 + (parts.minutes ?? 0) * 60 + (parts.seconds ?? 0);
  const value = months || days ? withLocal(t, moveDate(localOf(t), months, days)) : t;
  return seconds ? shiftSeconds(value, seconds) : value;
}

export const DAYS_INTO_WEEK: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
};

/** Date.beginning_of_week (config.beginning_of_week, :monday by default). */
export const weekConfig = { start: "monday" };

export function weekStart(day: unknown): number {
  const name = day === null || day === undefined ? weekConfig.start : String(day);
  const n = DAYS_INTO_WEEK[name];
  if (n === undefined) throw new KeyErrorLike(`key not found: :${name}`);
  return n;
}

class KeyErrorLike extends Error {
  override name = "KeyError";
}

const wdayOf = (l: Local) => new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay();
const MIDNIGHT = { hour: 0, min: 0, sec: 0, nsec: 0 };
const LAST_NS = { hour: 23, min: 59, sec: 59, nsec: 999_999_999 };

/** Time#change(year:, month:, day:, hour:, min:, sec:, usec:, nsec:): smaller units reset as Ruby resets them. */
export function change(t: TimeValue, opts: Record<string, unknown>): TimeValue {
  const l = localOf(t);
  const n = (k: string) => (opts[k] === undefined || opts[k] === null ? undefined : Number(opts[k]));
  const out: Local = { ...l, year: n("year") ?? l.year, month: n("month") ?? l.month, day: n("day") ?? l.day };
  if (t instanceof RubyDate) {
    if (out.day > daysInMonth(out.year, out.month) || out.month < 1 || out.month > 12) throw new DateError("invalid date");
    return withLocal(t, out);
  }
  const hour = n("hour");
  const min = n("min");
  const sec = n("sec");
  out.hour = hour ?? l.hour;
  out.min = min ?? (hour !== undefined ? 0 : l.min);
  out.sec = sec ?? (hour !== undefined || min !== undefined ? 0 : l.sec);
  const usec = n("usec");
  const nsec = n("nsec");
  const reset = hour !== undefined || min !== undefined || sec !== undefined;
  out.nsec = nsec !== undefined ? nsec : usec !== undefined ? Math.round(usec * 1000) : reset ? 0 : l.nsec;
  // Ruby's Time.new takes days up to 31 in any month and rolls over (Feb 31 is Mar 2); a Date raises instead.
  if (out.day < 1 || out.day > 31 || out.month < 1 || out.month > 12 || out.hour > 23 || out.min > 59 || out.sec > 59) {
    throw new ArgumentError("argument out of range");
  }
  const overflow = out.day - daysInMonth(out.year, out.month);
  if (overflow > 0) return withLocal(t, { ...moveDate({ ...out, day: daysInMonth(out.year, out.month) }, 0, overflow) });
  return withLocal(t, out);
}


/** The calendar calculations (DateAndTime::Calculations), on the value's own wall clock. */
export const Calculations = {
  beginningOfDay: (t: TimeValue) => (t instanceof RubyDate ? dateToZoned(t) : withLocal(t, { ...localOf(t), ...MIDNIGHT })),
  endOfDay: (t: TimeValue) => withLocal(t instanceof RubyDate ? dateToZoned(t) : t, { ...localOf(t), ...LAST_NS }),
  middleOfDay: (t: TimeValue) => withLocal(t instanceof RubyDate ? dateToZoned(t) : t, { ...localOf(t), ...MIDNIGHT, hour: 12 }),
  beginningOfHour: (t: TimeValue) => withLocal(t, { ...localOf(t), min: 0, sec: 0, nsec: 0 }),
  endOfHour: (t: TimeValue) => withLocal(t, { ...localOf(t), min: 59, sec: 59, nsec: 999_999_999 }),
  beginningOfMinute: (t: TimeValue) => withLocal(t, { ...localOf(t), sec: 0, nsec: 0 }),
  endOfMinute: (t: TimeValue) => withLocal(t, { ...localOf(t), sec: 59, nsec: 999_999_999 }),
  daysToWeekStart: (t: TimeValue, start?: unknown) => (wdayOf(localOf(t)) - weekStart(start) + 7) % 7,
  beginningOfWeek: (t: TimeValue, start?: unknown) => {
    const l = localOf(t);
    return withLocal(t, { ...moveDate(l, 0, -Calculations.daysToWeekStart(t, start)), ...MIDNIGHT });
  },
  endOfWeek: (t: TimeValue, start?: unknown) => {
    const l = localOf(t);
    return withLocal(t, { ...moveDate(l, 0, 6 - Calculations.daysToWeekStart(t, start)), ...LAST_NS });
  },
  beginningOfMonth: (t: TimeValue) => withLocal(t, { ...localOf(t), day: 1, ...MIDNIGHT }),
  endOfMonth: (t: TimeValue) => {
    const l = localOf(t);
    return withLocal(t, { ...l, day: daysInMonth(l.year, l.month), ...LAST_NS });
  },
  beginningOfQuarter: (t: TimeValue) => {
    const l = localOf(t);
    return withLocal(t, { ...l, month: Math.floor((l.month - 1) / 3) * 3 + 1, day: 1, ...MIDNIGHT });
  },
  endOfQuarter: (t: TimeValue) => {
    const l = localOf(t);
    const month = Math.floor((l.month - 1) / 3) * 3 + 3;
    return withLocal(t, { ...l, month, day: daysInMonth(l.year, month), ...LAST_NS });
  },
  beginningOfYear: (t: TimeValue) => withLocal(t, { ...localOf(t), month: 1, day: 1, ...MIDNIGHT }),
  endOfYear: (t: TimeValue) => withLocal(t, { ...localOf(t), month: 12, day: 31, ...LAST_NS }),
  quarter: (t: TimeValue) => Math.floor((localOf(t).month - 1) / 3) + 1,
  /** next_week(day = :monday): that day of next week, at midnight (same_time: keeps the time of day). */
  nextWeek: (t: TimeValue, day?: unknown, opts?: unknown) => weekShift(t, 1, day, opts),
  prevWeek: (t: TimeValue, day?: unknown, opts?: unknown) => weekShift(t, -1, day, opts),
  nextWeekday: (t: TimeValue) => {
    const next = advanceTime(t, { days: 1 });
    const wday = wdayOf(localOf(next));
    return wday === 0 || wday === 6 ? advanceTime(t, { days: wday === 6 ? 3 : 2 }) : next;
  },
  prevWeekday: (t: TimeValue) => {
    const prev = advanceTime(t, { days: -1 });
    const wday = wdayOf(localOf(prev));
    return wday === 0 || wday === 6 ? advanceTime(t, { days: wday === 0 ? -3 : -2 }) : prev;
  },
  wday: (t: TimeValue) => wdayOf(localOf(t)),
  yday: (t: TimeValue) => {
    const l = localOf(t);
    return Math.round((Date.UTC(l.year, l.month - 1, l.day) - Date.UTC(l.year, 0, 1)) / 86400000) + 1;
  },
  isOnWeekend: (t: TimeValue) => [0, 6].includes(wdayOf(localOf(t))),
  isOnWeekday: (t: TimeValue) => ![0, 6].includes(wdayOf(localOf(t))),
};

function weekShift(t: TimeValue, weeks: number, day: unknown, opts: unknown): TimeValue {
  const options = opts !== null && typeof opts === "object" ? (opts as Record<string, unknown>) : typeof day === "object" && day !== null ? (day as Record<string, unknown>) : {};
  const given = typeof day === "string" ? day : undefined;
  const start = weekStart(undefined);
  const span = (weekStart(given) - start + 7) % 7;
  const l = localOf(t);
  const monday = moveDate(l, 0, weeks * 7 - Calculations.daysToWeekStart(t) + span);
  return withLocal(t, options.same_time ? monday : { ...monday, ...MIDNIGHT });
}

export { daysInMonth };
