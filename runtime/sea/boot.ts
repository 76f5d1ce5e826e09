// The start of a single executable (`rails2ts build <app> --binary`). The bundle's entry imports this module
// before the app, so it runs first:
//   --help / --version        answered here, before the app boots
//   public/, the addon        unpacked from the executable's assets once, into <cache>/<hash>/ (the hash covers
//                             every asset, so a new build never reads an old one's files)
//   better-sqlite3            its addon loaded with process.dlopen (inside an executable `require` loads only
//                             built-in modules) and handed to better-sqlite3 as `nativeBinding` (setSqliteBinding)
//   redis                     the bundled client handed to the Action Cable adapter (useRedisClient)
//   the working directory     is the app's root: storage/production.sqlite3 and tmp/ go there, as when
//                             `node dist/server.js` runs in the emitted project
import { existsSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { getAsset, isSea } from "node:sea";
import { appHost } from "../app/host.js";
import { setSqliteBinding } from "../active-record/connection/connection.js";
import { useRedisClient } from "../action-cable/redis.js";
import { createClient } from "redis";

/** The asset `rails2ts build` writes first: what the others are. */
export const SEA_MANIFEST_ASSET = "rails2ts-sea.json";

export interface SeaManifest {
  app: string;
  rails2ts: string;
  /** sha256 of every asset's name, bytes and mtime. */
  hash: string;
  /** Asset key -> path under the unpack directory, with the mtime it had (public/ files' Last-Modified). */
  files: Array<{ asset: string; path: string; mtimeMs: number }>;
  /** The unpacked path of better-sqlite3's addon. */
  sqliteAddon: string;
}

const HELP_ENV: Array<[string, string]> = [
  ["PORT", "port to listen on (default 3000)"],
  ["HOST", "address to listen on (default 127.0.0.1)"],
  ["DATABASE_PATH", "SQLite file (default storage/production.sqlite3 in the working directory; a new file gets the schema and the seeds)"],
  ["SECRET_KEY_BASE", "secret_key_base (default: tmp/local_secret.txt, created once)"],
  ["RAILS_ENV", "the config/environments/<env>.rb settings to apply (default production)"],
  ["RAILS2TS_FIXTURES=1", "load the app's test fixtures instead of the seeds, at every boot"],
  ["RAILS2TS_FROZEN_TIME", "freeze the clock (e.g. \"2024-02-15 12:00:00\")"],
  ["RAILS2TS_CACHE_SIZE", "the fragment cache's bound (e.g. 64m)"],
  ["RAILS2TS_SQL_LOG, RAILS2TS_CACHE_LOG", "per-request SQL statement counts / fragment cache activity (conformance)"],
  ["RAILS2TS_CACHE_DIR", "where the executable unpacks its files (default $XDG_CACHE_HOME/rails2ts, ~/.cache/rails2ts, or the temp dir)"],
];

function cacheRoot(): string {
  if (process.env.RAILS2TS_CACHE_DIR) return process.env.RAILS2TS_CACHE_DIR;
  if (process.env.XDG_CACHE_HOME) return join(process.env.XDG_CACHE_HOME, "rails2ts");
  if (process.env.HOME) return join(process.env.HOME, ".cache", "rails2ts");
  return join(tmpdir(), `rails2ts-sea-${userInfo().uid}`);
}

/** Writes every file once; a half-written directory is never used (written aside, then renamed into place). */
function unpack(manifest: SeaManifest): string {
  const dir = join(cacheRoot(), manifest.hash);
  if (existsSync(join(dir, ".complete"))) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  for (const f of manifest.files) {
    const file = join(partial, f.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(getAsset(f.asset)));
    utimesSync(file, new Date(f.mtimeMs), new Date(f.mtimeMs));
  }
  writeFileSync(join(partial, ".complete"), "");
  try {
    renameSync(partial, dir);
  } catch (err) {
    // Another process unpacked the same build first: use its copy.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, ".complete"))) throw err;
  }
  return dir;
}

function help(manifest: SeaManifest, unpackDir: string): string {
  const width = Math.max(...HELP_ENV.map(([name]) => name.length));
  return [
    `${manifest.app}: the Rails app ${manifest.app}, compiled by rails2ts ${manifest.rails2ts} into one executable.`,
    "",
    `Usage: ${manifest.app} [--help | --version]`,
    "  Serves the app over HTTP (and Action Cable over WebSocket) until stopped.",
    "",
    "Environment:",
    ...HELP_ENV.map(([name, what]) => `  ${name.padEnd(width)}  ${what}`),
    "",
    `Files: public/ and the SQLite addon unpack into ${unpackDir}`,
    "",
  ].join("\n");
}

function boot(): void {
  const manifest = JSON.parse(getAsset(SEA_MANIFEST_ASSET, "utf8")) as SeaManifest;
  const args = process.argv.slice(2);
  if (args.includes("--version")) {
    process.stdout.write(`${manifest.app} (rails2ts ${manifest.rails2ts}, node ${process.version})\n`);
    process.exit(0);
  }
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(help(manifest, join(cacheRoot(), manifest.hash)));
    process.exit(0);
  }
  if (args.length) {
    process.stderr.write(`${manifest.app}: unknown argument ${args[0]} (see --help)\n`);
    process.exit(2);
  }
  const dir = unpack(manifest);
  const addon = { exports: {} };
  process.dlopen(addon, join(dir, manifest.sqliteAddon));
  setSqliteBinding(addon.exports);
  useRedisClient(createClient);
  appHost.publicDir = join(dir, "public");
  appHost.root = process.cwd();
}

if (isSea()) boot();
