// FormHelper's object-bound inputs (Tags::TextField and its subclasses, TextArea, CheckBox, RadioButton):
//   text_field(:post, :title, class: "x")  -> textField(view, "post", "title", { class: "x" })
//   check_box(:post, :published, {}, "yes", "no") -> checkBox(view, "post", "published", {}, "yes", "no")
// The FormBuilder calls these with `object:` set to its object.
import { RubyDate } from "../../ruby/date.js";
import { toS } from "../../ruby/ruby.js";
import { strftime } from "../../active-support/strftime.js";
import { rangeToMinMax } from "../field-tags.js";
import type { ViewHost } from "../../active-model/host.js";
import { SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import { InstanceTag } from "./instance-tag.js";
import { assertMutable } from "../../active-support/core-ext/frozen.js";

/** Tags::TextField#render for a given input type (Placeholderable included). */
function renderInput(t: InstanceTag, type: string, opts: Attributes): SafeString {
  const options = Object.assign({}, opts);
  if (!("size" in options)) options.size = options.maxlength ?? null;
  if (options.type === null || options.type === undefined || options.type === false) options.type = type;
  if (type !== "file" && !("value" in options)) options.value = t.valueBeforeTypeCast();
  t.addDefaultNameAndId(options);
  return t.tag("input", options);
}

function fieldTag(view: ViewHost, objectName: unknown, method: unknown, options: Attributes, placeholder = true): InstanceTag {
  const t = new InstanceTag(view, objectName, method, options);
  if (placeholder) t.applyPlaceholder();
  return t;
}

function simpleField(type: string) {
  return (view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString => {
    const t = fieldTag(view, objectName, method, options);
    return renderInput(t, type, t.opts);
  };
}

export const textField = simpleField("text");
export const searchField = simpleField("search");
export const telephoneField = simpleField("tel");
export const phoneField = telephoneField;
export const urlField = simpleField("url");
export const emailField = simpleField("email");

export function passwordField(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  // (Rails' Tags::PasswordField is given the caller's Hash, and merges value: nil in at render.)
  const t = fieldTag(view, objectName, method, assertMutable(options) && { value: null, ...options });
  return renderInput(t, "password", t.opts);
}

export function hiddenField(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  const t = fieldTag(view, objectName, method, options);
  return renderInput(t, "hidden", Object.assign({}, t.opts, { autocomplete: "off" }));
}

export function fileField(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  // (Rails' file_field gives the tag options.dup: a frozen Hash works.)
  const t = fieldTag(view, objectName, method, { ...options });
  const opts = Object.assign({}, t.opts);
  const includeHidden = opts.include_hidden;
  delete opts.include_hidden;
  delete opts.direct_upload;
  const named = Object.assign({}, opts);
  t.addDefaultNameAndId(named);
  const input = renderInput(t, "file", opts);
  if (!named.multiple || !includeHidden) return input;
  const hidden = t.tag("input", { name: named.name, type: "hidden", value: "", autocomplete: "off" });
  return new SafeString(hidden.toString() + input.toString());
}

export function numberField(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  const t = fieldTag(view, objectName, method, options);
  return renderInput(t, "number", rangeToMinMax(t.opts));
}

export function rangeField(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  const t = fieldTag(view, objectName, method, options);
  return renderInput(t, "range", rangeToMinMax(t.opts));
}

export function colorField(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  const t = fieldTag(view, objectName, method, options);
  const opts = Object.assign({}, t.opts);
  if (opts.value === null || opts.value === undefined || opts.value === false) {
    const v = toS(t.value());
    opts.value = /#[0-9a-fA-F]{6}/.test(v) ? v.toLowerCase() : "#000000";
  }
  return renderInput(t, "color", opts);
}

/** Tags::DatetimeField#parse_datetime: Strings go through DateTime.parse (nil when unparsable). */
function parseDatetime(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const d = new Date(/^\d{4}-\d\d-\d\d$/.test(v) ? `${v}T00:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? null : d;
}

function dateTimeInput(type: string, format: (o: Attributes) => string) {
  return (view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString => {
    const t = fieldTag(view, objectName, method, options, false);
    const opts = Object.assign({}, t.opts);
    const fmt = format(opts);
    delete opts.include_seconds;
    const render = (v: unknown) => (v instanceof Date || v instanceof RubyDate ? strftime(v, fmt) : null);
    const current = opts.value !== null && opts.value !== undefined && opts.value !== false ? opts.value : t.value();
    opts.value = typeof current === "string" ? current : render(current);
    opts.min = render(parseDatetime(opts.min));
    opts.max = render(parseDatetime(opts.max));
    return renderInput(t, type, opts);
  };
}

const withSeconds = (o: Attributes) => !("include_seconds" in o) || (o.include_seconds !== false && o.include_seconds !== null);
export const dateField = dateTimeInput("date", () => "%Y-%m-%d");
export const datetimeLocalField = dateTimeInput("datetime-local", (o) => (withSeconds(o) ? "%Y-%m-%dT%T" : "%Y-%m-%dT%H:%M"));
export const datetimeField = datetimeLocalField;
export const timeField = dateTimeInput("time", (o) => (withSeconds(o) ? "%T.%L" : "%H:%M"));
export const monthField = dateTimeInput("month", () => "%Y-%m");
export const weekField = dateTimeInput("week", () => "%Y-W%V");

/** text_area(object_name, method, options = {}). */
export function textArea(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  const t = fieldTag(view, objectName, method, options);
  const opts = Object.assign({}, t.opts);
  t.addDefaultNameAndId(opts);
  const size = opts.size;
  delete opts.size;
  if (typeof size === "string") [opts.cols, opts.rows] = size.split("x");
  const value = "value" in opts ? opts.value : t.valueBeforeTypeCast();
  delete opts.value;
  return t.contentTag("textarea", value, opts);
}

/** Tags::CheckBox#checked?. */
function checkBoxChecked(value: unknown, checkedValue: unknown): boolean {
  if (typeof value === "boolean") return value === (checkedValue !== null && checkedValue !== undefined && checkedValue !== false);
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value === checkedValue;
  if (Array.isArray(value)) return value.some((v) => v === checkedValue || toS(v) === toS(checkedValue));
  return Math.trunc(Number(value)) === Math.trunc(Number(toS(checkedValue)) || 0);
}

/** Checkable#input_checked?: an explicit `checked:` wins over the object's value. */
function inputChecked(options: Attributes, fromValue: () => boolean): boolean {
  if (!("checked" in options)) return fromValue();
  const c = options.checked;
  delete options.checked;
  return c === true || c === "checked";
}

/** check_box(object_name, method, options = {}, checked_value = "1", unchecked_value = "0"). */
export function checkBox(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {},
  checkedValue: unknown = "1", uncheckedValue: unknown = "0"): SafeString {
  const t = new InstanceTag(view, objectName, method, options);
  const opts: Attributes = Object.assign({}, t.opts);
  opts.type = "checkbox";
  opts.value = checkedValue;
  if (inputChecked(opts, () => checkBoxChecked(t.value(), checkedValue))) opts.checked = "checked";
  if (opts.multiple) {
    t.addDefaultNameAndIdForValue(checkedValue, opts);
    delete opts.multiple;
  } else t.addDefaultNameAndId(opts);
  const includeHidden = "include_hidden" in opts ? opts.include_hidden : true;
  delete opts.include_hidden;
  const checkbox = t.tag("input", opts);
  if (includeHidden === null || includeHidden === undefined || includeHidden === false) return checkbox;
  if (uncheckedValue === null || uncheckedValue === undefined || uncheckedValue === false) return checkbox;
  const slice: Attributes = {};
  for (const k of ["name", "disabled", "form"]) if (k in opts) slice[k] = opts[k];
  const hidden = t.tag("input", Object.assign({}, slice, { type: "hidden", value: uncheckedValue, autocomplete: "off" }));
  return new SafeString(hidden.toString() + checkbox.toString());
}

/** radio_button(object_name, method, tag_value, options = {}). */
export function radioButton(view: ViewHost, objectName: unknown, method: unknown, tagValue: unknown, options: Attributes = {}): SafeString {
  const t = new InstanceTag(view, objectName, method, options);
  const opts: Attributes = Object.assign({}, t.opts);
  opts.type = "radio";
  opts.value = tagValue;
  if (inputChecked(opts, () => toS(t.value()) === toS(tagValue))) opts.checked = "checked";
  t.addDefaultNameAndIdForValue(tagValue, opts);
  return t.tag("input", opts);
}
