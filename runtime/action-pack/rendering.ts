// ActionController's rendering, redirecting, head and respond_to, as functions over a Controller:
//   render :new, status: :unprocessable_entity     this.render("new", { status: "unprocessable_entity" })
//   render json: @x.errors, status: 422             this.render({ json: this.assigns.x.errors, status: 422 })
//   redirect_to @x, notice: "Saved."                this.redirectTo(this.assigns.x, { notice: "Saved." })
//   head :no_content                                this.head("no_content")
//   respond_to { |f| f.html { ... }; f.json }        this.respondTo((f) => { f.html(() => ...); f.json(); })
import type { Controller, ControllerClass } from "./controller.js";
import { DoubleRenderError, UnknownFormat, UnsafeRedirectError } from "./errors.js";
import { ALL, mimeByExtension, negotiateMime, registeredFormats, type MimeType } from "./mime.js";
import { statusCode } from "./status.js";
import { htmlEscape, isHtmlSafe } from "../active-support/safe.js";

export interface RenderOptions {
  status?: string | number;
  location?: unknown;
  layout?: string | boolean;
  json?: unknown;
  html?: unknown;
  plain?: unknown;
  body?: unknown;
  template?: string;
  action?: string;
  content_type?: string;
  /** `render formats: :svg`: the formats the template is looked up in. */
  formats?: string | string[];
  /** `render partial: "users/card", locals: { user: u }`: a partial alone, no layout. */
  partial?: string;
  locals?: Record<string, unknown>;
}

/** The options `render` in a controller takes here; any other (inline:, partial:, xml:, ...) is refused, never ignored. */
export const CONTROLLER_RENDER_OPTIONS = new Set([
  "status", "location", "layout", "json", "html", "plain", "body", "template", "action", "content_type", "formats", "partial", "locals",
]);

export interface RedirectOptions {
  status?: string | number;
  notice?: unknown;
  alert?: unknown;
  flash?: Record<string, unknown>;
  allow_other_host?: boolean;
}

export function render(c: Controller<any>, action?: string | RenderOptions, opts?: RenderOptions): void {
  if (c.performed) throw new DoubleRenderError();
  const options: RenderOptions = typeof action === "object" ? { ...action } : { ...opts };
  if (typeof action === "string") {
    if (action.includes("/")) options.template = action;
    else options.action = action;
  }
  const unknown = Object.keys(options).filter((k) => !CONTROLLER_RENDER_OPTIONS.has(k));
  if (unknown.length) throw new Error(`rails2ts: render ${unknown.map((k) => `${k}:`).join(", ")} is not supported`);
  if (options.formats !== undefined) {
    const wanted = (Array.isArray(options.formats) ? options.formats : [options.formats]).map((f) => mimeByExtension(String(f)));
    c.formats = wanted.filter((m): m is MimeType => m !== null);
  }
  const res = c.response;
  if (options.status !== undefined) res.status = statusCode(options.status);
  if (options.content_type) res.setContentType(options.content_type);
  if (options.location !== undefined && options.location !== null) res.location = c.urlFor(options.location);
  let body: string;
  let rendered: string;
  if ("json" in options) {
    body = typeof options.json === "string" ? options.json : c.app.encodeJson(options.json);
    rendered = "application/json";
  } else if ("html" in options) {
    body = isHtmlSafe(options.html) ? String(options.html) : htmlEscape(options.html).toString();
    rendered = "text/html";
    res.mediaType = null; // _set_html_content_type overrides
  } else if ("plain" in options) {
    [body, rendered] = [String(options.plain ?? ""), "text/plain"];
  } else if ("body" in options) {
    [body, rendered] = [String(options.body ?? ""), "text/plain"];
  } else if (options.partial !== undefined && c.app.views.renderPartial) {
    const partial = c.app.views.renderPartial(c, String(options.partial), options.locals ?? {}, (path) => templateFormat(c, path));
    body = String(partial.body);
    rendered = mimeByExtension(partial.format)?.string ?? "text/html";
  } else {
    if (options.partial !== undefined) throw new Error("rails2ts: render partial: without a partial renderer is not supported");
    const path = options.template ?? `${c.controllerPath}/${options.action ?? c.actionName}`;
    const format = templateFormat(c, path);
    const layout = layoutFor(c, format, options.layout);
    body = String(c.app.views.render(c, path, format, layout, options.locals));
    rendered = mimeByExtension(format)?.string ?? "text/html";
  }
  res.mediaType ??= rendered;
  if (c.request.varyByAccept && !res.headers.has("vary")) res.headers.set("vary", "Accept");
  res.body = body;
}

