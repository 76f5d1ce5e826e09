// createApp: the emitted app's pieces (routes, controllers, templates, schema, seeds, assets) wired into the HTTP
// runtime, the model runtime and the views. This is the only place that knows all three.
//   templates    { "posts/index.html": { handler: "erb", render } }  -> TemplateRenderer for controllers
//   schema       db/schema.rb's tables (or structure.sql's SQL)         -> created on a fresh database, then seeds
//   fixtures     test/fixtures/*.yml                                    -> RAILS2TS_FIXTURES=1: loaded instead of the
//                                                                          seeds, at every boot (db:fixtures:load)
import { mailerConfig } from "../action-mailer/index.js";
import { runAfterInitialize } from "./after-initialize.js";
import type { HostOptions } from "../action-pack/url.js";
import { TurboStreamsChannel } from "../gems/turbo-rails/streams-channel.js";
import { Base } from "../active-record/record.js";
import { installBroadcastable } from "../gems/turbo-rails/broadcastable.js";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { forgeryProtectionConfig, type Controller, type ControllerClass, type TemplateRenderer } from "../action-pack/controller.js";
import { queueAdapterConfig } from "../active-job/index.js";
import type { RouteEntry } from "../action-pack/route-table.js";
import { createHttpApp, type HttpApp } from "../action-pack/server.js";
import { hstsHeader, type HstsOptions, type SslOptions } from "../action-pack/ssl.js";
import { registerMime } from "../action-pack/mime.js";
import { configureDefaultHeaders } from "../action-pack/response.js";
import { configureCookieDefaults } from "../action-pack/cookies.js";
import { conditionalGetConfig } from "../action-pack/conditional-get.js";
import { establishConnection, loadSchema, sqlCounter, type Connection, type SchemaDescription } from "../active-record/connection/index.js";
import cluster from "node:cluster";
import { loadFixtures, type FixtureSetSource } from "../active-record/fixtures/index.js";
import { currentTime } from "../active-record/index.js";
import { Jbuilder } from "../gems/jbuilder/index.js";
import { toJson } from "../gems/jbuilder/index.js";
import { polymorphicPathOf, polymorphicUrl } from "../action-pack/polymorphic.js";
import { urlForOptions } from "../action-pack/url-for.js";
import { lookupFormats } from "../action-pack/rendering.js";
import type { UrlOptions } from "../action-pack/router.js";
import { routerFor } from "./routes.js";
import { CurrentAttributes } from "../active-support/current-attributes.js";
import { configureSignedGlobalIds, configureSignedStreamVerifier, globalIdAppName, globalIdConfig } from "./cable-namespace.js";
import { configureSignedIds } from "../active-record/signed-id.js";
import { modelClass } from "../active-record/index.js";
import { appHost, railsRoot } from "./host.js";
import { prepareAppRuntime, registerAppRuntime, type AppRuntime, type CableSetup } from "./serve.js";
import { isBlank, isPlainObject } from "../ruby/ruby.js";
import { MemoryStore, parseCacheSize, type Store } from "../action-view/cache/index.js";
import { resolvePartialPath, View, type TemplateEntry, type ViewContext } from "./view.js";
import type { AssetIndex, ImportmapPin } from "../active-model/host.js";
import { sanitizerConfig } from "../action-view/sanitize.js";
import { TimeClass } from "./core-constants.js";
import { weekConfig, weekStart } from "../active-support/time-calculations.js";
import { actionTextRenderer, actionTextSanitizerConfig } from "../action-text/index.js";

export interface AppSchema extends SchemaDescription {
  /** structure.sql, executed verbatim when present. */
  sql?: string;
  /** Virtual (FTS5) tables that `sql` creates. */
  virtualTables?: string[];
}

/** What config/environments/<env>.rb sets that the runtime reproduces ("*": application.rb and initializers). */
export interface EnvironmentSettings {
  allowForgeryProtection?: boolean;
  forceSsl?: BootFlag;
  assumeSsl?: BootFlag;
  sslOptions?: SslOptionsData | { declined: string };
  sslDeclined?: string;
  /** config.server_timing (ActionDispatch::ServerTiming). */
  serverTiming?: boolean;
  /** This environment's perform_caching: a literal, or on when the file exists under the app root at boot. */
  performCaching?: boolean | { file: string };
  /** config.cache_store = :null_store: nothing is cached. */
  nullCacheStore?: boolean;
  /** config.active_job.queue_adapter (:async when unset, :test under RAILS_ENV=test, as Active Job's railtie). */
  queueAdapter?: "async" | "inline" | "test";
  /** config.action_mailer.delivery_method (:smtp when unset, as Action Mailer's). */
  deliveryMethod?: string;
  /** config.action_dispatch.show_exceptions (:all when unset). */
  showExceptions?: "all" | "rescuable" | "none";
}

