// TranslationHelper#translate / t, with ActiveSupport::HtmlSafeTranslation:
//   t("helpers.submit.create", model: "Post")  -> t(view, "helpers.submit.create", { model: "Post" })
//   t(".title") (scoped by the template path)  -> ViewHost.virtualPath "posts/index" -> posts.index.title
//   keys ending in _html/.html escape their interpolations and come back html_safe.
// Symbol defaults are other keys to try: pass them as i18nKey("other.key"); String defaults are literals.
import { locale as currentLocale, translateOrUndefined, type KeyDefault, type TranslateOptions } from "../active-support/i18n.js";
import { titleize } from "../active-support/inflector.js";
import { toS } from "../ruby/ruby.js";
import type { ViewHost } from "../active-model/host.js";
import { htmlEscape, SafeString } from "../active-support/safe.js";
import { contentTag } from "./tag.js";

/** A Symbol default (`default: :other_key`). */
export function i18nKey(key: string): KeyDefault {
  return { key };
}

const isKey = (d: unknown): d is KeyDefault => d !== null && typeof d === "object" && "key" in d && !(d instanceof SafeString);
const HTML_KEY = /(?:_|\b)html$/;
const NOT_INTERPOLATED = new Set(["scope", "default", "count", "locale", "raise", "throw", "separator", "resolve", "exception_handler"]);

function scopeKeyByPartial(view: ViewHost, key: string): string {
  if (!key.startsWith(".")) return key;
  if (!view.virtualPath) throw new Error(`Cannot use t(${JSON.stringify(key)}) shortcut because path is not available`);
  return `${view.virtualPath.replace(/\/_?/g, ".")}${key}`;
}

/** HtmlSafeTranslation.translate: undefined when missing. */
function htmlSafeTranslate(key: string, options: TranslateOptions): unknown {
  if (!HTML_KEY.test(key)) return translateOrUndefined(key, options);
  const escaped = Object.fromEntries(Object.entries(options).map(([k, v]) => [k, NOT_INTERPOLATED.has(k) ? v : htmlEscape(v).toString()]));
  const found = translateOrUndefined(key, escaped);
  if (found === undefined) return undefined;
  return Array.isArray(found) ? found.map((x) => new SafeString(toS(x))) : new SafeString(toS(found));
}

/** TranslationHelper#missing_translation: the debug span Rails renders for a missing key. */
function missingTranslation(key: string, options: TranslateOptions): SafeString {
  const scope = Array.isArray(options.scope) ? options.scope : options.scope ? [options.scope] : [];
  const keys = [options.locale ?? currentLocale(), ...scope.flatMap((s) => toS(s).split(".")), ...key.split(".")].filter((k) => k !== "");
  let title = `translation missing: ${keys.join(".")}`;
  for (const [name, value] of Object.entries(options)) if (name !== "scope") title += `, ${name}: ${htmlEscape(value).toString()}`;
  return contentTag("span", titleize(keys[keys.length - 1]!), { class: "translation_missing", title });
}

/** translate(key, **options) / t. */
export function translate(view: ViewHost, key: unknown, given: TranslateOptions = {}): unknown {
  if (Array.isArray(key)) return key.map((k) => translate(view, k, given));
  const options: TranslateOptions = Object.assign({}, given);
  let alternatives: unknown[] | null = null;
  if ("default" in options) {
    alternatives = Array.isArray(options.default) ? options.default.filter((d) => d !== null && d !== undefined) : [options.default];
    delete options.default;
  }
  let current: string | null = key === null || key === undefined ? null : toS(key);
  let firstKey: string | null = null;
  while (current !== null || (alternatives && alternatives.length > 0)) {
    if (current !== null) {
      current = scopeKeyByPartial(view, current);
      const found = htmlSafeTranslate(current, options);
      if (found !== undefined) return found;
    }
    if (alternatives && alternatives.length > 0 && !isKey(alternatives[0])) {
      return alternatives[0] === null ? null : translateOrUndefined("", Object.assign({}, options, { default: alternatives })) ?? null;
    }
    firstKey ??= current;
    const next = alternatives?.shift();
    current = next === undefined ? null : (next as KeyDefault).key;
  }
  return firstKey !== null ? missingTranslation(firstKey, options) : null;
}
export const t = translate;

/** I18n.t (no view debugging): "Translation missing: en.key" text when missing. */
export function i18nTranslate(key: string, options: TranslateOptions = {}): unknown {
  return translateOrUndefined(key, options) ?? `Translation missing: ${options.locale ?? currentLocale()}.${key}`;
}
