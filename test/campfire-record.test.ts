// Records the Campfire lane's reference from real Rails (not a check: run by hand, see README "ONCE Campfire").
//   test/campfire/setup-rails.sh /work/campfire /work/campfire-rec-app   # the app copy, gems, both databases
//   RAILS2TS_CAMPFIRE_RECORD=/work/campfire-rec-app npx vitest run test/campfire-record.test.ts
// For each environment the database is rebuilt first (the fixtures, or the schema only for first-run.json), since the
// actions change it; then support/puma-recorder.ts serves the copy under Puma and rewrites the reference.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "vitest";
import { loadCampfireScenario, SCENARIO_DIR, SCENARIOS, type CampfireEnv } from "./support/campfire-lane.js";
import { recordWithPuma } from "./support/puma-recorder.js";

const work = process.env.RAILS2TS_CAMPFIRE_RECORD;
const SECRET = execFileSync("bash", ["-c", "printf campref | sha512sum | cut -c1-128"]).toString().trim();

describe.skipIf(!work)("record ONCE Campfire from real Rails", () => {
  for (const name of SCENARIOS) for (const env of ["test", "development"] as CampfireEnv[]) {
    it(`records ${name} in ${env}`, async () => {
      const scenario = loadCampfireScenario(name);
      const empty = name === "first-run" ? ["--empty"] : [];
      execFileSync(join(SCENARIO_DIR, "setup-rails.sh"), ["--databases-only", env, work!, ...empty], { stdio: "inherit" });
      const recorded = await recordWithPuma({ work: work!, scenario, env, secret: SECRET, laneDir: SCENARIO_DIR });
      console.log(`${name} ${env}: ${recorded.length} entries, ${recorded.filter((r) => r.method !== "WS").length} HTTP`);
    }, 600_000);
  }
});
