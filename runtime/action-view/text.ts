// TextHelper (text_helper.rb) and OutputSafetyHelper#to_sentence:
//   truncate(s, length: 10) -> truncate(s, { length: 10 })     pluralize(n, "comment") -> pluralize(n, "comment")
//   simple_format(s) -> simpleFormat(s)   highlight / excerpt / word_wrap / to_sentence
//   cycle("odd", "even") -> cycle(view, "odd", "even")   (per-render state, keyed by the view)
import { translateOrUndefined } from "../active-support/i18n.js";
import { pluralize as pluralizeWord } from "../active-support/inflector.js";
import { isBlank, isPlainObject, toS } from "../ruby/ruby.js";
import { truncate as truncateString } from "../active-support/string-filters.js";
import type { ViewHost } from "../active-model/host.js";
import { capture, htmlEscape, SafeString, safeJoin, type Block } from "../active-support/safe.js";
import { sanitize } from "./sanitize.js";
import { contentTag } from "./tag.js";
import type { Attributes } from "./tag-options.js";

/** truncate(text, options = {}, &block): escaped unless `escape: false`; the block's link follows a cut. */
export function truncate(text: unknown, ...args: unknown[]): SafeString | null {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  const options = (args[0] as Attributes | undefined) ?? {};
  if (text === null || text === undefined || text === false) return null;
  const s = toS(text);
  const length = options.length === undefined ? 30 : Number(options.length);
  const content = truncateString(s, length, { omission: options.omission as string | undefined, separator: options.separator as string | undefined });
  let out = options.escape === false ? new SafeString(content) : htmlEscape(content);
  if (block && Array.from(s).length > length) out = out.concat(capture(block));
  return out;
}

/** pluralize(count, singular, plural_arg = nil, plural: plural_arg, locale: I18n.locale). */
export function pluralize(count: unknown, singular: string, ...rest: unknown[]): string {
  const kw = isPlainObject(rest[rest.length - 1]) ? (rest.pop() as Attributes) : {};
  const plural = (kw.plural ?? rest[0] ?? null) as string | null;
  const one = count === 1 || /^1(\.0+)?$/.test(toS(count));
  const word = one ? singular : plural ?? pluralizeWord(singular, (kw.locale as string | undefined) ?? "en");
  return `${toS(count ?? 0)} ${word}`;
}

/** word_wrap(text, line_width: 80, break_sequence: "\n"). */
export function wordWrap(text: string, options: Attributes = {}): string {
  if (text === "") return "";
  const width = Number(options.line_width ?? 80);
  const br = toS(options.break_sequence ?? "\n");
  // Rails' /(.{1,w})(?:[^\S\n]+\n?|\n*\Z|\n)|\n/: Ruby's `.` stops only at \n (JS's at \r and U+2028/9 too), and its
  // \s is ASCII white space.
  const pattern = new RegExp(`([^\\n]{1,${width}})(?:[ \\t\\r\\f\\v]+\\n?|\\n*$(?![^]*\\n)|\\n)|\\n`, "g");
  const out = text.replace(pattern, (_m, line: string | undefined) => `${line ?? ""}${br}`);
  return out.endsWith(br) ? out.slice(0, -br.length) : out;
}

/** TextHelper#split_paragraphs. */
function splitParagraphs(text: string): string[] {
  if (isBlank(text)) return [];
  return text.replace(/\r\n?/g, "\n").split(/\n\n+/).filter((p, i, all) => p !== "" || i < all.length - 1)
    .map((t) => t.replace(/([^\n]\n)(?=[^\n])/g, "$1<br />"));
}

/** simple_format(text, html_options = {}, options = {}). */
export function simpleFormat(text: unknown, htmlOptions: Attributes = {}, options: Attributes = {}): SafeString {
  const wrapper = toS(options.wrapper_tag ?? "p");
  let s: unknown = text;
  if (options.sanitize !== false) s = sanitize(text, (options.sanitize_options as Attributes | undefined) ?? {});
  const paragraphs = splitParagraphs(toS(s));
  if (paragraphs.length === 0) return contentTag(wrapper, null, htmlOptions);
  return new SafeString(paragraphs.map((p) => contentTag(wrapper, new SafeString(p), htmlOptions).toString()).join("\n\n"));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
}

