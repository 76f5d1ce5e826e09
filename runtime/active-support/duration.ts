// ActiveSupport::Duration and calendar arithmetic on UTC times:
//   3.days -> Duration.of(3, "days")    t + 1.month -> advance(t, d)    3.days.ago -> d.ago(now)
//   d.inspect -> "3 days and 2 hours"   d.iso8601 -> "P3DT2H"           Duration.build(3725)
// Years and months move along the calendar (clamping the day, Jan 31 + 1 month = Feb 29); the rest in seconds.
import { RubyDate } from "../ruby/date.js";
import { numberToS, RubyFloat } from "../ruby/ruby.js";

/** A part's count as Ruby prints it: a Float stays one (5355.0 seconds). */
const show = (v: number | RubyFloat) => (v instanceof RubyFloat ? v.toRubyString() : numberToS(v));

export type DurationUnit = "years" | "months" | "weeks" | "days" | "hours" | "minutes" | "seconds";

const PARTS: DurationUnit[] = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"];
export const SECONDS_PER: Record<DurationUnit, number> = {
  years: 31556952, months: 2629746, weeks: 604800, days: 86400, hours: 3600, minutes: 60, seconds: 1,
};

export class Duration {
  readonly parts: Partial<Record<DurationUnit, number>>;

  constructor(
    /** The length in seconds (Duration#value / to_i). */
    readonly value: number,
    parts: Partial<Record<DurationUnit, number>>,
  ) {
    // Parts that sum to zero drop out, unless the whole Duration is zero (ActiveSupport's Duration#initialize).
    this.parts = value === 0 ? parts : Object.fromEntries(Object.entries(parts).filter(([, v]) => Number(v) !== 0));
  }

  static of(n: number | RubyFloat, unit: DurationUnit): Duration {
    return new Duration(Number(n) * SECONDS_PER[unit], { [unit]: n as number });
  }

  /** Duration.build(seconds): years, months, weeks, days, hours, minutes and seconds that make it up. */
  static build(seconds: number): Duration {
    const parts: Partial<Record<DurationUnit, number>> = {};
    let rest = seconds;
    for (const unit of PARTS) {
      if (unit === "seconds") break;
      const n = Math.trunc(rest / SECONDS_PER[unit]);
      if (n !== 0) parts[unit] = n;
      rest -= n * SECONDS_PER[unit];
    }
    if (rest !== 0 || Object.keys(parts).length === 0) parts.seconds = rest;
    return new Duration(seconds, parts);
  }

  plus(other: Duration | number): Duration {
    if (typeof other === "number") return new Duration(this.value + other, { ...this.parts, seconds: (this.parts.seconds ?? 0) + other });
    const parts = { ...this.parts };
    for (const [k, v] of Object.entries(other.parts) as [DurationUnit, number][]) parts[k] = (parts[k] ?? 0) + v;
    return new Duration(this.value + other.value, parts);
  }

  negate(): Duration {
    return new Duration(-this.value, Object.fromEntries(Object.entries(this.parts).map(([k, v]) => [k, -v])));
  }

  /** Duration#since(time). */
  since(time: Date): Date {
    return advance(time, this.parts);
  }
  fromNow(now: Date): Date {
    return this.since(now);
  }
  ago(now: Date): Date {
    return this.negate().since(now);
  }

  /** Duration#inspect: the parts largest first, as a sentence ("1 day and 2 hours"); "N seconds" without parts. */
  toRubyInspect(): string {
    const items = PARTS.filter((u) => this.parts[u] !== undefined).map((u) => {
      const v = this.parts[u]!;
      return `${show(v)} ${Number(v) === 1 ? u.slice(0, -1) : u}`;
    });
    if (items.length === 0) return `${numberToS(this.value)} seconds`;
    if (items.length === 1) return items[0]!;
    if (items.length === 2) return `${items[0]} and ${items[1]}`;
    return `${items.slice(0, -1).join(", ")}, and ${items[items.length - 1]}`;
  }

