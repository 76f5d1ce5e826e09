// The prose sections of the results file: per app, what the requests do and the fragment cache, durability
// (pragmas read back) and noise; then the setup, caveats and commands. Each states evidence the run collected, not what the harness meant to configure.
import { table } from "./table.js";

const PRAGMA_NAMES = { synchronous: ["OFF", "NORMAL", "FULL", "EXTRA"], foreign_keys: ["OFF", "ON"], temp_store: ["DEFAULT", "FILE", "MEMORY"] };
const show = (name, v) => (PRAGMA_NAMES[name]?.[v] !== undefined ? `${v} (${PRAGMA_NAMES[name][v]})` : String(v));

/** One column per lane; a lane whose processes disagree shows every value. */
function laneValue(probes, pick) {
  const values = [...new Set((probes ?? []).map(pick).map(String))];
  return values.length ? values.join(" / ") : "n/a";
}

export function durability(report, app) {
  const lanes = Object.keys(app.probes).filter((l) => app.probes[l].length);
  const names = Object.keys(app.probes[lanes[0]][0].pragmas);
  const rows = names.map((n) => [n, ...lanes.map((l) => laneValue(app.probes[l], (p) => show(n, p.pragmas[n])))]);
  rows.push(["SQLite library", ...lanes.map((l) => laneValue(app.probes[l], (p) => p.sqlite_version))]);
  rows.push(["database file", ...lanes.map((l) => laneValue(app.probes[l], (p) => Object.values(p.databases[0])[0].split("/").slice(-1)[0]))]);
  rows.push(["processes probed", ...lanes.map((l) => String(app.probes[l].length))]);
  const railsProbe = app.probes[app.railsLanes[0]][0];
  const nodeProbe = app.probes.node?.[0];
  return [
    "### Durability: SQLite pragmas, read back from each lane's live connection",
    "Rails lanes: GET /__rails2ts_bench/probe (bench/rails/bench_probe.rb) on a pooled Active Record connection, " +
      "asked until every Puma worker answered. Node lane: SIGUSR2 to the emitted app, answered by a preloaded module " +
      "(bench/lib/node-probe.js) from the better-sqlite3 handle its models use. The request path of the emitted app " +
      "is untouched.",
    table(["pragma", ...lanes], rows),
    `Set by Rails: \`SQLite3Adapter::DEFAULT_PRAGMAS\` as the live Rails process reports it: \`${JSON.stringify(railsProbe.default_pragmas)}\`, ` +
      `plus \`timeout: 5000\` of config/database.yml as sqlite3_busy_timeout. Set by the runtime: \`RAILS_PRAGMAS\` of ` +
      `runtime/active-record/connection/connection.ts: \`${JSON.stringify(nodeProbe?.default_pragmas ?? null)}\`, plus RAILS_BUSY_TIMEOUT_MS. ` +
      `journal_mode WAL also persists in the file. The measured paths do not write once a lane is warm (see what ` +
      `each request does above), so durability settings cannot move these numbers; they are stated so that ` +
      `write-path numbers (the sockets lanes' posts) inherit comparable settings.`,
  ].join("\n\n");
}

/** Per app: the fragment cache of every lane, and what one request of each path does. */
export function appNotes(app) {
  const railsCache = app.railsLanes.map((l) => `${l}: ${laneValue(app.probes[l], (p) => `${p.runtime.cache_store}, perform_caching ${p.runtime.perform_caching}`)}`);
  const ours = app.performCaching === true ? "on: its in-process store (production sets perform_caching)" : app.performCaching === false ? "off (production's perform_caching is false)" : "unknown";
  const evidence = app.counting.filter((c) => c.oursCache?.some(Boolean)).map((c) => {
    const last = c.oursCache[c.oursCache.length - 1];
    return `${c.path}: ${c.oursCache.map((x) => (x ? `${x.fragmentHits + x.collectionHits} hits / ${x.fragmentMisses + x.collectionItems - x.collectionHits} misses` : "n/a")).join(", ")}` +
      (last && last.fragmentMisses === 0 && last.collectionHits === last.collectionItems ? " (warm: all hits)" : "");
  });
  const sites = app.cacheSites === 0
    ? `The ${app.fixture} fixture's views have no \`cache\` blocks (0 found), so no lane caches a fragment and the cache setting does not enter these numbers.`
    : `The ${app.fixture} fixture's views have ${app.cacheSites} fragment cache site(s) (\`cache\` blocks and cached collections): every lane that has a store uses it.`;
  const lines = [
    `**Fragment cache.** Rails lanes: :memory_store (bench/rails/bench.ru; read back: ${railsCache.join("; ")}). ` +
      `node: ${ours}. The ceiling serves stored bytes and has no cache. ${sites}` +
      (evidence.length ? ` The emitted app's cache log in the counting pass (3 requests per path, fragments + collection items): ${evidence.join("; ")}.` : ""),
  ];
  if (app.signIn) lines.push(`**Signed in.** Each lane but the ceiling signed in once as ${app.signIn.email} (GET /session/new, POST /session with the form's authenticity_token) before any measured request; every request then sends that lane's cookies.`);
  if (app.requestNotes) lines.push("**What one request does.**\n\n" + Object.entries(app.requestNotes).map(([p, n]) => `- \`${p}\`: ${n}`).join("\n"));
  return lines.join("\n\n");
}

