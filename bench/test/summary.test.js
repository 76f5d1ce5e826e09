// Summary arithmetic and the targets: medians over rounds, ratios to each Rails lane and the ceiling, memory
// maxima, and the target lines, on hand-made runs whose answers are worked out by hand.
import { describe, expect, it } from "vitest";
import { compileTargets, median, steady, summarize, targets, writeTargets } from "../lib/summary.js";

const run = (lane, path, rps, p50, p99, rssKiB, laneS = 1) => ({
  lane, path, rps, requests: rps * 10, latencyUs: { p50, p99 }, non2xxOrErrors: 0,
  cpu: { laneS, childrenS: 1, wallS: 10, otherS: 0.5 },
  memory: { rssKiB, pssKiB: rssKiB / 2, hwmKiB: rssKiB + 1024, processes: [{}] },
});

const runs = [
  ...[100, 120, 110].map((x) => run("rails-1x5", "/a", x, 40_000, 90_000, 100 * 1024)),
  ...[250, 200, 300].map((x) => run("rails-2x5", "/a", x, 20_000, 60_000, 240 * 1024)),
  ...[2200, 2000, 2100].map((x, i) => run("node", "/a", x, 4000, 9000 + i, (60 + i) * 1024)),
  ...[42_000, 40_000, 41_000].map((x) => run("ceiling", "/a", x, 200, 900, 50 * 1024)),
];
const laneNames = ["rails-1x5", "rails-2x5", "node", "ceiling"];
const summary = summarize({ runs, laneNames, railsLanes: ["rails-1x5", "rails-2x5"], paths: ["/a"] });

describe("summary", () => {
  it("medians", () => {
    expect([median([3, 1, 2]), median([4, 1, 3, 2]), steady([5, 2, 2])]).toEqual([2, 2.5, 2]);
  });

  it("cells, ratios and memory", () => {
    expect(summary.cells["/a"].node).toEqual({
      rounds: [2200, 2000, 2100], rps: 2100, rpsMin: 2000, rpsMax: 2200, p50Ms: 4, p99Ms: 9.001, p99MaxMs: 9.002,
      cpuMsPerRequest: 1000 / 21000, wrkCpuShare: 0.1, otherCpuMaxPct: 5, errors: 0,
    });
    expect(summary.ratios["/a"]).toEqual({ vsRails: { "rails-1x5": 2100 / 110, "rails-2x5": 2100 / 250 }, vsBestRails: 2100 / 250, ofCeiling: 2100 / 41_000 });
    expect(summary.memory).toEqual({
      "rails-1x5": { rssMiB: 100, pssMiB: 50, hwmMiB: 101, processes: 1 },
      "rails-2x5": { rssMiB: 240, pssMiB: 120, hwmMiB: 241, processes: 1 },
      node: { rssMiB: 62, pssMiB: 31, hwmMiB: 63, processes: 1 },
      ceiling: { rssMiB: 50, pssMiB: 25, hwmMiB: 51, processes: 1 },
    });
  });

  it("the workers lane gets its own ratios and target line", () => {
    const nx = [4000, 4400, 4200].map((x) => run("node-2x", "/a", x, 2000, 5000, 120 * 1024));
    const withNx = summarize({ runs: [...runs, ...nx], laneNames: [...laneNames, "node-2x"], railsLanes: ["rails-1x5", "rails-2x5"], nodeLanes: ["node", "node-2x"], paths: ["/a"] });
    expect(withNx.ratios["/a"].others).toEqual({ "node-2x": { vsBestRails: 4200 / 250, ofCeiling: 4200 / 41_000 } });
    const lines = targets({ summary: withNx, counting: [], railsLanes: [], goals: [{ path: "/a", vsBestRails: 15 }] });
    expect(lines).toEqual([
      { target: "/a: >= 15x Rails' best lane", measured: "8.4x", met: false },
      { target: "/a: node-2x >= 15x Rails' best lane", measured: "16.8x", met: true },
      { target: "SQL per request never above Rails", measured: "never above", met: true },
      { target: "RSS under the load <= 80 MiB per process", measured: "62.0 MiB", met: true },
    ]);
  });

  it("targets are reported, met or not", () => {
    const counting = [{ path: "/a", railsSql: [1, 1, 1], oursSql: [2, 1, 1] }, { path: "/b", railsSql: [2, 2, 2], oursSql: [3, 3, 3] }];
    const goals = [{ path: "/a", vsBestRails: 10, cpuVsRails1x5: 20, ofCeiling: 0.05 }];
    expect(targets({ summary, counting, railsLanes: ["rails-1x5", "rails-2x5"], goals, app: "x" })).toEqual([
      { target: "/a: >= 10x Rails' best lane", measured: "8.4x", met: false },
      // CPU per request, medians: rails-1x5 1 s over 1,100 requests = 0.909 ms; node 1 s over 21,000 = 0.0476 ms.
      { target: "/a: CPU per request >= 20x less than rails-1x5", measured: "19.1x (0.91 vs 0.048 ms)", met: false },
      { target: "/a: >= 5% of the ceiling", measured: "5.1%", met: true },
      { target: "SQL per request never above Rails (x)", measured: "above on /b", met: false },
      { target: "RSS under the load <= 80 MiB per process (x)", measured: "62.0 MiB", met: true },
      { target: "RSS <= 1/3 of rails-1x5 (x)", measured: "62% of it", met: false },
      { target: "RSS <= 1/3 of rails-2x5 (x)", measured: "26% of it", met: true },
    ]);
    const compile = [{ name: "blog", fixture: true, medianMs: 2100, medianCpuMs: 2600 }, { name: "chat", fixture: true, medianMs: 300, medianCpuMs: 400 }, { name: "other", fixture: false, medianMs: 9000 }];
    expect(compileTargets(compile, (n) => ({ blog: 500 })[n])).toEqual([
      { target: "cold compile of blog < 0.5 s", measured: "2.10 s wall (median; CPU 2.60 s)", met: false },
    ]);
  });
});

describe("writeTargets", () => {
  it("compares the one-process lanes' creates per second against 15x", () => {
    const w = (lane, createsPerSecond) => ({ lane, createsPerSecond });
    expect(writeTargets([w("rails-1x5", 100), w("node", 1600)], 2, "blog")).toEqual([
      { target: "creates/s per core >= 15x rails-1x5 (blog)", measured: "16.0x (1600 vs 100/s, both one process)", met: true },
    ]);
    expect(writeTargets([w("rails-1x5", 100), w("node", 700)], 2, "chat")[0].met).toBe(false);
    expect(writeTargets([], 2, "x")).toEqual([]);
  });
});
