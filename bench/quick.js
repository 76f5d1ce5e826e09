// The quick bench: CPU per request of the emitted app alone, a few seconds per page, for a developer to run before
// stopping whenever runtime/ changed (`npm run bench:quick`, about a minute). No Rails lanes and no ceiling: the
// Rails figures beside it are the last full report's (bench/results/<date>.json), named as such. It measures the
// working tree's dist/ (run `npm run build` first), each app compiled with --link and booted on a fresh database
// its own seeds fill. CPU per request is the server process's utime + stime over wrk's requests, a figure other
// work on the machine barely moves (unlike req/s); the median of the rounds is reported.
//
//   node bench/quick.js [--apps blog,chat] [--seconds 3] [--rounds 3] [--save] [--against FILE] [--profile DIR]
//
// --save writes bench/results/quick-<date>.json; every run prints the previous quick result beside its own
// (the newest bench/results/quick-*.json other than the one being written, or --against FILE) with the change.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bootEmitted } from "../dist/src/emit/boot.js";
import { SECRET_KEY_BASE } from "../dist/src/conformance/secret.js";
import { APPS, scenarioHost } from "./lib/apps.js";
import { campfireSource } from "./lib/campfire.js";
import { startCpuWindow } from "./lib/cpu.js";
import { benchHeaders } from "./lib/http-get.js";
import { laneHeaders } from "./lib/lanes.js";
import { lanePids, memoryOf } from "./lib/procs.js";
import { runWrk } from "./lib/wrk.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RESULTS = join(ROOT, "bench/results");
const CLI = join(ROOT, "dist/src/cli.js");
const PROFILE_HOOK = new URL("./lib/profile-hook.js", import.meta.url).href;

/** The pages the quick mode times: each app's headline page. */
const QUICK_PATHS = { blog: ["/articles", "/articles/1"], chat: ["/rooms/1", "/rooms/1/messages"] };

/**
 * Compiles an app and prepares its database: a fixture app compiled with --link (booted on a fresh database its
 * seeds fill); Campfire (--apps campfire, from RAILS2TS_CAMPFIRE and RAILS2TS_CAMPFIRE_GEMS) through `rails2ts
 * fixtures`, which compiles it and loads its own test fixtures into the database, without the Rails chroot the
 * full bench assembles (the same rows; the full bench loads them with Rails under faketime).
 */
function prepareApp(name, app, scratch) {
  const out = join(scratch, name);
  const dbPath = join(scratch, `${name}.sqlite3`);
  if (!app.external) {
    execFileSync(process.execPath, [CLI, "compile", join(ROOT, app.dir), "--out", out, "--link"], { stdio: ["ignore", "ignore", "inherit"] });
    return { out, dbPath, host: scenarioHost(join(ROOT, app.dir)) };
  }
  const source = campfireSource();
  if (!source) throw new Error(`--apps ${name} needs RAILS2TS_CAMPFIRE and RAILS2TS_CAMPFIRE_GEMS`);
  execFileSync(process.execPath, [CLI, "--gem-path", source.gems, "fixtures", source.dir, "--db", dbPath, "--out", out], {
    env: { ...process.env, RAILS2TS_FROZEN_TIME: "2024-02-15 12:00:00" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { out, dbPath, host: app.host };
}

function options(argv) {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      apps: { type: "string", default: "blog,chat" },
      seconds: { type: "string", default: "3" },
      rounds: { type: "string", default: "3" },
      warmup: { type: "string", default: "1" },
      against: { type: "string" },
      profile: { type: "string" },
      save: { type: "boolean", default: false },
    },
  });
  return {
    apps: v.apps.split(","), seconds: Number(v.seconds), rounds: Number(v.rounds), warmup: Number(v.warmup), connections: 10,
    save: v.save, against: v.against ?? null, profile: v.profile ?? null,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const log = (s) => process.stderr.write(`${s}\n`);

async function measureApp(name, o, scratch) {
  const app = APPS[name];
  if (!app) throw new Error(`no bench app ${name} (bench/lib/apps.js)`);
  const { out, dbPath, host } = prepareApp(name, app, scratch);
  const env = { ...app.appEnv, SECRET_KEY_BASE };
  // --profile DIR: a .cpuprofile per app (written when the server exits on the SIGTERM that stops it).
  if (o.profile) Object.assign(env, { NODE_OPTIONS: `--import=${PROFILE_HOOK}`, RAILS2TS_PROFILE_DIR: o.profile });
  const booted = await bootEmitted(out, { port: 0, dbPath, env });
  try {
    const pid = lanePids(booted.port)[0];
    const headers = await laneHeaders({ name, baseUrl: booted.baseUrl }, benchHeaders(host), app.signIn, log);
    const pages = {};
    for (const path of QUICK_PATHS[name] ?? app.paths.slice(0, 1)) {
      const url = `${booted.baseUrl}${path}`;
      await runWrk({ url, seconds: o.warmup, connections: o.connections, threads: 1, headers });
      const rounds = [];
      for (let r = 0; r < o.rounds; r++) {
        const done = startCpuWindow([pid]);
        const w = await runWrk({ url, seconds: o.seconds, connections: o.connections, threads: 1, headers });
        const cpu = done();
        if (w.non2xxOrErrors > 0) throw new Error(`${name} ${path}: ${w.non2xxOrErrors} answers were errors or not 2xx`);
        rounds.push({ cpuMsPerRequest: (cpu.laneS * 1000) / w.requests, rps: w.rps, otherCpuPct: (100 * cpu.otherS) / cpu.wallS });
      }
      pages[path] = {
        cpuMsPerRequest: median(rounds.map((r) => r.cpuMsPerRequest)),
        rps: median(rounds.map((r) => r.rps)),
        otherCpuPct: Math.max(...rounds.map((r) => r.otherCpuPct)),
        rounds,
      };
      log(`${name} ${path}: ${pages[path].cpuMsPerRequest.toFixed(3)} ms CPU/req`);
    }
    return { pages, rssKiB: memoryOf(pid).rss };
  } finally {
    await booted.stop();
  }
}

/** Rails 1x5's CPU per request for each page, from the newest full report that has it. */
function railsFigures() {
  const fulls = readdirSync(RESULTS).filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f)).sort();
  const file = fulls.at(-1);
  if (!file) return { file: null, cpu: {} };
  const report = JSON.parse(readFileSync(join(RESULTS, file), "utf8"));
  const cpu = {};
  for (const app of report.apps ?? []) {
    for (const [path, lanes] of Object.entries(app.summary?.cells ?? {})) {
      const rails = lanes["rails-1x5"]?.cpuMsPerRequest;
      if (rails) cpu[`${app.fixture.replace(/^.*\//, "")} ${path}`] = rails;
    }
  }
  return { file, cpu };
}

