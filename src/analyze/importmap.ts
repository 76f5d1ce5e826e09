// config/importmap.rb (importmap-rails' Importmap::Map DSL) -> the expanded pins, as Map#expanded_packages_and_
// directories computes them: each `pin` in order, then each `pin_all_from` directory's .js/.jsm files (sorted,
// `index` dropped from the module name). The runtime resolves each pin's file through the asset pipeline when a
// page renders javascript_importmap_tags (a pin whose file is missing is skipped, as importmap-rails rescues
// Propshaft::MissingAssetError); the compiler reports such pins here.
//
// What a pin's options mean depends on the importmap-rails release the app runs (IMPORTMAP_CHANGES):
//   pin "admin", preload: "admin"      2.0.1: preloaded everywhere (any truthy value is true)
//                                      2.0.2+: preloaded only by javascript_importmap_tags("admin")
//                                              -> { preload: false, entryPoints: ["admin"] }
//   pin_all_from "d" (d/re/index.js)   2.0.1: `re`, as /\/?index$/ also strips a name ending in "index"
//   pin_all_from "d" (d/a.js.js)       before 2.2.3: `a`, every ".js" removed; 2.2.3: `a.js`, the last one
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, isAbsolute, join, relative } from "node:path";
import { parseRuby } from "../parse/ruby.js";
import { literalString, optionsOf, type Node, type Span } from "../parse/ir.js";
import type { Diagnostics } from "../diagnostics/index.js";
import { gemFeatures, gemRelease, lockedRelease, type GemChange } from "./gem-release.js";
import type { AppGems } from "./gems.js";

type ImportmapFeature = "entryPointPreload" | "anchoredIndex" | "chompExtname" | "preloadsByPath" | "pinIntegrity" | "integrityOptIn";

/** importmap-rails' changes since 2.0.1 that alter the pins or the tags. */
export const IMPORTMAP_CHANGES: readonly GemChange<ImportmapFeature>[] = [
  // Map#expanded_preloading_packages_and_directories(entry_point:): true/false as they are, anything else an entry
  // point name or names (Array(preload) & Array(entry_point)) (#253).
  { feature: "entryPointPreload", since: "2.0.2", marker: ["lib/importmap/map.rb", "Array(entry_point)"] },
  // Map#module_name_from: `index` is stripped only as a whole name (/(?:\/|^)index$/).
  { feature: "anchoredIndex", since: "2.0.2", marker: ["lib/importmap/map.rb", "(?:\\/|^)index$"] },
  // Map#module_name_from: filename.chomp(extname), not remove(extname) (every occurrence).
  { feature: "chompExtname", since: "2.2.3", marker: ["lib/importmap/map.rb", "chomp(filename.extname)"] },
  // Map#preloaded_module_packages: preloads keyed by resolved path, so a file pinned under two names is preloaded once.
  { feature: "preloadsByPath", since: "2.2.0", marker: ["lib/importmap/map.rb", "def preloaded_module_packages"] },
  // pin/pin_all_from take integrity: (a String goes to the map's "integrity" and the pin's preload link).
  { feature: "pinIntegrity", since: "2.2.0", marker: ["lib/importmap/map.rb", "preload: true, integrity:"] },
  // Map#enable_integrity!: without it no integrity is written (#312).
  { feature: "integrityOptIn", since: "2.2.2", marker: ["lib/importmap/map.rb", "def enable_integrity!"] },
];

export interface ImportmapPin {
  /** The module specifier (`@hotwired/turbo-rails`, `controllers/hello_controller`). */
  name: string;
  /** The asset's logical path (`turbo.js`, `controllers/hello_controller.js`). */
  path: string;
  /** Preloaded by every entry point. */
  preload: boolean;
  /** Preloaded only when javascript_importmap_tags names one of these entry points (2.0.2+ `preload: "admin"`). */
  entryPoints?: string[];
  /** 2.2.0+ `integrity: "sha384-..."`, when the release writes it. */
  integrity?: string;
  /** 2.2.0+, on pins whose file another pin names too: preloaded once, by path (Map#preloaded_module_packages). */
  preloadByPath?: boolean;
}

interface PinSource {
  pin: ImportmapPin;
  span: Span;
}

