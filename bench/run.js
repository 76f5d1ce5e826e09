// `npm run bench`: Rails 7.2 under Puma (single process x 5 threads; one worker per core x 5 threads) beside the
// emitted Node app and a node:http ceiling, on copies of one seeded SQLite file, driven by wrk over loopback in
// interleaved rounds; plus cold compile times. Writes bench/results/<date>.md and .json. See bench/README.md.
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
const { timeCompile } = await import("./lib/compile-time.js");
const { benchHeaders } = await import("./lib/http-get.js");
const { withFixtureLanes } = await import("./lib/lanes.js");
const { machineInfo } = await import("./lib/machine.js");
const { compactTable, markdownReport } = await import("./lib/report.js");
const { runRounds } = await import("./lib/rounds.js");
const { summarize, targets } = await import("./lib/summary.js");

const app = APPS[opt.fixture];
if (!app) throw new Error(`unknown fixture ${opt.fixture} (known: ${Object.keys(APPS).join(", ")})`);
const appDir = resolve(ROOT, app.dir);
const cores = cpus().length;
const config = {
  fixture: opt.fixture,
  paths: app.paths,
  durationS: Number(opt.duration),
  rounds: Number(opt.rounds),
  warmupS: Number(opt.warmup),
  connections: Number(opt.connections),
  wrkThreads: Number(opt.threads),
  quietPct: Number(opt["quiet-pct"]),
  quietMaxWaitS: Number(opt["quiet-max-wait"]),
  retryPct: Number(opt["retry-pct"]),
  retries: Number(opt.retries),
  headers: benchHeaders(scenarioHost(appDir)),
  argv: origin()?.argv ?? process.argv.slice(2),
};
const startedAt = new Date();
const machine = machineInfo(origin());

log(`cold compile: ${opt.fixture}${opt["compile-app"].length ? ` and ${opt["compile-app"].join(", ")}` : ""}`);
const outDir = mkdtempSync(join(tmpdir(), "rails2ts-bench-out-"));
const compileOpts = { runs: Number(opt["compile-runs"]), quietPct: config.quietPct, quietMaxWaitS: config.quietMaxWaitS };
const compile = [{ name: opt.fixture, fixture: true, ...(await timeCompile(appDir, { ...compileOpts, keepOut: outDir })) }];
for (const extra of opt["compile-app"]) compile.push({ name: basename(resolve(extra)), fixture: false, ...(await timeCompile(resolve(extra), compileOpts)) });
for (const c of compile) log(`compile ${c.name}: ${c.runs.join(", ")} ms wall, median CPU ${c.medianCpuMs} ms (exit ${c.exitStatus})`);

let results;
try {
  results = await withFixtureLanes({ appDir, outDir, paths: config.paths, headers: config.headers, cores, log }, async ({ lanes, counting, railsLanes }) => {
    for (const c of counting) log(`sql ${c.path}: rails ${c.railsSql.join("/")}, ours ${c.oursSql.join("/")}; bytes ${c.bytesIdentical ? "identical" : "DIFFERENT"}`);
    const probes = {};
    for (const lane of lanes) probes[lane.name] = await lane.probe();
    const c = config;
    const runs = await runRounds({
      lanes, paths: c.paths, rounds: c.rounds, seconds: c.durationS, warmupSeconds: c.warmupS, connections: c.connections,
      threads: c.wrkThreads, quietPct: c.quietPct, quietMaxWaitS: c.quietMaxWaitS, retryPct: c.retryPct,
      retries: c.retries, headers: c.headers, log,
    });
    const lanesInfo = lanes.map((l) => ({ name: l.name, kind: l.kind, workers: l.workers, threads: l.threads, dbFile: l.dbFile }));
    return { runs, counting: counting.map(({ page, ...c }) => c), probes, railsLanes, lanes: lanesInfo };
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const laneNames = results.lanes.map((l) => l.name);
const summary = summarize({ runs: results.runs.filter((r) => !r.discarded), laneNames, railsLanes: results.railsLanes, paths: config.paths });
const goals = targets({ summary, counting: results.counting, compile, railsLanes: results.railsLanes, indexPath: config.paths[0] });
const report = { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), machine, config, compile, cacheSites: cacheSites(appDir), ...results, summary, targets: goals };
console.log("\n" + compactTable(report));
if (!opt["no-save"]) {
  mkdirSync(opt.out, { recursive: true });
  const stem = join(opt.out, opt.name ?? startedAt.toISOString().slice(0, 10));
  writeFileSync(`${stem}.json`, JSON.stringify(report, null, 2) + "\n");
  writeFileSync(`${stem}.md`, markdownReport(report));
  log(`wrote ${stem}.md and ${stem}.json`);
}
