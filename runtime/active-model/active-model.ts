// ActiveModel::Model for plain classes the compiler lowers (src/lower/core/plain-class.ts): API (attribute
// assignment), Conversion, Naming and Validations, on top of ruby-object.ts; Attributes' declarations in define.ts.
//   include ActiveModel::Model                         class Note extends ActiveModel
//   Note.new(title: "x")                               assign_attributes: public_send("title=", "x") per key
//   note.to_param / to_key / model_name                toParam() / toKey() / modelName (ActiveModel::Name)
//   note.valid? / invalid? / validate!                 isValid() / isInvalid() / validateBang() (ValidationError)
//   note.attributes                                    attributes(): the ActiveModel::Attributes, by name
import { Errors } from "./errors.js";
import type { ViewRecord } from "./host.js";
import { rubyToTs } from "../ruby/names.js";
import { lookup } from "../active-support/i18n.js";
import { humanize } from "../active-support/inflector.js";
import { buildModelName, type ModelName } from "./model-name.js";
import { isPlainObject, toS, truthy } from "../ruby/ruby.js";
import { NoMethodError } from "../active-support/core-ext/core-send.js";
import { RubyObject } from "../ruby/ruby-object.js";
import { StandardError } from "../ruby/exceptions.js";
import { activeModelMeta, attributesOf } from "./define.js";
import { runValidations } from "./validations.js";

export { RubyObject, attrAccessor, type AccessorKind } from "../ruby/ruby-object.js";

export class UnknownAttributeError extends NoMethodError {
  static override rubyName = "ActiveModel::UnknownAttributeError";
}

const modelNames = new WeakMap<object, ModelName>();

/** ActiveModel::ValidationError: what validate! raises, naming every error (model: the invalid object). */
export class ValidationError extends StandardError {
  static override rubyName = "ActiveModel::ValidationError";

  override initialize(model: unknown = null): unknown {
    this.ivars.model = model;
    this.given = `Validation failed: ${(model as ActiveModel).errors.fullMessages().join(", ")}`;
    return null;
  }

  get model(): unknown {
    return this.ivars.model;
  }
}

/** ActiveModel::Model: attribute assignment, naming, conversion and errors. */
export class ActiveModel extends RubyObject implements ViewRecord {
  private errorList: Errors | null = null;
  /** The context valid?(context) runs in (nil unless given), read by `on:`. */
  _validationContext: string | null = null;

  static get modelName(): ModelName {
    let name = modelNames.get(this);
    if (!name) {
      const translate = (key: string, count: number) => translated(`activemodel.models.${key}`, count);
      name = buildModelName(this.rubyName, { translate });
      modelNames.set(this, name);
    }
    return name;
  }

  /** Model.human_attribute_name: activemodel.attributes.<model>.<attr>, attributes.<attr>, else humanized. */
  static humanAttributeName(attribute: unknown): string {
    const text = toS(attribute);
    const attr = text.slice(text.lastIndexOf(".") + 1);
    const keys = text.includes(".")
      ? [`activemodel.attributes.${this.modelName.i18nKey}/${text.slice(0, text.lastIndexOf(".")).replace(/\./g, "/")}.${attr}`]
      : [`activemodel.attributes.${this.modelName.i18nKey}.${attr}`, `attributes.${attr}`];
    for (const key of keys) {
      const found = translated(key, 1);
      if (found !== undefined) return found;
    }
    return humanize(attr);
  }

  /** ActiveModel::API#initialize(attributes = {}). */
  override initialize(attributes: unknown = null): unknown {
    if (attributes !== null && attributes !== undefined) this.assignAttributes(attributes);
    return null;
  }

  /** assign_attributes: `public_send("#{key}=", value)` per key, unknown keys raise. */
  assignAttributes(attributes: unknown): void {
    if (!isPlainObject(attributes)) throw new TypeError("When assigning attributes, you must pass a hash as an argument");
    for (const [key, value] of Object.entries(attributes)) {
      const setter = (this as unknown as Record<string, unknown>)[rubyToTs(`${key}=`)];
      if (typeof setter !== "function") throw new UnknownAttributeError(`unknown attribute '${key}' for ${this.rubyClassName()}.`);
      (setter as (v: unknown) => unknown).call(this, value);
    }
  }

  get modelName(): ModelName {
    return (this.constructor as typeof ActiveModel).modelName;
  }

  get errors(): Errors {
    this.errorList ??= new Errors(this);
    return this.errorList;
  }

  humanAttributeName(attribute: string): string {
    return (this.constructor as typeof ActiveModel).humanAttributeName(attribute);
  }

  /** valid?(context = nil): errors cleared, then the class's validations (and validation callbacks) run. */
  isValid(context: unknown = null): boolean {
    return runValidations(this, activeModelMeta(this.constructor), context === null || context === undefined ? null : toS(context));
  }

  isInvalid(context: unknown = null): boolean {
    return !this.isValid(context);
  }

  /** validate(context = nil): valid?'s other name. */
  validate(context: unknown = null): boolean {
    return this.isValid(context);
  }

  /** validate!(context = nil): true, or ActiveModel::ValidationError. */
  validateBang(context: unknown = null): boolean {
    if (this.isValid(context)) return true;
    throw ValidationError.build(this);
  }

  get validationContext(): string | null {
    return this._validationContext;
  }

  /** ActiveModel::Attributes#attributes: the declared attributes by name (String keys). */
  attributes(): Record<string, unknown> {
    return attributesOf(this);
  }

  attributeNames(): string[] {
    return Object.keys(attributesOf(this));
  }

  static attributeNames(): string[] {
    return [...activeModelMeta(this).attributes.keys()];
  }

  isPersisted(): boolean {
    return false;
  }

  toModel(): this {
    return this;
  }

  /** Conversion#to_key: `key = respond_to?(:id) && id; key ? [key] : nil`. */
  toKey(): unknown[] | null {
    const key = this.respondTo("id") ? this.publicSend("id") : null;
    return truthy(key) ? (Array.isArray(key) ? key : [key]) : null;
  }

  /** Conversion#to_param: the key joined by "-" when persisted. */
  toParam(): string | null {
    const key = this.isPersisted() ? this.toKey() : null;
    return key && key.every(truthy) ? key.map((k) => toS(k)).join("-") : null;
  }

  toPartialPath(): string {
    return `${this.modelName.collection}/${this.modelName.element}`;
  }

  readAttribute(name: string): unknown {
    return this.respondTo(name) ? this.publicSend(name) : undefined;
  }

  /** `#{association}_attributes=` defined (what fields_for checks for nested attributes). */
  acceptsNestedAttributes(association: string): boolean {
    return typeof (this as unknown as Record<string, unknown>)[rubyToTs(`${association}_attributes=`)] === "function";
  }

}

function translated(key: string, count: number): string | undefined {
  const entry = lookup(key);
  if (typeof entry === "string") return entry;
  if (isPlainObject(entry)) return toS(count === 1 ? entry.one : entry.other);
  return undefined;
}