/**
 * Map#find_javascript_files_in_tree, Dir[dir.join("**" + "/*.js{,m}")].sort.select(&:file?): names ending in .js or
 * .jsm (the glob's braces; not .mjs), no dotfiles, and `**` descends into no hidden or symlinked directory.
 */
function jsFilesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name.startsWith(".")) continue;
      const abs = join(d, name);
      if (lstatSync(abs).isDirectory()) walk(abs);
      if (/\.jsm?$/.test(name) && isFile(abs)) out.push(abs);
    }
  };
  walk(dir);
  // Ruby's sort compares bytes.
  return out.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Map#module_name_from. */
function moduleName(filename: string, under: string | null, features: Set<ImportmapFeature>): string {
  const ext = extname(filename);
  const bare = features.has("chompExtname") ? filename.slice(0, filename.length - ext.length) : filename.split(ext).join("");
  const name = bare.replace(features.has("anchoredIndex") ? /(?:\/|^)index$/ : /\/?index$/, "");
  return [under, name || null].filter((s): s is string => s !== null).join("/");
}

type Preload = Pick<ImportmapPin, "preload" | "entryPoints">;

/** A pin's `preload:` as the release reads it; a value the compiler cannot read is reported. */
function preloadOf(options: Map<string, Node>, features: Set<ImportmapFeature>, diagnostics: Diagnostics): Preload {
  const value = options.get("preload");
  if (!value || value.kind === "true") return { preload: true };
  if (value.kind === "false" || value.kind === "nil") return { preload: false };
  const literal = value.kind === "str" || value.kind === "int" || value.kind === "float" || value.kind === "sym" || value.kind === "array" || value.kind === "hash";
  if (!features.has("entryPointPreload")) {
    if (!literal) diagnostics.report("unsupported_construct", value.span, "preload: with a computed value (importmap-rails preloads when it is truthy)");
    return { preload: true };
  }
  const names = value.kind === "array" ? value.elements : [value];
  const entryPoints = names.map((n) => (n.kind === "str" ? literalString(n) : null));
  if (entryPoints.some((n) => n === null)) {
    diagnostics.report("unsupported_construct", value.span, "preload: other than true, false or entry point names (Strings)");
    return { preload: false };
  }
  return { preload: false, entryPoints: entryPoints as string[] };
}

/** What config/importmap.rb says, read as the release reads it. */
interface Reading {
  features: Set<ImportmapFeature>;
  diagnostics: Diagnostics;
  /** enable_integrity! anywhere in the file (2.2.2+; read when the tags render, so after any pin). */
  integrityEnabled: boolean;
}

/** The keywords Map#pin / Map#pin_all_from take; another one raises ArgumentError when the map is drawn. */
function checkKeywords(node: Node & { kind: "call" }, allowed: string[], reading: Reading): void {
  const keywords = [...optionsOf(node.args.slice(1)).keys()];
  const known = reading.features.has("pinIntegrity") ? [...allowed, "integrity"] : allowed;
  const unknown = keywords.filter((k) => !known.includes(k));
  if (unknown.length) reading.diagnostics.report("unsupported_construct", node.span, `${node.method}: unknown keyword ${unknown.join(", ")} (importmap-rails raises ArgumentError)`);
}

/** `integrity: "sha384-..."` (2.2.0+; 2.2.2+ only with enable_integrity!): the String the map and its preload use. */
function integrityOf(options: Map<string, Node>, reading: Reading): Pick<ImportmapPin, "integrity"> {
  if (!reading.features.has("pinIntegrity") || (reading.features.has("integrityOptIn") && !reading.integrityEnabled)) return {};
  const value = options.get("integrity");
  const integrity = value?.kind === "str" ? literalString(value) : null;
  return integrity === null ? {} : { integrity };
}

function readPin(node: Node & { kind: "call" }, reading: Reading): ImportmapPin | null {
  checkKeywords(node, ["to", "preload"], reading);
  const name = literalString(node.args[0]);
  const options = optionsOf(node.args.slice(1));
  const to = options.has("to") ? literalString(options.get("to")) : null;
  if (name === null || (options.has("to") && to === null)) {
    reading.diagnostics.report("unsupported_construct", node.span, "pin with a computed name or to:");
    return null;
  }
  return { name, path: to ?? `${name}.js`, ...preloadOf(options, reading.features, reading.diagnostics), ...integrityOf(options, reading) };
}

