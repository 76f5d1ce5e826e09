// ActiveSupport::NumberHelper's human-oriented converters: number_to_human (Thousand, Million, ...),
// number_to_human_size (KB, MB, ... base 1024) and number_to_phone. Unit names come from I18n
// `number.human.*`; the arithmetic between rounding steps is Float arithmetic, as in Ruby.
import { lookup, translateOrUndefined } from "./i18n.js";
import { formatOptions, numberText, numberToRounded, validDecimal, type NumberInput, type NumberOptions } from "./number-helper.js";
import { isBlank, isPlainObject, toS } from "../ruby/ruby.js";

const DECIMAL_UNITS: Record<number, string> = {
  0: "unit", 1: "ten", 2: "hundred", 3: "thousand", 6: "million", 9: "billion", 12: "trillion", 15: "quadrillion",
  [-1]: "deci", [-2]: "centi", [-3]: "mili", [-6]: "micro", [-9]: "nano", [-12]: "pico", [-15]: "femto",
};
const EXPONENT_OF = Object.fromEntries(Object.entries(DECIMAL_UNITS).map(([e, n]) => [n, Number(e)]));
const STORAGE_UNITS = ["byte", "kb", "mb", "gb", "tb", "pb", "eb", "zb"];

function humanOptions(opts: NumberOptions): NumberOptions {
  const options = formatOptions("human", opts);
  if (!("strip_insignificant_zeros" in opts)) options.strip_insignificant_zeros = true;
  return options;
}

function pluralForm(entry: unknown, count: number): string {
  if (!isPlainObject(entry)) return toS(entry);
  return toS(count === 1 ? entry.one : entry.other);
}

/** number_to_human(number, options). */
export function numberToHuman(n: NumberInput, opts: NumberOptions = {}): string | NumberInput {
  if (n === null || n === undefined) return null;
  const d = validDecimal(n);
  if (!d) return n;
  const options = humanOptions(opts);
  const p = Number(options.precision);
  const places = options.significant && p > 0 ? p - d.digitCount() : p;
  let number = d.round(places, (options.round_mode as "default" | undefined) ?? "default").toNumber();
  const units = opts.units;
  const unitTable = isPlainObject(units) ? units : (lookup("number.human.decimal_units.units", options.locale as string | undefined) as Record<string, unknown>);
  const exponents = Object.keys(unitTable).map((k) => EXPONENT_OF[k]!).filter((e) => e !== undefined).sort((a, b) => b - a);
  const magnitude = number !== 0 ? Math.floor(Math.log10(Math.abs(number))) : 0;
  const exponent = exponents.find((e) => magnitude >= e) ?? 0;
  number = number / 10 ** exponent;
  const rounded = toS(numberToRounded(number, options, "human"));
  const unitName = DECIMAL_UNITS[exponent]!;
  const unit = isPlainObject(units) ? toS(units[unitName] ?? "") : pluralForm(unitTable[unitName], Math.trunc(number));
  const format = toS(options.format ?? lookup("number.human.decimal_units.format", options.locale as string | undefined));
  return format.split("%n").join(rounded).split("%u").join(unit).trim();
}

/** number_to_human_size(number, options). */
export function numberToHumanSize(n: NumberInput, opts: NumberOptions = {}): string | NumberInput {
  if (n === null || n === undefined) return null;
  if (!validDecimal(n)) return n;
  const options = humanOptions(opts);
  const number = Number(typeof n === "bigint" ? n : toS(n));
  const smaller = Math.abs(Math.trunc(number)) < 1024;
  let formatted: string;
  let key: string;
  if (smaller) {
    formatted = String(Math.trunc(number));
    key = "byte";
  } else {
    const exponent = Math.min(Math.trunc(Math.log(Math.abs(number)) / Math.log(1024)), STORAGE_UNITS.length - 1);
    formatted = toS(numberToRounded(number / 1024 ** exponent, options, "human"));
    key = STORAGE_UNITS[exponent]!;
  }
  const locale = options.locale as string | undefined;
  const format = toS(translateOrUndefined("number.human.storage_units.format", { locale }) ?? "%n %u");
  const unit = pluralForm(lookup(`number.human.storage_units.units.${key}`, locale), Math.trunc(number));
  return format.split("%n").join(formatted).split("%u").join(unit);
}

/** number_to_phone(number, options). */
export function numberToPhone(n: NumberInput, opts: NumberOptions = {}): string | null {
  if (n === null || n === undefined) return null;
  const delimiter = opts.delimiter === null || opts.delimiter === undefined ? "-" : toS(opts.delimiter);
  const code = isBlank(opts.country_code) ? "" : `+${toS(opts.country_code)}${delimiter}`;
  let number = numberText(n).trim();
  const pattern = (re: RegExp) => (opts.pattern instanceof RegExp ? new RegExp(opts.pattern.source, "g") : re);
  if (opts.area_code) {
    number = number.replace(pattern(/(\d{1,3})(\d{3})(\d{4}$)/g), `($1) $2${delimiter}$3`);
  } else {
    number = number.replace(pattern(/(\d{0,3})(\d{3})(\d{4})$/g), `$1${delimiter}$2${delimiter}$3`);
    if (delimiter !== "" && number.startsWith(delimiter)) number = number.slice(1);
  }
  const ext = isBlank(opts.extension) ? "" : ` x ${toS(opts.extension)}`;
  return code + number + ext;
}