export function measuredSetup(report) {
  const m = report.machine;
  const first = report.apps[0];
  const rp = first.probes[first.railsLanes[0]][0].runtime;
  const rows = [
    ["machine", `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, Linux ${m.kernel}`],
    ["rails2ts", m.source === "snapshot"
      ? `exactly commit ${m.commit}: src/, runtime/, fixtures/ from git archive, built with tsc into a scratch package at ${m.distBuiltAt}`
      : `the working tree's dist/ (built ${m.distBuiltAt}) at commit ${m.commit}${m.uncommittedFilesInSrcAndRuntime ? ` plus ${m.uncommittedFilesInSrcAndRuntime} uncommitted files in src/ and runtime/` : ""}`],
    ["Node lanes", `${m.node}, better-sqlite3 ${m.betterSqlite3}; one process each`],
    ["Rails lanes", `${rp.ruby}; YJIT: ${rp.yjit}; Rails ${rp.rails}; Puma ${rp.puma}; sqlite3 gem ${rp.sqlite3_gem}; production; log level ${rp.log_level} (Logger::INFO = 1), to Puma's stdout, a file`],
    ...first.lanes.map((l) => [l.name, laneDescription(l, first)]),
    ["load generator", `${m.wrk}; -t${report.config.wrkThreads} -c${report.config.connections} -d${report.config.durationS}s --timeout 10s; same machine`],
    ...report.apps.map((a) => [`request (${a.fixture})`, Object.entries(a.headers).map(([k, v]) => `${k}: ${v}`).join("; ") +
      (a.signIn ? `; Cookie: what signing in as ${a.signIn.email} on that lane set (the ceiling gets none)` : "; no cookie")]),
  ];
  return `## Setup\n\n${table(["", ""], rows)}`;
}

function laneDescription(l, app) {
  if (l.kind === "rails") {
    const pool = laneValue(app.probes[l.name], (p) => p.pool_size);
    const mode = l.workers === 0 ? "Puma single mode (Rails 7.2's generated default): 1 process" : `Puma cluster mode: master + ${l.workers} forked workers (preload_app, Puma's default for >1 worker)`;
    return `${mode}, ${l.threads} threads each, Active Record pool ${pool}, own copy of the seeded database`;
  }
  if (l.kind === "node" && l.workers > 1) return `the emitted app with WEB_CONCURRENCY=${l.workers}: node:cluster's primary + ${l.workers} workers sharing the port, own copy of the seeded database`;
  if (l.kind === "node") return "the emitted app (`rails2ts compile` output, dist/server.js) booted by bootEmitted, own copy of the seeded database";
  return "node:http answering each path with the emitted app's page (status, Content-Type, body; the signed-in page for apps that need a sign-in) from memory; no cookie, no other headers";
}

