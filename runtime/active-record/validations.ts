// `validates` entries -> `validate` callbacks that add to record.errors (ActiveModel::Validations).
//
//   validates :title, presence: true              { attribute: "title", validator: "presence", options: {} }
//   validates :body, length: { in: 2..20 }        options: { in: { begin: 2, end: 20, exclusive: false } } (or [2, 20])
//   validates :code, uniqueness: { scope: :x }    uniqueness.ts;  numericality / comparison: numericality.ts
//   on: :create / if: / unless:                   callback conditions (the validation context, as Rails checks it)
//   allow_nil / allow_blank                       EachValidator#validate skips those values
// `validates :a, :b, presence: true, length: {...}` is one entry per validator and attribute, in Rails' order:
// presence(a), presence(b), length(a), length(b) — entries sharing a declaration share its `at`.
import { isBlank } from "../ruby/ruby.js";
import { addCallback } from "./callbacks.js";
import type { ValidationDescriptor } from "./meta.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { comparison, numericality } from "./numericality.js";
import { uniqueness } from "./uniqueness.js";
import { BASIC_CHECKS, except, type Check } from "./validators.js";

const CALLBACK_OPTIONS = ["if", "unless", "on", "strict"];

function checkFor(validator: string, declaredBy: string): Check | undefined {
  if (validator === "numericality") return numericality;
  if (validator === "comparison") return comparison;
  if (validator === "uniqueness") return uniqueness(declaredBy);
  return BASIC_CHECKS[validator];
}

export function isSupportedValidator(validator: string): boolean {
  return validator in BASIC_CHECKS || ["numericality", "comparison", "uniqueness"].includes(validator);
}

/** Registers one `validates` entry on a class: a validate callback with Rails' conditions. */
export function registerValidation(meta: ModelMeta, entry: ValidationDescriptor): void {
  const check = checkFor(entry.validator, meta.className);
  if (!check) throw new Error(`unsupported validator: validates ${entry.attribute}, ${entry.validator}:`);
  const options = entry.options ?? {};
  // acceptance allows nil unless told otherwise (AcceptanceValidator's allow_nil: true default).
  const allowNil = options.allow_nil ?? (entry.validator === "acceptance" ? true : undefined);
  const passed = except(options, ...CALLBACK_OPTIONS);
  const fn = (record: RecordLike) => {
    const value = record.readAttribute(entry.attribute);
    if (allowNil && (value === null || value === undefined)) return;
    if (options.allow_blank && isBlank(value)) return;
    check(record, entry.attribute, value, passed);
  };
  addCallback(meta, "validate", fn, { on: options.on as string | string[] | undefined, if: options.if as never, unless: options.unless as never });
}
