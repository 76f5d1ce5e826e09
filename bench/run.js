// `npm run bench`: per fixture app (blog, chat), Rails 7.2 under Puma (single process x 5 threads; one worker per
// core x 5 threads) beside the emitted Node app and a node:http ceiling, on copies of one seeded SQLite file,
// driven by wrk over loopback in interleaved rounds; the sockets lanes (Action Cable clients on the chat); cold
// compile times. Writes bench/results/<date>.md and .json. See bench/README.md.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { origin, parseOptions } from "./lib/options.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
const opt = parseOptions(process.argv.slice(2), ROOT);
const log = (line) => console.log(`[bench] ${line}`);
// By default HEAD is measured, built apart from the shared dist/ (lib/snapshot.js); --source dist takes dist/ as is.
if (opt.source === "head" && !origin()) {
  const { runInSnapshot } = await import("./lib/snapshot.js");
  process.exit(await runInSnapshot(ROOT, process.argv.slice(2), log));
}
if (!existsSync(join(ROOT, "dist/src/compile.js"))) {
  console.error("bench: dist/ is missing; run `npm run build` first (the benchmark measures the compiled JS)");
  process.exit(1);
}
const { APPS, cacheSites, scenarioHost } = await import("./lib/apps.js");
const { campfireSource, prepareCampfireRails } = await import("./lib/campfire.js");
const { timeCompile } = await import("./lib/compile-time.js");
const { benchHeaders } = await import("./lib/http-get.js");
const { withFixtureLanes } = await import("./lib/lanes.js");
const { machineInfo } = await import("./lib/machine.js");
const { compactTable, markdownReport, previousFigures } = await import("./lib/report.js");
const { runRounds } = await import("./lib/rounds.js");
const { runWrites } = await import("./lib/writes.js");
const { lanePids } = await import("./lib/procs.js");
const { profileLane } = await import("./lib/profile-lane.js");
const { socketLanes } = await import("./lib/sockets-lanes.js");
const { compileTargets, socketTargets, summarize, targets, writeTargets } = await import("./lib/summary.js");

for (const name of opt.apps) if (!APPS[name]) throw new Error(`unknown app ${name} (known: ${Object.keys(APPS).join(", ")})`);
// Campfire is an app outside this repository: its checkout and gem directory (--campfire/--campfire-gems or the
// Campfire lane's RAILS2TS_CAMPFIRE/RAILS2TS_CAMPFIRE_GEMS); it is in the default --apps when they are set.
const campfire = campfireSource(opt);
if (opt.apps.includes("campfire") && !campfire) throw new Error("--apps campfire needs --campfire DIR and --campfire-gems DIR (or RAILS2TS_CAMPFIRE and RAILS2TS_CAMPFIRE_GEMS)");
/** Where an app's source is, and what its compile and its Rails lanes need beyond a fixture's. */
const appSource = (name) =>
  APPS[name].external
    ? { dir: resolve(campfire.dir), gemPath: resolve(campfire.gems), prepareRails: prepareCampfireRails }
    : { dir: resolve(ROOT, APPS[name].dir), gemPath: undefined, prepareRails: undefined };
const cores = cpus().length;
const sockets = { clients: Number(opt.sockets), perRoom: Number(opt["sockets-per-room"]), concurrency: Number(opt["sockets-concurrency"]) };
const socketsApp = sockets.clients > 0 ? opt.apps.find((a) => APPS[a].sockets) : undefined;
if (sockets.clients > 0 && !socketsApp) log("sockets: no selected app has channels (add chat to --apps); skipped");
if (socketsApp) checkFileLimit(sockets.clients);
const config = {
  apps: opt.apps,
  durationS: Number(opt.duration),
  rounds: Number(opt.rounds),
  warmupS: Number(opt.warmup),
  runWarmupS: Number(opt["run-warmup"]),
  connections: Number(opt.connections),
  wrkThreads: Number(opt.threads),
  quietPct: Number(opt["quiet-pct"]),
  quietMaxWaitS: Number(opt["quiet-max-wait"]),
  retryPct: Number(opt["retry-pct"]),
  retries: Number(opt.retries),
  sockets: socketsApp ? { app: socketsApp, ...sockets } : null,
  writeClients: Number(opt["write-clients"]),
  writeDurationS: Number(opt["write-duration"]),
  profileS: Number(opt["profile-seconds"]),
  argv: origin()?.argv ?? process.argv.slice(2),
};
const startedAt = new Date();
const machine = machineInfo(origin());

