// TagHelper: the tag builder, legacy `tag`, `content_tag`, token_list/class_names, cdata_section.
//   tag.div("x", class: "c") { ... }       -> tagBuilder.div("x", { class: "c" }, () => ...)
//   tag.my_element                         -> tagBuilder.my_element()  (== tagElement("my_element"))
//   tag(:br, { class: "x" }, true)         -> tag("br", { class: "x" }, true)
//   content_tag(:p, "x", class: "c")       -> contentTag("p", "x", { class: "c" })
//   tag.attributes(id: "x")                -> tagBuilder.attributes({ id: "x" })
import { underscore, dasherize } from "../active-support/inflector.js";
import { isHash, isPresent, RubySymbol, toS, truthy } from "../ruby/ruby.js";
import { capture, SafeString, safeJoin, unwrappedHtmlEscape, type Block } from "../active-support/safe.js";
import { buildTagValues, tagOptions, type AttributeHash } from "./tag-options.js";

const VOID_ELEMENTS = new Set("area base br col embed hr img input keygen link meta source track wbr".split(" "));
const SVG_SELF_CLOSING = new Set(
  ("animate animateMotion animateTransform circle ellipse line path polygon polyline rect set stop use view").split(" "),
);
/** Elements defined by name whose Ruby method name differs (`animate_motion` -> "animateMotion"). */
const BY_METHOD_NAME = new Map([...SVG_SELF_CLOSING].map((n) => [underscore(n), n]));

const PRE_CONTENT: Record<string, string> = { textarea: "\n" };

/** TagHelper#ensure_valid_html5_tag_name. */
export function ensureValidTagName(name: string): void {
  if (!/^[a-zA-Z][^\s/>]*$/.test(name)) throw new Error(`Invalid HTML5 tag name: ${JSON.stringify(name)}`);
}

/** TagBuilder#content_tag_string. */
export function contentTagString(name: string, content: unknown, options?: AttributeHash | null, escape = true): SafeString {
  const attrs = options ? tagOptions(options, escape) : "";
  const body = escape && isPresent(content) ? unwrappedHtmlEscape(content).toString() : toS(content);
  return new SafeString(`<${name}${attrs}>${PRE_CONTENT[name] ?? ""}${body}</${name}>`);
}

/** TagBuilder#self_closing_tag_string. */
export function selfClosingTagString(name: string, options?: AttributeHash | null, escape = true, suffix = " />"): SafeString {
  return new SafeString(`<${name}${tagOptions(options, escape)}${suffix}`);
}

interface ElementArgs {
  content: unknown;
  options: AttributeHash;
  escape: boolean;
  block: Block | null;
  hasContent: boolean;
}

/** Splits Ruby's `(content = nil, escape: true, **options, &block)` from the lowered argument list. */
function elementArgs(args: unknown[]): ElementArgs {
  const rest = [...args];
  const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as Block) : null;
  const last = rest[rest.length - 1];
  if (last instanceof Map) {
    // `escape:` is a keyword: only the Symbol spelling; a "escape" String key stays an attribute.
    const options = new Map(last);
    rest.pop();
    const escape = options.has(RubySymbol.for("escape")) ? truthy(options.get(RubySymbol.for("escape"))) : true;
    options.delete(RubySymbol.for("escape"));
    return { content: rest[0] ?? null, options, escape, block, hasContent: truthy(rest[0] ?? null) };
  }
  let options: Record<string, unknown> = {};
  let escape = true;
  if (rest.length > 0 && isHash(last)) {
    options = rest.pop() as Record<string, unknown>;
    // Ruby's `**options` is a new Hash: copied where the caller's could still change before the tag reads it (a block
    // runs first) or where `escape:` is taken out; without either, nothing runs between here and tag_options.
    if (block !== null || "escape" in options) {
      escape = "escape" in options ? truthy(options.escape) : true;
      options = Object.assign({}, options);
      delete options.escape;
    }
  }
  return { content: rest[0] ?? null, options, escape, block, hasContent: truthy(rest[0] ?? null) };
}

function tagString(name: string, a: ElementArgs): SafeString {
  const content = a.block ? capture(a.block) : a.content;
  return contentTagString(name, content, a.options, a.escape);
}

/** `tag.<method>(...)`: the element for a TagBuilder method name (void, SVG self-closing, or content). */
export function tagElement(methodName: string, ...args: unknown[]): SafeString {
  const name = BY_METHOD_NAME.get(methodName) ?? (VOID_ELEMENTS.has(methodName) ? methodName : dasherize(methodName));
  const a = elementArgs(args);
  const withContent = a.hasContent || a.block !== null;
  if (VOID_ELEMENTS.has(name) && !withContent) return selfClosingTagString(name, a.options, a.escape, ">");
  if (SVG_SELF_CLOSING.has(name) && !withContent) return selfClosingTagString(name, a.options, a.escape);
  ensureValidTagName(name);
  return tagString(name, a);
}

/** `tag.attributes(hash)`: the attribute string alone, for `<div <%= tag.attributes(...) %>>`. */
export function tagAttributes(attributes: AttributeHash | null | undefined): SafeString {
  return new SafeString(tagOptions(attributes ?? {}).trim());
}

export type TagBuilder = {
  attributes(attributes: AttributeHash | null | undefined): SafeString;
} & { [method: string]: (...args: any[]) => SafeString };

/** The object `tag` returns: any method name builds that element. */
export const tagBuilder: TagBuilder = new Proxy({} as TagBuilder, {
  get(_target, prop) {
    if (typeof prop !== "string") return undefined;
    if (prop === "attributes") return tagAttributes;
    return (...args: unknown[]) => tagElement(prop, ...args);
  },
});

/**
 * `tag` with no name is the tag builder (`tag.div(...)` -> `tag().div(...)`); with a name it is the
 * legacy `tag(name, options = nil, open = false, escape = true)` writing `<br />` style.
 */
export function tag(): TagBuilder;
export function tag(name: string, options?: AttributeHash | null, open?: boolean, escape?: boolean): SafeString;
export function tag(name?: string | null, options?: AttributeHash | null, open = false, escape = true): SafeString | TagBuilder {
  if (name === null || name === undefined) return tagBuilder;
  ensureValidTagName(name);
  return new SafeString(`<${name}${options ? tagOptions(options, escape) : ""}${open ? ">" : " />"}`);
}

/** `content_tag(name, content_or_options_with_block = nil, options = nil, escape = true, &block)`. */
export function contentTag(name: string, ...args: unknown[]): SafeString {
  ensureValidTagName(name);
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  if (block) {
    const opts = (isHash(args[0]) ? args[0] : args[1] ?? null) as AttributeHash | null;
    const escape = args.length > 2 ? truthy(args[2]) : true;
    return contentTagString(name, capture(block), opts, escape);
  }
  const [content = null, options = null, escape = true] = args;
  return contentTagString(name, content, options as AttributeHash | null, truthy(escape));
}

/** `token_list` / `class_names`: unique whitespace-separated tokens. */
export function tokenList(...args: unknown[]): SafeString {
  const tokens = buildTagValues(...args).flatMap((v) => unescapeHtml(v).split(/\s+/)).filter((t) => t !== "");
  return safeJoin([...new Set(tokens)], " ");
}
export const classNames = tokenList;

function unescapeHtml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" })[e]!);
}

/** `cdata_section(content)`. */
export function cdataSection(content: unknown): SafeString {
  return new SafeString(`<![CDATA[${toS(content).replace(/\]\]>/g, "]]]]><![CDATA[>")}]]>`);
}
