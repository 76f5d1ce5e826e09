// Every statement of config/application.rb, config/environments/*.rb and config/initializers/*.rb, sorted into
// what happens to it, so that none is dropped:
//   config.x.a = 1 / Rails.application.config.b = 2 / config.session_store ...    a setting: read by analysis
//   ALLOWED = %w[ a b ] (at an initializer's top level)                           a constant: computed where first read
//   require "x" / Bundler.require / Dir[...].each { |f| require f }                loading: gems and lib/ are compiled
//   ActiveSupport::Inflector.inflections { } / Mime::Type.register ...             read by analysis (inflections.ts, config.ts)
//   Time::DATE_FORMATS[:epoch] = ->(t) { } / Sentry.init { } / anything else       run: lowered into the boot module
//   if Rails.env.production? ... end                                                its condition is evaluated at boot
//   config.after_initialize { ... }                                                run: after the other statements
//   at_exit { ... }                                                                 run when the process exits
//   WebPush::Request.prepend M (a class rails2ts does not compile)                  declined: raises where the runtime
//                                                                                   runs the patched method, else at boot
//   config.content_security_policy { } (a policy header on every response)         declined: raises at boot
// ActiveSupport.on_load bodies, `Rails.application.configure` blocks and the Application class body are read
// statement by statement; a statement under an environment file runs in that environment only.
import type { Diagnostics } from "../diagnostics/index.js";
import type { SourceFile } from "../parse/app.js";
import { isTopConst, type Node, type NodeOf, type Span } from "../parse/ir.js";
import { constPath } from "./constants.js";
import { NEVER_RUN_CLASSES, PATCH_POINTS } from "../../runtime/ruby/declined-patches.js";

export type BootStatement =
  | { kind: "run"; node: Node }
  | { kind: "if"; node: NodeOf<"if">; then: BootStatement[]; else: BootStatement[] }
  | { kind: "atExit"; node: NodeOf<"call"> }
  /** Raises at boot (where reached under its conditions), naming the diagnostic. */
  | { kind: "declined"; node: Node; diagnostic: string }
  /** Registers declined patches: the runtime raises where it reaches one of `points`. */
  | { kind: "patch"; node: Node; points: string[]; diagnostic: string };

export interface InitializerFile {
  path: string;
  /** The environment an environments/<env>.rb file runs in (null: every environment). */
  environment: string | null;
  statements: BootStatement[];
  /** `config.after_initialize` blocks' statements: they run once every initializer has. */
  afterInitialize: BootStatement[];
}

/** A controller's filter macros: called on a class of Rails from an initializer, they patch its actions. */
const FILTER_MACROS = new Set(["before_action", "after_action", "around_action", "skip_before_action", "skip_after_action", "skip_around_action"]);

interface Context {
  file: SourceFile;
  /** Inside `Rails.application.configure` or the Application class: `config` is the app's config. */
  config: boolean;
  /** Modules the config files define, by path, with their methods (what a patch would add). */
  modules: Map<string, { node: Node; methods: string[]; used: boolean }>;
  after: BootStatement[];
  diags: Diagnostics;
}

export function initializerStatements(files: SourceFile[], diags: Diagnostics): InitializerFile[] {
  const modules = new Map<string, { node: Node; methods: string[]; used: boolean }>();
  for (const file of files) collectModules(file.body, [], modules);
  const out = files.map((file) => {
    const environment = /^config\/environments\/(\w+)\.rb$/.exec(file.path)?.[1] ?? null;
    const ctx: Context = { file, config: false, modules, after: [], diags };
    return { path: file.path, environment, statements: classifyAll(file.body, ctx), afterInitialize: ctx.after };
  });
  // A module the config files define that no patch applies: code that names it is compiled without it.
  for (const [path, m] of modules) {
    if (!m.used) diags.report("unsupported_construct", m.node.span, `${path}, defined in a config file, is not compiled: code naming it raises there (unresolved constant)`);
  }
  return out;
}

function classifyAll(nodes: Node[], ctx: Context): BootStatement[] {
  return nodes.flatMap((n) => classify(n, ctx));
}

