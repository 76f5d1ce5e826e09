// From raw runs to the numbers the report states: medians over rounds (and the spread), our ratios to each
// Rails lane and to the ceiling, memory per lane, and the targets as met / not met (never asserted).
export const OURS = "node";
export const CEILING = "ceiling";
/** The ceiling that also runs the page's own SQL statements (lib/ceiling-server.js with a database). */
export const CEILING_SQL = "ceiling-sql";
/** The memory target: the emitted app's RSS under the bench load, per process. */
export const RSS_TARGET_MIB = 80;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function cell(runs) {
  const rps = runs.map((r) => r.rps);
  return {
    rounds: rps.map((x) => Math.round(x * 10) / 10),
    rps: median(rps),
    rpsMin: Math.min(...rps),
    rpsMax: Math.max(...rps),
    p50Ms: median(runs.map((r) => r.latencyUs.p50)) / 1000,
    p99Ms: median(runs.map((r) => r.latencyUs.p99)) / 1000,
    p99MaxMs: Math.max(...runs.map((r) => r.latencyUs.p99)) / 1000,
    cpuMsPerRequest: median(runs.map((r) => (r.cpu.laneS * 1000) / Math.max(1, r.requests))),
    wrkCpuShare: median(runs.map((r) => r.cpu.childrenS / r.cpu.wallS)),
    otherCpuMaxPct: Math.max(...runs.map((r) => (r.cpu.otherS / r.cpu.wallS) * 100)),
    errors: runs.reduce((s, r) => s + r.non2xxOrErrors, 0),
  };
}

/**
 * @param {{ runs: any[], laneNames: string[], railsLanes: string[], paths: string[], nodeLanes?: string[] }} o
 * nodeLanes: the emitted app's lanes; those other than OURS (the workers lane) get their own ratios as `others`.
 */
export function summarize(o) {
  const cells = {};
  const ratios = {};
  for (const path of o.paths) {
    cells[path] = {};
    for (const lane of o.laneNames) cells[path][lane] = cell(o.runs.filter((r) => r.path === path && r.lane === lane));
    const ours = cells[path][OURS].rps;
    const rails = Object.fromEntries(o.railsLanes.map((l) => [l, ours / cells[path][l].rps]));
    const best = Math.max(...o.railsLanes.map((l) => cells[path][l].rps));
    ratios[path] = { vsRails: rails, vsBestRails: ours / best, ofCeiling: ours / cells[path][CEILING].rps };
    if (cells[path][CEILING_SQL]?.rps) ratios[path].ofSqlCeiling = ours / cells[path][CEILING_SQL].rps;
    const others = (o.nodeLanes ?? []).filter((l) => l !== OURS && cells[path][l]);
    if (others.length) {
      ratios[path].others = Object.fromEntries(others.map((l) => [l, { vsBestRails: cells[path][l].rps / best, ofCeiling: cells[path][l].rps / cells[path][CEILING].rps }]));
    }
  }
  const memory = {};
  for (const lane of o.laneNames) {
    const runs = o.runs.filter((r) => r.lane === lane);
    const max = (k) => Math.max(...runs.map((r) => r.memory[k])) / 1024;
    memory[lane] = { rssMiB: max("rssKiB"), pssMiB: max("pssKiB"), hwmMiB: max("hwmKiB"), processes: Math.max(...runs.map((r) => r.memory.processes.length)) };
  }
  return { cells, ratios, memory };
}

/**
 * The write lanes' target: creates per second per core at least 15x Rails 1x5's (a lane's rate divided by the
 * cores it can use: one for single-process lanes, its workers otherwise, at most the machine's cores).
 */
export function writeTargets(writes, cores, app) {
  const rails = writes?.find((w) => w.lane === "rails-1x5");
  const ours = writes?.find((w) => w.lane === OURS);
  if (!rails || !ours || !rails.createsPerSecond) return [];
  const ratio = ours.createsPerSecond / rails.createsPerSecond;
  return [{ target: `creates/s per core >= 15x rails-1x5 (${app})`, measured: `${ratio.toFixed(1)}x (${ours.createsPerSecond.toFixed(0)} vs ${rails.createsPerSecond.toFixed(0)}/s, both one process)`, met: ratio >= 15 }];
}

/**
 * The targets for one app, evaluated on the measured numbers; a report line each, never a failure.
 * goals: the app's targets (lib/apps.js): `{ path, vsBestRails?, cpuVsRails1x5?, ofCeiling?, ofSqlCeiling? }`.
 */
