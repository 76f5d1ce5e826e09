// Active Model: plain models, ActiveModel::Name, errors and the view-facing model interface.
export { ActiveModel, RubyObject, attrAccessor } from "./active-model.js";
export type { ModelName } from "./model-name.js";
