// The results as text: a compact table for the terminal, and the Markdown results file (sections in
// report-sections.js and sockets-report.js). One part per app (blog, chat), then the sockets lanes, compile
// times, the setup. Numbers are medians over rounds unless a column says otherwise.
import { CEILING, OURS, steady } from "./summary.js";
import { appNotes, caveats, commands, durability, measuredSetup, noise } from "./report-sections.js";
import { socketsCompact, socketsSection } from "./sockets-report.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { table } from "./table.js";

export const f0 = (n) => Math.round(n).toLocaleString("en-US");
export const f1 = (n) => (n >= 100 ? f0(n) : n.toFixed(1));
export const f2 = (n) => (n >= 10 ? n.toFixed(1) : n.toFixed(2));
export const x = (n) => `${n >= 10 ? n.toFixed(1) : n.toFixed(2)}x`;

function throughputRows(app) {
  const rows = [];
  for (const path of app.paths) {
    for (const lane of app.lanes) {
      const c = app.summary.cells[path][lane.name];
      rows.push([path, lane.name, f1(c.rps), `${f1(c.rpsMin)}–${f1(c.rpsMax)}`, f2(c.p50Ms), f2(c.p99Ms), c.cpuMsPerRequest.toFixed(3), String(c.errors)]);
    }
  }
  return rows;
}

function ratioRows(app) {
  return app.paths.map((path) => {
    const r = app.summary.ratios[path];
    const cells = app.summary.cells[path];
    const cpu = app.railsLanes.map((l) => x(cells[l].cpuMsPerRequest / cells[OURS].cpuMsPerRequest));
    const others = (app.nodeLanes ?? []).filter((l) => l !== OURS).map((l) => (r.others?.[l] ? x(r.others[l].vsBestRails) : "n/a"));
    const sqlCeiling = r.ofSqlCeiling === undefined ? "n/a" : `${(r.ofSqlCeiling * 100).toFixed(1)}%`;
    return [path, ...app.railsLanes.map((l) => x(r.vsRails[l])), x(r.vsBestRails), `${(r.ofCeiling * 100).toFixed(1)}%`, sqlCeiling, ...cpu, ...others];
  });
}

function memoryRows(app) {
  return app.lanes.map((l) => {
    const m = app.summary.memory[l.name];
    return [l.name, String(m.processes), f1(m.rssMiB), f1(m.pssMiB), f1(m.hwmMiB)];
  });
}

function sqlRows(app) {
  return app.counting.map((c) => [c.path, c.railsSql.join(" / "), c.oursSql.join(" / "), steady(c.oursSql) <= steady(c.railsSql) ? "yes" : "NO", c.bytesIdentical ? "identical" : "DIFFERENT", `${c.railsBytes} / ${c.oursBytes}`]);
}

function compileRows(report) {
  return report.compile.map((c) => {
    const p = c.phases;
    const split = p ? `${p.processStartMs} + ${p.importMs} + ${p.firstCompileMs}` : "n/a";
    const other = Math.max(...c.samples.map((s) => s.otherPct));
    // An app given by path is named by its last two path segments (/work/campfire/src -> campfire/src).
    const name = c.fixture ? c.name : c.app.split("/").filter(Boolean).slice(-2).join("/");
    return [name, c.runs.join(", "), f0(c.medianMs), f0(c.medianCpuMs), `${other}%`, split, p ? f0(p.warmCompileMs) : "n/a", String(c.exitStatus), c.summary.replace(/\|/g, "/")];
  });
}

const THROUGHPUT_HEAD = ["path", "lane", "req/s", "rounds min–max", "p50 ms", "p99 ms", "lane CPU ms/req", "errors"];
const RATIO_HEAD = (app) => [
  "path", ...app.railsLanes.map((l) => `ours / ${l}`), "ours / best Rails", "ours / ceiling", "ours / SQL ceiling", ...app.railsLanes.map((l) => `CPU/req ${l} / ours`),
  ...(app.nodeLanes ?? []).filter((l) => l !== OURS).map((l) => `${l} / best Rails`),
];
const MEMORY_HEAD = ["lane", "processes", "RSS MiB", "PSS MiB", "peak RSS MiB"];
const SQL_HEAD = ["path", "Rails SQL/req", "ours SQL/req", "ours <= Rails", "bytes (CSRF aside)", "body bytes Rails / ours"];
const COMPILE_HEAD = ["app", "cold runs, wall ms", "median wall ms", "median CPU ms", "max other CPU", "start + import + compile ms", "warm compile ms", "exit", "output"];
const TARGET_HEAD = ["target", "measured", "met"];
const WRITES_HEAD = ["lane", "clients", "creates/s", "p50 ms", "p99 ms", "lane CPU ms/create", "answers", "other CPU"];
const writesRows = (app) =>
  (app.writes ?? []).map((w) => [
    w.lane, String(w.clients), f1(w.createsPerSecond), f2(w.p50Ms), f2(w.p99Ms), w.cpuMsPerCreate === null ? "-" : f2(w.cpuMsPerCreate),
    Object.entries(w.statuses).map(([s, n]) => `${s}: ${f0(n)}`).join(", "), `${w.otherCpuPct.toFixed(0)}%`,
  ]);