export function noise(report, app) {
  const rows = app.runs.map((r) => {
    const other = (r.cpu.otherS / r.cpu.wallS) * 100;
    const pct = (s) => `${((s / r.cpu.wallS) * 100).toFixed(0)}%`;
    return [`${r.round}${r.discarded ? ` (attempt ${r.attempt}, discarded)` : ""}`, r.lane, r.path, Math.round(r.rps).toString(), `${r.quiet.waitedS} s (${r.quiet.busyPct}%)`, r.load1.toFixed(2), pct(r.cpu.laneS), pct(r.cpu.childrenS), pct(r.cpu.irqS), `${other.toFixed(0)}%${other > 10 && !r.discarded ? " !" : ""}`];
  });
  return (
    "### Every timed run, and the noise around it\n\n" +
    `Before each run the harness waits (at most ${report.config.quietMaxWaitS} s) until other processes use less ` +
    `than ${report.config.quietPct}% of a core over 1 s; "quiet wait" shows the wait and the last 1 s share. CPU ` +
    "shares are of one core over the run's wall time (100% = one core busy). \"irq\" is interrupt time (mostly " +
    "loopback packets, charged to no process). \"other\" is process CPU used by neither the lane, nor wrk, nor the " +
    `harness: other work on the shared machine. A run where it exceeded ${report.config.retryPct}% of a core was run ` +
    `again, up to ${report.config.retries} times (decided on that CPU share alone, never on the result); the ` +
    "discarded attempts are listed. A `!` marks kept runs where it exceeded 10% of a core; medians over rounds " +
    "damp such runs, they do not remove them.\n\n" +
    table(["round", "lane", "path", "req/s", "quiet wait", "load avg 1m", "lane CPU", "wrk CPU", "irq", "other CPU"], rows)
  );
}

export function caveats(report) {
  const c = report.config;
  return [
    "## What these numbers are not",
    [
      `- Not a network benchmark: loopback only, and wrk runs on the same ${report.machine.cores} cores as the server ` +
        "(its CPU share is in the table above). On the ceiling lane wrk itself is likely the limit.",
      `- Closed loop: ${c.connections} connections each wait for a response before the next request, so p50/p99 are ` +
        "latencies at saturation with that many requests in flight, without coordinated-omission correction; not the " +
        "latency of an open arrival rate.",
      ...report.apps.map((a) => a.signIn
        ? `- ${a.fixture}: every request is a returning, signed-in visitor's (the lane's sign-in cookies: an encrypted ` +
          "session cookie and a signed session_token cookie, which the app re-sets on every response); the sign-in " +
          "itself (a bcrypt check and a write) is not timed."
        : `- ${a.fixture}: every request is a first visit (no cookie): both sides mint a session and a CSRF token and ` +
          "send an encrypted session cookie on every response. A returning visitor's request is not measured."),
      "- Rails logs each request at its production default (info) to Puma's stdout, redirected to a file; the emitted " +
        "app logs nothing per request. That is each side's default, and part of what is compared.",
      "- The ceiling answers fewer headers (no Set-Cookie, ETag, X-Request-Id, security headers): an upper bound for " +
        "node:http on this machine, not a lane a real app could reach.",
      "- RSS of Puma's forked workers counts shared copy-on-write pages once per process; PSS splits them. PSS also " +
        "splits the node binary's pages with unrelated Node processes on the machine, so it under-reports Node lanes " +
        "by however much else is running; compare RSS with RSS.",
      "- The Rails lanes run Debian's Ruby, which is built without YJIT; a YJIT Ruby would be faster. Rails is not " +
        "tuned beyond its generated production config (no bootsnap, no jemalloc).",
      "- Pages that only read once a lane is warm, on a seeded database of a few rows: the HTTP numbers say nothing " +
        "about write paths, large tables or contention on SQLite's write lock. The sockets lanes post one message per " +
        "room, one at a time: a latency, not a write throughput.",
    ].join("\n"),
  ].join("\n\n");
}

export function commands(report) {
  const c = report.config;
  return [
    "## Commands",
    "```\n" +
      (report.machine.source === "snapshot" ? "" : "npm run build\n") +
      `npm run bench -- ${c.argv.join(" ")}${report.machine.source === "snapshot" ? `   # measures HEAD (${report.machine.commit}), built apart` : ""}\n\n` +
      "# inside the chroot, per Rails lane (bench/rails/serve.sh):\n" +
      "bundle exec puma -e production -b tcp://127.0.0.1:PORT -t 5:5 -w WORKERS bench/rails/bench.ru\n" +
      "#   env RAILS_ENV=production RAILS_MAX_THREADS=5 DATABASE_URL=sqlite3:<lane copy> SECRET_KEY_BASE=<fixed>\n\n" +
      "# per app, lane and path:\n" +
      report.apps.map((a) =>
        `wrk -t${c.wrkThreads} -c${c.connections} -d${c.durationS}s --timeout 10s -s bench/lib/wrk-report.lua ` +
        Object.entries(a.headers).map(([k, v]) => `-H '${k}: ${v}'`).join(" ") +
        (a.signIn ? " -H 'Cookie: <the lane's sign-in cookies>'" : "") +
        ` http://127.0.0.1:PORT/PATH   # ${a.fixture}`).join("\n") + "\n```",
  ].join("\n\n");
}
