// The action_policy gem (0.7.x): the policies an app writes (`class BookPolicy < ApplicationPolicy`, ApplicationPolicy
// < ActionPolicy::Base) as subclasses of ActionPolicyBase (a library base, runtime/ruby/library-bases.ts), and the
// controller side the gem's railtie includes in ActionController::Base (ActionPolicy::Controller), installed on the
// runtime's Controller at load:
//   authorize :user, through: :current_librarian    authorizationTarget(BooksController, "user", "current_librarian")
//   authorize! book  (to: defaults to "#{action}?")  this.authorizeBang(book)           raises ActionPolicy::Unauthorized
//   allowed_to?(:update?, Book) (controller, view)   this.isAllowedTo("update?", Book)   (a helper_method)
//   class BookPolicy < ApplicationPolicy; def update? = user.librarian? end   user / record: the context and target
// What is kept of the gem: the lookup chain's class inference within the controller's namespace (Web::Librarians::
// BookPolicy, then Web::BookPolicy, then BookPolicy), the authorization context from the controller's targets (the
// railtie's default `authorize :user, through: :current_user`), ActionPolicy::Policy::Defaults (index?, create?,
// manage? false; new? is create?; an unknown rule is manage?) and a required `user`. Not kept: scopes, pre-checks,
// reasons, caching: a policy class body that uses them is declined by the compiler where it is written.
import { Controller } from "../../action-pack/controller.js";
import { camelize, classify, safeConstantize } from "../../active-support/inflector.js";
import { registerLibraryBase } from "../../ruby/library-bases.js";
import { rubyToTs } from "../../ruby/names.js";
import { RubyObject } from "../../ruby/ruby-object.js";
import { inspect, toS } from "../../ruby/ruby.js";

const truthy = (v: unknown): boolean => v !== null && v !== undefined && v !== false;

export class ActionPolicyError extends Error {
  override name = "ActionPolicy::Error";
}

/** ActionPolicy::Unauthorized: `authorize!` of a rule the policy denies ("Not Authorized", the policy and rule kept). */
export class ActionPolicyUnauthorized extends ActionPolicyError {
  override name = "ActionPolicy::Unauthorized";
  constructor(readonly policy: string, readonly rule: string) {
    super("Not Authorized");
  }
}

/** ActionPolicy::NotFound: no policy class for the target. */
export class ActionPolicyNotFound extends ActionPolicyError {
  override name = "ActionPolicy::NotFound";
}

/** ActionPolicy::AuthorizationContextMissing: a policy built without its required context (nil `user`). */
export class AuthorizationContextMissing extends ActionPolicyError {
  override name = "ActionPolicy::AuthorizationContextMissing";
  constructor(key: string) {
    super(`Missing policy authorization context: ${key}`);
  }
}

/** ActionPolicy::Base with ActionPolicy::Policy::Defaults. */
export class ActionPolicyBase extends RubyObject {
  static override rubyName = "ActionPolicy::Base";
  /** Defaults: `default_rule :manage?`, `alias_rule :new?, to: :create?`. */
  static rulesAliases: Readonly<Record<string, string>> = { __default__: "manage?", "new?": "create?" };
  /** Defaults' `authorize :user`: required (allow_nil: false). */
  static authorizationContextKeys: readonly string[] = ["user"];

  /** initialize(record = nil, **params): the target and the authorization context. */
  override initialize(...args: unknown[]): unknown {
    const [record = null, params = {}] = args as [unknown, Record<string, unknown> | undefined];
    this.ivars.record = record;
    for (const key of (this.constructor as typeof ActionPolicyBase).authorizationContextKeys) {
      const value = params?.[key] ?? null;
      if (value === null) throw new AuthorizationContextMissing(key);
      this.ivars[key] = value;
    }
    return null;
  }

  get record(): unknown {
    return this.ivars.record ?? null;
  }

  get user(): unknown {
    return this.ivars.user ?? null;
  }

  isIndex(): boolean {
    return false;
  }

  isCreate(): boolean {
    return false;
  }

  isManage(): boolean {
    return false;
  }

  /** Aliases#resolve_rule: an alias, the rule itself when the policy has it, else the default rule. */
  resolveRule(activity: string): string {
    const aliases = (this.constructor as typeof ActionPolicyBase).rulesAliases;
    if (activity in aliases && activity !== "__default__") return aliases[activity]!;
    if (typeof (this as unknown as Record<string, unknown>)[rubyToTs(activity)] === "function") return activity;
    return aliases.__default__ ?? activity;
  }

  /** Core#apply: the rule's answer as a boolean. */
  apply(rule: string): boolean {
    const method = (this as unknown as Record<string, unknown>)[rubyToTs(rule)];
    if (typeof method !== "function") throw new ActionPolicyError(`undefined rule ${rule} for ${this.rubyClassName()}`);
    return truthy((method as () => unknown).call(this));
  }
}

