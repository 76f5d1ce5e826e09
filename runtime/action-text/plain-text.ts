// ActionText::PlainTextConversion (actiontext 7.2 lib/action_text/plain_text_conversion.rb): the text of a
// fragment with block structure kept as newlines, bullets and quotes. By node name:
//   text   its text, trailing newlines removed        br  "\n"          div  children + "\n"
//   h1 p   children + "\n\n"                          ul ol  as p, after a "\n" when nested in a list
//   li     indentation, "•" or "N." (N: its index among ALL the parent's child nodes, text included), text, "\n"
//   blockquote  as p, inside “ ”                      figcaption  [children]        anything else: children
import type { HtmlElement, HtmlNode } from "../action-view/html/tree.js";

/** String#chomp(""): every trailing "\n" and "\r\n" removed. */
function removeTrailingNewlines(text: string): string {
  return text.replace(/(\r?\n)+$/, "");
}

function childrenText(node: HtmlNode): string {
  return node.kind === "element" ? node.children.map((c, i) => nodeText(c, i)).join("") : "";
}

function block(node: HtmlNode): string {
  return `${removeTrailingNewlines(childrenText(node))}\n\n`;
}

function listAncestors(node: HtmlNode): string[] {
  const out: string[] = [];
  for (let p: HtmlElement | null = node.parent; p; p = p.parent) if (p.name === "ul" || p.name === "ol") out.push(p.name);
  return out;
}

/** String#blank?: nothing but [[:space:]] (Onigmo's Unicode White_Space). */
function isBlankText(s: string): boolean {
  return /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/.test(s);
}

/** Node#text: the text and CDATA of the subtree. */
function textContent(node: HtmlNode): string {
  if (node.kind === "element") return node.children.map(textContent).join("");
  return node.kind === "comment" ? "" : node.data;
}

function blockquote(node: HtmlNode): string {
  const text = block(node);
  if (isBlankText(text)) return "“”";
  // Ruby's /\S/ is ASCII whitespace only.
  const last = text.search(/[^ \t\r\n\f\v][ \t\r\n\f\v]*$/);
  const first = text.search(/[^ \t\r\n\f\v]/);
  const closed = `${text.slice(0, last + 1)}”${text.slice(last + 1)}`;
  return `${closed.slice(0, first)}“${closed.slice(first)}`;
}

function li(node: HtmlNode, index: number): string {
  const lists = listAncestors(node);
  const bullet = lists[0] === "ol" ? `${index + 1}.` : "•";
  const indentation = lists.length > 1 ? "  ".repeat(lists.length - 1) : "";
  return `${indentation}${bullet} ${removeTrailingNewlines(childrenText(node))}\n`;
}

function nodeText(node: HtmlNode, index: number): string {
  if (node.kind === "text") return removeTrailingNewlines(node.data);
  if (node.kind !== "element") return "";
  switch (node.name) {
    // plain_text_for_text_node also takes elements named "text" (svg's).
    case "text":
      return removeTrailingNewlines(textContent(node));
    case "h1":
    case "p":
      return block(node);
    case "ul":
    case "ol":
      return listAncestors(node).length > 0 ? `\n${block(node)}` : block(node);
    case "br":
      return "\n";
    case "div":
      return `${removeTrailingNewlines(childrenText(node))}\n`;
    case "figcaption":
      return `[${removeTrailingNewlines(childrenText(node))}]`;
    case "blockquote":
      return blockquote(node);
    case "li":
      return li(node, index);
    default:
      return childrenText(node);
  }
}

/** PlainTextConversion.node_to_plain_text. */
export function nodeToPlainText(node: HtmlNode): string {
  return removeTrailingNewlines(nodeText(node, 0));
}
