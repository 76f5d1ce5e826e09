// Reading dates and times from text, for the forms apps feed Date.parse, Time.parse, Time.iso8601, Date.strptime
// and String#to_date / #to_time / #to_datetime (Ruby's Date._parse knows many more; those decline loudly):
//   "2024-02-15"  "2024/02/15"  "15 Feb 2024"  "February 15, 2024"  "Feb 15 2024"   then "12:30", "12:30:45.5",
//   "12:30 PM", and a zone: "Z", "UTC", "+02:00", "-0500"
import type { WallClock } from "./strftime.js";
import { stringTime } from "./core-ext/compare.js";
import { RubyDate } from "../ruby/date.js";
import { ArgumentError, DateError } from "../ruby/errors.js";
import { ZonedTime } from "./zoned-time.js";
import { findTimeZone } from "./time-zone.js";

export interface ParsedTime extends WallClock {
  /** Seconds east of UTC; null when the text names no zone; "utc" for Z / UTC / GMT. */
  offset: number | null;
  utc: boolean;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const WEEKDAY = "(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\\s+)?";

const DATE_FORMS: Array<[RegExp, (m: RegExpExecArray) => [number, number, number]]> = [
  [/^(\d{4})-(\d{1,2})-(\d{1,2})/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/^(\d{4})\/(\d{1,2})\/(\d{1,2})/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/^(\d{4})(\d\d)(\d\d)(?=T|\s|$)/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/^(\d{1,2})\/(\d{1,2})\/(\d{4})/, (m) => [Number(m[3]), Number(m[2]), Number(m[1])]],
  [new RegExp(`^${WEEKDAY}(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+(\\d{4})`, "i"), (m) => [Number(m[3]), monthOf(m[2]!), Number(m[1])]],
  [new RegExp(`^${WEEKDAY}${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, "i"), (m) => [Number(m[3]), monthOf(m[1]!), Number(m[2])]],
];

const TIME = /^(?:T|\s+|,\s*)(\d{1,2}):(\d\d)(?::(\d\d)(?:[.,](\d+))?)?(?:\s*([ap])\.?m\.?)?/i;
const ZONE = /^\s*(Z|UTC|GMT|[+-]\d\d(?::?\d\d)?)\s*$/i;

/** The parts of a date or time written in one of the forms above; null when the text is none of them. */
export function parseTimeText(input: string): ParsedTime | null {
  const s = input.trim();
  for (const [re, read] of DATE_FORMS) {
    const m = re.exec(s);
    if (!m) continue;
    const [year, month, day] = read(m);
    const out: ParsedTime = { year, month, day, hour: 0, min: 0, sec: 0, nsec: 0, offset: null, utc: false };
    let rest = s.slice(m[0].length);
    const t = TIME.exec(rest);
    if (t) {
      out.hour = Number(t[1]);
      out.min = Number(t[2]);
      out.sec = Number(t[3] ?? 0);
      out.nsec = Number((t[4] ?? "").slice(0, 9).padEnd(9, "0"));
      if (t[5]) out.hour = (out.hour % 12) + (t[5].toLowerCase() === "p" ? 12 : 0);
      rest = rest.slice(t[0].length);
    }
    if (rest.trim() === "") return out;
    const z = ZONE.exec(rest);
    if (!z) return null;
    const zone = z[1]!.toUpperCase();
    if (zone === "Z" || zone === "UTC" || zone === "GMT") return { ...out, offset: 0, utc: true };
    const digits = zone.replace(":", "");
    out.offset = (digits[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 3600 + Number(digits.slice(3, 5) || "0") * 60);
    return out;
  }
  return null;
}

const validCivil = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Date.parse / Date.iso8601: the date of the text; Date::Error "invalid date" otherwise. */
export function parseDate(text: string): RubyDate {
  const p = parseTimeText(text);
  if (!p || !validCivil(p.year, p.month, p.day)) throw new DateError("invalid date");
  return new RubyDate(p.year, p.month, p.day);
}

/** The epoch milliseconds of parsed parts read in UTC, and the sub-millisecond nanoseconds. */
function epochOf(p: ParsedTime): [number, number] {
  return [Date.UTC(p.year, p.month - 1, p.day, p.hour, p.min, p.sec) + Math.floor(p.nsec / 1e6), p.nsec % 1e6];
}

/** A Time from parsed parts: UTC for Z/UTC, at the offset written, else local (the app's process runs in UTC). */
export function timeFromParts(p: ParsedTime): Date | ZonedTime {
  const [ms, sub] = epochOf(p);
  if (p.utc) return Object.assign(new Date(ms), { microRemainder: Math.floor(sub / 1000) });
  const offset = p.offset ?? 0;
  return new ZonedTime(ms - offset * 1000, Math.floor(sub / 1000), p.offset === null || offset === 0 ? findTimeZone("UTC") : null, offset, "time", sub % 1000);
}

/** Time.parse: ArgumentError "no time information" for text that is no time. */
export function parseTime(text: string): Date | ZonedTime {
  const p = parseTimeText(text);
  if (!p) throw new ArgumentError(`no time information in ${JSON.stringify(text)}`);
  return timeFromParts(p);
}

/** Time.iso8601 / Time.xmlschema: the strict form, with its zone. */
export function parseIso8601Time(text: string): Date | ZonedTime {
  const p = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(text.trim()) ? parseTimeText(text) : null;
  if (!p) throw new ArgumentError(`invalid xmlschema format: ${JSON.stringify(text)}`);
  return timeFromParts(p);
}

/** DateTime.parse: a DateTime at the offset written (+00:00 otherwise). */
export function parseDateTime(text: string): ZonedTime {
  const p = parseTimeText(text);
  if (!p || !validCivil(p.year, p.month, p.day)) throw new DateError("invalid date");
  const [ms, sub] = epochOf(p);
  const offset = p.offset ?? 0;
  return new ZonedTime(ms - offset * 1000, Math.floor(sub / 1000), null, offset, "datetime", sub % 1000);
}

const STRPTIME: Record<string, [string, string]> = {
  Y: ["(-?\\d{1,4})", "year"], m: ["(\\d{1,2})", "month"], d: ["(\\d{1,2})", "day"], e: ["\\s?(\\d{1,2})", "day"],
  y: ["(\\d\\d)", "year2"], b: [MONTH, "monthName"], B: [MONTH, "monthName"], H: ["(\\d{1,2})", "hour"],
  M: ["(\\d\\d)", "min"], S: ["(\\d\\d)", "sec"],
};

/** Date.strptime(text, format) for the numeric and month-name directives; Date::Error when the text differs. */
export function strptimeDate(text: string, format: string): RubyDate {
  const p = strptimeParts(text, format);
  if (!p || !validCivil(p.year, p.month, p.day)) throw new DateError("invalid date");
  return new RubyDate(p.year, p.month, p.day);
}

/** The parts strptime reads (a time of day too); null when the text does not have the format's shape. */
export function strptimeParts(text: string, format: string): ParsedTime | null {
  const fields: string[] = [];
  const source = format.replace(/%([a-zA-Z%])|([.*+?^${}()|[\]\\])/g, (_m, c: string | undefined, special: string | undefined) => {
    if (special) return `\\${special}`;
    if (c === "%") return "%";
    const spec = STRPTIME[c!];
    if (!spec) throw new ArgumentError(`strptime directive %${c} is not supported`);
    fields.push(spec[1]);
    return spec[0];
  });
  const m = new RegExp(`^${source}$`, "i").exec(text);
  if (!m) return null;
  const got: Record<string, string> = {};
  fields.forEach((f, i) => (got[f] = m[i + 1]!));
  const year = got.year ? Number(got.year) : got.year2 ? 2000 + Number(got.year2) - (Number(got.year2) >= 69 ? 100 : 0) : new Date().getUTCFullYear();
  const month = got.monthName ? monthOf(got.monthName) : Number(got.month ?? 1);
  const day = Number(got.day ?? 1);
  return { year, month, day, hour: Number(got.hour ?? 0), min: Number(got.min ?? 0), sec: Number(got.sec ?? 0), nsec: 0, offset: null, utc: false };
}

export { validCivil };

stringTime.parse = (s: string) => {
  try {
    return parseDateTime(s);
  } catch {
    return null;
  }
};
