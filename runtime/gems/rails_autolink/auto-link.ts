// rails_autolink 1.1.8's TextHelper#auto_link (a gem, not Rails): URLs and e-mail addresses become links.
//   auto_link(text)                                  -> autoLink(view, text)
//   auto_link(text, link: :urls, html: { ... })      -> autoLink(view, text, { link: "urls", html: { ... } })
//   auto_link(text, :all, target: "_blank")          -> autoLink(view, text, "all", { target: "_blank" })  (old API)
//   auto_link(text) { |url| truncate(url) }          -> autoLink(view, text, (url) => truncate(url))
// The whole text is sanitized first (the view's sanitize, so config.action_view.sanitizer_vendor decides HTML4 or
// HTML5) whether or not it is html_safe; `sanitize: false` skips that and returns an unsafe String. The gem's
// Onigmo regexps are spelled out for JS below: Ruby's \w and \s are ASCII, its /i folds Unicode (ſ, K, ß, ﬁ),
// its $ and ^ are line anchors around "\n" only, and its \p{Word} is Unicode 15.0's.
import { hashEntries, isBlank, isHash, RubySymbol, toS, truthy } from "../../ruby/ruby.js";
import type { ViewHost } from "../../active-model/host.js";
import { mailTo } from "../../action-view/mail-to.js";
import { SafeString } from "../../active-support/safe.js";
import { sanitize as sanitizeHtml, type SanitizeOptions } from "../../action-view/sanitize.js";
import { contentTagString } from "../../action-view/tag.js";
import { splitBlock } from "../../action-view/url.js";

type LinkBlock = (text: string) => unknown;
type Hash = Record<string, unknown> | Map<unknown, unknown>;

const SCHEMES = ("ed2k ftp http https irc mailto news gopher nntp telnet webcal xmpp callto feed svn urn aim rsync tag " +
  "ssh sftp rtsp afs file").split(" ");

/** What Onigmo's /i also matches in these words: simple folds (ſ -> s, K -> k) and full ones (ß -> ss, ﬁ -> fi; not ẞ). */
const SINGLE_FOLDS: Record<string, string> = { s: "\u017F", k: "\u212A" };
const MULTI_FOLDS: Record<string, string> = { ss: "\u00DF", fi: "\uFB01" };

/** Each letter as a class of what Onigmo's /i matches for it. */
function caselessLetters(word: string): string {
  return [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}${SINGLE_FOLDS[c] ?? ""}]` : c)).join("");
}

/** A word as Ruby's case-insensitive regexp matches it, without the JS i flag (which would widen \w). */
function caseless(word: string): string {
  for (const [pair, ligature] of Object.entries(MULTI_FOLDS)) {
    const at = word.indexOf(pair);
    if (at < 0) continue;
    const [before, after] = [word.slice(0, at), word.slice(at + pair.length)];
    return `${caseless(before)}(?:${caselessLetters(pair)}|${ligature})${caseless(after)}`;
  }
  return caselessLetters(word);
}

/** AUTO_LINK_RE: a scheme and `//`, or `www.` and a word character, then anything up to space, `<`, NBSP or `"`. */
const AUTO_LINK_RE = new RegExp(
  `(?:((?:${SCHEMES.map(caseless).join("|")}):)//|${caseless("www")}\\.\\w)[^\\t\\n\\v\\f\\r <\\u00A0"]+`, "g");

