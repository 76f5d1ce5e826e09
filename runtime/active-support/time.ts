// ActiveSupport::TimeWithZone in the app's Time.zone -> Time: a JS Date (so every helper that takes a Date takes
// it) that also keeps the microseconds Rails stores in datetime(6) columns, plus the clock records are stamped with.
// It prints and calculates in Time.zone (UTC unless config.time_zone or Time.use_zone says otherwise).
//
//   Time.current / Time.now              currentTime()        (injectable: setClock; RAILS2TS_FROZEN_TIME; else the
//                                                              wall clock to the microsecond, as Rails stamps records)
//   "2024-02-15 12:00:00.5" assigned      Time.cast(s)         (ActiveModel::Type::DateTime#cast_value)
//   connection.quoted_date(t)             t.toDb()             "2024-02-15 12:00:00.500000" (no fraction at 0 usec)
//   t.to_s / t.inspect                    t.toRubyString() / t.toRubyInspect()
//   t.as_json                             t.asJson()           "2024-02-15T12:00:00.500Z"

import { followsAppZone } from "./strftime.js";
import { inTimeZone, iso8601, ZonedTime } from "./zoned-time.js";
import { defaultTimeZone } from "./time-zone.js";
import { parseTimeText, validCivil } from "./time-parse.js";
import { BoundedMemo } from "./bounded-memo.js";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// Type::DateTime's fast path (ISO 8601 / SQL form, optional fraction and offset), else a date alone at midnight.
const DATETIME = /^\s*(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?\s*(Z|[+-]\d\d(?::?\d\d)?)?)?\s*$/i;

/** Time.cast's answers for SQL-form texts read as UTC (the DATETIME form alone: it depends on nothing but the text). */
const utcCasts = new BoundedMemo<string, [number, number] | null>(8192);

export class Time extends Date {
  /** A Ruby class name for class / is_a?: Time.current and datetime columns are TimeWithZones in a Rails app. */
  static readonly rubyName = "ActiveSupport::TimeWithZone";
  /** Microseconds beyond the millisecond the Date holds (0..999). */
  readonly microRemainder: number;

  constructor(epochMs: number, microRemainder = 0) {
    super(epochMs);
    this.microRemainder = microRemainder;
  }

  static utc(year: number, month: number, day: number, hour = 0, min = 0, sec = 0, usec = 0): Time {
    return new Time(Date.UTC(year, month - 1, day, hour, min, sec) + Math.floor(usec / 1000), usec % 1000);
  }

  static fromEpochMicros(micros: bigint): Time {
    const rem = ((micros % 1000n) + 1000n) % 1000n;
    return new Time(Number((micros - rem) / 1000n), Number(rem));
  }

  static fromDate(date: Date): Time {
    return date instanceof Time ? date : new Time(date.getTime(), (date as Date & { microRemainder?: number }).microRemainder ?? 0);
  }

  /** Any time value at its instant: a Date, or a zoned one (a TimeWithZone elsewhere, a fixed-offset Time, a
   * DateTime: support's ZonedTime, read by its epoch) as Rails stores a TimeWithZone: in UTC. Null otherwise. */
  static fromInstant(value: unknown): Time | null {
    if (value instanceof Date) return Time.fromDate(value);
    const z = value as { epochMs?: unknown; microRemainder?: unknown; kind?: unknown } | null;
    if (z !== null && typeof z === "object" && typeof z.epochMs === "number" && typeof z.kind === "string") return new Time(z.epochMs, Number(z.microRemainder ?? 0));
    return null;
  }

