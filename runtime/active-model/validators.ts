// ActiveModel's EachValidators: what each adds to record.errors, with the options Rails passes along (they reach
// messages as %{value}/%{count} and errors.details).
//
//   presence / absence            :blank / :present
//   length is/minimum/maximum/in  :wrong_length / :too_short / :too_long (count); nil fails is/minimum, passes maximum
//   format with/without           :invalid (value)
//   inclusion / exclusion         :inclusion / :exclusion (value); arrays by ==, numeric/time ranges by cover?
//   acceptance                    :accepted unless the value is in accept (default ["1", true]); nil passes
//   confirmation                  :confirmation on <attr>_confirmation (attribute: the humanized name)
import { isBlank } from "../ruby/ruby.js";
import { Decimal } from "../ruby/big-decimal.js";
import type { Errors } from "./errors.js";
import { rangeOf, type RangeLike } from "../ruby/range.js";
import { RubyDate } from "../ruby/date.js";

export type Options = { [key: string]: unknown };

/** What a validator reads and writes on the object it validates (an Active Record record, an Active Model one). */
export interface Validatable {
  readonly errors: Errors;
  readAttribute(name: string): unknown;
}

export type Check = (record: Validatable, attribute: string, value: unknown, options: Options) => void;

export const except = (options: Options, ...keys: string[]): Options => Object.fromEntries(Object.entries(options).filter(([k]) => !keys.includes(k)));

/** Ruby String#length counts characters, not UTF-16 units. */
function lengthOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (Array.isArray(value)) return value.length;
  return [...String(value)].length;
}

/** LengthValidator#initialize: in:/within: become minimum/maximum; allow_blank: false means minimum 1. */
function lengthBounds(options: Options): { is?: number; minimum?: number; maximum?: number } {
  const out: { is?: number; minimum?: number; maximum?: number } = {};
  const within = options.in ?? options.within;
  const range = Array.isArray(within) ? { begin: within[0], end: within[1], exclusive: false } : rangeOf(within);
  if (range) {
    if (range.begin !== null) out.minimum = Number(range.begin);
    if (range.end !== null) out.maximum = range.exclusive ? Number(range.end) - 1 : Number(range.end);
  }
  if (typeof options.minimum === "number") out.minimum = options.minimum;
  if (typeof options.maximum === "number") out.maximum = options.maximum;
  if (typeof options.is === "number") out.is = options.is;
  if (options.allow_blank === false && out.minimum === undefined && out.is === undefined) out.minimum = 1;
  return out;
}

const LENGTH_CHECKS: Array<["is" | "minimum" | "maximum", string, (n: number, v: number) => boolean]> = [
  ["is", "wrong_length", (n, v) => n === v], ["minimum", "too_short", (n, v) => n >= v], ["maximum", "too_long", (n, v) => n <= v],
];

const length: Check = (record, attribute, value, options) => {
  const bounds = lengthBounds(options);
  const n = lengthOf(value);
  const base = except(options, "minimum", "maximum", "within", "in", "is", "too_short", "too_long", "wrong_length");
  for (const [key, type, ok] of LENGTH_CHECKS) {
    const bound = bounds[key];
    if (bound === undefined) continue;
    // skip_nil_check?: a nil value is measured only against maximum (as length 0), unless allow_nil/blank was given.
    const measured = value !== null && value !== undefined || (key === "maximum" && options.allow_nil === undefined && options.allow_blank === undefined);
    if (measured && ok(n, bound)) continue;
    const custom = options[type];
    record.errors.add(attribute, type, { ...base, count: bound, ...(custom !== undefined && base.message === undefined ? { message: custom } : {}) });
  }
};

/** Ruby `==` for inclusion lists: same type and value (1 != "1"); dates and times by value. */
function rubyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RubyDate && b instanceof RubyDate) return a.toRubyString() === b.toRubyString();
  if (a instanceof Decimal && b instanceof Decimal) return a.isEqual(b);
  return false;
}

function compare(a: unknown, b: unknown): number {
  const x = a instanceof RubyDate ? a.toRubyString() : a instanceof Date ? a.getTime() : a;
  const y = b instanceof RubyDate ? b.toRubyString() : b instanceof Date ? b.getTime() : b;
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}

function members(record: Validatable, list: unknown): unknown[] | RangeLike {
  const resolved = typeof list === "function" ? (list as (r: Validatable) => unknown).call(record, record) : list;
  return rangeOf(resolved) ?? (Array.isArray(resolved) ? resolved : [...(resolved as Iterable<unknown>)]);
}

function includes(record: Validatable, list: unknown, value: unknown): boolean {
  const m = members(record, list);
  const one = (v: unknown) => {
    if (Array.isArray(m)) return m.some((x) => rubyEqual(x, v));
    if (v === null || v === undefined) return false;
    if (m.begin !== null && compare(v, m.begin) < 0) return false;
    if (m.end === null) return true;
    return m.exclusive ? compare(v, m.end) < 0 : compare(v, m.end) <= 0;
  };
  return Array.isArray(value) ? value.every(one) : one(value);
}

const confirmation: Check = (record, attribute, value, options) => {
  const confirmed = record.readAttribute(`${attribute}_confirmation`);
  if (confirmed === null || confirmed === undefined) return;
  const equal = options.case_sensitive === false ? String(value ?? "").toLowerCase() === String(confirmed).toLowerCase() : String(value ?? "") === String(confirmed);
  if (equal) return;
  const human = (record as unknown as { humanAttributeName(a: string): string }).humanAttributeName(attribute);
  record.errors.add(`${attribute}_confirmation`, "confirmation", { ...except(options, "case_sensitive"), attribute: human });
};

export const BASIC_CHECKS: { [validator: string]: Check } = {
  presence: (record, attribute, value, options) => {
    if (isBlank(value)) record.errors.add(attribute, "blank", options);
  },
  absence: (record, attribute, value, options) => {
    if (!isBlank(value)) record.errors.add(attribute, "present", options);
  },
  length,
  format: (record, attribute, value, options) => {
    const pattern = (typeof options.with === "function" ? (options.with as (r: Validatable) => RegExp)(record) : options.with) ?? options.without;
    const regexp = pattern instanceof RegExp ? pattern : new RegExp(String(pattern));
    const matched = regexp.test(value === null || value === undefined ? "" : String(value));
    if (options.with !== undefined ? !matched : matched) record.errors.add(attribute, "invalid", { ...except(options, "with", "without", "multiline"), value });
  },
  inclusion: (record, attribute, value, options) => {
    if (!includes(record, options.in ?? options.within, value)) record.errors.add(attribute, "inclusion", { ...except(options, "in", "within"), value });
  },
  exclusion: (record, attribute, value, options) => {
    if (includes(record, options.in ?? options.within, value)) record.errors.add(attribute, "exclusion", { ...except(options, "in", "within"), value });
  },
  acceptance: (record, attribute, value, options) => {
    const accept = (options.accept as unknown[] | undefined) ?? ["1", true];
    if (!(Array.isArray(accept) ? accept : [accept]).some((a) => a === value)) record.errors.add(attribute, "accepted", except(options, "accept", "allow_nil"));
  },
  confirmation,
};
