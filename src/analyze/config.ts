// config/application.rb and config/initializers/*.rb -> the settings lowering needs, read from their
// assignments (`Rails.application.config.assets.version = "1.0"`, `config.assets.version = "2"`).
import type { SourceFile } from "../parse/app.js";
import { literalString, type Node } from "../parse/ir.js";
import { constPath } from "./constants.js";
import type { Diagnostics } from "../diagnostics/index.js";
import { readSslOptions, type SslOptionsData } from "./ssl-config.js";

export interface AppConfigFacts {
  /** Propshaft's config.assets.version (its railtie default is "1"); it is part of every asset digest. */
  assetsVersion: string;
  /** `config.load_defaults X` (decides e.g. the template digest's hash class). */
  loadDefaults: number | null;
  /** production's config.action_controller.perform_caching (fragment caching on). */
  performCaching: boolean;
  /** Rails engines config/application.rb requires (`action_cable/engine`, or all of them with `rails/all`). */
  engines: string[];
  /** True when there is a config/application.rb, so `engines` is the whole list (without one, nothing is known). */
  enginesKnown: boolean;
  /**
   * Per environment (config/environments/<env>.rb), the settings the runtime switches on RAILS_ENV:
   * `config.action_controller.allow_forgery_protection` (test turns it off).
   */
  environments: Record<string, EnvironmentSettings>;
  /** `config.session_store :cookie_store, key:, expire_after: N.unit` (the cookie store's options). */
  sessionStore: { key?: string; expireAfter?: Record<string, number> } | null;
  /** config.ru's `use Rack::Deflater` (the only Rack middleware rails2ts reproduces; others are reported). */
  deflater: boolean;
  /** `Mime::Type.register "text/vnd.turbo-stream.html", :turbo_stream` in initializers. */
  mimeTypes: Array<{ string: string; symbol: string }>;
  /** config.time_zone (Time.zone; Rails' default "UTC" when null). */
  timeZone: string | null;
  /** config.beginning_of_week (Date.beginning_of_week; :monday when null). */
  beginningOfWeek: string | null;
}

/**
 * What one config/environments/<env>.rb sets (key "*": application.rb and initializers, under every environment's
 * own settings).
 */
export interface EnvironmentSettings {
  allowForgeryProtection?: boolean;
  forceSsl?: BootFlag;
  assumeSsl?: BootFlag;
  sslOptions?: SslOptionsData | { declined: string };
  /** force_ssl / assume_ssl set to something not a literal: the app raises on every request, naming it. */
  sslDeclined?: string;
  /** `config.server_timing = true` (Rails' generated development.rb): ActionDispatch::ServerTiming in the stack. */
  serverTiming?: boolean;
  /**
   * config.action_controller.perform_caching of an environment other than production (production's is
   * AppConfigFacts.performCaching): a literal, or `{ file }` for the generator's development.rb, which turns caching
   * on when `Rails.root.join("tmp/caching-dev.txt").exist?` (bin/rails dev:cache) when the app boots.
   */
  performCaching?: boolean | { file: string };
  /** `config.cache_store = :null_store` in this environment: nothing is cached (test.rb). */
  nullCacheStore?: boolean;
  /** config.active_job.queue_adapter as the runtime runs it (a queue of another process runs as :async). */
  queueAdapter?: "async" | "inline" | "test";
  /** config.action_mailer.delivery_method (Rails' default :smtp; only :test delivers here, the others raise). */
  deliveryMethod?: string;
  /**
   * config.action_dispatch.show_exceptions (Rails' default :all; the generator's test.rb sets :rescuable): whether
   * an error of the app is answered as its error page, or raised out of the app (:none; :rescuable for those with
   * no rescue response), as an integration test sees it.
   */
  showExceptions?: "all" | "rescuable" | "none";
}

/** A setting read at boot: a literal, or whether an environment variable is present (Object#present?). */
export type BootFlag = boolean | { env: string; present: boolean };

