// The Campfire lane: every step of test/campfire/scenario.json replayed on the compiled ONCE Campfire, in the test
// and the development environment, and compared with what real Rails 7.2.4 answered (test/campfire/reference,
// recorded by campfire-record.test.ts). Per HTTP step: status and body byte for byte (development: CSRF token
// values forgiven, src/conformance/forgiven.ts), then the headers, then the SQL statement count (never above Rails'),
// then the fragment cache activity (equal to what Rails logged); per Action Cable entry: the frames, byte for byte.
// Steps that differ today are listed in KNOWN below with their cause and run as expected failures, so one that
// starts matching fails until it is taken off the list.
// Opt-in as campfire-pages.test.ts: RAILS2TS_CAMPFIRE (a df76a22 checkout), RAILS2TS_CAMPFIRE_GEMS (gem dir).
import { existsSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, relative } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { prepareCampfire } from "./support/campfire-scenario.js";
import { loadCampfireScenario, readRecording, recordingDir, REFERENCE_DIR, SCENARIOS, type CampfireEnv, type Recorded } from "./support/campfire-lane.js";
import { KNOWN } from "./campfire/known-differences.js";
import { checkEntries, replayOurs } from "./support/lane-check.js";

const checkout = process.env.RAILS2TS_CAMPFIRE;
const gems = process.env.RAILS2TS_CAMPFIRE_GEMS;
const SECRET = createHash("sha512").update("campref").digest("hex").slice(0, 128);

if (!checkout || !gems) console.log("campfire lane: skipped (set RAILS2TS_CAMPFIRE and RAILS2TS_CAMPFIRE_GEMS)");

const known = new Map<string, string>();
for (const { cause, steps } of KNOWN) for (const step of steps) known.set(step, cause);

const summary: string[] = [];

describe.skipIf(!checkout || !gems || !existsSync(REFERENCE_DIR))("ONCE Campfire, every recorded step, as Rails answered it", () => {
  let prepared: { out: string; db: string };
  beforeAll(() => {
    prepared = prepareCampfire(checkout!, gems);
  }, 300_000);
  afterAll(() => {
    if (prepared) rmSync(dirname(prepared.out), { recursive: true, force: true });
    if (summary.length) console.log(`campfire lane differences (${summary.length}):\n${summary.join("\n")}`);
  });

  for (const name of SCENARIOS) for (const env of ["test", "development"] as CampfireEnv[]) {
    describe(`${name} ${env}`, () => {
      const scenario = loadCampfireScenario(name);
      const rails = readRecording(name, env);
      let ours = new Map<string, Recorded>();
      let errors = new Map<string, string>();
      beforeAll(async () => {
        // first-run.json starts from an empty database: the emitted app creates the schema in a new file itself.
        ({ ours, errors } = await replayOurs(prepared.out, scenario, env, { db: name === "scenario" ? prepared.db : null, secret: SECRET }));
      }, 600_000);

      checkEntries({
        rails,
        stemOf: (i, expected) => `${relative(REFERENCE_DIR, recordingDir(name, env))}/${String(i + 1).padStart(3, "0")}_${expected.name}`,
        env,
        known,
        ours: () => ours,
        errors: () => errors,
        summary,
      });
    });
  }
});
