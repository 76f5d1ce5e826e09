// Receiver-less calls: what `foo(args)` means depends on where the code runs.
//
//   anywhere   new_post_path(x) / post_url(x)   routes.newPostPath(self, x)   (the app's route table)
//   view       link_to "A", x / form_with ... do      view.linkTo("A", x) / view.formWith({...}, (form) => ...)
//              render x / yield / yield :head          view.render(...) / view.yieldContent() / view.yieldContentFor("head")
//              post (a partial's local)             locals.post
//   controller params / render / redirect_to / head    this.params / this.render({...}) / this.redirectTo(...)
//              respond_to do |format| ... end          this.respondTo((format) => { format.html(() => ...) })
//              set_post (own method)                this.setPost()
//              set_page_and_extract_portion_from r, per_page: 20   this.setPageAndExtractPortionFrom(r, { per_page: 20 })  (geared_pagination)
//   model      title / comments / errors / own method  this.title / this.comments / this.errors / this.m()
//              throw :abort                         abort()   (halts the callback chain)
import type { NodeOf } from "../parse/ir.js";
import type { ModelInfo } from "../analyze/models.js";
import { lit, lowerExpr, type TsExpr } from "./expr.js";
import { associationType, attributeType, lowerArg, lowerArgs, lowerTypedCall } from "./calls.js";
import { noteDirectCall } from "./routes/direct-params.js";
import { lowerCoreSelfCall } from "./core/index.js";
import { lowerIvarReflection } from "./core/ivar-reflection.js";
import { camel, rubyToTs } from "./names.js";
import type { LowerEnv, Scope } from "./scope.js";
import { BOOL, UNKNOWN, type RType } from "./types.js";
import { lowerBlockFn } from "./procs.js";
import { recordSelfCall } from "./model/relation-self.js";
import { CONTROLLER_RENDER_OPTIONS } from "../../runtime/action-pack/rendering.js";
import { TurboStreamsChannelConstant } from "../../runtime/gems/turbo-rails/turbo-constants.js";
import { BROADCASTABLE_METHODS } from "../../runtime/gems/turbo-rails/broadcastable.js";
import { attributeMethodNames } from "../../runtime/active-record/attribute-methods.js";
import { TURBO_CONTROLLER_MODULES } from "../analyze/controllers.js";
import { noteDynamicSite } from "./dynamic-sites.js";

export function lowerSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr {
  const env = scope.env;
  const m = call.method;
  // A method the model (or an ancestor) or the controller defines itself wins over the route helper of that name,
  // as a method defined in the class wins over an included module's (url_helpers) in Ruby.
  const ownDefinition = (env.self === "model" && env.modelName !== undefined && ancestorHasMethod(env.app, env.modelName, m)) || (env.self === "controller" && env.ownMethods?.has(m) === true);
  if (/_(path|url)$/.test(m) && env.app.routeNames.has(m.replace(/_(path|url)$/, "")) && !ownDefinition) {
    const args = routeArgs(call, scope);
    // Controllers and views are their own URL context (the request's host, the recalled params); elsewhere (a
    // model including url_helpers) there is no request.
    const context = env.urlContext ?? (env.self === "controller" || env.selfExpr === "view" ? env.selfExpr : env.module.use("NO_REQUEST_URL_CONTEXT"));
    return lit(`${env.module.useRoutes()}.${camel(m)}(${[context, ...args].join(", ")})`, { k: "string" });
  }
  if (m === "block_given?" && scope.blockParam) return lit(`(${scope.blockParam} != null)`, BOOL);
  if ((m === "is_a?" || m === "kind_of?" || m === "instance_of?") && call.args.length === 1 && env.selfExpr === "this") {
    const klass = lowerExpr(call.args[0]!, scope);
    if (klass.type.k === "model") return lit(`(this instanceof ${klass.code})`, BOOL);
  }
  const special = env.selfCall?.(call, scope);
  if (special) return special;
  const ivar = lowerIvarReflection(call, scope);
  if (ivar) return ivar;
  switch (env.self) {
    case "controller":
      return controllerCall(call, scope);
    case "model":
      return modelSelfCall(call, scope);
    case "modelClass": {
      const typed = lowerTypedCall(call, lit("this", { k: "model", model: `typeof ${env.modelName}` }), scope);
      if (typed) return typed;
      break;
    }
    default:
      break;
  }
  const core = lowerCoreSelfCall(call, scope);
  if (core) return core;
  if (m === "puts" || m === "p") return lit(`console.log(${lowerArgs(call.args, null, scope).join(", ")})`);
  env.diags.report("unknown_helper", call.span, m);
  return lit(`${env.module.use("unsupported")}(${JSON.stringify(m)})`, UNKNOWN);
}