/** Reads config/application.rb, config/initializers/*.rb and config/environments/production.rb. */
export function analyzeConfig(files: SourceFile[], diagnostics?: Diagnostics): AppConfigFacts {
  const enginesKnown = files.some((f) => f.path === "config/application.rb");
  const facts: AppConfigFacts = { assetsVersion: "1", loadDefaults: null, performCaching: false, mimeTypes: [], engines: [], enginesKnown, environments: {}, deflater: false, sessionStore: null, timeZone: null, beginningOfWeek: null };
  let environment: string | null = null;
  const visit = (node: Node): void => {
    if (node.kind === "call") {
      if (node.method === "version=" && node.receiver?.kind === "call" && node.receiver.method === "assets") {
        const value = literalString(node.args[0]);
        if (value !== null) facts.assetsVersion = value;
      }
      if (node.method === "require" && !node.receiver) {
        const lib = literalString(node.args[0]);
        // rails/all requires these engines, in this order (railties' lib/rails/all.rb).
        if (lib === "rails/all") facts.engines.push("active_storage", "action_cable", "action_mailbox", "action_text");
        else if (lib?.endsWith("/engine")) facts.engines.push(lib.slice(0, -"/engine".length));
      }
      if (node.method === "register" && node.receiver?.kind === "const" && node.receiver.name === "Type") {
        const string = literalString(node.args[0]);
        const symbol = literalString(node.args[1]);
        if (string && symbol) facts.mimeTypes.push({ string, symbol });
      }
      if (node.method === "session_store" && node.receiver?.kind === "call" && node.receiver.method === "config" && literalString(node.args[0]) === "cookie_store") {
        facts.sessionStore = sessionStoreOptions(node.args.slice(1));
      }
      if (node.method === "load_defaults" && (node.args[0]?.kind === "float" || node.args[0]?.kind === "int")) facts.loadDefaults = node.args[0].value;
      if (node.method === "perform_caching=" && node.receiver?.kind === "call" && node.receiver.method === "action_controller") {
        if (environment === null || environment === "production") facts.performCaching = node.args[0]?.kind === "true";
        else if (node.args[0]?.kind === "true" || node.args[0]?.kind === "false") (facts.environments[environment] ??= {}).performCaching = node.args[0].kind === "true";
      }
      if (node.method === "cache_store=" && isConfig(node.receiver) && environment && environment !== "production" && literalString(node.args[0]) === "null_store") {
        (facts.environments[environment] ??= {}).nullCacheStore = true;
      }
      if (node.method === "allow_forgery_protection=" && node.receiver?.kind === "call" && node.receiver.method === "action_controller" && environment) {
        const value = node.args[0]?.kind;
        if (value === "true" || value === "false") (facts.environments[environment] ??= {}).allowForgeryProtection = value === "true";
      }
      if (isConfig(node.receiver)) sslSetting(node, () => (facts.environments[environment ?? "*"] ??= {}), diagnostics);
      if (node.method === "server_timing=" && isConfig(node.receiver)) {
        const value = node.args[0]?.kind;
        if (value === "true" || value === "false") (facts.environments[environment ?? "*"] ??= {}).serverTiming = value === "true";
        else diagnostics?.report("unsupported_option", (node.args[0] ?? node).span, "config.server_timing is not true or false: no Server-Timing header");
      }
      if ((node.method === "time_zone=" || node.method === "beginning_of_week=") && isConfig(node.receiver)) calendarSetting(node, facts, diagnostics);
      if (node.method === "cache_store=" && isConfig(node.receiver) && (environment === null || environment === "production")) {
        nullCacheStore = cacheStore(node, diagnostics);
      }
      if (node.method === "show_exceptions=" && node.receiver?.kind === "call" && node.receiver.method === "action_dispatch") {
        const arg = node.args[0];
        // true / false: the forms Rails 7.1 deprecated for :all / :none.
        const mode = arg?.kind === "sym" ? arg.name : arg?.kind === "true" ? "all" : arg?.kind === "false" ? "none" : null;
        if (mode === "all" || mode === "rescuable" || mode === "none") (facts.environments[environment ?? "*"] ??= {}).showExceptions = mode;
        else diagnostics?.report("unsupported_option", (arg ?? node).span, "config.action_dispatch.show_exceptions is not :all, :rescuable or :none: errors are shown as their pages (:all)");
      }
      if (node.method === "delivery_method=" && node.receiver?.kind === "call" && node.receiver.method === "action_mailer") {
        if (node.args[0]?.kind === "sym") (facts.environments[environment ?? "*"] ??= {}).deliveryMethod = node.args[0].name;
        else diagnostics?.report("unsupported_option", (node.args[0] ?? node).span, "config.action_mailer.delivery_method is not a literal Symbol: mail is delivered as Rails' default :smtp, which raises");
      }
      if (node.method === "queue_adapter=" && node.receiver?.kind === "call" && node.receiver.method === "active_job") {
        (facts.environments[environment ?? "*"] ??= {}).queueAdapter = queueAdapter(node, diagnostics);
      }
      node.block?.body.forEach(visit);
      if (node.receiver) visit(node.receiver);
    } else if (node.kind === "class" || node.kind === "module") node.body.forEach(visit);
    else if (node.kind === "if" && environment && environment !== "production") {
      // The generator's development.rb: `if Rails.root.join("tmp/caching-dev.txt").exist?` caching on, else off.
      const file = bootFileCondition(node.cond);
      if (file && performCachingOf(node.then) === true && performCachingOf(node.else) !== true) {
        (facts.environments[environment] ??= {}).performCaching = { file };
      } else if (performCachingOf(node.then) !== null || performCachingOf(node.else) !== null) {
        diagnostics?.report("unsupported_option", node.cond.span, "config.action_controller.perform_caching under a condition rails2ts does not evaluate: caching stays as production.rb has it");
      }
    }
  };
  let nullCacheStore = false;
  for (const file of files) {
    environment = /^config\/environments\/(\w+)\.rb$/.exec(file.path)?.[1] ?? null;
    file.body.forEach(visit);
  }
  // :null_store never hits: every fragment renders, as with caching off (the bytes are the same).
  if (nullCacheStore) facts.performCaching = false;
  return facts;
}

