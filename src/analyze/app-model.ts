// ParsedApp -> AppModel: the whole app's facts before any lowering (ruby2js calls it the app manifest).
import { isReopenable, readReopenedClass, type ReopenedClass } from "./reopened-class.js";
import { initializerStatements, type InitializerFile } from "./initializer-statements.js";
import { rootFiles } from "./root-files.js";
import { readInflections, type AppInflections } from "./inflections.js";
import { withInflections } from "../../runtime/active-support/inflections.js";
import type { ParsedApp, TemplateFile } from "../parse/app.js";
import { retryingCrashes } from "../parse/crash.js";
import { standInClasses } from "./crashed-file.js";
import { analyzeControllers, type ControllerInfo } from "./controllers.js";
import { analyzeModelFiles, type ModelInfo } from "./models.js";
import { collectConstants, type ConstDecl } from "./constants.js";
import { extendSelfModules } from "./extend-self.js";
import { analyzeChannels, type ChannelInfo } from "./channels.js";
import { analyzeHelpers } from "./helpers.js";
import { analyzeCurrent, isCurrentAttributes, type CurrentInfo } from "./current.js";
import { controllerSites, currentAttributeTypes } from "./current-types.js";
import { ValueTypes, type Site } from "./value-types.js";
import { identifierTypes } from "./identifier-types.js";
import type { ParsedApp as Parsed } from "../parse/app.js";
import { isTopConst, methodChain, walk, type Node, type NodeOf, type Span } from "../parse/ir.js";
import { analyzeConfig, analyzeRackup, type AppConfigFacts } from "./config.js";
import { resolveAppGems, type AppGems } from "./gems.js";
import { engineModelFiles } from "./framework-models.js";
import { CORE_EXTENSIBLE } from "../../runtime/active-support/core-ext/core-extensions.js";
import { CORE_CONSTANTS } from "../../runtime/app/core-constants.js";
import { LIBRARY_BASES } from "../../runtime/ruby/library-bases.js";
import { engineRoots } from "./assets.js";
import { listFiles, parseTemplate } from "../parse/app.js";

export interface AppModel {
  parsed: ParsedApp;
  models: Map<string, ModelInfo>;
  /** Non-Active Record classes under app/models (plain Ruby / ActiveModel): not lowered yet, reported. */
  plainClasses: ConstDecl[];
  /** Action Cable connections and channels (app/channels). */
  channels: ChannelInfo[];
  /** The connections' identifiers every assignment proves to hold one model's records (identifier-types.ts). */
  identifierTypes: Map<string, string>;
  /** ActiveSupport::CurrentAttributes subclasses (`Current`), by path. */
  currents: Map<string, CurrentInfo>;
  /** By CurrentAttributes class, the attributes every assignment proves to hold one model's records (current-types.ts). */
  currentTypes: Map<string, Map<string, string>>;
  /** The model types the app's code proves (value-types.ts), and where each node of a controller's or a connection's method runs. */
  values: ValueTypes;
  controllerSites: Map<Node, Site>;
  controllers: Map<string, ControllerInfo>;
  /** Templates by `logicalPath.format` (e.g. `posts/index.html`). */
  templates: Map<string, TemplateFile>;
  /** Named routes (`post`, `new_post`), for `*_path` / `*_url` helpers. */
  routeNames: Set<string>;
  /**
   * Every call the lowering left to run-time dispatch (`send`, `coreSend`, `sendSafe`), by position and method,
   * with why its receiver was not typed (for `inspect --types`).
   */
  dynamicSites: Map<string, DynamicSite>;
  /** Every fragment cache site the lowering met: claimed (through the store) or declined, and why. */
  cacheSites: CacheSite[];
  /** The app's helper methods (app/helpers), by Ruby name. */
  helperMethods: Map<string, NodeOf<"def">>;
  /**
   * `NAME = value` in a helper module or a controller concern (`IconsHelper::SIZES`), by full path; and the
   * app's own settings an initializer assigns (`Rails.application.config.app_version = ...`), by that chain.
   */
  moduleConstants: Map<string, { name: string; value: Node; span: Span }>;
  config: AppConfigFacts;
  /** config/initializers' inflection rules: every inflector call of analysis and lowering reads them. */
  inflections: AppInflections;
  /** The gems Gemfile.lock names, found in the gem directories (for the engines' assets). */
  gems: AppGems;
  /** Ruby core classes the app reopens in lib/ (`class String; def shout?`), with their declarations. */
  coreExtensions: Array<{ className: string; decls: ConstDecl[] }>;
  /** The app's own files (or directories) its code reads through `Rails.root.join(...)`: the project carries them. */
  rootFiles: string[];
  /** Classes of Rails reopened in lib/ whose class methods the runtime's class takes as a patch (ActionText::Attachment). */
  reopenedClasses: ReopenedClass[];
  /** What the config files' statements do at boot: settings (read above) aside, each run, declined or deferred. */
  initializers: InitializerFile[];
}

