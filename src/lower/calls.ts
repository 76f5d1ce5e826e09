// Method calls, dispatched on what the receiver is.
//
//   Model.find(id) / Model.new(h)          Model.find(id) / Model.build(h)
//   record.title / record.comments         record.title / record.comments   (declared accessors)
//   record.save / destroy! / persisted?    record.save() / destroyBang() / isPersisted()
//   relation.each/map/count/where          each(r) / r.toA().map(...) / r.count() / r.where(h)
//   errors.any? / error.full_message       errors.isAny() / error.fullMessage()
//   form.text_field :title                 form.textField("title")
//   recv.unknown_method(a)                 send(recv, "unknown_method", a)   (dynamic, always correct)
//   no receiver                            the self kind decides: view helper, controller API, own method
import { checkXPathLiteral } from "./core/xpath-literal.js";
import { isTopConst, methodChain, type Block, type Node, type NodeOf } from "../parse/ir.js";
import type { AppModel } from "../analyze/app-model.js";
import type { ModelInfo } from "../analyze/models.js";
import { FormBuilder } from "../../runtime/action-view/form/builder.js";
import { Base, Relation } from "../../runtime/active-record/index.js";
import { AttachedOne } from "../../runtime/active-storage/attached.js";
import { noteNewReceiver } from "./core/family-ivars.js";
import { lit, lowerExpr, lowerHash, moduleConstantName, type TsExpr } from "./expr.js";
import { camel, rubyToTs } from "./names.js";
import type { Scope } from "./scope.js";
import { lowerBlockFn } from "./procs.js";
import { BOOL, NIL, NUMBER, STRING, UNKNOWN, maybe, provedType, type RType } from "./types.js";
import { enumMethodNames, lowerFormatCall, lowerSelfCall, routeArgs } from "./self-calls.js";
import { lowerCoreCall } from "./core/index.js";
import { lowerStructNew } from "./core/constants.js";
import { currentCall } from "./model/current.js";
import { noteDynamicSite } from "./dynamic-sites.js";
import { lowerRecordApiCall, lowerRuntimeObjectCall } from "./runtime-objects.js";
import { noteClassMethodCall, noteMethodCall, noteScopeCall } from "./model/param-types.js";
import { noteNewCall } from "./core/plain-ivars.js";
import { lowerMainAppCall } from "./routes/main-app.js";
import { lowerAttachmentCall } from "./view/attachable-partials.js";
import { provedResult } from "./model/method-results.js";
import { lowerInstalledRecordCall } from "./model/installed-calls.js";
import { lowerClassApiCall } from "./model/class-api.js";
import { REMOTE_CONNECTIONS } from "./rails-api-objects.js";
import { settingType } from "./setting-types.js";
import { serializedType } from "./model/serialized-types.js";
import { lowerMaybeObjectCall, maybeObject } from "./maybe-objects.js";
import { lowerProcValueCall } from "./core/proc-values.js";
import { declineTapShovel } from "./core/tap-shovel.js";
import { stringMutation } from "./core/shovel-alias.js";
import { ObjectMethods } from "../../runtime/active-support/core-ext/core-object.js";
import { CORE_TABLES, isCoreMethod } from "../../runtime/active-support/core-ext/core-send.js";
import { extensionOf, lowerExtensionCall } from "./model/association-extension.js";
import { plainClassFacts } from "./core/plain-calls.js";

/** Receivers whose `.freeze` is the value itself: a String's frozen state is not kept (known in the Ruby corpus). */
const FREEZES_NOTHING = new Set(["string", "safe", "number", "float", "bool", "nil"]);

export function lowerCall(call: NodeOf<"call">, scope: Scope): TsExpr {
  if (call.receiver === null) return lowerSelfCall(call, scope);
  const framework = lowerFrameworkClassCall(call, scope) ?? lowerStructNew(call, scope);
  if (framework) return framework;
  // `Rails.application.routes.url_helpers.room_path(room)`: the route helper with no request (no host, no recalled
  // params), wherever it is written.
  if (isUrlHelpersModule(call.receiver) && /_(path|url)$/.test(call.method) && scope.env.app.routeNames.has(call.method.replace(/_(path|url)$/, ""))) {
    const args = routeArgs(call, scope);
    return lit(`${scope.env.module.useRoutes()}.${camel(call.method)}(${[scope.env.module.use("NO_REQUEST_URL_CONTEXT"), ...args].join(", ")})`, STRING);
  }
  const mainApp = lowerMainAppCall(call, scope);
  if (mainApp) return mainApp;
  // `'text'.freeze` (Erubi writes every literal so) is the literal itself; an Array or a Hash is frozen (a later
  // `<<` raises FrozenError: core-ext/frozen.ts).
  if (call.method === "freeze" && call.args.length === 0) {
    const recv = lowerExpr(call.receiver, scope);
    return FREEZES_NOTHING.has(recv.type.k) ? recv : lit(`${scope.env.module.use("freezeValue")}(${recv.code})`, recv.type);
  }
  const own = scope.env.receiverCall?.(call, scope);
  if (own) return own;
  checkXPathLiteral(call, scope);
  const proved = provedReceiver(call.receiver, lowerExpr(call.receiver, scope), scope);
  const mutation = stringMutation(call, proved, scope);
  const recv = declineTapShovel(call, proved, scope) ?? mutation?.recv ?? proved;
  if (call.method === "new") noteNewReceiver(scope.env.app, call, recv.type);
  // A receiver the compiler declined (an unresolved constant: `unsupported(...)`, which raises NotLowered): Ruby
  // evaluates the receiver before the arguments, so its raise is all the call does. (The arguments are lowered all
  // the same, for what they declare: their diagnostics, the calls they record; the sends they would make are not
  // emitted, so not listed.)
  if (/^unsupported\("(?:[^"\\]|\\.)*"\)$/.test(recv.code)) {
    lowerDeclinedArgs(call, scope);
    return recv;
  }
  // `x&.m` on a value object or nil: the object's m, once x is not nil.
  const object = call.safeNav ? maybeObject(recv) : null;
  const onObject = object && lowerTypedCall(call, object, scope);
  if (object && onObject) return lit(safeNav(call, object, onObject, scope).code, maybe(onObject.type));
  const typed = lowerTypedCall(call, recv, scope) ?? lowerCoreCall(call, recv, scope);
  const kept = mutation?.wrap ?? ((r: TsExpr) => r);
  if (typed) return kept(call.safeNav ? safeNav(call, recv, typed, scope) : typed);
  return kept(dynamicSend(call, recv, scope));
}

/** The arguments of a call that raises before it is made: lowered for what they declare, their sends not listed. */
export function lowerDeclinedArgs(call: NodeOf<"call">, scope: Scope): void {
  const sites = scope.env.app.dynamicSites;
  const before = new Set(sites.keys());
  lowerArgs(call.args, call.block, scope);
  for (const key of [...sites.keys()]) if (!before.has(key)) sites.delete(key);
}

