// Times with a zone or offset, and the Rails conversions every time value shares:
//   t.in_time_zone("Tokyo")    -> inTimeZone(t, "Tokyo")       (ActiveSupport::TimeWithZone, kind "twz")
//   DateTime.new(..., "+05:30") -> ZonedTime.fixed(..., 19800, "datetime")
//   t.to_fs(:long) -> toFs(t, "long")    t.iso8601 -> iso8601(t)    t.formatted_offset -> formattedOffset(t)
// A plain JS Date is Ruby's UTC Time (what Time.utc and database datetimes give in a UTC app).
import { toS } from "../ruby/ruby.js";
import { ArgumentError } from "../ruby/errors.js";
import { RubyDate } from "../ruby/date.js";
import { ordinalize } from "./inflector.js";
import { followsAppZone, strftime, timeInspect, timePartsOf, type HasTimeParts, type TimeParts } from "./strftime.js";
import { defaultTimeZone, findTimeZone, formatOffset, TimeZone } from "./time-zone.js";

export type TimeKind = "twz" | "time" | "datetime";

export class ZonedTime implements HasTimeParts {
  constructor(
    readonly epochMs: number,
    /** Microseconds below the millisecond (0..999). */
    readonly microRemainder: number,
    readonly zone: TimeZone | null,
    readonly fixedOffset: number,
    readonly kind: TimeKind,
    /** Nanoseconds below the microsecond (0..999): end_of_day is 23:59:59.999999999. */
    readonly nanoRemainder = 0,
  ) {}

  /** A time at a fixed UTC offset (Time.new(..., "+05:30"), DateTime.new(..., "+05:30")). */
  static fixed(year: number, month: number, day: number, hour: number, min: number, sec: number, offset: number, kind: TimeKind): ZonedTime {
    // A Float second keeps its fraction (DateTime.new(..., 45.5)), to the nanosecond.
    const whole = Math.floor(sec);
    const ns = Math.round((sec - whole) * 1e9);
    const ms = Date.UTC(year, month - 1, day, hour, min, whole) - offset * 1000 + Math.floor(ns / 1e6);
    return new ZonedTime(ms, Math.floor(ns / 1000) % 1000, null, offset, kind, ns % 1000);
  }

  get utcOffset(): number {
    return this.zone ? this.zone.utcOffsetAt(this.epochMs) : this.fixedOffset;
  }

  /** `utc?`: a UTC zone (not merely a zero offset). */
  get isUtc(): boolean {
    // A local Time of a UTC process has the UTC zone but is not utc? (only a TimeWithZone in UTC is).
    return this.kind === "twz" && this.zone !== null && (this.zone.ianaId === "Etc/UTC" || this.zone.ianaId === "UTC");
  }

  toDate(): Date {
    return Object.assign(new Date(this.epochMs), { microRemainder: this.microRemainder });
  }

  timeParts(): TimeParts {
    const offset = this.utcOffset;
    const local = timePartsOf(new Date(this.epochMs + offset * 1000));
    const zone = this.kind === "datetime" ? formatOffset(offset) : this.zone ? this.zone.abbreviationAt(this.epochMs) : "";
    return { ...local, nsec: local.nsec + this.microRemainder * 1000 + this.nanoRemainder, utcOffset: offset, zone, epoch: Math.floor(this.epochMs / 1000) };
  }

  toRubyString(): string {
    if (this.kind === "datetime") return strftime(this, "%Y-%m-%dT%H:%M:%S%:z");
    if (this.kind === "twz") return `${strftime(this, "%Y-%m-%d %H:%M:%S")} ${this.isUtc ? "UTC" : formatOffset(this.utcOffset, false)}`;
    return strftime(this, "%Y-%m-%d %H:%M:%S %z");
  }

  toRubyInspect(): string {
    if (this.kind === "twz") return `${strftime(this, "%a, %d %b %Y %H:%M:%S.%9N")} ${this.timeParts().zone} ${formatOffset(this.utcOffset)}`;
    if (this.kind === "datetime") return toFs(this, "rfc822");
    return timeInspect(this, false);
  }

  asJson(): string {
    if (this.kind === "datetime") return strftime(this, "%Y-%m-%dT%H:%M:%S.%3N%:z");
    return iso8601(this, 3);
  }
}

export type TimeValue = Date | RubyDate | ZonedTime;

/** `in_time_zone(zone = Time.zone)` for a Time, TimeWithZone or Date (midnight in that zone). */
export function inTimeZone(value: TimeValue, zoneName?: string | TimeZone | null): ZonedTime {
  const zone = zoneName instanceof TimeZone ? zoneName : zoneName ? findTimeZone(zoneName) : defaultTimeZone();
  if (!zone) throw new ArgumentError(`Invalid Timezone: ${zoneName}`);
  if (value instanceof RubyDate) {
    const guess = Date.UTC(value.year, value.month - 1, value.day);
    return new ZonedTime(guess - zone.utcOffsetAt(guess - zone.utcOffsetAt(guess) * 1000) * 1000, 0, zone, 0, "twz");
  }
  const ms = value instanceof ZonedTime ? value.epochMs : value.getTime();
  const micro = value instanceof ZonedTime ? value.microRemainder : ((value as Date & { microRemainder?: number }).microRemainder ?? 0);
  return new ZonedTime(ms, micro, zone, 0, "twz");
}

