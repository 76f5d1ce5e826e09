// Active Record's validations: Active Model's (active-model/validations.ts) plus uniqueness, which queries.
//   validates :code, uniqueness: { scope: :x }    uniqueness.ts, run through the class that declared it (STI)
import type { ValidationDescriptor } from "../active-model/validations.js";
import { addValidation, MODEL_CHECKS } from "../active-model/validations.js";
import type { Check } from "../active-model/validators.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { uniqueness } from "./uniqueness.js";

function checkFor(validator: string, declaredBy: string): Check | undefined {
  return validator === "uniqueness" ? uniqueness(declaredBy) : MODEL_CHECKS[validator];
}

export function isSupportedValidator(validator: string): boolean {
  return validator === "uniqueness" || validator in MODEL_CHECKS;
}

/** Registers one `validates` entry on a model class. */
export function registerValidation(meta: ModelMeta, entry: ValidationDescriptor): void {
  const check = checkFor(entry.validator, meta.className);
  if (!check) throw new Error(`unsupported validator: validates ${entry.attribute}, ${entry.validator}:`);
  addValidation<RecordLike>(meta, entry, check);
}
