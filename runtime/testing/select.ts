// rails-dom-testing's assert_select / assert_dom (2.x) over a response body: the body parsed by parse5 (the HTML
// standard's parser, as Nokogiri::HTML5 parses it) into htmlparser2's tree, selected with css-select.
//   assert_select "h1"                          at least one element
//   assert_select "h1", "Title" / /Tit/         at least one whose text (stripped) equals / matches
//   assert_select "li", 3 / 2..4 / false        exactly 3 / between 2 and 4 / none
//   assert_select "li", text: /x/, count: 1     the equality tests as a Hash (text:, html:, count:, minimum:, maximum:)
//   assert_select "a[href=?]", url             `?` replaced by the value, quoted
//   assert_select "ul" do assert_select "li" end   nested: selected within each match of the outer one
import type { selectAll } from "css-select";
import { parse, serialize } from "parse5";
import type { adapter } from "parse5-htmlparser2-tree-adapter";
import type { AnyNode, Element } from "domhandler";
import { RubyRange, RubySymbol, hashEntries, inspect, isHash, toS } from "../ruby/ruby.js";
import { Assertion, failureMessage } from "./assertions.js";
import { nokogiriTree } from "../gems/nokogiri/index.js";
import type { HtmlNode } from "../action-view/html/tree.js";

interface Equality {
  text?: unknown;
  html?: unknown;
  count?: number;
  minimum?: number;
  maximum?: number;
}

export interface SelectRequest {
  selector: string;
  equality: Equality;
  message: unknown;
}

/**
 * The selector engine and its tree, imported by the first test that runs (loadSelectEngine): the runtime's index
 * reaches this module, and a served app should not load css-select at boot for its tests' sake.
 */
let engine: { selectAll: typeof selectAll; adapter: typeof adapter; dom: typeof import("domhandler") } | null = null;

export async function loadSelectEngine(): Promise<void> {
  if (engine) return;
  const [css, tree, dom] = await Promise.all([import("css-select"), import("parse5-htmlparser2-tree-adapter"), import("domhandler")]);
  // A <template>'s content is its children here, as Nokogiri's trees have it (the HTML standard's parser keeps it in
  // a separate fragment, which a selector would never reach): `assert_select "turbo-stream #x"` finds what a
  // turbo-stream's template holds.
  engine = { selectAll: css.selectAll, adapter: { ...tree.adapter, setTemplateContent: () => undefined, getTemplateContent: (template) => template as never }, dom };
}

function loaded(): NonNullable<typeof engine> {
  if (!engine) throw new Error("assert_select before loadSelectEngine(): the selector engine is loaded by each test case");
  return engine;
}

const SELECT_OPTIONS = { xmlMode: true, lowerCaseTags: true } as const;

/** The HTML document of a body. */
export function parseDocument(html: string): AnyNode {
  return parse(html, { treeAdapter: loaded().adapter }) as unknown as AnyNode;
}

/**
 * HTMLSelector#extract_root: a first argument that answers `css` (a Nokogiri node, document or fragment, or a
 * NodeSet of nodes) is the root selected within, taken off the arguments; null otherwise. The node's tree is
 * copied into the selector engine's (its elements, text and comments).
 */
export function takeNodeRoot(args: unknown[]): AnyNode[] | null {
  const first = args[0];
  const nodes = Array.isArray(first) && first.length && first.every((n) => nokogiriTree(n)) ? first.map((n) => nokogiriTree(n)!) : nokogiriTree(first) ? [nokogiriTree(first)!] : null;
  if (!nodes) return null;
  args.shift();
  const { dom } = loaded();
  const copy = (n: HtmlNode): AnyNode => {
    if (n.kind === "text" || n.kind === "cdata") return new dom.Text(n.data);
    if (n.kind === "comment") return new dom.Comment(n.data);
    const children = n.children.map(copy);
    const el = n.name.startsWith("#") ? new dom.Document(children) : new dom.Element(n.name, Object.fromEntries(n.attrs.map((a) => [a[0], a[1]])), children);
    children.forEach((c, i) => {
      c.parent = el;
      c.prev = children[i - 1] ?? null;
      c.next = children[i + 1] ?? null;
    });
    return el;
  };
  return nodes.map(copy);
}

/** HTMLSelector's reading of the arguments after the roots: the selector (with `?` substituted), the equality, the message. */
export function selectRequest(args: unknown[]): SelectRequest {
  const values = [...args];
  let selector = toS(values.shift());
  if (selector.includes("?")) {
    selector = selector.replace(/\?/g, () => {
      if (!values.length) throw new Error(`ArgumentError: no value to substitute for ? in ${inspect(selector)}`);
      const value = values.shift();
      if (value instanceof RegExp) throw new Error("rails2ts: assert_select with a Regexp substituted for ? is not supported");
      return JSON.stringify(toS(value));
    });
  }
  const comparator = values.shift();
  const equality = equalityTests(comparator === undefined ? null : comparator);
  const message = values.shift() ?? null;
  return { selector, equality, message };
}

