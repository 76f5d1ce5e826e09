// The app's gems, found where Bundler installs them: Gemfile.lock names each gem and its version (or git
// revision), Gemfile says which groups load it, and the gem directories (`--gem-path`, GEM_PATH, GEM_HOME,
// vendor/bundle, the system's) hold them. What the compiler needs from gems is what they ship: the asset
// directories of the Rails engines among them (turbo.js from turbo-rails, trix.css from Action Text, ...).
//
// A gem the lock names that is not installed at its version is looked for at any other version (the newest wins);
// that substitution is reported. A gem found nowhere is named by the diagnostic of an asset the app needs and no
// load path holds (e.g. an import map pin); a page that names such an asset fails as Rails' asset resolver does.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseRuby } from "../parse/ruby.js";
import { literalString, type Node } from "../parse/ir.js";
import type { Diagnostics } from "../diagnostics/index.js";

export interface LockedGem {
  name: string;
  version: string;
  /** For a gem from a git source: the checkout's directory name (`turbo-rails-d7155dd51d8a`). */
  gitCheckout: string | null;
  /** For a gem from a PATH source: the source's `remote:` as the lock writes it (relative to the app's root). */
  path: string | null;
  dependencies: string[];
  /** 1-based line of the spec in Gemfile.lock. */
  line: number;
}

export interface InstalledGem {
  name: string;
  version: string;
  root: string;
  /** Bundler's checkout of the locked git revision: code past the release its version names (src/analyze/gem-release.ts). */
  git?: boolean;
}

export interface AppGems {
  /** Installed gems the app loads (Gemfile's default group and what those depend on), in Gemfile order. */
  loaded: InstalledGem[];
  /** Gem names the lock lists (found or not), so callers can tell "not a dependency" from "not installed". */
  locked: Set<string>;
  /** The version the lock names for each gem: what the app would load where no gem directory holds it. */
  lockedVersions: Map<string, string>;
  /** Gems the app loads that no gem directory holds: a missing asset's diagnostic names them. */
  missing: string[];
}

/** Gemfile.lock -> its specs (GEM, GIT and PATH sections) and the DEPENDENCIES list. */
export function parseGemfileLock(text: string): { specs: LockedGem[]; dependencies: string[] } {
  const specs: LockedGem[] = [];
  const dependencies: string[] = [];
  let section = "";
  let remote = "";
  let revision = "";
  let inSpecs = false;
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    if (/^\S/.test(line)) {
      section = line.trim();
      remote = revision = "";
      inSpecs = false;
      return;
    }
    if (section === "DEPENDENCIES") {
      const m = /^ {2}([^\s!]+)/.exec(line);
      if (m) dependencies.push(m[1]!);
      return;
    }
    if (section !== "GEM" && section !== "GIT" && section !== "PATH") return;
    let m = /^ {2}remote: (.+)$/.exec(line);
    if (m) remote = m[1]!.trim();
    m = /^ {2}revision: (\w+)/.exec(line);
    if (m) revision = m[1]!;
    if (/^ {2}specs:/.test(line)) inSpecs = true;
    if (!inSpecs) return;
    m = /^ {4}(\S+) \(([^)]+)\)$/.exec(line);
    if (m) {
      const gitCheckout = section === "GIT" && revision ? `${gitBaseName(remote)}-${revision.slice(0, 12)}` : null;
      specs.push({ name: m[1]!, version: m[2]!, gitCheckout, path: section === "PATH" ? remote : null, dependencies: [], line: index + 1 });
      return;
    }
    m = /^ {6}(\S+)/.exec(line);
    if (m && specs.length) specs[specs.length - 1]!.dependencies.push(m[1]!);
  });
  return { specs, dependencies };
}

/** Bundler's Source::Git#base_name: the repository's name without `.git`. */
function gitBaseName(uri: string): string {
  return basename(uri.replace(/^(\w+:\/\/)?([^/:]+:)?(\/\/\w*\/)?(\w*\/)*/, ""), ".git");
}