/**
 * action_controller.perform_caching under RAILS_ENV: the environment's own setting (development.rb's
 * tmp/caching-dev.txt checked now, as Rails checks it at boot), else production.rb's; a :null_store caches nothing.
 */
export function performCaching(config: Pick<AppConfig, "performCaching">, environment: EnvironmentSettings, root: string): boolean {
  if (environment.nullCacheStore) return false;
  const setting = environment.performCaching;
  if (setting === undefined) return config.performCaching ?? false;
  return typeof setting === "boolean" ? setting : existsSync(join(root, setting.file));
}

/** A literal, or `ENV["NAME"].present?` (`present: false`: `.blank?`), read when the app boots. */
export type BootFlag = boolean | { env: string; present: boolean };

/** Object#present? of ENV[name] (nil and whitespace-only Strings are blank). */
export function bootFlag(flag: BootFlag | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag === undefined || typeof flag === "boolean") return flag ?? false;
  return !isBlank(env[flag.env] ?? null) === flag.present;
}

export interface SslOptionsData {
  redirect?: false | { host?: string; port?: number; status?: number; body?: string[]; excludePaths?: string[] };
  hsts?: boolean | null | HstsOptions;
  secureCookies?: boolean;
}

/**
 * The railtie's `middleware.use ActionDispatch::SSL, **config.ssl_options, ssl_default_redirect_status:` (308 from
 * load_defaults 6.1), or what to raise on every request when the compiler declined the settings.
 */
export function sslMiddleware(settings: EnvironmentSettings, loadDefaults: number | null | undefined): { options: SslOptions | null; declined: string | null } {
  if (settings.sslDeclined) return { options: null, declined: settings.sslDeclined };
  if (!bootFlag(settings.forceSsl)) return { options: null, declined: null };
  const data = settings.sslOptions ?? {};
  if ("declined" in data) return { options: null, declined: data.declined };
  const redirect = data.redirect ?? {};
  const { excludePaths, ...rest } = redirect === false ? { excludePaths: undefined } : redirect;
  return {
    declined: null,
    options: {
      redirect: redirect === false ? false : { ...rest, ...(excludePaths ? { exclude: (r) => excludePaths.includes(r.path) } : {}) },
      hsts: hstsHeader(data.hsts),
      secureCookies: data.secureCookies ?? true,
      defaultRedirectStatus: (loadDefaults ?? 0) >= 6.1 ? 308 : null,
    },
  };
}

export interface AppConfig {
  name: string;
  routes: RouteEntry[];
  controllers: Record<string, ControllerClass>;
  templates: Record<string, TemplateEntry>;
  schema: AppSchema;
  seed: (() => void) | null;
  /** test/fixtures, each file's ERB lowered (db/fixtures.ts). */
  fixtures?: FixtureSetSource[];
  /** Logical asset path -> digested public path (`application.css` -> `/assets/application-1a2b3c4d.css`). */
  assets: Record<string, string>;
  /** config/importmap.rb's pins, expanded (importmap-rails). */
  importmap?: ImportmapPin[];
  /** "propshaft": an asset missing from the load path raises (Propshaft::MissingAssetError), as in Rails. */
  assetPipeline?: "propshaft" | null;
  publicDir: URL;
  /** production's config.action_controller.perform_caching. */
  performCaching?: boolean;
  /** config.ru's `use Rack::Deflater`. */
  deflater?: boolean;
  /** config.session_store :cookie_store, key:, expire_after: (calendar parts). */
  sessionStore?: { key?: string; expireAfter?: Record<string, number> } | null;
  /** config.load_defaults of config/application.rb (null: none); absent when the app has no such file. */
  loadDefaults?: number | null;
  /** config.active_support.use_message_serializer_for_metadata: false before load_defaults 7.1 ("legacy"). */
  messageMetadata?: "legacy" | "serializer";
  /** config.action_view.sanitizer_vendor (load_defaults 7.1+: html5; before: html4). */
  sanitizerVendor?: "html4" | "html5";
  /** Settings of config/environments/<env>.rb, chosen by RAILS_ENV (production when unset). */
  environments?: Record<string, EnvironmentSettings>;
  /** Mime types the app registers in its initializers. */
  mimeTypes?: Array<{ string: string; symbol: string }>;
  /** turbo-rails is bundled: its Turbo::Broadcastable (broadcast_*_to ...) is an instance method of every model. */
  turboBroadcastable?: boolean;
  /** config.time_zone (Time.zone_default): an unknown zone fails the boot, as Rails' Time.find_zone! does. */
  timeZone?: string;
  /** config.beginning_of_week (Date.beginning_of_week_default). */
  beginningOfWeek?: string;
  /** app/channels: the connection class and the channels, when the app has Action Cable. */
  cable?: CableSetup | null;
}