/** highlight(text, phrases, options = {}, &block). */
export function highlight(text: unknown, phrases: unknown, ...args: unknown[]): SafeString {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  const options = (args[0] as Attributes | undefined) ?? {};
  const s = options.sanitize === false ? text : sanitize(text);
  if (isBlank(s) || isBlank(phrases)) return new SafeString(toS(s ?? ""));
  const list = Array.isArray(phrases) ? phrases : [phrases];
  const pattern = new RegExp(`(${list.map((p) => (p instanceof RegExp ? p.source : escapeRegExp(toS(p)))).join("|")})`, "gi");
  const highlighter = toS(options.highlighter ?? "<mark>\\1</mark>");
  const segments = toS(s).match(/<[^>]*|[^<]+/g) ?? [];
  return new SafeString(segments.map((seg) => {
    if (seg.startsWith("<")) return seg;
    return seg.replace(pattern, (m: string, ...groups: unknown[]) =>
      block ? toS(block(m)) : highlighter.replace(/\\(\d)/g, (_x, d: string) => (d === "0" ? m : toS(groups[Number(d) - 1] ?? ""))));
  }).join(""));
}

function cutExcerptPart(first: boolean, part: string | undefined, separator: string, options: Attributes): [string, string] {
  if (part === undefined) return ["", ""];
  const radius = Number(options.radius ?? 100);
  const omission = toS(options.omission ?? "...");
  let pieces: string[] = separator !== "" ? part.split(separator).filter((p) => p !== "") : Array.from(part);
  const affix = pieces.length > radius ? omission : "";
  pieces = first ? pieces.slice(Math.max(pieces.length - radius, 0)) : pieces.slice(0, radius);
  return [affix, pieces.join(separator)];
}

/** excerpt(text, phrase, options = {}). */
export function excerpt(text: unknown, phrase: unknown, options: Attributes = {}): string | null {
  if (text === null || text === undefined || phrase === null || phrase === undefined) return null;
  const s = toS(text);
  const separator = toS(options.separator ?? "");
  const regex = phrase instanceof RegExp ? phrase : new RegExp(escapeRegExp(toS(phrase)), "i");
  const match = regex.exec(s);
  if (!match) return null;
  let found = match[0];
  if (separator !== "") found = s.split(separator).find((v) => regex.test(v)) ?? found;
  const at = s.indexOf(found);
  const [prefix, firstPart] = cutExcerptPart(true, s.slice(0, at), separator, options);
  const [postfix, secondPart] = cutExcerptPart(false, at + found.length <= s.length ? s.slice(at + found.length) : undefined, separator, options);
  const affix = [firstPart, firstPart !== "" ? separator : "", found, secondPart !== "" ? separator : "", secondPart].join("").trim();
  return prefix + affix + postfix;
}

/** to_sentence(array, options = {}): the view helper (escapes items, html_safe). */
export function toSentence(array: unknown[], options: Attributes = {}): SafeString {
  const i18n = translateOrUndefined("support.array", { locale: options.locale as string | undefined });
  const c = { words_connector: ", ", two_words_connector: " and ", last_word_connector: ", and ", ...(isPlainObject(i18n) ? i18n : {}), ...options };
  if (array.length === 0) return new SafeString("");
  if (array.length === 1) return htmlEscape(array[0]);
  if (array.length === 2) return safeJoin([array[0], array[1]], c.two_words_connector);
  return safeJoin([safeJoin(array.slice(0, -1), c.words_connector), c.last_word_connector, array[array.length - 1]], null);
}

class Cycle {
  private index = 0;
  constructor(readonly values: unknown[]) {}
  reset(): void {
    this.index = 0;
  }
  current(): string {
    return toS(this.values[(this.index - 1 + this.values.length) % this.values.length]);
  }
  next(): string {
    const v = toS(this.values[this.index]);
    this.index = (this.index + 1) % this.values.length;
    return v;
  }
}

const cycles = new WeakMap<object, Map<string, Cycle>>();

function cyclesOf(view: ViewHost): Map<string, Cycle> {
  let m = cycles.get(view);
  if (!m) cycles.set(view, (m = new Map()));
  return m;
}

/** cycle(first_value, *values, name: "default"): the next value of a named cycle in this render. */
export function cycle(view: ViewHost, ...args: unknown[]): string {
  const options = isPlainObject(args[args.length - 1]) ? (args.pop() as Attributes) : {};
  const name = toS(options.name ?? "default");
  const values = args.flatMap((v) => (Array.isArray(v) ? v : [v]));
  let c = cyclesOf(view).get(name);
  if (!c || c.values.length !== values.length || c.values.some((v, i) => v !== values[i])) {
    c = new Cycle(values);
    cyclesOf(view).set(name, c);
  }
  return c.next();
}

export function currentCycle(view: ViewHost, name = "default"): string | null {
  return cyclesOf(view).get(name)?.current() ?? null;
}

export function resetCycle(view: ViewHost, name = "default"): void {
  cyclesOf(view).get(name)?.reset();
}
