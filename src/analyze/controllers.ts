// app/controllers/**/*.rb -> ControllerInfo: filters, public actions, private helpers, layout; concerns flattened
// in, and class-level calls to the app's own macro methods expanded (e.g. an authentication concern's `allow_unauthenticated_access`).
//
//   class PostsController < ApplicationController   { className, controllerPath: "posts" }
//     before_action :set_post, only: %i[show]       { kind: "before", method: "set_post", only: ["show"] }
//     def index ... end                                 actions (public defs)
//     private; def post_params ... end               privateMethods
//   def self.allow_x(**o) = skip_before_action(:a, **o)  allow_x only: :new  ->  skip_before_action :a, only: :new
import { crashNode } from "../parse/crash.js";
import { atConstruct, faultPoint } from "../parse/crash.js";
import { crashMethod, isCrashedStatement } from "./crashed.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { SourceFile } from "../parse/app.js";
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf, type Span } from "../parse/ir.js";
import { underscore } from "../../runtime/active-support/inflector.js";
import { collectConstants, flattenBody, resolveConstant, type ConstDecl } from "./constants.js";
import { expandMacroCall } from "./macros.js";

export interface FilterInfo {
  kind: "before" | "after" | "skip_before";
  method: string;
  only: string[] | null;
  except: string[] | null;
  /** `if:` / `unless:` as methods of the controller (a lambda's body becomes one): all must answer true / false. */
  if?: string[];
  unless?: string[];
}

export interface ControllerInfo {
  className: string;
  file: SourceFile;
  superclass: string;
  /** `posts`, `admin/users` — where its templates live. */
  controllerPath: string;
  filters: FilterInfo[];
  actions: Array<NodeOf<"def">>;
  privateMethods: Array<NodeOf<"def">>;
  classMethods: Array<NodeOf<"def">>;
  layout: string | null | false;
  /** `helper_method :signed_in?`: controller methods views may call. */
  helperMethods: string[];
  /** allow_browser versions other than :modern (a hash of browser => version). */
  browserVersions?: Node | null;
  /** allow_browser's `block:` (a lambda run on the controller for a blocked browser), as a method of its own. */
  browserBlock?: string;
  /** `rescue_from Klass, with: :handler` / `rescue_from(Klass) { |e| ... }` (the block made a method), in order. */
  rescueHandlers?: Array<{ classes: string[]; method: string }>;
  /** `layout ..., only:/except:`. */
  layoutConditions?: { only: string[] | null; except: string[] | null };
  /** `NAME = value` in the class body or an included concern. */
  constants: Array<{ name: string; value: Node }>;
  /** Modules of Rails or a gem the runtime provides, included here (`Turbo::Streams::Broadcasts`). */
  libraryIncludes?: string[];
  /** action_policy's `authorize :user, through: :current_user` (the authorization context), where written. */
  authorizationTargets?: Array<{ key: string; through: string | null; span: Span }>;
}

/**
 * Modules of gems a controller may include whose methods the runtime has: turbo-rails' broadcasts (Turbo::StreamsChannel's
 * broadcast_*_to, as instance methods) and stream names.
 */
export const TURBO_CONTROLLER_MODULES = new Set(["Turbo::Streams::Broadcasts", "Turbo::Streams::StreamName"]);

/**
 * ActionController::Live, and ActiveStorage::Streaming which includes it (with DataStreaming, whose send_file every
 * controller has): the controller answers with Live::Response (no default headers, a streamed body).
 */
export const LIVE_CONTROLLER_MODULES = new Set(["ActionController::Live", "ActiveStorage::Streaming"]);

/** Every module of Rails or a gem a controller's `include` may name. */
export const CONTROLLER_LIBRARY_MODULES = new Set([...TURBO_CONTROLLER_MODULES, ...LIVE_CONTROLLER_MODULES, "ActionController::DataStreaming"]);

const FILTERS: Record<string, FilterInfo["kind"]> = {
  before_action: "before", after_action: "after", skip_before_action: "skip_before", prepend_before_action: "before",
};