/**
 * What views know of the asset pipeline beyond one path: the logical paths, the import map, which pipeline. Each is
 * read from the config when asked (a page rarely asks; listing the asset map's keys for every render did not pay),
 * so one index per config is never out of date.
 */
class ConfigAssetIndex implements AssetIndex {
  constructor(private readonly config: AppConfig) {}
  get logicalPaths(): string[] {
    return Object.keys(this.config.assets);
  }
  get importmap(): AssetIndex["importmap"] {
    return this.config.importmap ?? null;
  }
  get pipeline(): AssetIndex["pipeline"] {
    return this.config.assetPipeline ?? null;
  }
}
const assetIndexes = new WeakMap<AppConfig, AssetIndex>();

function assetIndexOf(config: AppConfig): AssetIndex {
  let index = assetIndexes.get(config);
  if (index === undefined) assetIndexes.set(config, (index = new ConfigAssetIndex(config)));
  return index;
}

export function createApp(config: AppConfig): HttpApp {
  const environment = { ...config.environments?.["*"], ...config.environments?.[process.env.RAILS_ENV ?? "production"] };
  const ssl = sslMiddleware(environment, config.loadDefaults);
  forgeryProtectionConfig.allow = environment.allowForgeryProtection ?? true;
  queueAdapterConfig.adapter = environment.queueAdapter ?? (process.env.RAILS_ENV === "test" ? "test" : "async");
  mailerConfig.deliveryMethod = environment.deliveryMethod ?? "smtp";
  if (config.loadDefaults !== undefined) configureDefaultHeaders(config.loadDefaults);
  if (config.loadDefaults !== undefined) configureCookieDefaults(config.loadDefaults);
  // ActiveSupport::Digest.hash_digest_class: SHA256 from load_defaults 7.0, MD5 before.
  if (config.loadDefaults !== undefined) conditionalGetConfig.hashDigest = (config.loadDefaults ?? 0) >= 7.0 ? "sha256" : "md5";
  if (config.sanitizerVendor) sanitizerConfig.vendor = actionTextSanitizerConfig.vendor = config.sanitizerVendor;
  // ActionText::Content#to_s renders with the controller of the request being rendered (Action Text's around_action).
  actionTextRenderer.renderer = (content) => {
    if (!View.current) throw new Error("rails2ts: ActionText::Content#to_s outside a view render is not supported");
    return View.current.renderActionTextContentWithLayout(content);
  };
  actionTextRenderer.renderToString = (options) => {
    if (!View.current) throw new Error("rails2ts: ActionText::Content.render outside a view render is not supported");
    return new View({ ...View.current.ctx, format: "html" }, {}).render(options);
  };
  const publicDir = appHost.publicDir ?? fileURLToPath(config.publicDir);
  const root = appHost.root ?? dirname(publicDir);
  railsRoot.path = root;
  for (const m of config.mimeTypes ?? []) registerMime(m.string, m.symbol);
  if (config.turboBroadcastable) installBroadcastable(Base.prototype);
  if (config.timeZone) TimeClass.setZone(config.timeZone);
  if (config.beginningOfWeek) {
    weekStart(config.beginningOfWeek); // an unknown day raises at boot, as Rails' days_to_week_start does
    weekConfig.start = config.beginningOfWeek;
  }
  // One process, one in-process store; RAILS2TS_CACHE_SIZE (e.g. "64m") bounds it in bytes.
  const store = performCaching(config, environment, root) ? new MemoryStore({ size: parseCacheSize(process.env.RAILS2TS_CACHE_SIZE ?? "32m") }) : null;
  const secretKeyBase = process.env.SECRET_KEY_BASE ?? localSecret(root);
  // turbo-rails' engine adds Turbo::StreamsChannel (what turbo_stream_from subscribes to) to the app's channels.
  const cable = config.cable && config.turboBroadcastable && !config.cable.channels.some((c) => (c as { rubyName?: unknown }).rubyName === TurboStreamsChannel.rubyName)
    ? { ...config.cable, channels: [...config.cable.channels, TurboStreamsChannel] }
    : (config.cable ?? null);
  const runtime: AppRuntime = {
    cable,
    secretKeyBase,
    renderBroadcast: (options) => renderBroadcast(config, store, options),
  };
  // What Rails' railties configure at boot from the app's name and secret_key_base.
  globalIdConfig.app = globalIdAppName(config.name);
  globalIdConfig.modelClass = modelClass;
  configureSignedStreamVerifier({ secretKeyBase: runtime.secretKeyBase });
  configureSignedGlobalIds({ secretKeyBase: runtime.secretKeyBase, legacyMetadata: config.messageMetadata === "legacy" });
  configureSignedIds(runtime.secretKeyBase, { legacyMetadata: config.messageMetadata === "legacy" });
  prepareAppRuntime(runtime);
  openDatabase(config, process.env.DATABASE_PATH ?? join(root, "storage/production.sqlite3"));
  // Rails seeds in its own process (bin/rails db:prepare): fragments the seeds' callbacks rendered for broadcasts
  // went to that process's memory store, never the server's. Seeding here happens in-process, so start empty.
  store?.clear();
  // Action Mailer renders its messages as broadcasts render (outside a request), with the mailer's ivars.
  mailerConfig.render = ({ template, layout, format, assigns }) => renderBroadcast(config, null, { template, layout, formats: [format], assigns });
  mailerConfig.hasTemplate = (path, format) => `${path}.${format}` in config.templates;
  runAfterInitialize();
  const http = createHttpApp({
    name: config.name,
    deflater: config.deflater ?? false,
    serverTiming: environment.serverTiming ?? false,
    showExceptions: environment.showExceptions ?? "all",
    forceSsl: ssl.options,
    assumeSsl: bootFlag(environment.assumeSsl),
    sslDeclined: ssl.declined,
    sessionStore: config.sessionStore ?? null,
    routes: config.routes,
    controllers: config.controllers,
    views: templateRenderer(config, store),
    // Rails.cache for controllers: the app's store when it caches (its configured store), none under :null_store.
    cacheStore: store,
    secretKeyBase,
    publicDir,
    encodeJson: toJson,
    // redirect_to / location: of a record or [parent, child] in a controller is a full URL.
    urlFor: (controller, target) => polymorphicUrl(routerFor(config.routes), target, "url", {}, controller.urlHost(), controller.recall()),
    // Rails' executor wraps every request: the statement count and query cache start afresh, and so do the
    // CurrentAttributes.
    sqlCounter: {
      reset: () => {
        sqlCounter.reset();
        CurrentAttributes.resetAll();
        cacheStats.reset();
      },
      read: () => {
        cacheStats.flush(process.env.RAILS2TS_CACHE_LOG);
        if (process.env.RAILS2TS_SQL_TRACE) appendFileSync(process.env.RAILS2TS_SQL_TRACE, "--\n");
        if (process.env.RAILS2TS_SQL_REPLAY) appendFileSync(process.env.RAILS2TS_SQL_REPLAY, "--\n");
        return sqlCounter.read();
      },
    },
    now: () => currentTime(),
  });
  registerAppRuntime(http, runtime);
  return http;
}

