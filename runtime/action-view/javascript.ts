// JavaScriptHelper and ERB::Util.json_escape:
//   escape_javascript(s) / j(s) -> escapeJavascript(s)     javascript_tag(...) -> javascriptTag(view, ...)
//   json_escape(s) -> jsonEscape(s)                         javascript_cdata_section(s) -> javascriptCdataSection(s)
import { isPlainObject, toS } from "../ruby/ruby.js";
import type { ViewHost } from "../active-model/host.js";
import { capture, SafeString, type Block } from "../active-support/safe.js";
import { cdataSection, contentTag } from "./tag.js";
import type { Attributes } from "./tag-options.js";

const JS_ESCAPES: Record<string, string> = {
  "\\": "\\\\", "</": "<\\/", "\r\n": "\\n", "\n": "\\n", "\r": "\\n", '"': '\\"', "'": "\\'", "`": "\\`", $: "\\$",
  "\u2028": "&#x2028;", "\u2029": "&#x2029;",
};

/** escape_javascript / j: html_safe in, html_safe out. */
export function escapeJavascript(js: unknown): string | SafeString {
  const s = toS(js);
  const out = s.replace(/(\\|<\/|\r\n|\u2028|\u2029|[\n\r"'`$])/gu, (m) => JS_ESCAPES[m]!);
  return js instanceof SafeString ? new SafeString(out) : out;
}
export const j = escapeJavascript;

/** ERB::Util.json_escape: neutralises <, >, & and line separators inside JSON for <script> blocks. */
export function jsonEscape(s: unknown): string | SafeString {
  const out = toS(s)
    .replace(/>/g, "\\u003e").replace(/</g, "\\u003c").replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return s instanceof SafeString ? new SafeString(out) : out;
}

/** javascript_cdata_section(content). */
export function javascriptCdataSection(content: unknown): SafeString {
  return new SafeString(`\n//${cdataSection(`\n${toS(content)}\n//`)}\n`);
}

/** javascript_tag(content_or_options_with_block = nil, html_options = {}, &block). */
export function javascriptTag(view: ViewHost, ...args: unknown[]): SafeString {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  let content: unknown;
  let options: Attributes = {};
  if (block) {
    if (isPlainObject(args[0])) options = args[0];
    content = capture(block);
  } else {
    content = args[0] ?? null;
    if (isPlainObject(args[1])) options = args[1];
  }
  if (options.nonce === true) options = Object.assign({}, options, { nonce: view.contentSecurityPolicyNonce?.() ?? null });
  return contentTag("script", javascriptCdataSection(content), options);
}
