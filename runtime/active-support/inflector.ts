// ActiveSupport::Inflector (inflector/methods.rb, transliterate.rb) on JS strings:
//   "post".pluralize -> pluralize("post")      "Admin::Post".underscore -> underscore("Admin::Post")
//   camelize, humanize, titleize, tableize, classify, dasherize, demodulize, deconstantize,
//   foreign_key, parameterize, ordinal/ordinalize, upcase_first, downcase_first.
// Ruby's character classes ([[:alpha:]], \w, \b) are Unicode-aware; they are spelled with \p{..} here.
import { inflections, type InflectionRule } from "./inflections.js";
import { numberToS } from "../ruby/ruby.js";
import { TRANSLITERATIONS } from "./transliterations.js";
import { BoundedMemo } from "./bounded-memo.js";

export { inflections, Inflections, withInflections, createInflectionRegistry, type InflectionRegistry } from "./inflections.js";

/** Ruby `sub` with a `\1`-style replacement (unmatched groups become ""). */
function rubySub(word: string, rule: RegExp | string, replacement: string): string | null {
  const re = typeof rule === "string" ? new RegExp(rule.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : rule;
  const m = re.exec(word);
  if (!m) return null;
  const rep = replacement.replace(/\\(\d)/g, (_, d: string) => m[Number(d)] ?? "");
  return word.slice(0, m.index) + rep + word.slice(m.index + m[0].length);
}

/**
 * pluralize/singularize answers per rule list and word, while the rules stay as they are (Inflections#version):
 * table names, route keys and cache keys inflected the same few words on every request.
 */
const inflected = new WeakMap<InflectionRule[], { version: number; words: BoundedMemo<string, string> }>();
const INFLECTED_MAX = 10000;

function applyInflections(word: string, rules: InflectionRule[], locale: string): string {
  const set = inflections(locale);
  let memo = inflected.get(rules);
  if (!memo || memo.version !== set.version) inflected.set(rules, (memo = { version: set.version, words: new BoundedMemo(INFLECTED_MAX) }));
  return memo.words.get(word) ?? memo.words.set(word, inflect(word, rules, locale));
}

function inflect(word: string, rules: InflectionRule[], locale: string): string {
  if (word === "" || inflections(locale).isUncountable(word)) return word;
  for (const [rule, replacement] of rules) {
    const out = rubySub(word, rule, replacement);
    if (out !== null) return out;
  }
  return word;
}

export function pluralize(word: string, locale = "en"): string {
  return applyInflections(word, inflections(locale).plurals, locale);
}

export function singularize(word: string, locale = "en"): string {
  return applyInflections(word, inflections(locale).singulars, locale);
}

/** Ruby String#capitalize: first character up, the rest down. */
export function capitalize(s: string): string {
  const chars = Array.from(s);
  return chars.length ? chars[0]!.toUpperCase() + chars.slice(1).join("").toLowerCase() : "";
}

function acronymRegex(): string | null {
  const values = Object.values(inflections().acronyms);
  return values.length ? values.join("|") : null;
}

export function camelize(term: string, uppercaseFirstLetter: boolean | "lower" = true): string {
  const acronyms = inflections().acronyms;
  let s = term;
  if (!uppercaseFirstLetter || uppercaseFirstLetter === "lower") {
    const acr = acronymRegex();
    const re = new RegExp(acr ? `^(?:(?:${acr})(?=\\b|[A-Z_])|\\w)` : "^\\w");
    s = s.replace(re, (m) => m.toLowerCase());
  } else if (/^[a-z\d]*$/.test(s)) {
    return acronyms[s] ?? capitalize(s);
  } else {
    s = s.replace(/^[a-z\d]*/, (m) => acronyms[m] ?? capitalize(m));
  }
  return s.replace(/(?:_|(\/))([a-z\d]*)/gi, (_m, slash: string | undefined, word: string) => {
    const sub = acronyms[word] ?? capitalize(word);
    return slash ? `::${sub}` : sub;
  });
}

export function underscore(camelCasedWord: string): string {
  if (!/[A-Z-]|::/.test(camelCasedWord)) return camelCasedWord;
  let word = camelCasedWord.replace(/::/g, "/");
  const acr = acronymRegex();
  if (acr) {
    word = word.replace(new RegExp(`(?:(?<=([A-Za-z\\d]))|\\b)(${acr})(?=\\b|[^a-z])`, "g"),
      (_m, before: string | undefined, a: string) => `${before ? "_" : ""}${a.toLowerCase()}`);
  }
  word = word.replace(/(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z\d])(?=[A-Z])/g, "_");
  return word.replace(/-/g, "_").toLowerCase();
}

export interface HumanizeOptions {
  capitalize?: boolean;
  keepIdSuffix?: boolean;
}

/**
 * humanize's answers per rule set, word and options, while its human rules and acronyms stay as they are
 * (Inflections#humanVersion): form labels and attribute names humanize the same few words on every request.
 */
const humanized = new WeakMap<object, { version: number; words: BoundedMemo<string, string> }>();