/**
 * ApplicationController.render outside a request, as broadcasts use it: host example.org, no CSRF input, and the
 * broadcast namespace in fragment keys of templates that read the request (their fragments differ from a
 * request's: no token); templates that read nothing of it share Rails' keys (TemplateEntry.sharedFragments).
 */
/**
 * ApplicationController.renderer's URL options: its request's (http_host example.org, http), then the app's own
 * `default_url_options` over them, as ActionController::UrlFor#url_options merges them (Campfire's is the current
 * request's host, so a broadcast during a request links to it).
 */
function rendererUrlOptions(config: AppConfig): HostOptions {
  const base = { host: "example.org", protocol: "http://" };
  const controller = (config.controllers as Record<string, { prototype: object } | undefined>)["ApplicationController"];
  const own = controller?.prototype && (controller.prototype as { defaultUrlOptions?: unknown }).defaultUrlOptions;
  if (typeof own !== "function") return base;
  const rendererRequest = { host: "example.org", protocol: "http://", optionalPort: null, port: 80, hostWithPort: "example.org", url: "http://example.org/", fullpath: "/" };
  const self = Object.create(controller!.prototype, { request: { value: rendererRequest } }) as object;
  const given = own.call(self) as unknown;
  const options = given instanceof Map ? Object.fromEntries([...given].map(([k, v]) => [String(k), v])) : isPlainObject(given) ? given : {};
  return {
    host: options.host === undefined || options.host === null ? base.host : String(options.host),
    protocol: options.protocol === undefined || options.protocol === null ? base.protocol : normalizeProtocol(String(options.protocol)),
    ...(options.port !== undefined && options.port !== null ? { port: typeof options.port === "number" ? options.port : String(options.port) } : {}),
  };
}