/**
 * `config.cache_store = :memory_store` is the emitted app's in-process store. `:null_store` answers true (caching
 * off). Another store (Campfire's :redis_cache_store, :mem_cache_store, :file_store, :solid_cache_store, options)
 * is reported and the in-process memory store kept: fragments render the same bytes, but they are not shared
 * with other processes (each worker has its own) nor kept across restarts. Its fragment reads would be network
 * round trips in the middle of rendering, which the emitted views do not make.
 */
function cacheStore(node: Node & { kind: "call" }, diagnostics: Diagnostics | undefined): boolean {
  const value = node.args[0];
  const store = value?.kind === "sym" && node.args.length === 1 ? value.name : null;
  if (store === "memory_store") return false;
  if (store === "null_store") return true;
  const what = store ? `:${store}` : "this cache store";
  diagnostics?.report("unsupported_option", (value ?? node).span, `config.cache_store ${what} is not reproduced: fragments are cached in each process's memory (as :memory_store), not shared between workers or kept across restarts`);
  return false;
}

/**
 * `config.active_job.queue_adapter = :resque` (:sidekiq, :solid_queue, ...): jobs run in the emitted app's own
 * process after the request's work, as Rails' :async adapter runs them (runtime/active-job/active-job.ts); they are not
 * handed to another process's queue nor kept across restarts. :async, :inline and :test need no report.
 */
function queueAdapter(node: Node & { kind: "call" }, diagnostics: Diagnostics | undefined): "async" | "inline" | "test" {
  const value = node.args[0];
  const adapter = value?.kind === "sym" ? value.name : null;
  if (adapter === "async" || adapter === "inline" || adapter === "test") return adapter;
  const what = adapter ? `:${adapter}` : "this queue adapter";
  diagnostics?.report("unsupported_option", (value ?? node).span, `config.active_job.queue_adapter ${what} is not reproduced: jobs run in this process after the request's work (as :async), not in a queue another process reads, nor kept across restarts`);
  return "async";
}

/**
 * `config.time_zone = "Eastern Time (US & Canada)"` and `config.beginning_of_week = :sunday`: every time the app
 * shows depends on them, so a value that is not a literal is reported (the app then keeps Rails' defaults).
 */
function calendarSetting(node: Node & { kind: "call" }, facts: AppConfigFacts, diagnostics: Diagnostics | undefined): void {
  const value = node.args[0];
  if (node.method === "time_zone=") {
    const zone = literalString(value);
    if (zone !== null) facts.timeZone = zone;
    else diagnostics?.report("unsupported_option", (value ?? node).span, "config.time_zone is not a literal String: the app keeps UTC");
    return;
  }
  if (value?.kind === "sym") facts.beginningOfWeek = value.name;
  else diagnostics?.report("unsupported_option", (value ?? node).span, "config.beginning_of_week is not a literal Symbol: the week keeps starting on Monday");
}

/** `Rails.root.join("tmp/caching-dev.txt").exist?`: the file's path, relative to the app; else null. */
function bootFileCondition(cond: Node): string | null {
  if (cond.kind !== "call" || cond.method !== "exist?" || cond.args.length) return null;
  const join = cond.receiver;
  if (join?.kind !== "call" || join.method !== "join" || join.args.length !== 1) return null;
  const root = join.receiver;
  if (root?.kind !== "call" || root.method !== "root" || root.receiver?.kind !== "const" || root.receiver.name !== "Rails") return null;
  return literalString(join.args[0]);
}

