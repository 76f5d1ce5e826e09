// Propshaft's compilers over an asset's bytes, and the assets they say it references (which 0.9.0+ digests with it):
//
//   text/css         url("logo.svg")              -> url("/assets/logo-1a2b3c4d.svg")         CssAssetUrls
//   text/javascript  RAILS_ASSET_URL("logo.svg")  -> "/assets/logo-1a2b3c4d.svg"              JsAssetUrls (1.1.0+)
//   both             //# sourceMappingURL=x.map   -> //# sourceMappingURL=/assets/x-1a2b3c4d.map   SourceMappingUrls
//
// Ruby runs the patterns over the file's bytes (File.binread, ASCII-8BIT), so each byte is one latin1 character
// here, and Ruby's \s (ASCII whitespace) and . (anything but \n) are spelled out. Paths resolve as Pathname does:
// `+` folds only leading `.` and `..` of the url into the directory, and only a `../` url is cleaned further.
import { posix } from "node:path";
import type { PropshaftFeature } from "./assets.js";

export interface PropshaftAsset {
  logical: string;
  content: Buffer;
}

export interface CompileContext {
  find(logical: string): PropshaftAsset | undefined;
  digestedPath(asset: PropshaftAsset): string;
  /** File.join(relative_url_root, config.assets.prefix).chomp("/"). */
  urlPrefix: string;
  features: Set<PropshaftFeature>;
}

type Compiler = "css_asset_urls" | "js_asset_urls" | "source_mapping_urls";

const WS = " \\t\\n\\v\\f\\r";

function urlPattern(call: string, excluded: string): RegExp {
  return new RegExp(`${call}\\([${WS}]*["']?(?!(?:${excluded}))([^"'${WS}?#)]+)([#?][^"')]+)?[${WS}]*["']?\\)`, "g");
}

// CssAssetUrls::ASSET_URL_PATTERN; 1.2.0 excludes the schemes with their colon, so url(database.svg) is an asset.
const CSS_URL = urlPattern("url", "#|%23|data|http|\\/\\/");
const CSS_URL_SCHEMES = urlPattern("url", "#|%23|data:|http:|https:|\\/\\/");
const JS_URL = urlPattern("RAILS_ASSET_URL", "#|%23|data|http|\\/\\/");
// SOURCE_MAPPING_PATTERN: (//|/\*)# sourceMappingURL=(.+\.map)(\s*?\*\/)?\s*?\Z
const SOURCE_MAPPING = new RegExp(`(\\/\\/|\\/\\*)# sourceMappingURL=([^\\n]+\\.map)([${WS}]*?\\*\\/)?[${WS}]*?(?=\\n?$)`);

/** Propshaft's railtie registrations (config.assets.compilers), by the asset's Mime type. */
function compilersOf(asset: PropshaftAsset, features: Set<PropshaftFeature>): Compiler[] {
  const ext = posix.extname(asset.logical).slice(1);
  if (ext === "css") return ["css_asset_urls", "source_mapping_urls"];
  if (ext === "js") return features.has("jsAssetUrls") ? ["js_asset_urls", "source_mapping_urls"] : ["source_mapping_urls"];
  return [];
}

const fromBytes = (s: string) => Buffer.from(s, "latin1").toString("utf8");
const toBytes = (s: string) => Buffer.from(s, "utf8").toString("latin1");

/** Compilers#compile: the bytes served. */
export function compileAsset(asset: PropshaftAsset, ctx: CompileContext): Buffer {
  const compilers = compilersOf(asset, ctx.features);
  if (!compilers.length) return asset.content;
  let input = asset.content.toString("latin1");
  for (const compiler of compilers) {
    if (compiler === "css_asset_urls") input = compileUrls(asset, input, ctx.features.has("cssSchemeColons") ? CSS_URL_SCHEMES : CSS_URL, (url) => `url("${url}")`, ctx);
    else if (compiler === "js_asset_urls") input = compileUrls(asset, input, JS_URL, (url) => `"${url}"`, ctx);
    else input = compileSourceMapping(asset, input, ctx);
  }
  return Buffer.from(input, "latin1");
}

