// Active Model: plain models, ActiveModel::Name, errors, validations, attributes and the view-facing model interface.
export { ActiveModel, RubyObject, ValidationError, attrAccessor } from "./active-model.js";
export { defineActiveModel } from "./define.js";
export type { ActiveModelDescriptor, AttributeDescriptor } from "./define.js";
export type { ModelName } from "./model-name.js";
