// ActionView::Helpers::Tags::Base + ActiveModelInstanceTag: a field bound to `object_name[method]`.
// It finds the object (the `object:` option, else the `@object_name` assign), reads the value, names and
// ids the input, and wraps tags of attributes with errors in ActionView::Base.field_error_proc.
import { isPresent, toS } from "../../ruby/ruby.js";
import { fieldId, fieldName } from "../form-tag.js";
import { isViewRecord, type ViewHost, type ViewRecord } from "../../active-model/host.js";
import { SafeString } from "../../active-support/safe.js";
import { contentTag, tag } from "../tag.js";
import type { Attributes } from "../tag-options.js";
import { translateOrUndefined } from "../../active-support/i18n.js";
import { assertMutable } from "../../active-support/core-ext/frozen.js";
import { humanize } from "../../active-support/inflector.js";

export const fieldErrorConfig = {
  /** ActionView::Base.field_error_proc: how a tag of an invalid attribute is wrapped. */
  proc: (htmlTag: SafeString): SafeString => contentTag("div", htmlTag, { class: "field_with_errors" }),
};

/** The options an instance tag takes for itself: they never reach the tag's attributes. */
const OWN_OPTIONS = new Set(["object", "skip_default_ids", "allow_method_names_outside_object"]);

export class InstanceTag {
  readonly objectName: string;
  readonly methodName: string;
  readonly object: ViewRecord | null;
  protected options: Attributes;
  private readonly skipDefaultIds: boolean;
  private readonly allowOutside: boolean;
  private readonly generateIndexedNames: boolean;
  private readonly autoIndex: string | null;

