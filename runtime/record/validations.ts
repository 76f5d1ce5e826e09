// ActiveModel/ActiveRecord validators -> `validate` callbacks that add to record.errors.
//
//   validates :title, presence: true              { attribute: "title", validator: "presence", options: {} }
//   validates :body, length: { minimum: 10 }      { validator: "length", options: { minimum: 10 } }
//   length: { in: 2..20 }                         options: { in: [2, 20] }  (or { minimum, maximum })
//   validates :code, uniqueness: true             SELECT 1 AS one FROM "t" WHERE "t"."code" = ? [AND "t"."id" != ?] LIMIT ?
// Shared options: allow_nil, allow_blank, message, on ("create" | "update"), if / unless (a method name).
// Messages and their order are ActiveModel's (errors.ts).
import { rubyToTs } from "../app/names.js";
import { isBlank, truthy } from "../support/ruby.js";
import type { ErrorOptions } from "./errors.js";
import type { ValidationDescriptor } from "./meta.js";
import { metaOf, type CallbackFn, type RecordLike } from "./model.js";

type Options = { [key: string]: unknown };
type Check = (record: RecordLike, attribute: string, value: unknown, options: Options) => void;

/** Adds one error; `options.message` (or the per-check key, e.g. too_short:) replaces the default text. */
function add(record: RecordLike, attribute: string, type: string, options: Options, extra: ErrorOptions = {}, messageKey = "message"): void {
  const message = (options[messageKey] ?? options.message) as string | undefined;
  record.errors.add(attribute, type, message === undefined ? extra : { ...extra, message });
}

/** Ruby String#length counts characters, not UTF-16 units. */
function lengthOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (Array.isArray(value)) return value.length;
  return [...String(value)].length;
}

function range(options: Options): [number | undefined, number | undefined] {
  const within = (options.in ?? options.within) as unknown;
  if (Array.isArray(within)) return [within[0] as number, within[1] as number];
  if (within && typeof within === "object") {
    const r = within as { min?: number; max?: number; begin?: number; end?: number };
    return [r.min ?? r.begin, r.max ?? r.end];
  }
  return [options.minimum as number | undefined, options.maximum as number | undefined];
}

const length: Check = (record, attribute, value, options) => {
  const [minimum, maximum] = range(options);
  const n = lengthOf(value);
  // LengthValidator::CHECKS order: is, minimum, maximum.
  if (typeof options.is === "number" && n !== options.is) add(record, attribute, "wrong_length", options, { count: options.is }, "wrong_length");
  if (minimum !== undefined && n < minimum) add(record, attribute, "too_short", options, { count: minimum }, "too_short");
  if (maximum !== undefined && n > maximum) add(record, attribute, "too_long", options, { count: maximum }, "too_long");
};

const NUMBER_CHECKS: Array<[string, (a: number, b: number) => boolean]> = [
  ["greater_than", (a, b) => a > b], ["greater_than_or_equal_to", (a, b) => a >= b], ["equal_to", (a, b) => a === b],
  ["less_than", (a, b) => a < b], ["less_than_or_equal_to", (a, b) => a <= b], ["other_than", (a, b) => a !== b],
];

const numericality: Check = (record, attribute, value, options) => {
  const raw = (record as unknown as { readAttributeBeforeTypeCast(n: string): unknown }).readAttributeBeforeTypeCast(attribute);
  const text = typeof raw === "number" ? String(raw) : String(raw ?? "").trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return add(record, attribute, "not_a_number", options);
  const n = Number(text);
  if (options.only_integer && !/^[+-]?\d+$/.test(text)) return add(record, attribute, "not_an_integer", options);
  for (const [key, test] of NUMBER_CHECKS) {
    if (typeof options[key] === "number" && !test(n, options[key] as number)) add(record, attribute, key, options, { count: options[key] as number });
  }
  if (options.odd && n % 2 === 0) add(record, attribute, "odd", options);
  if (options.even && n % 2 !== 0) add(record, attribute, "even", options);
};

const CHECKS: { [validator: string]: Check } = {
  presence: (record, attribute, value, options) => {
    if (isBlank(value)) add(record, attribute, "blank", options);
  },
  absence: (record, attribute, value, options) => {
    if (!isBlank(value)) add(record, attribute, "present", options);
  },
  length,
  numericality,
  inclusion: (record, attribute, value, options) => {
    const list = (options.in ?? options.within) as unknown[];
    if (!list.some((x) => x === value)) add(record, attribute, "inclusion", options, { value });
  },
  exclusion: (record, attribute, value, options) => {
    const list = (options.in ?? options.within) as unknown[];
    if (list.some((x) => x === value)) add(record, attribute, "exclusion", options, { value });
  },
  format: (record, attribute, value, options) => {
    const pattern = options.with instanceof RegExp ? options.with : new RegExp(String(options.with));
    if (!pattern.test(value === null || value === undefined ? "" : String(value))) add(record, attribute, "invalid", options, { value });
  },
  acceptance: (record, attribute, value, options) => {
    const accept = (options.accept as unknown[] | undefined) ?? ["1", true];
    if (!accept.includes(value as never)) add(record, attribute, "accepted", options);
  },
  uniqueness: (record, attribute, value, options) => {
    const cls = record.constructor as unknown as { where(c: object): { whereNot(c: object): { exists(): boolean }; exists(): boolean } };
    const pk = metaOf(record.constructor).primaryKey;
    const scope = ([] as string[]).concat((options.scope as string | string[] | undefined) ?? []);
    const conditions: Options = { [attribute]: value };
    for (const s of scope) conditions[s] = record.readAttribute(s);
    const relation = cls.where(conditions);
    const taken = record.isNewRecord() ? relation.exists() : relation.whereNot({ [pk]: record.readAttribute(pk) }).exists();
    if (taken) add(record, attribute, "taken", options, { value });
  },
};

/** validates_each's guards: on:, if:, unless:, allow_nil, allow_blank. */
function applies(record: RecordLike, value: unknown, options: Options): boolean {
  if (options.on === "create" && !record.isNewRecord()) return false;
  if (options.on === "update" && record.isNewRecord()) return false;
  if (typeof options.if === "string" && !callPredicate(record, options.if)) return false;
  if (typeof options.unless === "string" && callPredicate(record, options.unless)) return false;
  if (options.allow_nil && (value === null || value === undefined)) return false;
  if (options.allow_blank && isBlank(value)) return false;
  return true;
}

function callPredicate(record: RecordLike, method: string): boolean {
  const target = record as unknown as { [k: string]: unknown };
  const fn = target[rubyToTs(method)] ?? target[method];
  if (typeof fn !== "function") throw new TypeError(`undefined method \`${method}' for an instance of ${record.constructor.name}`);
  return truthy((fn as () => unknown).call(record));
}

export function isSupportedValidator(validator: string): boolean {
  return validator in CHECKS;
}

/** The `validate` callback for one `validates` entry. */
export function validatorFor(entry: ValidationDescriptor): CallbackFn {
  const check = CHECKS[entry.validator];
  if (!check) throw new Error(`unsupported validator: validates ${entry.attribute}, ${entry.validator}:`);
  const options = entry.options ?? {};
  return (record) => {
    const value = record.readAttribute(entry.attribute);
    if (applies(record, value, options)) check(record, entry.attribute, value, options);
  };
}
