// The app2 lane: a second real open-source Rails app, of another team and style than Campfire (Freebooks,
// github.com/diegolinhares/freebooks at 10ef20b: a library's librarian side, namespaced controllers rendering
// templates with explicit locals, Action Policy, Pico CSS over Propshaft), every step of test/app2/scenario.json
// replayed on the compiled app in the test and the development environment and compared with what real Rails 7.2.4
// answered (test/app2/reference, recorded by app2-record.test.ts), as the Campfire lane compares (support/lane-check.ts).
// Opt-in: RAILS2TS_APP2 (the app as test/app2/setup-rails.sh assembles it: WORKDIR/app) and RAILS2TS_APP2_GEMS (its
// gem directory: WORKDIR/compile-gems).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { loadCampfireScenario, readRecording, recordingDir, type CampfireEnv, type Recorded } from "./support/campfire-lane.js";
import { checkEntries, replayOurs } from "./support/lane-check.js";
import { APP2_DIR, APP2_SECRET } from "./support/app2-lane.js";
import { KNOWN } from "./app2/known-differences.js";

const app = process.env.RAILS2TS_APP2;
const gems = process.env.RAILS2TS_APP2_GEMS;
const CLI = join(import.meta.dirname, "../dist/src/cli.js");
const REFERENCE = join(APP2_DIR, "reference");

if (!app || !gems) console.log("app2 lane: skipped (set RAILS2TS_APP2 and RAILS2TS_APP2_GEMS)");

const known = new Map<string, string>();
for (const { cause, steps } of KNOWN) for (const step of steps) known.set(step, cause);
const summary: string[] = [];

describe.skipIf(!app || !gems || !existsSync(REFERENCE))("Freebooks, every recorded step, as Rails answered it", () => {
  let scratch = "";
  let out = "";
  let db = "";
  beforeAll(() => {
    // Compiled, and its fixtures (spec/fixtures, as its db/seeds.rb loads them) loaded into a new database with the
    // clock of the recording's setup.
    scratch = mkdtempSync(join(tmpdir(), "rails2ts-app2-lane-"));
    out = join(scratch, "out");
    db = join(scratch, "fixtures.sqlite3");
    execFileSync(process.execPath, [CLI, "--gem-path", gems!, "fixtures", app!, "--fixtures-path", "spec/fixtures", "--db", db, "--out", out], {
      env: { ...process.env, RAILS2TS_FROZEN_TIME: "2024-06-22 12:00:00" },
      stdio: "pipe",
    });
  }, 300_000);
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    if (summary.length) console.log(`app2 lane differences (${summary.length}):\n${summary.join("\n")}`);
  });

  for (const env of ["test", "development"] as CampfireEnv[]) {
    describe(env, () => {
      const scenario = loadCampfireScenario("scenario", APP2_DIR);
      const rails = readRecording("scenario", env, APP2_DIR);
      let ours = new Map<string, Recorded>();
      let errors = new Map<string, string>();
      beforeAll(async () => {
        ({ ours, errors } = await replayOurs(out, scenario, env, { db, secret: APP2_SECRET }));
      }, 600_000);

      checkEntries({
        rails,
        stemOf: (i, expected) => `${relative(REFERENCE, recordingDir("scenario", env, APP2_DIR))}/${String(i + 1).padStart(3, "0")}_${expected.name}`,
        env,
        known,
        ours: () => ours,
        errors: () => errors,
        summary,
      });
    });
  }
});
