// The Campfire lane: every step of test/campfire/scenario.json replayed on the compiled ONCE Campfire, in the test
// and the development environment, and compared with what real Rails 7.2.4 answered (test/campfire/reference,
// recorded by campfire-record.test.ts). Per HTTP step: status and body byte for byte (development: CSRF token
// values forgiven, src/conformance/forgiven.ts), then the headers, then the SQL statement count (never above Rails'),
// then the fragment cache activity (equal to what Rails logged); per Action Cable entry: the frames, byte for byte.
// Steps that differ today are listed in KNOWN below with their cause and run as expected failures, so one that
// starts matching fails until it is taken off the list.
// Opt-in as campfire-pages.test.ts: RAILS2TS_CAMPFIRE (a df76a22 checkout), RAILS2TS_CAMPFIRE_GEMS (gem dir).
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { prepareCampfire } from "./support/campfire-scenario.js";
import { loadCampfireScenario, readRecording, recordingDir, REFERENCE_DIR, replayCampfire, SCENARIOS, type CampfireEnv, type Recorded } from "./support/campfire-lane.js";
import { KNOWN } from "./campfire/known-differences.js";
import { bootOurs, checkEntries } from "./support/lane-check.js";

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
      const errors = new Map<string, string>();
      beforeAll(async () => {
        const scratch = mkdtempSync(join(tmpdir(), `rails2ts-campfire-lane-${env}-`));
        const db = join(scratch, "campfire.sqlite3");
        // first-run.json starts from an empty database: the emitted app creates the schema in a new file itself.
        if (name === "scenario") copyFileSync(prepared.db, db);
        const sqlLog = join(scratch, "sql.log");
        const cacheLog = join(scratch, "cache.log");
        writeFileSync(sqlLog, "");
        writeFileSync(cacheLog, "");
        const server = await bootOurs(prepared.out, { RAILS_ENV: env, SECRET_KEY_BASE: SECRET, RAILS2TS_FROZEN_TIME: scenario.frozenTime, RAILS2TS_SQL_LOG: sqlLog, RAILS2TS_CACHE_LOG: cacheLog, DATABASE_PATH: db });
        try {
          // What our server printed on stderr during each step (an exception's first line): the cause of a 500.
          const replayed = await replayCampfire(scenario, env, server.baseUrl, { sql: sqlLog, cache: cacheLog }, (step) => {
            const first = server.takeStderr().split("\n").find((l) => /\S/.test(l) && !/^\s+at /.test(l));
            if (first) errors.set(step.name, first.slice(0, 160));
          });
          ours = new Map(replayed.map((r) => [r.name, r]));
        } finally {
          await server.stop();
          rmSync(scratch, { recursive: true, force: true });
        }
      }, 600_000);

      checkEntries({
        rails,
        stemOf: (i, expected) => `${relative(REFERENCE_DIR, recordingDir(name, env))}/${String(i + 1).padStart(3, "0")}_${expected.name}`,
        env,
        known,
        ours: () => ours,
        errors,
        summary,
      });
    });
  }
});
