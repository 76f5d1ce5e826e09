// FormTagHelper's standalone inputs (no model object):
//   text_field_tag "q", nil, class: "i"   -> textFieldTag("q", null, { class: "i" })
//   hidden/password/email/... _field_tag, check_box_tag, radio_button_tag, text_area_tag, label_tag,
//   submit_tag, button_tag, field_set_tag, select_tag.
import { humanize } from "../active-support/inflector.js";
import { isBlank, isPlainObject, RubyRange, toS } from "../ruby/ruby.js";
import { assertMutable } from "../active-support/core-ext/frozen.js";
import { RangeMethods } from "../active-support/core-ext/core-range.js";
import { imagePath } from "./asset-url.js";
import { viewConfig } from "./config.js";
import type { ViewHost } from "../active-model/host.js";
import { sanitizeToId } from "./form-tag.js";
import { capture, htmlEscape, SafeString, safeJoin, type Block } from "../active-support/safe.js";
import { contentTag, tag } from "./tag.js";
import type { Attributes } from "./tag-options.js";
import { splitBlock } from "./url.js";

/** text_field_tag(name, value = nil, options = {}). */
export function textFieldTag(name: unknown, value: unknown = null, options: Attributes = {}): SafeString {
  return tag("input", { type: "text", name, id: sanitizeToId(name), value, ...options });
}

/** `<kind>_field_tag(name, value = nil, options = {})`: text_field_tag with `type` merged last. */
function typed(type: string) {
  return (name: unknown, value: unknown = null, options: Attributes = {}) => textFieldTag(name, value, Object.assign({}, options, { type }));
}
export const colorFieldTag = typed("color");
export const searchFieldTag = typed("search");
export const telephoneFieldTag = typed("tel");
export const phoneFieldTag = telephoneFieldTag;
export const dateFieldTag = typed("date");
export const timeFieldTag = typed("time");
export const datetimeFieldTag = typed("datetime-local");
export const datetimeLocalFieldTag = datetimeFieldTag;
export const monthFieldTag = typed("month");
export const weekFieldTag = typed("week");
export const urlFieldTag = typed("url");
export const emailFieldTag = typed("email");

export function hiddenFieldTag(name: unknown, value: unknown = null, options: Attributes = {}): SafeString {
  return textFieldTag(name, value, Object.assign({}, options, { type: "hidden", autocomplete: "off" }));
}

export function passwordFieldTag(name: unknown = "password", value: unknown = null, options: Attributes = {}): SafeString {
  return textFieldTag(name, value, Object.assign({}, options, { type: "password" }));
}

export function fileFieldTag(name: unknown, options: Attributes = {}): SafeString {
  const opts: Attributes = Object.assign({}, options, { type: "file" });
  delete opts.direct_upload;
  return textFieldTag(name, null, opts);
}

/** `in:`/`within:` ranges become min/max (Range#min/#max: an exclusive end steps back one). */
export function rangeToMinMax(options: Attributes): Attributes {
  const out = Object.assign({}, options);
  const range = out.in ?? out.within;
  delete out.in;
  delete out.within;
  // Range#min / #max as Rails calls them (an endless range raises RangeError there too).
  if (range instanceof RubyRange) return Object.assign({}, out, { min: RangeMethods.min(range), max: RangeMethods.max(range) });
  return out;
}

export function numberFieldTag(name: unknown, value: unknown = null, options: Attributes = {}): SafeString {
  const opts: Attributes = Object.assign({}, options);
  if (opts.type === null || opts.type === undefined) opts.type = "number";
  return textFieldTag(name, value, rangeToMinMax(opts));
}

export function rangeFieldTag(name: unknown, value: unknown = null, options: Attributes = {}): SafeString {
  return numberFieldTag(name, value, Object.assign({}, options, { type: "range" }));
}

/** text_area_tag(name, content = nil, options = {}). */
export function textAreaTag(name: unknown, content: unknown = null, options: Attributes = {}): SafeString {
  const opts: Attributes = Object.assign({}, options);
  const size = opts.size;
  delete opts.size;
  if (typeof size === "string") [opts.cols, opts.rows] = size.split("x");
  const escape = "escape" in opts ? opts.escape : true;
  delete opts.escape;
  const body = escape !== null && escape !== false ? htmlEscape(content) : new SafeString(toS(content));
  return contentTag("textarea", body, { name, id: sanitizeToId(name), ...opts });
}

/** check_box_tag(name, value = "1", checked = false, options = {}) (the value/checked may be skipped). */
export function checkBoxTag(name: unknown, ...args: unknown[]): SafeString {
  const rest = [...args];
  const options = isPlainObject(rest[rest.length - 1]) ? (rest.pop() as Attributes) : {};
  const [value, checked] = rest.length === 0 ? ["1", false] : [rest[0], rest[1] ?? false];
  const html: Attributes = { type: "checkbox", name, id: sanitizeToId(name), value, ...options };
  if (truthy(checked)) html.checked = "checked";
  return tag("input", html);
}

