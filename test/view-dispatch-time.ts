// Time, Date, DateTime, TimeWithZone and Duration methods for the vector evaluator (test support): the
// Ruby calls mapped onto runtime/support's time functions, with the recording's frozen clock.
import { RubyDate } from "../runtime/ruby/date.js";
import { advance, beginningOfWeek, Duration, endOfMonth, type DurationUnit } from "../runtime/active-support/duration.js";
import { encodeJson } from "../runtime/active-support/json.js";
import { inspect, toS } from "../runtime/ruby/ruby.js";
import { strftime } from "../runtime/active-support/strftime.js";
import { findTimeZone } from "../runtime/active-support/time-zone.js";
import { httpdate, inTimeZone, iso8601, rfc2822, toFs, ZonedTime } from "../runtime/active-support/zoned-time.js";
import type { Call } from "./view-ruby-eval.js";
import { FROZEN_NOW } from "./view-vector-context.js";

const now = () => new Date(FROZEN_NOW);

const UNITS: Record<string, DurationUnit> = {
  year: "years", years: "years", month: "months", months: "months", week: "weeks", weeks: "weeks", day: "days", days: "days",
  hour: "hours", hours: "hours", minute: "minutes", minutes: "minutes", second: "seconds", seconds: "seconds",
};

/** `3.days`, `1.5.hours`: a number's duration methods (undefined when `name` is not one). */
export function numberDuration(n: number, name: string): Duration | undefined {
  const unit = UNITS[name];
  return unit ? Duration.of(n, unit) : undefined;
}

/** "+05:30" -> seconds. */
function parseOffset(s: string): number {
  const m = /^([+-])(\d\d):?(\d\d)$/.exec(s)!;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60);
}

export const TIME_CONSTANTS: Record<string, Record<string, (c: Call) => unknown>> = {
  DateTime: {
    new: (c) => {
      const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0, off = "+00:00"] = c.args as [number, number, number, number, number, number, string];
      return ZonedTime.fixed(y, mo, d, h, mi, s, parseOffset(off), "datetime");
    },
  },
  "ActiveSupport::Duration": { build: (c) => Duration.build(c.args[0] as number) },
};

/** Time.new(y, m, d, h, mi, s, "+05:30"). */
export function timeNew(c: Call): ZonedTime {
  const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0, off = "+00:00"] = c.args as [number, number, number, number, number, number, string];
  return ZonedTime.fixed(y, mo, d, h, mi, s, parseOffset(off), "time");
}

export class ZoneRef {
  constructor(readonly name: string) {}
}

export function zoneMethod(z: ZoneRef, name: string, c: Call): unknown {
  if (name === "now") return inTimeZone(now(), z.name);
  if (name === "name") return z.name;
  if (name === "parse") {
    const text = toS(c.args[0]);
    const hasOffset = /([+-]\d\d:?\d\d|Z)$/.test(text);
    const d = new Date(hasOffset ? text : `${text.replace(" ", "T")}Z`);
    return inTimeZone(d, z.name);
  }
  throw new Error(`Time.zone.${name}`);
}

/** Methods of Time (JS Date), TimeWithZone/DateTime (ZonedTime) and Date (RubyDate). */
export function timeMethod(t: Date | ZonedTime | RubyDate, name: string, c: Call): unknown {
  const a = c.args[0];
  const asDate = (): Date => (t instanceof ZonedTime ? t.toDate() : t instanceof RubyDate ? t.toTime() : t);
  switch (name) {
    case "to_fs": case "to_formatted_s": return toFs(t, (a as string) ?? "default");
    case "to_s": return toS(t);
    case "inspect": return t instanceof Date ? toS(t) : inspect(t);
    case "iso8601": case "xmlschema": return iso8601(t, (a as number) ?? 0);
    case "httpdate": return httpdate(t as Date);
    case "rfc2822": return rfc2822(t as Date);
    case "to_i": return Math.floor(asDate().getTime() / 1000);
    case "to_date": return RubyDate.fromTime(asDate());
    case "to_time": return asDate();
    case "to_json": return encodeJson(t);
    case "strftime": return strftime(t, toS(a));
    case "in_time_zone": return inTimeZone(t, (a as string | undefined) ?? null);
    case "beginning_of_week": return beginningOfWeek(asDate());
    case "end_of_month": return t instanceof RubyDate ? RubyDate.fromTime(endOfMonth(asDate())) : endOfMonth(asDate());
    case "beginning_of_month": return t instanceof RubyDate ? new RubyDate(t.year, t.month, 1) : new Date(Date.UTC(asDate().getUTCFullYear(), asDate().getUTCMonth(), 1));
    case "next_year": return advance(asDate(), { years: 1 });
    case "+": case "-": return arithmetic(t, name, a);
  }
  throw new Error(`Time#${name}`);
}

function arithmetic(t: Date | ZonedTime | RubyDate, op: string, a: unknown): unknown {
  const sign = op === "-" ? -1 : 1;
  if (t instanceof RubyDate) {
    if (a instanceof Duration) return RubyDate.fromTime(advance(t.toTime(), (sign < 0 ? a.negate() : a).parts));
    return t.addDays(sign * (a as number));
  }
  const base = t instanceof ZonedTime ? t.toDate() : t;
  if (a instanceof Duration) return (sign < 0 ? a.negate() : a).since(base);
  if (a instanceof Date) return (base.getTime() - a.getTime()) / 1000;
  return new Date(base.getTime() + sign * (a as number) * 1000);
}

export function durationMethod(d: Duration, name: string, c: Call): unknown {
  switch (name) {
    case "ago": return d.ago(now());
    case "from_now": case "since": return d.fromNow(now());
    case "inspect": return d.toRubyInspect();
    case "iso8601": return d.iso8601();
    case "to_json": return encodeJson(d);
    case "to_i": return d.value;
    case "+": return d.plus(c.args[0] as Duration);
  }
  throw new Error(`Duration#${name}`);
}

export { findTimeZone };