export interface DynamicSite {
  span: Span;
  method: string;
  dispatch: "send" | "coreSend" | "sendSafe";
  /** The kind of cause, for counts (`a partial local whose type is not proved`). */
  category: string;
  reason: string;
}

export interface CacheSite {
  span: Span;
  kind: "cache" | "collection";
  claimed: boolean;
  reason: string;
  /** A cached collection's partial as written (`messages/message`), when it is a literal. */
  partial?: string;
  /** Whether request and broadcast renders share the site's entries, and why (filled after the views are lowered). */
  sharing?: string;
}

export interface AnalyzeOptions {
  /** Gem directories to search before GEM_PATH and the system's (`--gem-path`). */
  gemPaths?: string[];
}

export function analyzeApp(parsed: ParsedApp, options: AnalyzeOptions = {}): AppModel {
  const inflections = readInflections(parsed.config, parsed.diagnostics);
  return withInflections(inflections.registry, () => analyzeWithInflections(parsed, options, inflections));
}

function analyzeWithInflections(parsed: ParsedApp, options: AnalyzeOptions, inflections: AppInflections): AppModel {
  const config = analyzeConfig(parsed.config, parsed.diagnostics);
  analyzeRackup(parsed.rackup, config, parsed.diagnostics);
  const gems = resolveAppGems(parsed.root, parsed.diagnostics, options.gemPaths);
  // Action Text's and Active Storage's models, for the tables the app's schema has (framework-models.ts).
  parsed.models.push(...engineModelFiles(parsed.schema, config.engines, config.enginesKnown));
  // turbo-rails' engine registers the Turbo Stream MIME type (Mime::Type.register "text/vnd.turbo-stream.html").
  if (gems.locked.has("turbo-rails") && !config.mimeTypes.some((t) => t.symbol === "turbo_stream")) {
    config.mimeTypes.push({ string: "text/vnd.turbo-stream.html", symbol: "turbo_stream" });
  }
  // importmap-rails' engine adds its tag helpers (javascript_importmap_tags, ...) to every view.
  if (gems.locked.has("importmap-rails")) config.engines.push("importmap");
  // rails_autolink's railtie adds auto_link to ActionView::Helpers::TextHelper.
  if (gems.locked.has("rails_autolink")) config.engines.push("rails_autolink");
  // geared_pagination's engine includes GearedPagination::Controller in ActionController::Base.
  if (gems.locked.has("geared_pagination")) config.engines.push("geared_pagination");
  // Engines' views (Action Text's content partials, ...) come after the app's own, as their view paths do.
  const own = new Set(parsed.templates.map((t) => `${t.logicalPath}.${t.format}`));
  for (const root of engineRoots({ appRoot: parsed.root, engines: config.engines, gems })) {
    for (const rel of listFiles(root, "app/views", "")) {
      for (const t of parseTemplate(root, rel, parsed.diagnostics)) {
        const key = `${t.logicalPath}.${t.format}`;
        if (!own.has(key)) {
          own.add(key);
          parsed.templates.push(t);
        }
      }
    }
  }
  const lib = libClasses(parsed);
  standInClasses(parsed.models, "app/models", "ApplicationRecord", "ActiveRecord::Base");
  standInClasses(parsed.controllers, "app/controllers", "ApplicationController", "ActionController::Base");
  const modelFiles = retried(parsed, () => analyzeModelFiles(parsed.models, parsed.schema, parsed.diagnostics));
  const models = new Map(modelFiles.models.map((m) => [m.className, m]));
  const controllers = new Map(retried(parsed, () => analyzeControllers(parsed.controllers, parsed.diagnostics)).map((c) => [c.className, c]));
  // ...and with it `after_action :set_paginated_headers`, on ActionController::Base: before the app's own filters.
  if (config.engines.includes("geared_pagination")) {
    for (const c of controllers.values()) {
      if (!controllers.has(c.superclass)) c.filters.unshift({ kind: "after", method: "set_paginated_headers", only: null, except: null });
    }
  }
  const templates = new Map(parsed.templates.map((t) => [`${t.logicalPath}.${t.format}`, t]));
  const currents = currentClasses(modelFiles.plainClasses, parsed);
  const plainClasses = [...modelFiles.plainClasses.filter((d) => !isCurrentAttributes(d)), ...helperClasses(parsed), ...lib.plain, ...extendSelfModules(collectConstants([...parsed.models, ...parsed.lib]))];
  const files = [...parsed.models, ...parsed.controllers, ...parsed.helpers, ...parsed.channels, ...parsed.lib, ...parsed.config, ...parsed.templates, ...(parsed.seeds ? [parsed.seeds] : [])];
  const values = new ValueTypes(models, plainClasses);
  // Symbols anywhere in the app (a view's `send(:m)`, a helper_method list) name methods called in unseen ways.
  const sites = controllerSites(controllers, files);
  const currentTypes = retried(parsed, () => currentAttributeTypes({ currents, sites, values, files, models }));
  values.currentTypes = currentTypes;
  for (const c of currents.values()) {
    const delegated = new Set(c.delegates.flatMap((d) => d.methods.map((x) => (d.prefix ? `${d.prefix}_${x}` : x))));
    const once = c.methods.filter((d) => !d.params.length && !delegated.has(d.name) && c.methods.filter((o) => o.name === d.name).length === 1);
    values.currentMethods.set(c.className, new Map(once.map((d) => [d.name, d])));
  }
  const channels = analyzeChannels(parsed.channels, parsed.controllers, parsed.diagnostics);
  const identifiers = identifierTypes(channels, values, models, symbolsOf(files), sites);
  return {
    parsed, models, plainClasses,
    coreExtensions: lib.core, currents, controllers, templates, routeNames: new Set(), config, inflections, gems,
    currentTypes, values, controllerSites: sites,
    helperMethods: analyzeHelpers(parsed.helpers),
    moduleConstants: new Map([...moduleConstants([...parsed.helpers, ...parsed.controllers]), ...classMethodsConstants([...parsed.models, ...parsed.lib]), ...initializerConstants(parsed.config), ...customConfig(parsed.config.filter((f) => !/^config\/environments\/(development|test)\.rb$/.test(f.path)))]),
    cacheSites: [],
    dynamicSites: new Map(),
    channels,
    identifierTypes: identifiers,
    rootFiles: rootFiles(parsed),
    initializers: initializerStatements(parsed.config, parsed.diagnostics),
    reopenedClasses: lib.reopened,
  };
}