export function analyzeControllers(files: SourceFile[], diags: Diagnostics): ControllerInfo[] {
  const decls = collectConstants(files);
  const classes = group(decls.filter((d) => d.kind === "class"));
  const modules = group(decls.filter((d) => d.kind === "module"));
  const known = new Set(classes.keys());
  const out: ControllerInfo[] = [];
  const byName = new Map<string, ControllerInfo>();
  // Parents first, so a subclass finds its ancestors' class methods (macros) already analyzed.
  const order = [...classes.keys()].sort((a, b) => depth(a, classes, known) - depth(b, classes, known));
  for (const path of order) {
    const list = classes.get(path)!;
    const info = analyzeController(path, list, modules, known, byName, diags);
    byName.set(path, info);
    out.push(info);
  }
  return out;
}

function group(decls: ConstDecl[]): Map<string, ConstDecl[]> {
  const map = new Map<string, ConstDecl[]>();
  for (const d of decls) map.set(d.path, [...(map.get(d.path) ?? []), d]);
  return map;
}

function superOf(list: ConstDecl[], known: Set<string>): string {
  const decl = list.find((d) => d.superclassName) ?? list[0]!;
  return decl.superclassName ? (resolveConstant(decl.superclassName, decl.nesting.slice(1), known) ?? decl.superclassName) : "Object";
}

function depth(path: string, classes: Map<string, ConstDecl[]>, known: Set<string>, n = 0): number {
  const list = classes.get(path);
  if (!list || n > 20) return n;
  return depth(superOf(list, known), classes, known, n + 1);
}

function analyzeController(
  className: string, list: ConstDecl[], modules: Map<string, ConstDecl[]>, known: Set<string>,
  byName: Map<string, ControllerInfo>, diags: Diagnostics,
): ControllerInfo {
  const flat = flattenBody(list, list, modules);
  const superclass = superOf(list, known);
  const info: ControllerInfo = {
    className,
    file: list[0]!.file,
    superclass,
    controllerPath: underscore(className.replace(/Controller$/, "")),
    filters: [],
    actions: flat.methods.filter((d) => !flat.privateMethods.has(d.name)),
    privateMethods: flat.methods.filter((d) => flat.privateMethods.has(d.name)),
    classMethods: flat.classMethods,
    layout: null,
    helperMethods: [],
    constants: [],
  };
  for (const inc of flat.unresolvedIncludes) {
    const name = inc.name.replace(/^::/, "");
    if (CONTROLLER_LIBRARY_MODULES.has(name)) (info.libraryIncludes ??= []).push(name);
    else diags.report("unresolved_constant", inc.node.span, `include ${inc.name}`);
  }
  const classMethod = (name: string): NodeOf<"def"> | null => {
    for (let c: ControllerInfo | undefined = info; c; c = byName.get(c.superclass)) {
      const def = c.classMethods.find((d) => d.name === name);
      if (def) return def;
    }
    return null;
  };
  const visit = (stmt: Node, depthLeft: number): void => {
    if (isCrashedStatement(stmt)) {
      const method = crashMethod(stmt);
      info.privateMethods.push(method);
      info.filters.push({ kind: "before", method: method.name, only: null, except: null });
      return;
    }
    if (stmt.kind === "assign" && stmt.target.kind === "const") {
      info.constants.push({ name: stmt.target.name, value: stmt.value });
      return;
    }
    const call = stmt.kind === "ident" ? asCall(stmt) : stmt;
    if (call.kind !== "call" || call.receiver !== null) {
      diags.report("unsupported_construct", stmt.span, `${stmt.kind} in controller body`);
      return;
    }
    const def = classMethod(call.method);
    if (def && depthLeft > 0) {
      const expanded = expandMacroCall(def, call);
      if (expanded) return expanded.forEach((s) => visit(s, depthLeft - 1));
      diags.report("unsupported_construct", call.span, `macro ${call.method}: its body is not made of class-level calls`);
      return;
    }
    macro(info, call, diags);
  };
  // Each class-body statement is a crash boundary (parse/crash.ts): analyzeApp replaces the one it names.
  for (const stmt of flat.body) atConstruct(stmt.span, stmt, () => (faultPoint("analyze", stmt.kind, stmt.span), visit(stmt, 5)));
  return info;
}