/** Compilers#referenced_by: each compiler's references, in registration order (the asset itself may be one). */
export function referencedBy(asset: PropshaftAsset, ctx: CompileContext): PropshaftAsset[] {
  const all = new Set<PropshaftAsset>();
  for (const compiler of compilersOf(asset, ctx.features)) {
    const pattern = compiler === "css_asset_urls" ? (ctx.features.has("cssSchemeColons") ? CSS_URL_SCHEMES : CSS_URL)
      : compiler === "js_asset_urls" ? JS_URL : null;
    if (pattern) for (const ref of urlReferences(asset, pattern, new Set(), ctx)) all.add(ref);
  }
  return [...all];
}

/** CssAssetUrls/JsAssetUrls#referenced_by: what the source's urls find, depth first, then what those reference. */
function urlReferences(asset: PropshaftAsset, pattern: RegExp, references: Set<PropshaftAsset>, ctx: CompileContext): Set<PropshaftAsset> {
  for (const m of asset.content.toString("latin1").matchAll(pattern)) {
    const referenced = ctx.find(resolvePath(posix.dirname(asset.logical), fromBytes(m[1]!)));
    if (referenced && !references.has(referenced)) {
      references.add(referenced);
      urlReferences(referenced, pattern, references, ctx);
    }
  }
  return references;
}

function compileUrls(asset: PropshaftAsset, input: string, pattern: RegExp, quote: (url: string) => string, ctx: CompileContext): string {
  return input.replace(pattern, (_whole, filename: string, fingerprint: string | undefined) => {
    const found = ctx.find(resolvePath(posix.dirname(asset.logical), fromBytes(filename)));
    return quote(found ? `${ctx.urlPrefix}/${toBytes(ctx.digestedPath(found))}${fingerprint ?? ""}` : filename);
  });
}

function compileSourceMapping(asset: PropshaftAsset, input: string, ctx: CompileContext): string {
  return input.replace(SOURCE_MAPPING, (_whole, start: string, map: string, end: string | undefined) => {
    // 0.9.0+: a url already under the prefix (`/assets/app.js.map`, `https://cdn/assets/...`) is taken as logical.
    const url = ctx.features.has("sourceMappingPrefix") ? map.replace(new RegExp(`^([^\\n]+\\/)?${ctx.urlPrefix}\\/`, "gm"), "") : map;
    const dir = posix.dirname(asset.logical);
    const found = ctx.find(fromBytes(dir === "." ? url : url.startsWith("/") ? url : pathnamePlus(toBytes(dir), url)));
    return found ? `${start}# sourceMappingURL=${ctx.urlPrefix}/${toBytes(ctx.digestedPath(found))}${end ?? ""}` : `${start}${end ?? ""}`;
  });
}

/** CssAssetUrls#resolve_path. */
export function resolvePath(directory: string, filename: string): string {
  if (filename.startsWith("../")) return cleanpath(pathnamePlus(directory, filename));
  if (filename.startsWith("/")) return filename.slice(1);
  return pathnamePlus(directory, filename.startsWith("./") ? filename.slice(2) : filename);
}

/** Pathname#+ of a relative directory and a path: the path's leading `.` dropped and its leading `..` taken off the directory. */
export function pathnamePlus(directory: string, path: string): string {
  if (path.startsWith("/")) return path;
  const tail = [...path.matchAll(/[^/]+/g)].map((m) => ({ name: m[0], at: m.index! }));
  const head = directory.split("/").filter(Boolean);
  for (;;) {
    while (tail[0]?.name === ".") tail.shift();
    const last = head.pop();
    if (last === undefined) break;
    if (last === ".") continue;
    if (last === ".." || tail[0]?.name !== "..") {
      head.push(last);
      break;
    }
    tail.shift();
  }
  const prefix = head.join("/");
  if (!tail.length) return prefix || ".";
  const suffix = path.slice(tail[0]!.at);
  return prefix ? `${prefix}/${suffix}` : suffix;
}

/** Pathname#cleanpath of a relative path (what relative_path_from("") leaves). */
function cleanpath(path: string): string {
  const names: string[] = [];
  for (const base of path.split("/").filter(Boolean).reverse()) {
    if (base === ".") continue;
    if (base !== ".." && names[0] === "..") names.shift();
    else names.unshift(base);
  }
  return names.length ? names.join("/") : ".";
}
