// Nokogiri's CSS selectors (Nokogiri::CSS -> XPath 1.0, HTML5 doctype) over the runtime's HTML tree, the subset
// Action Text and apps' content filters use. Each construct as the XPath Nokogiri writes for it:
//   div  *                  self::div (any namespace: local-name)   self::*
//   [a] [@a='v'] [a=v]      @a   @a = 'v'          [a*='v'] contains(@a, 'v')   [a^='v'] starts-with(@a, 'v')
//   [a$='v'] [a~='v']       ends-with   whitespace-separated word          [a|='v'] 'v' or 'v-'...   [a!='v'] @a != 'v'
//   .c  #i                  contains(concat(' ', normalize-space(@class), ' '), ' c ')   @id = 'i'
//   :not(s)  :has(s)        not(self::s)   .//s (a descendant matches; s may hold combinators)
//   a b  a > b  a + b  a ~ b  descendant, child, next element sibling, later element sibling;  s1, s2  union
// XPath string tests make [a*=''] and [a^=''] true whenever @a exists (CSS would say false): Nokogiri's answer.
// Anything else (other pseudo-classes, namespaces, pseudo-elements) throws: a wrong match would be silent.
import type { HtmlAttr, HtmlElement, HtmlNode } from "../action-view/html/tree.js";

interface AttrTest {
  name: string;
  op: "exists" | "=" | "*=" | "^=" | "$=" | "~=" | "|=" | "!=";
  value: string;
}

interface Compound {
  /** null for `*` (or no type selector). */
  tag: string | null;
  attrs: AttrTest[];
  not: Compound[];
  has: Complex[];
}

type Combinator = " " | ">" | "+" | "~";

/** Compounds left to right; combinators[i] joins compounds[i] and compounds[i + 1]. */
interface Complex {
  compounds: Compound[];
  combinators: Combinator[];
}

export class UnsupportedSelectorError extends Error {
  override name = "NotImplementedError";
}

const cache = new Map<string, Complex[]>();

/** Parses a selector list (cached: content filters run the same few selectors on every message). */
export function parseSelector(selector: string): Complex[] {
  let parsed = cache.get(selector);
  if (!parsed) {
    parsed = new Parser(selector).selectorList();
    if (cache.size < 1000) cache.set(selector, parsed);
  }
  return parsed;
}

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  selectorList(): Complex[] {
    const list = [this.complex()];
    this.space();
    while (this.peek() === ",") {
      this.i++;
      list.push(this.complex());
      this.space();
    }
    if (this.i < this.src.length) this.fail(`unexpected ${JSON.stringify(this.src.slice(this.i))}`);
    return list;
  }

  private complex(): Complex {
    this.space();
    const compounds = [this.compound()];
    const combinators: Combinator[] = [];
    for (;;) {
      const spaced = this.space();
      const c = this.peek();
      if (c === ">" || c === "+" || c === "~") {
        this.i++;
        this.space();
        combinators.push(c);
      } else if (spaced && c !== undefined && c !== "," && c !== ")") {
        combinators.push(" ");
      } else break;
      compounds.push(this.compound());
    }
    return { compounds, combinators };
  }

  private compound(): Compound {
    const out: Compound = { tag: null, attrs: [], not: [], has: [] };
    const start = this.i;
    const tag = /^(\*|[A-Za-z_][\w-]*)/.exec(this.src.slice(this.i));
    if (tag) {
      this.i += tag[0].length;
      if (tag[0] !== "*") out.tag = tag[0];
    }
    for (;;) {
      const c = this.peek();
      if (c === "[") out.attrs.push(this.attribute());
      else if (c === "." || c === "#") {
        this.i++;
        const name = this.ident();
        out.attrs.push(c === "." ? { name: "class", op: "~=", value: name } : { name: "id", op: "=", value: name });
      } else if (c === ":") this.pseudo(out);
      else break;
    }
    if (this.i === start) this.fail("expected a selector");
    return out;
  }

  private attribute(): AttrTest {
    this.i++;
    this.space();
    if (this.peek() === "@") this.i++;
    const name = /^[A-Za-z_][\w.-]*/.exec(this.src.slice(this.i))?.[0];
    if (!name) this.fail("expected an attribute name");
    this.i += name.length;
    if (this.peek() === "|" && this.src[this.i + 1] !== "=") this.fail("namespaced attributes");
    this.space();
    if (this.peek() === "]") {
      this.i++;
      return { name, op: "exists", value: "" };
    }
    const op = /^([*^$~|!]?=)/.exec(this.src.slice(this.i))?.[1] as AttrTest["op"] | undefined;
    if (!op) this.fail("expected an attribute operator");
    this.i += op.length;
    this.space();
    const value = this.value();
    this.space();
    if (this.peek() !== "]") this.fail("expected ]");
    this.i++;
    return { name, op, value };
  }

  private value(): string {
    const q = this.peek();
    if (q === "'" || q === '"') {
      const end = this.src.indexOf(q, this.i + 1);
      if (end < 0) this.fail("unterminated string");
      const v = this.src.slice(this.i + 1, end);
      this.i = end + 1;
      return v;
    }
    const m = /^[\w.-]+/.exec(this.src.slice(this.i));
    if (!m) this.fail("expected an attribute value");
    this.i += m[0].length;
    return m[0];
  }

  private pseudo(out: Compound): void {
    this.i++;
    const name = this.ident();
    if (this.peek() !== "(" || (name !== "not" && name !== "has")) this.fail(`the pseudo-class :${name}`);
    this.i++;
    if (name === "not") {
      this.space();
      out.not.push(this.compound());
    } else out.has.push(this.complex());
    this.space();
    if (this.peek() !== ")") this.fail("expected )");
    this.i++;
  }

  private ident(): string {
    const m = /^-?[A-Za-z_][\w-]*/.exec(this.src.slice(this.i));
    if (!m) this.fail("expected a name");
    this.i += m[0].length;
    return m[0];
  }

  private space(): boolean {
    const start = this.i;
    while (/\s/.test(this.src[this.i] ?? "")) this.i++;
    return this.i > start;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private fail(what: string): never {
    throw new UnsupportedSelectorError(`rails2ts: CSS selector ${JSON.stringify(this.src)}: ${what} is not supported (at ${this.i})`);
  }
}

