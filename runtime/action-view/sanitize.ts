// SanitizeHelper over Rails::HTML5 sanitizers (rails-html-sanitizer 1.7 + Loofah 2.25 scrubbers):
//   sanitize(html, tags: %w(b)) -> sanitize(html, { tags: ["b"] })    strip_tags(html) -> stripTags(html)
//   strip_links(html) -> stripLinks(html)                             sanitize_css(s) -> sanitizeCss(s)
// The fragment is parsed by parse5 (html/tree.ts: WHATWG tree construction, as gumbo does it), scrubbed bottom-up,
// and serialized as Nokogiri writes HTML5.
import { toS } from "../ruby/ruby.js";
import { parseFragment, qualifiedName, serializeChildren, type HtmlAttr, type HtmlElement, type HtmlNode } from "./html/tree.js";
import {
  ALLOWED_CSS_FUNCTIONS, ALLOWED_CSS_KEYWORDS, ALLOWED_CSS_PROPERTIES, ALLOWED_PROTOCOLS, ALLOWED_SVG_PROPERTIES,
  ALLOWED_URI_DATA_MEDIATYPES, ATTR_VAL_IS_URI, SHORTHAND_CSS_PROPERTIES,
} from "./html/safelist.js";
import { SafeString } from "../active-support/safe.js";

export const DEFAULT_ALLOWED_TAGS = new Set(("a abbr acronym address b big blockquote br cite code dd del dfn div dl dt em h1 h2 " +
  "h3 h4 h5 h6 hr i img ins kbd li mark ol p pre samp small span strong sub sup time tt ul var").split(" "));
export const DEFAULT_ALLOWED_ATTRIBUTES = new Set("abbr alt cite class datetime height href lang name src title width xml:lang".split(" "));

export const sanitizerConfig = {
  /**
   * config.action_view.sanitizer_vendor: Rails::HTML5 under load_defaults 7.1+, Rails::HTML4 before
   * (libxml2: no svg/math namespaces, U+00A0 written as is, script/style text dropped by strip_tags).
   */
  vendor: "html5" as "html5" | "html4",
  /** Rails::HTML5::SafeListSanitizer.allowed_tags / .allowed_attributes (config.action_view.sanitized_allowed_*). */
  allowedTags: DEFAULT_ALLOWED_TAGS,
  allowedAttributes: DEFAULT_ALLOWED_ATTRIBUTES,
};

/** Replaces a node by its children (Nokogiri `node.before(node.children); node.remove`). */
function unwrap(node: HtmlNode, keepChildren: boolean): void {
  const parent = node.parent!;
  const i = parent.children.indexOf(node);
  const kids = keepChildren && node.kind === "element" ? node.children : [];
  for (const k of kids) k.parent = parent;
  parent.children.splice(i, 1, ...kids);
}

const BASIC_ENTITIES: Record<string, string> = { "amp;": "&", "lt;": "<", "gt;": ">", "quot;": '"', "apos;": "'" };
const CONTROL = /[`\u0000-\u0020\u007f\u0080-\u0101]/g;

/** Loofah::HTML5::Scrub.allowed_uri?. */
export function isAllowedUri(value: string): boolean {
  let s = value.replace(CONTROL, "").replace(/&([a-zA-Z]+;?)/g, (m, n: string) => BASIC_ENTITIES[n] ?? m);
  s = s.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (m, d: string) => {
    const hex = /^x/i.test(d);
    const digits = (hex ? d.slice(1) : d).replace(/^0+/, "");
    if (digits.length > (hex ? 6 : 7)) return m;
    try {
      return String.fromCodePoint(parseInt(digits || "0", hex ? 16 : 10));
    } catch {
      return m;
    }
  });
  s = s.replace(CONTROL, "").replace(/&(Tab|NewLine);/g, "").replace(/&colon;/g, ":").toLowerCase();
  const sep = /:|(&#0*58)|(&#x0*3a)|(%|&#37;)3A/i;
  const m = new RegExp(`^[a-z][a-z0-9+\\-.]*(?:${sep.source})`, "i").exec(s);
  if (!m) return true;
  const protocol = s.split(sep)[0]!;
  if (!ALLOWED_PROTOCOLS.has(protocol)) return false;
  if (protocol !== "data") return true;
  const [meta, comma] = [s.slice(5).split(",")[0]!, s.includes(",")];
  if (!comma) return false;
  const type = meta.replace(/;base64$/, "").split(";", 1)[0]!.trim();
  return ALLOWED_URI_DATA_MEDIATYPES.has(/^[a-z0-9!#$%&'*+\-.^_`|~]+\/[a-z0-9!#$%&'*+\-.^_`|~]+$/.test(type) ? type : "text/plain");
}