/** Map#expand_directories_into: one pin_all_from's files as pins. */
function expandDirectory(node: Node & { kind: "call" }, appRoot: string, reading: Reading): ImportmapPin[] {
  const dir = literalString(node.args[0]);
  const options = optionsOf(node.args.slice(1));
  const under = options.has("under") ? literalString(options.get("under")) : null;
  const to = options.has("to") ? literalString(options.get("to")) : null;
  if (dir === null || (options.has("under") && under === null) || (options.has("to") && to === null)) {
    reading.diagnostics.report("unsupported_construct", node.span, "pin_all_from with a computed argument");
    return [];
  }
  const root = isAbsolute(dir) ? dir : join(appRoot, dir);
  if (!existsSync(root)) return [];
  const shared = { ...preloadOf(options, reading.features, reading.diagnostics), ...integrityOf(options, reading) };
  return jsFilesUnder(root).map((abs) => {
    const filename = relative(root, abs);
    const path = [to ?? under, filename].filter((s): s is string => s !== null && s !== "").join("/");
    return { name: moduleName(filename, under, reading.features), path, ...shared };
  });
}

/**
 * The import map's pins, or null when the app has no config/importmap.rb. The importmap-rails release is the one
 * the app loads (`gems`); without them, the one Gemfile.lock names.
 */
export function analyzeImportmap(appRoot: string, diagnostics: Diagnostics, assetExists: (logical: string) => boolean, missingGems: string[], gems?: AppGems): ImportmapPin[] | null {
  const file = join(appRoot, "config/importmap.rb");
  if (!existsSync(file)) return null;
  const features = gemFeatures(gems ? gemRelease(gems, "importmap-rails") : lockedRelease(appRoot, "importmap-rails"), IMPORTMAP_CHANGES);
  const parsed = parseRuby(readFileSync(file, "utf8"), file);
  const isEnableIntegrity = (n: Node) => n.kind === "call" && !n.receiver && n.method === "enable_integrity!" && !n.args.length && features.has("integrityOptIn");
  const reading: Reading = { features, diagnostics, integrityEnabled: parsed.body.some(isEnableIntegrity) };
  // Map#packages and Map#directories are Hashes: pinning a name (or a directory) again keeps its first place.
  const expanded = new Map<string, PinSource>();
  const directories = new Map<string, Node & { kind: "call" }>();
  for (const node of parsed.body) {
    const call = node.kind === "call" && !node.receiver ? node : null;
    if (call?.method === "pin") {
      const pin = readPin(call, reading);
      if (pin) expanded.set(pin.name, { pin, span: call.span });
    } else if (call?.method === "pin_all_from") {
      checkKeywords(call, ["under", "to", "preload"], reading);
      const dir = literalString(call.args[0]);
      directories.set(dir ?? `\0${directories.size}`, call);
    } else if (isEnableIntegrity(node)) {
      diagnostics.report("unsupported_construct", node.span, "enable_integrity!: the integrity of local assets (config.assets.integrity_hash_algorithm) is not computed; integrity: Strings are kept");
    } else diagnostics.report("unsupported_construct", node.span, "config/importmap.rb: only pin and pin_all_from are understood");
  }
  // Directories expand after every package pin, in the order they were first declared.
  for (const call of directories.values()) {
    for (const pin of expandDirectory(call, appRoot, reading)) {
      const existing = expanded.get(pin.name);
      if (existing) existing.pin = pin;
      else expanded.set(pin.name, { pin, span: call.span });
    }
  }
  for (const { pin, span } of expanded.values()) {
    if (assetExists(pin.path)) continue;
    const gemsMissing = missingGems.length ? `; gems not installed: ${missingGems.join(", ")}` : "";
    diagnostics.report("asset_not_found", span, `${pin.path} (pinned as ${pin.name}; the import map skips it${gemsMissing})`);
  }
  const pins = [...expanded.values()].map((v) => v.pin);
  if (features.has("preloadsByPath")) {
    for (const pin of pins) if (pins.some((other) => other !== pin && other.path === pin.path)) pin.preloadByPath = true;
  }
  return pins;
}
