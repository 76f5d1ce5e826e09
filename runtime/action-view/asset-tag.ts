// AssetTagHelper: tags that load assets.
//   stylesheet_link_tag "application"        -> stylesheetLinkTag(view, "application")
//   javascript_include_tag "a", defer: true  -> javascriptIncludeTag(view, "a", { defer: true })
//   image_tag, favicon_link_tag, preload_link_tag, picture_tag, video_tag, audio_tag, auto_discovery_link_tag
// Preload links (config.action_view.preload_links_header) go to ViewHost.addPreloadLinks when present.
import { isBlank, isPlainObject, isPresent, RubySymbol, toS } from "../ruby/ruby.js";
import { assetPath, imagePath, type AssetPathOptions } from "./asset-url.js";
import type { AssetType, ViewHost } from "../active-model/host.js";
import { capture, htmlSafe, SafeString, safeJoin, type Block } from "../active-support/safe.js";
import { contentTag, tag, tagElement } from "./tag.js";
import type { Attributes } from "./tag-options.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

/** Template::Types for the extensions asset tags meet. */
export const MIME_TYPES: Record<string, string> = {
  js: "text/javascript", css: "text/css", html: "text/html", json: "application/json", xml: "application/xml",
  atom: "application/atom+xml", rss: "application/rss+xml", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg",
  gif: "image/gif", svg: "image/svg+xml", webp: "image/webp", avif: "image/avif", ico: "image/vnd.microsoft.icon",
  woff: "font/woff", woff2: "font/woff2", ttf: "font/ttf", otf: "font/otf", mp4: "video/mp4", webm: "video/webm",
  mp3: "audio/mpeg", ogg: "audio/ogg", wav: "audio/wav", vtt: "text/vtt", txt: "text/plain", csv: "text/csv",
};

export const assetTagConfig = {
  /** config.action_view.preload_links_header (true since 6.1 defaults). */
  preloadLinksHeader: true,
  /** config.action_view.apply_stylesheet_media_default (false since 7.0 defaults). */
  applyStylesheetMediaDefault: false,
  imageLoading: null as string | null,
  imageDecoding: null as string | null,
};

function extract(options: Attributes, keys: string[]): Attributes {
  const out: Attributes = {};
  for (const k of keys) if (k in options) {
    out[k] = options[k];
    delete options[k];
  }
  return out;
}

function splitSources(args: unknown[]): [unknown[], Attributes] {
  const rest = [...args];
  const options = isPlainObject(rest[rest.length - 1]) ? Object.assign({}, (rest.pop() as Attributes)) : {};
  return [[...new Set(rest)], options];
}

function preloadTarget(view: ViewHost, options: Attributes): boolean {
  if (options.preload_links_header === null || options.preload_links_header === undefined) return assetTagConfig.preloadLinksHeader && Boolean(view.addPreloadLinks);
  const v = options.preload_links_header;
  delete options.preload_links_header;
  return Boolean(v) && Boolean(view.addPreloadLinks);
}

function linkSuffix(crossorigin: unknown, integrity: unknown, nopush: boolean): string {
  return (crossorigin !== null && crossorigin !== undefined ? `; crossorigin=${toS(crossorigin)}` : "") +
    (integrity !== null && integrity !== undefined ? `; integrity=${toS(integrity)}` : "") + (nopush ? "; nopush" : "");
}

function takeCommon(options: Attributes): { crossorigin: unknown; nopush: boolean; integrity: unknown } {
  let crossorigin = options.crossorigin ?? null;
  delete options.crossorigin;
  if (crossorigin === true) crossorigin = "anonymous";
  const nopush = options.nopush === null || options.nopush === undefined ? true : Boolean(options.nopush);
  delete options.nopush;
  return { crossorigin, nopush, integrity: options.integrity ?? null };
}

/** javascript_include_tag(*sources). */
export function javascriptIncludeTag(view: ViewHost, ...args: unknown[]): SafeString {
  const [sources, options] = splitSources(args);
  const pathOptions = extract(options, ["protocol", "extname", "host", "skip_pipeline"]) as AssetPathOptions;
  const preload = preloadTarget(view, options);
  const { crossorigin, nopush, integrity } = takeCommon(options);
  const rel = options.type === "module" ? "modulepreload" : "preload";
  const links: string[] = [];
  const tags = sources.map((source) => {
    const href = assetPath(view, source, Object.assign({ type: "javascript" as const }, pathOptions));
    if (preload && !options.defer && isPresent(href) && !href.startsWith("data:")) links.push(`<${href}>; rel=${rel}; as=script${linkSuffix(crossorigin, integrity, nopush)}`);
    const attrs: Attributes = Object.assign({ src: href, crossorigin }, options);
    if (attrs.nonce === true) attrs.nonce = view.contentSecurityPolicyNonce?.() ?? null;
    return contentTag("script", "", attrs).toString();
  });
  if (links.length) view.addPreloadLinks?.(links);
  return new SafeString(tags.join("\n"));
}

