// The results file from a hand-made report: every section present in order, and the tables that carry the
// verdicts (targets, pragmas) exactly as written.
import { describe, expect, it } from "vitest";
import { markdownReport } from "../lib/report.js";
import { summarize } from "../lib/summary.js";

const pragmas = { foreign_keys: 1, journal_mode: "wal", synchronous: 1 };
const probe = (pid, file, extra = {}) => ({ pid, pragmas, databases: [{ main: `/x/${file}` }], sqlite_version: "3.53.4", default_pragmas: { foreign_keys: true }, pool_size: 5, runtime: { ruby: "ruby 3.3.8", yjit: "not built in", rails: "7.2.4", puma: "8.0.2", sqlite3_gem: "2.9.6", cache_store: "ActiveSupport::Cache::MemoryStore", perform_caching: true, log_level: 1 }, ...extra });
const run = (lane, rps) => ({
  round: 1, lane, path: "/a", rps, requests: rps * 10, latencyUs: { p50: 1000, p99: 2000 }, non2xxOrErrors: 0, load1: 0.5,
  quiet: { waitedS: 1, busyPct: 3 }, cpu: { laneS: 1, childrenS: 1, irqS: 0, wallS: 10, otherS: 0 },
  memory: { rssKiB: 1024, pssKiB: 512, hwmKiB: 2048, processes: [{}] },
});
const runs = [run("rails-1x5", 100), run("rails-2x5", 200), run("node", 1000), run("ceiling", 10_000), run("ceiling-sql", 2000)];
const lanes = ["rails-1x5", "rails-2x5", "node", "ceiling", "ceiling-sql"].map((name) => ({ name, kind: name.startsWith("rails") ? "rails" : name.startsWith("ceiling") ? "ceiling" : name, workers: name === "rails-2x5" ? 2 : 0, threads: 5 }));
const app = {
  fixture: "blog", paths: ["/a"], headers: { Host: "h" }, signIn: null, requestNotes: null, cacheSites: 0, performCaching: true,
  lanes,
  railsLanes: ["rails-1x5", "rails-2x5"],
  runs,
  counting: [{ path: "/a", railsSql: [1, 1, 1], oursSql: [1, 1, 1], oursCache: [null, null, null], bytesIdentical: true, railsBytes: 10, oursBytes: 10 }],
  probes: { "rails-1x5": [probe(1, "r1.sqlite3")], "rails-2x5": [probe(2, "r2.sqlite3"), probe(3, "r2.sqlite3")], node: [probe(4, "n.sqlite3", { pool_size: undefined })], ceiling: [], "ceiling-sql": [] },
  summary: summarize({ runs, laneNames: lanes.map((l) => l.name), railsLanes: ["rails-1x5", "rails-2x5"], paths: ["/a"] }),
  targets: [],
  writes: [
    { lane: "rails-1x5", clients: 2, seconds: 5, requests: 500, ok: 500, statuses: { 302: 500 }, createsPerSecond: 100, p50Ms: 19.5, p99Ms: 40, cpuMsPerCreate: 9, otherCpuPct: 3 },
    { lane: "node", clients: 2, seconds: 5, requests: 7501, ok: 7500, statuses: { 302: 7500, 422: 1 }, createsPerSecond: 1500, p50Ms: 1.25, p99Ms: 4, cpuMsPerCreate: 0.6, otherCpuPct: 2 },
  ],
};
const socketLane = (lane, extra = {}) => ({
  lane, clients: 4, rooms: 2, signIn: { ms: 1200, failures: 0, failed: [] }, memoryBeforeKiB: 102400, memoryConnectedKiB: 112640, memoryAfterKiB: 112640, openAfterDelivery: 4,
  connect: { concurrency: 2, subscribed: 4, failed: 0, failures: {}, allMs: 250, perClientMs: { n: 4, p50: 40, p99: 80.5, max: 80.5 }, welcomeMs: {}, laneCpuS: 0.1 },
  delivery: { posts: 2, postStatuses: { 200: 2 }, postMs: { p50: 12.5 }, expected: 4, received: 4, latencyMs: { n: 4, p50: 15, p99: 30, max: 30 }, laneCpuS: 0.02 },
  ...extra,
});
const report = {
  startedAt: "2026-01-02T03:04:05.000Z",
  machine: { cpu: "CPU", cores: 2, memoryGiB: 4, os: "Debian", kernel: "6", node: "v20", wrk: "wrk 4", betterSqlite3: "12", source: "snapshot", commit: "abc", distBuiltAt: "t" },
  config: { apps: ["blog"], durationS: 10, rounds: 1, warmupS: 3, connections: 10, wrkThreads: 1, quietPct: 20, quietMaxWaitS: 60, retryPct: 25, retries: 2, sockets: { app: "chat", clients: 4, perRoom: 2, concurrency: 2 }, argv: [] },
  compile: [
    { name: "blog", fixture: true, app: "/r/fixtures/blog", runs: [900], medianMs: 900, medianCpuMs: 1200, samples: [{ otherPct: 4 }], phases: null, exitStatus: 0, summary: "ok" },
    { name: "src", fixture: false, app: "/work/chat/src", runs: [3000], medianMs: 3000, medianCpuMs: 3500, samples: [{ otherPct: 0 }], phases: { processStartMs: 50, importMs: 800, firstCompileMs: 2000, warmCompileMs: 1500 }, exitStatus: 0, summary: "compiled 9 modules" },
  ],
  apps: [app],
  sockets: {
    clients: 4, perRoom: 2, rooms: 2, concurrency: 2,
    lanes: [
      socketLane("rails-1x5", { connect: { ...socketLane("x").connect, subscribed: 3, failed: 1, failures: { "subscription rejected": 1 } }, delivery: { ...socketLane("x").delivery, expected: 3, received: 2 }, openAfterDelivery: 3 }),
      socketLane("node"),
    ],
  },
  targets: [{ target: "t", measured: "m", met: false }],
};

