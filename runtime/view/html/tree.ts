// HTML5 fragment tree building (in the body context) for the sanitizers, and serialization as
// Nokogiri's HTML5 `to_html` writes it. The insertion rules cover what user-written fragments meet:
// implied </p> before blocks, li/dd/dt and heading nesting, void elements, stray end tags, implied
// tbody/tr in tables, and foreign (svg/math) subtrees; the adoption agency algorithm is not reproduced.
import { RAW_TEXT, tokenize, type Token } from "./tokenizer.js";

export interface HtmlElement {
  kind: "element";
  name: string;
  namespace: "html" | "svg" | "math";
  attrs: [string, string][];
  children: HtmlNode[];
  parent: HtmlElement | null;
}
export interface HtmlText {
  kind: "text";
  data: string;
  parent: HtmlElement | null;
}
export interface HtmlComment {
  kind: "comment";
  data: string;
  parent: HtmlElement | null;
}
export type HtmlNode = HtmlElement | HtmlText | HtmlComment;

export const VOID_ELEMENTS = new Set(
  "area base basefont bgsound br col embed frame hr img input keygen link meta param source track wbr".split(" "),
);
const CLOSES_P = new Set(("address article aside blockquote center details dialog dir div dl fieldset figcaption figure " +
  "footer form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre search section summary table ul li dd dt listing plaintext xmp").split(" "));
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const SCOPE_BOUNDARY = new Set(["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "button"]);
const TABLE_PARTS = new Set(["tbody", "thead", "tfoot", "tr", "td", "th", "caption", "col", "colgroup"]);

function element(name: string, attrs: [string, string][], parent: HtmlElement | null, namespace: HtmlElement["namespace"] = "html"): HtmlElement {
  return { kind: "element", name, namespace, attrs, children: [], parent };
}

class TreeBuilder {
  readonly root = element("#fragment", [], null);
  private stack: HtmlElement[] = [this.root];

  /** `foreign`: svg/math subtrees get their namespace (HTML5); libxml2's HTML4 parser has none. */
  constructor(private readonly foreign: boolean) {}

  private get current(): HtmlElement {
    return this.stack[this.stack.length - 1]!;
  }

  private inScope(name: string): boolean {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const n = this.stack[i]!;
      if (n.name === name) return true;
      if (SCOPE_BOUNDARY.has(n.name)) return false;
    }
    return false;
  }

  private popUntil(name: string): void {
    while (this.stack.length > 1) if (this.stack.pop()!.name === name) return;
  }

  private append(node: HtmlNode): void {
    const parent = this.current;
    const last = parent.children[parent.children.length - 1];
    if (node.kind === "text" && last?.kind === "text") last.data += node.data;
    else {
      node.parent = parent;
      parent.children.push(node);
    }
  }

  private open(name: string, attrs: [string, string][], namespace: HtmlElement["namespace"]): HtmlElement {
    const el = element(name, attrs, this.current, namespace);
    this.append(el);
    this.stack.push(el);
    return el;
  }

  start(t: Extract<Token, { type: "start" }>): void {
    const ns = !this.foreign ? "html" : this.current.namespace !== "html" ? this.current.namespace : t.name === "svg" ? "svg" : t.name === "math" ? "math" : "html";
    if (ns !== "html") {
      this.open(t.name, t.attrs, ns);
      if (t.selfClosing) this.stack.pop();
      return;
    }
    if (["html", "head", "body"].includes(t.name)) return;
    const name = t.name === "image" ? "img" : t.name;
    if (TABLE_PARTS.has(name) && !this.inTable()) return;
    if (CLOSES_P.has(name) && this.inScope("p")) this.popUntil("p");
    if (name === "li") this.closeListItem(["li"]);
    if (name === "dd" || name === "dt") this.closeListItem(["dd", "dt"]);
    if (HEADINGS.has(name) && HEADINGS.has(this.current.name)) this.stack.pop();
    if (this.inTable()) this.impliedTableParents(name);
    this.open(name, t.attrs, "html");
    if (VOID_ELEMENTS.has(name)) this.stack.pop();
  }

  private inTable(): boolean {
    return this.stack.some((n) => n.name === "table");
  }

  /** A tr directly in a table gets a tbody; a cell directly in a table section gets a tr. */
  private impliedTableParents(name: string): void {
    if ((name === "tr" || name === "td" || name === "th") && this.current.name === "table") this.open("tbody", [], "html");
    if ((name === "td" || name === "th") && ["tbody", "thead", "tfoot"].includes(this.current.name)) this.open("tr", [], "html");
  }

  private closeListItem(names: string[]): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const n = this.stack[i]!;
      if (names.includes(n.name)) {
        this.stack.length = i;
        return;
      }
      if (!["address", "div", "p"].includes(n.name) && (CLOSES_P.has(n.name) || SCOPE_BOUNDARY.has(n.name))) return;
    }
  }

  end(name: string): void {
    if (name === "p" && !this.inScope("p")) {
      this.open("p", [], "html");
      this.stack.pop();
      return;
    }
    if (name === "br") return this.start({ type: "start", name: "br", attrs: [], selfClosing: false });
    for (let i = this.stack.length - 1; i > 0; i--) {
      if (this.stack[i]!.name === name) {
        this.stack.length = i;
        return;
      }
      if (this.stack[i]!.namespace === "html" && SCOPE_BOUNDARY.has(this.stack[i]!.name)) return;
    }
  }

  token(t: Token): void {
    if (t.type === "start") this.start(t);
    else if (t.type === "end") this.end(t.name);
    else if (t.type === "text") this.append({ kind: "text", data: t.data, parent: null });
    else this.append({ kind: "comment", data: t.data, parent: null });
  }
}

/** Parses an HTML fragment as Nokogiri::HTML5.fragment does (body context); `html4` drops foreign namespaces. */
export function parseFragment(html: string, html4 = false): HtmlElement {
  const b = new TreeBuilder(!html4);
  for (const t of tokenize(html)) b.token(t);
  return b.root;
}

/** HTML5 serialization writes U+00A0 as &nbsp;; libxml2's HTML4 serializer writes the character. */
function escapeText(s: string, html4: boolean): string {
  const t = s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return html4 ? t : t.replace(/\u00a0/g, "&nbsp;");
}

function escapeAttribute(s: string, html4: boolean): string {
  const t = s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return html4 ? t : t.replace(/\u00a0/g, "&nbsp;");
}

/** The HTML serialization algorithm (children of `node`). */
export function serializeChildren(node: HtmlElement, html4 = false): string {
  let out = "";
  for (const child of node.children) {
    if (child.kind === "text") {
      out += child.parent && child.parent.namespace === "html" && RAW_TEXT.has(child.parent.name) ? child.data : escapeText(child.data, html4);
    } else if (child.kind === "comment") {
      out += `<!--${child.data}-->`;
    } else {
      out += `<${child.name}${child.attrs.map(([k, v]) => ` ${k}="${escapeAttribute(v, html4)}"`).join("")}>`;
      if (VOID_ELEMENTS.has(child.name) && child.namespace === "html") continue;
      const first = child.children[0];
      if (["pre", "textarea", "listing"].includes(child.name) && first?.kind === "text" && first.data.startsWith("\n")) out += "\n";
      out += `${serializeChildren(child, html4)}</${child.name}>`;
    }
  }
  return out;
}
