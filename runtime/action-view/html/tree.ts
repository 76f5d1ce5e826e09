// HTML fragments for the sanitizers: parsed by parse5 (WHATWG tree construction, the algorithm gumbo implements
// for Nokogiri::HTML5) in the body context, converted to the small tree the scrubbers edit, and written back as
// Nokogiri's HTML5 `to_html` writes it. What Nokogiri does that parse5 leaves out (each recorded from Rails in
// test/fixtures/sanitize/sanitize.json):
// - gumbo parses with scripting off (<noscript> content is markup) but its serializer writes the text of
//   <noscript>, like that of <script> or <xmp>, unescaped;
// - gumbo keeps CDATA sections of svg/math content: a run of text becomes one CDATA node when its last
//   non-whitespace character came from a CDATA section (whitespace tokens leave gumbo's text buffer type as it was);
// - <template> content is the element's children (no separate content fragment);
// - text escapes & < > and U+00A0; attribute values escape & " and U+00A0 but not < > (the 2025 WHATWG change
//   that parse5's serializer follows is not in Nokogiri); no newline is added after <pre>/<textarea>/<listing>.
// Rails::HTML4 (libxml2's HTML4 parser) builds its own tree (libxml2-tree.ts: HTML5 tokens, libxml2's tree
// construction, no foreign namespaces, raw-text elements' text as CDATA) and is written as libxml2 writes HTML:
// U+00A0 as is, < > escaped in attribute values, URI attributes %-escaped, boolean and valueless attributes bare,
// and its formatting newlines (htmlNodeDumpFormatOutput, see LIBXML2_FORMAT below).
import { defaultTreeAdapter, html, parseFragment as parse5Fragment, type DefaultTreeAdapterTypes } from "parse5";
import { parseLibxml2Fragment, VALUELESS_ATTRIBUTES } from "./libxml2-tree.js";

export interface HtmlElement {
  kind: "element";
  name: string;
  namespace: "html" | "svg" | "math";
  /** [local name, value, namespace prefix] (xlink:href in svg is ["href", v, "xlink"]). */
  attrs: HtmlAttr[];
  children: HtmlNode[];
  parent: HtmlElement | null;
}
export type HtmlAttr = [string, string] | [string, string, string];
interface HtmlCharacterData<K extends string> {
  kind: K;
  data: string;
  parent: HtmlElement | null;
}
export type HtmlText = HtmlCharacterData<"text">;
export type HtmlNode = HtmlElement | HtmlText | HtmlCharacterData<"cdata"> | HtmlCharacterData<"comment">;

/** Void elements (HTML namespace only: an svg <source> keeps its end tag). */
export const VOID_ELEMENTS = new Set(
  "area base basefont bgsound br col embed frame hr img input keygen link meta param source track wbr".split(" "),
);
/** Elements whose text Nokogiri's HTML5 serializer writes unescaped. */
const RAW_TEXT = new Set(["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript"]);
/**
 * libxml2's HTML 4 element table (HTMLparser.c html40ElementTable), for its formatting serializer: the elements it
 * knows and does not type inline (isinline 0). Inline and unknown elements (figure, action-text-attachment) get no
 * newlines.
 */
const HTML4_BLOCK = new Set(("address area base bgsound blockquote body caption center col colgroup dd dir div dl dt " +
  "fieldset form frame frameset h1 h2 h3 h4 h5 h6 head hr html isindex keygen legend li link menu meta noembed noframes " +
  "noscript ol optgroup option p param plaintext pre source style table tbody td tfoot th thead title tr track ul wbr").split(" "));
/** libxml2's empty (void) elements: written without an end tag. */
const HTML4_EMPTY = new Set("area base basefont bgsound br col embed frame hr img input isindex keygen link meta param source track wbr".split(" "));

type P5Node = DefaultTreeAdapterTypes.Node;
type P5Element = DefaultTreeAdapterTypes.Element;

const NAMESPACES: Record<string, HtmlElement["namespace"]> = { [html.NS.SVG]: "svg", [html.NS.MATHML]: "math" };

/** Whether gumbo types this foreign text as CDATA: its last non-whitespace source character is inside <![CDATA[ ]]>. */
function endsInCdata(source: string): boolean {
  let inCdata = false;
  let last = false;
  for (let i = 0; i < source.length; ) {
    if (!inCdata && source.startsWith("<![CDATA[", i)) {
      inCdata = true;
      i += 9;
    } else if (inCdata && source.startsWith("]]>", i)) {
      inCdata = false;
      i += 3;
    } else {
      if (inCdata) last = true;
      else if (!/[\t\n\f\r ]/.test(source[i]!)) last = false;
      i++;
    }
  }
  return last;
}