function asCall(ident: NodeOf<"ident">): NodeOf<"call"> {
  return { kind: "call", receiver: null, method: ident.name, args: [], block: null, safeNav: false, parens: false, span: ident.span };
}

function names(v: Node | undefined): string[] | null {
  if (!v) return null;
  return v.kind === "array" ? v.elements.map((e) => literalString(e) ?? "") : [literalString(v) ?? ""];
}

function macro(info: ControllerInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const kind = FILTERS[call.method];
  if (kind) {
    const options = optionsOf(call.args);
    const only = names(options.get("only"));
    const except = names(options.get("except"));
    // if: / unless: given as a method name or a lambda are conditions the runtime checks before the filter runs.
    const conditions = filterConditions(info, options, call);
    // An option the runtime does not apply (prepend:, a String condition, ...) makes the filter raise where it would
    // run: never a filter run unconditionally, never one skipped.
    const declinedOption = [...options].find(([key]) => key !== "only" && key !== "except" && !(conditions && (key === "if" || key === "unless")));
    if (declinedOption) {
      const d = diags.report("unsupported_option", declinedOption[1].span, `${call.method} ${declinedOption[0]}:`);
      const site = `${info.file.path}:${declinedOption[1].span.line}`;
      const def: NodeOf<"def"> = { kind: "def", name: `rails2ts_declined_filter_${call.span.line}_${call.span.column}`, singleton: false, params: [], body: [crashNode(call.span, `declined at ${site}: ${d.code}: ${d.message}`)], span: call.span };
      info.privateMethods.push(def);
      info.filters.push({ kind: kind === "skip_before" ? "before" : kind, method: def.name, only, except });
      return;
    }
    for (const arg of positionalArgs(call.args)) {
      const method = literalString(arg);
      if (method) info.filters.push({ kind, method, only, except, ...conditions });
      else diags.report("unsupported_construct", arg.span, `${call.method} with a non-symbol filter`);
    }
    // `before_action do ... end`: the block runs on the controller (instance_exec), as a method of its own.
    if (call.block && (kind === "before" || kind === "after")) {
      const def: NodeOf<"def"> = { kind: "def", name: `rails2ts_filter_${call.span.line}_${call.span.column}`, singleton: false, params: [], body: call.block.body, span: call.span };
      info.privateMethods.push(def);
      info.filters.push({ kind, method: def.name, only, except, ...conditions });
    } else if (call.block) diags.report("unsupported_construct", call.span, `${call.method} with a block`);
  } else if (call.method === "layout") {
    const arg = call.args[0];
    info.layout = arg?.kind === "false" ? false : literalString(arg);
    const options = optionsOf(call.args);
    if (options.has("only") || options.has("except")) info.layoutConditions = { only: names(options.get("only")), except: names(options.get("except")) };
  } else if (call.method === "allow_browser") {
    // ActionController::AllowBrowser: a before filter (the runtime's allowBrowser) with the versions set.
    const options = optionsOf(call.args);
    const written = options.get("versions");
    // A constant defined alongside (a concern's VERSIONS) stands for its value.
    const versions = written?.kind === "const" ? (info.constants.find((c) => c.name === written.name)?.value ?? written) : written;
    info.filters.push({ kind: "before", method: "allow_browser", only: names(options.get("only")), except: names(options.get("except")) });
    if (literalString(versions) !== "modern") info.browserVersions = versions ?? null;
    const block = options.get("block");
    const blockMethod = block ? instanceExecMethod(info, block, `allow_browser_block_${call.span.line}`) : null;
    if (blockMethod) info.browserBlock = blockMethod;
    for (const key of options.keys()) {
      if (!["versions", "only", "except"].includes(key) && !(key === "block" && blockMethod)) diags.report("unsupported_option", call.span, `allow_browser ${key}:`);
    }
  } else if (call.method === "protect_from_forgery") {
    protectFromForgery(info, call, diags);
  } else if (call.method === "rate_limit" && rateLimit(info, call)) {
    // ActionController::RateLimiting: a before_action calling rate_limiting (the runtime's controller).
  } else if (call.method === "rescue_from" && rescueFrom(info, call)) {
    // ActiveSupport::Rescuable in ActionController::Rescue: the runtime's controller looks the handler up.
  } else if (call.method === "skip_forgery_protection") {
    // = skip_before_action :verify_authenticity_token, raise: false (options as given)
    const options = optionsOf(call.args);
    info.filters.push({ kind: "skip_before", method: "verify_authenticity_token", only: names(options.get("only")), except: names(options.get("except")) });
  } else if (call.method === "authorize" && authorizeMacro(info, call)) {
    // action_policy's ActionPolicy::Behaviour.authorize: whether the gem is bundled is the lowering's question.
  } else if (call.method === "helper_method") {
    for (const arg of call.args) {
      const name = literalString(arg);
      if (name) info.helperMethods.push(name);
    }
  } else diags.report("unsupported_construct", call.span, `controller macro ${call.method}`);
}

