// FormTagHelper's form element and naming rules, shared by form_tag, form_with and the field tags:
//   form_tag("/x", method: :delete) { ... }  -> formTag(view, "/x", { method: "delete" }, () => ...)
//   field_id(:post, :title)               -> fieldId("post", "title")
//   field_name(:post, :tag_ids, multiple: true) -> fieldName("post", "tag_ids", { multiple: true })
import { isBlank, isPlainObject, isPresent, toS } from "../ruby/ruby.js";
import { viewConfig } from "./config.js";
import { methodTag, tokenTag } from "./csrf.js";
import type { ModelClass, ViewHost, ViewRecord } from "../active-model/host.js";
import { capture, SafeString, type Block } from "../active-support/safe.js";
import { tag } from "./tag.js";
import type { Attributes } from "./tag-options.js";
import { splitBlock, urlFor } from "./url.js";

export const UTF8_ENFORCER = '<input name="utf8" type="hidden" value="&#x2713;" autocomplete="off" />';

/** utf8_enforcer_tag. */
export function utf8EnforcerTag(): SafeString {
  return new SafeString(UTF8_ENFORCER);
}

/** FormTagHelper#sanitize_to_id: `user[tags][]` -> `user_tags_`. */
export function sanitizeToId(name: unknown): string {
  return toS(name).replace(/\]/g, "").replace(/[^-a-zA-Z0-9:.]/g, "_");
}

function trailingOptions(parts: unknown[]): Attributes {
  return isPlainObject(parts[parts.length - 1]) ? (parts.pop() as Attributes) : {};
}

/**
 * field_id of a String object name and method name alone (no suffix, index or namespace), per pair: a pure function
 * of the two strings, asked for by every field and label of every form. Bounded: past the bound it is computed again.
 */
const plainFieldIds = new Map<string, string>();
const FIELD_IDS_MAX = 4096;

/** field_id(object_name, method_name, *suffixes, index: nil, namespace: nil). */
export function fieldId(objectName: unknown, methodName: unknown, ...rest: unknown[]): string {
  if (typeof objectName === "string" && typeof methodName === "string" && rest.length === 1 && isPlainObject(rest[0])) {
    const { index = null, namespace = null } = rest[0];
    if (index === null && namespace === null) {
      const key = `${objectName}\u0000${methodName}`;
      let id = plainFieldIds.get(key);
      if (id === undefined) {
        id = computeFieldId(objectName, methodName, rest);
        if (plainFieldIds.size < FIELD_IDS_MAX) plainFieldIds.set(key, id);
      }
      return id;
    }
  }
  return computeFieldId(objectName, methodName, rest);
}

function computeFieldId(objectName: unknown, methodName: unknown, rest: unknown[]): string {
  const suffixes = [...rest];
  const { index = null, namespace = null } = trailingOptions(suffixes);
  const name = objectName !== null && typeof objectName === "object" && "modelName" in objectName
    ? (objectName as ViewRecord | ModelClass).modelName.singular
    : toS(objectName);
  const sanitizedObject = name.replace(/\]\[|[^-a-zA-Z0-9:.]/g, "_").replace(/_$/, "");
  const sanitizedMethod = toS(methodName).replace(/\?$/, "");
  const parts = [namespace, isPresent(sanitizedObject) ? sanitizedObject : null, sanitizedObject === "" ? null : index,
    sanitizedMethod, ...suffixes];
  return parts.filter((p) => p !== null && p !== undefined).map((p) => toS(p)).join("_");
}

/** field_name(object_name, method_name, *method_names, multiple: false, index: nil). */
export function fieldName(objectName: unknown, methodName: unknown, ...rest: unknown[]): string {
  const methods = [...rest];
  const { multiple = false, index = null } = trailingOptions(methods);
  const names = methods.map((m) => `[${toS(m)}]`).join("");
  const suffix = multiple ? "[]" : "";
  if (isBlank(objectName)) return `${toS(methodName)}${names}${suffix}`;
  if (index !== null && index !== undefined && index !== false) {
    return `${toS(objectName)}[${toS(index)}][${toS(methodName)}]${names}${suffix}`;
  }
  return `${toS(objectName)}[${toS(methodName)}]${names}${suffix}`;
}

function take(h: Attributes, key: string): unknown {
  const v = h[key];
  delete h[key];
  return v;
}

/** FormTagHelper#html_options_for_form: enctype, action, accept-charset, data-remote, token policy. */
export function htmlOptionsForForm(view: ViewHost, urlForOptions: unknown, options: Attributes): Attributes {
  const html: Attributes = Object.assign({}, options);
  if (truthy(take(html, "multipart"))) html.enctype = "multipart/form-data";
  if (urlForOptions === false || html.action === false) delete html.action;
  else html.action = urlFor(view, urlForOptions);
  html["accept-charset"] = "UTF-8";
  if (truthy(take(html, "remote"))) html["data-remote"] = true;
  if (truthy(html["data-remote"]) && viewConfig.embedAuthenticityTokenInRemoteForms === false && isBlank(html.authenticity_token)) {
    html.authenticity_token = false;
  } else if (html.authenticity_token === true) {
    html.authenticity_token = null;
  }
  return html;
}

function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

/** FormTagHelper#extra_tags_for_form: method override input, token, optional utf8 input. */
function extraTagsForForm(view: ViewHost, html: Attributes): string {
  const token = take(html, "authenticity_token");
  const method = toS(take(html, "method")).toLowerCase();
  let tags: string;
  if (method === "get") {
    html.method = "get";
    tags = "";
  } else if (method === "post" || method === "") {
    html.method = "post";
    tags = tokenTag(view, token, { action: toS(html.action), method: "post" });
  } else {
    html.method = "post";
    tags = methodTag(method).toString() + tokenTag(view, token, { action: toS(html.action), method });
  }
  const enforce = "enforce_utf8" in html ? take(html, "enforce_utf8") : viewConfig.defaultEnforceUtf8;
  return truthy(enforce) ? UTF8_ENFORCER + tags : tags;
}

/** FormTagHelper#form_tag_html: the opening tag plus hidden inputs. */
export function formTagHtml(view: ViewHost, html: Attributes): SafeString {
  const extra = extraTagsForForm(view, html);
  return new SafeString(tag("form", html, true).toString() + extra);
}

/** FormTagHelper#form_tag_with_body. */
export function formTagWithBody(view: ViewHost, html: Attributes, content: unknown): SafeString {
  const open = formTagHtml(view, html).toString();
  return new SafeString(`${open}${content === null || content === undefined ? "" : toS(content)}</form>`);
}

/** form_tag(url_for_options = {}, options = {}, &block). */
export function formTag(view: ViewHost, ...args: unknown[]): SafeString {
  const [rest, block] = splitBlock(args);
  const [url = {}, options = {}] = rest;
  const html = htmlOptionsForForm(view, url, Object.assign({}, (options as Attributes)));
  return block ? formTagWithBody(view, html, capture(block as Block)) : formTagHtml(view, html);
}
