// ActiveModel::Type's casts: how an assigned value (form text, JSON, a literal) becomes an attribute's value, shared by
// ActiveModel::Attributes (`attribute :age, :integer`) and Active Record's column types (active-record/types.ts).
//
//   :integer / :big_integer "12abc" -> 12, "" -> nil   :boolean "0"/"f"/"off" -> false, "" -> nil
//   :float "1e3" -> 1000.0                             :string / :immutable_string true -> "t", 1.5 -> "1.5"
//   :date "2024-02-30" -> nil                           :datetime "2024-02-15 13:14:15" -> Time (UTC)
//   :decimal "12.50" -> BigDecimal                      :time "08:15" -> 2000-01-01 08:15:00 UTC
//   no type (Type::Value)                               the value as given
import { RubyDate } from "../ruby/date.js";
import { ZonedTime } from "../active-support/zoned-time.js";
import { parseTimeText, validCivil } from "../active-support/time-parse.js";
import { floatOf, toS } from "../ruby/ruby.js";
import { Decimal } from "../ruby/big-decimal.js";
import { Time } from "../active-support/time.js";

const FALSE_VALUES = new Set<unknown>([false, 0, "0", "f", "F", "false", "FALSE", "off", "OFF"]);
const RUBY_INTEGER = /^\s*[+-]?\d+(?:_\d+)*/;
const RUBY_FLOAT = /^\s*[+-]?(?:\d+(?:_\d+)*)?(?:\.\d+(?:_\d+)*)?(?:[eE][+-]?\d+)?/;

/** ActiveModel::Type::Helpers::Numeric#cast: booleans are 1/0, blank strings nil. */
function numericInput(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  if (typeof value === "string" && value.trim() === "") return null;
  return value;
}

export function toInteger(value: unknown): number | null {
  const v = numericInput(value);
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : null;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Decimal) return Math.trunc(v.valueOf());
  const m = RUBY_INTEGER.exec(String(v));
  return m ? Number(m[0].replace(/_/g, "")) : 0;
}

export function toFloat(value: unknown): number | null {
  const v = numericInput(value);
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  const s = String(v);
  if (s === "Infinity" || s === "-Infinity" || s === "NaN") return Number(s);
  const m = RUBY_FLOAT.exec(s)![0].replace(/_/g, "");
  return /\d/.test(m) ? Number(m) : 0;
}

export function toBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined || value === "") return null;
  return !FALSE_VALUES.has(value);
}

export function toRubyString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value === true) return "t";
  if (value === false) return "f";
  return toS(value);
}

/** Type::Date: strict ISO first, then the other day-first forms Date._parse reads; invalid days are nil. */
export function toDate(value: unknown): RubyDate | null {
  if (value === null || value === undefined) return null;
  if (value instanceof RubyDate) return value;
  if (value instanceof Date) return RubyDate.fromTime(value);
  // A zoned time's own calendar day (TimeWithZone#to_date).
  if (value instanceof ZonedTime) {
    const p = value.timeParts();
    return new RubyDate(p.year, p.month, p.day);
  }
  const m = /^\s*(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s].*)?$/.exec(String(value));
  // Type::Date's fallback (Date._parse) reads the other forms time-parse.ts knows ("Feb 15 2024", "15/02/2024").
  if (!m) {
    const p = parseTimeText(String(value));
    return p && validCivil(p.year, p.month, p.day) ? new RubyDate(p.year, p.month, p.day) : null;
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? new RubyDate(y, mo, d) : null;
}

export function toTime(value: unknown, precision: number, wallClock: "utc" | "app" = "utc"): Time | null {
  if (value === null || value === undefined) return null;
  let t: Time | null;
  // A Date is its midnight (in Time.zone when assigned).
  if (value instanceof RubyDate) t = Time.cast(`${value.toRubyString()} 00:00:00`, wallClock);
  else t = Time.fromInstant(value) ?? Time.cast(String(value), wallClock);
  if (!t || precision >= 6) return t;
  // apply_seconds_precision truncates to the column's precision.
  const unit = 10 ** (6 - precision);
  const usec = t.usec - (t.usec % unit);
  return new Time(t.getTime() - t.getUTCMilliseconds() + Math.floor(usec / 1000), usec % 1000);
}

/**
 * Type::Time#cast_value: a time of day lives on 2000-01-01, so "08:15" and "2024-02-15 08:15" both read as
 * 2000-01-01 08:15:00 UTC (the date part, when present, is replaced; `|` makes the regexp prefix otherwise).
 */
export function dummyTimeString(value: string): string | null {
  if (value.trim() === "") return null;
  return value.replace(/^\d{4}-\d\d-\d\d(?:T|\s)|/, "2000-01-01 ");
}

/** Type::Decimal: String#to_d's leading number ("12abc" -> 12, "abc" -> 0); blank strings are nil. */
export function toDecimal(v: unknown, scale?: number): Decimal | null {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
  if (v === true || v === false) return Decimal.parse(v ? "1" : "0", scale);
  const text = v instanceof Decimal ? v.toString() : typeof v === "number" ? String(v) : (/^\s*[+-]?(\d[\d_]*)?(\.\d+)?([eE][+-]?\d+)?/.exec(String(v))![0].replace(/_/g, "").trim());
  return Decimal.parse(/\d/.test(text) ? text : "0", scale);
}

/** The types ActiveModel registers (ActiveModel::Type.register), by the symbol `attribute` names them with. */
export const MODEL_TYPES: { readonly [name: string]: (value: unknown) => unknown } = {
  big_integer: toInteger,
  binary: (v) => (v === null || v === undefined ? null : toS(v)),
  boolean: toBoolean,
  date: toDate,
  datetime: (v) => toTime(v, 6, "utc"),
  decimal: (v) => toDecimal(v),
  // A Float that a JS number would show as an Integer (0.0) keeps its box, as lowered Ruby floats do.
  float: (v) => {
    const f = toFloat(v);
    return f === null ? null : floatOf(f);
  },
  immutable_string: toRubyString,
  integer: toInteger,
  string: toRubyString,
  time: (v) => toTime(typeof v === "string" ? dummyTimeString(v) : v, 6, "utc"),
  value: (v) => v ?? null,
};