/** AUTO_EMAIL_RE (AUTO_EMAIL_LOCAL_RE is the character class it is built from). */
const AUTO_EMAIL_RE = /(?<![\w.!#$%&'*/=?^`{|}~+-])[\w.!#$%+-]\.?[\w.!#$%&'*/=?^`{|}~+-]*@[\w-]+(?:\.[\w-]+)+/g;

/** AUTO_LINK_CRE[0] `/<[^>]+$/`: a tag still open at some line's end ($ is before "\n" or at the end in Ruby). */
const OPEN_TAG_AT_LINE_END = /<[^>]+(?=\n|$)/;
/** AUTO_LINK_CRE[1] `/^[^>]*>/`. */
const TAG_CLOSES_AHEAD = /^[^>]*>/;
/** AUTO_LINK_CRE[3] `/<\/a>/i`. */
const CLOSING_ANCHOR = /<\/[aA]>/;

const BRACKETS: Record<string, string> = { "]": "[", ")": "(", "}": "{" };

/**
 * Letters, marks, digits and connectors assigned after Unicode 15.0 (Ruby 3.3's tables): Node's \p{...} knows them,
 * Onigmo's \p{Word} does not. Computed against Node 20's Unicode 17.0 tables, code point by code point.
 */
const AFTER_UNICODE_15 = new RegExp("[\\u{88F}\\u{897}\\u{C5C}\\u{CDC}\\u{1ACF}-\\u{1ADD}\\u{1AE0}-\\u{1AEB}\\u{1C89}-\\u{1C8A}" +
  "\\u{A7CB}-\\u{A7CF}\\u{A7D2}\\u{A7D4}\\u{A7DA}-\\u{A7DC}\\u{A7F1}\\u{105C0}-\\u{105F3}\\u{10940}-\\u{10959}\\u{10D40}-\\u{10D65}" +
  "\\u{10D69}-\\u{10D6D}\\u{10D6F}-\\u{10D85}\\u{10EC2}-\\u{10EC7}\\u{10EFA}-\\u{10EFC}\\u{11380}-\\u{11389}\\u{1138B}\\u{1138E}" +
  "\\u{11390}-\\u{113B5}\\u{113B7}-\\u{113C0}\\u{113C2}\\u{113C5}\\u{113C7}-\\u{113CA}\\u{113CC}-\\u{113D3}\\u{113E1}-\\u{113E2}" +
  "\\u{116D0}-\\u{116E3}\\u{11B60}-\\u{11B67}\\u{11BC0}-\\u{11BE0}\\u{11BF0}-\\u{11BF9}\\u{11DB0}-\\u{11DDB}\\u{11DE0}-\\u{11DE9}" +
  "\\u{11F5A}\\u{13460}-\\u{143FA}\\u{16100}-\\u{16139}\\u{16D40}-\\u{16D6C}\\u{16D70}-\\u{16D79}\\u{16EA0}-\\u{16EB8}" +
  "\\u{16EBB}-\\u{16ED3}\\u{16FF2}-\\u{16FF6}\\u{187F8}-\\u{187FF}\\u{18CFF}\\u{18D09}-\\u{18D1E}\\u{18D80}-\\u{18DF2}" +
  "\\u{1CCF0}-\\u{1CCF9}\\u{1E5D0}-\\u{1E5FA}\\u{1E6C0}-\\u{1E6DE}\\u{1E6E0}-\\u{1E6F5}\\u{1E6FE}-\\u{1E6FF}\\u{2B73A}-\\u{2B73F}" +
  "\\u{2CEA2}-\\u{2CEAD}\\u{2EBF0}-\\u{2EE5D}\\u{323B0}-\\u{33479}]", "u");
const UNICODE_WORD = /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}]/u;

/** Onigmo's \p{Word}: one code point. */
function isWordChar(ch: string): boolean {
  return UNICODE_WORD.test(ch) && !AFTER_UNICODE_15.test(ch);
}

/** `[^\p{Word}\/\-=;]`: a character auto_link does not keep at a URL's end. */
function isTrailingPunctuation(ch: string): boolean {
  return !isWordChar(ch) && !"/-=;".includes(ch);
}

/** What \b counts as a word character: \p{Word} and, from the Latin-1 table, ² ³ ¹ ¼ ½ ¾. */
function isBoundaryWordChar(ch: string): boolean {
  return isWordChar(ch) || /[\u00B2\u00B3\u00B9\u00BC-\u00BE]/.test(ch);
}

/** The last character (code point) of s, "" for "". */
function lastChar(s: string): string {
  const low = s.charCodeAt(s.length - 1);
  const high = s.charCodeAt(s.length - 2);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? s.slice(-2) : s.slice(-1);
}

/** String#scan(literal).size. */
function occurrences(s: string, literal: string): number {
  return s.split(literal).length - 1;
}

/** `left.rindex(/<a\b.*?>/i)` and `$'`: the text after the last opening <a> tag, or null when there is none. */
function afterLastOpeningAnchor(left: string): string | null {
  for (let i = left.lastIndexOf("<"); i >= 0; i = i === 0 ? -1 : left.lastIndexOf("<", i - 1)) {
    if (left[i + 1] !== "a" && left[i + 1] !== "A") continue;
    const next = left.codePointAt(i + 2);
    if (next !== undefined && isBoundaryWordChar(String.fromCodePoint(next))) continue;
    const close = left.indexOf(">", i + 2);
    const newline = left.indexOf("\n", i + 2);
    if (close >= 0 && (newline < 0 || close < newline)) return left.slice(close + 1);
  }
  return null;
}

/** auto_linked?(left, right): inside a tag, or after an <a> that is not closed yet. */
function isAutoLinked(left: string, right: string): boolean {
  if (OPEN_TAG_AT_LINE_END.test(left) && TAG_CLOSES_AHEAD.test(right)) return true;
  const after = afterLastOpeningAnchor(left);
  return after !== null && !CLOSING_ANCHOR.test(after);
}

/** The view's sanitize(html): nil and false give nil (`return unless html`). */
function sanitizeValue(v: unknown): SafeString | null {
  return v === null || v === undefined || v === false ? null : sanitizeHtml(v);
}

function hashGet(h: Hash, key: string): unknown {
  return h instanceof Map ? h.get(RubySymbol.for(key)) : h[key];
}

