// The nokogiri gem's HTML4 side (Nokogiri 1.19 over libxml2), the subset apps call, over the runtime's HTML tree
// (libxml2's tree construction: action-view/html/libxml2-tree.ts), under the one Ruby -> TS naming rule:
//   Nokogiri::HTML(html) / Nokogiri::HTML4(html)     NokogiriModule.HTML(html)        an HTML4 Document
//   Nokogiri::HTML.fragment(html)                    NokogiriHtml4.fragment(html)     an HTML4 DocumentFragment
//   doc.xpath(expr) / at_xpath(expr)                 xpath(expr) / atXpath(expr)      (xpath.ts: a subset, the rest refused)
//   doc.css(sel) / at_css(sel)                       css(sel) / atCss(sel)            (Nokogiri's CSS, action-text/css.ts)
//   node["content"]  node.key?("name")  node.text  node.name  node.to_html  node.children  node.parent
//   doc.meta_encoding  doc.encoding  doc.root
// A Ruby String reaches the runtime as UTF-8 text, so a document's encoding is "UTF-8" whatever its <meta charset>
// says (Nokogiri gives libxml2 the String's own encoding); meta_encoding reads the <meta>, as Nokogiri's does.
// Arrays stand for NodeSets (Ruby's Array methods apply). Document#to_html (libxml2 adds a DTD, a charset <meta>
// and formatting) is not written: it raises.
import { inspectString, toS } from "../../ruby/ruby.js";
import { NotImplementedError } from "../../ruby/exceptions.js";
import { attributeValue, nodeName, serializeChildren, serializeNode, textContent, type HtmlElement, type HtmlNode } from "../../action-view/html/tree.js";
import { parseLibxml2Document, parseLibxml2Fragment } from "../../action-view/html/libxml2-tree.js";
import { selectAll } from "../../action-text/css.js";
import { selectXPath, type XPathAttr, type XPathNode } from "./xpath.js";

export { parseXPath, XPathUnsupported } from "./xpath.js";

const wrappers = new WeakMap<HtmlNode, NokogiriNode>();

function wrap(node: XPathNode): NokogiriNode | NokogiriAttr {
  if (node.kind === "attr") return new NokogiriAttr(node);
  let w = wrappers.get(node);
  if (!w) {
    w = node.kind === "element" && node.name === "#document" ? new NokogiriDocument(node) : new NokogiriNode(node);
    wrappers.set(node, w);
  }
  return w;
}

/** Nokogiri::XML::Attr, as an attribute step of an XPath answers it. */
export class NokogiriAttr {
  static readonly rubyName = "Nokogiri::XML::Attr";
  constructor(private readonly attr: XPathAttr) {}

  name(): string {
    return this.attr.name;
  }

  value(): string {
    return this.attr.value;
  }

  text(): string {
    return this.attr.value;
  }

  content(): string {
    return this.attr.value;
  }

  toS(): string {
    return this.attr.value;
  }

  toRubyString(): string {
    return this.attr.value;
  }

  parent(): NokogiriNode {
    return wrap(this.attr.owner) as NokogiriNode;
  }
}

/** Nokogiri::XML::Node (an element, text or comment node; a document or fragment is one too). */
export class NokogiriNode {
  static readonly rubyName: string = "Nokogiri::XML::Node";
  constructor(readonly node: HtmlNode) {}

  protected get element(): HtmlElement | null {
    return this.node.kind === "element" ? this.node : null;
  }

  name(): string {
    return nodeName(this.node);
  }

  /** Node#[]: the attribute's value, or nil. */
  get(name: unknown): string | null {
    return attributeValue(this.node, toS(name));
  }

  isKey(name: unknown): boolean {
    return this.get(name) !== null;
  }

  isHasAttribute(name: unknown): boolean {
    return this.isKey(name);
  }

  /** Node#text / content / inner_text: the text of the subtree (comments excluded). */
  text(): string {
    return textContent(this.node);
  }

  content(): string {
    return this.text();
  }

  innerText(): string {
    return this.text();
  }

  children(): NokogiriNode[] {
    return (this.element?.children ?? []).map((c) => wrap(c) as NokogiriNode);
  }

  elementChildren(): NokogiriNode[] {
    return this.children().filter((c) => c.node.kind === "element");
  }

  elements(): NokogiriNode[] {
    return this.elementChildren();
  }

  parent(): NokogiriNode | null {
    return this.node.parent ? (wrap(this.node.parent) as NokogiriNode) : null;
  }

  /** Node#xpath(expression): a NodeSet (xpath.ts refuses what it does not read). */
  xpath(expression: unknown): Array<NokogiriNode | NokogiriAttr> {
    return selectXPath(this.node, toS(expression)).map(wrap);
  }

