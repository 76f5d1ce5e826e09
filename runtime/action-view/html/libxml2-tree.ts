// libxml2 2.15's HTML 4 parser as Nokogiri::HTML4::DocumentFragment runs it (Rails::HTML4 sanitizers, Loofah's
// html4_fragment): `HTML4::Document.parse("<html><body>" + input)`, the fragment being the body's children. Since
// 2.14 libxml2 tokenizes as HTML5 does, so parse5's tokenizer reads the input; tree construction is libxml2's own
// (HTMLparser.c), not HTML5's:
//   a start tag first closes the current element while htmlStartClose pairs it with the new tag (<p> closes <b>,
//   <li> an open <li>; <div> closes nothing but <p>...), then nests; no adoption agency, foster parenting, <tbody>;
//   an end tag closes up to its element unless an element of higher end priority (td, tr, table...) is open in
//   between; an end tag with no open element is ignored (</p> makes no <p></p>); `/>` closes any element;
//   the text of script/style/iframe/noembed/noframes/xmp/plaintext is CDATA; U+0000 in text is dropped;
//   misplaced <html>/<head>/<body> start tags are dropped (and so is their end tag); after </body>, nothing lands
//   in the fragment. Attributes written without a value stay valueless (the serializer writes them bare).
// A whole document (Nokogiri::HTML4::Document.parse, parseLibxml2Document) starts with nothing open and implies
// <html>, <head> and <body> as htmlCheckImplied does: a head element (script style meta link title base) before
// any <head> or <body> opens <head>; any other tag but noframes/frame/frameset opens <body> unless one was open
// before or <head>/<body> is open now; non-blank text acts as a <p> would (closes <head>, implies <body>). The
// start tags that close <head> (htmlStartClose's head entries) were read from Nokogiri 1.19.4 in the reference
// chroot. Whitespace-only text before <html> or directly in it is dropped (areBlanks); after </html>, a start tag or
// text opens another <html> (seen in Nokogiri: a second root-level element), and comments go to the document.
import { Tokenizer, TokenizerMode, type Token, type TokenHandler } from "parse5";
import type { HtmlAttr, HtmlElement, HtmlNode } from "./tree.js";

/** htmlStartClose: [current element, new start tag] pairs where the new tag closes the current element. */
const START_CLOSE = new Set(`a:a a:fieldset a:table a:td a:th address:dd address:dl address:dt address:form address:li address:ul
b:center b:p b:td b:th big:p caption:col caption:colgroup caption:tbody caption:tfoot caption:thead caption:tr col:col
col:colgroup col:tbody col:tfoot col:thead col:tr colgroup:colgroup colgroup:tbody colgroup:tfoot colgroup:thead colgroup:tr
dd:dt dir:dd dir:dl dir:dt dir:form dir:ul dl:form dl:li dt:dd dt:dl font:center font:td font:th form:form
h1:fieldset h1:form h1:li h1:p h1:table h2:fieldset h2:form h2:li h2:p h2:table h3:fieldset h3:form h3:li h3:p h3:table
h4:fieldset h4:form h4:li h4:p h4:table h5:fieldset h5:form h5:li h5:p h5:table h6:fieldset h6:form h6:li h6:p h6:table
hr:form i:center i:p i:td i:th legend:fieldset li:li link:body link:frameset listing:dd listing:dl listing:dt
listing:fieldset listing:form listing:li listing:table listing:ul menu:dd menu:dl menu:dt menu:form menu:ul ol:form
option:optgroup option:option p:address p:blockquote p:body p:caption p:center p:col p:colgroup p:dd p:dir p:div p:dl
p:dt p:fieldset p:form p:frameset p:h1 p:h2 p:h3 p:h4 p:h5 p:h6 p:head p:hr p:li p:listing p:menu p:ol p:p p:pre
p:table p:tbody p:td p:tfoot p:th p:title p:tr p:ul p:xmp pre:dd pre:dl pre:dt pre:fieldset pre:form pre:li pre:table
pre:ul s:p script:noscript small:p span:td span:th strike:p style:body style:frameset tbody:tbody tbody:tfoot td:tbody
td:td td:tfoot td:th td:tr tfoot:tbody th:tbody th:td th:tfoot th:th th:tr thead:tbody thead:tfoot title:body
title:frameset tr:tbody tr:tfoot tr:tr tt:p u:p u:td u:th ul:address ul:form ul:menu ul:pre xmp:dd xmp:dl xmp:dt
xmp:fieldset xmp:form xmp:li xmp:table xmp:ul`.split(/\s+/).concat(
  // head: only a document has one (parseLibxml2Document)
  `a abbr acronym address b bdo big blockquote body br center cite code dd dfn dir div dl dt em fieldset font form frameset
h1 h2 h3 h4 h5 h6 hr i iframe img kbd li map menu ol p pre q s samp small span strike strong sub sup table tt u ul var
xmp`.split(/\s+/).map((tag) => `head:${tag}`)));