/**
 * An analysis that crashed on a class-body statement runs again with that statement replaced by a crash node
 * (parse/crash.ts); a crash it cannot pin on a statement propagates to compile()'s last resort.
 */
/** Every Symbol the files write (methods named so may be called in ways not seen). */
function symbolsOf(files: Array<{ body: Node[] }>): Set<string> {
  const named = new Set<string>();
  for (const file of files) for (const stmt of file.body) walk(stmt, (n) => n.kind === "sym" && named.add(n.name));
  return named;
}

function retried<T>(parsed: ParsedApp, fn: () => T): T {
  const result = retryingCrashes(parsed.diagnostics, { file: parsed.root, line: 0, column: 0, endLine: 0, endColumn: 0 }, parsed.root, fn);
  if ("value" in result) return result.value;
  throw Object.assign(new Error(result.crash.message), { rails2tsConstruct: { span: result.crash.span, node: null }, stack: result.crash.stack });
}

/**
 * Classes under app/helpers (Zeitwerk autoloads that directory too): plain classes like the ones under app/models,
 * e.g. content filters that subclass a library class.
 */
function helperClasses(parsed: ParsedApp): ConstDecl[] {
  return collectConstants(parsed.helpers).filter((d) => d.kind === "class");
}

/**
 * lib/'s classes: a reopened core class (String, Array...) extends that class; a class of Rails the runtime lets an
 * app reopen (ActionText::Attachment: reopened-class.ts) takes its class methods as a patch; another class of Rails or
 * a gem the runtime provides cannot be reopened, and is reported; any other class is a plain class.
 */
function libClasses(parsed: ParsedApp): { plain: ConstDecl[]; core: Array<{ className: string; decls: ConstDecl[] }>; reopened: ReopenedClass[] } {
  const plain: ConstDecl[] = [];
  const reopened: ReopenedClass[] = [];
  const core = new Map<string, ConstDecl[]>();
  for (const d of collectConstants(parsed.lib)) {
    if (d.kind !== "class") continue;
    if (d.path in CORE_EXTENSIBLE) core.set(d.path, [...(core.get(d.path) ?? []), d]);
    else if (isReopenable(d.path)) reopened.push(readReopenedClass(d, parsed.diagnostics));
    else if (d.path in CORE_CONSTANTS || d.path in LIBRARY_BASES) {
      parsed.diagnostics.report("unsupported_construct", d.node.span, `reopening ${d.path}, a class of Rails or a gem, is not lowered`);
    } else plain.push(d);
  }
  return { plain, core: [...core].map(([className, decls]) => ({ className, decls })), reopened };
}