const targetRows = (report) => report.targets.map((t) => [t.target, t.measured, t.met ? "yes" : "no"]);

/**
 * The newest committed full report in DIR other than STEM (quick-* and reliability-* are other kinds): each
 * app's CPU/req and req/s medians per path and lane, and its compile medians, for the "since" table.
 */
export function previousFigures(dir, stem) {
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => /^\d{4}-\d{2}-\d{2}.*\.json$/.test(f) && f !== `${stem}.json`).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const r = JSON.parse(readFileSync(join(dir, file), "utf8"));
    if (!Array.isArray(r.apps) || r.apps.length === 0) continue;
    const apps = {};
    for (const app of r.apps) {
      const cells = {};
      for (const [path, lanes] of Object.entries(app.summary?.cells ?? {})) {
        cells[path] = Object.fromEntries(Object.entries(lanes).map(([lane, c]) => [lane, { cpuMsPerRequest: c.cpuMsPerRequest, rps: c.rps }]));
      }
      apps[app.fixture] = cells;
    }
    const compile = Object.fromEntries((r.compile ?? []).map((c) => [c.name, c.medianMs ?? null]));
    return { file, startedAt: r.startedAt, apps, compile };
  }
  return null;
}

const delta = (now, before) => (before ? `${now >= before ? "+" : ""}${(((now - before) / before) * 100).toFixed(0)}%` : "-");

/** Each lane and path beside the previous committed report's figures: CPU/req and req/s, with the change. */
function previousSection(report) {
  const p = report.previous;
  if (!p) return "## Since the previous report\n\nNo earlier full report in this directory.";
  const rows = [];
  for (const app of report.apps) {
    for (const [path, lanes] of Object.entries(app.summary.cells)) {
      for (const [lane, c] of Object.entries(lanes)) {
        const b = p.apps[app.fixture]?.[path]?.[lane];
        rows.push([
          `${app.fixture} ${path}`, lane,
          `${f2(c.cpuMsPerRequest)}`, b ? f2(b.cpuMsPerRequest) : "-", delta(c.cpuMsPerRequest, b?.cpuMsPerRequest),
          f0(c.rps), b ? f0(b.rps) : "-", delta(c.rps, b?.rps),
        ]);
      }
    }
  }
  for (const c of report.compile ?? []) {
    const b = p.compile[c.name];
    rows.push([`cold compile ${c.name}`, "", "", "", "", `${f0(c.medianMs)} ms`, b ? `${f0(b)} ms` : "-", delta(c.medianMs, b)]);
  }
  const head = ["page", "lane", "CPU ms/req", "before", "change", "req/s (compile: wall)", "before", "change"];
  return `## Since the previous report (${p.file}, ${p.startedAt?.slice(0, 10) ?? "?"})\n\n` +
    "The same lanes and pages in the newest full report committed before this one. Runs on other days see other " +
    "machine noise: read CPU/req changes under 10% as noise.\n\n" + table(head, rows);
}

export function compactTable(report) {
  const c = report.config;
  const parts = [];
  for (const app of report.apps) {
    parts.push(
      `${app.fixture}: median of ${c.rounds} interleaved rounds, ${c.durationS} s each, wrk -t${c.wrkThreads} -c${c.connections}; ours = ${OURS}, ceiling = ${CEILING}${app.signIn ? `; signed in as ${app.signIn.email}` : ""}`,
      table(THROUGHPUT_HEAD, throughputRows(app)),
      table(RATIO_HEAD(app), ratioRows(app)),
      table(MEMORY_HEAD, memoryRows(app)),
      table(SQL_HEAD, sqlRows(app)),
      ...(app.writes?.length ? [table(WRITES_HEAD, writesRows(app))] : []),
    );
  }
  if (report.sockets) parts.push(socketsCompact(report));
  parts.push(table(COMPILE_HEAD, compileRows(report)), table(TARGET_HEAD, targetRows(report)));
  return parts.join("\n\n");
}