/** The literal perform_caching a branch sets (true/false), or null when it sets none. */
function performCachingOf(body: Node[]): boolean | null {
  for (const n of body) {
    if (n.kind === "call" && n.method === "perform_caching=" && (n.args[0]?.kind === "true" || n.args[0]?.kind === "false")) return n.args[0].kind === "true";
  }
  return null;
}

/** `config` (a call or, without arguments, a local-looking identifier) or `Rails.application.config`. */
function isConfig(node: Node | null | undefined): boolean {
  return (node?.kind === "call" && node.method === "config" && node.args.length === 0) || (node?.kind === "ident" && node.name === "config");
}

/**
 * `config.force_ssl = true`, `config.assume_ssl = ENV["DISABLE_SSL"].blank?` (read at boot, as Rails reads it),
 * `config.ssl_options = { ... }`.
 */
function sslSetting(node: Node & { kind: "call" }, settingsOf: () => EnvironmentSettings, diagnostics: Diagnostics | undefined): void {
  const value = node.args[0];
  if (!value || !["force_ssl=", "assume_ssl=", "ssl_options="].includes(node.method)) return;
  const settings = settingsOf();
  if (node.method === "force_ssl=" || node.method === "assume_ssl=") {
    const flag = bootFlag(value);
    const message = `config.${node.method.slice(0, -1)} is not true, false or ENV["..."].blank?/present?`;
    if (flag === null) diagnostics?.report("unsupported_option", value.span, `${message}: the app raises on every request`);
    if (flag === null) settings.sslDeclined = `${message} (unsupported_option)`;
    else settings[node.method === "force_ssl=" ? "forceSsl" : "assumeSsl"] = flag;
  }
  if (node.method === "ssl_options=") settings.sslOptions = readSslOptions(value, diagnostics);
}

/** A literal boolean, or `ENV["NAME"].blank?` / `.present?`: true when the variable is (not) blank at boot. */
function bootFlag(value: Node): BootFlag | null {
  if (value.kind === "true" || value.kind === "false" || value.kind === "nil") return value.kind === "true";
  if (value.kind !== "call" || (value.method !== "blank?" && value.method !== "present?") || value.args.length || value.block) return null;
  const env = value.receiver;
  if (env?.kind !== "index" || env.receiver.kind !== "const" || env.receiver.name !== "ENV" || env.receiver.scope || env.args.length !== 1) return null;
  const name = literalString(env.args[0]);
  return name === null ? null : { env: name, present: value.method === "present?" };
}

/** config.ru: `use Rack::Deflater` is reproduced; another `use` is reported (its behaviour would be missing). */
export function analyzeRackup(file: SourceFile | null, facts: AppConfigFacts, diagnostics: Diagnostics): void {
  if (!file) return;
  for (const node of file.body) {
    if (node.kind !== "call" || node.receiver || node.method !== "use") continue;
    const name = node.args[0] ? constPath(node.args[0]) : null;
    if (name === "Rack::Deflater" && node.args.length === 1) facts.deflater = true;
    else diagnostics.report("unsupported_construct", node.span, `Rack middleware ${name ?? "(computed)"} in config.ru is not reproduced`);
  }
}

const DURATION_UNITS: Record<string, string> = {
  second: "seconds", seconds: "seconds", minute: "minutes", minutes: "minutes", hour: "hours", hours: "hours",
  day: "days", days: "days", week: "weeks", weeks: "weeks", month: "months", months: "months", year: "years", years: "years",
};

/** The cookie store's `key:` and `expire_after: 20.years` (a literal duration), from its options hash. */
function sessionStoreOptions(args: Node[]): { key?: string; expireAfter?: Record<string, number> } {
  const out: { key?: string; expireAfter?: Record<string, number> } = {};
  const hash = args.find((a) => a.kind === "hash");
  if (!hash || hash.kind !== "hash") return out;
  for (const { key, value } of hash.pairs) {
    const name = literalString(key);
    if (name === "key" && literalString(value) !== null) out.key = literalString(value)!;
    if (name === "expire_after" && value.kind === "call" && value.receiver?.kind === "int" && DURATION_UNITS[value.method]) {
      out.expireAfter = { [DURATION_UNITS[value.method]!]: value.receiver.value };
    }
  }
  return out;
}