function classify(node: Node, ctx: Context): BootStatement[] {
  if (node.kind === "module" || node.kind === "class") {
    // config/application.rb's `module Blog; class Application < Rails::Application`: its body configures.
    if (node.kind === "class" && isRailsApplication(node.superclass)) return classifyAll(node.body, { ...ctx, config: true });
    if (node.kind === "module" && node.body.some((n) => n.kind === "class" && isRailsApplication(n.superclass))) return classifyAll(node.body, ctx);
    return []; // a definition: applied by a patch below, or reported (initializerStatements) when nothing applies it
  }
  if (node.kind === "if") {
    const then = classifyAll(node.then, ctx);
    const otherwise = classifyAll(node.else, ctx);
    return then.length || otherwise.length ? [{ kind: "if", node, then, else: otherwise }] : [];
  }
  if (isSetting(node, ctx) || isLoading(node) || isTopConstant(node, ctx)) return [];
  if (node.kind !== "call") return [{ kind: "run", node: ctx.config ? withAppConfig(node) : node }];
  if (node.block && node.method === "on_load" && isTopConst(node.receiver, "ActiveSupport")) return classifyAll(node.block.body, ctx);
  if (node.block && node.method === "configure" && isApplication(node.receiver)) return classifyAll(node.block.body, { ...ctx, config: true });
  if (node.block && ["after_initialize", "to_prepare"].includes(node.method) && isConfig(node.receiver, ctx)) {
    ctx.after.push(...classifyAll(node.block.body, ctx));
    return [];
  }
  if (node.block && ["content_security_policy", "permissions_policy"].includes(node.method) && isConfig(node.receiver, ctx)) {
    const d = ctx.diags.report("unsupported_option", node.span, `config.${node.method}: Rails sends its header with every response and rails2ts does not; the app raises at boot`);
    return [{ kind: "declined", node, diagnostic: `${d.code}: ${d.message}` }];
  }
  if (node.method === "at_exit" && !node.receiver && node.block) return [{ kind: "atExit", node: ctx.config ? withAppConfig(node) as NodeOf<"call"> : node }];
  const patch = patchOf(node, ctx);
  return patch ? [patch] : [{ kind: "run", node: ctx.config ? withAppConfig(node) : node }];
}

/**
 * A patch of a class rails2ts does not compile: `X.prepend M` / `X.include M` / `X.extend M` /
 * `X.singleton_class.prepend M` (the module's methods), or a filter macro called on a controller of Rails
 * (`ActiveStorage::DiskController.after_action only: :show do ... end`: its actions).
 */
function patchOf(node: NodeOf<"call">, ctx: Context): BootStatement | null {
  if (FILTER_MACROS.has(node.method) && node.receiver?.kind === "const") {
    const target = constPath(node.receiver);
    if (!target) return null;
    return declinedPatch(node, target, onlyActions(node).map((a) => `${target}#${a}`), `${target}.${node.method}`, ctx);
  }
  if (!["prepend", "include", "extend"].includes(node.method) || node.args.length === 0) return null;
  const onSingleton = node.receiver?.kind === "call" && node.receiver.method === "singleton_class";
  const target = constPath((onSingleton && node.receiver?.kind === "call" ? node.receiver.receiver : node.receiver) ?? node);
  if (!target) return null;
  const methods: string[] = [];
  const names: string[] = [];
  for (const arg of node.args) {
    const path = constPath(arg);
    const m = path ? ctx.modules.get(path) : undefined;
    if (m) m.used = true;
    names.push(path ?? "a module");
    methods.push(...(m?.methods ?? []));
  }
  const separator = onSingleton || node.method === "extend" ? "." : "#";
  return declinedPatch(node, target, methods.map((m) => `${target}${separator}${m}`), `${target}.${node.method} ${names.join(", ")}`, ctx);
}

/** A filter's `only:` actions (every action, `*`, without one). */
function onlyActions(node: NodeOf<"call">): string[] {
  const options = node.args.find((a) => a.kind === "hash");
  const only = options?.kind === "hash" ? options.pairs.find((p) => p.key.kind === "sym" && p.key.name === "only")?.value : undefined;
  const names = only?.kind === "array" ? only.elements : only ? [only] : [];
  const actions = names.flatMap((n) => (n.kind === "sym" ? [n.name] : []));
  return actions.length ? actions : ["*"];
}

function declinedPatch(node: Node, target: string, points: string[], written: string, ctx: Context): BootStatement {
  const what = `${written} (a patch of a class rails2ts does not compile) is not applied`;
  const never = NEVER_RUN_CLASSES.find((c) => c.pattern.test(target));
  if (never) {
    const d = ctx.diags.report("unsupported_construct", node.span, `${what}: the emitted app never runs ${target} (${never.why})`);
    return { kind: "patch", node, points, diagnostic: `${d.code}: ${d.message}` };
  }
  if (points.length && points.every((p) => PATCH_POINTS.has(p))) {
    const d = ctx.diags.report("unsupported_construct", node.span, `${what}: ${points.join(", ")} raises where the runtime reaches it`);
    return { kind: "patch", node, points, diagnostic: `${d.code}: ${d.message}` };
  }
  const d = ctx.diags.report("unsupported_construct", node.span, `${what}: the app raises at boot`);
  return { kind: "declined", node, diagnostic: `${d.code}: ${d.message}` };
}

/**
 * Inside `Rails.application.configure do ... end` (and the Application class), `config` is the app's config: the
 * statement as if written `Rails.application.config`, which the lowering reads (calls.ts). A block whose own
 * parameter is named config keeps it.
 */