/**
 * What stylesheet_link_tag writes for one source given without options (the usual `stylesheet_link_tag "application"`):
 * the tag and its preload link, by the asset's path and what else the writing reads (whether links are preloaded,
 * apply_stylesheet_media_default). The path itself is worked out on every call (the asset map, host, protocol and
 * relative root all go into it), so the key holds everything the answer depends on. Bounded: emptied when full.
 */
const plainStylesheetTags = new BoundedMemo<string, { tag: string; link: string | null }>(256);

function plainStylesheetTag(href: string, preload: boolean): { tag: string; link: string | null } {
  const key = `${preload ? "1" : "0"}${assetTagConfig.applyStylesheetMediaDefault ? "1" : "0"}${href}`;
  return plainStylesheetTags.get(key) ?? plainStylesheetTags.set(key, newPlainStylesheetTag(href, preload));
}

function newPlainStylesheetTag(href: string, preload: boolean): { tag: string; link: string | null } {
  const link = preload && isPresent(href) && !href.startsWith("data:") ? `<${href}>; rel=preload; as=style${linkSuffix(null, null, true)}` : null;
  const attrs: Attributes = { rel: "stylesheet", crossorigin: null, href };
  if (assetTagConfig.applyStylesheetMediaDefault) attrs.media = "screen";
  return { tag: tag("link", attrs).toString(), link };
}

/** stylesheet_link_tag(*sources). */
export function stylesheetLinkTag(view: ViewHost, ...args: unknown[]): SafeString {
  // Sources alone (Strings, no options Hash): each one's tag as the general case below writes it with empty options.
  if (args.length === 1 && typeof args[0] === "string") {
    const href = assetPath(view, args[0], { type: "stylesheet" });
    const { tag: html, link } = plainStylesheetTag(href, preloadTarget(view, {}));
    if (link !== null) view.addPreloadLinks?.([link]);
    return new SafeString(html);
  }
  let [sources, options] = splitSources(args);
  // Propshaft::Helper: `stylesheet_link_tag :all` links every CSS file of the load path, by sorted logical path.
  if (sources[0] === RubySymbol.for("all") && view.assetIndex?.pipeline === "propshaft") {
    sources = [...new Set(view.assetIndex.logicalPaths.filter((p) => p.endsWith(".css")))].sort();
  }
  const pathOptions = extract(options, ["protocol", "extname", "host", "skip_pipeline"]) as AssetPathOptions;
  const preload = preloadTarget(view, options);
  const { crossorigin, nopush, integrity } = takeCommon(options);
  const links: string[] = [];
  const tags = sources.map((source) => {
    const href = assetPath(view, source, Object.assign({ type: "stylesheet" as const }, pathOptions));
    if (preload && isPresent(href) && !href.startsWith("data:")) links.push(`<${href}>; rel=preload; as=style${linkSuffix(crossorigin, integrity, nopush)}`);
    const attrs: Attributes = Object.assign({ rel: "stylesheet", crossorigin, href }, options);
    if (attrs.nonce === true) attrs.nonce = view.contentSecurityPolicyNonce?.() ?? null;
    if (assetTagConfig.applyStylesheetMediaDefault && isBlank(attrs.media)) attrs.media = "screen";
    return tag("link", attrs).toString();
  });
  if (links.length) view.addPreloadLinks?.(links);
  return new SafeString(tags.join("\n"));
}

/** AssetTagHelper#extract_dimensions: "16x10" or "16". */
function extractDimensions(size: unknown): [string, string] | [null, null] {
  const s = toS(size);
  if (/^\d+(?:\.\d+)?x\d+(?:\.\d+)?$/.test(s)) return s.split("x") as [string, string];
  if (/^\d+(?:\.\d+)?$/.test(s)) return [s, s];
  return [null, null];
}

function resolveSource(view: ViewHost, type: AssetType, source: unknown, skip: unknown): string {
  if (typeof source === "string") return assetPath(view, source, { type, skip_pipeline: skip });
  return view.urlFor(source);
}

/** image_tag(source, options = {}). */
export function imageTag(view: ViewHost, source: unknown, given: Attributes = {}): SafeString {
  const options = Object.assign({}, given);
  if (options.size && (options.height || options.width)) throw new Error("Cannot pass a :size option with a :height or :width option");
  const skip = options.skip_pipeline;
  delete options.skip_pipeline;
  options.src = resolveSource(view, "image", source, skip);
  if (options.srcset && typeof options.srcset !== "string") {
    const entries = isPlainObject(options.srcset) ? Object.entries(options.srcset) : (options.srcset as [unknown, unknown][]);
    options.srcset = entries.map(([p, size]) => `${imagePath(view, p, { skip_pipeline: skip })} ${toS(size)}`).join(", ");
  }
  if (options.size) {
    const size = options.size;
    delete options.size;
    [options.width, options.height] = extractDimensions(size);
  }
  if (assetTagConfig.imageLoading) options.loading ||= assetTagConfig.imageLoading;
  if (assetTagConfig.imageDecoding) options.decoding ||= assetTagConfig.imageDecoding;
  return tag("img", options);
}