function equalityTests(comparator: unknown): Equality {
  let tests: Equality = {};
  if (isHash(comparator)) {
    for (const [k, v] of hashEntries(comparator)) {
      const key = k instanceof RubySymbol ? k.name : toS(k);
      if (key === "count" || key === "minimum" || key === "maximum") tests[key] = Number(v);
      else if (key === "text" || key === "html") tests[key] = v;
    }
  } else if (typeof comparator === "string" || comparator instanceof RegExp) tests.text = comparator;
  else if (typeof comparator === "number") tests.count = comparator;
  else if (comparator instanceof RubyRange) tests = { minimum: Number(comparator.first), maximum: Number(comparator.last) };
  else if (comparator === false) tests.count = 0;
  else if (comparator === null || comparator === true) tests.minimum = 1;
  else throw new Error(`ArgumentError: I don't understand what you're trying to match`);
  if (tests.count !== undefined) tests.minimum = tests.maximum = tests.count;
  else tests.minimum ??= 1;
  if (tests.minimum !== undefined && tests.maximum !== undefined && tests.minimum > tests.maximum) throw new Error("ArgumentError: Range begin or :minimum cannot be greater than Range end or :maximum");
  return tests;
}

/** The elements matching within the roots (each root's descendants and the root itself, as Nokogiri's css does from a node). */
export function selectWithin(roots: AnyNode[], selector: string): Element[] {
  const found: Element[] = [];
  // Nokogiri selects through a CSS-to-XPath translation: into <template>s too (css-select's HTML mode skips their
  // contents), and matching attribute values case-sensitively; tag names in the selector still read lowercased.
  for (const root of roots) for (const el of loaded().selectAll(selector, root, SELECT_OPTIONS) as Element[]) if (!found.includes(el)) found.push(el);
  return found;
}

const NO_STRIP = ["pre", "script", "style", "textarea"];

/** Nokogiri's #text: the text of every descendant text node (comments excluded). */
export function textOf(node: AnyNode): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  if (node.type === "comment") return "";
  return ((node as unknown as { children?: AnyNode[] }).children ?? []).map(textOf).join("");
}

/** HTMLSelector#filter then assert_size_match!: the matches, or an Assertion worded as rails-dom-testing words it. */
export function checkSelection(matches: Element[], request: SelectRequest, innerHtml: (e: Element) => string): Element[] {
  const { equality } = request;
  let message = request.message;
  const matchWith = equality.text ?? equality.html;
  let remaining = matches;
  if (matches.length && matchWith !== undefined) {
    let mismatch: string | null = null;
    remaining = matches.filter((m) => {
      let content = equality.text !== undefined ? textOf(m) : innerHtml(m);
      if (!NO_STRIP.includes(m.name)) content = content.trim();
      if (equality.text !== undefined && m.name === "textarea" && content.startsWith("\n")) content = content.slice(1);
      const ok = matchWith instanceof RegExp ? new RegExp(matchWith.source, matchWith.flags.replace(/[gy]/g, "")).test(content) : content === toS(matchWith);
      // Minitest's diff(expected, actual) in its short form.
      if (!ok) mismatch ??= `Expected: ${inspect(matchWith)}\n  Actual: ${inspect(content)}`;
      return ok;
    });
    if (!remaining.length && (message === null || message === undefined)) message = mismatch;
  }
  const size = remaining.length;
  const { minimum: min, maximum: max, count } = equality;
  const given = message ?? `Expected ${countDescription(min, max, count)} matching ${inspect(request.selector)}, found ${size}`;
  if (count !== undefined) {
    if (count !== size) throw new Assertion(failureMessage(given, () => `Expected: ${count}\n  Actual: ${size}`, ""));
  } else {
    if (min !== undefined && !(size >= min)) throw new Assertion(failureMessage(given, () => `Expected ${size} to be >= ${min}`));
    if (max !== undefined && !(size <= max)) throw new Assertion(failureMessage(given, () => `Expected ${size} to be <= ${max}`));
  }
  return remaining;
}

function countDescription(min: number | undefined, max: number | undefined, count: number | undefined): string {
  const element = (n: number | undefined) => (n === 1 ? "element" : "elements");
  if (min !== undefined && max !== undefined && max !== min) return `between ${min} and ${max} elements`;
  if (min !== undefined && max === undefined) return `at least ${min} ${element(min)}`;
  if (max !== undefined && min === undefined) return `at most ${max} ${element(max)}`;
  return `exactly ${count} ${element(count)}`;
}

/** Nokogiri's inner_html: the children serialized. */
export function innerHtml(element: Element): string {
  return serialize(element as never, { treeAdapter: loaded().adapter });
}