function hashHas(h: Hash, key: string): boolean {
  return h instanceof Map ? h.has(RubySymbol.for(key)) : key in h;
}

/** Hash#stringify_keys: a later spelling of the same key replaces the value and keeps the first one's place. */
function stringifyKeys(h: unknown): Map<string, unknown> {
  if (!isHash(h)) throw new TypeError(`undefined method 'stringify_keys' for ${toS(h)}`);
  return new Map(hashEntries(h).map(([k, v]) => [toS(k), v]));
}

interface AutoLinkOptions {
  link: unknown;
  html: unknown;
  sanitize: unknown;
  sanitizeOptions: unknown;
}

/** The old API (link, html as positional arguments) and the options hash, as the gem merges them. */
function autoLinkOptions(args: unknown[]): AutoLinkOptions {
  const rest = [...args];
  const last = rest[rest.length - 1];
  const options: Hash = rest.length !== 2 && isHash(last) ? (rest.pop() as Hash) : {};
  const get = (key: string, fallback: unknown) => (hashHas(options, key) ? hashGet(options, key) : fallback);
  const positional = rest.length > 0;
  return {
    link: positional ? (truthy(rest[0]) ? rest[0] : "all") : get("link", "all"),
    html: positional ? (truthy(rest[1]) ? rest[1] : {}) : get("html", {}),
    sanitize: hashGet(options, "sanitize"),
    sanitizeOptions: hashGet(options, "sanitize_options"),
  };
}

/** auto_link_urls: each URL not already linked becomes `<a href>`, its trailing punctuation moved after it. */
function autoLinkUrls(text: string, html: Map<string, unknown>, sanitize: unknown, block: LinkBlock | null): string {
  return text.replace(AUTO_LINK_RE, (match: string, scheme: string | undefined, offset: number) => {
    if (isAutoLinked(text.slice(0, offset), text.slice(offset + match.length))) return match;
    let href = match;
    const punctuation: string[] = [];
    for (let ch = lastChar(href); href !== "" && isTrailingPunctuation(ch); ch = lastChar(href)) {
      href = href.slice(0, -ch.length);
      punctuation.push(ch);
      const opening = BRACKETS[ch];
      if (opening !== undefined && occurrences(href, opening) > occurrences(href, ch)) {
        href += punctuation.pop()!;
        break;
      }
    }
    const trailingGt = href.endsWith("&gt;") ? "&gt;" : "";
    href = href.slice(0, href.length - trailingGt.length);
    let linkText: unknown = block ? block(href) : href;
    let url: unknown = scheme === undefined ? `http://${href}` : href;
    if (sanitize !== false) [linkText, url] = [sanitizeValue(linkText), sanitizeValue(url)];
    const attributes = new Map(html).set("href", url);
    return contentTagString("a", linkText, attributes, truthy(sanitize))
      .concat(punctuation.reverse().join(""))
      .safeConcat(trailingGt).toString();
  });
}

/** auto_link_email_addresses: mail_to links; the gem never passes its options here, so these are always sanitized. */
function autoLinkEmailAddresses(text: string, html: Map<string, unknown>, block: LinkBlock | null): string {
  return text.replace(AUTO_EMAIL_RE, (match: string, offset: number) => {
    if (isAutoLinked(text.slice(0, offset), text.slice(offset + match.length))) return match;
    const display: unknown = block ? block(match) : match;
    const address = sanitizeValue(match)!;
    const same = (typeof display === "string" || display instanceof SafeString) && toS(display) === address.value;
    return mailTo(address, same ? display : sanitizeValue(display), Object.fromEntries(html)).toString();
  });
}

/** auto_link(text, *args, &block). A blank text gives "" (html_safe); an unknown `link:` gives nil. */
export function autoLink(_view: ViewHost, text: unknown, ...rest: unknown[]): SafeString | string | null {
  const [args, block] = splitBlock(rest) as [unknown[], LinkBlock | null];
  if (isBlank(text)) return new SafeString("");
  const options = autoLinkOptions(args);
  const sanitize = options.sanitize !== false;
  const sanitizeOptions = (truthy(options.sanitizeOptions) ? options.sanitizeOptions : {}) as SanitizeOptions;
  const source = toS(sanitize ? sanitizeHtml(text, sanitizeOptions) : text);
  if (options.link === null || options.link === undefined) throw new TypeError("undefined method 'to_sym' for nil");
  const link = toS(options.link);
  const html = stringifyKeys(options.html);
  let out: string;
  if (link === "all") out = autoLinkEmailAddresses(autoLinkUrls(source, html, options.sanitize, block), html, block);
  else if (link === "email_addresses") out = autoLinkEmailAddresses(source, html, block);
  else if (link === "urls") out = autoLinkUrls(source, html, options.sanitize, block);
  else return null;
  return sanitize ? new SafeString(out) : out;
}
