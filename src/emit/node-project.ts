// The emitted app as a Node project that stands alone (no path back to the compiler's checkout):
//   vendor/rails2ts-<version>.tgz   the runtime (dist/runtime of this package), packed with `npm pack`
//   package.json                    depends on it as `file:`, and on the runtime's own dependencies at the
//                                   versions this package's package-lock.json locks
//   package-lock.json               the subset of this package's lock those dependencies need, so `npm ci`
//                                   installs exactly what the compiler was tested with
//   tsconfig.json, test/            `npm run build` type-checks src/; `npm test` boots dist/server.js once
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, type Dirent } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface PackageJson {
  name: string;
  version: string;
  license?: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/**
 * What the runtime imports at run time (runtime/**: better-sqlite3, parse5, redis, ws, yaml; runtime/testing's
 * assert_select: css-select over parse5's htmlparser2 tree adapter and domhandler).
 */
export const RUNTIME_DEPENDENCIES = ["better-sqlite3", "css-select", "domhandler", "parse5", "parse5-htmlparser2-tree-adapter", "redis", "ws", "yaml"];
/** What the lowered Minitest suite runs on (compile --tests). */
const TEST_DEPENDENCIES = ["vitest"];

/**
 * The lowered suite (dist/test/**\/*_test.js): each file in its own process with its own app and test database, as
 * each test runs in its own transaction.
 */
const VITEST_CONFIG = `// The app's own Minitest suite, lowered by rails2ts (src/test/ is its TypeScript, dist/test/ what runs).
export default {
  test: { include: ["dist/test/**/*_test.js"], pool: "forks", testTimeout: 60000, hookTimeout: 60000 },
};
`;

/** What `npm run build` (tsc over src/) needs. */
const BUILD_DEPENDENCIES = ["typescript", "@types/node", "@types/better-sqlite3", "@types/ws"];

/** The files that make the emitted directory a Node project. */
export function nodeProjectFiles(packageRoot: string, appName: string, options: { tests?: boolean } = {}): Map<string, string | Buffer> {
  const self = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as PackageJson;
  const lock = JSON.parse(readFileSync(join(packageRoot, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const locked = (name: string) => {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`rails2ts: ${name} is not in ${packageRoot}/package-lock.json (run npm ci there)`);
    return version;
  };
  const runtimeDeps = Object.fromEntries(RUNTIME_DEPENDENCIES.map((n) => [n, locked(n)]));
  const devDeps = Object.fromEntries([...BUILD_DEPENDENCIES, ...(options.tests ? TEST_DEPENDENCIES : [])].map((n) => [n, locked(n)]));
  const tarball = runtimeTarball(packageRoot, self, runtimeDeps);
  const tarballPath = `vendor/rails2ts-${self.version}.tgz`;
  const pkg = {
    name: packageName(appName),
    version: "0.0.0",
    private: true,
    type: "module",
    main: "dist/server.js",
    engines: { node: ">=20" },
    scripts: {
      start: ["node", "--enable-source-maps", ...SERVER_NODE_FLAGS, "dist/server.js"].join(" "),
      build: "tsc -p tsconfig.json",
      test: options.tests ? "npm run build && node --test test/ && vitest run" : "npm run build && node --test test/",
    },
    dependencies: { rails2ts: `file:${tarballPath}`, ...runtimeDeps },
    devDependencies: devDeps,
  };
  const runtimeEntry: LockEntry = {
    version: self.version,
    resolved: `file:${tarballPath}`,
    integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
    license: self.license,
    dependencies: runtimeDeps,
    engines: { node: ">=20" },
  };
  const packages = lockSubset(lock.packages, Object.keys(runtimeDeps), Object.keys(devDeps));
  const projectLock = {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: pkg.name, version: pkg.version, dependencies: pkg.dependencies, devDependencies: pkg.devDependencies, engines: pkg.engines },
      "node_modules/rails2ts": runtimeEntry,
      ...packages,
    },
  };
  return new Map<string, string | Buffer>([
    [tarballPath, tarball],
    ["package.json", `${JSON.stringify(pkg, null, 2)}\n`],
    ["package-lock.json", `${JSON.stringify(projectLock, null, 2)}\n`],
    ["tsconfig.json", `${JSON.stringify(TSCONFIG, null, 2)}\n`],
    ["test/server.test.mjs", SMOKE_TEST],
    ...(options.tests ? [["vitest.config.mjs", VITEST_CONFIG] as [string, string]] : []),
  ]);
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  },
  include: ["src/**/*.ts"],
};

/** npm's name rules: lower case, URL-safe. */
function packageName(appName: string): string {
  const name = appName.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[._-]+/, "");
  return name || "rails2ts-app";
}

/**
 * The entries of `packages` that `prod` and `dev` need, transitively, at the paths they have there (a nested
 * `node_modules/a/node_modules/b` stays nested, so every dependency resolves as it does in the compiler's tree).
 * Entries only the dev closure reaches are marked `dev`, as npm marks them.
 */
