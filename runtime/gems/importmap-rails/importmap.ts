// importmap-rails' Importmap::ImportmapTagsHelper: the inline import map, one modulepreload link per preloaded
// pin, and the entry point's module script. Pins come from config/importmap.rb, expanded by the compiler
// (src/analyze/importmap.ts) as the app's importmap-rails release reads them; each resolves through the asset
// pipeline (`path_to_asset`), and a pin whose asset is missing is left out, as Importmap::Map#resolve_asset_paths
// rescues Propshaft::MissingAssetError.
//
//   javascript_importmap_tags("admin")   preloads the pins with preload: true and those whose entry points
//                                        (2.0.2+ `preload: "admin"`) include "admin"
//   pin "a", integrity: "sha384-..."     2.2.0+: "integrity" in the map and on the pin's modulepreload link
import { SafeString, safeJoin } from "../../active-support/safe.js";
import { tagElement } from "../../action-view/tag.js";
import { assetPath, MissingAssetError } from "../../action-view/asset-url.js";
import { hashEntries, isHash, RubySymbol, toArray, toS } from "../../ruby/ruby.js";
import type { ImportmapPin, ViewHost } from "../../active-model/host.js";

declare module "../../active-model/host.js" {
  interface ImportmapPin {
    /** 2.0.2+ `preload: "admin"` / `["a", "b"]`: preloaded only when the entry point is (or includes) one of them. */
    entryPoints?: string[];
    /** 2.2.0+ `integrity: "sha384-..."` (2.2.2+: once config/importmap.rb calls enable_integrity!). */
    integrity?: string;
    /** 2.2.0+ keys preloads by resolved path (Map#preloaded_module_packages): a file pinned twice is preloaded once. */
    preloadByPath?: boolean;
  }
}

function pinsOf(view: ViewHost): ImportmapPin[] {
  return view.assetIndex?.importmap ?? [];
}

/**
 * Resolved paths per pin list and asset host: the pins and the digests are fixed for the app's life, so every page
 * would resolve the same ~100 paths again (importmap-rails caches the whole map the same way, Map#cache_as).
 */
const resolved = new WeakMap<ImportmapPin[], Map<string, string | null>>();

/** What a resolved path depends on besides the pin: the asset host (and the request's protocol with it), the URL root. */
function resolutionKey(view: ViewHost): string {
  return `${view.assetHost ? `${view.assetHost}|${view.request.protocol}` : ""}|${view.relativeUrlRoot ?? ""}`;
}

/** `resolver.path_to_asset(path)`, or null where Map#resolve_asset_path rescues a missing asset. */
function resolvePin(view: ViewHost, pin: ImportmapPin): string | null {
  const pins = pinsOf(view);
  let cache = resolved.get(pins);
  if (!cache) resolved.set(pins, (cache = new Map()));
  const key = `${resolutionKey(view)}|${pin.path}`;
  if (cache.has(key)) return cache.get(key)!;
  let path: string | null;
  try {
    path = assetPath(view, pin.path);
  } catch (error) {
    if (!(error instanceof MissingAssetError)) throw error;
    path = null;
  }
  cache.set(key, path);
  return path;
}

/** Map#resolve_asset_paths: name -> path, pins whose asset is missing dropped. */
function resolvePins(view: ViewHost, pins: ImportmapPin[]): Array<[string, string]> {
  const out = new Map<string, string>();
  for (const pin of pins) {
    const path = resolvePin(view, pin);
    if (path !== null) out.set(pin.name, path);
  }
  return [...out];
}

function nonce(view: ViewHost): string | null {
  return view.contentSecurityPolicyNonce?.() ?? null;
}

/** The JSON text per pin list and resolution key: built from the same fixed inputs on every page. */
const jsonTexts = new WeakMap<ImportmapPin[], Map<string, string>>();

/** Map#to_json: `JSON.pretty_generate({ "imports" => ..., "integrity" => ... })`, integrity only when some pin has one. */
export function importmapJson(view: ViewHost): string {
  const pins = pinsOf(view);
  let texts = jsonTexts.get(pins);
  if (!texts) jsonTexts.set(pins, (texts = new Map()));
  const key = resolutionKey(view);
  const known = texts.get(key);
  if (known !== undefined) return known;
  const text = buildImportmapJson(view, pins);
  texts.set(key, text);
  return text;
}

