// importmap-rails' Importmap::ImportmapTagsHelper (2.0): the inline import map, one modulepreload link per
// preloaded pin, and the entry point's module script. Pins come from config/importmap.rb, expanded by the
// compiler (src/analyze/importmap.ts); each resolves through the asset pipeline (`path_to_asset`), and a pin whose
// asset is missing is left out, as Importmap::Map#resolve_asset_paths rescues Propshaft::MissingAssetError.
import { SafeString, safeJoin } from "./safe.js";
import { tagElement } from "./tag.js";
import { assetPath, MissingAssetError } from "./asset-url.js";
import { isPlainObject, toS } from "../support/ruby.js";
import type { ImportmapPin, ViewHost } from "./host.js";

function pinsOf(view: ViewHost): ImportmapPin[] {
  return view.assetIndex?.importmap ?? [];
}

/** Map#resolve_asset_paths: name -> path, pins whose asset is missing dropped. */
function resolvePins(view: ViewHost, pins: ImportmapPin[]): Array<[string, string]> {
  const out = new Map<string, string>();
  for (const pin of pins) {
    try {
      out.set(pin.name, assetPath(view, pin.path));
    } catch (error) {
      if (!(error instanceof MissingAssetError)) throw error;
    }
  }
  return [...out];
}

function nonce(view: ViewHost): string | null {
  return view.contentSecurityPolicyNonce?.() ?? null;
}

/** Map#to_json: `JSON.pretty_generate({ "imports" => ... })`. */
export function importmapJson(view: ViewHost): string {
  return JSON.stringify({ imports: Object.fromEntries(resolvePins(view, pinsOf(view))) }, null, 2);
}

/** javascript_inline_importmap_tag(importmap_json = the app's). */
export function javascriptInlineImportmapTag(view: ViewHost, json?: unknown): SafeString {
  const body = json === undefined ? importmapJson(view) : toS(json);
  return tagElement("script", new SafeString(body), { type: "importmap", "data-turbo-track": "reload", nonce: nonce(view) });
}

/** javascript_import_module_tag(*module_names). */
export function javascriptImportModuleTag(view: ViewHost, ...names: unknown[]): SafeString {
  const imports = names.flat().map((m) => `import "${toS(m)}"`).join("\n");
  return tagElement("script", new SafeString(imports), { type: "module", nonce: nonce(view) });
}

/** javascript_module_preload_tag(*paths). */
export function javascriptModulePreloadTag(view: ViewHost, ...paths: unknown[]): SafeString {
  return safeJoin(paths.flat().map((path) => tagElement("link", { rel: "modulepreload", href: path, nonce: nonce(view) })), "\n");
}

/** javascript_importmap_module_preload_tags: the preloaded pins' paths (Map#preloaded_module_paths). */
export function javascriptImportmapModulePreloadTags(view: ViewHost): SafeString {
  const paths = resolvePins(view, pinsOf(view).filter((p) => p.preload)).map(([, path]) => path);
  return javascriptModulePreloadTag(view, ...paths);
}

/** javascript_importmap_tags(entry_point = "application", importmap: ...). */
export function javascriptImportmapTags(view: ViewHost, ...args: unknown[]): SafeString {
  const rest = isPlainObject(args[args.length - 1]) ? args.slice(0, -1) : args;
  const entryPoint = rest.length ? rest[0] : "application";
  return safeJoin([
    javascriptInlineImportmapTag(view),
    javascriptImportmapModulePreloadTags(view),
    javascriptImportModuleTag(view, entryPoint),
  ], "\n");
}
