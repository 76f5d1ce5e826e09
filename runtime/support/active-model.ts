// Plain Ruby classes as the compiler lowers them (src/lower/core/plain-class.ts): Object's `new`/`initialize`
// protocol, attr_accessor, and ActiveModel::Model (API, Conversion, Naming, the errors of Validations).
//   class Note; def initialize(a); @a = a; end; end   class Note extends RubyObject { initialize(a) { this.ivars.a = a; } }
//   Note.new(1)                                        Note.build(1)          (allocate, then initialize, as Class#new)
//   attr_accessor :title                               attrAccessor(Note, ["title"], "accessor")
//   include ActiveModel::Model                         class Note extends ActiveModel
//   Note.new(title: "x")                               assign_attributes: public_send("title=", "x") per key
//   note.to_param / to_key / model_name                toParam() / toKey() / modelName (ActiveModel::Name)
import { Errors } from "../record/errors.js";
import type { ViewRecord } from "../view/host.js";
import { camel, rubyToTs } from "../app/names.js";
import { lookup } from "./i18n.js";
import { humanize } from "./inflector.js";
import { buildModelName, type BuiltModelName } from "./model-name.js";
import { isPlainObject, toS, truthy } from "./ruby.js";
import { NoMethodError } from "./core-send.js";

/** Object: instance variables, and `new` as allocate + initialize. */
export class RubyObject {
  /** `@name` of this object (unset reads as nil). */
  readonly ivars: Record<string, unknown> = {};

  /** The class's Ruby name (`Rooms::Open`), set by the lowering. */
  static rubyName = "Object";

  static build<T extends RubyObject>(this: new () => T, ...args: unknown[]): T {
    const object = new this();
    object.initialize(...args);
    return object;
  }

  /** `Class#new` under its Ruby name, for dynamic sends (`klass.new(...)`). */
  static new<T extends RubyObject>(this: new () => T, ...args: unknown[]): T {
    return (this as unknown as { build(...a: unknown[]): T }).build(...args);
  }

  initialize(..._args: unknown[]): unknown {
    return null;
  }

  /** respond_to?: a member under the one Ruby -> TS naming rule. */
  respondTo(name: string): boolean {
    return rubyToTs(name) in this;
  }

  /** public_send(name, *args): a method is called, an accessor property read. */
  publicSend(name: string, ...args: unknown[]): unknown {
    const member = (this as unknown as Record<string, unknown>)[rubyToTs(name)];
    if (typeof member === "function") return (member as (...a: unknown[]) => unknown).apply(this, args);
    if (member === undefined) throw new NoMethodError(`undefined method \`${name}' for an instance of ${this.rubyClassName()}`);
    return member;
  }

  rubyClassName(): string {
    return (this.constructor as typeof RubyObject).rubyName;
  }

  /** Object#as_json (ActiveSupport): the instance variables that are set, by name, in the order they were set. */
  asJson(): Record<string, unknown> {
    return { ...this.ivars };
  }

  /** Object#to_s: the class name and an address (stable per object; Ruby's differs per run anyway). */
  toRubyString(): string {
    return `#<${this.rubyClassName()}:0x${objectAddress(this)}>`;
  }
}

const addresses = new WeakMap<object, string>();
let nextAddress = 0x7f0000001000;

function objectAddress(object: object): string {
  let address = addresses.get(object);
  if (!address) {
    nextAddress += 0x28;
    address = nextAddress.toString(16).padStart(16, "0");
    addresses.set(object, address);
  }
  return address;
}

export class UnknownAttributeError extends NoMethodError {
  override name = "ActiveModel::UnknownAttributeError";
}

export type AccessorKind = "accessor" | "reader" | "writer";

/**
 * attr_accessor / attr_reader / attr_writer: `title` reads @title (nil when unset), `title=` writes it. The reader
 * is a property under the Ruby name and its camelCase form (what a dynamic send looks up); the writer is also the
 * method `setTitle`, the name the Ruby -> TS rule gives `title=`.
 */
export function attrAccessor(cls: { prototype: object }, names: string[], kind: AccessorKind): void {
  for (const name of names) {
    for (const key of new Set([name, camel(name)])) {
      const existing = Object.getOwnPropertyDescriptor(cls.prototype, key);
      const get = kind === "writer" ? existing?.get : function (this: RubyObject) {
        return this.ivars[name] ?? null;
      };
      const set = kind === "reader" ? existing?.set : function (this: RubyObject, v: unknown) {
        this.ivars[name] = v;
      };
      Object.defineProperty(cls.prototype, key, { get, set, configurable: true, enumerable: false });
    }
    const setter = rubyToTs(`${name}=`);
    if (kind !== "reader" && !Object.prototype.hasOwnProperty.call(cls.prototype, setter)) {
      Object.defineProperty(cls.prototype, setter, {
        value: function (this: RubyObject, v: unknown) {
          this.ivars[name] = v;
          return v;
        },
        configurable: true,
        writable: true,
      });
    }
  }
}

const modelNames = new WeakMap<object, BuiltModelName>();

/** ActiveModel::Model: attribute assignment, naming, conversion and errors. */
export class ActiveModel extends RubyObject implements ViewRecord {
  private errorList: Errors | null = null;

  static get modelName(): BuiltModelName {
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

  get modelName(): BuiltModelName {
    return (this.constructor as typeof ActiveModel).modelName;
  }

  get errors(): Errors {
    this.errorList ??= new Errors(this);
    return this.errorList;
  }

  humanAttributeName(attribute: string): string {
    return (this.constructor as typeof ActiveModel).humanAttributeName(attribute);
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

