// Integer and Float methods (Ruby core and ActiveSupport's numeric extensions) on lowered numbers (a JS number,
// a bigint past 2**53, or a RubyFloat box for an integral Float: ruby/ruby.ts), keyed by the one Ruby -> TS naming rule.
//   3.days / 1.5.hours         NumericMethods.days(3) -> Duration            5.megabytes -> 5242880
//   1234567.to_fs(:human)      NumericMethods.toFs(1234567, "human")        1.ordinalize -> "1st"
import { Duration, type DurationUnit } from "../duration.js";
import * as I from "../inflector.js";
import { encodeJson } from "../json.js";
import { numericToFs } from "../numeric-conversions.js";
import { floatOf, isFloat, isPlainObject, RubyFloat, toS } from "../../ruby/ruby.js";
import { ZeroDivisionError } from "../../ruby/errors.js";
import { clamp } from "./core-range.js";
import { counting, yieldEach } from "../../ruby/core-enumerator.js";

export type RubyNumeric = number | bigint | RubyFloat;

const num = (n: RubyNumeric): number => Number(n);
// A Float count stays a Float part (1.0.hours inspects "1.0 hour").
const duration = (unit: DurationUnit) => (n: RubyNumeric) => Duration.of(n instanceof RubyFloat ? n : num(n), unit);
const bytes = (power: number) => (n: RubyNumeric) => num(n) * 1024 ** power;

export const NumericMethods = {
  // Integer#times / upto / downto / step: with a block, each Integer in turn (the receiver is the answer); without
  // one, their Enumerator. The naming rule also gives `*` the member name `times` (operator-names.ts): the
  // operator itself is core-operators.ts's, reached here only by a dynamic send of `*`, which it refuses.
  times: (n: RubyNumeric, block?: unknown): unknown => {
    if (block !== undefined && typeof block !== "function") throw new TypeError("Integer#* is dispatched by the operators (core-operators.ts)");
    return yieldEach(counting(0, Number(n) - 1, 1), n, block);
  },
  upto: (n: RubyNumeric, limit: unknown, block?: unknown): unknown => yieldEach(counting(Number(n), Number(limit), 1), n, block),
  downto: (n: RubyNumeric, limit: unknown, block?: unknown): unknown => yieldEach(counting(Number(n), Number(limit), -1), n, block),
  step: (n: RubyNumeric, ...args: unknown[]): unknown => {
    const block = typeof args[args.length - 1] === "function" ? args.pop() : undefined;
    const [limit = null, by = 1] = args;
    return yieldEach(counting(Number(n), limit === null ? Infinity : Number(limit), Number(by)), n, block);
  },
  ordinalize: (n: RubyNumeric) => I.ordinalize(num(n)),
  ordinal: (n: RubyNumeric) => I.ordinal(num(n)),
  toFs: (n: RubyNumeric, format: unknown = null, options: unknown = {}) =>
    numericToFs(n, format === null || format === undefined ? null : toS(format), isPlainObject(options) ? options : {}),
  toFormattedS: (n: RubyNumeric, format: unknown = null, options: unknown = {}) =>
    numericToFs(n, format === null || format === undefined ? null : toS(format), isPlainObject(options) ? options : {}),
  toS: (n: RubyNumeric, base: unknown = 10) => (base === 10 ? toS(n) : (typeof n === "bigint" ? n : num(n)).toString(Number(base))),
  inspect: (n: RubyNumeric) => toS(n),
  toI: (n: RubyNumeric) => (typeof n === "bigint" ? n : Math.trunc(num(n))),
  toF: (n: RubyNumeric) => floatOf(num(n)),
  toParam: (n: RubyNumeric) => toS(n),
  isHtmlSafe: () => true,
  succ: (n: RubyNumeric) => (typeof n === "bigint" ? n + 1n : num(n) + 1),
  next: (n: RubyNumeric) => (typeof n === "bigint" ? n + 1n : num(n) + 1),
  pred: (n: RubyNumeric) => (typeof n === "bigint" ? n - 1n : num(n) - 1),
  fdiv: (n: RubyNumeric, d: unknown) => floatOf(num(n) / Number(d)),
  divmod: (n: RubyNumeric, d: unknown) => {
    const [a, b] = [num(n), Number(d)];
    if (b === 0 && !isFloat(n) && !isFloat(d)) throw new ZeroDivisionError("divided by 0");
    const q = Math.floor(a / b);
    const float = isFloat(n) || isFloat(d);
    return [float ? floatOf(q) : q, float ? floatOf(a - q * b) : a - q * b];
  },
  digits: (n: RubyNumeric) => [...String(typeof n === "bigint" ? n : Math.trunc(num(n)))].reverse().map(Number),
  isBetween: (n: RubyNumeric, min: unknown, max: unknown) => num(n) >= Number(min) && num(n) <= Number(max),
  clamp: (n: RubyNumeric, min: unknown, max?: unknown) => clamp(n, min, max),
  isInteger: (n: RubyNumeric) => !isFloat(n),
  isZero: (n: RubyNumeric) => num(n) === 0,
  isPositive: (n: RubyNumeric) => num(n) > 0,
  isNegative: (n: RubyNumeric) => num(n) < 0,
  isEven: (n: RubyNumeric) => (typeof n === "bigint" ? n % 2n === 0n : num(n) % 2 === 0),
  isOdd: (n: RubyNumeric) => (typeof n === "bigint" ? n % 2n !== 0n : Math.abs(num(n) % 2) === 1),
  abs: (n: RubyNumeric) => (typeof n === "bigint" ? (n < 0n ? -n : n) : isFloat(n) ? floatOf(Math.abs(num(n))) : Math.abs(num(n))),
  round: (n: RubyNumeric, digits: unknown = 0) => (isFloat(n) && Number(digits) > 0 ? floatOf(roundHalfAway(num(n), Number(digits))) : roundHalfAway(num(n), Number(digits))),
  floor: (n: RubyNumeric) => Math.floor(num(n)),
  ceil: (n: RubyNumeric) => Math.ceil(num(n)),
  toJson: (n: RubyNumeric) => encodeJson(n),
  asJson: (n: RubyNumeric) => n,
  second: duration("seconds"), seconds: duration("seconds"),
  minute: duration("minutes"), minutes: duration("minutes"),
  hour: duration("hours"), hours: duration("hours"),
  day: duration("days"), days: duration("days"),
  week: duration("weeks"), weeks: duration("weeks"),
  fortnight: (n: RubyNumeric) => Duration.of(num(n) * 2, "weeks"),
  fortnights: (n: RubyNumeric) => Duration.of(num(n) * 2, "weeks"),
  month: duration("months"), months: duration("months"),
  year: duration("years"), years: duration("years"),
  byte: bytes(0), bytes: bytes(0),
  kilobyte: bytes(1), kilobytes: bytes(1),
  megabyte: bytes(2), megabytes: bytes(2),
  gigabyte: bytes(3), gigabytes: bytes(3),
  terabyte: bytes(4), terabytes: bytes(4),
};

/** Float#round(digits): half away from zero, on the decimal digits Ruby prints. */
function roundHalfAway(n: number, digits: number): number {
  if (!Number.isFinite(n)) return n;
  const factor = 10 ** digits;
  const scaled = Math.abs(n) * factor;
  const rounded = Math.round(Number(scaled.toPrecision(15))) / factor;
  return n < 0 ? -rounded : rounded;
}