/**
 * The gem names Gemfile loads with `Bundler.require(*Rails.groups)` in production: gems outside any group or in
 * `:production`, in Gemfile order. Gems in other groups (development, test) are left out.
 */
export function gemfileDefaultGems(text: string, file: string): string[] {
  const parsed = parseRuby(text, file);
  const out: string[] = [];
  const loads = (groups: string[]) => groups.length === 0 || groups.includes("default") || groups.includes("production");
  const visit = (nodes: Node[], groups: string[]) => {
    for (const node of nodes) {
      if (node.kind !== "call" || node.receiver) continue;
      if (node.method === "group" && node.block) {
        const names = node.args.map((a) => literalString(a)).filter((s): s is string => s !== null);
        visit(node.block.body, names);
      } else if (node.method === "gem") {
        const name = literalString(node.args[0]);
        if (!name) continue;
        let own = groups;
        for (const arg of node.args.slice(1)) {
          if (arg.kind !== "hash") continue;
          for (const pair of arg.pairs) {
            const key = literalString(pair.key);
            if (key !== "group" && key !== "groups") continue;
            own = pair.value.kind === "array" ? pair.value.elements.map((e) => literalString(e) ?? "") : [literalString(pair.value) ?? ""];
          }
        }
        if (loads(own)) out.push(name);
      } else if (node.block) visit(node.block.body, groups);
    }
  };
  if (!parsed.errors.length) visit(parsed.body, []);
  return out;
}

/** Where gems are installed: explicit paths first, then GEM_PATH/GEM_HOME, the app's vendor/bundle, the system's. */
export function gemDirectories(appRoot: string, explicit: string[] = []): string[] {
  const fromEnv = [process.env.RAILS2TS_GEM_PATH, process.env.GEM_PATH, process.env.GEM_HOME]
    .flatMap((v) => (v ? v.split(":") : []));
  const vendor = join(appRoot, "vendor/bundle/ruby");
  const vendorDirs = existsSync(vendor) ? readdirSync(vendor).map((v) => join(vendor, v)) : [];
  const system = ["/usr/share/rubygems-integration/all", "/var/lib/gems", "/usr/lib/ruby/gems", "/usr/local/lib/ruby/gems"]
    .flatMap((d) => (d.endsWith("/all") ? [d] : existsSync(d) ? readdirSync(d).map((v) => join(d, v)) : []));
  return [...explicit, ...fromEnv, ...vendorDirs, ...system].filter((d, i, all) => d && all.indexOf(d) === i && isDir(d));
}

/** True when `path` is a directory (false when it does not exist). */
export function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Compares dotted versions numerically where both parts are numbers (`7.10` > `7.9`). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? "";
    const y = pb[i] ?? "";
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Where a git checkout or a PATH source holds the gem: Bundler's DEFAULT_GLOB `{,*,*\/*}.gemspec`, the gemspec at
 * the source's root or in any directory right below it (`rails-<rev>/actioncable/actioncable.gemspec`).
 */
function gemRootIn(source: string, name: string): string | null {
  if (existsSync(join(source, `${name}.gemspec`))) return source;
  if (!isDir(source)) return null;
  for (const entry of readdirSync(source).sort()) {
    const sub = join(source, entry);
    if (existsSync(join(sub, `${name}.gemspec`))) return sub;
  }
  return null;
}

function findInstalled(gem: LockedGem, dirs: string[], appRoot: string): { root: string; version: string; git?: boolean } | null {
  // A PATH source is the gem's own source, wherever gems are installed (Bundler::Source::Path, relative to the
  // Gemfile); like a git checkout, its code may be past the release its version names.
  if (gem.path !== null) {
    const root = gemRootIn(resolve(appRoot, gem.path), gem.name);
    if (root) return { root, version: gem.version, git: true };
  }
  for (const dir of dirs) {
    if (gem.gitCheckout) {
      const root = gemRootIn(join(dir, "bundler/gems", gem.gitCheckout), gem.name);
      if (root) return { root, version: gem.version, git: true };
    }
    const exact = join(dir, "gems", `${gem.name}-${gem.version}`);
    if (isDir(exact)) return { root: exact, version: gem.version };
  }
  return null;
}