export function humanize(word: string, options: HumanizeOptions = {}): string {
  const set = inflections();
  let memo = humanized.get(set);
  if (!memo || memo.version !== set.humanVersion) humanized.set(set, (memo = { version: set.humanVersion, words: new BoundedMemo(INFLECTED_MAX) }));
  const key = `${options.capitalize === false ? "0" : "1"}${options.keepIdSuffix ? "1" : "0"}${word}`;
  return memo.words.get(key) ?? memo.words.set(key, humanizeUncached(word, options));
}

function humanizeUncached(word: string, options: HumanizeOptions): string {
  let result = word;
  for (const [rule, replacement] of inflections().humans) {
    const out = rubySub(result, rule, replacement);
    if (out !== null) {
      result = out;
      break;
    }
  }
  result = result.replace(/_/g, " ").replace(/^[\s\0]+/, "");
  if (!options.keepIdSuffix && word.endsWith("_id") && result.endsWith(" id")) result = result.slice(0, -3);
  const acronyms = inflections().acronyms;
  result = result.replace(/[\p{Alphabetic}\d]+/gu, (m) => {
    const lower = m.toLowerCase();
    return acronyms[lower] ?? lower;
  });
  if (options.capitalize !== false) result = result.replace(/^\p{Alphabetic}/u, (m) => m.toUpperCase());
  return result;
}

export function upcaseFirst(s: string): string {
  return s.length ? s[0]!.toUpperCase() + s.slice(1) : "";
}

export function downcaseFirst(s: string): string {
  return s.length ? s[0]!.toLowerCase() + s.slice(1) : "";
}

export function titleize(word: string, options: { keepIdSuffix?: boolean } = {}): string {
  const human = humanize(underscore(word), { keepIdSuffix: options.keepIdSuffix });
  // Ruby: /\b(?<!\w['’`()])[a-z]/ with Unicode-aware \b and \w.
  return human.replace(/(?<![\p{L}\p{M}\p{N}_])(?<![\p{L}\p{M}\p{N}_]['’`()])[a-z]/gu, (m) => m.toUpperCase());
}

export function tableize(className: string): string {
  return pluralize(underscore(className));
}

export function classify(tableName: string): string {
  return camelize(singularize(tableName.replace(/^[^\n]*\./, "")));
}

export function dasherize(word: string): string {
  return word.replace(/_/g, "-");
}

export function demodulize(path: string): string {
  const i = path.lastIndexOf("::");
  return i >= 0 ? path.slice(i + 2) : path;
}

export function deconstantize(path: string): string {
  const i = path.lastIndexOf("::");
  return i >= 0 ? path.slice(0, i) : "";
}

// constantize needs the app's constants, which live above this layer: the app's wiring installs the lookup
// (a name -> its class, throwing NameError's "uninitialized constant X" when there is none).
let constantLookup: ((name: string) => unknown) | null = null;

export function setConstantLookup(lookup: ((name: string) => unknown) | null): void {
  constantLookup = lookup;
}

/** String#constantize: the constant the (optionally `::`-rooted) name names, or NameError. */
export function constantize(name: string): unknown {
  const path = name.replace(/^::/, "");
  if (!constantLookup || !/^[A-Z]\w*(::[A-Z]\w*)*$/.test(path)) throw Object.assign(new Error(`uninitialized constant ${path}`), { name: "NameError" });
  return constantLookup(path);
}

/** String#safe_constantize: nil where constantize raises NameError for the name itself. */
export function safeConstantize(name: string): unknown {
  try {
    return constantize(name);
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("uninitialized constant")) return null;
    throw e;
  }
}

export function foreignKey(className: string, separateWithUnderscore = true): string {
  return underscore(demodulize(className)) + (separateWithUnderscore ? "_id" : "id");
}

/** I18n.transliterate with the default approximations: unknown non-ASCII becomes `replacement`. */
export function transliterate(s: string, replacement = "?"): string {
  return s.normalize("NFC").replace(/[^\x00-\x7f]/gu, (c) => TRANSLITERATIONS[c] ?? replacement);
}

export interface ParameterizeOptions {
  separator?: string;
  preserveCase?: boolean;
}

export function parameterize(s: string, options: ParameterizeOptions = {}): string {
  const sep = options.separator ?? "-";
  let out = transliterate(s).replace(/[^a-z0-9\-_]+/gi, sep);
  if (sep !== "") {
    const q = sep.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
    out = out.replace(new RegExp(`(?:${q}){2,}`, "g"), sep).replace(new RegExp(`^${q}|${q}$`, "gim"), "");
  }
  return options.preserveCase ? out : out.toLowerCase();
}

/** The suffix Rails' English locale gives a number (activesupport/locale/en.rb `number.nth.ordinals`). */
export function ordinal(n: number): string {
  let mod = Math.abs(Math.trunc(n)) % 100;
  if (mod > 13) mod %= 10;
  return mod === 1 ? "st" : mod === 2 ? "nd" : mod === 3 ? "rd" : "th";
}

export function ordinalize(n: number): string {
  return `${numberToS(n)}${ordinal(n)}`;
}