/** `protocol: "https"` and `"https://"` alike, as ActionDispatch::Http::URL normalizes them. */
function normalizeProtocol(p: string): string {
  return p.endsWith("://") ? p : p.endsWith(":") ? `${p}//` : `${p}://`;
}

function renderBroadcast(config: AppConfig, store: Store | null, options: Record<string, unknown>): string {
  const formats = Array.isArray(options.formats) ? options.formats.map(String) : options.formats ? [String(options.formats)] : ["html"];
  const router = routerFor(config.routes);
  const host = rendererUrlOptions(config);
  const ctx: ViewContext = {
    templates: config.templates,
    controllerPath: "application",
    format: formats[0]!,
    formats,
    request: { method: "GET", fullpath: "/", protocol: "http://", hostWithPort: "example.org", referer: null },
    urlHost: () => host,
    recall: () => ({}),
    flashValue: () => null,
    formAuthenticityToken: () => "",
    protectAgainstForgery: () => false,
    urlFor: (target) => (typeof target === "string" ? target : polymorphicUrl(router, target, "path", {}, host, {})),
    polymorphicPath: (target, opts = {}) => {
      const { action = null, url = false, ...options } = opts;
      return polymorphicUrl(router, target, url ? "url" : "path", options as UrlOptions, host, {}, action);
    },
    assetPath: (source) => config.assets[source] ?? null,
    assetIndex: assetIndexOf(config),
    now: () => currentTime(),
    // A broadcast rendered during a request is logged under that request's id in Rails, so it counts there.
    fragmentCache: { store, namespace: "broadcast", onFragment: (e) => cacheStats.fragments.push(e) },
    onCachedCollection: cacheStats.collection,
  };
  const view = new View(ctx, isPlainObject(options.assigns) ? options.assigns : {});
  if (typeof options.template === "string" && "layout" in options) return view.renderWithLayout(options.template, typeof options.layout === "string" ? options.layout : null).toString();
  if (typeof options.template === "string") return view.renderTemplate(options.template, isPlainObject(options.locals) ? options.locals : {}).toString();
  return (view.render({ ...options, formats: null }) ?? "").toString();
}

/**
 * Per-request fragment cache activity, what Rails logs at debug level (`Read fragment`, `[N / M cache hits]`):
 * with RAILS2TS_CACHE_LOG set, one JSON line per request in the shape the conformance lane records from Rails.
 * It is written from the end-of-request hook of the SQL-count protocol, so it needs RAILS2TS_SQL_LOG set too.
 */
const cacheStats = {
  fragments: [] as Array<{ key: string; hit: boolean }>,
  collections: [] as Array<{ partial: string; hits: number; count: number }>,
  /** A `cached: true` collection render. With caching off Rails logs it as `[N times]`, no cache line: not kept. */
  collection(partial: string, hits: number | null, count: number): void {
    if (hits !== null) cacheStats.collections.push({ partial, hits, count });
  },
  reset(): void {
    this.fragments = [];
    this.collections = [];
  },
  flush(path: string | undefined): void {
    if (!path) return;
    const hits = this.fragments.filter((f) => f.hit).length;
    const line = { hits, misses: this.fragments.length - hits, fragments: this.fragments, collections: this.collections };
    appendFileSync(path, `${JSON.stringify(line)}\n`);
  },
};