/** A route helper's arguments, lowered once; their types recorded for a `direct` route's block (routes/direct-params.ts). */
export function routeArgs(call: NodeOf<"call">, scope: Scope): string[] {
  const lowered = call.args.map((a) => lowerArg(a, scope));
  noteDirectCall(scope.env.app, call.method.replace(/_(path|url)$/, ""), call, lowered.map((e) => e.type));
  return lowered.map((e) => e.code);
}

const CONTROLLER_PROPS: Record<string, RType> = {
  // session is a Session (its own delete, [], to_hash), not a plain Hash: its own members (runtime-objects.ts).
  params: { k: "params" }, session: { k: "runtime", cls: "session" }, flash: { k: "runtime", cls: "flash" },
  cookies: { k: "runtime", cls: "cookies" }, request: { k: "runtime", cls: "request" }, response: { k: "runtime", cls: "response" },
};

const CONTROLLER_NAMES = new Set(["controller_name", "controller_path", "action_name"]);

/** ActionController::Base instance methods the runtime's Controller has (by Ruby name). */
const CONTROLLER_BASE_METHODS = new Set(["expires_in", "expires_now", "send_file", "rate_limiting", "reset_session"]);

/** ActionPolicy::Controller's methods (runtime/gems/action_policy): `allowed_to?` is a helper_method too. */
export const ACTION_POLICY_METHODS = new Set(["authorize!", "allowed_to?"]);

function controllerCall(call: NodeOf<"call">, scope: Scope): TsExpr {
  const env = scope.env;
  const m = call.method;
  if (m in CONTROLLER_PROPS && call.args.length === 0 && !call.block) return lit(`this.${m}`, CONTROLLER_PROPS[m]!);
  // AbstractController's names of the running controller and action (the runtime's getters and field).
  if (CONTROLLER_NAMES.has(m) && call.args.length === 0 && !call.block && !env.ownMethods?.has(m)) return lit(`this.${camel(m)}`, { k: "string" });
  if (m === "respond_to" && call.block) {
    return lit(`this.respondTo(${lowerBlockFn(call.block, scope, [{ k: "format" }]).code})`);
  }
  if (m === "fresh_when" || m === "stale?") {
    const args = lowerArgs(call.args, call.block, scope).join(", ");
    return m === "fresh_when" ? lit(`this.freshWhen(${args})`, BOOL) : lit(`!this.freshWhen(${args})`, BOOL);
  }
  // geared_pagination's controller method (GearedPagination::Controller, included in ActionController::Base).
  if (m === "set_page_and_extract_portion_from" && !env.ownMethods?.has(m) && env.app.config.engines.includes("geared_pagination")) {
    return lit(`this.setPageAndExtractPortionFrom(${lowerArgs(call.args, call.block, scope).join(", ")})`);
  }
  if ((m === "render" || m === "render_to_string") && call.args.some((a) => a.kind === "hash")) {
    // An option the runtime's render does not take is declined here (it would raise at run time, never be ignored).
    const hash = call.args.find((a): a is NodeOf<"hash"> => a.kind === "hash")!;
    for (const pair of hash.pairs) {
      const key = pair.key.kind === "sym" ? pair.key.name : null;
      if (key !== null && !CONTROLLER_RENDER_OPTIONS.has(key)) env.diags.report("unsupported_option", pair.key.span, `render ${key}: in a controller`);
    }
  }
  if (m === "render" || m === "redirect_to" || m === "head" || m === "redirect_back" || m === "render_to_string") {
    return lit(`this.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`);
  }
  if (env.ownMethods?.has(m)) {
    return lit(`this.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`, env.methodTypes?.get(m) ?? UNKNOWN);
  }
  // action_policy's ActionPolicy::Controller (its railtie includes it in ActionController::Base).
  if (ACTION_POLICY_METHODS.has(m) && env.app.gems.locked.has("action_policy")) {
    return lit(`this.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`, m.endsWith("?") ? BOOL : UNKNOWN);
  }
  // ActionController's own methods the runtime implements (expires_in, ...).
  if (CONTROLLER_BASE_METHODS.has(m)) return lit(`this.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`, UNKNOWN);
  // `include Turbo::Streams::Broadcasts` (StreamName): Turbo::StreamsChannel's class methods, called on it.
  if (env.controllerIncludes?.some((mod) => TURBO_CONTROLLER_MODULES.has(mod)) && typeof Reflect.get(TurboStreamsChannelConstant, rubyToTs(m)) === "function") {
    return lit(`${env.module.use("TurboStreamsChannelConstant")}.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`, UNKNOWN);
  }
  // Kernel's functions (raise, format, Integer(), ...) answer in a controller's methods as anywhere else.
  const kernel = lowerCoreSelfCall(call, scope);
  if (kernel) return kernel;
  env.diags.report("unknown_helper", call.span, `${m} (controller)`);
  return lit(`${env.module.use("unsupported")}(${JSON.stringify(m)})`, UNKNOWN);
}

