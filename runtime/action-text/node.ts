// Nokogiri::XML::Node (and the DocumentFragment Action Text keeps as `source`) over the runtime's HTML tree, with
// the members Action Text and content filters call, under the one Ruby -> TS naming rule:
//   node["href"]  node["class"] = v     index(node, "href") -> get("href")   indexSet(...) -> set("class", v)
//   node.inner_html = html              setInnerHtml(html)   (parsed by gumbo in the node's context)
//   node.css(s) / at_css(s)             css(s) / atCss(s)    (arrays: Ruby's NodeSet#first, size, each... apply)
//   node.replace(html)  node.text  node.name  node.to_s / to_html  node.remove_attribute(n)  node.key?(n)
// One wrapper per tree node, so Ruby's identity (`node != replacement`) holds. Serialization is Nokogiri's HTML5
// (gumbo) one: Action Text 7.2 parses with Nokogiri::HTML5 where it is available, as in Debian's Nokogiri 1.19.
import { inspectString, toS } from "../ruby/ruby.js";
import { attributeValue, nodeName, parseFragment, serializeChildren, serializeNode, textContent, type HtmlElement, type HtmlNode } from "../action-view/html/tree.js";
import { matchesSelector, selectAll } from "./css.js";

const wrappers = new WeakMap<HtmlNode, ActionTextNode>();

/** The one wrapper of `node`. */
export function wrapNode(node: HtmlNode): ActionTextNode {
  let w = wrappers.get(node);
  if (!w) {
    w = new ActionTextNode(node);
    wrappers.set(node, w);
  }
  return w;
}

/** A new empty fragment root (Nokogiri's DocumentFragment node). */
export function newRoot(): HtmlElement {
  return { kind: "element", name: "#fragment", namespace: "html", attrs: [], children: [], parent: null };
}

/** A deep copy of a node (Node#dup: xmlDocCopyNode, which never merges text nodes). */
export function copyNode<T extends HtmlNode>(node: T, parent: HtmlElement | null): T {
  if (node.kind !== "element") return { ...node, parent };
  const el: HtmlElement = { ...node, attrs: node.attrs.map((a) => [...a] as typeof a), children: [], parent };
  el.children = node.children.map((c) => copyNode(c, el));
  return el as T;
}

/**
 * DocumentFragment#dup: each top-level child copied and appended with `parent=` (libxml2's xmlAddChild), which
 * merges a text node into a preceding text node.
 */
export function dupRoot(root: HtmlElement): HtmlElement {
  const out = newRoot();
  for (const child of root.children) {
    const last = out.children[out.children.length - 1];
    if (child.kind === "text" && last?.kind === "text") last.data += child.data;
    else out.children.push(copyNode(child, out));
  }
  return out;
}

/** Nokogiri's Node#fragment(html).children: gumbo parses `html` with `context` as the context element. */
function parseIn(html: string, context: HtmlElement): HtmlNode[] {
  const parsed = parseFragment(html, false, context.name === "#fragment" ? { ...context, name: "#document-fragment" } : context);
  const nodes = parsed.children;
  parsed.children = [];
  for (const n of nodes) n.parent = null;
  return nodes;
}

/** The markup a replacement stands for: Nokogiri coerces a String; nodes and fragments are written out. */
function markupOf(value: unknown): string {
  return toS(value);
}

export class ActionTextNode {
  static readonly rubyName = "Nokogiri::XML::Node";

  constructor(readonly node: HtmlNode) {}

  private get element(): HtmlElement | null {
    return this.node.kind === "element" ? this.node : null;
  }

  private get isRoot(): boolean {
    return this.node.kind === "element" && this.node.name === "#fragment";
  }

  /** Node#name: the tag name; "text", "comment", "#cdata-section"; "#document-fragment" for a fragment. */
  name(): string {
    return nodeName(this.node);
  }

  /** Node#[] (attribute value or nil); `index(node, key)` reaches it as `get`. */
  get(name: unknown): string | null {
    return attributeValue(this.node, toS(name));
  }

  /** Node#[]= (the value's to_s); `indexSet(node, key, value)` reaches it as `set`. */
  set(name: unknown, value: unknown): unknown {
    const el = this.element;
    if (!el || this.isRoot) throw new TypeError(`undefined method \`[]=' for ${this.name()}`);
    const key = toS(name);
    const text = toS(value);
    const a = el.attrs.find((x) => x[0] === key && !x[2]);
    if (a) a[1] = text;
    else el.attrs.push([key, text]);
    return value;
  }

  /** Node#key?(name). */
  isKey(name: unknown): boolean {
    return this.get(name) !== null;
  }

  isHasAttribute(name: unknown): boolean {
    return this.isKey(name);
  }

  /** Node#remove_attribute(name): the value removed (Attr#to_s is its value), or nil. */
  removeAttribute(name: unknown): string | null {
    const el = this.element;
    const value = this.get(name);
    if (el && value !== null) el.attrs = el.attrs.filter((x) => !(x[0] === toS(name) && !x[2]));
    return value;
  }

  /** Node#attributes as name => value (Attr objects are their values here). */
  attributes(): Record<string, string> {
    return Object.fromEntries((this.element?.attrs ?? []).filter((a) => !a[2]).map((a) => [a[0], a[1]]));
  }

