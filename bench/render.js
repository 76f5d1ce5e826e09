// Re-renders a results file's Markdown from its JSON (after a change to the report's format): the summary and
// targets are recomputed from the raw runs by the same code run.js uses; no number is measured again.
// Usage: node bench/render.js bench/results/<stem>.json   (writes <stem>.md next to it)
import { readFileSync, writeFileSync } from "node:fs";
import { markdownReport } from "./lib/report.js";
import { summarize, targets } from "./lib/summary.js";

const file = process.argv[2];
if (!file?.endsWith(".json")) throw new Error("usage: node bench/render.js RESULTS.json");
const report = JSON.parse(readFileSync(file, "utf8"));
const laneNames = report.lanes.map((l) => l.name);
report.summary = summarize({ runs: report.runs.filter((r) => !r.discarded), laneNames, railsLanes: report.railsLanes, paths: report.config.paths });
report.targets = targets({ summary: report.summary, counting: report.counting, compile: report.compile, railsLanes: report.railsLanes, indexPath: report.config.paths[0] });
writeFileSync(file.replace(/\.json$/, ".md"), markdownReport(report));
console.log(`wrote ${file.replace(/\.json$/, ".md")}`);