/**
 * The formats ActionView looks templates up in for this controller (LookupContext#formats=, given
 * `request.formats.filter_map(&:ref)` or what respond_to / `render formats:` narrowed them to): Mime::ALL expands to
 * every registered format in registration order, and a lone `:js` gains `:html` as its fallback.
 */
export function lookupFormats(formats: Controller<any>["formats"]): string[] {
  // One format (a page's usual html): its symbol, without the general path's arrays and Set.
  if (formats.length === 1 && formats[0] !== ALL) {
    const symbol = formats[0]!.symbol;
    return symbol === null ? [] : symbol === "js" ? ["js", "html"] : [symbol];
  }
  const symbols = formats.flatMap((f) => (f === ALL ? registeredFormats().map((d) => d.symbol) : [f.symbol])).filter((s): s is string => s !== null);
  const unique = [...new Set(symbols)];
  return unique.length === 1 && unique[0] === "js" ? ["js", "html"] : unique;
}

// The first of the controller's formats the template exists in (`*/*` takes Rails' default order).
function templateFormat(c: Controller<any>, path: string): string {
  const available = c.app.views.formatsOf(path);
  for (const f of c.formats) {
    if (f === ALL) {
      const found = registeredFormats().find((d) => d.symbol !== null && available.includes(d.symbol))?.symbol;
      if (found) return found;
    } else if (f.symbol && available.includes(f.symbol)) return f.symbol;
  }
  const wanted = c.formats.map((f) => f.symbol).join(", ");
  throw new Error(`Missing template ${path} with {formats: [${wanted}]}`);
}

/** The layout for a template render: explicit, declared (`layout "x"` / `layout false`), or by controller path. */
function layoutFor(c: Controller<any>, format: string, option: string | boolean | undefined): string | null {
  const exists = (name: string) => c.app.views.formatsOf(name).includes(format);
  if (option === false) return null;
  if (typeof option === "string") return exists(`layouts/${option}`) ? `layouts/${option}` : null;
  const klass = c.constructor as ControllerClass & { layoutConditions?: { only?: readonly string[] | null; except?: readonly string[] | null } | null };
  const conditions = klass.layoutConditions;
  const applies = !conditions || ((!conditions.only || conditions.only.includes(c.actionName)) && !conditions.except?.includes(c.actionName));
  const declared = applies ? klass.layoutName : null;
  if (declared === false) return null;
  if (typeof declared === "string") return exists(`layouts/${declared}`) ? `layouts/${declared}` : null;
  for (let k = c.constructor as ControllerClass | null; k && "controllerPath" in k; k = Object.getPrototypeOf(k)) {
    if (exists(`layouts/${k.controllerPath}`)) return `layouts/${k.controllerPath}`;
  }
  return null;
}

/** ActionController::ImplicitRender#default_render. */
export function defaultRender(c: Controller<any>): void {
  const path = `${c.controllerPath}/${c.actionName}`;
  const available = c.app.views.formatsOf(path);
  if (c.formats.some((f) => f === ALL ? available.length > 0 : f.symbol !== null && available.includes(f.symbol))) {
    render(c);
  } else if (available.length > 0) {
    throw new UnknownFormat(`${c.constructor.name}#${c.actionName} is missing a template for this request format and variant.`);
  } else if (c.request.isGet && c.request.formats[0]?.symbol === "html" && !c.request.xhr) {
    const error = new UnknownFormat(`${c.constructor.name}#${c.actionName} is missing a template for request formats: text/html`);
    error.name = "MissingExactTemplate";
    throw error;
  } else {
    head(c, "no_content");
  }
}

export function head(c: Controller<any>, status: string | number, options: Record<string, unknown> = {}): void {
  if (c.performed) throw new DoubleRenderError();
  const { location, content_type, ...headers } = options;
  for (const [key, value] of Object.entries(headers)) c.response.headers.set(key.replace(/_/g, "-").toLowerCase(), String(value));
  const res = c.response;
  res.status = statusCode(status);
  if (location !== undefined && location !== null) res.location = c.urlFor(location);
  if (!(res.status >= 100 && res.status < 200) && res.status !== 204 && res.status !== 304) {
    if (!res.mediaType) {
      const first = c.formats[0];
      res.mediaType = typeof content_type === "string" ? content_type : first && first !== ALL ? first.string : "text/html";
    }
    res.charset = false;
  }
  res.body = "";
}

