// I18n with Rails' bundled English (actionview, activesupport, activemodel, activerecord locale/en.yml)
// and the app's own locale files layered on top (config/locales/*.yml lower to storeTranslations).
//   I18n.t("helpers.submit.create", model: "Post")  -> translate("helpers.submit.create", { model: "Post" })
//   defaults: a key (Symbol in Ruby, `{ key }` here) is looked up, a String is the literal fallback.
import { RAILS_EN } from "./i18n-en.js";
import { isPlainObject, toS } from "../ruby/ruby.js";
import { BoundedMemo } from "./bounded-memo.js";

export type TranslationTree = Record<string, unknown>;

/** A Symbol default (another key to try, in the same scope), as opposed to a String default (used as is). */
export interface KeyDefault {
  key: string;
}

export interface TranslateOptions {
  scope?: string | string[] | null;
  default?: unknown;
  count?: number | null;
  locale?: string;
  [interpolation: string]: unknown;
}

const stores = new Map<string, TranslationTree>([["en", structuredClone(RAILS_EN)]]);
let currentLocale = "en";

export function locale(): string {
  return currentLocale;
}
export function setLocale(l: string): void {
  currentLocale = l;
}

function deepMerge(into: TranslationTree, from: TranslationTree): void {
  for (const [k, v] of Object.entries(from)) {
    if (isPlainObject(v) && isPlainObject(into[k])) deepMerge(into[k] as TranslationTree, v);
    else into[k] = v;
  }
}

/**
 * The entries lookup found, per locale and key, until translations are stored again (the only way the trees
 * change): labels, submit values and attribute names look up the same few keys on every request.
 */
const found = new BoundedMemo<string, unknown>(10000);

/** I18n.backend.store_translations(locale, tree). */
export function storeTranslations(loc: string, tree: TranslationTree): void {
  found.clear();
  const store = stores.get(loc) ?? {};
  deepMerge(store, tree);
  stores.set(loc, store);
}

/** The raw entry at a dotted key (a string, array, subtree or undefined). */
export function lookup(key: string, loc = currentLocale): unknown {
  const memoKey = `${loc}\u0000${key}`;
  if (found.has(memoKey)) return found.get(memoKey);
  return found.set(memoKey, lookupUncached(key, loc));
}

function lookupUncached(key: string, loc: string): unknown {
  let node: unknown = stores.get(loc);
  for (const part of key.split(".").filter((p) => p !== "")) {
    if (!isPlainObject(node)) return undefined;
    node = node[part];
  }
  return node ?? undefined;
}

function fullKey(key: string, scope: TranslateOptions["scope"]): string {
  const s = Array.isArray(scope) ? scope.join(".") : scope ?? "";
  return s ? `${s}.${key}` : key;
}

function pluralize(entry: unknown, count: number | null | undefined): unknown {
  if (!isPlainObject(entry) || count === null || count === undefined) return entry;
  if (count === 0 && "zero" in entry) return entry.zero;
  return count === 1 ? entry.one : entry.other;
}

/** I18n's %{name} interpolation (a missing value is an error in Ruby; here it stays visible). */
export function interpolate(s: string, values: Record<string, unknown>): string {
  return s.replace(/%\{(\w+)\}/g, (m, k: string) => (k in values ? toS(values[k]) : m));
}

const RESERVED = new Set(["scope", "default", "locale", "raise", "throw", "fallback", "separator", "resolve", "exception_handler"]);

function interpolations(options: TranslateOptions): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([k]) => !RESERVED.has(k)));
}

/** A translation's text with the options' values interpolated (text with no `%{` has nothing to interpolate). */
function interpolateOptions(s: string, options: TranslateOptions): string {
  return s.includes("%{") ? interpolate(s, interpolations(options)) : s;
}

/** Resolves a key (with scope and count), or undefined when there is no translation. */
function resolve(key: string, options: TranslateOptions): unknown {
  if (key === "") return undefined;
  const entry = pluralize(lookup(fullKey(key, options.scope), options.locale ?? currentLocale), options.count);
  if (entry === undefined || entry === null) return undefined;
  return typeof entry === "string" ? interpolateOptions(entry, options) : entry;
}

/** I18n.t: the translation, the first usable default, or undefined when every candidate is missing. */
export function translateOrUndefined(key: string, options: TranslateOptions = {}): unknown {
  const found = resolve(key, options);
  if (found !== undefined) return found;
  const defaults = Array.isArray(options.default) ? options.default : options.default === undefined ? [] : [options.default];
  for (const d of defaults) {
    if (d !== null && typeof d === "object" && "key" in (d as KeyDefault)) {
      const v = resolve((d as KeyDefault).key, options);
      if (v !== undefined) return v;
    } else if (d !== null && d !== undefined) {
      return typeof d === "string" ? interpolateOptions(d, options) : d;
    }
  }
  return undefined;
}

/** I18n.t with I18n's own missing-translation text ("Translation missing: en.some.key"). */
export function translate(key: string, options: TranslateOptions = {}): unknown {
  const v = translateOrUndefined(key, options);
  return v === undefined ? `Translation missing: ${options.locale ?? currentLocale}.${fullKey(key, options.scope)}` : v;
}

/** I18n.available_locales: the locales with translations loaded. */
export function availableLocales(): string[] {
  return [...stores.keys()];
}
