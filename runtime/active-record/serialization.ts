// ActiveModel::Serializers::JSON -> recordAsJson: `record.as_json(only:, except:, methods:, include:)`.
// Keys in the record's attribute order (attributes.ts explains why that is not always column order); values
// through ActiveSupport's as_json, float columns kept as Floats so 2.0 prints "2.0" as Ruby does.
import { asJson } from "../active-support/json-encode.js";
import { RubyFloat } from "../ruby/ruby.js";
import type { ModelMeta, RecordLike } from "./model.js";

export interface SerializeOptions {
  only?: string | string[];
  except?: string | string[];
  methods?: string | string[];
  include?: string | string[] | { [association: string]: SerializeOptions };
}

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function attributeValue(record: RecordLike, meta: ModelMeta, name: string): unknown {
  const value = record.readAttribute(name);
  const column = meta.columns.find((c) => c.name === name);
  if (column?.type === "float" && typeof value === "number") return new RubyFloat(value);
  return value;
}

function includes(option: SerializeOptions["include"]): Array<[string, SerializeOptions]> {
  if (option === undefined) return [];
  if (typeof option === "string" || Array.isArray(option)) return list(option).map((n) => [n, {}]);
  return Object.entries(option);
}

export function recordAsJson(record: RecordLike, meta: ModelMeta, options: SerializeOptions = {}): { [key: string]: unknown } {
  let names = (record as unknown as { attributeNames(): string[] }).attributeNames();
  if (options.only !== undefined) names = names.filter((n) => list(options.only).includes(n));
  else if (options.except !== undefined) names = names.filter((n) => !list(options.except).includes(n));
  const out: { [key: string]: unknown } = {};
  for (const name of names) out[name] = asJson(attributeValue(record, meta, name));
  for (const method of list(options.methods)) out[method] = asJson(record.readAttribute(method));
  for (const [name, nested] of includes(options.include)) {
    const value = record.readAttribute(name);
    const serialize = (r: unknown) => (r as { asJson(o: SerializeOptions): unknown }).asJson(nested);
    if (value === null || value === undefined) out[name] = null;
    else if (typeof (value as { toA?: unknown }).toA === "function") out[name] = (value as { toA(): unknown[] }).toA().map(serialize);
    else out[name] = serialize(value);
  }
  return out;
}
