// A .cpuprofile (V8's: --cpu-prof, bench/ab.js --profile, lib/profile-hook.js) as text, for keeping beside a result:
// self time per function and per area (lib/profile-lane.js's summary), plus inclusive shares (each function counted
// once per sample, however deep it recurses), which say what a helper costs with everything it calls.
//   node bench/profile-top.js FILE.cpuprofile [--top 40] [--requests N] [--callers NAME]
// --callers NAME: the frames that call the functions named NAME, by NAME's self samples (who makes the cost).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { summarizeProfile } from "./lib/profile-lane.js";

const { values: v, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "40" }, requests: { type: "string" }, callers: { type: "string" } },
});
const top = Number(v.top);
const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => {
  const f = n.callFrame;
  const file = f.url ? f.url.replace(/^file:\/\//, "").replace(/^.*\/(runtime|src|dist|node_modules)\//, "$1/") : "";
  return `${f.functionName || "(anonymous)"} ${file}${f.url ? `:${f.lineNumber + 1}` : ""}`;
};
const isIdle = (id) => byId.get(id).callFrame.functionName === "(idle)";
const busy = profile.samples.filter((id) => !isIdle(id));

const summary = summarizeProfile(profile, Number(v.requests ?? 0), top);
const row = (r) => `${r.pct.toFixed(1).padStart(5)}%${summary.requests ? `  ${r.msPerRequest.toFixed(4)} ms/req` : ""}  ${r.name}`;
console.log(`${summary.samples} non-idle samples${summary.requests ? `, ${summary.requests} requests` : ""}`);
console.log("\nself, by area");
for (const r of summary.areas) console.log(row(r));
console.log("\nself, by function");
for (const r of summary.functions) console.log(row(r));

const shares = (title, counts) => {
  console.log(`\n${title}`);
  for (const [k, c] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * c) / busy.length).toFixed(1).padStart(5)}%  ${k}`);
};
const inclusive = new Map();
for (const id of busy) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (!seen.has(l)) (seen.add(l), inclusive.set(l, (inclusive.get(l) ?? 0) + 1));
  }
}
shares("inclusive, by function", inclusive);

if (v.callers) {
  const callers = new Map();
  for (const id of busy) {
    if (byId.get(id).callFrame.functionName !== v.callers) continue;
    const p = parent.get(id);
    const gp = p === undefined ? undefined : parent.get(p);
    const k = `${p === undefined ? "" : label(byId.get(p))}  <-  ${gp === undefined ? "" : label(byId.get(gp))}`;
    callers.set(k, (callers.get(k) ?? 0) + 1);
  }
  shares(`callers of ${v.callers}`, callers);
}