// Cold compiles first, on a machine nothing else of ours is loading; the last run of each fixture is kept for
// its Node lane.
const outDirs = Object.fromEntries(opt.apps.map((a) => [a, mkdtempSync(join(tmpdir(), `rails2ts-bench-out-${a}-`))]));
const compileOpts = { runs: Number(opt["compile-runs"]), quietPct: config.quietPct, quietMaxWaitS: config.quietMaxWaitS };
const compile = [];
try {
  for (const a of opt.apps) {
    log(`cold compile: ${a}`);
    const src = appSource(a);
    compile.push({ name: a, fixture: true, ...(await timeCompile(src.dir, { ...compileOpts, keepOut: outDirs[a], gemPath: src.gemPath })) });
  }
  for (const extra of opt["compile-app"]) compile.push({ name: basename(resolve(extra)), fixture: false, ...(await timeCompile(resolve(extra), compileOpts)) });
  for (const c of compile) log(`compile ${c.name}: ${c.runs.join(", ")} ms wall, median CPU ${c.medianCpuMs} ms (exit ${c.exitStatus})`);

  const apps = [];
  let socketResults = null;
  for (const a of opt.apps) {
    const r = await benchApp(a, outDirs[a]);
    if (r.afterLanes) socketResults = r.afterLanes;
    delete r.afterLanes;
    apps.push(r);
  }
  const goals = [...apps.flatMap((a) => a.targets), ...socketTargets(socketResults), ...compileTargets(compile, (n) => APPS[n]?.compileTargetMs)];
  const report = { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), machine, config, compile, apps, sockets: socketResults, targets: goals };
  report.previous = previousFigures(opt.out, opt.name ?? startedAt.toISOString().slice(0, 10));
  console.log("\n" + compactTable(report));
  if (!opt["no-save"]) {
    mkdirSync(opt.out, { recursive: true });
    const stem = join(opt.out, opt.name ?? startedAt.toISOString().slice(0, 10));
    writeFileSync(`${stem}.json`, JSON.stringify(report, null, 2) + "\n");
    writeFileSync(`${stem}.md`, markdownReport(report));
    log(`wrote ${stem}.md and ${stem}.json`);
  }
} finally {
  for (const dir of Object.values(outDirs)) rmSync(dir, { recursive: true, force: true });
}