  /** ISO8601Serializer: P1Y2M3DT4H5M6S (zero parts dropped, weeks folded into days when mixed with others). */
  iso8601(): string {
    const p: Partial<Record<DurationUnit, number>> = {};
    for (const [k, v] of Object.entries(this.parts) as [DurationUnit, number][]) if (v !== 0) p[k] = (p[k] ?? 0) + v;
    if (p.weeks !== undefined && Object.keys(p).length > 1) {
      p.days = (p.days ?? 0) + p.weeks * 7;
      delete p.weeks;
    }
    if (Object.keys(p).length === 0) return "PT0S";
    const put = (u: DurationUnit, letter: string) => (p[u] !== undefined ? `${show(p[u]!)}${letter}` : "");
    const date = put("years", "Y") + put("months", "M") + put("days", "D") + put("weeks", "W");
    const time = put("hours", "H") + put("minutes", "M") + put("seconds", "S");
    return `P${date}${time ? `T${time}` : ""}`;
  }

  /** ActiveSupport::Duration.parse: an ISO 8601 duration ("P1DT2H", "PT30M", "-P1Y"). */
  static parse(text: string): Duration {
    const n = "(-?\\d+(?:[.,]\\d+)?)";
    const re = new RegExp(`^([-+])?P(?:${n}Y)?(?:${n}M)?(?:${n}W)?(?:${n}D)?(?:T(?:${n}H)?(?:${n}M)?(?:${n}S)?)?$`);
    const m = re.exec(text);
    if (!m || text.endsWith("P") || text.endsWith("T")) throw new ParsingError(`Invalid ISO 8601 duration: ${JSON.stringify(text)}`);
    const sign = m[1] === "-" ? -1 : 1;
    const units: DurationUnit[] = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"];
    let out = new Duration(0, {});
    units.forEach((u, i) => {
      const v = m[i + 2];
      if (v !== undefined) out = out.plus(Duration.of(sign * Number(v.replace(",", ".")), u));
    });
    return out;
  }

  /** Duration#== : the same length (1.day == 24.hours, 1.hour == 3600). */
  isEqual(other: unknown): boolean {
    return other instanceof Duration ? other.value === this.value : typeof other === "number" && other === this.value;
  }

  toRubyString(): string {
    return numberToS(this.value);
  }
  asJson(): number {
    return this.value;
  }
  valueOf(): number {
    return this.value;
  }
}

/** Time#advance(years:, months:, weeks:, days:, hours:, minutes:, seconds:) on a UTC time. */
export function advance(time: Date, parts: Partial<Record<DurationUnit, number>>): Date {
  const micro = (time as Date & { microRemainder?: number }).microRemainder ?? 0;
  let day = RubyDate.fromTime(time);
  if (parts.years || parts.months) day = day.addMonths((parts.years ?? 0) * 12 + (parts.months ?? 0));
  if (parts.weeks || parts.days) day = day.addDays((parts.weeks ?? 0) * 7 + (parts.days ?? 0));
  const msOfDay = time.getTime() - RubyDate.fromTime(time).toTime().getTime();
  const secs = (parts.hours ?? 0) * 3600 + (parts.minutes ?? 0) * 60 + (parts.seconds ?? 0);
  return Object.assign(new Date(day.toTime().getTime() + msOfDay + secs * 1000), { microRemainder: micro });
}

/** beginning_of_week (Monday, midnight). */
export function beginningOfWeek(time: Date): Date {
  const d = RubyDate.fromTime(time);
  return d.addDays(-((d.wday + 6) % 7)).toTime();
}

/** end_of_month: the last day at 23:59:59.999999. */
export function endOfMonth(time: Date): Date {
  const d = RubyDate.fromTime(time);
  const last = new Date(Date.UTC(d.year, d.month, 0));
  return Object.assign(new Date(last.getTime() + 86399999), { microRemainder: 999 });
}

/** ActiveSupport::Duration::ISO8601Parser::ParsingError. */
export class ParsingError extends Error {
  override name = "ActiveSupport::Duration::ISO8601Parser::ParsingError";
  readonly rubyClass = "ActiveSupport::Duration::ISO8601Parser::ParsingError";
}
