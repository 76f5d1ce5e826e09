// Tags::CollectionCheckBoxes / CollectionRadioButtons (+ CollectionHelpers):
//   collection_check_boxes(:post, :tag_ids, tags, :id, :name) { |b| b.label { b.check_box + b.text } }
//     -> collectionCheckBoxes(view, "post", "tag_ids", tags, "id", "name", {}, {}, (b) => ...)
// A leading hidden input (name[] for check boxes) lets an empty selection be submitted.
import { toArray, toS } from "../../ruby/ruby.js";
import { hiddenFieldTag } from "../field-tags.js";
import { optionHtmlAttributes, valueForCollection, type CollectionMethod } from "../form-options.js";
import type { ViewHost } from "../../active-model/host.js";
import { capture, SafeString, type Block } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import { checkBox, radioButton } from "./fields.js";
import { InstanceTag, sanitizedValue } from "./instance-tag.js";
import { label } from "./label.js";

/** CollectionHelpers::Builder: what the block receives for each item. */
export class CollectionItemBuilder {
  constructor(
    private readonly view: ViewHost,
    private readonly objectName: string,
    private readonly methodName: string,
    readonly object: unknown,
    private readonly sanitizedAttributeName: string,
    readonly text: unknown,
    readonly value: unknown,
    private readonly inputHtmlOptions: Attributes,
  ) {}

  label(...args: unknown[]): SafeString {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
    const labelOptions = (args[0] as Attributes | undefined) ?? {};
    const html: Attributes = {};
    for (const k of ["index", "namespace"]) if (k in this.inputHtmlOptions) html[k] = this.inputHtmlOptions[k];
    Object.assign(html, labelOptions);
    if (this.inputHtmlOptions.id && !html.for) html.for = this.inputHtmlOptions.id;
    const rest: unknown[] = [this.text, html];
    if (block) rest.push(block);
    return label(this.view, this.objectName, this.sanitizedAttributeName, ...rest);
  }

  checkBox(extra: Attributes = {}): SafeString {
    const html = Object.assign({}, extra, this.inputHtmlOptions, { multiple: true, skip_default_ids: false });
    return checkBox(this.view, this.objectName, this.methodName, html, this.value, null);
  }

  radioButton(extra: Attributes = {}): SafeString {
    const html = Object.assign({}, extra, this.inputHtmlOptions, { skip_default_ids: false });
    return radioButton(this.view, this.objectName, this.methodName, this.value, html);
  }
}

type Kind = "check_box" | "radio_button";

function defaultHtmlOptions(t: InstanceTag, options: Attributes, htmlOptions: Attributes, item: unknown, value: unknown): Attributes {
  const html: Attributes = Object.assign({}, htmlOptions);
  for (const option of ["checked", "selected", "disabled", "readonly"]) {
    const current = options[option];
    if (current === null || current === undefined) continue;
    const accept = typeof current === "function"
      ? Boolean((current as (i: unknown) => unknown)(item))
      : (Array.isArray(current) ? current : [current]).map((x) => toS(x)).includes(toS(value));
    if (accept) html[option] = true;
    else if (option === "checked") html[option] = false;
  }
  html.object = t.object;
  return html;
}

function renderCollection(kind: Kind, view: ViewHost, objectName: unknown, method: unknown, collection: unknown,
  valueMethod: CollectionMethod, textMethod: CollectionMethod, options: Attributes, htmlOptions: Attributes, block: Block | null): SafeString {
  const t = new InstanceTag(view, objectName, method, options);
  const opts = Object.assign({}, t.opts);
  const sanitizedMethod = t.methodName.replace(/\?$/, "");
  const rendered = toArray(collection).map((item) => {
    const value = valueForCollection(item, valueMethod);
    const text = valueForCollection(item, textMethod);
    const html = Object.assign({}, defaultHtmlOptions(t, opts, htmlOptions, item, value), optionHtmlAttributes(item));
    const b = new CollectionItemBuilder(view, t.objectName, t.methodName, item, `${sanitizedMethod}_${sanitizedValue(value)}`, text, value, html);
    if (block) return capture(block, b)?.toString() ?? "";
    return (kind === "check_box" ? b.checkBox() : b.radioButton()).toString() + b.label().toString();
  }).join("");
  if (opts.include_hidden === false || opts.include_hidden === null) return new SafeString(rendered);
  const name = htmlOptions.name ?? `${t.tagName(false, opts.index ?? null)}${kind === "check_box" ? "[]" : ""}`;
  const hidden = hiddenFieldTag(name, "", { id: null, form: htmlOptions.form ?? null });
  return new SafeString(hidden.toString() + rendered);
}

/** collection_check_boxes(object, method, collection, value_method, text_method, options = {}, html_options = {}, &block). */
export function collectionCheckBoxes(view: ViewHost, objectName: unknown, method: unknown, collection: unknown,
  valueMethod: CollectionMethod, textMethod: CollectionMethod, ...rest: unknown[]): SafeString {
  const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as Block) : null;
  const [options = {}, htmlOptions = {}] = rest as Attributes[];
  return renderCollection("check_box", view, objectName, method, collection, valueMethod, textMethod, options, htmlOptions, block);
}

/** collection_radio_buttons(object, method, collection, value_method, text_method, options = {}, html_options = {}, &block). */
export function collectionRadioButtons(view: ViewHost, objectName: unknown, method: unknown, collection: unknown,
  valueMethod: CollectionMethod, textMethod: CollectionMethod, ...rest: unknown[]): SafeString {
  const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as Block) : null;
  const [options = {}, htmlOptions = {}] = rest as Attributes[];
  return renderCollection("radio_button", view, objectName, method, collection, valueMethod, textMethod, options, htmlOptions, block);
}