/**
 * A receiver the lowering could not type that the whole-app analysis proves a record or relation of one model
 * (analyze/value-types.ts: a local assigned from a method of self, a method's return value): asserted so.
 *   verified_session = find_session_by_cookie; verified_session.user     (verified_session as Session).user
 */
function provedReceiver(node: Node, recv: TsExpr, scope: Scope): TsExpr {
  if (recv.type.k !== "unknown") return recv;
  const site = scope.env.app.controllerSites.get(node);
  const proved = site ? provedType(scope.env.app.values.typeOf(node, site)) : UNKNOWN;
  return proved.k === "unknown" ? recv : lit(`(${recv.code} as ${scope.env.typeName(proved)})`, proved);
}

/** `Rails.application.routes.url_helpers`. */
export function isUrlHelpersModule(node: Node): boolean {
  const step = (n: Node, method: string): Node | null => (n.kind === "call" && n.method === method && n.args.length === 0 && !n.block ? n.receiver : null);
  const app = step(node, "url_helpers");
  const routes = app && step(app, "routes");
  const rails = routes && step(routes, "application");
  return rails?.kind === "const" && rails.scope === null && rails.name === "Rails";
}

/** `((t: T | null | undefined) => (t == null ? null : body))(recv)`: recv evaluated once, into a name TS narrows. */
function nilGuard(name: string, recv: TsExpr, body: string, type: RType, scope: Scope): TsExpr {
  return lit(`((${name}: ${scope.env.typeName(recv.type)} | null | undefined) => (${name} == null ? null : ${body}))(${recv.code})`, type);
}

/**
 * `recv&.m`: nil when recv is. A receiver that is more than a name is evaluated once (it may run a query), into a
 * parameter TS can narrow.
 */
function safeNav(call: NodeOf<"call">, recv: TsExpr, typed: TsExpr, scope: Scope): TsExpr {
  if (/^[\w$]+(?:\.[\w$]+)*$/.test(recv.code)) return lit(`(${recv.code} == null ? null : ${typed.code})`, typed.type);
  const tmp = scope.env.module.fresh("recv");
  const once = lit(tmp, recv.type);
  const again = lowerTypedCall(call, once, scope) ?? lowerCoreCall(call, once, scope) ?? typed;
  return nilGuard(tmp, recv, again.code, again.type, scope);
}

export function dynamicSend(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr {
  const args = lowerArgs(call.args, call.block, scope);
  // Untyped receivers dispatch at run time (runtime/active-support/core-ext/ops.ts send): the object's own member by the naming rule,
  // else Ruby's core method for the value's class (Time#before?, String#squish...).
  const fn = scope.env.module.use(call.safeNav ? "sendSafe" : "send");
  noteDynamicSite(call, recv, call.safeNav ? "sendSafe" : "send", scope);
  return lit(`${fn}(${[recv.code, JSON.stringify(call.method), ...args].join(", ")})`, UNKNOWN);
}

/**
 * Arguments of Active Record calls: permitted `params` become their hash (`to_h`, which raises on unpermitted
 * parameters exactly as Rails' ForbiddenAttributesProtection does).
 */
function recordArgs(args: Node[], block: Block | null, scope: Scope, types: RType[] = []): string[] {
  // Each argument lowered once: lowering it again for its type doubled the work at every level of nested calls
  // (`a b c d ...`, 2^depth: a 45-word %w that lost its %, found by the fuzzer, never finished). Their types are
  // left in `types` for the call-site join of parameters (call-sites.ts).
  const out = args.map((a) => {
    const e = lowerArg(a, scope);
    // (What is passed: permitted params' Hash.)
    types.push(e.type.k === "params" ? { k: "hash" } : e.type);
    return e.type.k === "params" ? `${e.code}.toH()` : e.code;
  });
  if (block) out.push(lowerBlockFn(block, scope).code);
  return out;
}

/**
 * Class-level calls into Rails itself from app code:
 *   ApplicationController.render(partial: ..., locals: ...)   renderForBroadcast({...})   (any app controller)
 *   ApplicationController.renderer                           controllerRenderer()         (ActionController::Renderer)
 *   ActionCable.server.broadcast(stream, data)                 actionCableServer().broadcast(stream, data)
 *   self.class (in a template)                                 ActionViewBase               (sanitizer class readers)
 */
function lowerFrameworkClassCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const r = call.receiver;
  const env = scope.env;
  // `where.not(h)` / `where.missing(:a)` / `where.associated(:a)`: Rails' WhereChain, the runtime's whereNot/...
  const chain: Record<string, string> = { not: "whereNot", missing: "whereMissing", associated: "whereAssociated" };
  // A bare `where` (no receiver, no arguments) parses as an identifier.
  const whereCall: NodeOf<"call"> | null =
    r?.kind === "call" && r.method === "where" && !r.args.length && !r.block ? r
      : r?.kind === "ident" && r.name === "where" && !scope.lookup("where")
        ? { kind: "call", receiver: null, method: "where", args: [], block: null, safeNav: false, parens: false, span: r.span }
        : null;
  if (chain[call.method] && whereCall) {
    const base = whereCall.receiver ? lowerExpr(whereCall.receiver, scope) : lowerExpr({ ...whereCall, method: "all" }, scope);
    const type = base.type.k === "relation" ? base.type : base.type.k === "model" && base.type.model.startsWith("typeof ") ? { k: "relation" as const, model: base.type.model.slice(7) } : UNKNOWN;
    if (type.k === "unknown") {
      // Not known to be a relation: the WhereChain by dynamic dispatch (`send(x, "where")` answers one).
      const send = env.module.use("send");
      noteDynamicSite(whereCall, base, "send", scope);
      return lit(`${send}(${send}(${base.code}, "where"), ${JSON.stringify(call.method)}, ${recordArgs(call.args, null, scope).join(", ")})`, UNKNOWN);
    }
    return lit(`${base.code}.${chain[call.method]}(${recordArgs(call.args, null, scope).join(", ")})`, type);
  }
  if (r?.kind === "const" && !r.scope && call.method === "render" && [...env.app.controllers.keys()].includes(r.name)) {
    return lit(`${env.module.use("renderForBroadcast")}(${lowerArgs(call.args, null, scope).join(", ")})`, STRING);
  }
  if (r?.kind === "self" && call.method === "class" && !call.args.length && env.self === "view") return lit(env.module.use("ActionViewBase"), UNKNOWN);
  if (r?.kind === "const" && !r.scope && call.method === "renderer" && !call.args.length && [...env.app.controllers.keys()].includes(r.name)) {
    return lit(`${env.module.use("controllerRenderer")}()`, UNKNOWN);
  }
  // `Rails.application.config.app_version` / `Rails.configuration.x.vapid.public_key`: a setting the app's
  // initializers assign (constants.ts computes it).
  const setting = railsSetting(call);
  if (setting !== null && env.app.moduleConstants.has(setting)) {
    // Typed where every write of it makes one plain class's instance (setting-types.ts).
    const type = settingType(env.app, setting);
    const code = `${env.module.useConstants()}.${moduleConstantName(setting)}()`;
    return type.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${env.typeName(type)})`, type);
  }
  // `Rails.configuration.x.vapid` when the initializers set x.vapid.public_key and x.vapid.private_key: the group
  // itself, an ActiveSupport::OrderedOptions (a Hash of the settings under it, in the order they were set).
  const group = setting === null ? null : settingGroup(setting, env.app, scope);
  if (group !== null) return lit(group, { k: "hash" });
  // `Rails.application.executor.wrap { }` (or reloader.wrap): the block runs at once, as it does in Rails; the
  // executor's own work around it (a query cache, Current attributes reset) is the runtime's around each request.
  if (call.method === "wrap" && call.block && r?.kind === "call" && (r.method === "executor" || r.method === "reloader") && !r.args.length && railsApplication(r.receiver)) {
    return lit(`${env.module.use("executorWrap")}(${lowerBlockFn(call.block, scope).code})`, UNKNOWN);
  }
  // Rails.application.credentials: the emitted app has no encrypted credentials (as Rails without a master key).
  if (call.method === "dig" && r?.kind === "call" && r.method === "credentials" && railsApplication(r.receiver)) return lit("null", NIL);
  if (r?.kind === "call" && r.method === "server" && r.receiver?.kind === "const" && r.receiver.name === "ActionCable" && !r.args.length) {
    // remote_connections is the cable server's ActionCable::RemoteConnections (typed: rails-api-objects.ts).
    if (call.method === "remote_connections" && !call.args.length && !call.block) return lit(`${env.module.use("actionCableRemoteConnections")}()`, REMOTE_CONNECTIONS);
    const server = `${env.module.use("actionCableServer")}()`;
    const args = lowerArgs(call.args, call.block, scope);
    // broadcast is every server's; anything else is the cable server's, reached by name.
    if (call.method === "broadcast") return lit(`${server}.broadcast(${args.join(", ")})`, UNKNOWN);
    noteDynamicSite(call, lit(server, UNKNOWN), "send", scope, ["Action Cable's server, reached by name", `ActionCable.server.${call.method}: the cable server's, by name`]);
    return lit(`${env.module.use("send")}(${[server, JSON.stringify(call.method), ...args].join(", ")})`, UNKNOWN);
  }
  return null;
}