/** `enum :role, %i[member admin], prefix: ...` defines `member?`, `member!` (with the prefix/suffix applied). */
export function enumMethodNames(app: LowerEnv["app"], modelName: string): Set<string> {
  const names = new Set<string>();
  for (let m = app.models.get(modelName); m; m = app.models.get(m.superclass)) ownEnumMethodNames(m).forEach((n) => names.add(n));
  return names;
}

/** The enum methods a model's own `enum` declarations define. */
export function ownEnumMethodNames(m: ModelInfo): Set<string> {
  const names = new Set<string>();
  for (const { descriptor: e } of m.enums) {
    const values = Array.isArray(e.values) ? e.values.map(String) : Object.keys((e.values ?? {}) as object);
    const affix = (v: unknown) => (v === true ? `${String(e.attribute)}` : typeof v === "string" ? v : null);
    const prefix = affix(e.prefix);
    const suffix = affix(e.suffix);
    for (const v of values) {
      const base = [prefix, v, suffix].filter(Boolean).join("_");
      names.add(`${base}?`).add(`${base}!`);
    }
  }
  return names;
}

function ancestorHasMethod(app: LowerEnv["app"], modelName: string, method: string): boolean {
  for (let m = app.models.get(modelName); m; m = m.parentModel ? app.models.get(m.parentModel) : app.models.get(m.superclass)) {
    if (m.methods.some((d) => d.name === method)) return true;
  }
  return false;
}

function modelSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr {
  const env = scope.env;
  const model = env.app.models.get(env.modelName ?? "");
  const m = call.method;
  // `throw :abort` halts the callback chain (ActiveSupport::Callbacks catches :abort).
  if (m === "throw" && call.args.length === 1 && call.args[0]!.kind === "sym" && call.args[0]!.name === "abort") return lit(`${env.module.use("abort")}()`);
  if (model && call.args.length === 0 && !call.block) {
    if (m === "errors") return lit("this.errors", { k: "errors" });
    if (model.columns.some((c) => c.name === m)) return lit(`this.${m}`, attributeType(env.app, model.className, m));
    const assoc = model.associations.find((a) => a.name === m);
    if (assoc) return lit(`this.${m}`, associationType(env.app, assoc));
    // AttributeMethods::Query: `draft?` for a column, query_attribute's answer (runtime/active-record/attribute-methods.ts),
    // through readAttribute so the emitted class type-checks (the isDraft() method is installed at run time).
    // A `draft?` the model (or an ancestor) defines itself wins, as a method defined in the class does in Ruby.
    if (m.endsWith("?") && model.columns.some((c) => c.name === m.slice(0, -1)) && !ancestorHasMethod(env.app, model.className, m)) {
      return lit(`${env.module.use("queryAttribute")}(this.readAttribute(${JSON.stringify(m.slice(0, -1))}))`, BOOL);
    }
  }
  if (model) {
    const typed = lowerTypedCall(call, lit("this", { k: "model", model: model.className }), scope);
    if (typed) return typed;
    if (ancestorHasMethod(env.app, model.className, m)) return lit(`this.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`);
    if (enumMethodNames(env.app, model.className).has(m)) {
      // Methods the runtime defines for enums (`administrator?` -> isAdministrator, declared on the model class).
      if (!call.args.length && !call.block) return lit(`this.${rubyToTs(m)}()`, m.endsWith("?") ? BOOL : UNKNOWN);
      return selfSend(call, scope, ["a method the runtime installs on records at run time", `${m}: an enum method, called with arguments`], m.endsWith("?") ? BOOL : UNKNOWN);
    }
    const member = recordSelfCall(call, scope);
    if (member) return member;
    // Singular association builders the runtime defines (has_one / belongs_to): build_x, create_x, create_x!, reload_x.
    const singular = /^(?:build|create|reload)_(\w+?)!?$/.exec(m)?.[1];
    const chain: typeof model[] = [];
    for (let c: typeof model | undefined = model; c && chain.length < 20; c = env.app.models.get(c.superclass)) chain.push(c);
    if (singular && chain.some((c) => c.associations.some((a) => a.name === singular && a.kind !== "has_many"))) {
      return selfSend(call, scope, ["a method the runtime installs on records at run time", `${m}: a singular association's builder, installed at run time`]);
    }
    // Methods the runtime installs on every record: Dirty's per-column ones (`type_previously_changed?(to: "X")`,
    // a column of this model or of the STI class above it), and Turbo::Broadcastable's when turbo-rails is bundled.
    // has_secure_password's virtual attributes (`password`, `password_confirmation` for the attribute named).
    const passwords = chain.flatMap((c) => c.securePassword.map((d) => (typeof d.attribute === "string" ? d.attribute : "password")));
    const installed = passwords.some((a) => m === a || m === `${a}_confirmation`) || chain.some((c) => c.columns.some((col) => attributeMethodNames(col.name).includes(m))) || (env.app.gems.locked.has("turbo-rails") && BROADCASTABLE_METHODS.includes(rubyToTs(m)));
    if (installed) return selfSend(call, scope, ["a method the runtime installs on records at run time", `${m}: has_secure_password's, Dirty's or Turbo::Broadcastable's, installed at run time`], m.endsWith("?") ? BOOL : UNKNOWN);
  }
  // Kernel's functions (raise, format, Integer(), ...) answer in a model's methods as anywhere else.
  const kernel = lowerCoreSelfCall(call, scope);
  if (kernel) return kernel;
  env.diags.report("unknown_helper", call.span, `${m} (model)`);
  return selfSend(call, scope, ["a method of self the compiler does not know", `${m}: no method of the model the compiler knows (unknown_helper)`]);
}

/** `send(this, "m", ...)`: a call of self by name, recorded with why (dynamic-sites.ts). */
function selfSend(call: NodeOf<"call">, scope: Scope, why: [string, string], type: RType = UNKNOWN): TsExpr {
  const self = lit("this", UNKNOWN);
  noteDynamicSite(call, self, "send", scope, why);
  return lit(`${scope.env.module.use("send")}(${["this", JSON.stringify(call.method), ...lowerArgs(call.args, call.block, scope)].join(", ")})`, type);
}

/** `format.html { ... }` inside respond_to. */
const BUILTIN_FORMATS = new Set(["html", "json", "xml", "js", "text", "csv", "any", "all"]);

export function lowerFormatCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr {
  const fn = call.block ? lowerBlockFn(call.block, scope, []).code : "undefined";
  // Formats an app registers (turbo_stream) go through the collector's custom(symbol, block).
  if (!BUILTIN_FORMATS.has(call.method)) return lit(`${recv.code}.custom(${JSON.stringify(call.method)}, ${fn})`);
  return lit(`${recv.code}.${camel(call.method)}(${fn})`);
}

export { lowerExpr };

declare module "./scope.js" {
  interface LowerEnv {
    /** Names of the methods `self` has (a controller's actions and private methods, a helper module's). */
    ownMethods?: Set<string>;
    /** The library modules a controller and its ancestors include (`Turbo::Streams::Broadcasts`). */
    controllerIncludes?: string[];
    /** What own methods return, where their last expression proves it (`post_params` -> params). */
    methodTypes?: Map<string, RType>;
    /** A view's or jbuilder's own receiver-less calls (helpers, render, yield, locals). */
    selfCall?: (call: NodeOf<"call">, scope: Scope) => TsExpr | null;
    /** Calls on a receiver the lowered code answers itself, before any other lowering (a test's `X.stubs(:m)`). */
    receiverCall?: (call: NodeOf<"call">, scope: Scope) => TsExpr | null;
    /** Constants the lowered code defines for itself (a test class's), found before the app's and the runtime's. */
    ownConstant?: (node: NodeOf<"const">, scope: Scope) => TsExpr | null;
  }
}
