// One render's view context (ActionView::Base): assigns copied from the controller, content_for storage,
// partial lookup, and the ViewHost the helpers read. Emitted templates receive it as `view`.
//   render "form", a: x          posts/_form (the controller's prefix) with local a
//   render "comments/form"       comments/_form
//   render record / collection   <collection>/_<element> with local <element> (+ _counter, _iteration)
//   yield / yield :head          yieldContent() / yieldContentFor("head")
import { capture, OutputBuffer, outputBuffer, SafeString, unwrappedHtmlEscape, withOutputBuffer } from "../active-support/safe.js";
import { tag as viewTag, tagBuilder } from "../action-view/tag.js";
import { BACK, urlFor as viewUrlFor } from "../action-view/url.js";
import type { Jbuilder } from "../gems/jbuilder/index.js";
import { MissingAssetError } from "../action-view/asset-url.js";
import { isViewRecord, type AssetIndex, type AssetType, type PolymorphicOptions, type ViewHost, type ViewRecord, type ViewRequest } from "../active-model/host.js";
import type { HostOptions } from "../action-pack/url.js";
import type { Flash } from "../action-pack/flash.js";
import { isBlank, isPlainObject, toS, truthy } from "../ruby/ruby.js";
import { cacheFragment, renderCachedCollection, type FragmentCache } from "../action-view/cache/index.js";
import { installHelpers, type HostHelperMethods, type PlainHelperMethods } from "./view-helpers.js";
import { rubyToTs } from "../ruby/names.js";
import { NameError } from "../active-support/core-ext/ops.js";

/** A compiled template: ERB renders to a SafeString; jbuilder writes into the Jbuilder it is given. */
export type TemplateEntry = (
  | { handler: "erb" | "raw"; render: (view: View, locals: Record<string, unknown>) => SafeString }
  | { handler: "jbuilder"; render: (view: View, locals: Record<string, unknown>, json: Jbuilder) => void }
) & {
  /** `virtual_path:digest`, computed when compiling (fragment cache keys carry it). */
  digestPath?: string;
  /**
   * The compiler found nothing request-dependent in the template or what it renders (no form, token, cookie,
   * session, params, full URL, CurrentAttributes): its fragments are the same bytes in a request render and a
   * broadcast render, so both use Rails' keys without a namespace and share entries, as Rails does.
   */
  sharedFragments?: boolean;
};

/** What the controller side gives a view. */
export interface ViewContext {
  templates: Record<string, TemplateEntry>;
  controllerPath: string;
  /** The format of the template being rendered (TemplateRenderer#prepend_formats puts it first). */
  format: string;
  /**
   * The other formats templates are looked up in, in order (LookupContext#formats: the request's, Mime::ALL expanded):
   * a turbo_stream template whose request also accepts html finds the html partial. Absent: the format alone.
   */
  formats?: string[];
  /** The same list, worked out when first asked (a request's: most renders find every template in `format`). */
  lookupFormats?: () => string[];
  request: ViewRequest;
  urlHost(): HostOptions;
  recall(): Record<string, unknown>;
  flashValue(key: string): unknown;
  /** The request's FlashHash itself (`flash.each`, `flash.keys` in a view); absent outside a request. */
  flash?(): Flash;
  formAuthenticityToken(options?: { formOptions?: { action: string; method: string } }): string;
  protectAgainstForgery(): boolean;
  urlFor(target: unknown): string;
  polymorphicPath(target: unknown, options?: PolymorphicOptions): string;
  assetPath(source: string): string | null;
  /** The pipeline's logical paths and import map (absent in contexts that render no asset tags). */
  assetIndex?: AssetIndex;
  now(): Date;
  /** The fragment cache for this render (store null when perform_caching is off). */
  fragmentCache: FragmentCache;
  /** AssetTagHelper#send_preload_links_header: the response's Link header (absent outside a request). */
  addPreloadLinks?: (links: string[]) => void;
  /** The controller rendering (helper_method calls reach it); absent in renders outside a request. */
  controller?: object;
  /** The controller's params (views read them as `params`). */
  params?: () => unknown;
  /** Told of each cached collection render (Rails logs `[hits / count cache hits]`). */
  onCachedCollection?: (partial: string, hits: number | null, count: number) => void;
}