function withAppConfig(node: Node): Node {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== "object") return value;
    const n = value as Record<string, unknown>;
    if ((n.kind === "ident" && n.name === "config") || (n.kind === "call" && n.method === "config" && n.receiver === null && (n.args as unknown[]).length === 0)) {
      const span = n.span as Span;
      const rails: Node = { kind: "const", scope: null, name: "Rails", span };
      const application: Node = { kind: "call", receiver: rails, method: "application", args: [], block: null, safeNav: false, parens: false, span };
      return { kind: "call", receiver: application, method: "config", args: [], block: null, safeNav: false, parens: false, span };
    }
    if (Array.isArray(n.params) && (n.params as Array<{ name?: string }>).some((p) => p.name === "config")) return value;
    return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, k === "span" ? v : rewrite(v)]));
  };
  return rewrite(node) as Node;
}

/** Modules (and classes) a config file defines, with the instance methods a patch would add. */
function collectModules(nodes: Node[], nesting: string[], out: Context["modules"]): void {
  for (const node of nodes) {
    if (node.kind === "call" && node.block && node.method === "on_load") collectModules(node.block.body, nesting, out);
    if (node.kind !== "module" && node.kind !== "class") continue;
    const own = constPath(node.name);
    if (!own) continue;
    if (node.kind === "class" && isRailsApplication(node.superclass)) continue;
    const path = [...nesting, own].join("::");
    if (node.kind === "module" && nesting.length === 0 && node.body.some((n) => n.kind === "class" && isRailsApplication(n.superclass))) {
      collectModules(node.body, [path], out);
      continue;
    }
    out.set(path, { node, methods: defsOf(node.body), used: false });
  }
}

/** Instance methods defined in a body, through `private` sections. */
function defsOf(body: Node[]): string[] {
  return body.flatMap((n) => (n.kind === "def" && !n.singleton ? [n.name] : n.kind === "call" && n.args.length === 1 && n.args[0]!.kind === "def" ? defsOf(n.args) : []));
}

/** `Rails.application`, or `Rails.application.config` etc. at the top. */
function isApplication(node: Node | null): boolean {
  return node?.kind === "call" && node.method === "application" && isTopConst(node.receiver, "Rails") && !node.args.length;
}

function isRailsApplication(node: Node | null): boolean {
  return node !== null && constPath(node) === "Rails::Application";
}

/** The app's config object: `config` (inside configure), `Rails.application.config`, `Rails.configuration`. */
function isConfig(node: Node | null, ctx: Context): boolean {
  if (!node) return false;
  if ((node.kind === "ident" || (node.kind === "call" && !node.receiver && !node.args.length)) && (node.kind === "ident" ? node.name : node.method) === "config") return ctx.config;
  if (node.kind !== "call" || node.args.length) return false;
  return (node.method === "config" && isApplication(node.receiver)) || (node.method === "configuration" && isTopConst(node.receiver, "Rails"));
}

/** A receiver chain (calls, indexes) that starts at the app's config. */
function rootedAtConfig(node: Node | null, ctx: Context): boolean {
  let n = node;
  while (n) {
    if (isConfig(n, ctx)) return true;
    if (n.kind === "call") n = n.receiver;
    else if (n.kind === "index") n = n.receiver;
    else return false;
  }
  return false;
}

/** A setting analysis reads (config.*, inflections, MIME types): not run. */
function isSetting(node: Node, ctx: Context): boolean {
  if (node.kind === "opAssign" || node.kind === "assign") return node.target.kind !== "const" && rootedAtConfig(node.target, ctx);
  if (node.kind !== "call") return false;
  if (node.method === "inflections" && node.block && constPath(node.receiver ?? node) === "ActiveSupport::Inflector") return true;
  if (node.method === "register" && constPath(node.receiver ?? node) === "Mime::Type") return true;
  if (node.block && ["after_initialize", "to_prepare", "content_security_policy", "permissions_policy"].includes(node.method)) return false;
  return rootedAtConfig(node.receiver, ctx);
}

/** `NAME = value` at an initializer's top level: a constant of the app's, computed where first read (app-model.ts). */
function isTopConstant(node: Node, ctx: Context): boolean {
  return ctx.file.path.startsWith("config/initializers/") && ctx.file.body.includes(node) && node.kind === "assign" && node.target.kind === "const" && node.target.scope === null;
}

/** `require "x"`, `require_relative "boot"`, `Bundler.require(...)`, and loops that only require files. */
function isLoading(node: Node): boolean {
  if (node.kind !== "call") return false;
  if ((node.method === "require" || node.method === "require_relative") && !node.receiver) return true;
  if (node.method === "require" && isTopConst(node.receiver, "Bundler")) return true;
  // `Dir[...].each { |path| require ... }`: lib/ is compiled whole, whatever the app requires of it.
  return node.block !== null && node.block.body.length > 0 && node.block.body.every(isLoading);
}

export function siteOf(root: string, span: Span): string {
  const file = span.file.startsWith(`${root}/`) ? span.file.slice(root.length + 1) : span.file;
  return `${file}:${span.line}:${span.column}`;
}

