// Compile-time proof that a record is what the view helpers accept (runtime/active-model/host.ts): ViewRecord for
// records, ModelClass for model classes, ViewErrors for errors. A change on either side that breaks the
// contract fails `tsc` here rather than at render time.
import type { ModelClass as ViewModelClass, ViewErrors, ViewRecord } from "../active-model/host.js";
import type { Errors } from "../active-model/errors.js";
import type { Base } from "./record.js";

export const asViewRecord = (record: Base): ViewRecord => record;
export const asViewModelClass = (cls: typeof Base): ViewModelClass => cls;
export const asViewErrors = (errors: Errors): ViewErrors => errors;