registerLibraryBase("ActionPolicy::Base", "ActionPolicyBase", ActionPolicyBase);

// ActionPolicy::Behaviour::ClassMethods#authorization_targets, per controller class: a subclass starts from a copy of
// its superclass's, and ActionController::Base's is the railtie's `authorize :user, through: :current_user`.
const TARGETS = new WeakMap<object, Record<string, string>>();

function targetsOf(cls: object): Record<string, string> {
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c) as object | null) {
    const own = TARGETS.get(c);
    if (own) return own;
  }
  return { user: "current_user" };
}

/** `authorize :user, through: :current_librarian` in a controller's body. */
export function authorizationTarget(cls: object, key: string, through: string | null = null): void {
  const targets = { ...targetsOf(cls), [key]: through ?? key };
  TARGETS.set(cls, targets);
}

const CONTEXT = new WeakMap<object, Record<string, unknown>>();

interface AuthorizingController {
  controllerPath: string;
  actionName: string;
}

function authorizationContext(c: AuthorizingController): Record<string, unknown> {
  let context = CONTEXT.get(c);
  if (!context) {
    context = {};
    for (const [key, method] of Object.entries(targetsOf(c.constructor))) {
      const fn = (c as unknown as Record<string, unknown>)[rubyToTs(method)];
      if (typeof fn !== "function") throw new Error(`undefined method \`${method}' for an instance of ${c.constructor.name}`);
      context[key] = (fn as () => unknown).call(c);
    }
    CONTEXT.set(c, context);
  }
  return context;
}

/** LookupChain's INFER_FROM_CLASS within the controller's namespace, outward to the top level. */
function lookupPolicy(c: AuthorizingController, record: unknown): typeof ActionPolicyBase {
  const target = typeof record === "function" ? record : (record as { constructor?: unknown } | null)?.constructor;
  const policyName = `${toS(target)}Policy`;
  const namespace = c.controllerPath.split("/").slice(0, -1).map((part) => camelize(part));
  for (let depth = namespace.length; depth >= 0; depth--) {
    const found = safeConstantize([...namespace.slice(0, depth), policyName].join("::"));
    if (typeof found === "function") return found as typeof ActionPolicyBase;
  }
  throw new ActionPolicyNotFound(`Couldn't find policy class for ${inspect(record)}${typeof record === "function" ? "" : ` (${toS(target)})`}`);
}

/** ActionPolicy::Controller#implicit_authorization_target: the controller's model (`controller_name.classify`). */
function implicitTarget(c: AuthorizingController): unknown {
  const target = safeConstantize(classify(c.controllerPath.split("/").pop()!));
  if (target === null) throw new ActionPolicyNotFound(`Couldn't find implicit authorization target for ${c.constructor.name}`);
  return target;
}

function policyFor(c: AuthorizingController, record: unknown, options: { with?: unknown } = {}): ActionPolicyBase {
  const cls = typeof options.with === "function" ? (options.with as typeof ActionPolicyBase) : lookupPolicy(c, record);
  return cls.build(record, authorizationContext(c)) as ActionPolicyBase;
}

const UNDEF = Symbol("action_policy.undef");

function targetOr(c: AuthorizingController, record: unknown): unknown {
  return record === UNDEF || record === undefined ? implicitTarget(c) : record;
}

declare module "../../action-pack/controller.js" {
  interface Controller<A> {
    /** allowed_to?(rule, record = implicit target, with: nil) */
    isAllowedTo(rule: unknown, record?: unknown, options?: { with?: unknown }): boolean;
    /** authorize!(record = implicit target, to: "#{action_name}?", with: nil) */
    authorizeBang(record?: unknown, options?: { to?: unknown; with?: unknown }): boolean;
  }
}

Object.defineProperty(Controller.prototype, "isAllowedTo", {
  configurable: true,
  writable: true,
  value: function (this: AuthorizingController, rule: unknown, record: unknown = UNDEF, options: { with?: unknown } = {}): boolean {
    const policy = policyFor(this, targetOr(this, record), options);
    return policy.apply(policy.resolveRule(toS(rule)));
  },
});

Object.defineProperty(Controller.prototype, "authorizeBang", {
  configurable: true,
  writable: true,
  value: function (this: AuthorizingController, record: unknown = UNDEF, options: { to?: unknown; with?: unknown } = {}): boolean {
    const policy = policyFor(this, targetOr(this, record), options);
    const rule = policy.resolveRule(options.to === undefined || options.to === null ? `${this.actionName}?` : toS(options.to));
    if (!policy.apply(rule)) throw new ActionPolicyUnauthorized(policy.rubyClassName(), rule);
    return true;
  },
});
