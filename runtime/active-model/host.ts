// What the view helpers need from the rest of the runtime, as interfaces the model runtime
// (records, errors) and the HTTP runtime (routes, request, CSRF, assets) implement.
//   view context (ActionView::Base instance)   -> ViewHost, passed first to helpers that need a request
//   ActiveModel record (to_model, model_name)   -> ViewRecord
//   ActiveModel::Name                           -> ModelName (model-name.ts)
// Helpers that need no request context (escaping, text, numbers, inflections) take no host.
import type { ModelName } from "./model-name.js";

export type { ModelName } from "./model-name.js";

/** polymorphic_path / _url options: url options (format, host, anchor...), the action prefix ("edit", "new"), and
 *  `url: true` for a full URL. */
export interface PolymorphicOptions {
  format?: string | null;
  action?: string | null;
  url?: boolean;
  [option: string]: unknown;
}

/** A model class as a value (`dom_class(Post)`, `polymorphic_path(Post)`). */
export interface ModelClass {
  readonly modelName: ModelName;
  humanAttributeName?(attribute: string): string;
}

/** ActiveModel::Errors, as far as the view helpers read it. */
export interface ViewErrors {
  /** `errors[attribute]`: the messages on one attribute (empty when valid). */
  get(attribute: string): string[];
}

/** A model instance handed to link_to/form_with/dom_id/fields (`to_model`). */
export interface ViewRecord {
  readonly modelName: ModelName;
  /** `to_param`: null for new records. */
  toParam(): string | null;
  /** `to_key`: null for new records. */
  toKey(): unknown[] | null;
  isPersisted(): boolean;
  /** `public_send(name)`: attribute or association reader; undefined when the record has no such method. */
  readAttribute(name: string): unknown;
  /** `#{name}_before_type_cast` when the record has it (Active Record attributes), else undefined. */
  readAttributeBeforeTypeCast?(name: string): unknown;
  /** `#{name}_came_from_user?` when the record has it (Active Record attributes). */
  attributeCameFromUser?(name: string): boolean;
  /** `Model.human_attribute_name(attribute)` (label text, `placeholder: true`). */
  humanAttributeName(attribute: string): string;
  /** `errors`; absent when the object has none (field_with_errors is then never applied). */
  readonly errors?: ViewErrors;
  /** True when the model has `#{association}_attributes=` (accepts_nested_attributes_for). */
  acceptsNestedAttributes?(association: string): boolean;
}

export function isViewRecord(v: unknown): v is ViewRecord {
  return v !== null && typeof v === "object" && "modelName" in v && typeof (v as ViewRecord).toParam === "function";
}

export function isModelClass(v: unknown): v is ModelClass {
  return v !== null && (typeof v === "object" || typeof v === "function") && "modelName" in v && !isViewRecord(v);
}

/** The current request, as url_for/current_page?/asset_url read it. */
export interface ViewRequest {
  readonly method: string;
  /** Path with query string (`request.fullpath`), e.g. "/posts?page=2". */
  readonly fullpath: string;
  /** "http://" or "https://". */
  readonly protocol: string;
  /** Host with port when not default, e.g. "test.host", "localhost:3000". */
  readonly hostWithPort: string;
  /** The Referer header, for `:back` (javascript: referrers are ignored). */
  readonly referer?: string | null;
}

export type AssetType = "javascript" | "stylesheet" | "image" | "video" | "audio" | "font";

/** One render's view context. The HTTP runtime builds one per request (and per broadcast render). */
export interface ViewHost {
  readonly request: ViewRequest;
  /**
   * url_for(target): a String passes through; a record, a model class, an array like [parent, child] or
   * ["admin", record] goes through polymorphic routing; a plain object is a route hash
   * ({ controller, action, id, only_path, anchor, format, ...query }). "back" is handled by the helpers.
   */
  urlFor(target: unknown): string;
  /** polymorphic_path(record_or_array, { format }) as form_with uses it for its action; `url: true` for _url. */
  polymorphicPath(target: unknown, options?: PolymorphicOptions): string;
  /** ActionController::RequestForgeryProtection#protect_against_forgery?. */
  protectAgainstForgery(): boolean;
  /** A masked per-request token (86 chars); form_options is what Rails passes for per-form tokens. */
  formAuthenticityToken(options?: { formOptions?: { action: string; method: string } }): string;
  /** `request_forgery_protection_token` (the controller's, delegated to the view); default "authenticity_token". */
  requestForgeryProtectionToken?(): string;
  /** The asset pipeline's logical paths, import map and kind (stylesheet_link_tag :all, javascript_importmap_tags). */
  readonly assetIndex?: AssetIndex | null;
  /** The asset pipeline's compute_asset_path (Propshaft: the digested path); absent: public/ dirs. */
  computeAssetPath?(source: string, options: { type?: AssetType }): string;
  /** config.asset_host, if set. */
  readonly assetHost?: string | null;
  /** config.relative_url_root, if set. */
  readonly relativeUrlRoot?: string | null;
  /** The CSP nonce of this request when a policy with nonce generation is configured, else null. */
  contentSecurityPolicyNonce?(): string | null;
  /** True when the app configures a content security policy (csp_meta_tag renders only then). */
  readonly contentSecurityPolicy?: boolean;
  /** The template being rendered ("posts/index", "posts/_form"), for t(".key") lookups. */
  readonly virtualPath?: string;
  /** The controller's instance variables by name without "@" (`text_field(:post, :title)` reads @post). */
  readonly assigns?: Record<string, unknown>;
  /**
   * Preload links from stylesheet_link_tag/javascript_include_tag/preload_link_tag
   * (config.action_view.preload_links_header): the HTTP runtime adds them to the response's Link header
   * (at most 1,000 bytes, as AssetTagHelper#send_preload_links_header does). Absent: nothing is sent.
   */
  addPreloadLinks?(links: string[]): void;
  /** The wall clock (`Time.current`); injectable for tests and frozen-time conformance. */
  now?(): Date;
}

/** The clock the date helpers use. */
export function currentTime(view?: ViewHost | null): Date {
  return view?.now ? view.now() : new Date();
}

/** One expanded pin of config/importmap.rb: module name, the asset's logical path, modulepreload or not. */
export interface ImportmapPin {
  name: string;
  path: string;
  preload: boolean;
}

/** What the app's asset pipeline holds, for helpers that list assets rather than resolve one. */
export interface AssetIndex {
  logicalPaths: string[];
  importmap: ImportmapPin[] | null;
  pipeline: "propshaft" | null;
}