  /**
   * Rails' cast of a String to a datetime; null when it is not a time (as Rails gives nil). A wall clock without an
   * offset is UTC as the database stores it ("utc", deserializing), or in Time.zone as a user typed it ("app").
   */
  static cast(input: string, wallClock: "utc" | "app" = "utc"): Time | null {
    // Every datetime column of every row read goes through here: the same texts recur (a page's records are read
    // again on the next request), so the instant of each SQL-form text read back as UTC is kept; a new Time each
    // time, since a Date can be mutated.
    if (wallClock === "utc") {
      const known = utcCasts.get(input);
      if (known !== undefined) return known === null ? null : new Time(known[0], known[1]);
    }
    const m = DATETIME.exec(input);
    if (!m) return Time.castOtherForm(input, wallClock);
    const t = Time.castMatch(m, wallClock);
    if (wallClock === "utc") utcCasts.set(input, t === null ? null : [t.getTime(), t.microRemainder]);
    return t;
  }

  private static castMatch(m: RegExpExecArray, wallClock: "utc" | "app"): Time | null {
    const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
    const usec = Number(frac.slice(0, 6).padEnd(6, "0"));
    const t = Time.utc(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), usec);
    // Assigned text goes through Time.zone.parse (time_zone_aware_attributes), which rolls a day past the month's
    // end over (Feb 30 is Mar 1); the database's never has one.
    const rolls = wallClock === "app" && Number(d) <= 31 && Number(mo) >= 1 && Number(mo) <= 12;
    if (!rolls && (t.getUTCDate() !== Number(d) || t.getUTCMonth() !== Number(mo) - 1)) return null;
    if (Number.isNaN(t.getTime())) return null;
    if (!zone) return wallClock === "app" ? inAppZone(t) : t;
    if (zone.toUpperCase() === "Z") return t;
    const offset = zone.replace(":", "");
    const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5) || "0");
    return new Time(t.getTime() - (offset[0] === "-" ? -minutes : minutes) * 60_000, t.microRemainder);
  }

  /**
   * Type::DateTime's fallback (Date._parse) for the other forms time-parse.ts reads ("Feb 15 2024 10:00",
   * "15/02/2024", RFC 2822); nil for text that is none of them, or a day the month lacks.
   */
  private static castOtherForm(input: string, wallClock: "utc" | "app"): Time | null {
    const p = parseTimeText(input);
    if (!p || !validCivil(p.year, p.month, p.day)) return null;
    const t = new Time(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.min, p.sec) + Math.floor(p.nsec / 1e6), Math.floor(p.nsec / 1000) % 1000);
    if (p.offset === null) return wallClock === "app" ? inAppZone(t) : t;
    return new Time(t.getTime() - p.offset * 1000, t.microRemainder);
  }

  /** Microseconds within the second (Time#usec). */
  get usec(): number {
    return this.getUTCMilliseconds() * 1000 + this.microRemainder;
  }

  /** Microseconds since the epoch, exact. */
  get epochMicros(): bigint {
    return BigInt(this.getTime()) * 1000n + BigInt(this.microRemainder);
  }

  private dateTime(sep: string): string {
    const date = `${pad(this.getUTCFullYear(), 4)}-${pad(this.getUTCMonth() + 1)}-${pad(this.getUTCDate())}`;
    return `${date}${sep}${pad(this.getUTCHours())}:${pad(this.getUTCMinutes())}:${pad(this.getUTCSeconds())}`;
  }

  /** How Rails writes the value to SQLite (quoted_date): microseconds only when there are any. */
  toDb(): string {
    return this.usec === 0 ? this.dateTime(" ") : `${this.dateTime(" ")}.${pad(this.usec, 6)}`;
  }

  /** Time.zone's TimeWithZone for this instant when Time.zone is not UTC (config.time_zone, Time.use_zone). */
  private zoned(): ZonedTime | null {
    return followsAppZone(this) ? inTimeZone(this) : null;
  }

  /** Time#xmlschema / iso8601 with n fractional digits (truncated, as Ruby does). */
  iso8601(fractionDigits = 0): string {
    const zoned = this.zoned();
    if (zoned) return iso8601(zoned, fractionDigits);
    const frac = fractionDigits > 0 ? `.${pad(this.usec, 6).padEnd(fractionDigits, "0").slice(0, fractionDigits)}` : "";
    return `${this.dateTime("T")}${frac}Z`;
  }

  /** ActiveSupport's Time#as_json with use_standard_json_time_format: 3 digits, Z for UTC. */
  asJson(): string {
    return this.iso8601(3);
  }

  toRubyString(): string {
    return this.zoned()?.toRubyString() ?? `${this.dateTime(" ")} UTC`;
  }

  toRubyInspect(): string {
    const zoned = this.zoned();
    if (zoned) return zoned.toRubyInspect();
    const day = `${DAYS[this.getUTCDay()]}, ${pad(this.getUTCDate())} ${MONTHS[this.getUTCMonth()]} ${this.getUTCFullYear()}`;
    return `${day} ${this.dateTime(" ").slice(11)}.${pad(this.usec, 6)}000 UTC +00:00`;
  }

  /** Ruby == on times: same instant to the microsecond. */
  isEqual(other: unknown): boolean {
    if (!(other instanceof Date)) return false;
    return this.epochMicros === Time.fromDate(other).epochMicros;
  }
}