function convertChildren(nodes: P5Node[], parent: HtmlElement, source: string): void {
  for (const n of nodes) {
    if (n.nodeName === "#text") {
      const text = n as DefaultTreeAdapterTypes.TextNode;
      const loc = text.sourceCodeLocation;
      const cdata = parent.namespace !== "html" && !!loc && endsInCdata(source.slice(loc.startOffset, loc.endOffset));
      parent.children.push({ kind: cdata ? "cdata" : "text", data: text.value, parent });
    } else if (n.nodeName === "#comment") {
      parent.children.push({ kind: "comment", data: (n as DefaultTreeAdapterTypes.CommentNode).data, parent });
    } else if ("tagName" in n) {
      const el = n as P5Element;
      const attrs = el.attrs.map((a): HtmlAttr => (a.prefix ? [a.name, a.value, a.prefix] : [a.name, a.value]));
      const child: HtmlElement = { kind: "element", name: el.tagName, namespace: NAMESPACES[el.namespaceURI] ?? "html", attrs, children: [], parent };
      parent.children.push(child);
      const kids = el.tagName === "template" && el.namespaceURI === html.NS.HTML ? defaultTreeAdapter.getTemplateContent(el as DefaultTreeAdapterTypes.Template).childNodes : el.childNodes;
      convertChildren(kids, child, source);
    }
  }
}

const NAMESPACE_URIS: Record<HtmlElement["namespace"], html.NS> = { html: html.NS.HTML, svg: html.NS.SVG, math: html.NS.MATHML };

/**
 * Parses an HTML fragment as Nokogiri::HTML5.fragment does (body context, scripting off); with `html4` as
 * Nokogiri::HTML4::DocumentFragment does (libxml2-tree.ts).
 * `context` is the element gumbo parses in (Nokogiri's Node#fragment, used by inner_html= and replace): its name
 * and namespace pick the tokenizer state and insertion mode; a <form> at or above it sets the form pointer.
 */
export function parseFragment(source: string, html4 = false, context?: HtmlElement): HtmlElement {
  if (html4) return parseLibxml2Fragment(source);
  const contextElement = defaultTreeAdapter.createElement(context?.name ?? "body", NAMESPACE_URIS[context?.namespace ?? "html"], []);
  let ancestor: HtmlElement | null = context ?? null;
  while (ancestor && !(ancestor.name === "form" && ancestor.namespace === "html")) ancestor = ancestor.parent;
  if (ancestor) defaultTreeAdapter.appendChild(defaultTreeAdapter.createElement("form", html.NS.HTML, []), contextElement);
  const fragment = parse5Fragment(contextElement, source, { scriptingEnabled: false, sourceCodeLocationInfo: true });
  const root: HtmlElement = { kind: "element", name: "#fragment", namespace: "html", attrs: [], children: [], parent: null };
  convertChildren(fragment.childNodes, root, source);
  return root;
}

function escapeText(s: string, html4: boolean): string {
  const t = s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return html4 ? t : t.replace(/\u00a0/g, "&nbsp;");
}

/** libxml2 writes href, action, src and <a name> as URIs (htmlSerializeUri, below); Nokogiri's gumbo serializer does not. */
function isUriAttribute(attr: HtmlAttr, element: HtmlElement): boolean {
  return ["href", "action", "src"].includes(attr[0]) || (attr[0] === "name" && element.name === "a");
}

function escapeAttribute(s: string, html4: boolean, uri: boolean): string {
  if (html4 && uri) return serializeUri(s);
  const t = s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  if (!html4) return t.replace(/\u00a0/g, "&nbsp;");
  return t.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** libxml2's htmlSerializeUri: leading whitespace as is, then the UTF-8 bytes of controls, space and non-ASCII
 *  %-escaped, " and & as entities; a NUL ends the value. (Loofah %-escapes space and " before, see sanitize.ts.) */