  /** Node#text / content / inner_text: the text and CDATA of the subtree (a comment's or text's own data). */
  text(): string {
    return textContent(this.node);
  }

  content(): string {
    return this.text();
  }

  innerText(): string {
    return this.text();
  }

  isText(): boolean {
    return this.node.kind === "text";
  }

  isElement(): boolean {
    return this.node.kind === "element" && !this.isRoot;
  }

  isComment(): boolean {
    return this.node.kind === "comment";
  }

  isCdata(): boolean {
    return this.node.kind === "cdata";
  }

  isFragment(): boolean {
    return this.isRoot;
  }

  /** Node#children: every child node (text included). */
  children(): ActionTextNode[] {
    return (this.element?.children ?? []).map(wrapNode);
  }

  /** Node#elements / element_children. */
  elements(): ActionTextNode[] {
    return this.children().filter((c) => c.node.kind === "element");
  }

  elementChildren(): ActionTextNode[] {
    return this.elements();
  }

  parent(): ActionTextNode | null {
    return this.node.parent ? wrapNode(this.node.parent) : null;
  }

  /** Node#ancestors: parent first, up to the fragment. */
  ancestors(): ActionTextNode[] {
    const out: ActionTextNode[] = [];
    for (let p = this.node.parent; p; p = p.parent) out.push(wrapNode(p));
    return out;
  }

  /** css(selector): an element's descendants; a fragment's nodes and their descendants (NodeSet#css). */
  css(selector: unknown): ActionTextNode[] {
    const el = this.element;
    return el ? selectAll(el, toS(selector), this.isRoot).map(wrapNode) : [];
  }

  atCss(selector: unknown): ActionTextNode | null {
    return this.css(selector)[0] ?? null;
  }

  search(selector: unknown): ActionTextNode[] {
    return this.css(selector);
  }

  at(selector: unknown): ActionTextNode | null {
    return this.atCss(selector);
  }

  /** Node#matches?(selector). */
  isMatches(selector: unknown): boolean {
    return matchesSelector(this.node, toS(selector));
  }

  /** Node#inner_html: the children as Nokogiri's HTML5 serializer writes them. */
  innerHtml(): string {
    const el = this.element;
    return el ? serializeChildren(el) : "";
  }

  /** Node#inner_html= / children=: markup parsed in this node's context replaces the children. */
  setInnerHtml(html: unknown): unknown {
    const el = this.element;
    if (!el) throw new TypeError(`undefined method \`inner_html=' for ${this.name()}`);
    for (const c of el.children) c.parent = null;
    el.children = typeof html === "object" && html instanceof ActionTextNode ? [detach(html.node)] : parseIn(markupOf(html), el);
    for (const c of el.children) c.parent = el;
    return html;
  }

  setChildren(html: unknown): unknown {
    return this.setInnerHtml(html);
  }

  setContent(text: unknown): unknown {
    const el = this.element;
    if (!el) throw new TypeError(`undefined method \`content=' for ${this.name()}`);
    for (const c of el.children) c.parent = null;
    el.children = toS(text) === "" ? [] : [{ kind: "text", data: toS(text), parent: el }];
    return text;
  }

  /**
   * Node#replace(markup or node): the parent parses markup in its own context; the new nodes go before this one
   * (libxml2's xmlAddPrevSibling, which merges no text nodes) and this one is unlinked.
   */
  replace(replacement: unknown): unknown {
    const parent = this.node.parent;
    if (!parent) throw new Error("Cannot replace a node with no parent");
    const nodes = replacement instanceof ActionTextNode ? (replacement.isRoot ? [...replacement.element!.children] : [replacement.node]) : parseIn(markupOf(replacement), parent);
    const i = parent.children.indexOf(this.node);
    for (const n of nodes) detach(n).parent = parent;
    parent.children.splice(i, 1, ...nodes);
    this.node.parent = null;
    return replacement;
  }

  /** Node#remove / unlink. */
  remove(): this {
    if (this.node.parent) detach(this.node);
    return this;
  }

  unlink(): this {
    return this.remove();
  }

  /** Object#tap. */
  tap(block: (node: this) => unknown): this {
    block(this);
    return this;
  }

  /** Node#dup: a deep copy, detached. */
  dup(): ActionTextNode {
    return wrapNode(this.isRoot ? dupRoot(this.element!) : copyNode(this.node, null));
  }

  /** Node#to_html (and to_s, to_str): Nokogiri's HTML5 serialization; a fragment writes its children. */
  toHtml(): string {
    return this.isRoot ? serializeChildren(this.element!) : serializeNode(this.node);
  }

  toS(): string {
    return this.toHtml();
  }

  outerHtml(): string {
    return this.toHtml();
  }

  toRubyString(): string {
    return this.toHtml();
  }

  toRubyInspect(): string {
    return `#<${this.isRoot ? "Nokogiri::HTML5::DocumentFragment" : "Nokogiri::XML::Element"} ${inspectString(this.toHtml())}>`;
  }

  inspect(): string {
    return this.toRubyInspect();
  }
}

function detach<T extends HtmlNode>(node: T): T {
  const parent = node.parent;
  if (parent) parent.children.splice(parent.children.indexOf(node), 1);
  node.parent = null;
  return node;
}