export function markdownReport(report) {
  const c = report.config;
  const names = report.apps.map((a) => a.fixture);
  return [
    `# Benchmark: ${names.join(", ")}${report.sockets ? ", sockets" : ""}, ${report.startedAt.slice(0, 10)}`,
    `Rails 7.2 under Puma beside the emitted Node app and a node:http ceiling, same pages, same database file, ` +
      `same machine. Median of ${c.rounds} interleaved rounds of ${c.durationS} s per lane and path ` +
      `(after a ${c.warmupS} s warm-up each${c.runWarmupS ? `, and ${c.runWarmupS} s of the same load right before each timed run` : ""}), wrk -t${c.wrkThreads} -c${c.connections} over loopback` +
      `${report.sockets ? `; then ${report.sockets.clients} Action Cable clients against Rails and against the emitted app` : ""}. ` +
      `How to read every number: bench/README.md. Raw data: the .json file next to this one.`,
    `## Targets (for the report, not assertions)\n\n` + table(TARGET_HEAD, targetRows(report)),
    previousSection(report),
    ...report.apps.map((app) => appPart(report, app)),
    report.sockets ? socketsSection(report) : socketsMissing(report),
    `## Compile time\n\n` +
      `Cold: \`node dist/src/cli.js compile APP --out DIR\` as a fresh process, wall clock of the whole process, and ` +
      `its CPU time (user + system, all its threads: more than the wall time when helper threads work in parallel, ` +
      `and barely moved by other work on the machine, unlike the wall time; "max other CPU" says how busy the rest ` +
      `of the machine was). ` +
      `The split comes from one more fresh process (bench/lib/compile-phases.js): ms to reach the script, to import ` +
      `the compiler, for the first compile(); "warm" is a second compile() in that same process.\n\n` + table(COMPILE_HEAD, compileRows(report)),
    measuredSetup(report),
    caveats(report),
    commands(report),
  ].join("\n\n") + "\n";
}

function appPart(report, app) {
  return [
    `## ${app.fixture}`,
    appNotes(app),
    `### Throughput and latency\n\n` + table(THROUGHPUT_HEAD, throughputRows(app)),
    `### Ratios\n\n` +
      `Throughput ratios are of req/s medians. The CPU/req columns divide the lane CPU per request medians: how much ` +
      `less CPU we spend on the same page, a ratio that other work on the machine and the number of cores a lane ` +
      `can use move much less than req/s (the Node lane uses one core; Puma's cluster lane can use every core).\n\n` +
      table(RATIO_HEAD(app), ratioRows(app)),
    `### Memory (max over the timed runs, sampled right after each run, summed over the lane's processes)\n\n` + table(MEMORY_HEAD, memoryRows(app)),
    `### SQL statements per request, and the bytes served\n\n` +
      `Counted in a separate pass (the conformance counter on, one request at a time, 3 requests per path, each ` +
      `side signed in on its own when the app needs it; the timed lanes run without the counter). The bytes column ` +
      `compares Rails' first response with ours, status, Content-Type and body, CSRF token values blanked (the one ` +
      `forgiven list).\n\n` + table(SQL_HEAD, sqlRows(app)) + differences(app),
    writesSection(report, app),
    profileSection(app),
    durability(report, app),
    noise(report, app),
  ].join("\n\n");
}

/** Where the single-process Node lane's CPU went on each path (lib/profile-lane.js). */
function profileSection(app) {
  const p = app.profile;
  if (!p) return "### Where the CPU goes\n\nNot profiled in this run (--profile-seconds 0).";
  if (p.error) return `### Where the CPU goes\n\nThe profile failed: ${p.error}`;
  const pct = (n) => `${n.toFixed(1)}%`;
  const ms = (n) => n.toFixed(3);
  return [
    `### Where the CPU goes (the node lane, sampled)\n\n` +
      `After the timed rounds (before the write lanes), V8's sampling profiler (every 200 µs) in the single-process Node lane, ` +
      `opened through its inspector (SIGUSR1) while wrk drove each path; self time summed per area (the emitted ` +
      `app, each runtime folder, npm packages, node's internals, native code, GC) and per function. ms/req is ` +
      `self time divided by the requests served while sampling (the profiler itself costs a few percent).`,
    ...p.map((x) =>
      `#### ${x.path} (${f0(x.requests)} requests, ${f0(x.samples)} samples)\n\n` +
      table(["area", "self %", "ms/req"], x.areas.filter((a) => a.pct >= 0.5).map((a) => [a.name, pct(a.pct), ms(a.msPerRequest)])) + "\n\n" +
      table(["function (self time)", "self %", "ms/req"], x.functions.map((f) => [f.name, pct(f.pct), ms(f.msPerRequest)]))),
  ].join("\n\n");
}

function writesSection(report, app) {
  if (!app.writes?.length) return "### Writes\n\nNot run (`--write-clients 0`, or no write lane for this app).";
  return `### Writes: creates per second\n\n` +
    `After the read rounds, each lane in turn: ${app.writes[0].clients} clients, each its own browser (its own session` +
    `${app.signIn ? `, signed in as ${app.signIn.email}` : ""}, the form's authenticity_token from the page), POSTing over ` +
    `one keep-alive connection each for ${report.config.writeDurationS ?? "?"} s, closed-loop (lib/writes.js). "answers" counts ` +
    `every status: only the app's success answer counts as a create.\n\n` + table(WRITES_HEAD, writesRows(app));
}

function socketsMissing(report) {
  return "## Sockets (Action Cable)\n\nNot run" + (report.config.sockets === null || report.config.sockets === undefined ? " (no app with channels selected, or `--sockets 0`)." : ".");
}

function differences(app) {
  const diffs = app.counting.filter((c) => !c.bytesIdentical);
  if (!diffs.length) return "";
  return "\n\nDifferences (the timed numbers of these paths compare different pages):\n\n" + diffs.map((c) => `${c.path}:\n\n\`\`\`\n${c.differences}\n\`\`\``).join("\n\n");
}