/**
 * View methods a Rails engine adds to ActionView::Base, by the engine config/application.rb requires
 * (`action_cable/engine`'s "action_cable.helpers" initializer includes ActionCable::Helpers::ActionCableHelper).
 * An app that does not load the engine has no such helper: the name is a NameError there.
 */
export const ENGINE_HELPERS: Record<string, string[]> = {
  action_cable: ["actionCableMetaTag"],
  action_text: ["renderActionTextContent", "sanitizeActionTextContent"],
  rails_autolink: ["autoLink"],
  importmap: ["javascriptImportmapTags", "javascriptInlineImportmapTag", "javascriptImportModuleTag", "javascriptImportmapModulePreloadTags", "javascriptModulePreloadTag"],
};

export class View implements ViewHost {
  readonly assigns: Record<string, unknown>;
  private readonly content = new Map<string, string>();
  private layoutContent: SafeString | null = null;
  /** The templates being rendered, innermost last (`cache` digests with the current one). */
  private readonly rendering: TemplateEntry[] = [];
  /** `render formats: :html` looks up in that format alone for one render. */
  private format: string | null = null;
  /** Formats added to the lookup for the rest of this view's rendering (`view_context.formats |= [:html]`). */
  private readonly addedFormats: string[] = [];
  /** `[hits / count]` of the cached collections rendered (Rails logs them per render). */
  readonly collectionCacheHits: Array<{ hits: number | null; count: number }> = [];

  constructor(
    readonly ctx: ViewContext,
    assigns: Record<string, unknown>,
  ) {
    this.assigns = Object.assign({}, assigns);
  }

  get request(): ViewRequest {
    return this.ctx.request;
  }

  urlHost(): HostOptions {
    return this.ctx.urlHost();
  }

  recall(): Record<string, unknown> {
    return this.ctx.recall();
  }

  urlFor(target: unknown): string {
    if (typeof target === "string" || target instanceof SafeString) return target.toString();
    // url_for(:back): the referrer, or javascript:history.back() (ActionView's own rule, in runtime/action-view/url.ts).
    if (target === BACK) return viewUrlFor(this, target);
    return this.ctx.urlFor(target);
  }

  polymorphicPath(target: unknown, options?: PolymorphicOptions): string {
    return this.ctx.polymorphicPath(target, options);
  }

  protectAgainstForgery(): boolean {
    return this.ctx.protectAgainstForgery();
  }

  /** ActionController's request_forgery_protection_token, which views reach by delegation. */
  requestForgeryProtectionToken(): string {
    return "authenticity_token";
  }

  formAuthenticityToken(options?: { formOptions?: { action: string; method: string } }): string {
    return this.ctx.formAuthenticityToken(options);
  }

  computeAssetPath(source: string, options: { type?: AssetType }): string {
    const ext = options.type === "stylesheet" ? ".css" : options.type === "javascript" ? ".js" : "";
    const name = ext && !source.endsWith(ext) ? `${source}${ext}` : source;
    const path = this.ctx.assetPath(name);
    if (path !== null) return path;
    if (this.ctx.assetIndex?.pipeline === "propshaft") throw new MissingAssetError(name);
    return `/${name}`;
  }

  /**
   * A controller method made a helper (`helper_method :platform`): the view's method calls it on the controller
   * (AbstractController::Helpers#helper_method: `controller.send(name, ...)`).
   */
  helperMethod(name: string, ...args: unknown[]): unknown {
    const controller = this.ctx.controller as Record<string, unknown> | undefined;
    const method = controller?.[rubyToTs(name)] ?? controller?.[name];
    if (typeof method !== "function") throw new NameError(`undefined local variable or method \`${name}' for an instance of ActionView::Base`);
    return (method as (...a: unknown[]) => unknown).apply(controller, args);
  }