function findAnyVersion(name: string, dirs: string[]): { root: string; version: string } | null {
  let best: { root: string; version: string } | null = null;
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-(\\d[\\w.]*)$`);
  for (const dir of dirs) {
    const gems = join(dir, "gems");
    if (!isDir(gems)) continue;
    for (const entry of readdirSync(gems)) {
      const m = pattern.exec(entry);
      if (m && (!best || compareVersions(m[1]!, best.version) > 0)) best = { root: join(gems, entry), version: m[1]! };
    }
  }
  return best;
}

/**
 * The gems the app loads, installed: Gemfile's default-group gems and everything they depend on per the lock, in
 * Gemfile order (a dependency right after the first gem that needs it). Without a Gemfile.lock there are none.
 */
export function resolveAppGems(appRoot: string, diagnostics: Diagnostics, explicitPaths: string[] = []): AppGems {
  const lockFile = join(appRoot, "Gemfile.lock");
  const gemfile = join(appRoot, "Gemfile");
  if (!existsSync(lockFile)) return { loaded: [], locked: new Set(), lockedVersions: new Map(), missing: [] };
  const lock = parseGemfileLock(readFileSync(lockFile, "utf8"));
  // A gem locked for several platforms (`nokogiri (1.16.0-x86_64-linux)`, `... -arm64-darwin`): the first one.
  const specs = new Map<string, LockedGem>();
  for (const spec of lock.specs) if (!specs.has(spec.name)) specs.set(spec.name, spec);
  const roots = existsSync(gemfile) ? gemfileDefaultGems(readFileSync(gemfile, "utf8"), gemfile) : lock.dependencies;
  const order: string[] = [];
  const seen = new Set<string>();
  const walk = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const spec = specs.get(name);
    if (!spec) return;
    order.push(name);
    spec.dependencies.forEach(walk);
  };
  roots.forEach(walk);
  const dirs = gemDirectories(appRoot, explicitPaths);
  const loaded: InstalledGem[] = [];
  const missing: string[] = [];
  const substituted: string[] = [];
  for (const name of order) {
    const spec = specs.get(name)!;
    const found = findInstalled(spec, dirs, appRoot);
    if (found) {
      loaded.push({ name, ...found });
      continue;
    }
    const other = findAnyVersion(name, dirs);
    if (other) {
      loaded.push({ name, ...other });
      substituted.push(`${name} ${spec.gitCheckout ? `(git ${spec.gitCheckout})` : spec.path !== null ? `(path ${spec.path})` : spec.version} -> ${other.version}`);
    } else missing.push(name);
  }
  const at = { file: lockFile, line: 1, column: 1, endLine: 1, endColumn: 1 };
  if (substituted.length) diagnostics.report("gem_substituted", at, substituted.join(", "));
  return { loaded, locked: new Set(specs.keys()), lockedVersions: new Map([...specs].map(([name, spec]) => [name, spec.version])), missing };
}

/** True when the gem defines a Rails::Engine (so Rails adds its app/assets, lib/assets and vendor/assets). */
export function definesEngine(gem: InstalledGem): boolean {
  // Asked for the asset load path and again for the engines' views: each gem's lib/ is read once.
  const known = engineByRoot.get(gem.root);
  if (known !== undefined) return known;
  const found = scanForEngine(gem.root);
  engineByRoot.set(gem.root, found);
  return found;
}

const engineByRoot = new Map<string, boolean>();

function scanForEngine(root: string): boolean {
  const lib = join(root, "lib");
  const stack = [lib];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const abs = join(dir, entry);
      if (isDir(abs)) stack.push(abs);
      else if (entry.endsWith(".rb") && /<\s*(::)?Rails::Engine\b/.test(readFileSync(abs, "utf8"))) return true;
    }
  }
  return false;
}
