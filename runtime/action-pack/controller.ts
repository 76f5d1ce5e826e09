// ActionController::Base for emitted controllers: the filter chain (the CSRF check first, as Rails registers it
// on ActionController::Base, then the class's static `filters`), params/session/cookies/flash/request, the
// action, the implicit render, flash commit. Rendering itself lives in rendering.ts.
//   class PostsController < ApplicationController     class PostsController extends ApplicationController {
//     before_action :set_post, only: %i[show]            static override filters = [...super.filters, { kind: "before", method: "setPost", only: ["show"] }];
//     layout "admin"                                        static override layoutName = "admin";
//     def show; end                                         show() {}
import { rescues } from "../ruby/rescue.js";
import type { Store } from "../active-support/cache/store.js";
import { instantOf } from "../active-support/core-ext/compare.js";
import type { CookieJar } from "./cookies.js";
import type { Csrf } from "./csrf.js";
import { InvalidAuthenticityToken } from "./csrf.js";
import { ActionNotFound } from "./errors.js";
import type { Flash, FlashSlot } from "./flash.js";
import { registeredFormats, type MimeType } from "./mime.js";
import { Parameters } from "./parameters.js";
import type { ParamTree } from "./query.js";
import { defaultRender, head, redirectBackOrTo, redirectTo, render, respondTo, type FormatCollector, type RedirectOptions, type RenderOptions } from "./rendering.js";
import type { Request } from "./request.js";
import { Response } from "./response.js";
import { sendFile } from "./data-streaming.js";
import type { RouteEntry } from "./route-table.js";
import type { Router } from "./router.js";
import { urlForOptions } from "./url-for.js";
import type { Session } from "./session.js";
import type { HostOptions } from "./url.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { browserBlocked, MODERN_BROWSERS } from "./user-agent.js";
import { singularize } from "../active-support/inflector.js";
import { currentTime } from "../active-support/time.js";
import { etagFor, freshnessArgs, isFresh, lastModifiedOf } from "./conditional-get.js";
import { SafeString } from "../active-support/safe.js";

export interface Filter {
  readonly kind: "before" | "after" | "skip_before" | "skip_after";
  /** The TS method name (`setPost`); `verifyAuthenticityToken` names the CSRF check. */
  readonly method: string;
  readonly only?: readonly string[] | null;
  readonly except?: readonly string[] | null;
  /** if: / unless: as methods of the controller (TS names): the filter runs when every `if` is truthy and no `unless`. */
  readonly if?: readonly string[];
  readonly unless?: readonly string[];
}

/** wrap_parameters: JSON bodies are copied under `name` (default: the controller name, singular). */
export interface WrapParameters {
  name?: string;
  /** The model's attribute names when a model of that name exists (Rails then copies only those). */
  include?: readonly string[];
}

/** What a controller needs from its compiled app: templates, routes, JSON encoding, URL building. */
export interface TemplateRenderer {
  /** The formats a template exists in (`posts/show` -> ["html", "json"]); empty when it does not exist. */
  formatsOf(path: string): string[];
  /**
   * Renders `path` in `format` with the controller's assigns, inside `layout` (e.g. "layouts/application") or none;
   * `locals` (`render "books/index", locals: { books: }`) are the template's and the layout's, as Rails passes them.
   */
  render(controller: Controller<any>, path: string, format: string, layout: string | null, locals?: Record<string, unknown>): string | { toString(): string };
  /**
   * `render partial: name, locals:` from a controller: the partial alone, no layout, in the format `pickFormat`
   * chooses among those its template exists in (the view resolves the partial's path, as a template's render does).
   */
  /** The template digest (ActionView::Digestor) of `path` in the first of `formats` it exists in, or null. */
  digestOf?(path: string, formats: string[]): string | null;
  renderPartial?(
    controller: Controller<any>, partial: string, locals: Record<string, unknown>, pickFormat: (path: string) => string,
  ): { body: string | { toString(): string }; format: string };
}

