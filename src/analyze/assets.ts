// Propshaft's asset load path and digests, as the app's Rails would assemble them.
//
// Load path (propshaft's railtie): every Rails engine unshifts the existing subdirectories of its app/assets,
// lib/assets and vendor/assets, in initializer order; the app runs last, so its own directories come first, then
// the engines in reverse load order (the Rails frameworks config/application.rb requires, then Gemfile order).
// importmap-rails appends app/javascript and vendor/javascript. LoadPath#dedup drops a directory inside another.
// A logical path (`stylesheets/x.css` -> `x.css`) is served by the first directory that has it.
//
// Digest (Propshaft::Asset#digest): sha1(content + config.assets.version), first 8 hex digits, before the
// extension; a file already named `-<digest>.digested.js` keeps its name. The bytes served are compiled as
// Propshaft's compilers do: url(...) in CSS and sourceMappingURL comments point at the digested paths.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join, posix, relative } from "node:path";
import { definesEngine, type AppGems, type InstalledGem } from "./gems.js";

/** The Rails frameworks that are engines, by the name config/application.rb requires them under. */
const FRAMEWORK_ENGINES: Record<string, string> = {
  active_storage: "activestorage",
  action_cable: "actioncable",
  action_mailbox: "actionmailbox",
  action_text: "actiontext",
};

export interface AssetLoadPathInput {
  appRoot: string;
  /** Engines config/application.rb requires (`action_cable`, ...), in require order. */
  engines: string[];
  gems: AppGems;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** paths["app/assets"] and friends (glob "*"): the existing subdirectories. */
function engineDirectories(root: string): string[] {
  return ["app/assets", "lib/assets", "vendor/assets"].flatMap((dir) => {
    const base = join(root, dir);
    if (!isDir(base)) return [];
    return readdirSync(base).sort().map((name) => join(base, name)).filter(isDir);
  });
}

/** The engines' roots in load order: the Rails frameworks required, then engine gems in Gemfile order. */
export function engineRoots(input: AssetLoadPathInput): string[] {
  const byName = new Map(input.gems.loaded.map((g) => [g.name, g]));
  const frameworkGems = new Set(Object.values(FRAMEWORK_ENGINES));
  const roots: string[] = [];
  for (const engine of input.engines) {
    const gemName = FRAMEWORK_ENGINES[engine];
    if (!gemName) continue;
    const gem = byName.get(gemName);
    if (gem) roots.push(gem.root);
    else if (gemName === "actioncable") roots.push(npmActionCable());
  }
  const others = input.gems.loaded.filter((g: InstalledGem) => !frameworkGems.has(g.name) && definesEngine(g));
  return [...roots, ...others.map((g) => g.root)];
}

/**
 * Without the actioncable gem installed, the npm package @rails/actioncable stands in: version 7.2 carries the same
 * files byte for byte as the actioncable 7.2.4 gem, so the digests match.
 */
function npmActionCable(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve("@rails/actioncable/package.json"));
}

/** Propshaft's load path, in order. */
export function assetLoadPath(input: AssetLoadPathInput): string[] {
  let paths: string[] = [];
  for (const root of engineRoots(input)) paths = [...engineDirectories(root), ...paths];
  paths = [...engineDirectories(input.appRoot), ...paths];
  if (input.gems.locked.has("importmap-rails")) paths.push(join(input.appRoot, "app/javascript"), join(input.appRoot, "vendor/javascript"));
  return dedup(paths);
}

/** LoadPath#dedup: a directory whose path starts with an earlier (sorted) one's is dropped. */
function dedup(paths: string[]): string[] {
  const kept: string[] = [];
  for (const path of [...new Set(paths)].sort()) if (!kept.length || !path.startsWith(kept[kept.length - 1]!)) kept.push(path);
  return paths.filter((p, i) => paths.indexOf(p) === i && kept.includes(p));
}

export interface DigestedAssets {
  /** Logical path -> served path (`application.css` -> `/assets/application-1a2b3c4d.css`), first directory wins. */
  assets: Record<string, string>;
  /** public/ path -> bytes (compiled as Propshaft serves them). */
  publicFiles: Map<string, Buffer>;
}

const CSS_URL = /url\(\s*["']?(?!(?:#|%23|data|http|\/\/))([^"'\s?#)]+)([#?][^"')]+)?\s*["']?\)/g;
// Ruby's \Z: the end, or before a final newline.
const SOURCE_MAPPING = /(\/\/|\/\*)# sourceMappingURL=(.+\.map)(\s*?\*\/)?\s*?(?=\n?$)/;

/** Every file of the load path, digested; each served file compiled by Propshaft's compilers. */
export function digestAssets(loadPath: string[], version: string, prefix = "/assets"): DigestedAssets {
  const files = new Map<string, { abs: string; digested: string }>();
  for (const base of loadPath) {
    const walk = (dir: string) => {
      let names: string[] = [];
      try {
        names = readdirSync(dir).sort();
      } catch {
        return;
      }
      for (const name of names) {
        const abs = join(dir, name);
        if (isDir(abs)) walk(abs);
        else if (!name.startsWith(".")) {
          const logical = relative(base, abs).split("\\").join("/");
          if (files.has(logical)) continue;
          const content = readFileSync(abs);
          const digest = createHash("sha1").update(Buffer.concat([content, Buffer.from(version)])).digest("hex").slice(0, 8);
          const digested = /-([0-9a-zA-Z_-]{7,128})\.digested/.test(logical) ? logical : logical.replace(/\.(\w+)$/, `-${digest}.$1`);
          files.set(logical, { abs, digested });
        }
      }
    };
    walk(base);
  }
  const assets: Record<string, string> = {};
  for (const [logical, { digested }] of files) assets[logical] = `${prefix}/${digested}`;
  const publicFiles = new Map<string, Buffer>();
  for (const [logical, { abs, digested }] of files) {
    const content = readFileSync(abs);
    publicFiles.set(`${prefix.replace(/^\//, "")}/${digested}`, compileAsset(logical, content, files, prefix));
  }
  return { assets, publicFiles };
}

/** Propshaft::Compiler::CssAssetUrls and SourceMappingUrls, on the bytes served (the digest is of the source). */
function compileAsset(logical: string, content: Buffer, files: Map<string, { digested: string }>, prefix: string): Buffer {
  const ext = logical.slice(logical.lastIndexOf("."));
  if (ext !== ".css" && ext !== ".js") return content;
  let text = content.toString("utf8");
  const dir = posix.dirname(logical);
  if (ext === ".css") {
    text = text.replace(CSS_URL, (whole, filename: string, fingerprint: string | undefined) => {
      const resolved = filename.startsWith("/") ? filename.slice(1)
        : posix.normalize(posix.join(dir, filename.startsWith("../") ? filename : filename.replace(/^\.\//, "")));
      const asset = files.get(resolved);
      return asset ? `url("${prefix}/${asset.digested}${fingerprint ?? ""}")` : `url("${filename}")`;
    });
  }
  text = text.replace(SOURCE_MAPPING, (_whole, start: string, map: string, end: string | undefined) => {
    const resolved = dir === "." ? map : posix.join(dir, map);
    const asset = files.get(resolved);
    return asset ? `${start}# sourceMappingURL=${prefix}/${asset.digested}${end ?? ""}` : `${start}${end ?? ""}`;
  });
  return Buffer.from(text, "utf8");
}
