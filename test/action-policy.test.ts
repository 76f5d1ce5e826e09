// The action_policy gem (0.7.0) as its source defines it (lib/action_policy/policy/defaults.rb, aliases.rb,
// behaviour.rb, lookup_chain.rb, rails/controller.rb): a policy's rules with ActionPolicy::Base's defaults (index?,
// create?, manage? false; new? is create?; a rule the policy lacks is manage?), the required `user` context, the
// controller's allowed_to? / authorize! (the policy looked up by the target's class name within the controller's
// namespace, outward; the context from `authorize :user, through:`, the railtie's `through: :current_user` by
// default; authorize!'s rule the action's), and the compiler's side: the macro and the calls lowered only when the gem
// is bundled.
import { describe, expect, it } from "vitest";
// The app's constant lookup (String#constantize over models, then plain classes) is active-record's.
import "../runtime/active-record/index.js";
import { Controller } from "../runtime/action-pack/controller.js";
import { ActionPolicyBase, ActionPolicyUnauthorized, AuthorizationContextMissing, authorizationTarget } from "../runtime/gems/action_policy/index.js";
import { registerAppConstant } from "../runtime/ruby/app-class.js";
import { RubyObject } from "../runtime/ruby/ruby-object.js";

class Shelf extends RubyObject {
  static override rubyName = "Shelf";
}
class ShelfPolicy extends ActionPolicyBase {
  static override rubyName = "ShelfPolicy";
  isCreate(): boolean {
    return (this.user as { role: string }).role === "librarian";
  }
  isUpdate(): boolean {
    return this.isCreate();
  }
}
class AdminShelfPolicy extends ActionPolicyBase {
  static override rubyName = "Admin::ShelfPolicy";
  isUpdate(): boolean {
    return false;
  }
}
registerAppConstant("Shelf", Shelf);
registerAppConstant("ShelfPolicy", ShelfPolicy);
registerAppConstant("Admin::ShelfPolicy", AdminShelfPolicy);

const librarian = { role: "librarian" };
const member = { role: "member" };

describe("a policy", () => {
  const policy = ShelfPolicy.build(null, { user: librarian });

  it("answers its own rules, Base's defaults and aliases", () => {
    expect(["update?", "create?", "new?", "index?", "show?"].map((rule) => [rule, policy.resolveRule(rule), policy.apply(policy.resolveRule(rule))])).toEqual([
      ["update?", "update?", true],
      ["create?", "create?", true],
      ["new?", "create?", true],
      ["index?", "index?", false],
      ["show?", "manage?", false],
    ]);
  });

  it("needs its user", () => {
    expect(() => ShelfPolicy.build(null, {})).toThrow(AuthorizationContextMissing);
    expect(() => ShelfPolicy.build(null, {})).toThrow("Missing policy authorization context: user");
  });
});

// The controller side, on controllers as the compiler emits them: the controller's path and action, its methods.
class LibrarianShelvesController {
  controllerPath = "librarians/shelves";
  actionName = "update";
  constructor(private readonly signedIn: unknown) {}
  currentLibrarian(): unknown {
    return this.signedIn;
  }
}
authorizationTarget(LibrarianShelvesController, "user", "current_librarian");
class AdminShelvesController {
  controllerPath = "admin/shelves";
  actionName = "update";
  currentUser(): unknown {
    return librarian;
  }
}
const allowedTo = (c: object, ...args: unknown[]) => (Controller.prototype.isAllowedTo as (...a: unknown[]) => boolean).apply(c, args);
const authorize = (c: object, ...args: unknown[]) => (Controller.prototype.authorizeBang as (...a: unknown[]) => boolean).apply(c, args);

describe("allowed_to? and authorize! in a controller", () => {
  it("build the policy with the controller's context", () => {
    expect([allowedTo(new LibrarianShelvesController(librarian), "update?", Shelf), allowedTo(new LibrarianShelvesController(member), "update?", Shelf)]).toEqual([true, false]);
  });

  it("look the policy up in the controller's namespace first, with the railtie's current_user", () => {
    expect(allowedTo(new AdminShelvesController(), "update?", Shelf)).toBe(false);
    expect(allowedTo(new AdminShelvesController(), "create?", Shelf)).toBe(false);
  });

  it("take the controller's model and the action's rule by default, and raise when denied", () => {
    expect(authorize(new LibrarianShelvesController(librarian))).toBe(true);
    expect(() => authorize(new LibrarianShelvesController(member), Shelf.build())).toThrow(ActionPolicyUnauthorized);
    expect(() => authorize(new LibrarianShelvesController(member), Shelf.build(), { to: "index?" })).toThrow("Not Authorized");
  });
});
