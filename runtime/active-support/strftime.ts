// Ruby's strftime over broken-down time parts (Time in UTC, TimeWithZone, Date), with Ruby's flags
// (-, _, 0, ^, #), widths and the %:z family. Month/day names are English, as Ruby's are.
import { defaultTimeZone } from "./time-zone.js";
import { setTimeInspect } from "../ruby/ruby.js";
import { ABBR_DAY_NAMES, ABBR_MONTH_NAMES, DAY_NAMES, MONTH_NAMES, RubyDate } from "../ruby/date.js";

/** A wall clock: the civil date, the time of day, and nanoseconds within the second. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  /** Nanoseconds within the second. */
  nsec: number;
}

/** The fields strftime reads. `utcOffset` is in seconds east of UTC. */
export interface TimeParts extends WallClock {
  utcOffset: number;
  /** %Z: "UTC", "JST", ... (Date gives "+00:00"). */
  zone: string;
  /** Seconds since the epoch. */
  epoch: number;
}

/** Anything that can give its parts: Dates (UTC), RubyDate and zoned times implement `timeParts()`. */
export interface HasTimeParts {
  timeParts(): TimeParts;
}

export function timePartsOf(v: Date | RubyDate | HasTimeParts): TimeParts {
  if (v instanceof RubyDate) {
    const t = v.toTime();
    return { year: v.year, month: v.month, day: v.day, hour: 0, min: 0, sec: 0, nsec: 0, utcOffset: 0, zone: "+00:00", epoch: t.getTime() / 1000 };
  }
  if (!(v instanceof Date)) return v.timeParts();
  const usecExtra = (v as Date & { microRemainder?: number }).microRemainder ?? 0;
  const nanoExtra = (v as Date & { nanoRemainder?: number }).nanoRemainder ?? 0;
  // The app's TimeWithZone (a record Time: Time.current, datetime attributes) reads in Time.zone.
  const zone = followsAppZone(v) ? defaultTimeZone() : null;
  const offset = zone ? zone.utcOffsetAt(v.getTime()) : 0;
  const w = offset ? new Date(v.getTime() + offset * 1000) : v;
  return {
    year: w.getUTCFullYear(), month: w.getUTCMonth() + 1, day: w.getUTCDate(), hour: w.getUTCHours(),
    min: w.getUTCMinutes(), sec: w.getUTCSeconds(), nsec: (w.getUTCMilliseconds() * 1000 + usecExtra) * 1000 + nanoExtra,
    utcOffset: offset, zone: zone ? zone.abbreviationAt(v.getTime()) : "UTC", epoch: Math.floor(v.getTime() / 1000),
  };
}

/**
 * Whether a JS Date stands for the app's TimeWithZone in a Time.zone other than UTC: a record Time (its class says
 * so with `rubyName`) while config.time_zone or Time.use_zone names another zone. A plain Date is a UTC Time.
 */
export function followsAppZone(v: Date): boolean {
  if ((v.constructor as { rubyName?: string }).rubyName !== "ActiveSupport::TimeWithZone") return false;
  const zone = defaultTimeZone();
  return zone.ianaId !== "Etc/UTC" && zone.ianaId !== "UTC";
}

function dayOfWeek(p: TimeParts): number {
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

function dayOfYear(p: TimeParts): number {
  return Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86400000) + 1;
}

/** ISO 8601 week number and week-based year. */
function isoWeek(p: TimeParts): [number, number] {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const wd = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - wd + 3);
  const year = d.getUTCFullYear();
  const first = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((d.getTime() - first.getTime()) / 86400000 - 3 + ((first.getUTCDay() + 6) % 7)) / 7);
  return [week, year];
}

function weekNumber(p: TimeParts, firstDay: number): number {
  const yday = dayOfYear(p) - 1;
  const wday = (dayOfWeek(p) - firstDay + 7) % 7;
  return Math.floor((yday + 7 - wday) / 7);
}

function offset(seconds: number, colons: number): string {
  const sign = seconds < 0 ? "-" : "+";
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, "0");
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, "0");
  const ss = String(abs % 60).padStart(2, "0");
  if (colons === 0) return `${sign}${hh}${mm}`;
  if (colons === 1) return `${sign}${hh}:${mm}`;
  return `${sign}${hh}:${mm}:${ss}`;
}

type Conv = { text: string; numeric: boolean; width: number; pad: string };