/**
 * RAILS2TS_SQL_TRACE=<file>: every statement the counter counts, one "<name>\t<sql>" line each, and a "--" line
 * at the end of each request (written by the counter's read). The Rails side of the conformance lane writes the
 * same file format (src/conformance/rails/sql_count.rb), so the two can be diffed when the counts differ.
 */
function traceSql(conn: Connection, path: string | undefined): void {
  if (!path) return;
  conn.onSql((event) => {
    if (!event.cached && event.name !== "SCHEMA") appendFileSync(path, `${event.name ?? ""}\t${event.sql.replace(/\s+/g, " ")}\n`);
  });
}

/**
 * RAILS2TS_SQL_REPLAY=<file> (the bench's SQL-inclusive ceiling): every statement sent to SQLite as one JSON line
 * `{"sql":..,"binds":[..]}` with the values bound (a bigint as {"bigint":".."}, bytes as {"base64":".."}), and a
 * "--" line at the end of each request, so the page's exact statements can be run again without the app.
 */
function recordSqlForReplay(conn: Connection, path: string | undefined): void {
  if (!path) return;
  const value = (v: unknown) =>
    typeof v === "bigint" ? { bigint: String(v) } : Buffer.isBuffer(v) ? { base64: v.toString("base64") } : typeof v === "boolean" ? Number(v) : v;
  conn.onSql((event) => {
    if (!event.cached && event.name !== "SCHEMA") appendFileSync(path, `${JSON.stringify({ sql: event.sql, binds: event.binds.map(value) })}\n`);
  });
}

/**
 * A fresh database gets the schema and the seeds, as `bin/rails db:prepare` does. With RAILS2TS_FIXTURES=1 the
 * test fixtures are loaded instead of the seeds, into a fresh database or over an existing one's fixture tables,
 * as `bin/rails db:fixtures:load` does.
 */
function openDatabase(config: AppConfig, path: string): void {
  const fresh = !existsSync(path);
  if (fresh) mkdirSync(dirname(path), { recursive: true });
  const conn = establishConnection(path);
  traceSql(conn, process.env.RAILS2TS_SQL_TRACE);
  recordSqlForReplay(conn, process.env.RAILS2TS_SQL_REPLAY);
  const fixtures = process.env.RAILS2TS_FIXTURES === "1" || process.env.RAILS2TS_FIXTURES === "true";
  if (fresh) {
    if (config.schema.sql) executeStructure(conn, config.schema.sql);
    else loadSchema(conn, config.schema);
  }
  // Under workers the primary loaded them before forking (db:fixtures:load once, not once per worker).
  if (fixtures && !cluster.isWorker) loadFixtures(conn, config.fixtures ?? []);
  else if (fresh) config.seed?.();
}

/**
 * structure.sql as Rails loads it (the sqlite3 shell, `.read`): its FTS5 virtual tables' shadow tables
 * (`CREATE TABLE IF NOT EXISTS 'x_data'`) are written too, which better-sqlite3's defensive mode refuses unless
 * unsafe mode is on for the load.
 */
function executeStructure(conn: Connection, sql: string): void {
  conn.db.unsafeMode(true);
  try {
    conn.executeSchema(sql);
  } finally {
    conn.db.unsafeMode(false);
  }
}

/** Like Rails' development secret (tmp/local_secret.txt): random once, then stable for this project. */
function localSecret(root: string): string {
  const file = join(root, "tmp/local_secret.txt");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(64).toString("hex");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret);
  return secret;
}