  constructor(readonly view: ViewHost, objectName: unknown, methodName: unknown, options: Attributes = {}) {
    // Tags::Base#initialize deletes :object, :skip_default_ids and :allow_method_names_outside_object from the
    // caller's Hash: a frozen one raises FrozenError, whatever it holds (helpers that copy first pass a copy).
    assertMutable(options);
    // The options without the three the tag takes for itself, in their order (copied past them rather than deleted:
    // deleting keys leaves V8 a slow dictionary object that every later option read pays for).
    const opts: Attributes = {};
    for (const k in options) if (Object.hasOwn(options, k) && !OWN_OPTIONS.has(k)) opts[k] = options[k];
    let name = toS(objectName);
    // Most names hold no "[]": nothing of the indexed-name handling can apply to them.
    const bracketed = name.includes("[]");
    const indexed = bracketed && (/\[\]$/.test(name) || /\[\]\]$/.test(name));
    const preMatch = indexed ? name.replace(/\[\]\]?$/, "") : "";
    if (bracketed) name = name.replace(/\[\]$/, "").replace(/\[\]\]$/, "]");
    this.objectName = name;
    this.methodName = toS(methodName);
    this.object = this.retrieveObject(options.object);
    this.skipDefaultIds = Boolean(options.skip_default_ids);
    this.allowOutside = Boolean(options.allow_method_names_outside_object);
    this.options = opts;
    this.generateIndexedNames = indexed;
    this.autoIndex = indexed ? this.retrieveAutoIndex(preMatch) : null;
  }

  private retrieveObject(given: unknown): ViewRecord | null {
    if (given !== null && given !== undefined && given !== false) return given as ViewRecord;
    const assigned = this.view.assigns?.[this.objectName];
    return isViewRecord(assigned) ? assigned : null;
  }

  private retrieveAutoIndex(preMatch: string): string {
    const obj = this.object ?? this.view.assigns?.[preMatch];
    if (isViewRecord(obj)) return obj.toParam() ?? "";
    throw new Error("object[] naming but object param and @object var don't exist or don't respond to to_param");
  }

  /** The remaining options (after object:, skip_default_ids:, allow_method_names_outside_object:). */
  get opts(): Attributes {
    return this.options;
  }

  /** Tags::Base#value: the attribute reader's result (nil without an object). */
  value(): unknown {
    if (!this.object) return null;
    const v = this.object.readAttribute(this.methodName);
    return v === undefined ? null : v;
  }

  /**
   * Tags::Base#value_before_type_cast: what the user typed, when the record kept it; a value read from the database
   * (`#{name}_came_from_user?` false) shows as the cast value.
   */
  valueBeforeTypeCast(): unknown {
    if (!this.object) return null;
    if (this.object.attributeCameFromUser && !this.object.attributeCameFromUser(this.methodName)) return this.value();
    const raw = this.object.readAttributeBeforeTypeCast?.(this.methodName);
    return raw === undefined ? this.value() : raw;
  }

  private nameAndIdIndex(options: Attributes): unknown {
    if ("index" in options) {
      const i = options.index;
      delete options.index;
      return i === null || i === undefined || i === false ? "" : i;
    }
    return this.generateIndexedNames ? (this.autoIndex ?? "") : null;
  }

  /** Tags::Base#add_default_name_and_id. */
  addDefaultNameAndId(options: Attributes): void {
    const index = this.nameAndIdIndex(options);
    if (!("name" in options)) options.name = this.tagName(Boolean(options.multiple), index);
    if (this.skipDefaultIds) return;
    if (!("id" in options)) {
      const ns = options.namespace;
      if ("namespace" in options) delete options.namespace;
      options.id = this.tagId(index, ns ?? null);
    }
    const namespace = options.namespace;
    if ("namespace" in options) delete options.namespace;
    if (namespace !== null && namespace !== undefined && namespace !== false) {
      options.id = options.id ? `${toS(namespace)}_${toS(options.id)}` : namespace;
    }
  }

  /** Tags::Base#add_default_name_and_id_for_value: radio/check ids get the sanitized value appended. */
  addDefaultNameAndIdForValue(tagValue: unknown, options: Attributes): void {
    if (tagValue === null || tagValue === undefined) return this.addDefaultNameAndId(options);
    const specified = options.id;
    this.addDefaultNameAndId(options);
    if (!isPresent(specified) && isPresent(options.id)) options.id = `${toS(options.id)}_${sanitizedValue(tagValue)}`;
  }

  tagName(multiple = false, index: unknown = null): string {
    const method = this.methodName.endsWith("?") ? this.methodName.slice(0, -1) : this.methodName;
    return fieldName(this.objectName, method, { multiple, index });
  }

  tagId(index: unknown = null, namespace: unknown = null): string {
    return fieldId(this.objectName, this.methodName, { index, namespace });
  }

  /** ActiveModelInstanceTag#tag: every non-hidden input of an invalid attribute is wrapped. */
  tag(name: string, options: Attributes): SafeString {
    const html = tag(name, options);
    return options.type !== "hidden" ? this.errorWrapping(html) : html;
  }

  /** ActiveModelInstanceTag#content_tag: wraps all but option/optgroup. */
  contentTag(name: string, content: unknown, options: Attributes): SafeString {
    const html = contentTag(name, content, options);
    return name === "option" || name === "optgroup" ? html : this.errorWrapping(html);
  }

  errorWrapping(html: SafeString): SafeString {
    const errors = this.object?.errors;
    return errors && isPresent(errors.get(this.methodName)) ? fieldErrorConfig.proc(html) : html;
  }

  /** Tags::Translator: helpers.<scope>.<object>.<method>, then the model's human_attribute_name. */
  translate(methodAndValue: string, scope: string): string | null {
    const objectName = this.objectName.replace(/\[(.*)_attributes\]\[\d+\]/, ".$1");
    const defaults: unknown[] = this.object ? [{ key: `${this.object.modelName.i18nKey}.${methodAndValue}` }, ""] : [""];
    const found = translateOrUndefined(`${objectName}.${methodAndValue}`, { scope, default: defaults });
    if (isPresent(found)) return toS(found);
    return this.object ? this.object.humanAttributeName(methodAndValue) : null;
  }

  /** Placeholderable: `placeholder: true` (or a value key) becomes translated text. */
  applyPlaceholder(): void {
    const value = this.options.placeholder;
    if (value === null || value === undefined || value === false) return;
    if (typeof value === "string") return;
    const methodAndValue = value === true ? this.methodName : `${this.methodName}.${toS(value)}`;
    this.options.placeholder = this.translate(methodAndValue, "helpers.placeholder") ?? humanize(this.methodName);
  }
}

/** Tags::Base#sanitized_value: the value as it appears in radio/check box ids. */
export function sanitizedValue(v: unknown): string {
  return toS(v).replace(/[\s.]/g, "_").replace(/[^-\p{L}\p{M}\p{N}\p{Pc}]/gu, "").toLowerCase();
}