/** The model whose singular name is `name` (`post` -> Post), for locals named after a model. */
export function modelBySingular(app: AppModel, name: string): ModelInfo | null {
  for (const m of app.models.values()) if (!m.abstract && m.names.singular === name) return m;
  return null;
}

export function modelByPlural(app: AppModel, name: string): ModelInfo | null {
  for (const m of app.models.values()) if (!m.abstract && m.names.plural === name) return m;
  return null;
}

function currentClasses(plain: ConstDecl[], parsed: Parsed): Map<string, CurrentInfo> {
  const out = new Map<string, CurrentInfo>();
  for (const decl of plain.filter(isCurrentAttributes)) {
    const all = plain.filter((d) => d.path === decl.path);
    out.set(decl.path, analyzeCurrent(all, parsed.diagnostics));
  }
  return out;
}

/** The constants assigned in the bodies of the modules of these files (classes keep theirs). */
function moduleConstants(files: Parsed["helpers"]): AppModel["moduleConstants"] {
  const out: AppModel["moduleConstants"] = new Map();
  for (const decl of collectConstants(files)) {
    if (decl.kind !== "module") continue;
    for (const stmt of decl.node.body) {
      if (stmt.kind === "assign" && stmt.target.kind === "const") out.set(`${decl.path}::${stmt.target.name}`, { name: stmt.target.name, value: stmt.value, span: stmt.span });
    }
  }
  return out;
}

/**
 * The constants of a concern's `module ClassMethods` (models and lib/): its methods, the class methods of every
 * includer, find them lexically (ClassMethods, then the concern), never through the includer.
 */
function classMethodsConstants(files: Parsed["models"]): AppModel["moduleConstants"] {
  const inClassMethods = collectConstants(files).filter((d) => d.kind === "module" && d.path.endsWith("::ClassMethods"));
  return new Map([...moduleConstants(files)].filter(([path]) => inClassMethods.some((d) => path === `${d.path}::${path.slice(d.path.length + 2)}` && !path.slice(d.path.length + 2).includes("::"))));
}

/** `NAME = value` at the top of an initializer: a top-level constant, computed on first read. */
function initializerConstants(files: Parsed["config"]): AppModel["moduleConstants"] {
  const out: AppModel["moduleConstants"] = new Map();
  for (const file of files.filter((f) => f.path.startsWith("config/initializers/"))) {
    for (const stmt of file.body) {
      if (stmt.kind === "assign" && stmt.target.kind === "const" && stmt.target.scope === null) out.set(stmt.target.name, { name: stmt.target.name, value: stmt.value, span: stmt.span });
    }
  }
  return out;
}

/**
 * The app's own settings: `Rails.application.config.NAME = value` at the top of config/application.rb and the
 * initializers, and `config.x.group.name = value` inside `Rails.application.configure do ... end`; keyed by the
 * chain after `config` (`Rails.application.config.app_version`, `Rails.application.config.x.vapid.public_key`).
 */
function customConfig(files: Parsed["config"]): AppModel["moduleConstants"] {
  const out: AppModel["moduleConstants"] = new Map();
  const chainOf = (node: Node | null): string[] | null => {
    const { root, names } = methodChain(node);
    // `config` alone (inside configure) parses as a bare name.
    if (root?.kind === "ident") return [root.name, ...names];
    return root === null || isTopConst(root, "Rails") ? names : null;
  };
  const record = (stmt: Node, inConfigure: boolean) => {
    if (stmt.kind !== "call" || !stmt.method.endsWith("=") || stmt.method.endsWith("==") || stmt.args.length !== 1) return;
    const chain = chainOf(stmt.receiver);
    if (!chain) return;
    // Top level: Rails.application.config.a...; inside configure: config.a... (no Rails receiver).
    const rest = chain[0] === "application" && chain[1] === "config" ? chain.slice(2) : inConfigure && chain[0] === "config" ? chain.slice(1) : null;
    // Inside configure only the app's own namespace (config.x.*): the framework's settings are read elsewhere.
    // (At the top level, a setting directly on config or under x; `config.assets.version` is the framework's.)
    if (!rest || (inConfigure ? rest[0] !== "x" : rest.length > 0 && rest[0] !== "x")) return;
    const name = [...rest, stmt.method.slice(0, -1)].join(".");
    out.set(`Rails.application.config.${name}`, { name, value: stmt.args[0]!, span: stmt.span });
  };
  for (const file of files) {
    for (const stmt of file.body) {
      record(stmt, false);
      const configure = stmt.kind === "call" && stmt.method === "configure" && stmt.block && chainOf(stmt.receiver)?.join(".") === "application";
      if (configure) for (const inner of stmt.block!.body) record(inner, true);
    }
  }
  return out;
}
