// Records the app2 lane's reference (Freebooks, test/app2) from real Rails; not a check, run by hand:
//   test/app2/setup-rails.sh /work/app2-rails      # the app copy, its gems, both databases
//   RAILS2TS_APP2_RECORD=/work/app2-rails npx vitest run test/app2-record.test.ts
// For each environment the database is rebuilt first (the actions change it), then support/puma-recorder.ts serves the
// copy under Puma and rewrites test/app2/reference/<env>.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "vitest";
import { loadCampfireScenario, type CampfireEnv } from "./support/campfire-lane.js";
import { recordWithPuma } from "./support/puma-recorder.js";
import { APP2_DIR, APP2_SECRET } from "./support/app2-lane.js";

const work = process.env.RAILS2TS_APP2_RECORD;

describe.skipIf(!work)("record Freebooks from real Rails", () => {
  for (const env of ["test", "development"] as CampfireEnv[]) {
    it(`records it in ${env}`, async () => {
      const scenario = loadCampfireScenario("scenario", APP2_DIR);
      execFileSync(join(APP2_DIR, "setup-rails.sh"), ["--databases-only", env, work!], { stdio: "inherit" });
      const recorded = await recordWithPuma({ work: work!, scenario, env, secret: APP2_SECRET, laneDir: APP2_DIR });
      console.log(`${env}: ${recorded.length} entries`);
    }, 600_000);
  }
});