  /** Preload links of stylesheet_link_tag and friends, for the response's Link header. */
  addPreloadLinks(links: string[]): void {
    this.ctx.addPreloadLinks?.(links);
  }

  get assetIndex(): AssetIndex | null {
    return this.ctx.assetIndex ?? null;
  }

  now(): Date {
    return this.ctx.now();
  }

  /** `flash[:notice]`, `flash.each` in a view: the request's flash (outside a request, an empty one). */
  get flash(): { get(key: unknown): unknown; notice: unknown; alert: unknown } | Flash {
    const flash = this.ctx.flash?.();
    if (flash) return flash;
    const read = (key: unknown) => this.ctx.flashValue(toS(key));
    return { get: read, notice: read("notice"), alert: read("alert") };
  }

  /** `params` in a view: the controller's parameters. */
  get params(): unknown {
    return this.ctx.params?.() ?? null;
  }

  notice(): unknown {
    return this.ctx.flashValue("notice");
  }

  alert(): unknown {
    return this.ctx.flashValue("alert");
  }

  /**
   * CaptureHelper#content_for: `content_for(:name, value)` / `content_for(:name) { … }` (a capture) append unless
   * the content is nil (`flush: true` replaces); `content_for(:name)` reads it, nil when blank (`.presence`).
   */
  contentFor(name: unknown, ...args: unknown[]): SafeString | null {
    const key = toS(name);
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as () => unknown) : null;
    if (!block && args.length === 0) {
      const stored = this.content.get(key);
      return stored === undefined || isBlank(stored) ? null : new SafeString(stored);
    }
    const options = (block ? args[0] : args[1]) as { flush?: unknown } | undefined;
    const piece = block ? capture(block) : args[0];
    if (piece === null || piece === undefined || piece === false) return null;
    const text = unwrappedHtmlEscape(piece).toString();
    this.content.set(key, isPlainObject(options) && truthy(options.flush) ? text : (this.content.get(key) ?? "") + text);
    return null;
  }

  /** content_for?(:name): `@view_flow.get(name).present?`. */
  isContentFor(name: unknown): boolean {
    return !isBlank(this.content.get(toS(name)) ?? "");
  }

  /** `yield :name` in a layout (`_layout_for(name)`): the stored content as it is, blank or not. */
  yieldContentFor(name: unknown): SafeString {
    return new SafeString(this.content.get(toS(name)) ?? "");
  }

  provide(name: unknown, value: unknown): null {
    this.contentFor(name, value);
    return null;
  }

  /** `tag.div(...)` (no arguments: the tag builder) or the legacy `tag(:br, options, open, escape)`. */
  tag(...args: unknown[]): unknown {
    return args.length ? viewTag(...(args as Parameters<typeof viewTag>)) : tagBuilder;
  }

  /** ActionCable::Helpers::ActionCableHelper#action_cable_meta_tag (the mount path; no config.action_cable.url).
   *  Only with Action Cable loaded (ENGINE_HELPERS). */
  actionCableMetaTag(): SafeString {
    return viewTag("meta", { name: "action-cable-url", content: "/cable" });
  }

  /** ActionView::Base#output_buffer: the buffer of the template rendering now (templates and helpers write to it). */
  get outputBuffer(): OutputBuffer {
    return outputBuffer();
  }

  /** `yield` in a layout: the rendered template. */
  yieldContent(): SafeString | null {
    return this.layoutContent;
  }

  /** Renders a template by logical path (`posts/index`) in the current format. */
  renderTemplate(logicalPath: string, locals: Record<string, unknown> = {}): SafeString {
    const entry = this.lookupEntry(logicalPath);
    if (entry.handler === "jbuilder") throw new MissingTemplate(`${logicalPath} is a jbuilder template`);
    this.rendering.push(entry);
    const outer = View.current;
    View.current = this;
    try {
      // Each template renders into a buffer of its own, the view's output_buffer while it runs (ActionView::Base#_run).
      return toSafe(withOutputBuffer(new OutputBuffer(), () => entry.render(this, locals)));
    } finally {
      View.current = outer;
      this.rendering.pop();
    }
  }

  /** The view whose template is rendering now (renders are synchronous): what Action Text's content renders with. */
  static current: View | null = null;

  /**
   * ActionText::Content#to_rendered_html_with_layout, with the request's controller as renderer (Action Text's
   * around_action): `render_to_string(layout: "action_text/contents/content", partial: "action_text/contents/content",
   * formats: :html, locals: { content: })` — the partial, then the partial layout layouts/action_text/contents/_content
   * around it, in a fresh view of the same request.
   */
  renderActionTextContentWithLayout(content: unknown): SafeString {
    const view = new View(Object.assign({}, this.ctx, { format: "html" }), {});
    const locals = { content };
    view.layoutContent = view.renderTemplate("action_text/contents/_content", locals);
    return view.renderTemplate("layouts/action_text/contents/_content", locals);
  }

  /**
   * `<% cache key do %>…<% end %>` (CacheHelper#cache): the fragment from the store, or the block's output written
   * to it. The compiler only emits this for keys it proved (literals, records, arrays of those).
   */
  cache(name: unknown, options: unknown, block?: () => unknown): SafeString {
    const fn = (typeof options === "function" ? options : block) as () => unknown;
    const opts = isPlainObject(options) ? options : {};
    const current = this.rendering[this.rendering.length - 1];
    const { skip_digest: skipDigest, ...rest } = opts as { skip_digest?: boolean } & Record<string, unknown>;
    return cacheFragment(this.fragmentCacheFor(current), name, Object.assign({}, rest, { skipDigest: Boolean(skipDigest), digestPath: current?.digestPath ?? null }), () => outputBuffer().capture(fn).toString());
  }

  /** The render kind's namespace, unless the template's fragments are the same bytes for every render kind. */
  private fragmentCacheFor(template: { sharedFragments?: boolean } | undefined): FragmentCache {
    const cache = this.ctx.fragmentCache;
    return template?.sharedFragments && cache.namespace ? Object.assign({}, cache, { namespace: null }) : cache;
  }

  /** TemplateRenderer#render_template: the locals are the template's and then its layout's. */
  renderWithLayout(logicalPath: string, layout: string | null, locals: Record<string, unknown> = {}): SafeString {
    const body = this.renderTemplate(logicalPath, locals);
    if (!layout) return body;
    this.layoutContent = body;
    return this.renderTemplate(layout, locals);
  }

  hasTemplate(logicalPath: string): boolean {
    // The template's own format is the first a lookup tries: found there, the rest of the list is not needed.
    if (this.format === null && `${logicalPath}.${this.ctx.format}` in this.ctx.templates) return true;
    return this.lookupFormats().some((format) => `${logicalPath}.${format}` in this.ctx.templates);
  }

  /** The formats a lookup tries, in order: `render formats:`'s alone, else the template's then the request's. */
  private lookupFormats(): string[] {
    if (this.format !== null) return [this.format];
    // Kept until addFormats changes them: every template and partial of the page looked them up again (read only).
    return (this.requestLookupFormats ??= [...new Set([this.ctx.format, ...(this.ctx.lookupFormats?.() ?? this.ctx.formats ?? []), ...this.addedFormats])]);
  }
  private requestLookupFormats: string[] | null = null;

  /** `formats |= [...]` on the view's lookup context: later lookups also try these, after its own. */
  addFormats(formats: string[]): void {
    for (const f of formats) if (!this.addedFormats.includes(f)) this.addedFormats.push(f);
    this.requestLookupFormats = null;
  }

  /** ActionView's `render` inside a template. */
  render(target: unknown, locals?: unknown): SafeString | null {
    // `render layout: "x" do ... end`: the partial "x" with the block's output as what its `yield` gives.
    if (isPlainObject(target) && typeof locals === "function" && typeof target.layout === "string") {
      const saved = this.layoutContent;
      this.layoutContent = capture(locals as () => unknown);
      try {
        return this.renderPartial(target.layout, isPlainObject(target.locals) ? target.locals : {});
      } finally {
        this.layoutContent = saved;
      }
    }
    if (typeof target === "string") return this.renderPartial(target, isPlainObject(locals) ? locals : {});
    if (isPlainObject(target)) return this.renderOptions(target);
    if (isViewRecord(target)) return this.renderRecord(target, 0, 1, isPlainObject(locals) ? locals : {});
    const items = collectionItems(target);
    if (items) return this.renderCollection(items, null, null, isPlainObject(locals) ? locals : {});
    throw new Error(`render of ${toS(target)} is not supported`);
  }

  private renderOptions(options: Record<string, unknown>): SafeString | null {
    if (options.formats !== undefined && options.formats !== null) {
      const wanted = Array.isArray(options.formats) ? options.formats : [options.formats];
      const previous = this.format;
      this.format = toS(wanted[0]);
      try {
        return this.renderOptions(Object.assign({}, options, { formats: null }));
      } finally {
        this.format = previous;
      }
    }
    if (isViewRecord(options.partial)) {
      const record = options.partial;
      return this.renderRecord(record, 0, 1, isPlainObject(options.locals) ? options.locals : {});
    }
    const locals = isPlainObject(options.locals) ? options.locals : {};
    const partial = typeof options.partial === "string" ? options.partial : null;
    if ("collection" in options && partial && (options.cached === true || typeof options.cached === "function")) {
      return this.renderCachedCollection(collectionItems(options.collection) ?? [], partial, options, locals);
    }
    if ("collection" in options) {
      const items = collectionItems(options.collection) ?? [];
      return this.renderCollection(items, partial, typeof options.as === "string" ? options.as : null, locals);
    }
    if (partial) {
      const object = options.object ?? (typeof options.as === "string" ? undefined : undefined);
      const extra = object !== undefined ? { [localName(partial, options.as)]: object } : {};
      return this.renderPartial(partial, Object.assign({}, locals, extra));
    }
    if (typeof options.template === "string") return this.renderTemplate(options.template, locals);
    throw new Error("render options not supported");
  }

  /** `render partial:, collection:, cached: true` (CollectionCaching): read all keys at once, render the misses. */
  private renderCachedCollection(items: unknown[], partial: string, options: Record<string, unknown>, locals: Record<string, unknown>): SafeString | null {
    if (!items.length) return null;
    const path = this.partialPath(partial);
    const as = typeof options.as === "string" ? options.as : null;
    const { entry, format } = this.lookup(path);
    const digestPath = entry.digestPath ?? path;
    const cached = options.cached === true ? true : (options.cached as (item: unknown) => unknown);
    const result = renderCachedCollection(this.fragmentCacheFor(entry), items, { digestPath, cached }, (missed) => {
      const name = localName(partial, as);
      return missed.map((item, i) => this.renderTemplate(path, Object.assign({}, locals, { [name]: item, [`${name}_counter`]: i })));
    });
    this.collectionCacheHits.push({ hits: result.hits, count: result.count });
    // Rails logs the partial's identifier relative to app/views: `messages/_message.html.erb`.
    this.ctx.onCachedCollection?.(`${path}.${format}.${entry.handler}`, result.hits, result.count);
    return new SafeString(concatParts(result.parts));
  }

  renderPartial(name: string, locals: Record<string, unknown>): SafeString {
    return this.renderTemplate(this.partialPath(name), locals);
  }

  private renderRecord(record: ViewRecord, index: number, size: number, locals: Record<string, unknown>): SafeString {
    const names = partialNames(record.modelName);
    const iteration = { index, size, isFirst: index === 0, isLast: index === size - 1 };
    const partialLocals = Object.assign({}, locals);
    partialLocals[names.element] = record;
    partialLocals[names.counter] = index;
    partialLocals[names.iteration] = iteration;
    return this.renderTemplate(names.path, partialLocals);
  }

  private renderCollection(items: unknown[], partial: string | null, as: string | null, locals: Record<string, unknown>): SafeString | null {
    if (!items.length) return null;
    const parts = items.map((item, i) => {
      if (!partial && isViewRecord(item)) return this.renderRecord(item, i, items.length, locals);
      const name = localName(partial ?? "", as);
      return this.renderTemplate(this.partialPath(partial ?? ""), Object.assign({}, locals, { [name]: item, [`${name}_counter`]: i }));
    });
    return new SafeString(parts.map((p) => p.toString()).join(""));
  }

  /** `form` -> `<controller>/_form`; `comments/form` -> `comments/_form`. */
  partialPath(name: string): string {
    return resolvePartialPath(name, this.ctx.controllerPath, (path) => this.hasTemplate(path));
  }


  /** The template in the first lookup format it exists in (ActionView::PathResolver sorts by the formats' order). */
  private lookup(logicalPath: string): { entry: TemplateEntry; format: string } {
    const entry = this.lookupEntry(logicalPath);
    return { entry, format: this.foundFormat };
  }

  /** The format the last lookupEntry found its template in. */
  private foundFormat = "";

  /** lookup's template alone (renderTemplate's, once per template and partial: no pair built for it). */
  private lookupEntry(logicalPath: string): TemplateEntry {
    // lookupFormats() starts with the template's own format: most lookups end there, without the request's list.
    if (this.format === null) {
      const entry = this.ctx.templates[`${logicalPath}.${this.ctx.format}`];
      if (entry) {
        this.foundFormat = this.ctx.format;
        return entry;
      }
    }
    const formats = this.lookupFormats();
    for (const format of formats) {
      const entry = this.ctx.templates[`${logicalPath}.${format}`];
      if (entry) {
        this.foundFormat = format;
        return entry;
      }
    }
    throw new MissingTemplate(`Missing template ${logicalPath} with formats: ${formats.join(", ")}`);
  }
}

