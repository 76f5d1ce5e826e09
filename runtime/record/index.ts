// The model runtime's public surface (re-exported by runtime/index.ts).
export { Base, Record } from "./record.js";
export type { Attributes, ModelClass } from "./record.js";
export { defineModel } from "./define.js";
export { Relation } from "./relation.js";
export type { Conditions, OrderArg } from "./relation.js";
export { CollectionProxy } from "./collection.js";
export { Errors, ErrorEntry, MESSAGES } from "./errors.js";
export type { ErrorOptions } from "./errors.js";
export {
  abort, CallbackAbort, ForbiddenAttributesError, RecordInvalid, RecordNotDestroyed, RecordNotFound, RecordNotSaved,
} from "./exceptions.js";
export { UnknownAttributeError } from "./attributes.js";
export { Time, currentTime, setClock } from "./time.js";
export { Decimal } from "./decimal.js";
export { RubyDate } from "../support/date.js";
export { isRecord, modelClass, registeredModels } from "./model.js";
export type { AssociationMeta, ModelMeta } from "./model.js";
export type {
  AssociationDescriptor, CallbackDescriptor, ModelDescriptor, ModelName, ModelNames, ValidationDescriptor,
} from "./meta.js";
export type { ColumnMeta, RailsType } from "./types.js";
export type { SerializeOptions } from "./serialization.js";