/** htmlCheckImplied: the elements that open an implied <head> (before any <head> or <body>). */
const HEAD_ELEMENTS = new Set(["script", "style", "meta", "link", "title", "base"]);

/** htmlEndPriority: an end tag only closes elements of lower or equal priority (default 100). */
const END_PRIORITY: Record<string, number> = {
  div: 150, td: 160, th: 160, tr: 170, thead: 180, tbody: 180, tfoot: 180, table: 190, head: 200, body: 200, html: 220,
};
const priority = (name: string) => END_PRIORITY[name] ?? 100;

/** Elements libxml2 knows as empty (html40ElementTable): closed at their start tag. */
const EMPTY = new Set("area base basefont bgsound br col embed frame hr img input isindex keygen link meta param source track wbr".split(" "));

/** dataMode of html40ElementTable: the tokenizer state after the start tag; RAWTEXT and beyond read CDATA. */
const DATA_MODE: Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = {
  iframe: TokenizerMode.RAWTEXT, noembed: TokenizerMode.RAWTEXT, noframes: TokenizerMode.RAWTEXT, style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT, plaintext: TokenizerMode.PLAINTEXT, script: TokenizerMode.SCRIPT_DATA,
  textarea: TokenizerMode.RCDATA, title: TokenizerMode.RCDATA,
};

/** Attributes written without a value (`<input disabled>`): libxml2 keeps no value, and writes the name alone. */
export const VALUELESS_ATTRIBUTES = new WeakSet<HtmlAttr>();

class Libxml2Builder implements TokenHandler {
  /** A document's root (parseLibxml2Document), holding <html> and what comes before it (comments). */
  readonly document: HtmlElement = element("#document", null);
  readonly html: HtmlElement;
  readonly body: HtmlElement;
  private readonly stack: HtmlElement[];
  /** ctxt->html: 3 once a <head> was open, 10 once a <body> was (htmlnamePush). */
  private seen = 0;
  /** Misplaced <html>/<head>/<body> start tags seen (their end tags are then ignored). */
  private depth = 0;
  private rawText = false;
  readonly tokenizer: Tokenizer;