export interface ControllerApp {
  router: Router;
  /** public/: where allow_browser finds 406-unsupported-browser.html. */
  publicDir: string | null;
  views: TemplateRenderer;
  /** ActiveSupport JSON encoding for `render json:` (records, errors, hashes). */
  encodeJson(value: unknown): string;
  /** url_for of a non-string target (a record, [parent, child], a route hash): polymorphic routing. */
  urlFor(controller: Controller<any>, target: unknown): string;
  /** Rails.cache (rate_limit counts in it); null: :null_store. */
  cacheStore?: Store | null;
}

/** The per-request pieces the dispatcher gives a controller. */
export interface ControllerContext {
  app: ControllerApp;
  request: Request;
  route: RouteEntry;
  cookies: CookieJar;
  session: Session;
  flash: FlashSlot;
  csrf: Csrf;
}

export interface ControllerClass {
  new (): Controller<any>;
  readonly name: string;
  controllerPath: string;
  filters: readonly Filter[];
  layoutName: string | false | null;
  wrapParameters: WrapParameters | false | null;
  browserVersions: "modern" | Record<string, number | false>;
  browserBlock: string | null;
  rescueHandlers: readonly ControllerRescueHandler[];
}

export interface ControllerRescueHandler {
  readonly classes: readonly string[];
  readonly method: string;
}

const VERIFY_CSRF = "verifyAuthenticityToken";

/**
 * config.action_controller.allow_forgery_protection for the running environment (config/environments/test.rb
 * turns it off): without it protect_against_forgery? is false, so no token is checked or rendered.
 */
export const forgeryProtectionConfig = { allow: true };
const WRAP_EXCLUDE = ["authenticity_token", "_method", "utf8"];

export class Controller<A extends object = Record<string, unknown>> {
  static controllerPath = "application";
  static filters: readonly Filter[] = [];
  static layoutName: string | false | null = null;
  /** `layout "x", only:/except:`: the actions the declared layout applies to (others use the implied one). */
  static layoutConditions: { only?: readonly string[] | null; except?: readonly string[] | null } | null = null;
  static wrapParameters: WrapParameters | false | null = null;
  /** allow_browser versions: (the filter is `{ kind: "before", method: "allowBrowser" }`). */
  static browserVersions: "modern" | Record<string, number | false> = "modern";
  /** allow_browser's block: (a method of the controller, TS name) run for a blocked browser instead of the 406 page. */
  static browserBlock: string | null = null;
  /** rescue_from Klass, with: :method (or a block, made a method): the Ruby class names and the handler's TS name. */
  static rescueHandlers: readonly ControllerRescueHandler[] = [];
  /** `include ActionController::Live` (ActiveStorage::Streaming includes it): responses are Live::Response's. */
  static live = false;

  // Fields are assigned in the constructor, not declared with initializers: every app has its own controller
  // subclasses, and V8 defines initialized class fields through a slow path once it has seen many classes.
  /** The instance variables views see (`@post` is `assigns.post`). */
  declare assigns: A;
  declare readonly response: Response;
  declare actionName: string;
  /** The formats this action renders in; respond_to narrows them to the negotiated one. Until the action runs
   * (in before_actions) they are the lookup context's defaults, Mime::SET: ActionController::Rendering#process_action
   * sets them from the request inside the callbacks, so a `head` in a before_action answers text/html. */
  declare formats: MimeType[];
  declare private ctx: ControllerContext;
  declare private paramsObject: Parameters | null;
  declare private hostOptions: HostOptions | null;

  constructor() {
    this.assigns = {} as A;
    (this as { response: Response }).response = new Response();
    this.actionName = "";
    this.formats = [];
    this.ctx = undefined as unknown as ControllerContext;
    this.paramsObject = null;
    this.hostOptions = null;
  }