function serializeUri(s: string): string {
  const lead = /^[\t\n\f\r ]*/.exec(s)![0];
  let out = lead;
  for (const byte of Buffer.from(s.slice(lead.length), "utf8")) {
    if (byte === 0) break;
    if (byte === 0x22) out += "&quot;";
    else if (byte === 0x26) out += "&amp;";
    else if (byte <= 0x20 || byte >= 0x7f) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return out;
}

/** libxml2 writes an attribute bare when it had no value, or when HTML 4 calls it boolean (htmlIsBooleanAttr). */
const BOOLEAN_ATTRIBUTES = new Set("checked compact declare defer disabled ismap multiple nohref noresize noshade nowrap readonly selected".split(" "));
function isBare(attr: HtmlAttr): boolean {
  return BOOLEAN_ATTRIBUTES.has(attr[0]) || (VALUELESS_ATTRIBUTES.has(attr) && attr[1] === "");
}

/** The attribute's name as written: prefix:local for namespaced (foreign) attributes. */
export function qualifiedName(attr: HtmlAttr): string {
  return attr[2] ? `${attr[2]}:${attr[0]}` : attr[0];
}

/** Nokogiri's HTML5 serialization of `node`'s children (libxml2's HTML4 one with `html4`). */
export function serializeChildren(node: HtmlElement, html4 = false): string {
  return node.children.map((child) => serializeNode(child, html4)).join("");
}

/**
 * One node as Nokogiri's `to_html` writes it: gumbo's HTML5 serializer, or with `html4` libxml2's
 * htmlNodeDumpFormatOutput with formatting on (what Nokogiri's HTML4 `to_html` asks for), see LIBXML2_FORMAT.
 */
export function serializeNode(child: HtmlNode, html4 = false): string {
  if (child.kind === "text") {
    return !html4 && child.parent?.namespace === "html" && RAW_TEXT.has(child.parent.name) ? child.data : escapeText(child.data, html4);
  }
  if (child.kind === "cdata") return html4 ? child.data : `<![CDATA[${child.data}]]>`;
  if (child.kind === "comment") return `<!--${child.data}-->`;
  const start = `<${child.name}${child.attrs.map((a) => ` ${qualifiedName(a)}${html4 && isBare(a) ? "" : `="${escapeAttribute(a[1], html4, isUriAttribute(a, child))}"`}`).join("")}>`;
  if (html4 ? HTML4_EMPTY.has(child.name) : VOID_ELEMENTS.has(child.name) && child.namespace === "html") return start;
  if (!html4) return `${start}${serializeChildren(child, false)}</${child.name}>`;
  const kids = child.children;
  const inner = kids.map((k, i) => serializeNode(k, true) + (newlineAfter(k, kids[i + 1]) ? "\n" : "")).join("");
  const edge = kids.length > 1 && formatsAround(child);
  const open = edge && !isText(kids[0]!) ? "\n" : "";
  const close = edge && !isText(kids[kids.length - 1]!) ? "\n" : "";
  return `${start}${open}${inner}${close}</${child.name}>`;
}

// LIBXML2_FORMAT: libxml2's formatting newlines (HTMLtree.c, htmlNodeDumpInternal with format = 1), for elements
// it knows and does not type inline (HTML4_BLOCK), never inside elements whose name starts with "p" (p, pre, param):
// - after the start tag and before the end tag when the element has more than one child and that first / last
//   child is not text (comments and CDATA count as not text);
// - after the end tag (or the start tag of an empty element) when a next sibling follows that is not text and the
//   parent is an element; top-level nodes of a fragment have none (Nokogiri writes each of them apart).
function isText(node: HtmlNode): boolean {
  return node.kind === "text";
}

function formatsAround(el: HtmlElement): boolean {
  return el.namespace === "html" && HTML4_BLOCK.has(el.name) && !el.name.startsWith("p");
}

function newlineAfter(node: HtmlNode, next: HtmlNode | undefined): boolean {
  if (node.kind !== "element" || !next || isText(next) || !HTML4_BLOCK.has(node.name)) return false;
  const parent = node.parent;
  return !!parent && parent.name !== "#fragment" && !parent.name.startsWith("p");
}

/** Nokogiri's Node#name for a node of this tree: the tag name; "text", "comment", "#cdata-section"; a fragment's. */
export function nodeName(n: HtmlNode): string {
  if (n.kind === "text") return "text";
  if (n.kind === "comment") return "comment";
  if (n.kind === "cdata") return "#cdata-section";
  return n.name === "#fragment" ? "#document-fragment" : n.name;
}

/** Nokogiri's Node#[]: the value of an attribute without a namespace prefix, or null. */
export function attributeValue(n: HtmlNode, name: string): string | null {
  const a = n.kind === "element" ? n.attrs.find((x) => x[0] === name && !x[2]) : undefined;
  return a ? a[1] : null;
}

/** Nokogiri's Node#text: the text and CDATA of the subtree (a comment's or a text's own data). */
export function textContent(n: HtmlNode): string {
  const walk = (c: HtmlNode): string => (c.kind === "element" ? c.children.map(walk).join("") : c.kind === "comment" ? "" : c.data);
  return n.kind === "element" ? walk(n) : n.data;
}
