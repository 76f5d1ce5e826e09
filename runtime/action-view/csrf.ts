// Request-forgery and CSP tags (CsrfHelper, CspHelper, UrlHelper#token_tag/#method_tag):
//   csrf_meta_tags -> csrfMetaTags(view)     csp_meta_tag -> cspMetaTag(view)
//   the authenticity_token and _method hidden inputs every form-writing helper adds.
import type { ViewHost } from "../active-model/host.js";
import { escapeHtmlText, SafeString } from "../active-support/safe.js";
import { tag } from "./tag.js";
import type { Attributes } from "./tag-options.js";

export function requestForgeryProtectionToken(view: ViewHost): string {
  return view.requestForgeryProtectionToken?.() ?? "authenticity_token";
}

/** csrf_meta_tags / csrf_meta_tag: nil when forgery protection is off. */
export function csrfMetaTags(view: ViewHost): SafeString | null {
  if (!view.protectAgainstForgery()) return null;
  const param = csrfParamTag(requestForgeryProtectionToken(view));
  const token: unknown = view.formAuthenticityToken();
  // A String token (always, from the runtime's forgery protection) written as tag() writes the pair, escaped.
  if (typeof token === "string") return new SafeString(`${param}\n<meta name="csrf-token" content="${escapeHtmlText(token)}" />`);
  return new SafeString(`${param}\n${tag("meta", { name: "csrf-token", content: token })}`);
}

/** The csrf-param meta tag per parameter name (a pure function of the name; apps have one). */
const csrfParamTags = new Map<string, string>();

function csrfParamTag(name: string): string {
  let html = csrfParamTags.get(name);
  if (html === undefined) {
    html = tag("meta", { name: "csrf-param", content: name }).toString();
    if (csrfParamTags.size < 16) csrfParamTags.set(name, html);
  }
  return html;
}
export const csrfMetaTag = csrfMetaTags;

/** csp_meta_tag(**options): nil unless the app configures a content security policy. */
export function cspMetaTag(view: ViewHost, options: Attributes = {}): SafeString | null {
  if (!view.contentSecurityPolicy) return null;
  return tag("meta", Object.assign({}, options, { name: "csp-nonce", content: view.contentSecurityPolicyNonce?.() ?? null }));
}

/**
 * UrlHelper#token_tag: the hidden authenticity_token input, or "" when protection is off or the caller
 * passed `authenticity_token: false`. A String token is used as given.
 */
export function tokenTag(view: ViewHost, token: unknown = null, formOptions?: { action: string; method: string }): string {
  if (token === false || !view.protectAgainstForgery()) return "";
  const value = token === true || token === null || token === undefined
    ? view.formAuthenticityToken({ formOptions })
    : token;
  return tag("input", { type: "hidden", name: requestForgeryProtectionToken(view), value, autocomplete: "off" }).toString();
}

/** UrlHelper#method_tag: the `_method` hidden input for PATCH/PUT/DELETE over POST. */
export function methodTag(method: string): SafeString {
  return tag("input", { type: "hidden", name: "_method", value: method, autocomplete: "off" });
}