  /** Called by the dispatcher before `process`. */
  attach(ctx: ControllerContext): void {
    this.ctx = ctx;
    this.hostOptions = null;
    this.formats = registeredFormats();
    // Live.make_response! (which gives an HTTP/1.0 request the ordinary response; Node answers 1.1 here).
    this.response.live = (this.constructor as typeof Controller).live;
  }

  get app(): ControllerApp {
    return this.ctx.app;
  }

  get request(): Request {
    return this.ctx.request;
  }

  get cookies(): CookieJar {
    return this.ctx.cookies;
  }

  get session(): Session {
    return this.ctx.session;
  }

  get flash(): Flash {
    return this.ctx.flash.get();
  }

  get params(): Parameters {
    return (this.paramsObject ??= new Parameters(this.wrappedParameters()));
  }

  get controllerPath(): string {
    return (this.constructor as ControllerClass).controllerPath;
  }

  /** controller_name: the last segment of the path (`admin/editors` -> `editors`). */
  get controllerName(): string {
    return this.controllerPath.split("/").pop()!;
  }

  /** True once the action has rendered, redirected or called head. */
  get performed(): boolean {
    return this.response.committed;
  }

  // ---- the view/URL context (runtime/app's UrlContext and ViewContext read these) ----------------------

  /** The request's host, port and protocol for URL helpers: the same for the whole request, so built once (frozen:
   * every caller copies it before adding options). */
  urlHost(): HostOptions {
    if (this.hostOptions === null) {
      const r = this.request;
      this.hostOptions = Object.freeze({ host: r.host, port: r.optionalPort, protocol: r.protocol });
    }
    return this.hostOptions;
  }

  recall(): Record<string, unknown> {
    return this.request.pathParameters;
  }

  /** url_for: a string as is, a route hash through the routes (a full URL unless only_path), else polymorphic. */
  urlFor(target: unknown): string {
    if (typeof target === "string") return target;
    if (target !== null && typeof target === "object" && (target as object).constructor === Object) {
      return urlForOptions(this.app.router, { ...this.urlHost(), ...(target as Record<string, unknown>) }, this.recall());
    }
    return this.app.urlFor(this, target);
  }

  formAuthenticityToken(options?: { formOptions?: { action?: string | null; method?: string | null } }): string {
    // Only the request's path is read (a per-form token's action resolves against it).
    return this.ctx.csrf.formAuthenticityToken(this.request, options?.formOptions);
  }

  protectAgainstForgery(): boolean {
    return forgeryProtectionConfig.allow && this.forgeryProtected(this.actionName);
  }

  resetSession(): void {
    this.session.reset();
    this.ctx.csrf.reset();
    this.ctx.flash.reset();
  }

  // ---- rendering (rendering.ts) -----------------------------------------------------------------------

  // Lowered Ruby passes option hashes whose values the compiler could not always type: the shapes are checked at
  // run time (as Rails does), so these accept any hash.
  render(action?: string | RenderOptions | Record<string, unknown>, options?: RenderOptions | Record<string, unknown>): void {
    render(this, action as string | RenderOptions | undefined, options as RenderOptions | undefined);
  }

  /** render_to_string: what `render` would answer, as a String; the response is left as it was. */
  renderToString(action?: string | RenderOptions | Record<string, unknown>, options?: RenderOptions | Record<string, unknown>): string {
    const r = this.response;
    const saved = { status: r.status, mediaType: r.mediaType, charset: r.charset, body: r.body, formats: this.formats };
    r.body = null;
    try {
      this.render(action, options);
      return String(r.body ?? "");
    } finally {
      Object.assign(r, { status: saved.status, mediaType: saved.mediaType, charset: saved.charset, body: saved.body });
      this.formats = saved.formats;
    }
  }

  redirectTo(target: unknown, options: RedirectOptions | Record<string, unknown> = {}): void {
    redirectTo(this, target, options as RedirectOptions);
  }

