// AssetUrlHelper: where an asset lives.
//   asset_path("application.css") -> assetPath(view, "application.css")
//   image_path / javascript_path / stylesheet_path / font_path / video_path / audio_path and the _url forms.
// The pipeline's lookup (Propshaft digests) is ViewHost.computeAssetPath; without one, Rails' public
// directories apply (/images, /javascripts, /stylesheets, ...).
import { isBlank, toS } from "../ruby/ruby.js";
import type { AssetType, ViewHost } from "../active-model/host.js";

export interface AssetPathOptions {
  type?: AssetType | null;
  extname?: string | false | null;
  skip_pipeline?: unknown;
  host?: string | null;
  protocol?: string | null;
}

/** Propshaft::MissingAssetError: an asset the load path does not hold. */
export class MissingAssetError extends Error {
  constructor(readonly path: string) {
    super(`The asset '${path}' was not found in the load path.`);
    this.name = "Propshaft::MissingAssetError";
  }
}

const URI_REGEXP = /^[-a-z]+:\/\/|^(?:cid|data):|^\/\//i;
const EXTENSIONS: Partial<Record<AssetType, string>> = { javascript: ".js", stylesheet: ".css" };
const PUBLIC_DIRECTORIES: Record<AssetType, string> = {
  audio: "/audios", font: "/fonts", image: "/images", javascript: "/javascripts", stylesheet: "/stylesheets", video: "/videos",
};

function extname(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot) : "";
}

function joinPath(a: string, b: string): string {
  return `${a.replace(/\/+$/, "")}/${b.replace(/^\/+/, "")}`;
}

/** AssetUrlHelper#compute_asset_host. */
function computeAssetHost(view: ViewHost, options: AssetPathOptions): string | null {
  let host = options.host ?? view.assetHost ?? null;
  const request = view.request;
  if (!host && options.protocol === "request") return `${request.protocol}${request.hostWithPort}`;
  if (!host) return null;
  if (URI_REGEXP.test(host)) return host;
  const protocol = options.protocol ?? "request";
  if (protocol === "relative") return `//${host}`;
  if (protocol === "request") return `${request.protocol}${host}`;
  return `${protocol}://${host}`;
}

/** asset_path(source, options = {}). */
export function assetPath(view: ViewHost, source: unknown, options: AssetPathOptions = {}): string {
  if (source === null || source === undefined) throw new Error("nil is not a valid asset source");
  let src = toS(source);
  if (isBlank(src)) return "";
  if (URI_REGEXP.test(src)) return src;
  // The query or fragment (the first `?` or `#` with text after it to the end) is set aside; most sources have none.
  const tailMatch = src.includes("?") || src.includes("#") ? /([?#].+)$/.exec(src) : null;
  const tail = tailMatch ? tailMatch[1]! : "";
  if (tailMatch) src = src.slice(0, tailMatch.index);
  const ext = options.extname === false ? null : options.extname ?? (options.type ? EXTENSIONS[options.type] : undefined) ?? null;
  if (ext && extname(src) !== ext) src = `${src}${ext}`;
  if (!src.startsWith("/")) {
    const type = options.type ?? undefined;
    const skip = options.skip_pipeline !== null && options.skip_pipeline !== undefined && options.skip_pipeline !== false;
    src = !skip && view.computeAssetPath ? view.computeAssetPath(src, { type }) : joinPath(type ? PUBLIC_DIRECTORIES[type] : "", src);
  }
  const root = view.relativeUrlRoot;
  if (root && !src.startsWith(`${root}/`)) src = joinPath(root, src);
  const host = computeAssetHost(view, options);
  if (host) src = joinPath(host, src);
  return `${src}${tail}`;
}

/** asset_url(source, options = {}): the path on the request's host (or the asset host). */
export function assetUrl(view: ViewHost, source: unknown, options: AssetPathOptions = {}): string {
  return assetPath(view, source, Object.assign({}, options, { protocol: "request" }));
}

function typedPath(type: AssetType) {
  return (view: ViewHost, source: unknown, options: AssetPathOptions = {}) => assetPath(view, source, { type, ...options });
}
function typedUrl(type: AssetType) {
  return (view: ViewHost, source: unknown, options: AssetPathOptions = {}) => assetUrl(view, source, { type, ...options });
}

export const javascriptPath = typedPath("javascript");
export const javascriptUrl = typedUrl("javascript");
export const stylesheetPath = typedPath("stylesheet");
export const stylesheetUrl = typedUrl("stylesheet");
export const imagePath = typedPath("image");
export const imageUrl = typedUrl("image");
export const videoPath = typedPath("video");
export const videoUrl = typedUrl("video");
export const audioPath = typedPath("audio");
export const audioUrl = typedUrl("audio");
export const fontPath = typedPath("font");
export const fontUrl = typedUrl("font");
