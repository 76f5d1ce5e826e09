// What a gem does depends on which release of it the app runs. Each gem whose behaviour the compiler follows
// (Propshaft in assets.ts, importmap-rails in importmap.ts) lists its changes as one table: the feature, the first
// release that has it, and a piece of the gem's source that only the changed code contains.
//
// The release is the version of the gem the app loads (AppGems.loaded, as Bundler resolves it), or, when no gem
// directory holds it, the version Gemfile.lock names. A git checkout carries its gemspec's version, but its code can
// be anything merged after that release (Campfire locks propshaft "0.8.0" at a revision that already has the
// 8-digit digests of 0.9.0), so for a checkout a later release's change counts when its source text is there.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseGemfileLock, type AppGems } from "./gems.js";

export interface GemChange<F extends string> {
  feature: F;
  /** The first release that has it. */
  since: string;
  /** A file of the gem and a text only the changed code contains (looked for in git checkouts). */
  marker: readonly [file: string, text: string];
}

/** The gem as the app runs it: its version, and its source when that is a git checkout. */
export interface GemRelease {
  version: string;
  checkout: string | null;
}

/** The loaded gem's release, else the lock's; null when the lock does not name the gem. */
export function gemRelease(gems: AppGems, name: string): GemRelease | null {
  const loaded = gems.loaded.find((g) => g.name === name);
  if (loaded) return { version: loaded.version, checkout: loaded.git ? loaded.root : null };
  const locked = gems.lockedVersions.get(name);
  return locked === undefined ? null : { version: locked, checkout: null };
}

/** The lock's version of a gem, for callers that are not handed the app's resolved gems. */
export function lockedRelease(appRoot: string, name: string): GemRelease | null {
  let text: string;
  try {
    text = readFileSync(join(appRoot, "Gemfile.lock"), "utf8");
  } catch {
    return null;
  }
  const spec = parseGemfileLock(text).specs.find((s) => s.name === name);
  return spec ? { version: spec.version, checkout: null } : null;
}

/** The features the release has; a gem of unknown version is taken at its newest release the table knows. */
export function gemFeatures<F extends string>(release: GemRelease | null, changes: readonly GemChange<F>[]): Set<F> {
  if (!release) return new Set(changes.map((c) => c.feature));
  return new Set(changes.filter((c) => compareGemVersions(release.version, c.since) >= 0 || (release.checkout !== null && sourceHas(release.checkout, c.marker))).map((c) => c.feature));
}

function sourceHas(root: string, [file, text]: readonly [string, string]): boolean {
  try {
    return readFileSync(join(root, file), "utf8").includes(text);
  } catch {
    return false;
  }
}

/**
 * Gem::Version#<=>: segments are runs of digits (numbers) or of letters (a pre-release, below any number); a
 * missing segment counts as 0. A lock's platform suffix (`1.16.0-x86_64-linux`) is not part of the version.
 */
export function compareGemVersions(a: string, b: string): number {
  const segments = (v: string) => (v.split("-")[0]!.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const left = segments(a);
  const right = segments(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i] ?? 0;
    const r = right[i] ?? 0;
    if (l === r) continue;
    if (typeof l === "string" && typeof r === "number") return -1;
    if (typeof l === "number" && typeof r === "string") return 1;
    return l < r ? -1 : 1;
  }
  return 0;
}