function templateRenderer(config: AppConfig, store: Store | null): TemplateRenderer {
  const formats = new Map<string, string[]>();
  for (const key of Object.keys(config.templates)) {
    const dot = key.lastIndexOf(".");
    const path = key.slice(0, dot);
    formats.set(path, [...(formats.get(path) ?? []), key.slice(dot + 1)]);
  }
  return {
    formatsOf: (path) => formats.get(path) ?? [],
    // The digest part of a template's digest path (`messages/index:<digest>`), in the first format it has.
    digestOf(path, wanted) {
      const available = formats.get(path) ?? [];
      const format = wanted.find((f) => available.includes(f)) ?? (wanted.includes("*/*") ? available[0] : undefined);
      const entry = format ? config.templates[`${path}.${format}`] : undefined;
      const digestPath = entry?.digestPath;
      return digestPath && digestPath.includes(":") ? digestPath.slice(digestPath.lastIndexOf(":") + 1) : null;
    },
    render(controller, path, format, layout, locals = {}) {
      const view = new View(viewContext(config, controller, format, store), controller.assigns as Record<string, unknown>);
      if (config.templates[`${path}.${format}`]?.handler === "jbuilder") return renderJson(view, config, path, locals);
      return view.renderWithLayout(path, layout, locals);
    },
    renderPartial(controller, partial, locals, pickFormat) {
      const path = resolvePartialPath(partial, controller.controllerPath, (p) => formats.has(p));
      const format = pickFormat(path);
      const view = new View(viewContext(config, controller, format, store), controller.assigns as Record<string, unknown>);
      return { body: view.renderTemplate(path, locals), format };
    },
  };
}

function renderJson(view: View, config: AppConfig, path: string, locals: Record<string, unknown> = {}): string {
  const renderPartial = (partial: string, locals: { [name: string]: unknown }, json: Jbuilder) => {
    run(view.partialPath(partial), locals, json);
  };
  const run = (logical: string, locals: Record<string, unknown>, json: Jbuilder) => {
    const entry = config.templates[`${logical}.json`];
    if (entry?.handler !== "jbuilder") throw new Error(`Missing template ${logical} with formats: json`);
    entry.render(view, locals, json);
  };
  const json = new Jbuilder({ renderPartial });
  run(path, locals, json);
  return json.target();
}

/** The request's lookup formats (ViewContext#lookupFormats) for these controller formats, computed on first use. */
function lookupFormatsOf(mimes: Controller<object>["formats"]): () => string[] {
  let formats: string[] | undefined;
  return () => (formats ??= lookupFormats(mimes));
}

function viewContext(config: AppConfig, controller: Controller<object>, format: string, store: Store | null): ViewContext {
  const router = routerFor(config.routes);
  const request = controller.request;
  return {
    templates: config.templates,
    controllerPath: controller.controllerPath,
    format,
    // Worked out when a lookup first misses the template's own format (View#lookup tries that one first; most
    // renders never need the rest), from the controller's formats as they are now.
    lookupFormats: lookupFormatsOf(controller.formats),
    // The request itself: views read what Rails' ActionDispatch::Request answers (referrer, user_agent, headers...).
    request,
    urlHost: () => controller.urlHost(),
    recall: () => controller.recall(),
    flashValue: (key) => controller.flash.get(key),
    flash: () => controller.flash,
    params: () => controller.params,
    controller,
    // send_preload_links_header: appended to the Link header while it stays within MAX_HEADER_SIZE (1,000 bytes).
    addPreloadLinks: (links) => {
      let header = controller.response.headers.get("link") ?? "";
      for (const link of links) {
        if (Buffer.byteLength(header) + Buffer.byteLength(link) > 1000) break;
        header = header ? `${header},${link}` : link;
      }
      controller.response.headers.set("link", header);
    },
    formAuthenticityToken: (options) => controller.formAuthenticityToken(options),
    protectAgainstForgery: () => controller.protectAgainstForgery(),
    // In a view, url_for(record) is a path (ActionView::RoutingUrlFor: only_path unless a host is asked for); a
    // Hash goes through the routes with the request's recall (`url_for({})`, form_with with no url: this page).
    urlFor: (target) => {
      if (typeof target === "string") return target;
      if (isPlainObject(target)) return urlForOptions(router, { ...controller.urlHost(), only_path: target.host === undefined || target.host === null, ...target }, controller.recall());
      return polymorphicPathOf(router, target, {}, controller.recall());
    },
    polymorphicPath: (target, opts = {}) => {
      const { action = null, url = false, ...options } = opts;
      return url
        ? polymorphicUrl(router, target, "url", options as UrlOptions, controller.urlHost(), controller.recall(), action)
        : polymorphicPathOf(router, target, options as UrlOptions, controller.recall(), action);
    },
    assetPath: (source) => config.assets[source] ?? null,
    assetIndex: assetIndexOf(config),
    now: () => currentTime(),
    // Request renders use Rails' exact keys; broadcast renders of request-dependent templates get their own namespace.
    fragmentCache: { store, namespace: null, onFragment: (e) => cacheStats.fragments.push(e) },
    onCachedCollection: cacheStats.collection,
  };
}