function previousQuick(o, saving) {
  if (o.against) return { file: o.against, result: JSON.parse(readFileSync(o.against, "utf8")) };
  const files = readdirSync(RESULTS).filter((f) => /^quick-.*\.json$/.test(f) && f !== saving).sort();
  const file = files.at(-1);
  return file ? { file, result: JSON.parse(readFileSync(join(RESULTS, file), "utf8")) } : null;
}

function table(result, previous, rails) {
  const rows = [["page", "CPU/req", "previous", "change", "Rails 1x5 CPU/req", "Rails / ours", "req/s", "other CPU (max)"]];
  for (const [appName, app] of Object.entries(result.apps)) {
    for (const [path, page] of Object.entries(app.pages)) {
      const before = previous?.result.apps?.[appName]?.pages?.[path]?.cpuMsPerRequest;
      const r = rails.cpu[`${appName} ${path}`];
      rows.push([
        `${appName} ${path}`,
        `${page.cpuMsPerRequest.toFixed(3)} ms`,
        before ? `${before.toFixed(3)} ms` : "-",
        before ? `${(((page.cpuMsPerRequest - before) / before) * 100).toFixed(1)}%` : "-",
        r ? `${r.toFixed(2)} ms` : "-",
        r ? `${(r / page.cpuMsPerRequest).toFixed(1)}x` : "-",
        Math.round(page.rps).toLocaleString("en-US"),
        `${page.otherCpuPct.toFixed(0)}%`,
      ]);
    }
    const rssBefore = previous?.result.apps?.[appName]?.rssKiB;
    rows.push([`${appName} RSS after`, `${(app.rssKiB / 1024).toFixed(1)} MiB`, rssBefore ? `${(rssBefore / 1024).toFixed(1)} MiB` : "-", "", "", "", "", ""]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(rows[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

async function main() {
  const o = options(process.argv.slice(2));
  if (!existsSync(CLI)) throw new Error("dist/ is missing: run `npm run build` first");
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-quick-"));
  const date = new Date().toISOString().slice(0, 10);
  const saving = `quick-${date}.json`;
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src", "runtime"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
    const result = { date: new Date().toISOString(), commit, dirty, seconds: o.seconds, rounds: o.rounds, connections: o.connections, apps: {} };
    for (const name of o.apps) result.apps[name] = await measureApp(name, o, scratch);
    const previous = previousQuick(o, o.save ? saving : null);
    const rails = railsFigures();
    console.log(`quick bench at ${commit}${dirty ? " (+ uncommitted src/runtime changes)" : ""}: median of ${o.rounds} x ${o.seconds} s, wrk -c${o.connections}`);
    console.log(table(result, previous, rails));
    console.log(`previous: ${previous ? `${previous.file} (${previous.result.commit})` : "none"}; Rails figures: ${rails.file ?? "none"} (a full run, not this one)`);
    if (o.save) {
      writeFileSync(join(RESULTS, saving), `${JSON.stringify(result, null, 2)}\n`);
      console.log(`wrote bench/results/${saving}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
