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
// Rails::HTML4 (libxml2's HTML4 parser) is approximated on the same tree: no foreign namespaces, lower-case names,
// <script>/<style> text as CDATA, U+00A0 written as is, < > escaped in attribute values other than URIs.
import { defaultTreeAdapter, html, parseFragment as parse5Fragment, type DefaultTreeAdapterTypes } from "parse5";

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
/** libxml2 reads these as CDATA blocks. */
const HTML4_CDATA = new Set(["script", "style"]);

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

function convertChildren(nodes: P5Node[], parent: HtmlElement, source: string, html4: boolean): void {
  for (const n of nodes) {
    if (n.nodeName === "#text") {
      const text = n as DefaultTreeAdapterTypes.TextNode;
      const loc = text.sourceCodeLocation;
      const cdata = html4
        ? parent.namespace === "html" && HTML4_CDATA.has(parent.name)
        : parent.namespace !== "html" && !!loc && endsInCdata(source.slice(loc.startOffset, loc.endOffset));
      parent.children.push({ kind: cdata ? "cdata" : "text", data: text.value, parent });
    } else if (n.nodeName === "#comment") {
      parent.children.push({ kind: "comment", data: (n as DefaultTreeAdapterTypes.CommentNode).data, parent });
    } else if ("tagName" in n) {
      const el = n as P5Element;
      const foreign = html4 ? undefined : NAMESPACES[el.namespaceURI];
      const attrs = el.attrs.map((a): HtmlAttr => {
        if (html4) return [(a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase(), a.value];
        return a.prefix ? [a.name, a.value, a.prefix] : [a.name, a.value];
      });
      const child: HtmlElement = {
        kind: "element", name: html4 ? el.tagName.toLowerCase() : el.tagName, namespace: foreign ?? "html", attrs, children: [], parent,
      };
      parent.children.push(child);
      const kids = el.tagName === "template" && el.namespaceURI === html.NS.HTML ? defaultTreeAdapter.getTemplateContent(el as DefaultTreeAdapterTypes.Template).childNodes : el.childNodes;
      convertChildren(kids, child, source, html4);
    }
  }
}

/** Parses an HTML fragment as Nokogiri::HTML5.fragment does (body context, scripting off); `html4` as above. */
export function parseFragment(source: string, html4 = false): HtmlElement {
  const context = defaultTreeAdapter.createElement("body", html.NS.HTML, []);
  const fragment = parse5Fragment(context, source, { scriptingEnabled: false, sourceCodeLocationInfo: !html4 });
  const root: HtmlElement = { kind: "element", name: "#fragment", namespace: "html", attrs: [], children: [], parent: null };
  convertChildren(fragment.childNodes, root, source, html4);
  return root;
}

function escapeText(s: string, html4: boolean): string {
  const t = s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return html4 ? t : t.replace(/\u00a0/g, "&nbsp;");
}

/** libxml2 writes href, action, src and <a name> as URIs (no < > escaping; Loofah then undoes its %-escapes). */
function escapeAttribute(s: string, html4: boolean, uri: boolean): string {
  const t = s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  if (!html4) return t.replace(/\u00a0/g, "&nbsp;");
  return uri ? t : t.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The attribute's name as written: prefix:local for namespaced (foreign) attributes. */
export function qualifiedName(attr: HtmlAttr): string {
  return attr[2] ? `${attr[2]}:${attr[0]}` : attr[0];
}

/** Nokogiri's HTML5 serialization of `node`'s children (libxml2's HTML4 one with `html4`). */
export function serializeChildren(node: HtmlElement, html4 = false): string {
  let out = "";
  for (const child of node.children) {
    if (child.kind === "text") {
      out += !html4 && child.parent?.namespace === "html" && RAW_TEXT.has(child.parent.name) ? child.data : escapeText(child.data, html4);
    } else if (child.kind === "cdata") {
      out += html4 ? child.data : `<![CDATA[${child.data}]]>`;
    } else if (child.kind === "comment") {
      out += `<!--${child.data}-->`;
    } else {
      out += `<${child.name}${child.attrs.map((a) => ` ${qualifiedName(a)}="${escapeAttribute(a[1], html4, ["href", "action", "src"].includes(a[0]) || (a[0] === "name" && child.name === "a"))}"`).join("")}>`;
      if (VOID_ELEMENTS.has(child.name) && child.namespace === "html") continue;
      out += `${serializeChildren(child, html4)}</${child.name}>`;
    }
  }
  return out;
}
