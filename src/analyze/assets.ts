// Propshaft's asset load path and digests, as the app's Rails and the Propshaft release it runs assemble them
// (PROPSHAFT_CHANGES: what changed since 0.8.0, with the release and the source text that carries each change).
//
// Load path (propshaft's railtie): every Rails engine unshifts the existing subdirectories of its app/assets,
// lib/assets and vendor/assets, in initializer order; the app runs last, so its own directories come first, then
// the engines in reverse load order (the Rails frameworks config/application.rb requires, then Gemfile order).
// importmap-rails appends app/javascript and vendor/javascript. From 1.0.1 an after_initialize moves every path
// under Rails.root to the front, keeping the order otherwise. LoadPath#dedup drops a directory inside another.
// A logical path (`stylesheets/x.css` -> `x.css`) is served by the first directory that has it.
//
// Digest (Propshaft::Asset#digest): sha1(content + config.assets.version) (from 0.9.0: the first 8 hex digits, and
// the content of every asset the compilers say it references after its own), before the extension; a file already
// named `-<digest>.digested.js` keeps its name. The bytes served are compiled as Propshaft's compilers do
// (propshaft-compilers.ts).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { definesEngine, isDir, type AppGems, type InstalledGem } from "./gems.js";
import { gemFeatures, gemRelease, type GemChange } from "./gem-release.js";
import { compileAsset, referencedBy, type CompileContext, type PropshaftAsset } from "./propshaft-compilers.js";

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

/** How the app's Propshaft lays out, digests and compiles assets (the changes below that its release has). */
export type PropshaftFeature =
  | "shortDigest"
  | "urlSafeDigestedNames"
  | "digestReferences"
  | "mapDigestedPaths"
  | "sourceMappingPrefix"
  | "appPathsFirst"
  | "jsAssetUrls"
  | "cssSchemeColons";

/** Propshaft's changes since 0.8.0 that alter digests, served bytes or the load path's order. */
export const PROPSHAFT_CHANGES: readonly GemChange<PropshaftFeature>[] = [
  // Asset#digest: Digest::SHA1.hexdigest(...).first(8), not all 40 digits (#173).
  { feature: "shortDigest", since: "0.9.0", marker: ["lib/propshaft/asset.rb", ".first(8)"] },
  // Asset#already_digested?: `-[0-9a-zA-Z_-]{7,128}.digested`, base64url digests of rollup 4 (#168).
  { feature: "urlSafeDigestedNames", since: "0.9.0", marker: ["lib/propshaft/asset.rb", "[0-9a-zA-Z_-]{7,128})\\.digested"] },
  // Asset#digest over content_with_compile_references: the content of what its url()s find, recursively (#188).
  { feature: "digestReferences", since: "0.9.0", marker: ["lib/propshaft/asset.rb", "content_with_compile_references"] },
  // Asset#digested_path: `x.js.map` -> `x-<digest>.js.map`, was `x.js-<digest>.map`.
  { feature: "mapDigestedPaths", since: "0.9.0", marker: ["lib/propshaft/asset.rb", "(\\.map)?)$"] },
  // SourceMappingUrls#asset_path drops a url's own `.../<prefix>/` (#170).
  { feature: "sourceMappingPrefix", since: "0.9.0", marker: ["lib/propshaft/compiler/source_mapping_urls.rb", "gsub!("] },
  // railtie after_initialize: config.assets.paths.sort_by! paths under Rails.root first (stable from 1.1.0).
  { feature: "appPathsFirst", since: "1.0.1", marker: ["lib/propshaft/railtie.rb", "sort_by!"] },
  // config.assets.compilers: JsAssetUrls (RAILS_ASSET_URL(...)) before SourceMappingUrls for text/javascript.
  { feature: "jsAssetUrls", since: "1.1.0", marker: ["lib/propshaft/railtie.rb", "JsAssetUrls"] },
  // CssAssetUrls::ASSET_URL_PATTERN excludes `data:`, `http:`, `https:` rather than any url starting `data`/`http`.
  { feature: "cssSchemeColons", since: "1.2.0", marker: ["lib/propshaft/compiler/css_asset_urls.rb", "data:|http:|https:"] },
];

