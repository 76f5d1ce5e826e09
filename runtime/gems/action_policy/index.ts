// action_policy: policies an app subclasses (ActionPolicy::Base) and the controller's authorize! / allowed_to?.
export { ActionPolicyBase, ActionPolicyUnauthorized, ActionPolicyNotFound, AuthorizationContextMissing, authorizationTarget } from "./action-policy.js";