  constructor(private readonly source: string, private readonly isDocument = false) {
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, this);
    if (isDocument) {
      this.html = element("html", null);
      this.body = element("body", null);
      this.stack = [];
    } else {
      this.html = element("html", null);
      this.body = element("body", this.html);
      this.stack = [this.html, this.body];
    }
  }

  /** htmlnamePush: an element opened by the parser itself (<html>, <head>, <body>). */
  private open(el: HtmlElement): HtmlElement {
    if (el.name === "head") this.seen = Math.max(this.seen, 3);
    if (el.name === "body") this.seen = Math.max(this.seen, 10);
    this.stack.push(el);
    return el;
  }

  /** htmlCheckImplied(newtag), for a document. */
  private checkImplied(name: string): void {
    if (name === "html") return;
    if (!this.stack.length) this.open(this.rootHtml());
    if (name === "body" || name === "head") return;
    if (this.stack.length <= 1 && HEAD_ELEMENTS.has(name)) {
      if (this.seen >= 3) return;
      this.open(element("head", this.current));
    } else if (name !== "noframes" && name !== "frame" && name !== "frameset") {
      if (this.seen >= 10 || this.stack.some((e) => e.name === "body" || e.name === "head")) return;
      this.open(this.body.parent ? element("body", this.current) : adopt(this.body, this.current!));
    }
  }

  /** An <html> under the document: the first one, or after </html> another (libxml2 opens one again). */
  private rootHtml(): HtmlElement {
    return this.html.parent ? element("html", this.document) : adopt(this.html, this.document);
  }

  private get current(): HtmlElement | null {
    return this.stack[this.stack.length - 1] ?? null;
  }

  private pop(): void {
    this.stack.pop();
    this.rawText = false;
  }

  onStartTag(tag: Token.TagToken): void {
    const name = tag.tagName;
    while (this.current && START_CLOSE.has(`${this.current.name}:${name}`)) this.pop();
    if (this.isDocument) {
      if (name === "html" && !this.stack.length) {
        this.open(this.rootHtml()).attrs = this.attributes(tag);
        return;
      }
      this.checkImplied(name);
    }
    const misplaced = (name === "html" && this.stack.length > 0) || (name === "head" && this.stack.length !== 1)
      || (name === "body" && (this.stack.some((e) => e.name === "body") || (this.isDocument && this.body.parent !== null)));
    if (misplaced) {
      this.depth++;
      if (tag.selfClosing) this.pop();
      return;
    }
    const parent = this.current;
    if (!parent) return;
    const el = name === "body" && this.isDocument ? adopt(this.body, parent) : element(name, parent);
    el.attrs = this.attributes(tag);
    this.open(el);
    if (tag.selfClosing || EMPTY.has(name)) {
      this.pop();
      return;
    }
    const mode = DATA_MODE[name];
    if (mode !== undefined) {
      this.tokenizer.state = mode;
      this.rawText = mode !== TokenizerMode.RCDATA;
    }
  }

  private attributes(tag: Token.TagToken): HtmlAttr[] {
    return tag.attrs.map((a) => {
      const attr: HtmlAttr = [a.name, a.value];
      const loc = tag.location?.attrs?.[a.name];
      if (loc && !this.source.slice(loc.startOffset, loc.endOffset).includes("=")) VALUELESS_ATTRIBUTES.add(attr);
      return attr;
    });
  }

  onEndTag(token: Token.TagToken): void {
    const name = token.tagName;
    if (this.depth > 0 && (name === "html" || name === "body" || name === "head")) {
      this.depth--;
      return;
    }
    const at = this.stack.map((e) => e.name).lastIndexOf(name);
    if (at < 0) return;
    // htmlAutoCloseOnClose: an element of higher end priority open above it makes the end tag a no-op.
    if (!this.stack.slice(at + 1).some((e) => priority(e.name) > priority(name))) {
      while (this.current && this.current.name !== name) this.pop();
    }
    if (this.current?.name === name) this.pop();
  }

  onCharacter(token: Token.CharacterToken): void {
    this.text(token.chars);
  }

  onWhitespaceCharacter(token: Token.CharacterToken): void {
    this.text(token.chars);
  }

  /** U+0000 is dropped in data; the tokenizer already made it U+FFFD in raw text. */
  onNullCharacter(token: Token.CharacterToken): void {
    if (this.rawText) this.text(token.chars);
  }

  onComment(token: Token.CommentToken): void {
    const parent = this.current ?? (this.isDocument ? this.document : null);
    if (parent) parent.children.push({ kind: "comment", data: token.data, parent });
  }

  onDoctype(): void {}

  onEof(): void {
    this.stack.length = 0;
  }

  private text(chars: string): void {
    const outside = !this.current || this.current.name === "html" || this.current.name === "head";
    if (this.isDocument && outside) {
      // areBlanks: whitespace before <html> or directly in it is dropped; other text is as a <p> (htmlStartCharData).
      const blank = !/[^ \t\n\r\f]/.test(chars);
      if (blank && this.current?.name !== "head") return;
      if (!blank) {
        while (this.current && START_CLOSE.has(`${this.current.name}:p`)) this.pop();
        this.checkImplied("p");
      }
    }
    const parent = this.current;
    if (!parent) return;
    const kind = this.rawText ? "cdata" : "text";
    const last = parent.children[parent.children.length - 1];
    if (last && last.kind === kind) last.data += chars;
    else parent.children.push({ kind, data: chars, parent } as HtmlNode);
  }
}

/** `el` appended to `parent` (an element made before its place was known). */
function adopt(el: HtmlElement, parent: HtmlElement): HtmlElement {
  el.parent = parent;
  parent.children.push(el);
  return el;
}

function element(name: string, parent: HtmlElement | null): HtmlElement {
  const el: HtmlElement = { kind: "element", name, namespace: "html", attrs: [], children: [], parent };
  parent?.children.push(el);
  return el;
}

/** Nokogiri::HTML4::DocumentFragment.parse(source): the body's children under a "#fragment" root (the body itself
 *  when the input starts with <body). */
export function parseLibxml2Fragment(source: string): HtmlElement {
  const builder = new Libxml2Builder(source);
  builder.tokenizer.write(source, true);
  const root: HtmlElement = { kind: "element", name: "#fragment", namespace: "html", attrs: [], children: [], parent: null };
  const nodes = /^\s*?<body/i.test(source) ? [builder.body] : builder.body.children;
  for (const n of nodes) n.parent = root;
  root.children = [...nodes];
  return root;
}

/**
 * Nokogiri::HTML4::Document.parse(source) (Nokogiri::HTML(source)) of a String: its tree under a "#document" root
 * (the <html> element, and comments before it; the DTD node Nokogiri adds is not kept).
 */
export function parseLibxml2Document(source: string): HtmlElement {
  const builder = new Libxml2Builder(source, true);
  builder.tokenizer.write(source, true);
  return builder.document;
}
