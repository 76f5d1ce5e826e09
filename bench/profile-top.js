// A .cpuprofile (V8's, from --cpu-prof or bench's profile hook) as text: the top functions by self samples and by
// inclusive samples (a function counted once per sample however deep it recurses), as shares of the non-idle samples.
//   node bench/profile-top.js FILE.cpuprofile [--top 40]
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
const top = Number(rest[rest.indexOf("--top") + 1]) || 40;
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => {
  const f = n.callFrame;
  const url = f.url.replace(/^file:\/\//, "").replace(/^.*\/(node_modules|dist|runtime)\//, "$1/");
  return `${f.functionName || "(anonymous)"} ${url}:${f.lineNumber + 1}`;
};
const self = new Map();
const incl = new Map();
let total = 0;
for (const id of profile.samples) {
  const n = byId.get(id);
  const name = label(n);
  if (n.callFrame.functionName === "(idle)" || n.callFrame.functionName === "(program)" && false) continue;
  total++;
  self.set(name, (self.get(name) ?? 0) + 1);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + 1);
  }
}
const print = (title, m) => {
  console.log(`\n${title} (of ${total} non-idle samples)`);
  for (const [k, c] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * c) / total).toFixed(1).padStart(5)}%  ${k}`);
};
print("self", self);
print("inclusive", incl);
const byFile = new Map();
for (const [k, c] of self) {
  const file = k.replace(/^\S+ /, "").replace(/:\d+$/, "");
  byFile.set(file, (byFile.get(file) ?? 0) + c);
}
print("self by file", byFile);
// --callers NAME: who calls the functions named NAME (self samples, by the caller's frame).
const wanted = rest.indexOf("--callers") >= 0 ? rest[rest.indexOf("--callers") + 1] : null;
if (wanted) {
  const callers = new Map();
  for (const id of profile.samples) {
    const n = byId.get(id);
    if (n.callFrame.functionName !== wanted) continue;
    const p = byId.get(parent.get(id));
    const gp = p && byId.get(parent.get(p.id));
    const k = `${label(p)}  <-  ${gp ? label(gp) : ""}`;
    callers.set(k, (callers.get(k) ?? 0) + 1);
  }
  print(`callers of ${wanted}`, callers);
}