/** Arguments as TS: positionals, the options hash as an object literal, the block as a function. */
export function lowerArgs(args: Node[], block: Block | null, scope: Scope, blockTypes: RType[] = []): string[] {
  const out = args.map((a) => lowerArg(a, scope).code);
  if (block) out.push(lowerBlockFn(block, scope, blockTypes).code);
  return out;
}

/** One argument, lowered once (its type is that of a plain expression; a hash, splat or block pass is UNKNOWN). */
export function lowerArg(a: Node, scope: Scope): TsExpr {
  const code = (text: string) => lit(text, UNKNOWN);
  // `f(**opts)` / `f(**)` with nothing in them passes no argument at all (Ruby 3), not an empty Hash.
  if (a.kind === "hash" && a.keywords && a.pairs.every((p) => p.key.kind === "dsplat")) return code(`...${scope.env.module.use("kwsplat")}(${lowerHash(a, scope).code})`);
  if (a.kind === "hash") return code(lowerHash(a, scope).code);
  if (a.kind === "splat") return code(`...${scope.env.module.use("toA")}(${lowerExpr(a.value, scope).code})`);
  if (a.kind === "blockPass" && a.value?.kind === "sym") return code(`${scope.env.module.use("symProc")}(${JSON.stringify(a.value.name)})`);
  // `&block` / `&`: a nil block passes no block at all (Ruby's `&nil`), so a trailing options hash stays the last argument.
  if (a.kind === "blockPass" && a.value === null && scope.blockParam) return code(`...${scope.env.module.use("blockArg")}(${scope.blockParam})`);
  if (a.kind === "blockPass" && a.value !== null && a.value.kind !== "lambda") return code(`...${scope.env.module.use("blockArg")}(${lowerExpr(a.value, scope).code})`);
  if (a.kind === "blockPass" && a.value !== null) return code(lowerExpr(a.value, scope).code);
  return lowerExpr(a, scope);
}

/** FormBuilder methods whose Ruby signature reads a Symbol argument apart from a String, and its position:
 *  `f.button :title` names a field, `f.button "Title"` is the caption. */
const FORM_BUILDER_SYMBOL_ARGUMENTS: Record<string, number> = { button: 0 };