function buildImportmapJson(view: ViewHost, pins: ImportmapPin[]): string {
  const map: Record<string, Record<string, string>> = { imports: Object.fromEntries(resolvePins(view, pins)) };
  // Map#build_integrity_hash: resolved path -> integrity (a later pin of the same file wins, in the first's place).
  const integrity = new Map<string, string>();
  for (const pin of pins) {
    const path = pin.integrity === undefined ? null : resolvePin(view, pin);
    if (path !== null) integrity.set(path, pin.integrity!);
  }
  if (integrity.size) map.integrity = Object.fromEntries(integrity);
  return JSON.stringify(map, null, 2);
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

/** `mapping.preload.in?([true, false]) ? mapping.preload : (Array(mapping.preload) & Array(entry_point)).any?`. */
function preloadedFor(pin: ImportmapPin, entryPoint: unknown): boolean {
  if (pin.preload || !pin.entryPoints) return pin.preload;
  // A Symbol entry point is not equal to the String a pin names.
  return toArray(entryPoint).some((e) => typeof e === "string" && pin.entryPoints!.includes(e));
}

/** A keyword argument of a lowered options hash (`entry_point: "admin"`). */
function keyword(options: unknown, name: string): unknown {
  if (!isHash(options)) return undefined;
  const pair = hashEntries(options).find(([key]) => (key instanceof RubySymbol ? key.name : key) === name);
  return pair?.[1];
}

/**
 * javascript_importmap_module_preload_tags(importmap = the app's, entry_point: "application"): the preloaded pins'
 * paths (Map#preloaded_module_paths; 2.2.0+ Map#preloaded_module_packages, keyed by path, with their integrity).
 */
export function javascriptImportmapModulePreloadTags(view: ViewHost, ...args: unknown[]): SafeString {
  const entryPoint = keyword(args[args.length - 1], "entry_point") ?? "application";
  const links: Array<{ path: string; pin: ImportmapPin }> = [];
  for (const pin of pinsOf(view)) {
    if (!preloadedFor(pin, entryPoint)) continue;
    const path = resolvePin(view, pin);
    if (path === null) continue;
    const same = pin.preloadByPath ? links.find((l) => l.path === path) : undefined;
    if (same) same.pin = pin;
    else links.push({ path, pin });
  }
  const tags = links.map(({ path, pin }) => tagElement("link", { rel: "modulepreload", href: path, nonce: nonce(view), integrity: pin.integrity ?? null }));
  return safeJoin(tags, "\n");
}

/**
 * The whole of javascript_importmap_tags per pin list, resolution key and entry point, when the page has no CSP
 * nonce: the same fixed inputs give the same tags on every page (importmapJson's reasoning). A String entry point
 * only (a Symbol or an Array is built each time, as is any page with a nonce).
 */
const allTags = new WeakMap<ImportmapPin[], Map<string, SafeString>>();

/** javascript_importmap_tags(entry_point = "application", importmap: ...). */
export function javascriptImportmapTags(view: ViewHost, ...args: unknown[]): SafeString {
  const rest = isHash(args[args.length - 1]) ? args.slice(0, -1) : args;
  const entryPoint = rest.length ? rest[0] : "application";
  if (typeof entryPoint !== "string" || nonce(view) !== null) return buildImportmapTags(view, entryPoint);
  const pins = pinsOf(view);
  let tags = allTags.get(pins);
  if (!tags) allTags.set(pins, (tags = new Map()));
  const key = `${resolutionKey(view)}\u0000${entryPoint}`;
  let out = tags.get(key);
  if (out === undefined) tags.set(key, (out = buildImportmapTags(view, entryPoint)));
  return out;
}

function buildImportmapTags(view: ViewHost, entryPoint: unknown): SafeString {
  return safeJoin([
    javascriptInlineImportmapTag(view),
    javascriptImportmapModulePreloadTags(view, { entry_point: entryPoint }),
    javascriptImportModuleTag(view, entryPoint),
  ], "\n");
}
