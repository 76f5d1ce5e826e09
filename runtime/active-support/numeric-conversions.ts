// ActiveSupport's Numeric#to_fs(format, options) (core_ext/numeric/conversions.rb): the NumberHelper
// formats without output safety.  1234.to_fs(:delimited) -> numericToFs(1234, "delimited")
import { numberToCurrency, numberToDelimited, numberToPercentage, numberToRounded, type NumberInput, type NumberOptions } from "./number-helper.js";
import { numberToHuman, numberToHumanSize, numberToPhone } from "./number-human.js";
import { toS } from "../ruby/ruby.js";

const FORMATS: Record<string, (n: NumberInput, o: NumberOptions) => unknown> = {
  phone: numberToPhone,
  currency: numberToCurrency,
  percentage: numberToPercentage,
  delimited: numberToDelimited,
  rounded: numberToRounded,
  human: numberToHuman,
  human_size: numberToHumanSize,
};

export function numericToFs(n: NumberInput, format: string | null = null, options: NumberOptions = {}): string {
  const fn = format ? FORMATS[format] : undefined;
  return fn ? toS(fn(n, options)) : toS(n);
}
