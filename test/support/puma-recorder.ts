// Records a lane's reference from real Rails in the chroot (the Campfire lane's recorder and the app2 lane's share
// it): Puma (one thread, no workers; the app's config/puma.rb is left out, as an app's may bind 0.0.0.0 or fork)
// under faketime at the scenario's frozen time, the SQL counter of src/conformance/rails around the app's own
// config.ru, the scenario replayed by campfire-lane.ts, and the lane's reference directory for that scenario and
// environment rewritten. Rails' log is kept as <workdir>/<scenario>-<env>.log; its fragment cache lines, under each
// response's request id, are the steps' cacheHits (src/conformance/cache-log.ts).
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chrootSpawn, stopGroup } from "../../src/conformance/chroot.js";
import { railsHooksDir } from "../../src/conformance/paths.js";
import { freePort, parseCacheLog } from "../../src/conformance/index.js";
import { replayCampfire, writeRecording, type CampfireEnv, type CampfireScenario, type Recorded } from "./campfire-lane.js";

export interface PumaRecording {
  /** The chroot's working directory: the app is its `app/`. */
  work: string;
  scenario: CampfireScenario;
  env: CampfireEnv;
  secret: string;
  /** The lane's folder, whose reference/ is rewritten. */
  laneDir: string;
}

export async function recordWithPuma({ work, scenario, env, secret, laneDir }: PumaRecording): Promise<Recorded[]> {
  const app = join(work, "app");
  const hooks = join(app, "tmp", "rails2ts");
  mkdirSync(hooks, { recursive: true });
  cpSync(railsHooksDir(), hooks, { recursive: true });
  writeFileSync(join(hooks, "puma.rb"), "# The app's config/puma.rb may bind 0.0.0.0 and fork workers: not for a recording.\n");
  // The app's own config.ru, inside the SQL counter of src/conformance/rails. Two logging settings only, made before
  // the app initializes: every log line tagged with its request id, and fragment cache reads and writes logged (test
  // and development log at debug level already).
  writeFileSync(join(hooks, "lane.ru"), [
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
    `FAKETIME='${scenario.frozenTime}' RAILS_ENV=${env} SECRET_KEY_BASE=${secret} RAILS2TS_SQL_LOG=${sqlLog}`,
    `RAILS_MAX_THREADS=1 && exec bundle exec puma -C tmp/rails2ts/puma.rb -e ${env} -b tcp://127.0.0.1:${port} -t 1:1 -w 0 tmp/rails2ts/lane.ru`,
  ].join(" ");
  const out = join(work, `puma-${env}.out`);
  writeFileSync(out, ""); // its "Listening on" is how we know Puma is up
  const puma = chrootSpawn(work, ["bash", "-c", serve], out);
  try {
    await waitForPuma(port, out);
    const recorded = await replayCampfire(scenario, env, `http://127.0.0.1:${port}`, { sql: sqlLog });
    writeRecording(scenario.name, env, withCacheHits(recorded, readFileSync(logFile, "utf8")), laneDir);
    return recorded;
  } finally {
    await stopGroup(puma);
    if (existsSync(logFile)) copyFileSync(logFile, join(work, `${scenario.name}-${env}.log`));
  }
}

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