/** `authorize :user` / `authorize :user, through: :current_librarian`: both names literal, nothing else. */
function authorizeMacro(info: ControllerInfo, call: NodeOf<"call">): boolean {
  const key = literalString(call.args[0]);
  const options = optionsOf(call.args.slice(1));
  const through = options.get("through");
  if (key === null || call.args[0]!.kind !== "sym" || call.block || [...options.keys()].some((k) => k !== "through") || (through && through.kind !== "sym")) return false;
  if (call.args.slice(1).some((a) => a.kind !== "hash")) return false;
  (info.authorizationTargets ??= []).push({ key, through: through ? literalString(through) : null, span: call.span });
  return true;
}

/**
 * A lambda, proc or method name a macro runs on the controller (instance_exec): the method's name, the lambda's body
 * made a private method of its own; null for anything else (a String to eval, a lambda taking arguments).
 */
function instanceExecMethod(info: ControllerInfo, value: Node, label: string): string | null {
  const name = literalString(value);
  if (name !== null && value.kind === "sym") return name;
  const body = value.kind === "lambda" && value.params.length === 0 ? value.body
    : value.kind === "call" && !value.receiver && (value.method === "lambda" || value.method === "proc") && value.block && value.block.params.length === 0 && value.args.length === 0 ? value.block.body
    : null;
  if (!body) return null;
  const def: NodeOf<"def"> = { kind: "def", name: `rails2ts_${label}_${value.span.column}`, singleton: false, params: [], body, span: value.span };
  info.privateMethods.push(def);
  return def.name;
}

/** `if:` / `unless:` of a filter macro as condition methods; null when one of them is not a method or a lambda. */
function filterConditions(info: ControllerInfo, options: Map<string, Node>, call: NodeOf<"call">): { if?: string[]; unless?: string[] } | null {
  const out: { if?: string[]; unless?: string[] } = {};
  for (const key of ["if", "unless"] as const) {
    const value = options.get(key);
    if (!value) continue;
    const items = value.kind === "array" ? value.elements : [value];
    const methods = items.map((v) => instanceExecMethod(info, v, `filter_${key}_${call.span.line}`));
    if (methods.some((m) => m === null)) return null;
    out[key] = methods as string[];
  }
  return out;
}

/**
 * protect_from_forgery (ActionController::RequestForgeryProtection): `before_action :verify_authenticity_token` with
 * the options given, which replaces the check every controller already has (a callback of the same name moves to
 * the end of the chain, as ActiveSupport::Callbacks does). `with: :exception` is the runtime's strategy; another
 * strategy or prepend: is reported and the check kept where it was.
 */