/** One app's lanes: counting pass, timed rounds, and (for the app with channels) the sockets lanes after them. */
async function benchApp(name, outDir) {
  const app = APPS[name];
  const source = appSource(name);
  const appDir = source.dir;
  const headers = benchHeaders(app.host ?? scenarioHost(appDir));
  const c = config;
  const afterLanes = name === socketsApp
    ? ({ rails, scratch }) => socketLanes({ rails, outDir, scratch, headers, spec: app.sockets, user: app.signIn, ...sockets, log })
    : undefined;
  log(`app ${name}: ${app.paths.join(", ")}${app.signIn ? ` (signed in as ${app.signIn.email})` : ""}`);
  const lanesOpts = { appDir, outDir, paths: app.paths, headers, cores, signIn: app.signIn, log, afterLanes, appEnv: app.appEnv, prepareRails: source.prepareRails };
  const results = await withFixtureLanes(lanesOpts, async ({ lanes, counting, railsLanes, nodeLanes }) => {
    for (const x of counting) log(`sql ${x.path}: rails ${x.railsSql.join("/")}, ours ${x.oursSql.join("/")}; bytes ${x.bytesIdentical ? "identical" : "DIFFERENT"}`);
    const probes = {};
    for (const lane of lanes) probes[lane.name] = await lane.probe();
    const runs = await runRounds({
      lanes, paths: app.paths, rounds: c.rounds, seconds: c.durationS, warmupSeconds: c.warmupS, runWarmupSeconds: c.runWarmupS ?? 0, connections: c.connections,
      threads: c.wrkThreads, quietPct: c.quietPct, quietMaxWaitS: c.quietMaxWaitS, retryPct: c.retryPct,
      retries: c.retries, headers, log,
    });
    // Where the single-process Node lane's CPU goes on each path, before the writes (they add rows the pages would
    // show). Its inspector stays open afterwards with no session attached (no profiler, no debugger: no cost).
    let profile = null;
    const node = lanes.find((l) => l.kind === "node" && l.workers === 1);
    if (node && c.profileS > 0) {
      try {
        profile = await profileLane({ lane: node, pid: lanePids(node.port)[0], paths: app.paths, headers, seconds: c.profileS, connections: c.connections, log });
      } catch (e) {
        log(`profile: ${e.message}`);
        profile = { error: e.message };
      }
    }
    const lanesInfo = lanes.map((l) => ({ name: l.name, kind: l.kind, workers: l.workers, threads: l.threads, dbFile: l.dbFile, signedIn: Boolean(l.headers?.Cookie) }));
    // The write lanes last: they add rows, which the read rounds above must not see.
    const writes = [];
    if (app.writes && c.writeClients > 0 && c.writeDurationS > 0) {
      for (const lane of lanes.filter((l) => l.kind !== "ceiling")) {
        const w = await runWrites({ lane, pids: lanePids(lane.port), headers, spec: app.writes, user: app.signIn, clients: c.writeClients, seconds: c.writeDurationS });
        log(`writes ${lane.name} ${app.writes.action}: ${w.createsPerSecond.toFixed(0)} creates/s, p50 ${w.p50Ms.toFixed(1)} ms, p99 ${w.p99Ms.toFixed(1)} ms, statuses ${JSON.stringify(w.statuses)}`);
        writes.push(w);
      }
    }
    return { runs, counting: counting.map(({ page, ...x }) => x), probes, railsLanes, nodeLanes, lanes: lanesInfo, writes, profile };
  });
  const laneNames = results.lanes.map((l) => l.name);
  const summary = summarize({ runs: results.runs.filter((r) => !r.discarded), laneNames, railsLanes: results.railsLanes, nodeLanes: results.nodeLanes, paths: app.paths });
  const goals = [
    ...targets({ summary, counting: results.counting, railsLanes: results.railsLanes, goals: app.targets, app: name }),
    ...writeTargets(results.writes, cores, name),
  ];
  return {
    fixture: name, paths: app.paths, headers, signIn: app.signIn ? { email: app.signIn.email } : null, requestNotes: app.requestNotes ?? null,
    cacheSites: cacheSites(appDir), performCaching: emittedPerformCaching(outDir), ...results, summary, targets: goals,
  };
}

/** What the emitted app's entry says about production's perform_caching (its in-process fragment store). */
function emittedPerformCaching(outDir) {
  const r = spawnSync("grep", ["-rhoE", "performCaching: (true|false)", join(outDir, "src")], { encoding: "utf8" });
  const m = /performCaching: (true|false)/.exec(r.stdout ?? "");
  return m ? m[1] === "true" : null;
}

/** 1,000 sockets hold 1,000 descriptors in this process and as many in the server's; say so before starting. */
function checkFileLimit(clients) {
  const r = spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" });
  const limit = r.stdout.trim() === "unlimited" ? Infinity : Number(r.stdout.trim());
  const need = clients + 512;
  if (limit < need) throw new Error(`open files limit ${limit} < ${need} for ${clients} sockets: run \`ulimit -n ${need * 2}\` first (the snapshot run raises it to the hard limit)`);
  log(`open files limit ${limit} (>= ${need} for ${clients} sockets)`);
}