  /** redirect_back(fallback_location:) / redirect_back_or_to(fallback). */
  redirectBackOrTo(fallback: unknown, options: RedirectOptions = {}): void {
    redirectBackOrTo(this, fallback, options);
  }

  redirectBack(options: RedirectOptions & { fallback_location: unknown }): void {
    const { fallback_location, ...rest } = options;
    redirectBackOrTo(this, fallback_location, rest);
  }

  /**
   * ConditionalGet#fresh_when, declined to its safe path: the records' ETag/Last-Modified are not computed, so the
   * action always renders in full (Rack::ETag still answers 304 for an unchanged body). The compiler reports it.
   */
  /**
   * ConditionalGet#fresh_when: sets ETag (the validators with the etaggers' values: the action template's digest,
   * the flash when it is not empty on HTML) and Last-Modified, and answers 304 when the request is fresh. Returns
   * whether it was (stale? is its negation).
   */
  freshWhen(...args: unknown[]): boolean {
    const { object, options } = freshnessArgs(args);
    const strong = options.strong_etag ?? null;
    const weak = strong === null ? (options.weak_etag ?? options.etag ?? object) : null;
    // last_modified: any time value (a TimeWithZone, a local Time) at its instant; a record's updated_at otherwise.
    const given = options.last_modified ? instantOf(options.last_modified) : null;
    const lastModified = given ? new Date(given.ms) : lastModifiedOf(object);
    let etag: string | null = null;
    if (strong !== null || (weak !== null && weak !== undefined) || options.template) {
      const validators = [strong ?? weak, ...this.etaggerValues(options)].filter((v) => v !== null && v !== undefined);
      etag = etagFor(validators, strong !== null);
      this.response.headers.set("etag", etag);
    }
    if (lastModified) this.response.headers.set("last-modified", lastModified.toUTCString());
    if (options.public) this.response.headers.set("cache-control", "public");
    const fresh = isFresh(this.request.header("if-none-match"), this.request.header("if-modified-since"), etag, lastModified);
    if (fresh) this.head("not_modified");
    return fresh;
  }

  /** The etaggers of ActionController::Base: EtagWithTemplateDigest, then EtagWithFlash. */
  private etaggerValues(options: { template?: unknown }): unknown[] {
    const out: unknown[] = [];
    if (options.template !== false) {
      const name = typeof options.template === "string" ? options.template : `${this.controllerPath}/${this.actionName}`;
      const digest = this.app.views.digestOf?.(name, this.formats.map((f) => f.symbol ?? "*/*"));
      if (digest) out.push(digest);
    }
    // The flash hash itself (its to_param is the object's inspect: a per-request value, as in Rails).
    if (this.formats[0]?.symbol === "html" && !this.flash.isEmpty()) out.push(`#<ActionDispatch::Flash::FlashHash:${Math.random().toString(16).slice(2)}>`);
    return out;
  }

  /**
   * ConditionalGet#expires_in: Cache-Control as Response#merge_and_normalize_cache_control! writes it
   * (`max-age=N, public|private[, must-revalidate][, stale-while-revalidate=N][, stale-if-error=N][, extras]`) and
   * a Date header.
   */
  expiresIn(seconds: unknown, options: Record<string, unknown> = {}): void {
    const { public: isPublic, must_revalidate: mustRevalidate, stale_while_revalidate: swr, stale_if_error: sie, private: _private, immutable, ...extras } = options;
    const parts = [`max-age=${Math.trunc(Number(seconds))}`, truthyValue(isPublic) ? "public" : "private"];
    if (truthyValue(mustRevalidate)) parts.push("must-revalidate");
    if (swr !== undefined && swr !== null) parts.push(`stale-while-revalidate=${Math.trunc(Number(swr))}`);
    if (sie !== undefined && sie !== null) parts.push(`stale-if-error=${Math.trunc(Number(sie))}`);
    if (truthyValue(immutable)) parts.push("immutable");
    for (const [k, v] of Object.entries(extras)) parts.push(`${k}=${String(v)}`);
    this.response.headers.set("cache-control", parts.join(", "));
    if (!this.response.headers.has("date")) this.response.headers.set("date", httpDate(currentTime()));
  }