export function targets({ summary, counting, railsLanes, goals, app = "" }) {
  const out = [];
  const on = app ? ` (${app})` : "";
  for (const g of goals) {
    const r = summary.ratios[g.path];
    if (!r) continue;
    if (g.vsBestRails !== undefined) out.push({ target: `${g.path}: >= ${g.vsBestRails}x Rails' best lane`, measured: `${r.vsBestRails.toFixed(1)}x`, met: r.vsBestRails >= g.vsBestRails });
    for (const [lane, o] of Object.entries(r.others ?? {})) {
      if (g.vsBestRails !== undefined) out.push({ target: `${g.path}: ${lane} >= ${g.vsBestRails}x Rails' best lane`, measured: `${o.vsBestRails.toFixed(1)}x`, met: o.vsBestRails >= g.vsBestRails });
    }
    const cpu = (lane) => summary.cells[g.path][lane]?.cpuMsPerRequest;
    if (g.cpuVsRails1x5 !== undefined && cpu("rails-1x5") && cpu(OURS)) {
      const ratio = cpu("rails-1x5") / cpu(OURS);
      out.push({ target: `${g.path}: CPU per request >= ${g.cpuVsRails1x5}x less than rails-1x5`, measured: `${ratio.toFixed(1)}x (${cpu("rails-1x5").toFixed(2)} vs ${cpu(OURS).toFixed(3)} ms)`, met: ratio >= g.cpuVsRails1x5 });
    }
    if (g.ofCeiling !== undefined) out.push({ target: `${g.path}: >= ${Math.round(g.ofCeiling * 100)}% of the ceiling`, measured: `${(r.ofCeiling * 100).toFixed(1)}%`, met: r.ofCeiling >= g.ofCeiling });
    if (g.ofSqlCeiling !== undefined && r.ofSqlCeiling !== undefined) {
      out.push({ target: `${g.path}: >= ${Math.round(g.ofSqlCeiling * 100)}% of the SQL-inclusive ceiling`, measured: `${(r.ofSqlCeiling * 100).toFixed(1)}%`, met: r.ofSqlCeiling >= g.ofSqlCeiling });
    }
  }
  const above = counting.filter((c) => steady(c.oursSql) > steady(c.railsSql));
  out.push({ target: `SQL per request never above Rails${on}`, measured: above.length ? `above on ${above.map((c) => c.path).join(", ")}` : "never above", met: above.length === 0 });
  const rss = summary.memory[OURS];
  if (rss) out.push({ target: `RSS under the load <= ${RSS_TARGET_MIB} MiB per process${on}`, measured: `${(rss.rssMiB / Math.max(1, rss.processes)).toFixed(1)} MiB`, met: rss.rssMiB / Math.max(1, rss.processes) <= RSS_TARGET_MIB });
  for (const lane of railsLanes) {
    const ratio = summary.memory[OURS].rssMiB / summary.memory[lane].rssMiB;
    out.push({ target: `RSS <= 1/3 of ${lane}${on}`, measured: `${(ratio * 100).toFixed(0)}% of it`, met: ratio <= 1 / 3 });
  }
  return out;
}

/** Compile targets: a fixture with a goal in ms (lib/apps.js `compileTargetMs`). */
export function compileTargets(compile, goalMs) {
  const out = [];
  for (const c of compile.filter((x) => x.fixture && goalMs(x.name) !== undefined)) {
    const ms = goalMs(c.name);
    const measured = `${(c.medianMs / 1000).toFixed(2)} s wall (median; CPU ${(c.medianCpuMs / 1000).toFixed(2)} s)`;
    out.push({ target: `cold compile of ${c.name} < ${ms / 1000} s`, measured, met: c.medianMs < ms });
  }
  return out;
}

/** Issue 20's socket targets, for the emitted app's lane: 1,000 connected and subscribed in under 0.5 s; fan-out p50 under 3 ms, p99 under 10 ms. */
export function socketTargets(sockets) {
  const node = sockets?.lanes?.find((l) => l.lane === "node");
  if (!node) return [];
  const n = sockets.clients;
  const all = node.connect.allMs / 1000;
  const d = node.delivery.latencyMs;
  return [
    { target: `${n} sockets connected and subscribed < 0.5 s`, measured: `${all.toFixed(2)} s (${node.connect.subscribed} / ${n} subscribed)`, met: node.connect.subscribed === n && all < 0.5 },
    { target: "fan-out p50 < 3 ms and p99 < 10 ms", measured: `p50 ${d.p50} ms, p99 ${d.p99} ms (${node.delivery.received} / ${node.delivery.expected} delivered)`, met: node.delivery.received === node.delivery.expected && d.p50 < 3 && d.p99 < 10 },
  ];
}

/** A request's count once the process is warm: the last of the sequential samples. */
export const steady = (counts) => counts[counts.length - 1];