function attrValue(el: HtmlElement, name: string): string | null {
  const a = el.attrs.find((x: HtmlAttr) => x[0] === name && !x[2]);
  return a ? a[1] : null;
}

/** XPath normalize-space: XML whitespace runs collapsed, ends trimmed. */
function normalizeSpace(s: string): string {
  return s.replace(/[ \t\r\n]+/g, " ").trim();
}

function attrMatches(el: HtmlElement, t: AttrTest): boolean {
  const v = attrValue(el, t.name);
  if (v === null) return false;
  switch (t.op) {
    case "exists": return true;
    case "=": return v === t.value;
    case "!=": return v !== t.value;
    case "*=": return v.includes(t.value);
    case "^=": return v.startsWith(t.value);
    case "$=": return v.endsWith(t.value);
    case "~=": return ` ${normalizeSpace(v)} `.includes(` ${t.value} `);
    case "|=": return v === t.value || v.startsWith(`${t.value}-`);
  }
}

function compoundMatches(el: HtmlElement, c: Compound): boolean {
  if (c.tag !== null && el.name !== c.tag) return false;
  if (!c.attrs.every((a) => attrMatches(el, a))) return false;
  if (c.not.some((n) => compoundMatches(el, n))) return false;
  return c.has.every((h) => descendants(el).some((d) => complexMatches(d, h, el, false)));
}

function elementChildren(el: HtmlElement): HtmlElement[] {
  return el.children.filter((c): c is HtmlElement => c.kind === "element");
}

/** Every element under `node`, in document order. */
export function descendants(node: HtmlElement): HtmlElement[] {
  const out: HtmlElement[] = [];
  const walk = (n: HtmlElement) => {
    for (const c of elementChildren(n)) {
      out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/**
 * Whether `el` matches `sel` with every element of the match inside `scope`: its descendants, and `scope` itself
 * when `includeScope` (a NodeSet's `self::` context). A scope that is not an element (the fragment) holds all.
 */
function complexMatches(el: HtmlElement, sel: Complex, scope: HtmlElement, includeScope: boolean): boolean {
  const inScope = (e: HtmlElement | null): e is HtmlElement => {
    if (!e || e.name === "#fragment" || e.name === "#document-fragment") return false;
    if (e === scope) return includeScope;
    for (let p = e.parent; p; p = p.parent) if (p === scope) return true;
    return false;
  };
  const at = (e: HtmlElement, k: number): boolean => {
    if (!inScope(e) || !compoundMatches(e, sel.compounds[k]!)) return false;
    if (k === 0) return true;
    const comb = sel.combinators[k - 1]!;
    if (comb === ">") return !!e.parent && at(e.parent, k - 1);
    if (comb === " ") {
      for (let p = e.parent; p; p = p.parent) if (at(p, k - 1)) return true;
      return false;
    }
    const siblings = e.parent ? elementChildren(e.parent) : [];
    const i = siblings.indexOf(e);
    if (comb === "+") return i > 0 && at(siblings[i - 1]!, k - 1);
    return siblings.slice(0, Math.max(i, 0)).some((s) => at(s, k - 1));
  };
  return at(el, sel.compounds.length - 1);
}

/**
 * `scope.css(selector)`: the matching elements in document order. `includeScope` is a NodeSet's (and so a
 * DocumentFragment's) `css`, which tests each of its nodes too; an element's own `css` tests descendants only.
 */
export function selectAll(scope: HtmlElement, selector: string, includeScope: boolean): HtmlElement[] {
  const list = parseSelector(selector);
  const candidates = includeScope ? [scope, ...descendants(scope)] : descendants(scope);
  return candidates.filter((el) => el.name !== "#fragment" && list.some((sel) => complexMatches(el, sel, scope, includeScope)));
}

/** Node#matches?(selector): found by a search from its root. */
export function matchesSelector(node: HtmlNode, selector: string): boolean {
  if (node.kind !== "element") return false;
  let root: HtmlElement = node;
  while (root.parent) root = root.parent;
  return parseSelector(selector).some((sel) => complexMatches(node, sel, root, true));
}