export function lowerTypedCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  const t = recv.type;
  const m = call.method;
  const args = () => lowerArgs(call.args, call.block, scope);
  const method = (name: string, type: RType = UNKNOWN) => lit(`${recv.code}.${name}(${args().join(", ")})`, type);
  const env = scope.env;
  // (An association extension's method: defined on the proxy itself, before all Rails' and Ruby's own.)
  const extension = lowerExtensionCall(call, recv, scope);
  if (extension) return extension;
  if (m === "nil?" && call.args.length === 0) return lit(`(${recv.code} == null)`, BOOL);
  if ((m === "present?" || m === "blank?") && call.args.length === 0) return lit(`${env.module.use(m === "present?" ? "isPresent" : "isBlank")}(${recv.code})`, BOOL);
  // to_s of a value known not to be a SafeBuffer; otherwise the core hook keeps html_safe as Ruby does.
  if (m === "to_s" && call.args.length === 0 && ["string", "number", "nil", "bool"].includes(recv.type.k)) {
    return lit(`${env.module.use("toS")}(${recv.code})`, STRING);
  }
  if ((m === "is_a?" || m === "kind_of?" || m === "instance_of?") && call.args.length === 1) {
    const klass = lowerExpr(call.args[0]!, scope);
    if (klass.type.k === "model") return lit(`(${recv.code} instanceof ${klass.code})`, BOOL);
  }
  if (t.k === "attachment") return lowerAttachmentCall(call, recv, scope);
  if (t.k === "model" && t.model.startsWith("typeof ")) return lowerClassCall(call, recv, t.model.slice(7), scope);
  if (t.k === "model") return lowerRecordCall(call, recv, t.model, scope);
  if (t.k === "relation") return lowerRelationCall(call, recv, t.model, scope);
  if (t.k === "enumerable") return lowerEnumerableCall(call, recv, t.model, scope);
  if (t.k === "errors") {
    if (m === "any?" || m === "empty?") return method(m === "any?" ? "isAny" : "isEmpty", BOOL);
    if (m === "count" || m === "size") return method("count", NUMBER);
    if (m === "full_messages") return method("fullMessages", { k: "array", of: STRING });
    // errors.add(:attr, "message") / (:attr, :blank): literal arguments, which Errors#add's signature takes.
    if (m === "add" && call.args.length && call.args.length <= 2 && call.args.every((a) => a.kind === "sym" || (a.kind === "str" && a.parts.every((p) => typeof p === "string")))) return method("add");
    if (m === "each" && call.block) return lit(`${recv.code}.toA().forEach(${lowerBlockFn(call.block, scope, [{ k: "error" }]).code})`);
    return null;
  }
  if (t.k === "error") return method(rubyToTs(m), m === "full_message" || m === "message" ? STRING : UNKNOWN);
  // FormBuilder#object / #object_name / #options / #index are readers (properties in the runtime).
  if (t.k === "formBuilder" && ["object", "object_name", "options", "index"].includes(m) && !call.args.length) {
    return lit(`${recv.code}.${camel(m)}`, UNKNOWN);
  }
  if (t.k === "formBuilder") {
    // A builder method the runtime's FormBuilder lacks (Action Text's rich_text_area, ...) is declined here.
    if (!(rubyToTs(m) in FormBuilder.prototype)) {
      env.diags.report("unknown_helper", call.span, `${m} (form builder)`);
      return lit(`${env.module.use("unsupported")}(${JSON.stringify(`FormBuilder#${m}`)})`, { k: "safe" });
    }
    const at = FORM_BUILDER_SYMBOL_ARGUMENTS[m];
    const sym = at === undefined ? undefined : call.args[at];
    if (at === undefined || sym?.kind !== "sym") return method(rubyToTs(m), { k: "safe" });
    const out = args();
    out[at] = `${env.module.use("RubySymbol")}.for(${JSON.stringify(sym.name)})`;
    return lit(`${recv.code}.${rubyToTs(m)}(${out.join(", ")})`, { k: "safe" });
  }
  if (t.k === "params") {
    if (m === "require" || m === "permit") return method(rubyToTs(m), { k: "params" });
    // fetch(key, default) answers the value as the request gives it (a String, an Array...) or the default: no one type.
    if (m === "fetch") return method("fetch");
    // Parameters#merge(hash) / compact / compact_blank: copies, permitted as the receiver is.
    if ((m === "merge" && call.args.length === 1) || ((m === "compact" || m === "compact_blank") && !call.args.length)) {
      if (!call.block) return method(rubyToTs(m), { k: "params" });
    }
    return null;
  }
  if (t.k === "json") return lowerJbuilderCall(call, recv, scope);
  if (t.k === "format") return lowerFormatCall(call, recv, scope);
  if (t.k === "current") return currentCall(env.app.currents.get(t.className)!, recv, call, scope);
  if (t.k === "runtime") return lowerRuntimeObjectCall(call, recv, scope) ?? attachedOneRecordCall(call, recv, scope);
  if (t.k === "maybe") return lowerMaybeObjectCall(call, recv, scope);
  if (t.k === "proc") return lowerProcValueCall(call, recv, scope);
  return null;
}

const ATTACHMENT = "ActiveStorage::Attachment";

/**
 * has_one_attached's reader (ActiveStorage::Attached::One) hands what it lacks to its attachment record
 * (`delegate_missing_to :attachment, allow_nil: true`): a method of the record API (destroy...) is the attachment's,
 * nil when nothing is attached.
 *   user.avatar.destroy    ((a: ActiveStorage_Attachment | null) => (a == null ? null : a.destroy()))(user.avatar.attachment as ...)
 */
function attachedOneRecordCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  const member = rubyToTs(call.method);
  if (recv.type.k !== "runtime" || recv.type.cls !== "attachedOne" || !scope.env.app.models.has(ATTACHMENT) || member in AttachedOne.prototype) return null;
  if (typeof (Base.prototype as unknown as Record<string, unknown>)[member] !== "function") return null;
  const a = scope.env.module.fresh("attachment");
  const type = `${scope.env.module.modelType(ATTACHMENT)} | null`;
  const inner = lowerRecordCall(call, lit(a, { k: "model", model: ATTACHMENT }), ATTACHMENT, scope);
  if (!inner) return null;
  return lit(`((${a}: ${type}) => (${a} == null ? null : ${inner.code}))(${recv.code}.attachment as ${type})`, maybe(inner.type));
}

/** A static method (not a getter: reading one on Base itself would run it) of the class or its ancestors. */
function isStaticMethod(cls: object, name: string): boolean {
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const d = Object.getOwnPropertyDescriptor(c, name);
    if (d) return typeof d.value === "function";
  }
  return false;
}

/**
 * Finders that answer nil when nothing matches, typed as the record (what the code goes on to call on it): the
 * runtime declares them `T | null` (a relation's last also `T[]`), so the claim is written as a cast for tsc. Called
 * on nil, a method raises either way (Ruby's NoMethodError, JS's TypeError).
 */
const NULLABLE_FINDERS = new Set(["find_by", "first", "last", "authenticate_by"]);

/**
 * joins' arguments written as literals: association names (Symbols), a Hash of them (`user: :memberships`,
 * `a: [:b, :c]`), or an SQL String without interpolation; what the runtime's joins takes as they lower.
 */
function literalJoins(call: NodeOf<"call">): boolean {
  const tree = (n: Node): boolean =>
    n.kind === "sym" || (n.kind === "array" && n.elements.every(tree)) || (n.kind === "hash" && n.pairs.every((p) => p.key.kind === "sym" && tree(p.value)));
  // (A String the runtime takes for SQL only where it has a space: `joins("rooms")` stays Rails' by name.)
  const sql = (n: Node) => n.kind === "str" && n.parts.every((p) => typeof p === "string") && /\s/.test((n.parts as string[]).join(""));
  return call.args.length > 0 && !call.block && call.args.every((a) => tree(a) || sql(a));
}

