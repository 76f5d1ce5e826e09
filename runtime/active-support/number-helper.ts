// ActiveSupport::NumberHelper (number_helper/*_converter.rb): formatting without HTML concerns.
//   number_to_rounded(n, precision: 2) -> numberToRounded(n, { precision: 2 })   and delimited, currency,
//   percentage, human, human_size, phone. Options use Ruby's keys; defaults come from I18n `number.*`.
// Numbers are JS numbers/bigints, numeric strings, or objects with toRubyString() (BigDecimal columns).
import { Dec, type RoundMode } from "../ruby/decimal.js";
import { lookup } from "./i18n.js";
import { isPlainObject, numberToS, RubyFloat, toS } from "../ruby/ruby.js";

export type NumberInput = number | bigint | string | { toRubyString(): string } | null | undefined;
export type NumberOptions = Record<string, unknown>;

const FORMAT_DEFAULTS: NumberOptions = { separator: ".", delimiter: ",", precision: 3, significant: false, strip_insignificant_zeros: false };

/** NumberConverter#options: built-in defaults, then I18n number.format and number.<namespace>.format, then opts. */
export function formatOptions(namespace: string | null, opts: NumberOptions): NumberOptions {
  const locale = typeof opts.locale === "string" ? opts.locale : undefined;
  const i18n = (key: string) => {
    const v = lookup(key, locale);
    return isPlainObject(v) ? v : {};
  };
  return { ...FORMAT_DEFAULTS, ...i18n("number.format"), ...(namespace ? i18n(`number.${namespace}.format`) : {}), ...opts };
}

/** The Ruby text of a number-like input (Float#to_s for floats). */
export function numberText(n: NumberInput): string {
  if (typeof n === "number" || typeof n === "bigint") return typeof n === "number" ? numberToS(n) : n.toString();
  if (n instanceof RubyFloat) return n.toRubyString();
  return toS(n);
}

/** NumberConverter#valid_bigdecimal: null when the input is not a number (strings with d/e never are). */
export function validDecimal(n: NumberInput): Dec | null {
  if (typeof n === "number" || n instanceof RubyFloat) return Number.isFinite(Number(n)) ? Dec.fromNumber(Number(n)) : null;
  if (typeof n === "bigint") return Dec.fromNumber(n);
  const s = toS(n);
  if (typeof n === "string" && /[de]/i.test(s)) return null;
  return Dec.parse(s);
}

/** RoundingHelper#round: to `precision` places, or significant digits. */
function roundDecimal(d: Dec, options: NumberOptions): Dec {
  const precision = options.precision;
  if (precision === null || precision === undefined) return d;
  const p = Number(precision);
  const places = options.significant && p > 0 ? p - d.digitCount() : p;
  const rounded = d.round(places, (options.round_mode as RoundMode | undefined) ?? "default");
  return rounded.isZero() ? rounded.abs() : rounded;
}

/** NumberToDelimitedConverter. */
export function numberToDelimited(n: NumberInput, opts: NumberOptions = {}): string | NumberInput {
  if (n === null || n === undefined) return null;
  if (!validDecimal(n)) return n;
  const options = formatOptions(null, opts);
  const [left = "", right] = numberText(n).split(".");
  let delimited: string;
  const pattern = options.delimiter_pattern;
  if (pattern instanceof RegExp) {
    delimited = left.replace(new RegExp(pattern.source, "g"), (m) => `${m}${toS(options.delimiter)}`);
  } else {
    const parts: string[] = [];
    const offset = left.length % 3;
    if (offset > 0) parts.push(left.slice(0, offset));
    for (let i = offset; i < left.length; i += 3) parts.push(left.slice(i, i + 3));
    delimited = parts.join(toS(options.delimiter));
  }
  return right === undefined ? delimited : `${delimited}${toS(options.separator)}${right}`;
}

function stripZeros(s: string, separator: string): string {
  const sep = separator.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
  return s.replace(new RegExp(`(${sep})(\\d*[1-9])?0+$`), "$1$2").replace(new RegExp(`${sep}$`), "");
}

/** NumberToRoundedConverter (precision/significant/strip_insignificant_zeros, then delimited). */
export function numberToRounded(n: NumberInput, opts: NumberOptions = {}, namespace: string | null = "precision"): string | NumberInput {
  if (n === null || n === undefined) return null;
  const d = validDecimal(n);
  if (!d) {
    if (typeof n === "number" && !Number.isNaN(n)) return n > 0 ? "Inf" : "-Inf";
    return n;
  }
  const options = formatOptions(namespace, opts);
  const rounded = roundDecimal(d, options);
  let text: string;
  if (options.precision !== null && options.precision !== undefined) {
    let precision = Number(options.precision);
    if (options.significant && precision > 0) precision = Math.max(precision - rounded.digitCount(), 0);
    const [a, b] = rounded.toFixedString().split(".") as [string, string];
    text = precision !== 0 ? `${a}.${(b + "0".repeat(precision)).slice(0, precision)}` : a;
  } else {
    text = numberText(n);
  }
  const delimited = toS(numberToDelimited(text, options));
  return options.strip_insignificant_zeros ? stripZeros(delimited, toS(options.separator)) : delimited;
}

/** NumberToCurrencyConverter. */
export function numberToCurrency(n: NumberInput, opts: NumberOptions = {}): string | null {
  if (n === null || n === undefined) return null;
  const base = formatOptions("currency", {});
  if (base.format && !base.negative_format) base.negative_format = `-${toS(base.format)}`;
  if (opts.format) base.negative_format = `-${toS(opts.format)}`;
  const options = { ...base, ...opts };
  let format = toS(options.format);
  let d = validDecimal(n);
  let numberS: string;
  if (d) {
    if (d.negative) {
      d = d.abs();
      if (d.shift(Number(options.precision)).compareAbs(Dec.parse("0.5")!) >= 0) format = toS(options.negative_format);
    }
    numberS = toS(numberToRounded(d.toFixedString(), options, "currency"));
  } else {
    numberS = numberText(n).trim();
    if (numberS.startsWith("-")) {
      numberS = numberS.slice(1);
      format = toS(options.negative_format);
    }
  }
  return format.split("%n").join(numberS).split("%u").join(toS(options.unit));
}

/** NumberToPercentageConverter. */
export function numberToPercentage(n: NumberInput, opts: NumberOptions = {}): string | null {
  if (n === null || n === undefined) return null;
  const options = formatOptions("percentage", opts);
  return toS(options.format).split("%n").join(toS(numberToRounded(n, options, "percentage")));
}