function protectFromForgery(info: ControllerInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const options = optionsOf(call.args);
  const strategy = options.get("with");
  const conditions = filterConditions(info, options, call);
  // Without with:, Rails' strategy is :null_session (an empty session instead of an exception).
  if (strategy?.kind !== "sym" || strategy.name !== "exception") {
    diags.report("unsupported_option", (strategy ?? call).span, "protect_from_forgery with a strategy other than :exception (the check stays as every controller has it)");
    return;
  }
  const declined = [...options].find(([key]) => !["with", "only", "except", "if", "unless"].includes(key) || ((key === "if" || key === "unless") && !conditions));
  if (declined) {
    diags.report("unsupported_option", declined[1].span, `protect_from_forgery ${declined[0]}: (the check stays as every controller has it)`);
    return;
  }
  const only = names(options.get("only"));
  const except = names(options.get("except"));
  info.filters.push({ kind: "skip_before", method: "verify_authenticity_token", only: null, except: null });
  info.filters.push({ kind: "before", method: "verify_authenticity_token", only, except, ...conditions });
}

/**
 * `rescue_from A, B, with: :handler` or `rescue_from(A) { |error| ... }` (the block a method taking the error): the
 * classes as Ruby names. False (left to the caller's report) for anything else: a class that is not a constant,
 * a handler given as a lambda value or a String.
 */
function rescueFrom(info: ControllerInfo, call: NodeOf<"call">): boolean {
  const options = optionsOf(call.args);
  const classes = positionalArgs(call.args).map((a) => (a.kind === "const" ? constPathOf(a) : null));
  if (classes.length === 0 || classes.some((c) => c === null) || [...options.keys()].some((k) => k !== "with")) return false;
  const handler = options.get("with");
  let method: string | null = null;
  if (handler && !call.block) method = handler.kind === "sym" ? handler.name : null;
  else if (!handler && call.block && call.block.params.length <= 1) {
    const def: NodeOf<"def"> = { kind: "def", name: `rails2ts_rescue_from_${call.span.line}_${call.span.column}`, singleton: false, params: call.block.params, body: call.block.body, span: call.span };
    info.privateMethods.push(def);
    method = def.name;
  }
  if (method === null) return false;
  (info.rescueHandlers ??= []).push({ classes: classes as string[], method });
  return true;
}

/**
 * `rate_limit to:, within:, by: -> { }, with: -> { }, only:, except:` (7.2): a before_action whose body is
 * `rate_limiting(to:, within:, by:, with:)`, its lambdas run on the controller as Rails' instance_exec runs them.
 * False (left to the caller's report) for store: or any other option.
 */
function rateLimit(info: ControllerInfo, call: NodeOf<"call">): boolean {
  const options = optionsOf(call.args);
  if (!options.has("to") || !options.has("within") || [...options.keys()].some((k) => !["to", "within", "by", "with", "only", "except"].includes(k))) return false;
  const hash = call.args.find((a): a is NodeOf<"hash"> => a.kind === "hash");
  if (!hash) return false;
  const pairs = hash.pairs.filter((p) => p.key.kind === "sym" && ["to", "within", "by", "with"].includes(p.key.name));
  const limiting: NodeOf<"call"> = { kind: "call", receiver: null, method: "rate_limiting", args: [{ ...hash, pairs }], block: null, safeNav: false, parens: true, span: call.span };
  const def: NodeOf<"def"> = { kind: "def", name: `rails2ts_rate_limit_${call.span.line}_${call.span.column}`, singleton: false, params: [], body: [limiting], span: call.span };
  info.privateMethods.push(def);
  info.filters.push({ kind: "before", method: def.name, only: names(options.get("only")), except: names(options.get("except")) });
  return true;
}

function constPathOf(node: NodeOf<"const">): string | null {
  if (!node.scope) return node.name;
  if (node.scope.kind !== "const") return null;
  const outer = constPathOf(node.scope);
  return outer === null ? null : `${outer}::${node.name}`;
}

export { resolveConstant };
