// ActiveModel::Type / ActiveRecord SQLite types -> AttributeType: how a column's value is cast when assigned
// (form strings, JSON, literals: ActiveModel::Type's casts, active-model/type.ts), read back from SQLite, bound into SQL, and compared for dirty tracking.
//
//   Type::Integer "12abc" -> 12, "" -> nil      Type::Boolean "0"/"f"/"off" -> false, "" -> nil
//   Type::Float "1e3" -> 1000.0                 Type::String true -> "t", 1.5 -> "1.5"
//   Type::Date "2024-02-30" -> nil              Type::DateTime "2024-02-15 13:14:15" -> Time (UTC app)
//   Type::Decimal -> Decimal                    booleans bind as 1/0, times as "YYYY-MM-DD HH:MM:SS[.ffffff]"
import type { BindValue } from "./connection/connection.js";
import { dummyTimeString, toBoolean, toDate, toDecimal, toFloat, toInteger, toRubyString, toTime } from "../active-model/type.js";
import type { RailsType } from "./connection/column-types.js";
import { RubyDate } from "../ruby/date.js";
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

const same = (a: unknown, b: unknown) => a === b;
const sameValue = (a: unknown, b: unknown): boolean => {
  // The same object (a value never written since it was read): each branch below answers true for it.
  if (a === b) return true;
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
      const cast = (v: unknown) => toDecimal(v, column.scale);
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
