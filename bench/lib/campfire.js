// ONCE Campfire's Rails lanes: Campfire itself (a checkout of basecamp/once-campfire df76a22 and the gem
// directory its Campfire lane uses: RAILS2TS_CAMPFIRE, RAILS2TS_CAMPFIRE_GEMS), never copied into this repository.
// The Rails side is assembled as the Campfire lane's recording assembles it (test/campfire/setup-rails.sh: the
// gems Debian lacks at the lock's revisions, a Gemfile resolved offline against Debian's gems, the test
// database loaded from Campfire's own fixtures under faketime), then its assets precompiled; every lane, Rails
// and ours, starts from a copy of that fixtures database. Campfire's production config names a Redis cache
// store and Resque, which the chroot does not run (Debian's connection_pool 3 cannot even build the Redis store):
// the Rails lanes serve through bench/rails/app-config.ru, which keeps Campfire's own config.ru (its
// Rack::Deflater) and swaps those two for :memory_store and :async (see there). DISABLE_SSL=1 on both sides
// (production.rb: assume_ssl/force_ssl unless it is set), as anyone serves Campfire over plain HTTP; SKIP_TELEMETRY=1
// on both sides (config/initializers/sentry.rb: no Sentry.init, which the emitted app declines).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, chmodSync, readdirSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chrootRun, unbindFromChroot } from "../../dist/src/conformance/chroot.js";
import { railsHooksDir } from "../../dist/src/conformance/paths.js";
import { SECRET_KEY_BASE } from "../../dist/src/conformance/secret.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RAILS_FILES = fileURLToPath(new URL("../rails", import.meta.url));
const SETUP = join(ROOT, "test", "campfire", "setup-rails.sh");

/** Where Campfire and its gems are, from the options or the Campfire lane's variables; null when not given. */
export function campfireSource(opt = {}) {
  const dir = opt.campfire ?? process.env.RAILS2TS_CAMPFIRE;
  const gems = opt["campfire-gems"] ?? process.env.RAILS2TS_CAMPFIRE_GEMS;
  if (!dir || !gems) return null;
  if (!existsSync(join(dir, "config", "application.rb"))) throw new Error(`campfire: ${dir} is not a Rails app`);
  return { dir, gems };
}

/** The same shape as rails-lane.js's prepareRails: { dir, chrootDir, benchDir, seeded, serveArgs, dispose }. */
export async function prepareCampfireRails(campfireDir, log) {
  const work = mkdtempSync(join(tmpdir(), "rails2ts-bench-campfire-"));
  const app = join(work, "app");
  const dispose = () => {
    unbindFromChroot(work);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    log(`campfire: assembling the Rails copy in ${work} (test/campfire/setup-rails.sh)`);
    execFileSync("bash", [SETUP, campfireDir, work], { stdio: ["ignore", "pipe", "pipe"] });
    log("campfire: assets:precompile (Propshaft's manifest, as production serves it)");
    await chrootRun(work, ["bash", "-c", `cd app && RAILS_ENV=test SECRET_KEY_BASE=${SECRET_KEY_BASE} bin/rails assets:precompile >/dev/null`]);
    cpSync(railsHooksDir(), join(app, "tmp", "rails2ts"), { recursive: true });
    const benchDir = join(app, "tmp", "bench-rails");
    cpSync(RAILS_FILES, benchDir, { recursive: true });
    for (const f of readdirSync(benchDir)) if (f.endsWith(".sh")) chmodSync(join(benchDir, f), 0o755);
    // The fixtures database (loaded under faketime at 2024-02-15 12:00:00 UTC, bot tokens set) is every lane's seed.
    const seeded = join(app, "storage", "db", "bench-seeded.sqlite3");
    copyFileSync(join(app, "storage", "db", "test.sqlite3"), seeded);
    const serveArgs = ["--cd", app, "--rackup", join(benchDir, "app-config.ru"), "--config", join(benchDir, "puma-none.rb"), "--env", "DISABLE_SSL=1", "--env", "SKIP_TELEMETRY=1"];
    return { dir: app, chrootDir: work, benchDir, seeded, serveArgs, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
