// UrlHelper's non-HTTP links:
//   mail_to "a@b.c", "Mail", subject: "Hi"   -> mailTo("a@b.c", "Mail", { subject: "Hi" })
//   phone_to "123", country_code: "01"       -> phoneTo("123", { country_code: "01" })
//   sms_to "123", "Text", body: "x"          -> smsTo("123", "Text", { body: "x" })
import { dasherize } from "../active-support/inflector.js";
import { isPlainObject, isPresent } from "../ruby/ruby.js";
import { SafeString, urlEncode } from "../active-support/safe.js";
import { contentTag } from "./tag.js";
import type { Attributes } from "./tag-options.js";
import { splitBlock } from "./url.js";

interface LinkArgs {
  target: unknown;
  name: unknown;
  html: Attributes;
  block: ((...a: any[]) => unknown) | null;
}

/** `(target, name = nil, html_options = {}, &block)` with `name` allowed to be the options hash. */
function linkArgs(args: unknown[]): LinkArgs {
  const [rest, block] = splitBlock(args);
  let [target = null, name = null, html = {}] = rest;
  if (isPlainObject(name)) [html, name] = [name, null];
  return { target, name, html: Object.assign({}, ((html as Attributes | null) ?? {})), block };
}

function take(h: Attributes, key: string): unknown {
  const v = h[key];
  delete h[key];
  return isPresent(v) ? v : null;
}

function anchor(a: LinkArgs, href: string): SafeString {
  a.html.href = href;
  return a.block ? contentTag("a", a.name ?? a.target, a.html, a.block) : contentTag("a", a.name ?? a.target, a.html);
}

/** mail_to(email_address, name = nil, html_options = {}, &block). */
export function mailTo(...args: unknown[]): SafeString {
  const a = linkArgs(args);
  const extras: string[] = [];
  for (const item of ["cc", "bcc", "body", "subject", "reply_to"]) {
    const option = take(a.html, item);
    if (option !== null) extras.push(`${dasherize(item)}=${urlEncode(option)}`);
  }
  const query = extras.length ? `?${extras.join("&")}` : "";
  return anchor(a, `mailto:${urlEncode(a.target).replace(/%40/g, "@")}${query}`);
}

/** phone_to(phone_number, name = nil, html_options = {}, &block). */
export function phoneTo(...args: unknown[]): SafeString {
  const a = linkArgs(args);
  const cc = take(a.html, "country_code");
  return anchor(a, `tel:${cc === null ? "" : `+${urlEncode(cc)}`}${urlEncode(a.target)}`);
}

/** sms_to(phone_number, name = nil, html_options = {}, &block). */
export function smsTo(...args: unknown[]): SafeString {
  const a = linkArgs(args);
  const cc = take(a.html, "country_code");
  const body = take(a.html, "body");
  const prefix = cc === null ? "" : `+${urlEncode(cc)}`;
  return anchor(a, `sms:${prefix}${urlEncode(a.target)};${body === null ? "" : `?&body=${urlEncode(body)}`}`);
}