function lowerClassCall(call: NodeOf<"call">, recv: TsExpr, model: string, scope: Scope): TsExpr | null {
  // A plain class's own class method (`def self.create!`), not Active Record's of the name: core/plain-calls.ts.
  if (call.method !== "new" && !scope.env.app.models.has(model) && plainClassFacts(scope.env.app, model)?.classMethods.has(call.method)) return null;
  const types: RType[] = [];
  const args = recordArgs(call.args, call.block, scope, types);
  const record: RType = { k: "model", model };
  const relation: RType = { k: "relation", model };
  const RETURNS: Record<string, [string, RType]> = {
    new: ["build", record], find: ["find", record], find_by: ["findBy", record], "find_by!": ["findByBang", record],
    create: ["create", record], "create!": ["createBang", record], first: ["first", record], last: ["last", record],
    all: ["all", relation], where: ["where", relation], order: ["order", relation], limit: ["limit", relation],
    includes: ["includes", relation], preload: ["preload", relation], count: ["count", NUMBER], "exists?": ["exists", BOOL],
    delete_all: ["deleteAll", NUMBER], destroy_all: ["destroyAll", UNKNOWN], transaction: ["transaction", UNKNOWN],
    pluck: ["pluck", { k: "array", of: UNKNOWN }], ids: ["ids", { k: "array", of: NUMBER }],
    authenticate_by: ["authenticateBy", record],
  };
  const entry = RETURNS[call.method];
  // Module#name of a model class (`message.class.name`, an STI subclass's own): its Ruby name, unless the model
  // defines the class method itself.
  if (call.method === "name" && !call.args.length && !call.block && scope.env.app.models.has(model) && !classMethodDef(scope.env.app, model, "name")) {
    return lit(`(${scope.env.module.use("appClassName")}(${recv.code}) as string)`, STRING);
  }
  // `joins(:room)` / `joins(user: :memberships)` / `joins("join ...")`: literal arguments, as the runtime's joins takes them.
  if (call.method === "joins" && literalJoins(call)) return lit(`${recv.code}.joins(${args.join(", ")})`, relation);
  // A plain class's `new`: its arguments' types join into its constructor's (core/plain-ivars.ts).
  if (call.method === "new" && !scope.env.app.models.has(model)) noteNewCall(scope.env.app, model, call, types);
  // `first(3)` / `last(3)` answer Arrays of records.
  if (entry && (call.method === "first" || call.method === "last") && call.args.length) return lit(`${recv.code}.${entry[0]}(${args.join(", ")})`, UNKNOWN);
  if (entry && NULLABLE_FINDERS.has(call.method)) return lit(`(${recv.code}.${entry[0]}(${args.join(", ")}) as ${scope.env.module.modelType(model)})`, entry[1]);
  if (!entry) {
    if (findScope(scope.env.app, model, call.method)) {
      noteScopeCall(scope.env.app, model, call, types);
      return scopeCall(recv, model, call.method, args, scope);
    }
    const enumScoped = enumScopeCall(call, recv, model, scope);
    if (enumScoped) return enumScoped;
    // The model's class methods and those it inherits (an STI subclass calling its parent's `create_for`).
    const def = classMethodDef(scope.env.app, model, call.method);
    if (def) noteClassMethodCall(scope.env.app, model, call, types);
    if (def) return asProved(`${recv.code}.${rubyToTs(call.method)}(${args.join(", ")})`, classMethodType(scope.env.app, model, def), scope);
    // Active Record's own class methods (find_signed!, none, exists?...) are the runtime Base's statics: called
    // directly where the signature takes what is passed (model/class-api.ts); else dispatched by name (their TS
    // signatures are narrower than the untyped arguments lowered Ruby passes).
    const api = lowerClassApiCall(call, recv, model, args, scope);
    if (api) return api;
    // Without arguments there is nothing its signature could refuse: called directly.
    if (isStaticMethod(Base, rubyToTs(call.method)) && !call.args.length && !call.block && /^[A-Za-z_$][\w$]*$/.test(rubyToTs(call.method))) {
      return lit(`${recv.code}.${rubyToTs(call.method)}()`, UNKNOWN);
    }
    if (isStaticMethod(Base, rubyToTs(call.method))) {
      noteDynamicSite(call, recv, "send", scope, ["Active Record's class method, dispatched by name (its TS signature is narrower than the arguments)", `${call.method}: Active Record's, by name`]);
      return lit(`${scope.env.module.use("send")}(${[recv.code, JSON.stringify(call.method), ...args].join(", ")})`, UNKNOWN);
    }
    return null;
  }
  return lit(`${recv.code}.${entry[0]}(${args.join(", ")})`, entry[1]);
}

function lowerRecordCall(call: NodeOf<"call">, recv: TsExpr, modelName: string, scope: Scope): TsExpr | null {
  const model = scope.env.app.models.get(modelName);
  const m = call.method;
  if (!model) return null;
  if (call.args.length === 0 && !call.block) {
    if (m === "errors") return lit(`${recv.code}.errors`, { k: "errors" });
    if (m === "id") return lit(`${recv.code}.id`, NUMBER);
    const column = model.columns.find((c) => c.name === m);
    if (column) return lit(`${recv.code}.${m}`, attributeType(scope.env.app, modelName, m));
    // AttributeMethods::Query (`user.active?` for a column), as the model's own code reads it (self-calls.ts), unless
    // the model or an ancestor defines the predicate itself.
    const queried = m.endsWith("?") ? model.columns.find((c) => c.name === m.slice(0, -1)) : undefined;
    if (queried && !modelChain(scope.env.app, modelName).some((x) => x.methods.some((d) => d.name === m))) {
      return lit(`${scope.env.module.use("queryAttribute")}(${recv.code}.readAttribute(${JSON.stringify(queried.name)}))`, BOOL);
    }
    const assoc = modelChain(scope.env.app, modelName).flatMap((x) => x.associations).find((a) => a.name === m);
    if (assoc) return lit(`${recv.code}.${m}`, associationType(scope.env.app, assoc));
  }
  if (m.endsWith("=") && call.args.length === 1) {
    const attr = m.slice(0, -1);
    const chain = modelChain(scope.env.app, modelName);
    const column = model.columns.some((c) => c.name === attr);
    if (column || chain.some((x) => x.associations.some((a) => a.name === attr))) {
      const value = lowerExpr(call.args[0]!, scope);
      // An untyped value goes through the attribute writer dynamically (it casts, as Rails' does); a typed one is
      // assigned to the typed attribute.
      if (column && value.type.k === "unknown") {
        // The accessor Active Record defines (no method of the model, nor a member of Base, takes the name): its
        // write_attribute, directly; otherwise the writer is found at run time.
        const own = chain.some((x) => x.methods.some((d) => d.name === attr || d.name === m)) || attr in Base.prototype || camel(attr) in Base.prototype;
        if (!own) return lit(`${scope.env.module.use("assignAttribute")}(${recv.code}, ${JSON.stringify(attr)}, ${value.code})`, UNKNOWN);
        noteDynamicSite(call, recv, "send", scope, ["a column writer the model or Active Record defines, found by name", `${m}: the writer is found at run time (it casts)`]);
        return lit(`${scope.env.module.use("send")}(${recv.code}, ${JSON.stringify(m)}, ${value.code})`, UNKNOWN);
      }
      return lit(`(${recv.code}.${attr} = ${value.code})`, UNKNOWN);
    }
  }
  const types: RType[] = [];
  const args = () => recordArgs(call.args, call.block, scope, types);
  const RETURNS: Record<string, [string, RType]> = {
    save: ["save", BOOL], "save!": ["saveBang", BOOL], update: ["update", BOOL], "update!": ["updateBang", BOOL],
    destroy: ["destroy", UNKNOWN], "destroy!": ["destroyBang", UNKNOWN], "persisted?": ["isPersisted", BOOL],
    "new_record?": ["isNewRecord", BOOL], to_param: ["toParam", UNKNOWN], reload: ["reload", { k: "model", model: modelName }],
    touch: ["touch", BOOL], "valid?": ["isValid", BOOL],
  };
  const entry = RETURNS[m];
  if (entry) return lit(`${recv.code}.${entry[0]}(${args().join(", ")})`, entry[1]);
  const defined = modelChain(scope.env.app, modelName).some((x) => x.methods.some((d) => d.name === m));
  // `user.administrator?`: an enum method, declared on the model class (model.ts).
  if (!defined && !call.args.length && !call.block && enumMethodNames(scope.env.app, modelName).has(m)) return lit(`${recv.code}.${rubyToTs(m)}()`, m.endsWith("?") ? BOOL : UNKNOWN);
  if (defined) {
    const code = args().join(", ");
    noteMethodCall(scope.env.app, modelName, call, types);
    // What the method answers where its body proves it (analyze/value-types.ts; no model of the app redefines it),
    // else where its lowering proved it (model/method-results.ts).
    const analyzed = provedType(scope.env.app.values.instanceMethodType(modelName, m));
    const type = analyzed.k !== "unknown" ? analyzed : provedResult(scope.env.app, modelChain(scope.env.app, modelName), m);
    return asProved(`${recv.code}.${rubyToTs(m)}(${code})`, type, scope);
  }
  // A record of this model may be of an STI subclass that defines the method: left to run-time dispatch.
  if ([...scope.env.app.models.values()].some((x) => x.methods.some((d) => d.name === m) && modelChain(scope.env.app, x.className).some((c) => c.className === modelName))) return null;
  const installed = lowerInstalledRecordCall(call, recv, modelName, scope);
  if (installed) return installed;
  const api = lowerRecordApiCall(call, recv, scope);
  if (api) return api;
  return objectMethodCall(call, recv, Base.prototype, scope);
}

