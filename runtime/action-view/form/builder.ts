// ActionView::Helpers::FormBuilder: the `f` of `form_with ... do |f|`. Ruby method names map to camelCase:
//   f.text_field :title, class: "x"  -> f.textField("title", { class: "x" })
//   f.label :title / f.submit / f.check_box / f.select / f.fields_for :comments do |cf| ... end
// Every field helper forwards to the object-bound helper with `object:` and the builder's defaults.
import { translate } from "../../active-support/i18n.js";
import { humanize } from "../../active-support/inflector.js";
import { isPlainObject, RubySymbol, toS } from "../../ruby/ruby.js";
import { viewConfig } from "../config.js";
import { buttonTag, submitTag } from "../field-tags.js";
import { fieldId, fieldName } from "../form-tag.js";
import type { ViewHost, ViewRecord } from "../../active-model/host.js";
import { capture, type Block, type SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import type { CollectionMethod } from "../form-options.js";
import * as F from "./fields.js";
import { label } from "./label.js";
import { collectionSelect, groupedCollectionSelect, select } from "./select.js";
import { collectionCheckBoxes, collectionRadioButtons } from "./collection.js";
import { builderFieldsFor } from "./nested.js";
import { dateSelect, datetimeSelect, timeSelect } from "../date-select.js";

type FieldFn = (view: ViewHost, objectName: unknown, method: unknown, options?: Attributes) => SafeString;

function pick(options: Attributes, keys: string[]): Attributes {
  const out: Attributes = {};
  for (const k of keys) if (k in options) out[k] = options[k];
  return out;
}

export class FormBuilder {
  multipart: boolean | null = null;
  readonly index: unknown;
  emittedHiddenId = false;
  readonly nestedChildIndex = new Map<string, number>();
  private readonly defaultOptions: Attributes;
  readonly defaultHtmlOptions: Attributes;

  constructor(
    readonly view: ViewHost,
    readonly objectName: string | null,
    readonly object: ViewRecord | null,
    readonly options: Attributes = {},
  ) {
    this.defaultOptions = pick(options, ["index", "namespace", "skip_default_ids", "allow_method_names_outside_object"]);
    this.defaultHtmlOptions = pick(this.defaultOptions, ["index", "namespace"]);
    if ("skip_id" in options) {
      options.include_id = !options.skip_id;
      delete options.skip_id;
    }
    this.index = options.index ?? options.child_index ?? null;
  }

  setMultipart(value: boolean): void {
    this.multipart = value;
    const parent = this.options.parent_builder;
    if (parent instanceof FormBuilder) parent.setMultipart(value);
  }

  get id(): unknown {
    return (isPlainObject(this.options.html) ? this.options.html.id : undefined) ?? this.options.id ?? null;
  }

  /** FormBuilder#objectify_options: the builder defaults, the caller's options, then `object:`. */
  objectify(options: Attributes = {}): Attributes {
    return Object.assign({}, this.defaultOptions, options, { object: this.object });
  }

  fieldId(method: unknown, ...rest: unknown[]): string {
    const suffixes = [...rest];
    const kw = isPlainObject(suffixes[suffixes.length - 1]) ? (suffixes.pop() as Attributes) : {};
    return fieldId(this.objectName, method, ...suffixes, {
      namespace: "namespace" in kw ? kw.namespace : this.options.namespace ?? null,
      index: "index" in kw ? kw.index : this.options.index ?? null,
    });
  }

  fieldName(method: unknown, ...rest: unknown[]): string {
    const methods = [...rest];
    const kw = isPlainObject(methods[methods.length - 1]) ? (methods.pop() as Attributes) : {};
    const objectName = "as" in this.options ? this.options.as : this.objectName;
    return fieldName(objectName, method, ...methods, { multiple: kw.multiple ?? false, index: "index" in kw ? kw.index : this.options.index ?? null });
  }

  /** One object-bound field helper on this builder's object (what a gem adding a builder method calls). */
  field(fn: FieldFn, method: unknown, options: Attributes = {}): SafeString {
    return fn(this.view, this.objectName, method, this.objectify(options));
  }

  textField(method: unknown, options?: Attributes) { return this.field(F.textField, method, options); }
  passwordField(method: unknown, options?: Attributes) { return this.field(F.passwordField, method, options); }
  textArea(method: unknown, options?: Attributes) { return this.field(F.textArea, method, options); }
  colorField(method: unknown, options?: Attributes) { return this.field(F.colorField, method, options); }
  searchField(method: unknown, options?: Attributes) { return this.field(F.searchField, method, options); }
  telephoneField(method: unknown, options?: Attributes) { return this.field(F.telephoneField, method, options); }
  phoneField(method: unknown, options?: Attributes) { return this.field(F.telephoneField, method, options); }
  dateField(method: unknown, options?: Attributes) { return this.field(F.dateField, method, options); }
  timeField(method: unknown, options?: Attributes) { return this.field(F.timeField, method, options); }
  datetimeField(method: unknown, options?: Attributes) { return this.field(F.datetimeLocalField, method, options); }
  datetimeLocalField(method: unknown, options?: Attributes) { return this.field(F.datetimeLocalField, method, options); }
  monthField(method: unknown, options?: Attributes) { return this.field(F.monthField, method, options); }
  weekField(method: unknown, options?: Attributes) { return this.field(F.weekField, method, options); }
  urlField(method: unknown, options?: Attributes) { return this.field(F.urlField, method, options); }
  emailField(method: unknown, options?: Attributes) { return this.field(F.emailField, method, options); }
  numberField(method: unknown, options?: Attributes) { return this.field(F.numberField, method, options); }
  rangeField(method: unknown, options?: Attributes) { return this.field(F.rangeField, method, options); }

  hiddenField(method: unknown, options?: Attributes): SafeString {
    if (method === "id") this.emittedHiddenId = true;
    return this.field(F.hiddenField, method, options);
  }

  fileField(method: unknown, options: Attributes = {}): SafeString {
    this.setMultipart(true);
    return this.field(F.fileField, method, { include_hidden: viewConfig.multipleFileFieldIncludeHidden, ...options });
  }

  /** f.label(method, text = nil, options = {}, &block). */
  label(method: unknown, ...args: unknown[]): SafeString {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
    let [text = null, options = {}] = args;
    if (isPlainObject(text)) [options, text] = [text, null];
    const rest: unknown[] = [text, this.objectify(options as Attributes)];
    if (block) rest.push(block);
    return label(this.view, this.objectName, method, ...rest);
  }

  checkBox(method: unknown, options: Attributes = {}, checkedValue: unknown = "1", uncheckedValue: unknown = "0"): SafeString {
    return F.checkBox(this.view, this.objectName, method, this.objectify(options), checkedValue, uncheckedValue);
  }

  radioButton(method: unknown, tagValue: unknown, options: Attributes = {}): SafeString {
    return F.radioButton(this.view, this.objectName, method, tagValue, this.objectify(options));
  }

  select(method: unknown, ...args: unknown[]): SafeString {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
    const [choices = null, options = {}, htmlOptions = {}] = args;
    const rest: unknown[] = [choices, this.objectify(options as Attributes), Object.assign({}, this.defaultHtmlOptions, (htmlOptions as Attributes))];
    if (block) rest.push(block);
    return select(this.view, this.objectName, method, ...rest);
  }

  collectionSelect(method: unknown, collection: unknown, valueMethod: CollectionMethod, textMethod: CollectionMethod,
    options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
    return collectionSelect(this.view, this.objectName, method, collection, valueMethod, textMethod, this.objectify(options),
      Object.assign({}, this.defaultHtmlOptions, htmlOptions));
  }

  groupedCollectionSelect(method: unknown, collection: unknown, groupMethod: CollectionMethod, groupLabelMethod: CollectionMethod,
    optionKeyMethod: CollectionMethod, optionValueMethod: CollectionMethod, options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
    return groupedCollectionSelect(this.view, this.objectName, method, collection, groupMethod, groupLabelMethod, optionKeyMethod,
      optionValueMethod, this.objectify(options), Object.assign({}, this.defaultHtmlOptions, htmlOptions));
  }

  collectionCheckBoxes(method: unknown, collection: unknown, valueMethod: CollectionMethod, textMethod: CollectionMethod, ...rest: unknown[]): SafeString {
    return this.collection(collectionCheckBoxes, method, collection, valueMethod, textMethod, rest);
  }

  collectionRadioButtons(method: unknown, collection: unknown, valueMethod: CollectionMethod, textMethod: CollectionMethod, ...rest: unknown[]): SafeString {
    return this.collection(collectionRadioButtons, method, collection, valueMethod, textMethod, rest);
  }

  private collection(fn: typeof collectionCheckBoxes, method: unknown, collection: unknown, valueMethod: CollectionMethod,
    textMethod: CollectionMethod, rest: unknown[]): SafeString {
    const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as Block) : null;
    const [options = {}, htmlOptions = {}] = rest as Attributes[];
    const args: unknown[] = [this.objectify(options), Object.assign({}, this.defaultHtmlOptions, htmlOptions)];
    if (block) args.push(block);
    return fn(this.view, this.objectName, method, collection, valueMethod, textMethod, ...args);
  }

  dateSelect(method: unknown, options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
    return dateSelect(this.view, this.objectName, method, this.objectify(options), htmlOptions);
  }
  timeSelect(method: unknown, options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
    return timeSelect(this.view, this.objectName, method, this.objectify(options), htmlOptions);
  }
  datetimeSelect(method: unknown, options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
    return datetimeSelect(this.view, this.objectName, method, this.objectify(options), htmlOptions);
  }

  /** f.submit(value = nil, options = {}). */
  submit(value: unknown = null, options: Attributes = {}): SafeString {
    if (isPlainObject(value)) [options, value] = [value, null];
    return submitTag(value ?? this.submitDefaultValue(), options);
  }

  /** f.button(value = nil, options = {}, &block). A Symbol value (the lowering passes a RubySymbol) names a field. */
  button(...args: unknown[]): SafeString {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
    let [value = null, options = {}] = args as [unknown, Attributes];
    if (isPlainObject(value)) [options, value] = [value, null];
    if (value instanceof RubySymbol) [value, options] = [null, { name: this.fieldName(value.name), id: this.fieldId(value.name), ...options }];
    value ??= this.submitDefaultValue();
    if (block) value = capture(block, value);
    const formmethod = options.formmethod;
    if (formmethod && !/post|get/i.test(toS(formmethod)) && !("name" in options) && !("value" in options)) {
      options = Object.assign({}, options, { formmethod: "post", name: "_method", value: formmethod });
    }
    return buttonTag(value, options);
  }

  /** FormBuilder#submit_default_value: "Create Post" / "Update Post" / "Save Search" via I18n. */
  submitDefaultValue(): string {
    const object = this.object;
    const key = object ? (object.isPersisted() ? "update" : "create") : "submit";
    const model = object ? object.modelName.human() : humanize(toS(this.objectName));
    const first = object && toS(this.objectName) === model.toLowerCase()
      ? `helpers.submit.${object.modelName.i18nKey}.${key}`
      : `helpers.submit.${toS(this.objectName)}.${key}`;
    return toS(translate(first, { model, default: [{ key: `helpers.submit.${key}` }, `${humanize(key)} ${model}`] }));
  }

  /** f.fields_for(record_name, record_object = nil, fields_options = nil, &block). */
  fieldsFor(recordName: unknown, ...args: unknown[]): SafeString | null {
    return builderFieldsFor(this, recordName, args);
  }

  /** f.fields(scope = nil, model: nil, **options, &block). */
  fields(...args: unknown[]): SafeString | null {
    const block = args.pop() as Block;
    const [scope = null, kw = {}] = isPlainObject(args[0]) ? [null, args[0]] : args;
    const options: Attributes = Object.assign({}, (kw as Attributes));
    const model = options.model ?? null;
    delete options.model;
    options.allow_method_names_outside_object = true;
    options.skip_default_ids = !viewConfig.formWithGeneratesIds;
    if ("skip_id" in options) {
      options.include_id = !options.skip_id;
      delete options.skip_id;
    }
    return builderFieldsFor(this, scope ?? model, [model, options, block]);
  }
}
