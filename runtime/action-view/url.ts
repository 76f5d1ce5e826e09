// UrlHelper: link_to, link_to_if/unless/unless_current, current_page?, url_for's view-side cases.
//   link_to "Show", @post, class: "c"      -> linkTo(view, "Show", post, { class: "c" })
//   link_to(@post) { ... }                 -> linkTo(view, post, () => ...)
//   link_to "Back", :back                     -> linkTo(view, "Back", BACK)
//   current_page?(posts_path)              -> isCurrentPage(view, "/posts")
// button_to is in button-to.ts, mail_to/phone_to/sms_to in mail-to.ts.
import { isBlank, isPlainObject, RubySymbol, toS } from "../ruby/ruby.js";
import { assertMutable } from "../active-support/core-ext/frozen.js";
import { isModelClass, isViewRecord, type ViewHost } from "../active-model/host.js";
import { capture, htmlEscape, SafeString, type Block } from "../active-support/safe.js";
import { contentTag, contentTagString } from "./tag.js";
import type { Attributes } from "./tag-options.js";

/** The `:back` symbol in a URL position (lowered Symbols are strings, so `:back` needs its own value). */
export const BACK: unique symbol = Symbol.for("rails2ts.back");

/** url_for in a view: Strings pass through, :back reads the referrer, everything else is routing. */
export function urlFor(view: ViewHost, target: unknown): string {
  if (typeof target === "string") return target;
  if (target instanceof SafeString) return target.toString();
  if (target === BACK) {
    const referer = view.request.referer;
    return referer && !/^\s*javascript:/i.test(referer) ? referer : "javascript:history.back()";
  }
  if (target === null || target === undefined) throw new Error("No route matches {}");
  return view.urlFor(target);
}

/** Splits a Ruby-style argument list into positional values and the trailing block. */
export function splitBlock(args: unknown[]): [unknown[], Block | null] {
  const rest = [...args];
  const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as Block) : null;
  return [rest, block];
}

function takeRemote(options: unknown): boolean {
  // Rails' `options.delete("remote") || options.delete(:remote)` changes the caller's Hash (a Map-backed one too):
  // a frozen one raises FrozenError, remote: or not.
  if (options instanceof Map) {
    assertMutable(options);
    const take = (key: unknown) => {
      const v = options.get(key);
      options.delete(key);
      return v !== null && v !== undefined && v !== false;
    };
    return take("remote") || take(RubySymbol.for("remote"));
  }
  if (isPlainObject(options)) assertMutable(options);
  if (!isPlainObject(options) || !("remote" in options)) return false;
  const v = options.remote;
  delete options.remote;
  return v !== null && v !== undefined && v !== false;
}

function isNotGet(method: unknown): boolean {
  return method !== null && method !== undefined && method !== false && toS(method).toLowerCase() !== "get";
}

/** UrlHelper#convert_options_to_data_attributes: remote: -> data-remote, method: -> data-method + rel. */
export function convertOptionsToDataAttributes(options: unknown, htmlOptions: Attributes | null | undefined): Attributes {
  if (!htmlOptions) return takeRemote(options) ? { "data-remote": "true" } : {};
  const html: Attributes = Object.assign({}, htmlOptions);
  const remote = takeRemote(options) || takeRemote(html);
  if (remote) html["data-remote"] = "true";
  if ("method" in html) {
    const method = html.method;
    delete html.method;
    if (method !== null && method !== undefined && method !== false) {
      if (isNotGet(method) && !toS(html.rel).includes("nofollow")) {
        html.rel = isBlank(html.rel) ? "nofollow" : `${toS(html.rel)} nofollow`;
      }
      html["data-method"] = method;
    }
  }
  return html;
}

/** link_to(name = nil, options = nil, html_options = nil, &block). */
export function linkTo(view: ViewHost, ...args: unknown[]): SafeString {
  // splitBlock and the destructuring defaults, read off args in place (a link per row of every index page).
  const count = typeof args[args.length - 1] === "function" ? args.length - 1 : args.length;
  const block = count < args.length ? (args[count] as Block) : null;
  const at = (i: number): unknown => (i < count && args[i] !== undefined ? args[i] : null);
  let name: unknown = at(0);
  let options: unknown = at(1);
  let htmlOptions: unknown = at(2);
  if (block) [htmlOptions, options, name] = [options, name, block];
  options ??= {};
  const html = convertOptionsToDataAttributes(options, htmlOptions as Attributes | null);
  const modelName = isViewRecord(name) || isModelClass(name);
  const url = modelName && isPlainObject(options) && Object.keys(options).length === 0 ? urlFor(view, name) : urlFor(view, options);
  if (html.href === null || html.href === undefined || html.href === false) html.href = url;
  // contentTag("a", content, html) is contentTagString with escaping ("a" is a valid name): called as that directly.
  return block ? contentTag("a", html, block) : contentTagString("a", name ?? url, html, true);
}

/** link_to_if(condition, name, options = {}, html_options = {}, &block). */
export function linkToIf(view: ViewHost, condition: unknown, ...args: unknown[]): SafeString | null {
  const [rest, block] = splitBlock(args);
  const [name = null, options = {}, htmlOptions = {}] = rest;
  if (condition !== null && condition !== undefined && condition !== false) return linkTo(view, name, options, htmlOptions);
  if (block) return block.length <= 1 ? capture(block, name) : capture(block, name, options, htmlOptions);
  return htmlEscape(name);
}

/** link_to_unless(condition, name, options = {}, html_options = {}, &block). */
export function linkToUnless(view: ViewHost, condition: unknown, ...args: unknown[]): SafeString | null {
  return linkToIf(view, condition === null || condition === undefined || condition === false, ...args);
}

/** link_to_unless_current(name, options = {}, html_options = {}, &block). */
export function linkToUnlessCurrent(view: ViewHost, name: unknown, ...args: unknown[]): SafeString | null {
  const [rest] = splitBlock(args);
  return linkToUnless(view, isCurrentPage(view, rest[0] ?? {}), name, ...args);
}

function unescapeUri(s: string): string {
  return s.replace(/(%[0-9A-Fa-f]{2})+/g, (m) => {
    try {
      return decodeURIComponent(m);
    } catch {
      return m;
    }
  });
}

function removeTrailingSlash(url: string): string {
  const q = url.indexOf("?");
  const i = (q >= 0 ? q : 0) - 1;
  const at = i < 0 ? url.length + i : i;
  return url[at] === "/" ? url.slice(0, at) + url.slice(at + 1) : url;
}

/** current_page?(options = nil, check_parameters: false, **options_as_kwargs). */
export function isCurrentPage(view: ViewHost, options: unknown = null, kwargs: { checkParameters?: boolean } = {}): boolean {
  const method = view.request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return false;
  let target = options;
  let checkParameters = kwargs.checkParameters ?? false;
  if (isPlainObject(target) && "check_parameters" in target) {
    target = Object.assign({}, target);
    checkParameters ||= Boolean((target as Attributes).check_parameters);
    delete (target as Attributes).check_parameters;
  }
  let url = unescapeUri(urlFor(view, target));
  const fullpath = view.request.fullpath;
  let requestUri = url.includes("?") || checkParameters ? fullpath : fullpath.replace(/\?.*$/, "");
  requestUri = unescapeUri(requestUri);
  if (/^\w+:\/\//.test(url)) requestUri = `${view.request.protocol}${view.request.hostWithPort}${requestUri}`;
  url = removeTrailingSlash(url);
  requestUri = removeTrailingSlash(requestUri);
  return url === requestUri;
}