/**
 * Object's methods (tap, presence, in?, then...), as send reaches them on an object whose class (`members`: its
 * prototype) has no such member.
 */
export function objectMethodCall(call: NodeOf<"call">, recv: TsExpr, members: object, scope: Scope): TsExpr | null {
  const member = rubyToTs(call.method);
  if (!(member in ObjectMethods) || member in members || !isCoreMethod(call.method)) return null;
  // tap and then yield the receiver itself.
  const yieldsSelf = call.method === "tap" || call.method === "then" || call.method === "yield_self";
  const block = call.block ? [lowerBlockFn(call.block, scope, yieldsSelf ? [recv.type] : []).code] : [];
  const plain = call.args.map((a) => lowerArg(a, scope).code);
  // A record's class is its model's class or a subclass of it (STI): its class methods dispatch on the record's own.
  if (call.method === "class" && !call.args.length && !call.block && recv.type.k === "model" && !recv.type.model.startsWith("typeof ") && scope.env.app.models.has(recv.type.model)) {
    return asProved(`${scope.env.module.use("ObjectMethods")}.class(${recv.code})`, { k: "model", model: `typeof ${recv.type.model}` }, scope);
  }
  // tap answers its receiver.
  return asProved(`${scope.env.module.use("ObjectMethods")}.${member}(${[recv.code, ...plain, ...block].join(", ")})`, call.method === "tap" && call.block ? recv.type : UNKNOWN, scope);
}

/** What an association reader answers: the relation (has_many) or the record; a polymorphic one has no one class. */
export function associationType(app: AppModel, assoc: ModelInfo["associations"][number]): RType {
  if (assoc.options.polymorphic || !app.models.has(assoc.className)) return UNKNOWN;
  const ext = extensionOf(app, assoc);
  return assoc.kind === "has_many" ? { k: "relation", model: assoc.className, ...(ext ? { ext } : {}) } : { k: "model", model: assoc.className };
}

/**
 * What a record's attribute reader answers: the column's type (or nil where the column is nullable); an enum's
 * reader answers the value's name (a String, nil for NULL); a serialized attribute whatever its coder loads.
 */
export function attributeType(app: AppModel, modelName: string, name: string): RType {
  const chain = modelChain(app, modelName);
  const column = chain[0]?.columns.find((c) => c.name === name);
  if (!column) return UNKNOWN;
  if (chain.some((m) => m.serialized.some((s) => s.attribute === name))) return serializedType(chain, name);
  if (chain.some((m) => m.enums.some((e) => e.descriptor.attribute === name))) return maybe(STRING);
  const type = columnType(column.type);
  return column.null && name !== "id" ? maybe(type) : type;
}

function columnType(type: string): RType {
  if (type === "string" || type === "text") return STRING;
  if (type === "integer" || type === "bigint" || type === "float" || type === "decimal") return NUMBER;
  if (type === "boolean") return BOOL;
  if (type === "datetime" || type === "date" || type === "time") return { k: "time" };
  return UNKNOWN;
}

function lowerRelationCall(call: NodeOf<"call">, recv: TsExpr, model: string, scope: Scope): TsExpr | null {
  const record: RType = { k: "model", model };
  const relation: RType = { k: "relation", model };
  const m = call.method;
  if ((m === "map" || m === "collect" || m === "select" || m === "filter") && call.block) {
    const fn = lowerBlockFn(call.block, scope, [record]).code;
    // select / filter answer the records the block is truthy for.
    return lit(`${recv.code}.toA().${m === "collect" ? "map" : m === "select" ? "filter" : m}(${fn})`, { k: "array", of: m === "select" || m === "filter" ? record : UNKNOWN });
  }
  // Enumerable's over the records (Rails' Relation is Enumerable through its records): Array's, given each record.
  // (detect answers the first record the block is truthy for, or nil: typed as the record, as first is.)
  if ((m === "partition" || m === "sort_by" || m === "detect") && call.block && !call.args.length) {
    const type: RType = m === "partition" ? { k: "array", of: { k: "array", of: record } } : m === "detect" ? record : { k: "array", of: record };
    return asProved(`${scope.env.module.use("ArrayMethods")}.${rubyToTs(m)}(${recv.code}.toA(), ${lowerBlockFn(call.block, scope, [record]).code})`, type, scope);
  }
  // `find_each { |record| }` (no batch options): the relation's findEach, its block given each record.
  if (m === "find_each" && call.block && !call.args.length && call.block.params.length === 1 && call.block.params[0]!.kind === "req" && !call.block.locals) {
    return lit(`${recv.code}.findEach(${lowerBlockFn(call.block, scope, [record]).code})`, UNKNOWN);
  }
  // `each { |record| }` as a value (a method's last expression): the relation's each, its block given each record.
  if (m === "each" && call.block && !call.args.length && call.block.params.length === 1 && call.block.params[0]!.kind === "req" && !call.block.locals) {
    return lit(`${recv.code}.each(${lowerBlockFn(call.block, scope, [record]).code})`, UNKNOWN);
  }
  const types: RType[] = [];
  const args = recordArgs(call.args, call.block, scope, types);
  const RETURNS: Record<string, [string, RType]> = {
    find: ["find", record], find_by: ["findBy", record], first: ["first", record], last: ["last", record],
    build: ["build", record], new: ["build", record], create: ["create", record], "create!": ["createBang", record],
    where: ["where", relation], order: ["order", relation], limit: ["limit", relation], includes: ["includes", relation],
    all: ["all", relation], count: ["count", NUMBER], size: ["size", NUMBER], length: ["size", NUMBER],
    "any?": ["isAny", BOOL], "empty?": ["isEmpty", BOOL], "exists?": ["exists", BOOL], to_a: ["toA", { k: "array", of: record }],
    "many?": ["isMany", BOOL], without: ["without", relation], excluding: ["excluding", relation], "find_by!": ["findByBang", record],
    update_all: ["updateAll", NUMBER], delete_all: ["deleteAll", NUMBER], destroy_all: ["destroyAll", UNKNOWN], destroy_by: ["destroyBy", UNKNOWN],
    ids: ["ids", { k: "array", of: UNKNOWN }], authenticate_by: ["authenticateBy", record],
  };
  // many? with a block counts the records it answers true for: not the runtime's isMany.
  if (m === "many?" && (call.args.length || call.block)) return null;
  // pluck(:id, :name) / joins(:room): the runtime's take column and association names, as literal Symbols give them.
  const names = call.args.length > 0 && call.args.every((a) => a.kind === "sym") && !call.block;
  if (names && m === "pluck") return lit(`${recv.code}.pluck(${args.join(", ")})`, { k: "array", of: UNKNOWN });
  if (m === "joins" && literalJoins(call)) return lit(`${recv.code}.joins(${args.join(", ")})`, relation);
  // `merge(other_relation)`: the runtime's merge takes a relation (of any model), as the argument is proved to be.
  if (m === "merge" && call.args.length === 1 && types[0]?.k === "relation" && !call.block) return lit(`${recv.code}.merge(${args[0]})`, relation);
  if (names && m === "select") return lit(`${recv.code}.select(${args.join(", ")})`, relation);
  const entry = RETURNS[m];
  if (entry && (m === "first" || m === "last") && call.args.length) return lit(`${recv.code}.${entry[0]}(${args.join(", ")})`, UNKNOWN);
  if (entry && NULLABLE_FINDERS.has(m)) return lit(`(${recv.code}.${entry[0]}(${args.join(", ")}) as ${scope.env.module.modelType(model)})`, entry[1]);
  if (entry) return lit(`${recv.code}.${entry[0]}(${args.join(", ")})`, entry[1]);
  if (findScope(scope.env.app, model, m)) noteScopeCall(scope.env.app, model, call, types);
  if (findScope(scope.env.app, model, m)) return scopeCall(recv, model, m, args, scope);
  const enumScoped = enumScopeCall(call, recv, model, scope);
  if (enumScoped) return enumScoped;
  return delegatedClassMethod(call, recv, model, args, types, scope) ?? relationObjectCall(call, recv, args, scope);
}

