// Records the Campfire lane's reference from real Rails (not a check: run by hand, see README "ONCE Campfire").
//   test/campfire/setup-rails.sh /work/campfire /work/campfire-rec-app   # the app copy, gems, both databases
//   RAILS2TS_CAMPFIRE_RECORD=/work/campfire-rec-app npx vitest run test/campfire-record.test.ts
// For each environment: Puma (one thread, no workers, Campfire's config/puma.rb left out as it binds 0.0.0.0 and
// forks) under faketime at the scenario's 13:00:00, the SQL counter of src/conformance/rails around the app's own config.ru, the
// scenario replayed by campfire-lane.ts, and its reference directory rewritten. The database is rebuilt first (the
// fixtures, or the schema only for first-run.json), since the actions change it. Rails' log is kept as
// <workdir>/<scenario>-<env>.log; its fragment cache lines, under each response's request id, are the steps'
// cacheHits (src/conformance/cache-log.ts).
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { chrootSpawn, stopGroup } from "../src/conformance/chroot.js";
import { railsHooksDir } from "../src/conformance/paths.js";
import { freePort, parseCacheLog } from "../src/conformance/index.js";
import { loadCampfireScenario, replayCampfire, SCENARIO_DIR, SCENARIOS, writeRecording, type CampfireEnv, type Recorded } from "./support/campfire-lane.js";

const work = process.env.RAILS2TS_CAMPFIRE_RECORD;
const SECRET = execFileSync("bash", ["-c", "printf campref | sha512sum | cut -c1-128"]).toString().trim();

describe.skipIf(!work)("record ONCE Campfire from real Rails", () => {
  for (const name of SCENARIOS) for (const env of ["test", "development"] as CampfireEnv[]) {
    it(`records ${name} in ${env}`, async () => {
      const scenario = loadCampfireScenario(name);
      const empty = name === "first-run" ? ["--empty"] : [];
      execFileSync(join(SCENARIO_DIR, "setup-rails.sh"), ["--databases-only", env, work!, ...empty], { stdio: "inherit" });
      const app = join(work!, "app");
      const hooks = join(app, "tmp", "rails2ts");
      mkdirSync(hooks, { recursive: true });
      cpSync(railsHooksDir(), hooks, { recursive: true });
      writeFileSync(join(hooks, "puma.rb"), "# Campfire's config/puma.rb binds 0.0.0.0 and forks workers: not for a recording.\n");
      // The app's own config.ru (Campfire's adds Rack::Deflater), inside the SQL counter of src/conformance/rails.
      // Two logging settings only, made before the app initializes: every log line tagged with its request id, and
      // fragment cache reads and writes logged (test and development log at debug level already).
      writeFileSync(join(hooks, "campfire.ru"), [
        'require_relative "sql_count"',
        'require File.expand_path("config/application", Dir.pwd)',
        "Rails.application.config.log_tags = [:request_id]",
        "Rails.application.config.action_controller.enable_fragment_cache_logging = true",
        'use Rails2tsSqlCount::Middleware, ENV.fetch("RAILS2TS_SQL_LOG")',
        'config_ru = File.expand_path("config.ru", Dir.pwd)',
        "instance_eval(File.read(config_ru), config_ru)",
        "Rails2tsSqlCount.subscribe",
        "",
      ].join("\n"));
      const sqlLog = join(hooks, `sql-${env}.log`);
      writeFileSync(sqlLog, "");
      const logFile = join(app, "log", `${env}.log`);
      writeFileSync(logFile, "");
      const port = await freePort();
      const serve = [
        "cd app && export LD_PRELOAD=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1) FAKETIME_DONT_FAKE_MONOTONIC=1",
        `FAKETIME='${scenario.frozenTime}' RAILS_ENV=${env} SECRET_KEY_BASE=${SECRET} RAILS2TS_SQL_LOG=${sqlLog}`,
        `RAILS_MAX_THREADS=1 && exec bundle exec puma -C tmp/rails2ts/puma.rb -e ${env} -b tcp://127.0.0.1:${port} -t 1:1 -w 0 tmp/rails2ts/campfire.ru`,
      ].join(" ");
      writeFileSync(join(work!, `puma-${env}.out`), ""); // its "Listening on" is how we know Puma is up
      const puma = chrootSpawn(work!, ["bash", "-c", serve], join(work!, `puma-${env}.out`));
      try {
        await waitForPuma(port, join(work!, `puma-${env}.out`));
        const recorded = await replayCampfire(scenario, env, `http://127.0.0.1:${port}`, { sql: sqlLog });
        writeRecording(name, env, withCacheHits(recorded, readFileSync(logFile, "utf8")));
        console.log(`${name} ${env}: ${recorded.length} entries, ${recorded.filter((r) => r.method !== "WS").length} HTTP`);
      } finally {
        await stopGroup(puma);
        if (existsSync(logFile)) copyFileSync(logFile, join(work!, `${name}-${env}.log`));
      }
    }, 600_000);
  }
});

/** Each HTTP step with the fragment cache activity Rails logged under its X-Request-Id. */
function withCacheHits(recorded: Recorded[], log: string): Recorded[] {
  const byRequest = parseCacheLog(log);
  return recorded.map((r) => {
    const id = r.headers.find(([k]) => k.toLowerCase() === "x-request-id")?.[1];
    const cacheHits = id === undefined ? undefined : byRequest.get(id);
    return cacheHits ? { ...r, cacheHits } : r;
  });
}

async function waitForPuma(port: number, out: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (existsSync(out) && /Listening on/.test(readFileSync(out, "utf8"))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Puma did not start on ${port}:\n${readFileSync(out, "utf8").slice(-3000)}`);
}
