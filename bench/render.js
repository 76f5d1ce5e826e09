// Re-renders a results file's Markdown from its JSON (after a change to the report's format): the summary and
// targets are recomputed from the raw runs by the same code run.js uses; no number is measured again. Results
// of the one-app format (before the chat and sockets lanes) are read as a report of that one app.
// Usage: node bench/render.js bench/results/<stem>.json   (writes <stem>.md next to it)
import { readFileSync, writeFileSync } from "node:fs";
import { APPS } from "./lib/apps.js";
import { markdownReport } from "./lib/report.js";
import { compileTargets, summarize, targets } from "./lib/summary.js";

const file = process.argv[2];
if (!file?.endsWith(".json")) throw new Error("usage: node bench/render.js RESULTS.json");
const report = upgrade(JSON.parse(readFileSync(file, "utf8")));
for (const app of report.apps) {
  const laneNames = app.lanes.map((l) => l.name);
  app.summary = summarize({ runs: app.runs.filter((r) => !r.discarded), laneNames, railsLanes: app.railsLanes, paths: app.paths });
  app.targets = targets({ summary: app.summary, counting: app.counting, railsLanes: app.railsLanes, goals: APPS[app.fixture]?.targets ?? [], app: app.fixture });
}
report.targets = [...report.apps.flatMap((a) => a.targets), ...compileTargets(report.compile, (n) => APPS[n]?.compileTargetMs)];
writeFileSync(file.replace(/\.json$/, ".md"), markdownReport(report));
console.log(`wrote ${file.replace(/\.json$/, ".md")}`);

/** A one-app report (config.fixture, top-level runs) as a report with one entry in `apps`. */
function upgrade(r) {
  if (r.apps) return r;
  const { fixture, paths, headers, ...config } = r.config;
  const app = { fixture, paths, headers, signIn: null, requestNotes: null, cacheSites: r.cacheSites, performCaching: null, lanes: r.lanes, railsLanes: r.railsLanes, runs: r.runs, counting: r.counting, probes: r.probes };
  return { startedAt: r.startedAt, finishedAt: r.finishedAt, machine: r.machine, config: { ...config, apps: [fixture], sockets: null }, compile: r.compile, apps: [app], sockets: null };
}