// The helper methods (link_to, button_to, dom_id, ...) come from one table; see view-helpers.ts.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface View extends HostHelperMethods, PlainHelperMethods {}
installHelpers(View.prototype);

export class MissingTemplate extends Error {
  override name = "MissingTemplate";
}

function localName(partial: string, as: unknown): string {
  if (typeof as === "string") return as;
  return partial.slice(partial.lastIndexOf("/") + 1);
}

function collectionItems(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  const withToA = v as { toA?: () => unknown[] } | null;
  if (withToA && typeof withToA.toA === "function") return withToA.toA();
  return null;
}

/**
 * The parts' text one after another. `+=` keeps the pieces as they are until the page is written (it is flattened
 * once there), where join("") copied every rendered partial into a new string first.
 */
function concatParts(parts: ReadonlyArray<{ toString(): string } | string>): string {
  let text = "";
  for (const p of parts) text += typeof p === "string" ? p : p.toString();
  return text;
}

function toSafe(v: unknown): SafeString {
  return v instanceof SafeString ? v : new SafeString(toS(v));
}

/**
 * A partial's template path (PartialRenderer): `a/b` -> `a/_b`; a bare name is the controller's, else
 * application's when only that one exists.
 */
export function resolvePartialPath(name: string, controllerPath: string, exists: (path: string) => boolean): string {
  const slash = name.lastIndexOf("/");
  const dir = slash >= 0 ? name.slice(0, slash) : controllerPath;
  const base = slash >= 0 ? name.slice(slash + 1) : name;
  const path = `${dir}/_${base}`;
  if (slash < 0 && !exists(path) && exists(`application/_${base}`)) return `application/_${base}`;
  return path;
}

/** A model's partial path and local names (`articles/_article`, article, article_counter, article_iteration), once per model name. */
const partialNamesByModel = new WeakMap<object, { collection: string; path: string; element: string; counter: string; iteration: string }>();

function partialNames(modelName: { element: string; collection: string }) {
  let names = partialNamesByModel.get(modelName);
  if (names === undefined || names.element !== modelName.element || names.collection !== modelName.collection) {
    const { element, collection } = modelName;
    names = { collection, path: `${collection}/_${element}`, element, counter: `${element}_counter`, iteration: `${element}_iteration` };
    partialNamesByModel.set(modelName, names);
  }
  return names;
}
