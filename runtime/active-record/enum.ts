// ActiveRecord::Enum: an attribute whose stored values have names.
//
//   enum :role, %i[member administrator bot]        enums: [{ attribute: "role", values: ["member", ...] }]
//   enum :status, %w[a b].index_by(&:itself),   { attribute: "status", values: { a: "a", b: "b" },
//        prefix: :status                          prefix: "status" }   (prefix/suffix: true or a name)
//   user.role / user.role = :bot / "bot" / 2         the name ("bot"); stored and bound as 2
//   user.bot? / user.bot! / User.bot / User.not_bot   isBot() / botBang() / User.bot() / User.notBot()
//   User.roles                                       User.roles -> { member: 0, ... }
//   user.role = "nope"                               ArgumentError "'nope' is not a valid role" (unless validate:)
// The descriptor keys follow Rails' options: prefix/_prefix, suffix/_suffix, scopes/_scopes, default/_default,
// validate; `values` is an array (stored as indexes) or an object of name -> stored value.
import { rubyToTs } from "../ruby/names.js";
import { pluralize } from "../active-support/inflector.js";
import type { EnumMeta, ModelMeta } from "./model.js";
import type { AttributeType } from "./types.js";

export interface EnumDescriptor {
  attribute: string;
  values: string[] | { [name: string]: string | number };
  prefix?: string | boolean;
  suffix?: string | boolean;
  scopes?: boolean;
  default?: string;
  validate?: boolean | object;
  /** Declaration order (the compiler's): where validate: true's inclusion validation runs among the others. */
  at?: number;
  [option: string]: unknown;
}

export class EnumArgumentError extends Error {
  override readonly name = "ArgumentError";
}

const opt = (d: EnumDescriptor, key: string) => d[key] ?? d[`_${key}`];

function affix(value: unknown, attribute: string): string {
  if (value === true) return attribute;
  return typeof value === "string" && value !== "" ? value : "";
}

export function normalizeEnum(d: EnumDescriptor): EnumMeta {
  const mapping = new Map<string, string | number>(
    Array.isArray(d.values) ? d.values.map((name, i) => [name, i]) : Object.entries(d.values),
  );
  const prefix = affix(opt(d, "prefix"), d.attribute);
  const suffix = affix(opt(d, "suffix"), d.attribute);
  return {
    attribute: d.attribute, mapping, prefix: prefix ? `${prefix}_` : "", suffix: suffix ? `_${suffix}` : "",
    scopes: opt(d, "scopes") !== false, default: (opt(d, "default") as string | undefined) ?? null, validate: Boolean(d.validate),
    validateOptions: typeof d.validate === "object" && d.validate !== null ? (d.validate as { [key: string]: unknown }) : {},
  };
}

/** EnumType: casts names, stored values (and their string forms) to the name; serializes to the stored value. */
export function enumType(e: EnumMeta, subtype: AttributeType): AttributeType {
  const byValue = new Map<string, string>([...e.mapping].map(([name, value]) => [String(value), name]));
  // A value is a name (string or symbol) or, exactly, a stored value: "2" is not the integer 2.
  const nameOf = (v: unknown): string | undefined => {
    if (typeof v === "string" && e.mapping.has(v)) return v;
    for (const [name, value] of e.mapping) if (value === v) return name;
    return undefined;
  };
  const cast = (v: unknown): unknown => {
    if (v === null || v === undefined || v === "") return null;
    const name = nameOf(v);
    if (name !== undefined) return name;
    if (e.validate) return String(v);
    throw new EnumArgumentError(`'${String(v)}' is not a valid ${e.attribute}`);
  };
  return {
    cast,
    deserialize: (v) => (v === null || v === undefined ? null : (byValue.get(String(subtype.deserialize(v))) ?? null)),
    serialize: (v) => {
      if (v === null || v === undefined) return null;
      const name = nameOf(v);
      return subtype.serialize(name === undefined ? v : e.mapping.get(name));
    },
    equal: (a, b) => (a ?? null) === (b ?? null),
  };
}

/** The method stem for one value: prefix + name + suffix ("involved_in_everything"). */
export function enumMethod(e: EnumMeta, name: string): string {
  return `${e.prefix}${name}${e.suffix}`.replace(/[^\w]/g, "_");
}

type Proto = { [k: string]: unknown };

/** The instance methods (`bot?`, `bot!`) and class members (`User.roles`, scopes) of one enum. */
export function installEnum(cls: object, meta: ModelMeta, e: EnumMeta): void {
  const proto = (cls as { prototype: Proto }).prototype;
  for (const name of e.mapping.keys()) {
    const stem = enumMethod(e, name);
    const predicate = function (this: { readAttribute(a: string): unknown }) {
      return this.readAttribute(e.attribute) === name;
    };
    const bang = function (this: { updateBang(h: object): unknown }) {
      return this.updateBang({ [e.attribute]: name });
    };
    for (const key of new Set([`${stem}?`, rubyToTs(`${stem}?`)])) if (!(key in proto)) Object.defineProperty(proto, key, { value: predicate, configurable: true, writable: true });
    for (const key of new Set([`${stem}!`, rubyToTs(`${stem}!`)])) if (!(key in proto)) Object.defineProperty(proto, key, { value: bang, configurable: true, writable: true });
    if (e.scopes) {
      meta.scopes.set(stem, function (this: { where(c: object): unknown }) {
        return this.where({ [e.attribute]: name });
      });
      meta.scopes.set(`not_${stem}`, function (this: { whereNot(c: object): unknown }) {
        return this.whereNot({ [e.attribute]: name });
      });
    }
  }
  const plural = pluralize(e.attribute);
  const mapping = Object.fromEntries(e.mapping);
  for (const key of new Set([plural, rubyToTs(plural)])) {
    if (!Object.prototype.hasOwnProperty.call(cls, key)) Object.defineProperty(cls, key, { value: mapping, configurable: true, writable: true });
  }
}
