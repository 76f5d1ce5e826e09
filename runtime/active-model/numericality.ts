// NumericalityValidator and ComparisonValidator, as ActiveModel 7.2 checks them.
//
//   numericality                 the value as the user gave it (before type cast): "abc" / "" / nil -> :not_a_number;
//                                only_integer -> :not_an_integer; then greater_than... (count: the bound), odd/even,
//                                in: 1..5 (count: the range)
//   comparison greater_than: :x  against another attribute (a string naming one), a value or a proc; a blank value
//                                -> :blank; an uncomparable bound -> "comparison of Date with nil failed"
import { RubyDate } from "../ruby/date.js";
import { isFloat, RubyFloat } from "../ruby/ruby.js";
import { Decimal } from "../ruby/big-decimal.js";
import { rangeOf } from "../ruby/range.js";
import { except, type Check, type Options, type Validatable } from "./validators.js";

const COMPARE: Array<[string, (a: number, b: number) => boolean]> = [
  ["greater_than", (a, b) => a > b], ["greater_than_or_equal_to", (a, b) => a >= b], ["equal_to", (a, b) => a === b],
  ["less_than", (a, b) => a < b], ["less_than_or_equal_to", (a, b) => a <= b], ["other_than", (a, b) => a !== b],
];
const RESERVED = ["greater_than", "greater_than_or_equal_to", "equal_to", "less_than", "less_than_or_equal_to", "other_than", "odd", "even", "in", "only_integer", "only_numeric"];
const INTEGER = /^[+-]?\d+$/;
const HEX = /^[+-]?0[xX]/;
// Kernel.Float: optional surrounding whitespace, underscores between digits, exponent.
const FLOAT = /^\s*[+-]?(\d+(_\d+)*)?(\.\d+(_\d+)*)?([eE][+-]?\d+)?\s*$/;

/** parse_as_number: a number, or null when Ruby would not read one. */
export function parseNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isNaN(raw) ? null : raw;
  if (raw instanceof RubyFloat) return raw.value;
  if (raw instanceof Decimal) return raw.valueOf();
  if (raw === null || raw === undefined || typeof raw === "boolean") return null;
  const s = String(raw);
  if (INTEGER.test(s)) return Number(s);
  if (HEX.test(s.trim()) || !FLOAT.test(s) || !/\d/.test(s)) return null;
  return Number(s.replace(/_/g, "").trim());
}

/** The value numericality looks at: what the user assigned, before type cast (prepare_value_for_validation). */
function rawValue(record: Validatable, attribute: string, value: unknown): unknown {
  const r = record as unknown as { hasAttribute?(n: string): boolean; readAttributeBeforeTypeCast?(n: string): unknown };
  return r.hasAttribute?.(attribute) && r.readAttributeBeforeTypeCast ? r.readAttributeBeforeTypeCast(attribute) : value;
}

/** A bound: a number, or (a function / an attribute name) resolved on the record. */
function resolve(record: Validatable, bound: unknown): unknown {
  if (typeof bound === "function") return (bound as (r: Validatable) => unknown).call(record, record);
  if (typeof bound === "string" && record.readAttribute(bound) !== undefined) return record.readAttribute(bound);
  return bound;
}

export const numericality: Check = (record, attribute, value, options) => {
  const raw = rawValue(record, attribute, value);
  const filtered = (v: unknown): Options => ({ ...except(options, ...RESERVED), value: v });
  const n = parseNumber(raw);
  if (n === null || (options.only_numeric && typeof raw !== "number")) return void record.errors.add(attribute, "not_a_number", filtered(raw));
  // parse_as_number: a Float, or text that is no Integer, becomes a BigDecimal (what errors carry as the value).
  const shown = isFloat(raw) || (typeof raw === "string" && !INTEGER.test(raw)) ? Decimal.parse(String(n)) : n;
  const onlyInteger = typeof options.only_integer === "function" ? (options.only_integer as (r: Validatable) => boolean)(record) : options.only_integer;
  if (onlyInteger && !INTEGER.test(String(raw))) return void record.errors.add(attribute, "not_an_integer", filtered(raw));
  for (const key of Object.keys(options)) {
    if (key === "odd" || key === "even") {
      const odd = Math.abs(Math.trunc(n)) % 2 === 1;
      if (options[key] && odd !== (key === "odd")) record.errors.add(attribute, key, filtered(shown));
      continue;
    }
    if (key === "in") {
      const range = rangeOf(options.in) ?? (Array.isArray(options.in) ? { begin: options.in[0], end: options.in[1], exclusive: false } : null);
      const inside = range && (range.begin === null || n >= Number(range.begin)) && (range.end === null || (range.exclusive ? n < Number(range.end) : n <= Number(range.end)));
      if (!inside) record.errors.add(attribute, "in", { ...filtered(shown), count: range ? rangeText(range) : options.in });
      continue;
    }
    const check = COMPARE.find(([name]) => name === key);
    if (!check) continue;
    const bound = parseNumber(resolve(record, options[key]));
    if (bound !== null && !check[1](n, bound)) record.errors.add(attribute, key, { ...filtered(shown), count: bound });
  }
};

const rangeText = (r: { begin: unknown; end: unknown; exclusive: boolean }) => `${r.begin ?? ""}${r.exclusive ? "..." : ".."}${r.end ?? ""}`;

function rubyClassName(v: unknown): string {
  if (v instanceof RubyDate) return "Date";
  if (v instanceof Date) return "ActiveSupport::TimeWithZone";
  if (v instanceof Decimal) return "BigDecimal";
  if (typeof v === "number") return Number.isInteger(v) ? "Integer" : "Float";
  if (typeof v === "string") return "String";
  return "Object";
}

function comparable(v: unknown): number | string {
  if (v instanceof RubyDate) return v.toRubyString();
  if (v instanceof Date) return v.getTime();
  if (v instanceof Decimal) return v.valueOf();
  return v as number | string;
}

export const comparison: Check = (record, attribute, value, options) => {
  for (const [key, test] of COMPARE) {
    if (!(key in options)) continue;
    const bound = resolve(record, options[key]);
    const errorOptions = { ...except(options, ...COMPARE.map(([k]) => k)), count: bound, value };
    if (value === null || value === undefined || value === "") return void record.errors.add(attribute, "blank", errorOptions);
    if (bound === null || bound === undefined) return void record.errors.add(attribute, `comparison of ${rubyClassName(value)} with nil failed`);
    const a = comparable(value);
    const b = comparable(bound);
    const ok = typeof a === "string" || typeof b === "string" ? test(a < b ? -1 : a > b ? 1 : 0, 0) : test(a, b);
    if (!ok) record.errors.add(attribute, key, errorOptions);
  }
};
