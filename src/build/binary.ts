// `rails2ts build <app> --binary [-o file]`: the emitted app as one executable, as Node's single executable
// application docs describe (Node 20):
//   1. compile into a temporary project (node_modules/rails2ts linked to this package)
//   2. esbuild bundles an entry importing runtime/sea/boot.js, then the app's server.js, into one CommonJS
//      file (Node 20's SEA main must be CommonJS); `import.meta.url` (which CJS lacks) becomes a fixed URL, and
//      the boot module tells the app where its files really are (runtime/app/host.ts)
//   3. assets: a manifest, public/ (with each file's mtime, its Last-Modified), better-sqlite3's addon
//   4. node --experimental-sea-config writes the blob; a copy of this node gets it with postject
//   The SEA main is a loader that turns source maps on, then compiles the bundle (an asset, with its source map
//   inline, composed by esbuild from the emitted JS's maps) so the executable's stacks name the .rb/.erb too:
//   a main script is compiled before any of its code runs, too early for process.setSourceMapsEnabled.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, sep } from "node:path";
import { build, type Plugin } from "esbuild";
import { compile } from "../compile.js";
import { PACKAGE_ROOT } from "../emit/project.js";
import type { SeaManifest } from "../../runtime/sea/boot.js";

/** What runtime/sea/boot.ts reads first (the same name, kept here so the compiler never loads the runtime). */
const SEA_MANIFEST_ASSET = "rails2ts-sea.json";
/** Node's documented fuse for postject (the sentinel Node's binary carries). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
/** What `import.meta.url` of the bundled app.js reads: its publicDir is replaced at boot, so any file URL does. */
const BUNDLED_MODULE_URL = "file:///rails2ts-sea/dist/app.js";

export interface BinaryResult {
  output: string;
  bytes: number;
}

export async function buildBinary(appDir: string, output: string, opts: { gemPaths?: string[] } = {}): Promise<BinaryResult> {
  const work = mkdtempSync(join(tmpdir(), "rails2ts-build-"));
  try {
    const out = join(work, "app");
    await compile(appDir, { out, gemPaths: opts.gemPaths, link: true });
    const bundle = await bundleApp(out);
    const assets = { ...seaAssets(out, basename(appDir), work, bundle), [BUNDLE_ASSET]: bundle };
    const loader = join(work, "sea-loader.cjs");
    writeFileSync(loader, SEA_LOADER);
    const blob = join(work, "sea-prep.blob");
    const config = join(work, "sea-config.json");
    writeFileSync(config, JSON.stringify({ main: loader, output: blob, disableExperimentalSEAWarning: true, assets }, null, 2));
    execFileSync(process.execPath, ["--experimental-sea-config", config], { cwd: work, stdio: ["ignore", "ignore", "pipe"] });
    mkdirSync(dirname(output), { recursive: true });
    rmSync(output, { force: true });
    copyFileSync(process.execPath, output);
    chmodSync(output, 0o755);
    const { inject } = createRequire(import.meta.url)("postject") as { inject: (file: string, name: string, data: Buffer, o: object) => Promise<void> };
    await inject(output, "NODE_SEA_BLOB", readFileSync(blob), { sentinelFuse: SEA_FUSE });
    return { output, bytes: statSync(output).size };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const BUNDLE_ASSET = "bundle.cjs";

/**
 * Compiled as `<the executable's directory>/bundle.cjs`: the bundle's map names sources relative to the emitted
 * project's root (where the bundle was written), so a frame reads `<dir>/app/views/posts/show.html.erb:12:5`.
 */
const SEA_LOADER = `"use strict";
const { getAsset } = require("node:sea");
const Module = require("node:module");
const { dirname, join } = require("node:path");
process.setSourceMapsEnabled(true);
const filename = join(dirname(process.execPath), ${JSON.stringify(BUNDLE_ASSET)});
const bundle = new Module(filename, null);
bundle.filename = filename;
bundle._compile(getAsset(${JSON.stringify(BUNDLE_ASSET)}, "utf8"), filename);
`;

async function bundleApp(out: string): Promise<string> {
  const entry = join(out, "dist/sea-main.js");
  const boot = join(PACKAGE_ROOT, "dist/runtime/sea/boot.js");
  // ESM evaluates imports in order: the boot module (help, assets, addon, appHost) before any app module.
  writeFileSync(entry, `import ${JSON.stringify(boot)};\nimport "./server.js";\n`);
  const outfile = join(out, BUNDLE_ASSET);
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    define: { "import.meta.url": JSON.stringify(BUNDLED_MODULE_URL) },
    plugins: [absentOptionalModules],
    sourcemap: "inline",
    sourcesContent: false,
    logLevel: "silent",
  });
  if (result.errors.length) throw new Error(`rails2ts build: esbuild: ${result.errors.map((e) => e.text).join("; ")}`);
  return outfile;
}

/**
 * ws tries `require("bufferutil")` / `require("utf-8-validate")` (optional native speed-ups) and falls back to
 * JavaScript when they throw. Bundled as modules that throw, the fallback is taken without a `require` of a
 * non-built-in module, which inside an executable only warns and fails.
 */
const absentOptionalModules: Plugin = {
  name: "rails2ts-absent-optional-modules",
  setup(b) {
    b.onResolve({ filter: /^(?:bufferutil|utf-8-validate)$/ }, (args) => ({ path: args.path, namespace: "rails2ts-absent" }));
    b.onLoad({ filter: /.*/, namespace: "rails2ts-absent" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not bundled`)});`,
      loader: "js",
    }));
  },
};

/** The SEA config's `assets` (key -> file), with the manifest naming them, written into `work`. */
function seaAssets(out: string, app: string, work: string, bundle: string): Record<string, string> {
  const assets: Record<string, string> = {};
  const files: SeaManifest["files"] = [];
  const hash = createHash("sha256");
  const add = (path: string, file: string, mtimeMs: number) => {
    const asset = `file:${path}`;
    assets[asset] = file;
    files.push({ asset, path, mtimeMs });
    hash.update(`${path}\0${mtimeMs}\0`).update(readFileSync(file));
  };
  for (const file of walk(join(out, "public"))) {
    add(`public/${relative(join(out, "public"), file).split(sep).join("/")}`, file, Math.trunc(statSync(file).mtimeMs / 1000) * 1000);
  }
  const addon = createRequire(join(PACKAGE_ROOT, "package.json")).resolve("better-sqlite3/build/Release/better_sqlite3.node");
  add("better_sqlite3.node", addon, 0);
  const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;
  hash.update(readFileSync(bundle));
  const manifest: SeaManifest = { app, rails2ts: version, hash: hash.digest("hex").slice(0, 32), files, sqliteAddon: "better_sqlite3.node" };
  writeFileSync(join(work, SEA_MANIFEST_ASSET), JSON.stringify(manifest));
  assets[SEA_MANIFEST_ASSET] = join(work, SEA_MANIFEST_ASSET);
  return assets;
}

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}
