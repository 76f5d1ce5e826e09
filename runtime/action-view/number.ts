// ActionView::Helpers::NumberHelper: ActiveSupport's formatters plus output safety.
//   number_to_currency(9.5) -> numberToCurrency(9.5)    number_with_delimiter, number_with_precision,
//   number_to_percentage, number_to_human, number_to_human_size, number_to_phone.
// Format/separator/delimiter/unit options are escaped first; the result is html_safe only when the
// input is a valid Float (or was already safe), so invalid input comes back as a plain String.
import * as N from "../active-support/number-helper.js";
import { numberToHuman as asHuman, numberToHumanSize as asHumanSize, numberToPhone as asPhone } from "../active-support/number-human.js";
import { isNumeric, isPlainObject, toS } from "../ruby/ruby.js";
import { htmlEscape, isHtmlSafe, SafeString } from "../active-support/safe.js";

type Options = Record<string, unknown>;

/** NumberHelper#escape_unsafe_options. */
function escapeUnsafeOptions(options: Options): Options {
  const out = Object.assign({}, options);
  for (const k of ["format", "negative_format", "separator", "delimiter"]) if (out[k]) out[k] = htmlEscape(out[k]);
  if (out.unit && !isHtmlSafe(out.unit)) out.unit = htmlEscape(out.unit);
  if (isPlainObject(out.units)) out.units = Object.fromEntries(Object.entries(out.units).map(([k, v]) => [k, htmlEscape(v)]));
  return out;
}

/** Ruby's `Float(x, exception: false)` succeeding. */
function isValidFloat(n: unknown): boolean {
  if (isNumeric(n)) return true;
  if (typeof n !== "string" && !(n instanceof SafeString) && !(n !== null && typeof n === "object" && "toRubyString" in n)) return false;
  const s = toS(n).trim();
  return /^[-+]?(\d[\d_]*)?(\.\d+)?([eE][-+]?\d+)?$/.test(s) && /\d/.test(s) && !/^[-+]?\./.test(s) && !/_$/.test(s);
}

function delegate(fn: (n: N.NumberInput, o: Options) => unknown, number: unknown, options: Options): unknown {
  if (number === null || number === undefined || number === false) return null;
  const opts = escapeUnsafeOptions(options);
  delete opts.raise;
  const formatted = toS(fn(number as N.NumberInput, opts));
  return isValidFloat(number) || isHtmlSafe(number) ? new SafeString(formatted) : formatted;
}

export function numberToCurrency(number: unknown, options: Options = {}): unknown {
  return delegate(N.numberToCurrency, number, options);
}
export function numberToPercentage(number: unknown, options: Options = {}): unknown {
  return delegate(N.numberToPercentage, number, options);
}
export function numberWithDelimiter(number: unknown, options: Options = {}): unknown {
  return delegate(N.numberToDelimited, number, options);
}
export function numberWithPrecision(number: unknown, options: Options = {}): unknown {
  return delegate(N.numberToRounded, number, options);
}
export function numberToHumanSize(number: unknown, options: Options = {}): unknown {
  return delegate(asHumanSize, number, options);
}
export function numberToHuman(number: unknown, options: Options = {}): unknown {
  return delegate(asHuman, number, options);
}

/** number_to_phone: always escaped and html_safe (nil for nil). */
export function numberToPhone(number: unknown, options: Options = {}): SafeString | null {
  if (number === null || number === undefined || number === false) return null;
  const opts = Object.assign({}, options);
  delete opts.raise;
  return htmlEscape(asPhone(number as N.NumberInput, opts));
}