/**
 * What a Relation answers itself (its own methods, which may query) and an Array answers alike, by Ruby name: the
 * relation's member, whether it takes arguments, and what both answer (`first`/`last` with a count: Arrays).
 */
const RELATION_OWN: Record<string, [member: string, args: 0 | 1, type: "record" | "records" | "bool" | "number"]> = {
  first: ["first", 0, "record"], last: ["last", 0, "record"], "many?": ["isMany", 0, "bool"], "any?": ["isAny", 0, "bool"],
  "empty?": ["isEmpty", 0, "bool"], "none?": ["isNone", 0, "bool"], size: ["size", 0, "number"], length: ["length", 0, "number"],
  count: ["count", 0, "number"],
};

/**
 * Enumerable's methods, which a Relation runs over its records (Rails' Relation is Enumerable over `records`, and
 * delegates each to them): with a block given each record, on the records either way; the type they answer.
 */
const OVER_RECORDS: Record<string, "records" | "values"> = {
  map: "values", collect: "values", flat_map: "values", filter_map: "values", select: "records", filter: "records", reject: "records", each: "records",
};

/**
 * A method of a value that is a Relation or an Array of one model's records (types.ts enumerable): only what both
 * answer alike is called directly. A Relation's own method (first, many?, size: it may query) is each one's own,
 * chosen by what the value is at run time; Enumerable's (map, select, each) run on the records either way.
 *   members.many?         ((v: Relation<User> | Array<User>) => (Array.isArray(v) ? ArrayMethods.isMany(v) : v.isMany()))(members)
 *   members.map { |m| }   ArrayMethods.map(((v: ...) => (Array.isArray(v) ? v : v.toA()))(members), (m: User) => ...)
 */
function lowerEnumerableCall(call: NodeOf<"call">, recv: TsExpr, model: string, scope: Scope): TsExpr | null {
  const env = scope.env;
  const m = call.method;
  const record: RType = { k: "model", model };
  const v = env.module.fresh("v");
  const param = `${v}: ${env.typeName({ k: "enumerable", model })}`;
  const arrays = env.module.use("ArrayMethods");
  const own = RELATION_OWN[m];
  if (own && !call.block && call.args.length <= (m === "first" || m === "last" ? 1 : own[1])) {
    const arrayMember = rubyToTs(m);
    if (!(arrayMember in CORE_TABLES.array) || !(own[0] in Relation.prototype)) return null;
    const args = lowerArgs(call.args, null, scope);
    const type: RType = own[2] === "bool" ? BOOL : own[2] === "number" ? NUMBER : call.args.length ? { k: "array", of: record } : record;
    const body = `(Array.isArray(${v}) ? ${arrays}.${arrayMember}(${[v, ...args].join(", ")}) : ${v}.${own[0]}(${args.join(", ")}))`;
    return asProved(`((${param}) => ${body})(${recv.code})`, type, scope);
  }
  const over = OVER_RECORDS[m];
  if (over && call.block && !call.args.length) {
    const records = `((${param}) => (Array.isArray(${v}) ? ${v} : ${v}.toA()))(${recv.code})`;
    const fn = lowerBlockFn(call.block, scope, [record]).code;
    return asProved(`${arrays}.${rubyToTs(m)}(${records}, ${fn})`, over === "records" ? { k: "array", of: record } : { k: "array", of: UNKNOWN }, scope);
  }
  return null;
}

/**
 * Object's methods on a relation (`users.presence`), as send reaches them when the relation has no member of the
 * name (before Array's over its records); presence answers the relation or nil, a relation type standing for nil.
 */
function relationObjectCall(call: NodeOf<"call">, recv: TsExpr, args: string[], scope: Scope): TsExpr | null {
  const member = rubyToTs(call.method);
  if (!(member in ObjectMethods) || member in Relation.prototype || !isCoreMethod(call.method)) return null;
  const code = `${scope.env.module.use("ObjectMethods")}.${member}(${[recv.code, ...args].join(", ")})`;
  return call.method === "presence" && !call.args.length && !call.block ? asProved(code, recv.type, scope) : lit(code, UNKNOWN);
}

/**
 * A class method called on a relation: the relation's model answers it with the relation as the current scope,
 * as Active Record's delegation (and the runtime's relation delegate) does.
 *   user.sessions.start!(...)    ((r: Relation<Session>) => r.scoping(() => (r.model as typeof Session).startBang(...)))(user.sessions)
 */
