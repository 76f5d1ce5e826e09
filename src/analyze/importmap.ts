// config/importmap.rb (importmap-rails' Importmap::Map DSL) -> the expanded pins, as Map#expanded_packages_and_
// directories computes them: each `pin` in order, then each `pin_all_from` directory's .js/.mjs files (sorted,
// `index` dropped from the module name). The runtime resolves each pin's file through the asset pipeline when a
// page renders javascript_importmap_tags (a pin whose file is missing is skipped, as importmap-rails rescues
// Propshaft::MissingAssetError); the compiler reports such pins here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { parseRuby } from "../parse/ruby.js";
import { literalString, optionsOf, type Node, type Span } from "../parse/ir.js";
import type { Diagnostics } from "../diagnostics/index.js";

export interface ImportmapPin {
  /** The module specifier (`@hotwired/turbo-rails`, `controllers/hello_controller`). */
  name: string;
  /** The asset's logical path (`turbo.js`, `controllers/hello_controller.js`). */
  path: string;
  preload: boolean;
}

interface PinSource {
  pin: ImportmapPin;
  span: Span;
}

function jsFilesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (/\.m?js$/.test(name)) out.push(abs);
    }
  };
  walk(dir);
  // Ruby's Dir[] sorts by path bytes.
  return out.sort((a, b) => (Buffer.compare(Buffer.from(a), Buffer.from(b))));
}

function preloadOf(options: Map<string, Node>): boolean {
  const value = options.get("preload");
  return !value || (value.kind !== "false" && value.kind !== "nil");
}

/** The import map's pins, or null when the app has no config/importmap.rb. */
export function analyzeImportmap(appRoot: string, diagnostics: Diagnostics, assetExists: (logical: string) => boolean, missingGems: string[]): ImportmapPin[] | null {
  const file = join(appRoot, "config/importmap.rb");
  if (!existsSync(file)) return null;
  const parsed = parseRuby(readFileSync(file, "utf8"), file);
  const pins = new Map<string, PinSource>();
  for (const node of parsed.body) {
    if (node.kind === "call" && !node.receiver && node.method === "pin") {
      const name = literalString(node.args[0]);
      const options = optionsOf(node.args.slice(1));
      const to = options.has("to") ? literalString(options.get("to")) : null;
      if (name === null || (options.has("to") && to === null)) {
        diagnostics.report("unsupported_construct", node.span, "pin with a computed name or to:");
        continue;
      }
      // Re-pinning a name keeps its place (a Ruby Hash assignment).
      pins.set(name, { pin: { name, path: to ?? `${name}.js`, preload: preloadOf(options) }, span: node.span });
    } else if (node.kind === "call" && !node.receiver && node.method === "pin_all_from") {
      continue;
    } else diagnostics.report("unsupported_construct", node.span, "config/importmap.rb: only pin and pin_all_from are understood");
  }
  // Directories expand after every package pin, in the order they were declared (Map#expand_directories_into).
  const expanded = new Map([...pins].map(([k, v]) => [k, v]));
  for (const node of parsed.body) {
    if (node.kind !== "call" || node.receiver || node.method !== "pin_all_from") continue;
    const dir = literalString(node.args[0]);
    const options = optionsOf(node.args.slice(1));
    const under = options.has("under") ? literalString(options.get("under")) : null;
    const to = options.has("to") ? literalString(options.get("to")) : null;
    if (dir === null || (options.has("under") && under === null) || (options.has("to") && to === null)) {
      diagnostics.report("unsupported_construct", node.span, "pin_all_from with a computed argument");
      continue;
    }
    const root = isAbsolute(dir) ? dir : join(appRoot, dir);
    if (!existsSync(root)) continue;
    for (const abs of jsFilesUnder(root)) {
      const filename = relative(root, abs);
      const base = filename.replace(/\.[^./]*$/, "").replace(/\/?index$/, "");
      const name = [under, base || null].filter((s): s is string => s !== null).join("/");
      const path = [to ?? under, filename].filter((s): s is string => s !== null && s !== "").join("/");
      const existing = expanded.get(name);
      const pin = { name, path, preload: preloadOf(options) };
      if (existing) existing.pin = pin;
      else expanded.set(name, { pin, span: node.span });
    }
  }
  for (const { pin, span } of expanded.values()) {
    if (assetExists(pin.path)) continue;
    const gems = missingGems.length ? `; gems not installed: ${missingGems.join(", ")}` : "";
    diagnostics.report("asset_not_found", span, `${pin.path} (pinned as ${pin.name}; the import map skips it${gems})`);
  }
  return [...expanded.values()].map((v) => v.pin);
}
