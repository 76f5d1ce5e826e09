// TagHelper's attribute rendering (TagBuilder#tag_options, #tag_option, #prefix_tag_option,
// TagHelper.build_tag_values, ERB::Util.xml_name_escape), shared by every helper that writes a tag.
//   tag_options({ class: ["a", { b: true }], data: { x: 1 }, disabled: true })
//     -> tagOptions({...})  ==  ' class="a b" data-x="1" disabled="disabled"'
// Attribute order is the option object's insertion order, exactly as Rails iterates the Hash.
import { Decimal } from "../ruby/big-decimal.js";
import { dasherize } from "../active-support/inflector.js";
import { encodeJson } from "../active-support/json.js";
import { hashEntries, isBlank, isHash, isPresent, regexpSource, toS } from "../ruby/ruby.js";
import { escapeHtmlText, SafeString, safeJoin, unwrappedHtmlEscape } from "../active-support/safe.js";

/** Options hashes as lowered: insertion-ordered plain objects (symbol keys arrive as strings). */
export type Attributes = Record<string, unknown>;
/** What the tag writers accept: also a Map when the Hash spells one key both as a Symbol and as a String
 *  (`class: "a", "class" => "b"`, ruby/ruby.ts), whose pairs Rails writes both. */
export type AttributeHash = Attributes | Map<unknown, unknown>;

export const BOOLEAN_ATTRIBUTES = new Set(
  ("allowfullscreen allowpaymentrequest async autofocus autoplay checked compact controls declare default " +
    "defaultchecked defaultmuted defaultselected defer disabled enabled formnovalidate hidden indeterminate " +
    "inert ismap itemscope loop multiple muted nohref nomodule noresize noshade novalidate nowrap open " +
    "pauseonexit playsinline readonly required reversed scoped seamless selected sortable truespeed " +
    "typemustmatch visible").split(" "),
);

const START = "@:A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}" +
  "\\u{200C}-\\u{200D}\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}" +
  "\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}";
const FOLLOWING = `${START}\\-.0-9\\u{B7}\\u{0300}-\\u{036F}\\u{203F}-\\u{2040}`;
const SAFE_XML_NAME = new RegExp(`^[${START}][${FOLLOWING}]*$`, "u");
const INVALID_START = new RegExp(`[^${START}]`, "gu");
const INVALID_FOLLOWING = new RegExp(`[^${FOLLOWING}]`, "gu");

/**
 * Escaped names per key: attribute names come from the app's own option hashes, so a handful recur on every page;
 * bounded all the same (a key may come from data), past the bound a name is escaped again each time.
 */
const escapedNames = new Map<string, string>();
const NAME_CACHE_MAX = 1024;

/** ERB::Util.xml_name_escape: makes any key a valid XML/HTML attribute name. */
export function xmlNameEscape(name: unknown): string {
  const s = toS(name);
  const known = escapedNames.get(s);
  if (known !== undefined) return known;
  const escaped = escapeXmlName(s);
  if (escapedNames.size < NAME_CACHE_MAX) escapedNames.set(s, escaped);
  return escaped;
}

function escapeXmlName(s: string): string {
  if (isBlank(s)) return "";
  if (SAFE_XML_NAME.test(s)) return s;
  const chars = Array.from(s);
  const first = chars[0]!.replace(INVALID_START, "_");
  return first + chars.slice(1).join("").replace(INVALID_FOLLOWING, "_");
}

/**
 * Calls `fn` with each pair of a Hash in insertion order, as hashEntries lists them, without building the list of
 * pairs (tag options are read on every tag of every page). A plain object's own keys, as Object.entries gives them.
 */
function eachPair(hash: AttributeHash, fn: (key: unknown, value: unknown) => void): void {
  if (hash instanceof Map) {
    for (const [k, v] of hash) fn(k, v);
    return;
  }
  for (const k in hash) if (Object.hasOwn(hash, k)) fn(k, hash[k]);
}

/** TagHelper.build_tag_values: flattens class-like values (hash keys whose value is truthy). */
export function buildTagValues(...args: unknown[]): string[] {
  const out: string[] = [];
  for (const v of args) {
    if (isHash(v)) {
      for (const [k, x] of hashEntries(v)) if (x !== null && x !== undefined && x !== false && isPresent(k)) out.push(toS(k));
    } else if (Array.isArray(v)) {
      out.push(...buildTagValues(...v));
    } else if (isPresent(v)) {
      out.push(toS(v));
    }
  }
  return out;
}