function lockSubset(packages: Record<string, LockEntry>, prod: string[], dev: string[]): Record<string, LockEntry> {
  const prodPaths = closure(packages, prod);
  const devPaths = closure(packages, dev);
  const out: Record<string, LockEntry> = {};
  for (const path of [...new Set([...prodPaths, ...devPaths])].sort()) {
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path]!;
    out[path] = prodPaths.has(path) ? entry : { ...entry, dev: true };
  }
  return out;
}

function closure(packages: Record<string, LockEntry>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (from: string, name: string, optional: boolean) => {
    const path = resolveIn(packages, from, name);
    if (!path) {
      if (optional) return;
      throw new Error(`rails2ts: package-lock.json has no ${name} for ${from || "the root"}`);
    }
    if (seen.has(path)) return;
    seen.add(path);
    const entry = packages[path]!;
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(path, dep, false);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(path, dep, true);
  };
  for (const name of roots) visit("", name, false);
  return seen;
}

/** Node's lookup: `<from>/node_modules/<name>`, then each enclosing node_modules up to the root. */
function resolveIn(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

let packedTarball: { key: string; bytes: Buffer } | null = null;

/**
 * dist/runtime packed as the package `rails2ts` (what the emitted code imports as "rails2ts/runtime"). `npm pack`
 * (a child process, and a copy of dist/runtime to stage it) was half of a cold compile, so the tarball is kept
 * beside dist/runtime under the hash of what it holds (every runtime file's path and bytes, and the manifest):
 * a rebuilt runtime packs again, an unchanged one is read back. Within one process it is packed at most once.
 */
function runtimeTarball(packageRoot: string, self: PackageJson, dependencies: Record<string, string>): Buffer {
  const runtimeDir = join(packageRoot, "dist/runtime");
  const manifest = {
    name: "rails2ts",
    version: self.version,
    description: "The rails2ts runtime: what an app rails2ts emitted runs on.",
    license: self.license,
    type: "module",
    engines: { node: ">=20" },
    exports: { "./runtime": { types: "./dist/runtime/index.d.ts", default: "./dist/runtime/index.js" } },
    dependencies,
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const key = contentKey(runtimeDir, manifestText);
  if (packedTarball?.key === key) return packedTarball.bytes;
  const cacheDir = join(packageRoot, "dist/.runtime-tarballs");
  const cached = join(cacheDir, `${key}.tgz`);
  const kept = readIfPresent(cached);
  if (kept) {
    packedTarball = { key, bytes: kept };
    return kept;
  }
  const stage = mkdtempSync(join(tmpdir(), "rails2ts-runtime-"));
  try {
    cpSync(runtimeDir, join(stage, "dist/runtime"), { recursive: true });
    writeFileSync(join(stage, "package.json"), manifestText);
    execFileSync("npm", ["pack", "--silent", "--pack-destination", stage], { cwd: stage, stdio: ["ignore", "ignore", "pipe"] });
    const file = readdirSync(stage).find((f) => f.endsWith(".tgz"));
    if (!file) throw new Error("rails2ts: npm pack wrote no tarball");
    packedTarball = { key, bytes: readFileSync(join(stage, file)) };
    keepTarball(cacheDir, cached, packedTarball.bytes);
    return packedTarball.bytes;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Another compile may be replacing the kept tarball at this moment: then this one packs its own. */
function readIfPresent(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** sha256 over every file under dir (sorted relative paths and their bytes) and the manifest. */
function contentKey(dir: string, manifestText: string): string {
  const hash = createHash("sha256").update(manifestText);
  const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)))
    .sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(dir, file)));
  return hash.digest("hex").slice(0, 32);
}

/** The one tarball of the current runtime is kept (older ones removed); a read-only install just packs each time. */
function keepTarball(cacheDir: string, file: string, bytes: Buffer): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    for (const old of readdirSync(cacheDir)) rmSync(join(cacheDir, old), { force: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
  } catch {
    // not writable: nothing kept
  }
}

// `npm test` in the emitted project: the server boots on a fresh database (schema, seeds) and answers GET /
// without a server error.
const SMOKE_TEST = `// Boots dist/server.js on a fresh SQLite file and checks GET / answers without a server error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

test("the server boots and answers GET /", async () => {
  const dir = mkdtempSync(join(tmpdir(), "app-test-"));
  const env = { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: join(dir, "test.sqlite3") };
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], { env, stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.on("data", (d) => {
        const m = /listening on (\\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error("server exited with " + code)));
    });
    // Not followed: an app that forces SSL answers a redirect to https, which is an answer all the same.
    const res = await fetch("http://127.0.0.1:" + port + "/", { redirect: "manual" });
    assert.ok(res.status < 500, "GET / answered " + res.status);
  } finally {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
});
`;
