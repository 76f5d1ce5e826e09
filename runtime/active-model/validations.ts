// ActiveModel::Validations: `validates` entries -> `validate` callbacks that add to errors, and valid? running the
// validation chain (Validations::Callbacks) around the validate chain. One implementation for Active Model classes
// and Active Record models (Active Record adds uniqueness, which needs the database: active-record/validations.ts).
//
//   validates :title, presence: true              { attribute: "title", validator: "presence", options: {} }
//   validates :body, length: { in: 2..20 }        options: { in: { begin: 2, end: 20, exclusive: false } } (or [2, 20])
//   numericality / comparison                     numericality.ts; the others validators.ts
//   on: :create / if: / unless:                   callback conditions (the validation context, as Rails checks it)
//   allow_nil / allow_blank                       EachValidator#validate skips those values
// `validates :a, :b, presence: true, length: {...}` is one entry per validator and attribute, in Rails' order:
// presence(a), presence(b), length(a), length(b) — entries sharing a declaration share its `at`.
import { isBlank } from "../ruby/ruby.js";
import { runCallbacks, type CallbackChains } from "../active-support/callbacks.js";
import { addCallbackEntry, VALIDATION_MACROS } from "./callbacks.js";
import { comparison, numericality } from "./numericality.js";
import { BASIC_CHECKS, except, type Check, type Validatable } from "./validators.js";

export interface ValidationDescriptor {
  attribute: string;
  /**
   * presence | absence | length | format | inclusion | exclusion | numericality | comparison | acceptance |
   * confirmation (| uniqueness, on records). One entry per validator per attribute, in Rails' order (validators of
   * one `validates` line in option order, each over all its attributes); entries of one line share `at`.
   */
  validator: string;
  /**
   * The validator's options plus the shared ones (allow_nil, allow_blank, message, on, if, unless). Shapes:
   * length in/within a range; inclusion/exclusion in an array, range or function; format with/without a RegExp;
   * comparison greater_than etc. a value, a function, or a string naming another attribute; uniqueness scope a
   * string or array, case_sensitive, conditions a scope-like function; messages may use %{value} / %{count}.
   */
  options?: { [key: string]: unknown };
  at?: number;
}

/** The validators ActiveModel defines, by their `validates` key. */
export const MODEL_CHECKS: { readonly [validator: string]: Check } = { ...BASIC_CHECKS, numericality, comparison };

const CALLBACK_OPTIONS = ["if", "unless", "on", "strict"];
const MACROS = new Map(VALIDATION_MACROS);

/** What valid? sets while it runs and reads back. */
export interface ValidationTarget extends Validatable {
  _validationContext: string | null;
}

/** Registers one `validates` entry: a validate callback with Rails' conditions, running `check`. */
export function addValidation<R extends Validatable>(holder: CallbackChains<R>, entry: ValidationDescriptor, check: Check): void {
  const options = entry.options ?? {};
  // acceptance allows nil unless told otherwise (AcceptanceValidator's allow_nil: true default).
  const allowNil = options.allow_nil ?? (entry.validator === "acceptance" ? true : undefined);
  const passed = except(options, ...CALLBACK_OPTIONS);
  const fn = (record: R) => {
    const value = record.readAttribute(entry.attribute);
    if (allowNil && (value === null || value === undefined)) return;
    if (options.allow_blank && isBlank(value)) return;
    check(record, entry.attribute, value, passed);
  };
  addCallbackEntry(holder, MACROS, { event: "validate", fn: (record: R) => fn(record), options: { on: options.on, if: options.if, unless: options.unless } });
}

/** valid?(context): errors cleared, the validation chain around the validate chain; true when none was added. */
export function runValidations<R extends ValidationTarget>(record: R, holder: CallbackChains<R>, context: string | null): boolean {
  const previous = record._validationContext;
  record._validationContext = context;
  try {
    record.errors.clear();
    return runCallbacks(record, holder, "validation", () => (runCallbacks(record, holder, "validate"), record.errors.isEmpty())) === true;
  } finally {
    record._validationContext = previous;
  }
}