/** A wall clock read without an offset is in Time.zone (Time.zone.parse), not UTC, when the app names a zone. */
function inAppZone(t: Time): Time {
  const zone = defaultTimeZone();
  if (zone.ianaId === "Etc/UTC" || zone.ianaId === "UTC") return t;
  const local = t.getTime();
  const offset = zone.utcOffsetAt(local - zone.utcOffsetAt(local) * 1000);
  return new Time(local - offset * 1000, t.microRemainder);
}

let clock: (() => Date) | null = null;
let frozen: { spec: string; time: Time | null } | null = null;

/** Replaces the clock (tests); null restores the default (RAILS2TS_FROZEN_TIME if set, else the wall clock). */
export function setClock(fn: (() => Date) | null): void {
  clock = fn;
}

/** Time.current: what timestamps are stamped with. */
export function currentTime(): Time {
  if (clock) return Time.fromDate(clock());
  const spec = process.env.RAILS2TS_FROZEN_TIME;
  if (spec) {
    if (frozen?.spec !== spec) frozen = { spec, time: Time.cast(spec) };
    if (frozen.time) return frozen.time;
  }
  return Time.fromEpochMicros(wallClockMicros());
}

// Rails stamps records with Time.now (nanoseconds) and keeps microseconds (datetime precision 6); Date.now() has
// milliseconds only. The microseconds come from the monotonic clock, anchored to the wall clock, which stays the
// authority: the result always lies inside Date.now()'s millisecond, and when the estimate leaves it (the wall
// clock was stepped, or the process slept) it is anchored again. A wall clock that stands still while monotonic
// time passes (faketime) gives its millisecond exactly, as a frozen Time.now does.
// The anchor cannot know where inside its millisecond it was taken, so an estimate may run ahead of the wall clock
// and be re-anchored to a lower value inside the same millisecond: the last value given is a floor for the next
// (within the same wall millisecond), so stamps never go back unless the wall clock itself does.
let anchor: { wallMs: number; hr: bigint } | null = null;
let stoppedAt: number | null = null;
let last = 0n;

/** The wall clock in microseconds since the epoch. */
export function wallClockMicros(): bigint {
  const wallMs = Date.now();
  const hr = process.hrtime.bigint();
  const floor = BigInt(wallMs) * 1000n;
  const keep = (micros: bigint): bigint => {
    last = last >= floor && last < floor + 1000n && last > micros ? last : micros;
    return last;
  };
  if (stoppedAt === wallMs) return keep(floor);
  stoppedAt = null;
  if (!anchor) anchor = { wallMs, hr };
  const estimate = BigInt(anchor.wallMs) * 1000n + (hr - anchor.hr) / 1000n;
  if (estimate >= floor && estimate < floor + 1000n) return keep(estimate);
  if (estimate >= floor + 1000n && anchor.wallMs === wallMs) stoppedAt = wallMs;
  anchor = { wallMs, hr };
  return keep(floor);
}