/** A record Time while Time.zone is not UTC is that zone's TimeWithZone (strftime.ts: followsAppZone). */
export function appZoned<T extends TimeValue>(value: T): T | ZonedTime {
  return value instanceof Date && followsAppZone(value) ? inTimeZone(value) : value;
}

/** Time/DateTime#formatted_offset(colon = true, alternate_utc_string = nil). */
export function formattedOffset(given: Date | ZonedTime, colon = true, alternateUtc: string | null = null): string {
  const value = appZoned(given);
  const utc = value instanceof Date || value.isUtc;
  if (utc && alternateUtc !== null) return alternateUtc;
  return formatOffset(value instanceof Date ? 0 : value.utcOffset, colon);
}

/** iso8601/xmlschema(fraction_digits): "Z" for UTC Time/TimeWithZone, "+00:00" for DateTime. */
export function iso8601(given: TimeValue, fractionDigits = 0): string {
  const value = appZoned(given);
  if (value instanceof RubyDate) return value.toRubyString();
  const frac = fractionDigits > 0 ? `.%${fractionDigits}N` : "";
  const base = strftime(value, `%Y-%m-%dT%H:%M:%S${frac}`);
  if (value instanceof ZonedTime && value.kind === "datetime") return base + formatOffset(value.utcOffset);
  return base + formattedOffset(value, true, "Z");
}

/** Time::DATE_FORMATS (an app's initializer may add formats: a strftime String or a callable). */
export const TIME_FORMATS: Record<string, string | ((t: Date | ZonedTime) => unknown)> = {
  db: "%Y-%m-%d %H:%M:%S",
  inspect: "%Y-%m-%d %H:%M:%S.%9N %z",
  number: "%Y%m%d%H%M%S",
  nsec: "%Y%m%d%H%M%S%9N",
  usec: "%Y%m%d%H%M%S%6N",
  time: "%H:%M",
  short: "%d %b %H:%M",
  long: "%B %d, %Y %H:%M",
  long_ordinal: (t) => strftime(t, `%B ${ordinalize(timePartsOf(t).day)}, %Y %H:%M`),
  rfc822: (t) => strftime(t, `%a, %d %b %Y %H:%M:%S ${formattedOffset(t, false)}`),
  iso8601: (t) => iso8601(t),
};

/** Date::DATE_FORMATS. */
export const DATE_FORMATS: Record<string, string | ((d: RubyDate) => unknown)> = {
  short: "%d %b",
  long: "%B %d, %Y",
  db: "%Y-%m-%d",
  inspect: "%Y-%m-%d",
  number: "%Y%m%d",
  long_ordinal: (d) => strftime(d, `%B ${ordinalize(d.day)}, %Y`),
  rfc822: "%d %b %Y",
  iso8601: (d) => d.toRubyString(),
};

/** Time#to_fs / Date#to_fs / DateTime#to_fs / TimeWithZone#to_fs (unknown formats fall back to to_s). */
export function toFs(given: TimeValue, format = "default"): string {
  const value = appZoned(given);
  if (value instanceof RubyDate) {
    const f = DATE_FORMATS[format];
    return f === undefined ? value.toRubyString() : typeof f === "function" ? toS(f(value)) : strftime(value, f);
  }
  if (format === "db" && value instanceof ZonedTime && value.kind === "twz") return toFs(new Date(value.epochMs), "db");
  const f = TIME_FORMATS[format];
  if (f === undefined) return value instanceof ZonedTime ? value.toRubyString() : `${strftime(value, "%Y-%m-%d %H:%M:%S")} UTC`;
  // A callable format's result is to_s'd (`formatter.call(self).to_s`).
  return typeof f === "function" ? toS(f(value)) : strftime(value, f);
}

/** Time#httpdate: RFC 1123 in GMT. */
export function httpdate(value: Date | ZonedTime): string {
  return strftime(new Date(value instanceof ZonedTime ? value.epochMs : value.getTime()), "%a, %d %b %Y %H:%M:%S GMT");
}

/** Time#rfc2822: "-0000" for UTC times, the offset otherwise. */
export function rfc2822(given: Date | ZonedTime): string {
  const value = appZoned(given);
  const utc = value instanceof Date || value.isUtc;
  return strftime(value, `%a, %d %b %Y %H:%M:%S ${utc ? "-0000" : formatOffset(value.utcOffset, false)}`);
}