  atXpath(expression: unknown): NokogiriNode | NokogiriAttr | null {
    return this.xpath(expression)[0] ?? null;
  }

  /** Node#css(selector): the matching descendants (a fragment's or document's top-level nodes included). */
  css(selector: unknown): NokogiriNode[] {
    const el = this.element;
    return el ? selectAll(el, toS(selector), false).filter((e) => !e.name.startsWith("#")).map((e) => wrap(e) as NokogiriNode) : [];
  }

  atCss(selector: unknown): NokogiriNode | null {
    return this.css(selector)[0] ?? null;
  }

  /**
   * Node#to_html: libxml2's HTML serialization (a fragment writes its children). Within a document, libxml2 writes a
   * <head> with a charset <meta> of the document's encoding (and rewrites one there): not written, it raises.
   */
  toHtml(): string {
    const el = this.element;
    if (el?.name === "#fragment") return serializeChildren(el, true);
    if (el && inDocument(el) && (el.name === "head" || el.name === "html" || selectAll(el, "head, meta", false).length)) {
      throw new NotImplementedError("rails2ts: Nokogiri::XML::Node#to_html of a document's <head> or <meta> (libxml2 writes the document's charset there) is not implemented");
    }
    return serializeNode(this.node, true);
  }

  innerHtml(): string {
    const el = this.element;
    return el ? serializeChildren(el, true) : "";
  }

  toS(): string {
    return this.toHtml();
  }

  toRubyString(): string {
    return this.toHtml();
  }

  toRubyInspect(): string {
    const el = this.element;
    if (el?.name === "#fragment") return `#<Nokogiri::HTML4::DocumentFragment ${inspectString(this.toHtml())}>`;
    return `#<Nokogiri::XML::${this.node.kind === "element" ? "Element" : this.node.kind === "comment" ? "Comment" : "Text"} ${inspectString(this.toHtml())}>`;
  }

  inspect(): string {
    return this.toRubyInspect();
  }
}

/** Nokogiri::HTML4::Document. */
export class NokogiriDocument extends NokogiriNode {
  static override readonly rubyName: string = "Nokogiri::HTML4::Document";

  override name(): string {
    return "document";
  }

  /** The root element (<html>), nil for an empty document. */
  root(): NokogiriNode | null {
    const html = this.element!.children.find((c) => c.kind === "element");
    return html ? (wrap(html) as NokogiriNode) : null;
  }

  /** The String's encoding (UTF-8: run-time Strings are). */
  encoding(): string {
    return "UTF-8";
  }

  /** HTML4::Document#meta_encoding: <meta charset>'s value, else the charset of a Content-Type <meta http-equiv>. */
  metaEncoding(): string | null {
    const charset = this.atXpath("//meta[@charset]");
    if (charset instanceof NokogiriNode) return charset.get("charset");
    const contentType = this.xpath("//meta[@http-equiv and boolean(@content)]").find((m) => m instanceof NokogiriNode && /^content-type$/i.test(m.get("http-equiv") ?? ""));
    if (!(contentType instanceof NokogiriNode)) return null;
    return /charset\s*=\s*([\w-]+)/i.exec(contentType.get("content") ?? "")?.[1] ?? null;
  }

  override toHtml(): string {
    throw new NotImplementedError("rails2ts: Nokogiri::HTML4::Document#to_html (libxml2's DTD, charset <meta> and formatting) is not implemented");
  }

  override toRubyInspect(): string {
    return `#<Nokogiri::HTML4::Document name="document">`;
  }
}

function inDocument(node: HtmlNode): boolean {
  let n = node;
  while (n.parent) n = n.parent;
  return n.kind === "element" && n.name === "#document";
}

/** Nokogiri::HTML4::Document.parse(html): a String's document. */
function parseHtml4(html: unknown): NokogiriDocument {
  return wrap(parseLibxml2Document(toS(html))) as NokogiriDocument;
}

/** Nokogiri::HTML4 (and Nokogiri::HTML, its alias): parse, fragment. */
export const NokogiriHtml4 = {
  parse: parseHtml4,
  /** Nokogiri::HTML4::DocumentFragment.parse(html): the body's children of `<html><body>` + html. */
  fragment: (html: unknown) => wrap(parseLibxml2Fragment(toS(html))) as NokogiriNode,
};

/** The Nokogiri module's methods: Nokogiri::HTML(html) / Nokogiri::HTML4(html) parse a document. */
export const NokogiriModule = {
  HTML: parseHtml4,
  HTML4: parseHtml4,
};

/** A Nokogiri node's tree (assert_select over a node given as its root). */
export function nokogiriTree(value: unknown): HtmlNode | null {
  return value instanceof NokogiriNode ? value.node : null;
}
