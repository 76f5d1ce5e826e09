// The model runtime's public surface (re-exported by runtime/index.ts as `record` and, for the common names, flat).
export { Base, Record } from "./record.js";
export type { Attributes, ModelClass } from "./record.js";
export { defineModel } from "./define.js";
export { Relation, currentScope } from "./relation.js";
export type { Conditions, OrderArg, WhereArg } from "./relation.js";
export { CollectionProxy } from "./collection.js";
export type { HasManyAssociation } from "./has-many.js";
export { Errors, ErrorEntry, MESSAGES } from "../active-model/errors.js";
export type { ErrorOptions } from "../active-model/errors.js";
export {
  abort, CallbackAbort, ForbiddenAttributesError, RecordInvalid, RecordNotDestroyed, RecordNotFound, RecordNotSaved,
} from "./exceptions.js";
export { UnknownAttributeError } from "./attributes.js";
export { EnumArgumentError } from "./enum.js";
export type { EnumDescriptor } from "./enum.js";
export { SubclassNotFound } from "./inheritance.js";
export { Time, currentTime, setClock } from "../active-support/time.js";
export { Decimal } from "../ruby/big-decimal.js";
export { RubyDate } from "../ruby/date.js";
export { isRecord, model, modelClass, registeredModels } from "./model.js";
export { scope, scopeArray } from "./scoping.js";
export type { AssociationMeta, EnumMeta, ModelMeta } from "./model.js";
export type { AssociationDescriptor, CallbackDescriptor, ModelDescriptor, ScopeDescriptor, ValidationDescriptor } from "./meta.js";
export type { ModelName, ModelNames } from "../active-model/model-name.js";
export type { ColumnMeta, RailsType } from "./types.js";
export type { SerializeOptions } from "./serialization.js";
export type { RangeLike } from "../ruby/range.js";
export { CurrentAttributes, defineCurrentAttributes } from "../active-support/current-attributes.js";
export type { CurrentAttributesDescriptor } from "../active-support/current-attributes.js";
export { bcryptHash, bcryptVerify, setSaltGenerator } from "../gems/bcrypt/bcrypt.js";
export { generateUniqueSecureToken, setBcryptCost, setTokenGenerator } from "./secure.js";
export type { SecurePasswordDescriptor, SecureTokenDescriptor } from "./secure.js";
export type { BatchOptions } from "./batches.js";
export { configureSignedIds, InvalidSignature } from "./signed-id.js";
export type { SignedIdOptions } from "./signed-id.js";
export { assignAttribute, queryAttribute } from "./attribute-methods.js";
export type { FixtureSetSource } from "./fixtures/index.js";
// Model.connection as a typed value of lowered code.
export type { Connection as ActiveRecordConnection } from "./connection/index.js";
