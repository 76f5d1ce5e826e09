// ActionText::Fragment (actiontext 7.2 lib/action_text/fragment.rb) and ActionText::HtmlConversion:
//   Fragment.wrap(x)           ActionTextFragment.wrap(x)     a Fragment, a fragment node, else HTML (stripped)
//   fragment.find_all(s)       findAll(s)                     fragment.update { |source| }   update(block)
//   fragment.replace(s) { |n| }  replace(s, block)            to_plain_text / to_html / to_s  toPlainText() ...
// HTML is parsed as `Nokogiri::HTML5::Document.new.fragment(html)` (body context) and written by gumbo's serializer.
// update and replace work on a copy (DocumentFragment#dup); the fragment itself is never changed.
import { toS } from "../ruby/ruby.js";
import { parseFragment, type HtmlElement } from "../action-view/html/tree.js";
import { ActionTextNode, dupRoot, wrapNode } from "./node.js";
import { nodeToPlainText } from "./plain-text.js";

/** Ruby's String#strip: ASCII whitespace and NUL at both ends. */
function strip(s: string): string {
  return s.replace(/^[\0\t\n\v\f\r ]+|[\0\t\n\v\f\r ]+$/g, "");
}

/** HtmlConversion.fragment_for_html. */
export function fragmentForHtml(html: string): HtmlElement {
  return parseFragment(html, false);
}

export class ActionTextFragment {
  static readonly rubyName = "ActionText::Fragment";
  private html: string | null = null;
  private plainText: string | null = null;

  /** `source`: the DocumentFragment (its nodes answer css, at_css, children...). */
  readonly source: ActionTextNode;

  constructor(source: HtmlElement | ActionTextNode) {
    this.source = source instanceof ActionTextNode ? source : wrapNode(source);
  }

  static wrap(fragmentOrHtml: unknown): ActionTextFragment {
    if (fragmentOrHtml instanceof ActionTextFragment) return fragmentOrHtml;
    if (fragmentOrHtml instanceof ActionTextNode && fragmentOrHtml.isFragment()) return new ActionTextFragment(fragmentOrHtml);
    return ActionTextFragment.fromHtml(fragmentOrHtml);
  }

  static fromHtml(html: unknown): ActionTextFragment {
    return new ActionTextFragment(fragmentForHtml(strip(toS(html))));
  }

  /** The tree under `source` (the "#fragment" root). */
  get root(): HtmlElement {
    return this.source.node as HtmlElement;
  }

  findAll(selector: unknown): ActionTextNode[] {
    return this.source.css(selector);
  }

  /** update { |source| ... }: the block edits a copy, which becomes a new Fragment. */
  update(block: (source: ActionTextNode) => unknown): ActionTextFragment {
    const copy = wrapNode(dupRoot(this.root));
    block(copy);
    return new ActionTextFragment(copy);
  }

  /** replace(selector) { |node| ... }: each matching node of a copy is replaced by the block's value (its to_s),
   *  unless the block returns the node itself. */
  replace(selector: unknown, block: (node: ActionTextNode) => unknown): ActionTextFragment {
    return this.update((source) => {
      for (const node of source.css(selector)) {
        const replacement = block(node);
        if (replacement !== node) node.replace(toS(replacement));
      }
    });
  }

  toPlainText(): string {
    this.plainText ??= nodeToPlainText(this.root);
    return this.plainText;
  }

  toHtml(): string {
    this.html ??= this.source.toHtml();
    return this.html;
  }

  toS(): string {
    return this.toHtml();
  }

  toRubyString(): string {
    return this.toHtml();
  }

  /** Fragment#deconstruct (delegated to source.elements). */
  deconstruct(): ActionTextNode[] {
    return this.source.elements();
  }
}