/** PermitScrubber#scrub_attribute (URI protocols, empty src, libxml2's space/quote escaping). */
function scrubAttribute(node: HtmlElement, attr: HtmlAttr): void {
  if (ATTR_VAL_IS_URI.has(qualifiedName(attr)) && !isAllowedUri(attr[1])) {
    node.attrs = node.attrs.filter((a) => a !== attr);
    return;
  }
  if (qualifiedName(attr) === "src" && !/\S/.test(attr[1])) node.attrs = node.attrs.filter((a) => a !== attr);
  for (const a of node.attrs) {
    if (["href", "action", "src"].includes(a[0]) || (a[0] === "name" && node.name === "a")) {
      a[1] = a[1].replace(/[ "]/g, (c) => (c === " " ? "%20" : "%22"));
    }
  }
}

interface Permit {
  tags: Set<string>;
  attributes: Set<string>;
  /** TargetScrubber inverts both tests. */
  target: boolean;
}

/** PermitScrubber#scrub, bottom up: CDATA escaped (Loofah cdata_escape), text kept, elements and comments
 *  (named "comment") kept or removed by name; a removed foreign (svg/math) element takes its children with it. */
function scrubPermit(node: HtmlNode, p: Permit): void {
  if (node.kind === "element") for (const c of [...node.children]) scrubPermit(c, p);
  if (node.kind === "cdata") node.data = node.data.replace(/[<>&]/g, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&amp;"));
  if (node.kind === "text" || node.kind === "cdata" || node.parent === null) return;
  const keep = p.tags.has(node.kind === "element" ? node.name : "comment") !== p.target;
  if (!keep) {
    unwrap(node, node.kind === "element" && node.namespace === "html");
    return;
  }
  if (node.kind !== "element") return;
  const el = node;
  for (const attr of [...el.attrs]) {
    if (!el.attrs.includes(attr)) continue;
    if (p.attributes.has(attr[0]) === p.target) el.attrs = el.attrs.filter((a) => a !== attr);
    else scrubAttribute(el, attr);
  }
  const style = el.attrs.find(([n]) => n === "style");
  if (style) style[1] = sanitizeCss(style[1]);
}

/** TextOnlyScrubber: text kept; elements unwrapped; comments and CDATA (libxml2's script/style text) removed. */
function scrubTextOnly(node: HtmlNode): void {
  if (node.kind === "element") for (const c of [...node.children]) scrubTextOnly(c);
  if (node.kind !== "text" && node.parent !== null) unwrap(node, true);
}

const html4 = () => sanitizerConfig.vendor === "html4";

export interface SanitizeOptions {
  tags?: Iterable<string> | null;
  attributes?: Iterable<string> | null;
  /** A sanitizer other than the view's (Action Text's ContentHelper.sanitizer is Rails::HTML4's by default). */
  vendor?: "html4" | "html5";
}

/** Rails::HTML5::SafeListSanitizer#sanitize: the scrubbed markup (nil stays nil, "" stays ""). */
export function safeListSanitize(html: unknown, options: SanitizeOptions = {}): string | null {
  if (html === null || html === undefined) return null;
  const s = toS(html);
  if (s === "") return s;
  const legacy = options.vendor ? options.vendor === "html4" : html4();
  const root = parseFragment(s, legacy);
  const permit = {
    tags: new Set(options.tags ?? sanitizerConfig.allowedTags),
    attributes: new Set(options.attributes ?? sanitizerConfig.allowedAttributes),
    target: false,
  };
  for (const c of [...root.children]) scrubPermit(c, permit);
  return serializeChildren(root, legacy);
}

/** sanitize(html, options = {}): html_safe result. */
export function sanitize(html: unknown, options: SanitizeOptions = {}): SafeString | null {
  const out = safeListSanitize(html, options);
  return out === null ? null : new SafeString(out);
}

/**
 * ActionView::Helpers::SanitizeHelper's instance methods as a class that includes it (outside views) calls them:
 * the sanitizers of SanitizeHelper.sanitizer_vendor, which is the views' too (config.action_view.sanitizer_vendor).
 */
export const SanitizeHelperMethods = {
  sanitize: (html: unknown) => sanitize(html),
  stripTags: (html: unknown) => stripTags(html),
  stripLinks: (html: unknown) => stripLinks(html),
  sanitizeCss: (style: unknown) => sanitizeCss(style),
};

/** strip_tags(html): text only, escaped, html_safe. */
export function stripTags(html: unknown): SafeString | null {
  if (html === null || html === undefined) return null;
  const s = toS(html);
  if (s === "") return new SafeString(s);
  const root = parseFragment(s, html4());
  for (const c of [...root.children]) scrubTextOnly(c);
  return new SafeString(serializeChildren(root, html4()));
}

/** strip_links(html): <a> elements unwrapped, their href dropped (plain String). */
export function stripLinks(html: unknown): string | null {
  if (html === null || html === undefined) return null;
  const s = toS(html);
  if (s === "") return s;
  const root = parseFragment(s, html4());
  for (const c of [...root.children]) scrubPermit(c, { tags: new Set(["a"]), attributes: new Set(["href"]), target: true });
  return serializeChildren(root, html4());
}

const CSS_KEYWORDISH = /^(#[0-9a-fA-F]+|rgb\(\d+%?,\d*%?,?\d*%?\)?|-?\d{0,3}\.?\d{0,10}(ch|cm|r?em|ex|in|lh|mm|pc|pt|px|Q|vmax|vmin|vw|vh|%|,|\))?)$/;
const CSS_TOKEN = /\s+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[-\w]+\((?:[^()]|\([^()]*\))*\)|#[\w-]+|-?[\d.]+[a-zA-Z%]*|-?[_a-zA-Z][-\w]*|./g;

function cssValue(name: string, raw: string): string | null {
  const shorthand = SHORTHAND_CSS_PROPERTIES.has(name.split("-")[0]!);
  const parts: string[] = [];
  for (const tok of raw.match(CSS_TOKEN) ?? []) {
    if (/^url\(/i.test(tok)) return null;
    if (/^\s+$/.test(tok)) parts.push(" ");
    else if (/^["']/.test(tok)) {
      if (/^(["'])?[^"']+\1$/.test(tok)) parts.push(tok);
    } else if (/^[-\w]+\(/.test(tok)) {
      if (ALLOWED_CSS_FUNCTIONS.has(tok.slice(0, tok.indexOf("(")).toLowerCase())) parts.push(tok);
    } else if (/^-?[_a-zA-Z][-\w]*$/.test(tok)) {
      if (!shorthand || ALLOWED_CSS_KEYWORDS.has(tok) || CSS_KEYWORDISH.test(tok)) parts.push(tok);
    } else parts.push(tok);
  }
  return parts.join("").trim();
}

/** Loofah::HTML5::Scrub.scrub_css / sanitize_css: allowed properties as "name:value;" (urls dropped). */
export function sanitizeCss(style: unknown): string {
  let out = "";
  for (const decl of toS(style).split(";")) {
    const colon = decl.indexOf(":");
    if (colon < 0) continue;
    const name = decl.slice(0, colon).trim().toLowerCase();
    let raw = decl.slice(colon + 1).trim();
    const important = /!\s*important\s*$/i.test(raw);
    raw = raw.replace(/!\s*important\s*$/i, "").trim();
    if (!ALLOWED_CSS_PROPERTIES.has(name) && !ALLOWED_SVG_PROPERTIES.has(name) && !SHORTHAND_CSS_PROPERTIES.has(name.split("-")[0]!)) continue;
    const value = cssValue(name, raw);
    if (!value) continue;
    out += `${name}:${value}${important ? " !important" : ""};`;
  }
  return out;
}
