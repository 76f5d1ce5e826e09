// UrlHelper#button_to: a one-button form.
//   button_to "Delete", @post, method: :delete        -> buttonTo(view, "Delete", post, { method: "delete" })
//   button_to(path, method: :patch) { ... }               -> buttonTo(view, path, { method: "patch" }, () => ...)
// Rails 7.0+ defaults (button_to_generates_button_tag = true) render a <button>; the method becomes a
// hidden `_method` input, the CSRF token follows the button, `params:` become sorted hidden inputs.
import { isPlainObject, isPresent, toS } from "../ruby/ruby.js";
import { assertMutable } from "../active-support/core-ext/frozen.js";
import { viewConfig } from "./config.js";
import { methodTag, tokenTag } from "./csrf.js";
import { isViewRecord, type ViewHost } from "../active-model/host.js";
import { SafeString } from "../active-support/safe.js";
import { contentTag, tag } from "./tag.js";
import type { Attributes } from "./tag-options.js";
import { convertOptionsToDataAttributes, splitBlock, urlFor } from "./url.js";

const METHOD_VERBS = ["patch", "put", "delete"];

/** UrlHelper#method_for_options: a record's form method. */
function methodForOptions(options: unknown): string | null {
  if (Array.isArray(options)) return methodForOptions(options[options.length - 1]);
  if (isViewRecord(options)) return options.isPersisted() ? "patch" : "post";
  return null;
}

function take(h: Attributes, key: string): unknown {
  const v = h[key];
  delete h[key];
  return v ?? null;
}

/** UrlHelper#to_form_params: [{ name, value }] sorted by name, nested as a[b] and a[]. */
export function toFormParams(attribute: unknown, namespace: string | null = null): { name: string; value: unknown }[] {
  const params: { name: string; value: unknown }[] = [];
  if (isPlainObject(attribute)) {
    for (const [k, v] of Object.entries(attribute)) params.push(...toFormParams(v, namespace ? `${namespace}[${k}]` : k));
  } else if (Array.isArray(attribute)) {
    for (const v of attribute) params.push(...toFormParams(v, `${namespace ?? ""}[]`));
  } else {
    const value = isViewRecord(attribute) ? attribute.toParam() : attribute;
    params.push({ name: toS(namespace), value: value ?? null });
  }
  return params.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** button_to(name = nil, options = nil, html_options = nil, &block). */
export function buttonTo(view: ViewHost, ...args: unknown[]): SafeString {
  const [rest, block] = splitBlock(args);
  let [name = null, options = null, htmlOptions = null] = rest;
  if (block) [htmlOptions, options] = [options, name];
  const html: Attributes = Object.assign({}, ((htmlOptions as Attributes | null) ?? {}));
  const url = options === false ? null : urlFor(view, options);
  const remote = take(html, "remote");
  const params = take(html, "params");
  const token = take(html, "authenticity_token");
  const requested = take(html, "method");
  const method = toS(isPresent(requested) ? requested : methodForOptions(options));
  const methodInput = METHOD_VERBS.includes(method) ? methodTag(method).toString() : "";
  const formMethod = method === "get" ? "get" : "post";
  const given = take(html, "form");
  // Rails sets form_options[:method] in the caller's `form:` Hash: a frozen one raises FrozenError.
  assertMutable(given);
  const form: Attributes = Object.assign({}, ((given as Attributes | null) ?? {}));
  if (form.class === null || form.class === undefined || form.class === false) form.class = take(html, "form_class") ?? "button_to";
  form.method = formMethod;
  form.action = url;
  if (remote !== null && remote !== false) form["data-remote"] = true;
  const tokenInput = formMethod === "post"
    ? tokenTag(view, token, { action: toS(url), method: method === "" ? "post" : method })
    : "";
  const buttonOptions = convertOptionsToDataAttributes(options, html);
  buttonOptions.type = "submit";
  let button: SafeString;
  if (block) button = contentTag("button", buttonOptions, block);
  else if (viewConfig.buttonToGeneratesButtonTag) button = contentTag("button", name ?? url, buttonOptions);
  else button = tag("input", Object.assign({}, buttonOptions, { value: name ?? url }));
  let inner = methodInput + button.toString() + tokenInput;
  if (params !== null) {
    for (const p of toFormParams(params)) {
      inner += tag("input", { type: "hidden", name: p.name, value: p.value, autocomplete: "off" }).toString();
    }
  }
  return contentTag("form", new SafeString(inner), form);
}