/** Propshaft::LoadPath: the directories, in order, and what the app's release does with them. */
export interface AssetLoadPath {
  paths: string[];
  propshaft: Set<PropshaftFeature>;
}

/** Propshaft's load path, in order. */
export function assetLoadPath(input: AssetLoadPathInput): AssetLoadPath {
  const propshaft = gemFeatures(gemRelease(input.gems, "propshaft"), PROPSHAFT_CHANGES);
  let paths: string[] = [];
  for (const root of engineRoots(input)) paths = [...engineDirectories(root), ...paths];
  paths = [...engineDirectories(input.appRoot), ...paths];
  if (input.gems.locked.has("importmap-rails")) paths.push(join(input.appRoot, "app/javascript"), join(input.appRoot, "vendor/javascript"));
  if (propshaft.has("appPathsFirst")) {
    // `path.to_s.start_with?(Rails.root.to_s)`, with Rails.root taken as a directory: a gem under vendor/bundle
    // counts as the app's, but not one in a sibling directory sharing the prefix (`<app>-gems/`), since where the
    // compiler reads gems from says nothing of where the app's server has them.
    const root = `${input.appRoot.replace(/\/+$/, "")}/`;
    const inApp = (p: string) => p.startsWith(root);
    paths = [...paths.filter(inApp), ...paths.filter((p) => !inApp(p))];
  }
  return { paths: dedup(paths), propshaft };
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

/** LoadPath#assets_by_path: each logical path's file, from the first directory that has it (dotfiles left out). */
function assetsByPath(paths: string[]): Map<string, PropshaftAsset> {
  const files = new Map<string, PropshaftAsset>();
  for (const base of paths) {
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
          if (!files.has(logical)) files.set(logical, { logical, content: readFileSync(abs) });
        }
      }
    };
    walk(base);
  }
  return files;
}

/** Every file of the load path, digested as Propshaft::Asset does; each served file compiled by Propshaft's compilers. */
export function digestAssets(loadPath: AssetLoadPath, version: string, prefix = "/assets"): DigestedAssets {
  const files = assetsByPath(loadPath.paths);
  const features = loadPath.propshaft;
  const digests = new Map<PropshaftAsset, string>();
  const ctx: CompileContext = {
    find: (logical) => files.get(logical),
    urlPrefix: prefix,
    features,
    digestedPath: (asset) => digestedPath(asset),
  };
  // Asset#digest: sha1(content [+ the content of each asset it references] + config.assets.version).
  const digest = (asset: PropshaftAsset): string => {
    let hex = digests.get(asset);
    if (hex === undefined) {
      const references = features.has("digestReferences") ? referencedBy(asset, ctx).map((a) => a.content) : [];
      hex = createHash("sha1").update(Buffer.concat([asset.content, ...references, Buffer.from(version)])).digest("hex");
      if (features.has("shortDigest")) hex = hex.slice(0, 8);
      digests.set(asset, hex);
    }
    return hex;
  };
  // Asset#digested_path: a file already named `-<digest>.digested.js` keeps its name.
  const alreadyDigested = features.has("urlSafeDigestedNames") ? /-([0-9a-zA-Z_-]{7,128})\.digested/ : /-([0-9a-zA-Z]{7,128})\.digested/;
  const extension = features.has("mapDigestedPaths") ? /\.(\w+(\.map)?)$/ : /\.(\w+)$/;
  const digestedPath = (asset: PropshaftAsset): string =>
    alreadyDigested.test(asset.logical) ? asset.logical : asset.logical.replace(extension, (ext) => `-${digest(asset)}${ext}`);
  const assets: Record<string, string> = {};
  const publicFiles = new Map<string, Buffer>();
  for (const asset of files.values()) {
    const digested = digestedPath(asset);
    assets[asset.logical] = `${prefix}/${digested}`;
    publicFiles.set(`${prefix.replace(/^\//, "")}/${digested}`, compileAsset(asset, ctx));
  }
  return { assets, publicFiles };
}