function delegatedClassMethod(call: NodeOf<"call">, recv: TsExpr, model: string, args: string[], types: RType[], scope: Scope): TsExpr | null {
  const member = rubyToTs(call.method);
  const def = classMethodDef(scope.env.app, model, call.method);
  // The relation's own methods win over the model's (the runtime installs a delegate only where none is).
  if (!def || member in Relation.prototype || !/^[A-Za-z_$][\w$]*$/.test(member)) return null;
  noteClassMethodCall(scope.env.app, model, call, types);
  const r = scope.env.module.fresh("rel");
  const type = `${scope.env.module.useType("Relation")}<${scope.env.module.modelType(model)}>`;
  const cls = `typeof ${scope.env.module.modelType(model)}`;
  return asProved(`((${r}: ${type}) => ${r}.scoping(() => (${r}.model as ${cls}).${member}(${args.join(", ")})))(${recv.code})`, classMethodType(scope.env.app, model, def), scope);
}

/** A value the analysis proved of a type its TS expression does not declare (a method's `unknown` result). */
function asProved(code: string, type: RType, scope: Scope): TsExpr {
  return type.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${scope.env.typeName(type)})`, type);
}

/** `def self.m` of the model or an ancestor it inherits it from (one definition there). */
function classMethodDef(app: AppModel, model: string, name: string): NodeOf<"def"> | undefined {
  for (let info = app.models.get(model); info; info = app.models.get(info.superclass)) {
    const defs = info.classMethods.filter((d) => d.name === name);
    if (defs.length) return defs.length === 1 ? defs[0] : undefined;
  }
  return undefined;
}

/** What a class method answers where its body proves a record or relation (analyze/value-types.ts). */
function classMethodType(app: AppModel, model: string, def: NodeOf<"def">): RType {
  // An STI subclass may define the method again: the type holds only when no model of the app does.
  if ([...app.models.values()].some((m) => m.className !== model && m.classMethods.some((d) => d.name === def.name && d !== def))) return UNKNOWN;
  return provedType(app.values.methodType(def, { def, blocks: [], owner: { k: "modelClass", model } }));
}

/** A model and the models it inherits from (STI), nearest first. */
export function modelChain(app: AppModel, modelName: string) {
  const out = [];
  for (let m = app.models.get(modelName); m && out.length < 20; m = app.models.get(m.superclass)) out.push(m);
  return out;
}

/**
 * A scope called by name: `scope<T>(recv, "name", ...)`, a relation when its body proves one; `scopeArray` where the
 * body proves an Array of the model's records (`ordered.last(10)`); a scope may answer anything else.
 */
function scopeCall(recv: TsExpr, model: string, name: string, args: string[], scope: Scope): TsExpr {
  const t = scope.env.app.values.scopeType(model, name);
  const array = t?.k === "array" && t.model === model;
  const fn = scope.env.module.use(array ? "scopeArray" : "scope");
  const type: RType = t?.k === "relation" ? { k: "relation", model } : array ? { k: "array", of: { k: "model", model } } : UNKNOWN;
  return lit(`${fn}<${scope.env.module.modelType(model)}>(${[recv.code, JSON.stringify(name), ...args].join(", ")})`, type);
}

/**
 * The scopes an `enum` defines (unless `scopes: false`): one per value and its `not_` negation, with the prefix and
 * suffix applied (`enum :involvement, ..., prefix: :involved_in` -> involved_in_everything, not_involved_in_everything).
 */
function enumScope(app: AppModel, modelName: string, name: string): boolean {
  for (let m = app.models.get(modelName); m; m = m.parentModel ? app.models.get(m.parentModel) : undefined) {
    for (const { descriptor: e } of m.enums) {
      if (e.scopes === false) continue;
      const values = Array.isArray(e.values) ? e.values.map(String) : Object.keys((e.values ?? {}) as object);
      const affix = (v: unknown) => (v === true ? `${String(e.attribute)}` : typeof v === "string" ? v : null);
      const stems = values.map((v) => [affix(e.prefix), v, affix(e.suffix)].filter(Boolean).join("_").replace(/[^\w]/g, "_"));
      if (stems.some((stem) => name === stem || name === `not_${stem}`)) return true;
    }
  }
  return false;
}

/** An enum's scope called on the model class or a relation of it: by name, as a scope is (`scope<User>(User, "administrator")`). */
function enumScopeCall(call: NodeOf<"call">, recv: TsExpr, model: string, scope: Scope): TsExpr | null {
  if (call.args.length || call.block || !enumScope(scope.env.app, model, call.method) || findScope(scope.env.app, model, call.method) || classMethodDef(scope.env.app, model, call.method)) return null;
  return lit(`${scope.env.module.use("scope")}<${scope.env.module.modelType(model)}>(${recv.code}, ${JSON.stringify(call.method)})`, { k: "relation", model });
}

/** Scopes are inherited (STI subclasses see their parent's). */
export function findScope(app: AppModel, modelName: string, name: string): boolean {
  for (let m = app.models.get(modelName); m; m = m.parentModel ? app.models.get(m.parentModel) : undefined) {
    if (m.scopes.some((s) => s.name === name)) return true;
  }
  return false;
}

function lowerJbuilderCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr {
  const m = call.method;
  const args = lowerArgs(call.args, null, scope);
  const KNOWN: Record<string, string> = { "extract!": "extract", "array!": "array", "partial!": "partial", "set!": "set", "merge!": "merge", "null!": "nil" };
  if (KNOWN[m]) {
    if (call.block) args.push(lowerBlockFn(call.block, scope, [UNKNOWN]).code);
    return lit(`${recv.code}.${KNOWN[m]}(${args.join(", ")})`);
  }
  if (call.block) args.push(lowerBlockFn(call.block, scope, []).code);
  return lit(`${recv.code}.set(${[JSON.stringify(m), ...args].join(", ")})`);
}

function railsApplication(node: Node | null): boolean {
  const { root, names } = methodChain(node);
  return isTopConst(root, "Rails") && names.length === 1 && names[0] === "application";
}

/** The settings directly under SETTING (and groups under it), as an object literal; null when there are none. */
function settingGroup(setting: string, app: AppModel, scope: Scope): string | null {
  const prefix = `${setting}.`;
  const children = [...new Set([...app.moduleConstants.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length).split(".")[0]!))];
  if (children.length === 0) return null;
  const entries = children.map((name) => {
    const path = prefix + name;
    const value = app.moduleConstants.has(path) ? `${scope.env.module.useConstants()}.${moduleConstantName(path)}()` : settingGroup(path, app, scope);
    return `${JSON.stringify(name)}: ${value}`;
  });
  return `({ ${entries.join(", ")} })`;
}

/** `Rails.application.config.a.b` / `Rails.configuration.a.b` -> "Rails.application.config.a.b"; else null. */
function railsSetting(call: NodeOf<"call">): string | null {
  const { root, names } = methodChain(call);
  if (!isTopConst(root, "Rails")) return null;
  const rest = names[0] === "application" && names[1] === "config" ? names.slice(2) : names[0] === "configuration" ? names.slice(1) : [];
  return rest.length ? `Rails.application.config.${rest.join(".")}` : null;
}