describe("markdownReport", () => {
  const md = markdownReport(report);

  it("states each sockets lane, and what went wrong on it", () => {
    expect(md).toContain([
      "| lane      | subscribed | connect+subscribe all, s | per client p50 / p99 ms | delivered | delivery p50 / p99 / max ms | POST p50 ms | lane CPU connect / deliver s | RSS before / connected MiB |",
      "|-----------|------------|--------------------------|-------------------------|-----------|-----------------------------|-------------|------------------------------|----------------------------|",
      "| rails-1x5 | 3 / 4      | 0.25                     | 40 / 80.5               | 2 / 3     | 15 / 30 / 30                | 12.5        | 0.1 / 0.02                   | 100 / 110                  |",
      "| node      | 4 / 4      | 0.25                     | 40 / 80.5               | 4 / 4     | 15 / 30 / 30                | 12.5        | 0.1 / 0.02                   | 100 / 110                  |",
      "",
      "What happened:",
      "",
      "- rails-1x5: 1 clients not subscribed: subscription rejected",
      "- rails-1x5: 1 broadcasts not received within 15 s of their post",
    ].join("\n"));
  });

  it("says the fragment cache is on in every lane that has one", () => {
    expect(md).toContain("node: on: its in-process store (production sets perform_caching)");
  });

  it("has every section, in order", () => {
    expect(md.split("\n").filter((l) => /^#+ [A-Z]/.test(l))).toEqual([
      "# Benchmark: blog, sockets, 2026-01-02",
      "## Targets (for the report, not assertions)",
      "## Since the previous report",
      "### Throughput and latency",
      "### Ratios",
      "### Memory (max over the timed runs, sampled right after each run, summed over the lane's processes)",
      "### SQL statements per request, and the bytes served",
      "### Writes: creates per second",
      "### Where the CPU goes",
      "### Durability: SQLite pragmas, read back from each lane's live connection",
      "### Every timed run, and the noise around it",
      "## Sockets (Action Cable)",
      "## Compile time",
      "## Setup",
      "## What these numbers are not",
      "## Commands",
    ]);
    expect(md).toContain("\n\n## blog\n\n**Fragment cache.**");
  });

  it("names apps given by path by their last two segments", () => {
    expect(md).toContain("| chat/src | 3000               | 3,000          | 3,500         | 0%            | 50 + 800 + 2000             | 1,500           | 0    | compiled 9 modules |");
  });

  it("states the pragmas each lane read back, and the ratios", () => {
    expect(md).toContain([
      "| pragma           | rails-1x5  | rails-2x5  | node       |",
      "|------------------|------------|------------|------------|",
      "| foreign_keys     | 1 (ON)     | 1 (ON)     | 1 (ON)     |",
      "| journal_mode     | wal        | wal        | wal        |",
      "| synchronous      | 1 (NORMAL) | 1 (NORMAL) | 1 (NORMAL) |",
      "| SQLite library   | 3.53.4     | 3.53.4     | 3.53.4     |",
      "| database file    | r1.sqlite3 | r2.sqlite3 | n.sqlite3  |",
      "| processes probed | 1          | 2          | 1          |",
    ].join("\n"));
    expect(md).toContain("| /a   | 10.0x            | 5.00x            | 5.00x             | 10.0%          | 50.0%              | 10.0x                    | 5.00x                    |");
  });

  it("states the write lanes with every answer's status", () => {
    expect(md).toContain("| node      | 2       | 1,500     | 1.25   | 4.00   | 0.60               | 302: 7,500, 422: 1 | 2%        |");
  });

  it("puts each lane beside the previous report's figures, with the change", () => {
    const previous = { file: "2026-01-01.json", startedAt: "2026-01-01T00:00:00Z", apps: { blog: { "/a": { node: { cpuMsPerRequest: 2, rps: 500 } } } }, compile: { blog: 1800 } };
    const text = markdownReport({ ...report, previous });
    expect(text).toContain("## Since the previous report (2026-01-01.json, 2026-01-01)");
    expect(text).toMatch(/\| blog \/a +\| node +\| 0\.10 +\| 2\.00 +\| -95% +\| 1,000 +\| 500 +\| \+100% +\|/);
    expect(text).toMatch(/\| blog \/a +\| rails-1x5 +\| 1\.00 +\| - +\| - +\|/);
    expect(text).toMatch(/\| cold compile blog +\| +\| +\| +\| +\| 900 ms +\| 1,800 ms +\| -50% +\|/);
  });
});
