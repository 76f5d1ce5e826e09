// ActiveModel::Type / ActiveRecord SQLite types -> AttributeType: how a column's value is cast when assigned
// (form strings, JSON, literals), read back from SQLite, bound into SQL, and compared for dirty tracking.
//
//   Type::Integer "12abc" -> 12, "" -> nil      Type::Boolean "0"/"f"/"off" -> false, "" -> nil
//   Type::Float "1e3" -> 1000.0                 Type::String true -> "t", 1.5 -> "1.5"
//   Type::Date "2024-02-30" -> nil              Type::DateTime "2024-02-15 13:14:15" -> Time (UTC app)
//   Type::Decimal -> Decimal                    booleans bind as 1/0, times as "YYYY-MM-DD HH:MM:SS[.ffffff]"
import type { BindValue } from "./connection/connection.js";
import type { RailsType } from "./connection/column-types.js";
import { RubyDate } from "../ruby/date.js";
import { ZonedTime } from "../active-support/zoned-time.js";
import { parseTimeText, validCivil } from "../active-support/time-parse.js";
import { toS } from "../ruby/ruby.js";
import { Decimal } from "../ruby/big-decimal.js";
import { Time } from "../active-support/time.js";
import { toJson } from "../active-support/json-encode.js";

/** ActiveSupport::JSON.decode, `rescue nil`: objects become Hashes with String keys (Maps), in document order. */
function decodeJson(text: string): unknown {
  try {
    return JSON.parse(text, (_key, value: unknown) =>
      value !== null && typeof value === "object" && !Array.isArray(value) ? new Map(Object.entries(value)) : value);
  } catch {
    return null;
  }
}

export type { RailsType } from "./connection/column-types.js";

export interface ColumnMeta {
  name: string;
  type: RailsType;
  null?: boolean;
  default?: string | number | boolean | null;
  limit?: number;
  precision?: number | null;
  scale?: number;
}

export interface AttributeType {
  /** From user input (assignment, `new`, `update`). */
  cast(value: unknown): unknown;
  /** From a SQLite row. */
  deserialize(value: unknown): unknown;
  /** Into a bound parameter. */
  serialize(value: unknown): BindValue;
  /** Whether two cast values are the same (no change for dirty tracking). */
  equal(a: unknown, b: unknown): boolean;
}

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

function toInteger(value: unknown): number | null {
  const v = numericInput(value);
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : null;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Decimal) return Math.trunc(v.valueOf());
  const m = RUBY_INTEGER.exec(String(v));
  return m ? Number(m[0].replace(/_/g, "")) : 0;
}

function toFloat(value: unknown): number | null {
  const v = numericInput(value);
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  const s = String(v);
  if (s === "Infinity" || s === "-Infinity" || s === "NaN") return Number(s);
  const m = RUBY_FLOAT.exec(s)![0].replace(/_/g, "");
  return /\d/.test(m) ? Number(m) : 0;
}

function toBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined || value === "") return null;
  return !FALSE_VALUES.has(value);
}

function toRubyString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value === true) return "t";
  if (value === false) return "f";
  return toS(value);
}

/** Type::Date: strict ISO first, then the other day-first forms Date._parse reads; invalid days are nil. */
function toDate(value: unknown): RubyDate | null {
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

function toTime(value: unknown, precision: number, wallClock: "utc" | "app" = "utc"): Time | null {
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
function dummyTimeString(value: string): string | null {
  if (value.trim() === "") return null;
  return value.replace(/^\d{4}-\d\d-\d\d(?:T|\s)|/, "2000-01-01 ");
}

const same = (a: unknown, b: unknown) => a === b;
const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (a instanceof Time) return a.isEqual(b);
  if (a instanceof Decimal) return a.isEqual(b);
  if (a instanceof RubyDate && b instanceof RubyDate) return a.toRubyString() === b.toRubyString();
  return a === b;
};

export function attributeType(column: ColumnMeta): AttributeType {
  switch (column.type) {
    case "integer":
    case "bigint":
      return { cast: toInteger, deserialize: toInteger, serialize: (v) => v as number | null, equal: same };
    case "float":
      return { cast: toFloat, deserialize: toFloat, serialize: (v) => v as number | null, equal: same };
    case "decimal": {
      // String#to_d: the leading number ("12abc" -> 12, "abc" -> 0); blank strings are nil.
      const cast = (v: unknown) => {
        if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
        if (v === true || v === false) return Decimal.parse(v ? "1" : "0", column.scale);
        const text = v instanceof Decimal ? v.toString() : typeof v === "number" ? String(v) : (/^\s*[+-]?(\d[\d_]*)?(\.\d+)?([eE][+-]?\d+)?/.exec(String(v))![0].replace(/_/g, "").trim());
        return Decimal.parse(/\d/.test(text) ? text : "0", column.scale);
      };
      return { cast, deserialize: cast, serialize: (v) => (v === null ? null : String(v)), equal: sameValue };
    }
    case "boolean":
      return { cast: toBoolean, deserialize: toBoolean, serialize: (v) => (v === null ? null : v ? 1 : 0), equal: same };
    case "date":
      return { cast: toDate, deserialize: toDate, serialize: (v) => (v === null ? null : (v as RubyDate).toRubyString()), equal: sameValue };
    case "datetime":
    case "time": {
      const precision = column.precision === undefined || column.precision === null ? 6 : column.precision;
      const dummy = column.type === "time";
      // Assigned text is a wall clock in Time.zone (time_zone_aware_attributes); the database's is UTC.
      const read = (wallClock: "utc" | "app") => (v: unknown) => toTime(dummy && typeof v === "string" ? dummyTimeString(v) : v, precision, dummy ? "utc" : wallClock);
      const cast = read("app");
      return { cast, deserialize: read("utc"), serialize: (v) => (v === null ? null : (v as Time).toDb()), equal: sameValue };
    }
    case "json": {
      // ActiveRecord::Type::Json: ActiveSupport::JSON on the way in and out, and cast (Type::Helpers::Mutable) is
      // deserialize(serialize(v)), so an assigned Hash reads back as the database would give it: String keys.
      const serialize = (v: unknown) => (v === null || v === undefined ? null : toJson(v));
      const deserialize = (v: unknown) => (typeof v === "string" ? decodeJson(v) : (v ?? null));
      return { cast: (v) => deserialize(serialize(v)), deserialize, serialize, equal: (a, b) => serialize(a) === serialize(b) };
    }
    case "binary":
    // ActiveModel::Type::Value (a declared type the adapter's type map does not know): values pass as they are.
    case "value":
      return { cast: (v) => v ?? null, deserialize: (v) => v ?? null, serialize: (v) => (v ?? null) as BindValue, equal: same };
    default:
      return { cast: toRubyString, deserialize: toRubyString, serialize: (v) => v as string | null, equal: same };
  }
}