  /** DataStreaming#send_file. */
  sendFile(path: unknown, options: Record<string, unknown> = {}): void {
    sendFile(this, path, options);
  }

  /** ConditionalGet#expires_now: Cache-Control: no-cache. */
  expiresNow(): void {
    this.response.headers.set("cache-control", "no-cache");
  }

  head(status: string | number, options: Record<string, unknown> = {}): void {
    head(this, status, options);
  }

  respondTo(block: (format: FormatCollector) => unknown): unknown {
    return respondTo(this, block);
  }

  // ---- the action ---------------------------------------------------------------------------------------

  /** AbstractController::Base#process: filters, action, implicit render, after filters, flash commit. */
  async process(action: string): Promise<void> {
    this.actionName = action;
    // _find_action_name: a public method of the app's controller, or a template alone (an implicit action).
    const method = this.actionFunction(action);
    if (!method && this.app.views.formatsOf(`${this.controllerPath}/${action}`).length === 0) {
      throw new ActionNotFound(`The action '${action}' could not be found for ${this.constructor.name}`);
    }
    // ActionController::Instrumentation logs request.filtered_parameters before anything runs, so malformed
    // parameters are a 400 for every action, whether it reads params or not.
    // (The two parses are what can fail; request.parameters would merge them with the path's into a new object.)
    void this.request.requestParameters;
    void this.request.queryParameters;
    // ActionController::Rescue around process_action: filters and the action; a rescue_from handler takes the error.
    try {
      const filters = this.filterChain(action);
      const { before, after } = filterKinds(filters);
      let halted = false;
      // A filter, condition or action that answers a Promise (lowered async code) is awaited; a plain value is not:
      // each await is a turn of the microtask queue, several per filter on every request.
      for (const f of before) {
        if ((f.if || f.unless) && !(await this.conditionsHold(f))) continue;
        const ran = this.runFilter(f.method);
        if (ran) await ran;
        if (this.performed) {
          halted = true;
          break;
        }
      }
      if (!halted) {
        this.formats = this.request.formats;
        const acted = method ? method.call(this) : undefined;
        if (acted instanceof Promise) await acted;
        if (!this.performed) defaultRender(this);
        for (const f of after) {
          if ((f.if || f.unless) && !(await this.conditionsHold(f))) continue;
          const ran = this.runFilter(f.method);
          if (ran) await ran;
        }
        this.verifySameOriginRequest();
      }
    } catch (error) {
      if (!(await this.rescueWithHandler(error))) throw error;
    }
    this.ctx.flash.commit();
  }

  // Methods of this base class (render, process, ...) are not actions, as ActionController::Base's are not.
  private actionFunction(action: string): ((this: unknown) => unknown) | null {
    const name = actionMethod(action);
    const method = (this as unknown as Record<string, unknown>)[name];
    if (typeof method !== "function" || method === (Controller.prototype as unknown as Record<string, unknown>)[name]) return null;
    return method as (this: unknown) => unknown;
  }

  // The callback chain for this action (buildFilterChain).
  private filterChain(action: string): Filter[] {
    // The chain depends on the class's declared filters and the action only: built once per pair, not per request.
    const declared = (this.constructor as ControllerClass).filters;
    let byAction = filterChains.get(declared);
    if (!byAction) filterChains.set(declared, (byAction = new Map()));
    let chain = byAction.get(action);
    if (!chain) byAction.set(action, (chain = buildFilterChain(declared, action)));
    return chain;
  }

  private forgeryProtected(action: string): boolean {
    return this.filterChain(action).some((f) => f.method === VERIFY_CSRF);
  }