function convert(c: string, p: TimeParts, colons: number, width: number | null): Conv | null {
  const num = (n: number, w: number, pad = "0"): Conv => ({ text: String(n), numeric: true, width: w, pad });
  const str = (s: string): Conv => ({ text: s, numeric: false, width: 0, pad: " " });
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  switch (c) {
    case "Y": return num(p.year, p.year < 0 ? 5 : 4);
    case "C": return num(Math.floor(p.year / 100), 2);
    case "y": return num(((p.year % 100) + 100) % 100, 2);
    case "m": return num(p.month, 2);
    case "B": return str(MONTH_NAMES[p.month - 1]!);
    case "b": case "h": return str(ABBR_MONTH_NAMES[p.month - 1]!);
    case "d": return num(p.day, 2);
    case "e": return num(p.day, 2, " ");
    case "j": return num(dayOfYear(p), 3);
    case "H": return num(p.hour, 2);
    case "k": return num(p.hour, 2, " ");
    case "I": return num(h12, 2);
    case "l": return num(h12, 2, " ");
    case "P": return str(p.hour < 12 ? "am" : "pm");
    case "p": return str(p.hour < 12 ? "AM" : "PM");
    case "M": return num(p.min, 2);
    case "S": return num(p.sec, 2);
    case "L": return str(String(p.nsec).padStart(9, "0").slice(0, width ?? 3).padEnd(width ?? 3, "0"));
    case "N": return str(String(p.nsec).padStart(9, "0").slice(0, width ?? 9).padEnd(width ?? 9, "0"));
    case "z": return str(offset(p.utcOffset, colons));
    case "Z": return str(p.zone);
    case "A": return str(DAY_NAMES[dayOfWeek(p)]!);
    case "a": return str(ABBR_DAY_NAMES[dayOfWeek(p)]!);
    case "u": return num(dayOfWeek(p) || 7, 1);
    case "w": return num(dayOfWeek(p), 1);
    case "U": return num(weekNumber(p, 0), 2);
    case "W": return num(weekNumber(p, 1), 2);
    case "V": return num(isoWeek(p)[0], 2);
    case "G": return num(isoWeek(p)[1], 4);
    case "g": return num(isoWeek(p)[1] % 100, 2);
    case "s": return num(p.epoch, 1);
    case "%": return str("%");
    case "n": return str("\n");
    case "t": return str("\t");
  }
  return null;
}

const COMPOSITES: Record<string, string> = {
  T: "%H:%M:%S", D: "%m/%d/%y", F: "%Y-%m-%d", R: "%H:%M", r: "%I:%M:%S %p", c: "%a %b %e %H:%M:%S %Y",
  x: "%m/%d/%y", X: "%H:%M:%S", v: "%e-%^b-%Y", "+": "%a %b %e %H:%M:%S %Z %Y",
};

/** Ruby strftime. */
export function strftime(value: Date | RubyDate | HasTimeParts | TimeParts, format: string): string {
  const p = "utcOffset" in value && "epoch" in value ? (value as TimeParts) : timePartsOf(value as Date);
  return format.replace(/%([-_0^#]*)(\d*)(:{0,2})([a-zA-Z%+])/g, (whole, flags: string, w: string, colons: string, c: string) => {
    if (COMPOSITES[c]) return strftime(p, COMPOSITES[c]!);
    const conv = convert(c, p, colons.length, w ? Number(w) : null);
    if (!conv) return whole;
    let text = conv.text;
    if (conv.numeric && !(c === "L" || c === "N")) {
      const width = w ? Number(w) : conv.width;
      const pad = flags.includes("_") ? " " : flags.includes("0") ? "0" : conv.pad;
      if (!flags.includes("-")) text = text.startsWith("-") ? "-" + text.slice(1).padStart(width - 1, pad) : text.padStart(width, pad);
    } else if (w && !(c === "L" || c === "N")) {
      text = text.padStart(Number(w), flags.includes("0") ? "0" : " ");
    }
    if (flags.includes("^")) text = text.toUpperCase();
    if (flags.includes("#")) text = text === text.toUpperCase() ? text.toLowerCase() : text.toUpperCase();
    return text;
  });
}

/** Time#inspect: like to_s, with the fraction of the second (trailing zeros dropped) when there is one. */
export function timeInspect(value: Date | HasTimeParts, utc: boolean): string {
  const p = timePartsOf(value);
  const frac = p.nsec ? `.${String(p.nsec).padStart(9, "0").replace(/0+$/, "")}` : "";
  return `${strftime(p, "%Y-%m-%d %H:%M:%S")}${frac} ${utc ? "UTC" : strftime(p, "%z")}`;
}

setTimeInspect((t) => timeInspect(t, true));
