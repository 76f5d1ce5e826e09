// A/B of CPU per request on already-compiled apps (a developer's loop, not a report): boots each emitted project
// in production on its own copy of a database, signs in when the app has a user, and alternates wrk rounds between
// the projects so machine noise falls on both alike; CPU per request is the server process's utime + stime over
// wrk's requests (lib/cpu.js), the median of the rounds is printed. --profile DIR also writes a .cpuprofile per
// server (lib/profile-hook.js).
//
//   node bench/ab.js --app campfire --path /rooms/654632876 --out A_DIR --db A_DB [--out B_DIR --db B_DB] [--rounds 5] [--seconds 3]
//     [--together]  (both servers loaded at once in each round instead of one after the other)
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { bootEmitted } from "../dist/src/emit/boot.js";
import { SECRET_KEY_BASE } from "../dist/src/conformance/secret.js";
import { APPS, scenarioHost } from "./lib/apps.js";
import { startCpuWindow } from "./lib/cpu.js";
import { benchHeaders } from "./lib/http-get.js";
import { laneHeaders } from "./lib/lanes.js";
import { lanePids, memoryOf } from "./lib/procs.js";
import { runWrk } from "./lib/wrk.js";

const PROFILE_HOOK = new URL("./lib/profile-hook.js", import.meta.url).href;
const { values: v } = parseArgs({
  options: {
    app: { type: "string" }, path: { type: "string", multiple: true }, out: { type: "string", multiple: true }, db: { type: "string", multiple: true },
    rounds: { type: "string", default: "5" }, seconds: { type: "string", default: "3" }, profile: { type: "string" },
    together: { type: "boolean", default: false },
  },
});
const app = APPS[v.app];
const log = (s) => process.stderr.write(`${s}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const scratch = mkdtempSync(join(tmpdir(), "rails2ts-ab-"));
const host = app.external ? app.host : scenarioHost(new URL(`../${app.dir}`, import.meta.url).pathname);
const servers = [];
try {
  for (const [i, out] of v.out.entries()) {
    const dbPath = join(scratch, `${i}.sqlite3`);
    if (v.db?.[i]) copyFileSync(v.db[i], dbPath);
    const env = { ...app.appEnv, SECRET_KEY_BASE };
    if (v.profile) Object.assign(env, { NODE_OPTIONS: `--import=${PROFILE_HOOK}`, RAILS2TS_PROFILE_DIR: join(v.profile, String(i)), RAILS2TS_PROFILE_ON_SIGNAL: "1" });
    const booted = await bootEmitted(out, { port: 0, dbPath, env });
    const headers = await laneHeaders({ name: `lane ${i}`, baseUrl: booted.baseUrl }, benchHeaders(host), app.signIn, log);
    servers.push({ out, booted, pid: lanePids(booted.port)[0], headers, rounds: {} });
  }
  for (const path of v.path ?? app.paths.slice(0, 1)) {
    for (const s of servers) await runWrk({ url: `${s.booted.baseUrl}${path}`, seconds: 1, connections: 10, threads: 1, headers: s.headers });
    if (v.profile) for (const s of servers) process.kill(s.pid, "SIGWINCH");
    const measure = async (s) => {
      const done = startCpuWindow([s.pid]);
      const w = await runWrk({ url: `${s.booted.baseUrl}${path}`, seconds: Number(v.seconds), connections: 10, threads: 1, headers: s.headers });
      const cpu = done();
      if (w.non2xxOrErrors > 0) throw new Error(`${path}: ${w.non2xxOrErrors} errors or non-2xx`);
      (s.rounds[path] ??= []).push((cpu.laneS * 1000) / w.requests);
    };
    for (let r = 0; r < Number(v.rounds); r++) {
      // --together: every server under load at the same moment, so whatever else the machine runs falls on all alike.
      if (v.together) await Promise.all(servers.map(measure));
      else for (const s of r % 2 ? [...servers].reverse() : servers) await measure(s);
    }
    // Each round runs every server back to back: the ratio within a round is what outside load disturbs least.
    for (const [i, s] of servers.entries()) {
      if (i === 0) continue;
      const ratios = s.rounds[path].map((x, r) => x / servers[0].rounds[path][r]);
      console.log(`${i} / 0 ${path}: median ratio ${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(2)).join(" ")})`);
    }
    for (const [i, s] of servers.entries()) {
      const xs = s.rounds[path];
      console.log(`${i} ${path}: ${median(xs).toFixed(3)} ms CPU/req (rounds ${xs.map((x) => x.toFixed(3)).join(" ")}) rss ${(memoryOf(s.pid).rss / 1024).toFixed(1)} MiB`);
    }
  }
} finally {
  for (const s of servers) await s.booted.stop();
  rmSync(scratch, { recursive: true, force: true });
}