  // Rescuable#rescue_with_handler: the most recently declared handler whose classes the error is one of (a declined
  // construct's NotLowered never matches), called with the error when it takes one.
  private async rescueWithHandler(error: unknown): Promise<boolean> {
    const handlers = (this.constructor as ControllerClass).rescueHandlers;
    for (let i = handlers.length - 1; i >= 0; i--) {
      const { classes, method } = handlers[i]!;
      if (!rescues(error, classes)) continue;
      const fn = (this as unknown as Record<string, (...a: unknown[]) => unknown>)[method];
      if (typeof fn !== "function") throw new Error(`undefined method '${method}' for ${this.constructor.name}`);
      await (fn.length === 0 ? fn.call(this) : fn.call(this, error));
      return true;
    }
    return false;
  }

  // A callback's if: / unless: (ActiveSupport::Callbacks): each a method of the controller, answered as Ruby truth.
  private async conditionsHold(f: Filter): Promise<boolean> {
    const call = async (name: string): Promise<boolean> => {
      const method = (this as unknown as Record<string, unknown>)[name];
      if (typeof method !== "function") throw new Error(`undefined method '${name}' for ${this.constructor.name}`);
      const value: unknown = await method.call(this);
      return value !== null && value !== undefined && value !== false;
    };
    for (const name of f.if ?? []) if (!(await call(name))) return false;
    for (const name of f.unless ?? []) if (await call(name)) return false;
    return true;
  }

  /** Runs a filter method; its Promise when it answered one (the caller awaits it), else undefined. */
  private runFilter(name: string): Promise<unknown> | undefined {
    if (name === VERIFY_CSRF) {
      this.verifyAuthenticityToken();
      return undefined;
    }
    const method = (this as unknown as Record<string, unknown>)[name];
    if (typeof method !== "function") throw new Error(`undefined method '${name}' for ${this.constructor.name}`);
    const result: unknown = method.call(this);
    return result instanceof Promise ? result : undefined;
  }

  /** allow_browser's before_action: an old browser gets public/406-unsupported-browser.html with a 406. */
  allowBrowser(): unknown {
    const versions = (this.constructor as ControllerClass).browserVersions;
    if (!browserBlocked(this.request.userAgent, versions === "modern" ? MODERN_BROWSERS : versions)) return;
    const block = (this.constructor as ControllerClass).browserBlock;
    if (block) return (this as unknown as Record<string, () => unknown>)[block]!.call(this);
    const file = this.app.publicDir ? join(this.app.publicDir, "406-unsupported-browser.html") : null;
    const page = file && existsSync(file) ? readFileSync(file, "utf8") : "";
    this.render({ html: new SafeString(page), status: "not_acceptable", layout: false });
  }

  /**
   * ActionController::RateLimiting#rate_limiting (7.2), the before_action `rate_limit to:, within:, by:, with:` adds:
   * the request counted in the cache store under `rate-limit:<controller_path>:<by>` for `within`; past `to`, `with`
   * runs (default: head :too_many_requests). A :null_store counts nothing, so nothing is limited, as in Rails.
   */
  rateLimiting(options: { to: unknown; within: unknown; by?: unknown; with?: unknown }): unknown {
    const store = this.app.cacheStore;
    if (!store) return null;
    const by = typeof options.by === "function" ? (options.by as () => unknown).call(this) : this.request.remoteIp;
    const within = options.within as { inSeconds?: () => number } | number;
    const seconds = typeof within === "object" && within !== null && typeof within.inSeconds === "function" ? within.inSeconds() : Number(within);
    const count = store.increment(`rate-limit:${this.controllerPath}:${by === null || by === undefined ? "" : String(by)}`, 1, { expiresIn: seconds });
    if (count <= Number(options.to)) return null;
    return typeof options.with === "function" ? (options.with as () => unknown).call(this) : this.head("too_many_requests");
  }