/** TagBuilder#tag_option: one `key="value"` pair. */
export function tagOption(key: string, value: unknown, escape: boolean): string {
  const name = escape ? xmlNameEscape(key) : key;
  let text: string;
  if (typeof value === "string") {
    // Most values: a String, escaped as ERB::Util does (which also turns every `"` into &quot;).
    text = escape ? escapeHtmlText(value) : value;
  } else if (Array.isArray(value) || isHash(value)) {
    let items: unknown[] = Array.isArray(value) ? value : hashEntries(value).flat();
    if (name === "class" || key === "class") items = buildTagValues(value);
    // safe_join flattens its argument: an Array all the way, a Hash (Hash#flatten) one level, so a nested Array
    // value prints as its to_s ("[1, 2]").
    const hashItems = isHash(value) && !(name === "class" || key === "class");
    if (escape && hashItems) text = items.map((i) => unwrappedHtmlEscape(i).toString()).join(" ");
    else text = escape ? safeJoin(items, " ").toString() : items.flat(Infinity).map(toS).join(" ");
  } else if (value instanceof RegExp) {
    text = escape ? unwrappedHtmlEscape(regexpSource(value)).toString() : regexpSource(value);
  } else {
    text = escape ? unwrappedHtmlEscape(value).toString() : toS(value);
  }
  return `${name}="${text.includes('"') ? text.replace(/"/g, "&quot;") : text}"`;
}

/** `"#{prefix}-#{key.to_s.dasherize}"` per prefix and key (bounded as escapedNames is). */
const prefixedNames = new Map<string, string>();

function prefixedName(prefix: string, key: string): string {
  const cacheKey = `${prefix}\u0000${key}`;
  let name = prefixedNames.get(cacheKey);
  if (name === undefined) {
    name = `${prefix}-${dasherize(key)}`;
    if (prefixedNames.size < NAME_CACHE_MAX) prefixedNames.set(cacheKey, name);
  }
  return name;
}

function prefixTagOption(prefix: string, key: string, value: unknown, escape: boolean): string {
  const name = prefixedName(prefix, key);
  // Strings, Symbols and BigDecimals are written as they are; any other value as its JSON.
  const asIs = typeof value === "string" || value instanceof SafeString || value instanceof Decimal;
  return tagOption(name, asIs ? value : encodeJson(value), escape);
}

function ariaValue(v: unknown): unknown {
  if (Array.isArray(v) || isHash(v)) {
    const tokens = buildTagValues(v);
    return tokens.length === 0 ? undefined : safeJoin(tokens, " ");
  }
  return toS(v);
}

function prefixedOptions(prefix: string, hash: AttributeHash, escape: boolean): string {
  let out = "";
  eachPair(hash, (k, v) => {
    if (isBlank(k) || v === null || v === undefined) return;
    const value = prefix === "aria" ? ariaValue(v) : v;
    if (value === undefined) return;
    out += " " + prefixTagOption(prefix, toS(k), value, escape);
  });
  return out;
}

/** TagBuilder#tag_options: the attribute string with a leading space, or "" when there is none. */
export function tagOptions(options: AttributeHash | null | undefined, escape = true): string {
  if (!options) return "";
  let out = "";
  // The pairs in insertion order, as eachPair reads them, without a callback per tag.
  if (options instanceof Map) {
    for (const [k, v] of options) out += tagOptionOf(k, v, escape);
    return out;
  }
  for (const k in options) if (Object.hasOwn(options, k)) out += tagOptionOf(k, options[k], escape);
  return out;
}

/** One pair of tag_options: its text with the leading space, or "" when the pair writes nothing. */
function tagOptionOf(rubyKey: unknown, value: unknown, escape: boolean): string {
  // TAG_TYPES lists each name as a Symbol and as a String, so a key's kind never changes how it is written.
  if (isBlank(rubyKey)) return "";
  const key = toS(rubyKey);
  if ((key === "data" || key === "aria") && isHash(value)) return prefixedOptions(key, value, escape);
  if (BOOLEAN_ATTRIBUTES.has(key)) return value !== null && value !== undefined && value !== false ? ` ${key}="${key}"` : "";
  if (value !== null && value !== undefined && !delegatesNil(value)) return " " + tagOption(key, value, escape);
  return "";
}

/** `value.nil?` is what tag_options asks: an object may answer true (ActionText::RichText delegates nil? to its body). */
function delegatesNil(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const isNil = (value as { isNil?: unknown }).isNil;
  return typeof isNil === "function" && (isNil as () => unknown).call(value) === true;
}