export function redirectTo(c: Controller<any>, target: unknown, options: RedirectOptions = {}): void {
  if (options.notice !== undefined) c.flash.set("notice", options.notice);
  if (options.alert !== undefined) c.flash.set("alert", options.alert);
  for (const [k, v] of Object.entries(options.flash ?? {})) c.flash.set(k, v);
  if (target === null || target === undefined) throw new Error("Cannot redirect to nil!");
  if (c.performed) throw new DoubleRenderError();
  const status = options.status !== undefined ? statusCode(options.status) : 302;
  const location = computeRedirectLocation(c, target).replace(/[\0\r\n]/g, "");
  if (!options.allow_other_host && !urlHostAllowed(c, location)) {
    throw new UnsafeRedirectError(`Unsafe redirect to ${JSON.stringify(location.slice(0, 100))}, pass allow_other_host: true to redirect anyway.`);
  }
  c.response.location = location;
  c.response.body = "";
  c.response.status = status;
}

/** redirect_back_or_to: the Referer when it is on this host (or other hosts are allowed), else the fallback. */
export function redirectBackOrTo(c: Controller<any>, fallback: unknown, options: RedirectOptions = {}): void {
  const referer = c.request.referer;
  if (referer && (options.allow_other_host || urlHostAllowed(c, referer))) redirectTo(c, referer, options);
  else {
    const { allow_other_host: _, ...rest } = options;
    redirectTo(c, fallback, rest);
  }
}

function computeRedirectLocation(c: Controller<any>, target: unknown): string {
  if (typeof target === "string") {
    if (/^([a-z][a-z\d\-+.]*:|\/\/)/i.test(target)) return target;
    return c.request.protocol + c.request.hostWithPort + target;
  }
  if (typeof target === "function") return computeRedirectLocation(c, (target as () => unknown).call(c));
  return c.urlFor(target);
}

// _url_host_allowed?: same host, or a plain path.
function urlHostAllowed(c: Controller<any>, url: string): boolean {
  const m = /^[a-z][a-z\d\-+.]*:\/\/([^/?#:]*)/i.exec(url) ?? /^\/\/([^/?#:]*)/.exec(url);
  if (m) return m[1].toLowerCase() === c.request.host.toLowerCase();
  return url.startsWith("/") && !url.startsWith("//");
}

type FormatBlock = (() => unknown) | undefined;

/** The `format` of a respond_to block: each call offers a format, with an optional block. */
export class FormatCollector {
  readonly offered: [MimeType, FormatBlock][] = [];

  html(block?: () => unknown): void { this.custom("html", block); }
  json(block?: () => unknown): void { this.custom("json", block); }
  xml(block?: () => unknown): void { this.custom("xml", block); }
  js(block?: () => unknown): void { this.custom("js", block); }
  text(block?: () => unknown): void { this.custom("text", block); }
  csv(block?: () => unknown): void { this.custom("csv", block); }
  any(block?: () => unknown): void { this.offered.push([ALL, block]); }
  all(block?: () => unknown): void { this.any(block); }

  custom(format: string, block?: () => unknown): void {
    const mime = mimeByExtension(format);
    if (!mime) throw new Error(`unknown format ${format}`);
    this.offered.push([mime, block]);
  }
}

export function respondTo(c: Controller<any>, block: (format: FormatCollector) => unknown): unknown {
  const collector = new FormatCollector();
  block(collector);
  const order = collector.offered.map(([m]) => m);
  const format = negotiateMime(c.request.formats, order);
  if (!format) throw new UnknownFormat("ActionController::UnknownFormat");
  if (c.performed) throw new Error("respond_to was called after the response was already rendered");
  c.formats = [format];
  if (!c.response.mediaType && format !== ALL) c.response.mediaType = format.string;
  const chosen = collector.offered.find(([m]) => m === format) ?? collector.offered.find(([m]) => m === ALL);
  const fn = chosen?.[1];
  return fn ? fn() : render(c);
}
