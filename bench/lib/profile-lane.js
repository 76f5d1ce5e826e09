// Where the Node lane's CPU goes, per page (issue 20: "the profile that explains the biggest remaining cost per
// page"). After the timed rounds, the single-process Node lane's inspector is opened with SIGUSR1 (Node's own
// debugger signal: nothing is restarted, the process measured is the one the rounds measured), V8's sampling
// profiler runs while wrk drives one path, and the samples are summed by self time: per function, and per area
// (the emitted app, each runtime folder, node's internals, native code, GC). Sampling every 200 µs.
import { get } from "node:http";
import WebSocket from "ws";
import { runWrk } from "./wrk.js";

const INTERVAL_US = 200;

/** Opens the inspector of `pid` and returns a connected CDP session ({ call, close }). */
async function inspect(pid, log) {
  process.kill(pid, "SIGUSR1");
  let target = null;
  for (let i = 0; i < 100 && !target; i++) {
    await new Promise((r) => setTimeout(r, 50));
    target = await listTargets().then((list) => list.find((t) => t.webSocketDebuggerUrl), () => null);
  }
  if (!target) throw new Error(`no inspector answered on 127.0.0.1:9229 after SIGUSR1 to ${pid}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let next = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    const p = m.id && pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    m.error ? p.reject(new Error(`${m.error.message}`)) : p.resolve(m.result);
  });
  log?.(`profile: inspector of ${pid} open`);
  return {
    call: (method, params = {}) => new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    }),
    close: () => ws.close(),
  };
}

function listTargets() {
  return new Promise((resolve, reject) => {
    get("http://127.0.0.1:9229/json/list", (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => { try { resolve(JSON.parse(body)); } catch (e) { reject(e); } });
    }).on("error", reject);
  });
}

/** The area a profile node's code belongs to. */
export function areaOf(node) {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === "(garbage collector)") return "GC";
    if (functionName === "(program)" || functionName === "(idle)") return functionName;
    return "native";
  }
  if (url.startsWith("node:")) return "node internals";
  const rt = /\/runtime\/([^/]+)\//.exec(url) ?? /\/runtime\/[^/]+\.js$/.exec(url);
  if (rt) return rt[1] ? `runtime/${rt[1]}` : "runtime";
  if (/\/node_modules\//.test(url)) return `npm: ${/\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)[1]}`;
  return "emitted app";
}

/** Self time per function and per area, from a V8 CPU profile, per request. */
export function summarizeProfile(profile, requests, top = 12) {
  const self = new Map(profile.nodes.map((n) => [n.id, 0]));
  for (const id of profile.samples) self.set(id, self.get(id) + 1);
  const total = profile.samples.length - profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").reduce((s, n) => s + self.get(n.id), 0);
  const fns = new Map();
  const areas = new Map();
  for (const n of profile.nodes) {
    const count = self.get(n.id);
    if (!count || n.callFrame.functionName === "(idle)") continue;
    const f = n.callFrame;
    const file = f.url ? f.url.replace(/^file:\/\//, "").replace(/^.*\/(runtime|src|node_modules)\//, "$1/") : "";
    const key = `${f.functionName || "(anonymous)"} ${file}${f.url ? `:${f.lineNumber + 1}` : ""}`;
    fns.set(key, (fns.get(key) ?? 0) + count);
    const area = areaOf(n);
    areas.set(area, (areas.get(area) ?? 0) + count);
  }
  const durationUs = profile.endTime - profile.startTime;
  const usPerSample = profile.samples.length ? durationUs / profile.samples.length : INTERVAL_US;
  const row = ([name, count]) => ({ name, pct: (100 * count) / total, msPerRequest: requests ? (count * usPerSample) / 1000 / requests : 0 });
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return { samples: total, requests, functions: sorted(fns).slice(0, top).map(row), areas: sorted(areas).map(row) };
}

/** Profiles `lane` (one process) on each path for `seconds` of wrk load. */
export async function profileLane({ lane, pid, paths, headers, seconds, connections, log }) {
  const session = await inspect(pid, log);
  const out = [];
  try {
    await session.call("Profiler.enable");
    await session.call("Profiler.setSamplingInterval", { interval: INTERVAL_US });
    for (const path of paths) {
      await session.call("Profiler.start");
      const w = await runWrk({ url: lane.baseUrl + path, seconds, connections, threads: 1, headers: lane.headers ?? headers });
      const { profile } = await session.call("Profiler.stop");
      const s = summarizeProfile(profile, w.requests);
      log?.(`profile ${path}: ${w.requests} requests, ${s.samples} samples; top area ${s.areas[0]?.name} ${s.areas[0]?.pct.toFixed(1)}%`);
      out.push({ path, ...s });
    }
  } finally {
    session.close();
  }
  return out;
}