/** radio_button_tag(name, value, checked = false, options = {}). */
export function radioButtonTag(name: unknown, value: unknown, ...args: unknown[]): SafeString {
  const rest = [...args];
  const options = isPlainObject(rest[rest.length - 1]) ? (rest.pop() as Attributes) : {};
  const checked = rest.length === 0 ? false : rest[0];
  const html: Attributes = { type: "radio", name, id: `${sanitizeToId(name)}_${sanitizeToId(value)}`, value, ...options };
  if (truthy(checked)) html.checked = "checked";
  return tag("input", html);
}

function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

/** label_tag(name = nil, content_or_options = nil, options = nil, &block). */
export function labelTag(...args: unknown[]): SafeString {
  const [rest, block] = splitBlock(args);
  const [name = null, contentOrOptions = null, given = null] = rest;
  let options: Attributes;
  if (block && isPlainObject(contentOrOptions)) options = Object.assign({}, contentOrOptions);
  else options = Object.assign({}, ((given as Attributes | null) ?? {}));
  if (!isBlank(name) && !("for" in options)) options.for = sanitizeToId(name);
  if (block) return contentTag("label", isPlainObject(contentOrOptions) ? options : contentOrOptions ?? humanize(toS(name)), options, block);
  return contentTag("label", truthy(contentOrOptions) ? contentOrOptions : humanize(toS(name)), options);
}

/** FormTagHelper#set_default_disable_with: data-disable-with defaults to the button's value. */
function setDefaultDisableWith(value: unknown, options: Attributes): void {
  const data = isPlainObject(options.data) ? Object.assign({}, options.data) : {};
  if (options["data-disable-with"] === false || data.disable_with === false) {
    delete data.disable_with;
    if (isPlainObject(options.data)) options.data = data;
  } else if (viewConfig.automaticallyDisableSubmitTag) {
    const text = options["data-disable-with"] ?? data.disable_with ?? toS(value);
    options.data = Object.assign({}, data, { disable_with: text });
  }
  delete options["data-disable-with"];
}

/** submit_tag(value = "Save changes", options = {}). */
export function submitTag(value: unknown = "Save changes", options: Attributes = {}): SafeString {
  const html: Attributes = Object.assign({ type: "submit", name: "commit", value }, options);
  setDefaultDisableWith(value, html);
  return tag("input", html);
}

/** button_tag(content_or_options = nil, options = nil, &block). */
export function buttonTag(...args: unknown[]): SafeString {
  const [rest, block] = splitBlock(args);
  const [contentOrOptions = null, given = null] = rest;
  const options = isPlainObject(contentOrOptions) ? contentOrOptions : (given as Attributes | null) ?? {};
  const html: Attributes = { name: "button", type: "submit", ...options };
  if (block) return contentTag("button", html, block);
  return contentTag("button", truthy(contentOrOptions) && !isPlainObject(contentOrOptions) ? contentOrOptions : "Button", html);
}

/** image_submit_tag(source, options = {}). */
export function imageSubmitTag(view: ViewHost, source: unknown, options: Attributes = {}): SafeString {
  const opts = Object.assign({}, options);
  const skip = opts.skip_pipeline;
  delete opts.skip_pipeline;
  return tag("input", { type: "image", src: imagePath(view, source, { skip_pipeline: skip }), ...opts });
}

/** field_set_tag(legend = nil, options = nil, &block). */
export function fieldSetTag(...args: unknown[]): SafeString {
  const [rest, block] = splitBlock(args);
  const [legend = null, options = null] = rest;
  const content: unknown[] = [];
  if (!isBlank(legend)) content.push(contentTag("legend", legend));
  if (block) content.push(capture(block as Block));
  return contentTag("fieldset", safeJoin(content), options as Attributes | null);
}
export const fieldsetTag = fieldSetTag;

/** select_tag(name, option_tags = nil, options = {}). */
export function selectTag(name: unknown, optionTags: unknown = null, options: Attributes = {}): SafeString {
  let tags: unknown = optionTags ?? "";
  // (Rails deletes :prompt from the caller's Hash, unless include_blank made it a copy: a frozen one raises FrozenError.)
  if (!("include_blank" in options)) assertMutable(options);
  const opts: Attributes = Object.assign({}, options);
  const htmlName = opts.multiple === true && !toS(name).endsWith("[]") ? `${toS(name)}[]` : name;
  if ("include_blank" in opts) {
    let blank = opts.include_blank;
    delete opts.include_blank;
    const blankOptions: Attributes = { value: "" };
    if (blank === true) {
      blank = "";
      blankOptions.label = " ";
    }
    if (truthy(blank)) tags = contentTag("option", blank, blankOptions).safeConcat(tags);
  }
  const prompt = opts.prompt;
  delete opts.prompt;
  if (truthy(prompt)) tags = contentTag("option", prompt, { value: "" }).safeConcat(tags);
  return contentTag("select", tags, { name: htmlName, id: sanitizeToId(name), ...opts });
}