  verifyAuthenticityToken(): void {
    if (!forgeryProtectionConfig.allow) return;
    // verified_request? passes a GET or HEAD before reading anything else (Csrf#verify answers the same for them).
    if (this.request.method === "GET" || this.request.method === "HEAD") return;
    this.ctx.csrf.verify(this.csrfRequest(), () => this.params.get("authenticity_token"));
  }

  private csrfRequest() {
    const r = this.request;
    return { method: r.method, path: r.path, origin: r.origin, baseUrl: r.baseUrl, xCsrfToken: r.header("x-csrf-token") };
  }

  // verify_same_origin_request: a GET answered with JavaScript must come from XHR.
  private verifySameOriginRequest(): void {
    if (!this.request.isGet || this.request.xhr || !this.forgeryProtected(this.actionName)) return;
    if (/^(?:text|application)\/javascript/.test(this.response.mediaType ?? "")) {
      const error = new InvalidAuthenticityToken("Security warning: an embedded <script> tag on another site requested protected JavaScript.");
      error.name = "InvalidCrossOriginRequest";
      throw error;
    }
  }

  // ParamsWrapper: a JSON body's parameters are also given under the wrapper key.
  private wrappedParameters(): ParamTree {
    const params = this.request.parameters;
    const wrap = (this.constructor as ControllerClass).wrapParameters;
    if (wrap === false || !/^application\/json|^text\/x-json|^application\/jsonrequest/i.test(this.request.contentType ?? "")) return params;
    const name = wrap?.name ?? singularize(this.controllerName);
    if (name in params) return params;
    const body = this.request.requestParameters;
    const include = wrap?.include;
    // Hash#slice keeps the include list's order; except keeps the body's.
    const keys = include ? include.filter((k) => k in body) : Object.keys(body).filter((k) => !WRAP_EXCLUDE.includes(k));
    const wrapped = Object.fromEntries(keys.map((k) => [k, body[k]]));
    return { ...params, [name]: wrapped };
  }
}

/** Each declared filter list's chain per action (ControllerClass.filters is static). */
/** A chain's before and after filters, split once per chain (chains are built once per filter list and action). */
const splitChains = new WeakMap<Filter[], { before: Filter[]; after: Filter[] }>();

function filterKinds(chain: Filter[]): { before: Filter[]; after: Filter[] } {
  let split = splitChains.get(chain);
  if (!split) splitChains.set(chain, (split = { before: chain.filter((f) => f.kind === "before"), after: chain.filter((f) => f.kind === "after") }));
  return split;
}

const filterChains = new WeakMap<readonly Filter[], Map<string, Filter[]>>();

// The callback chain for an action: skips remove matching earlier filters, only/except select.
function buildFilterChain(declared: readonly Filter[], action: string): Filter[] {
  const all: Filter[] = [{ kind: "before", method: VERIFY_CSRF }, ...declared];
  const chain: Filter[] = [];
  for (const f of all) {
    if (f.kind === "skip_before" || f.kind === "skip_after") {
      const kind = f.kind === "skip_before" ? "before" : "after";
      if (!applies(f, action)) continue;
      for (let i = chain.length - 1; i >= 0; i--) if (chain[i].kind === kind && chain[i].method === f.method) chain.splice(i, 1);
    } else if (applies(f, action)) {
      chain.push(f);
    }
  }
  return chain;
}

function applies(f: Filter, action: string): boolean {
  if (f.only && !f.only.includes(action)) return false;
  if (f.except && f.except.includes(action)) return false;
  return true;
}

/** The TS method of an action: the compiler's naming rule (`mark_read` -> `markRead`). */
export function actionMethod(action: string): string {
  // Most actions (index, show, new) have no underscore, which the replace needs to change anything.
  return action.includes("_") ? action.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase()) : action;
}

function truthyValue(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

/** Time#httpdate. */
function httpDate(d: Date): string {
  return d.toUTCString();
}