/** favicon_link_tag(source = "favicon.ico", options = {}). */
export function faviconLinkTag(view: ViewHost, source: unknown = "favicon.ico", given: Attributes = {}): SafeString {
  const options = Object.assign({}, given);
  const skip = options.skip_pipeline;
  delete options.skip_pipeline;
  return tag("link", { rel: "icon", type: "image/x-icon", href: imagePath(view, source, { skip_pipeline: skip }), ...options });
}

function resolveLinkAs(ext: string, mime: unknown): string | null {
  if (ext === "js") return "script";
  if (ext === "css") return "style";
  if (ext === "vtt") return "track";
  const kind = toS(mime).split("/")[0] ?? "";
  return ["audio", "video", "font", "image"].includes(kind) ? kind : null;
}

/** preload_link_tag(source, options = {}). */
export function preloadLinkTag(view: ViewHost, source: unknown, given: Attributes = {}): SafeString {
  const options = Object.assign({}, given);
  const skip = options.skip_pipeline;
  delete options.skip_pipeline;
  const href = assetPath(view, source, { skip_pipeline: skip });
  const ext = (/\.([^./]+)$/.exec(toS(source))?.[1] ?? "").toLowerCase();
  const mime = options.type ?? MIME_TYPES[ext] ?? null;
  const as = options.as ?? resolveLinkAs(ext, mime);
  let crossorigin = options.crossorigin ?? null;
  if (crossorigin === true || (isBlank(crossorigin) && as === "font")) crossorigin = "anonymous";
  const nopush = Boolean(options.nopush);
  for (const k of ["type", "as", "crossorigin", "nopush"]) delete options[k];
  const rel = mime === "module" ? "modulepreload" : "preload";
  const link = tagElement("link", { rel, href, as, type: mime, crossorigin, ...options });
  let header = `<${href}>; rel=${rel}; as=${toS(as)}`;
  if (mime) header += `; type=${toS(mime)}`;
  header += linkSuffix(crossorigin || null, options.integrity ?? null, nopush);
  view.addPreloadLinks?.([header]);
  return link;
}

/** auto_discovery_link_tag(type = :rss, url_options = {}, tag_options = {}). */
export function autoDiscoveryLinkTag(view: ViewHost, type = "rss", urlOptions: unknown = {}, tagOptions: Attributes = {}): SafeString {
  const href = isPlainObject(urlOptions) ? view.urlFor(Object.assign({}, urlOptions, { only_path: false })) : toS(urlOptions);
  return tag("link", {
    rel: tagOptions.rel ?? "alternate", type: tagOptions.type ?? MIME_TYPES[type] ?? null,
    title: tagOptions.title ?? type.toUpperCase(), href,
  });
}

function multipleSourcesTag(view: ViewHost, type: "video" | "audio", args: unknown[], tweak?: (o: Attributes) => void): SafeString {
  const rest = [...args];
  const options = isPlainObject(rest[rest.length - 1]) ? Object.assign({}, (rest.pop() as Attributes)) : {};
  const skip = options.skip_pipeline;
  delete options.skip_pipeline;
  const sources = rest.flat();
  tweak?.(options);
  if (sources.length > 1) {
    return contentTag(type, options, () => safeJoin(sources.map((s) => tag("source", { src: resolveSource(view, type, s, skip) }))));
  }
  options.src = resolveSource(view, type, sources[0], skip);
  return contentTag(type, null, options);
}

/** video_tag(*sources). */
export function videoTag(view: ViewHost, ...args: unknown[]): SafeString {
  return multipleSourcesTag(view, "video", args, (o) => {
    const skipPoster = o.poster_skip_pipeline;
    delete o.poster_skip_pipeline;
    if (o.poster) o.poster = imagePath(view, o.poster, { skip_pipeline: skipPoster });
    if (o.size) {
      const size = o.size;
      delete o.size;
      [o.width, o.height] = extractDimensions(size);
    }
  });
}

/** audio_tag(*sources). */
export function audioTag(view: ViewHost, ...args: unknown[]): SafeString {
  return multipleSourcesTag(view, "audio", args);
}

/** picture_tag(*sources, &block). */
export function pictureTag(view: ViewHost, ...args: unknown[]): SafeString {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  const sources = args.flat();
  const options = isPlainObject(sources[sources.length - 1]) ? Object.assign({}, (sources.pop() as Attributes)) : {};
  const imageOptions = (options.image as Attributes | undefined) ?? {};
  delete options.image;
  const skip = options.skip_pipeline;
  delete options.skip_pipeline;
  return contentTag("picture", options, () => {
    if (block) return htmlSafe(capture(block));
    if (sources.length <= 1) return imageTag(view, sources[sources.length - 1], imageOptions);
    const tags = sources.map((s) => tag("source", { srcset: resolveSource(view, "image", s, skip), type: MIME_TYPES[(/\.([^.]+)$/.exec(toS(s))?.[1] ?? "")] ?? null }));
    return safeJoin([...tags, imageTag(view, sources[sources.length - 1], imageOptions)]);
  });
}
