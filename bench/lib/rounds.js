// The timed part: a warm-up of every lane on every path (discarded), then ROUNDS interleaved rounds. A round
// runs every path on every lane once; the lane order rotates from path to path and round to round, so no lane
// always runs first (cold caches) or last (after the machine has warmed up), and a burst of outside load lands
// on different lanes in different rounds instead of on one lane's whole sample. A run during which other work
// took more than retryPct of a core is run again (at most `retries` times): the decision looks only at the
// outside CPU, never at the result, and the retried attempts stay in the data, marked discarded.
import { loadAverage, startCpuWindow, waitForQuiet } from "./cpu.js";
import { laneMemory, lanePids } from "./procs.js";
import { runWrk } from "./wrk.js";

/**
 * @param {{ lanes: Array<{ name: string, baseUrl: string, port: number }>, paths: string[], rounds: number,
 *   seconds: number, warmupSeconds: number, runWarmupSeconds: number, connections: number, threads: number, quietPct: number,
 *   quietMaxWaitS: number, retryPct: number, retries: number, headers: Record<string,string>,
 *   log: (line: string) => void }} o
 */
export async function runRounds(o) {
  for (const lane of o.lanes) {
    for (const path of o.paths) {
      const w = await wrk(o, lane, path, o.warmupSeconds);
      o.log(`warm-up ${lane.name.padEnd(10)} ${path.padEnd(22)} ${fmt(w.rps)} req/s`);
      if (w.errors.status > 0) throw new Error(`${lane.name} ${path}: ${w.errors.status} non-2xx/3xx responses in warm-up`);
    }
  }
  const runs = [];
  for (let r = 0; r < o.rounds; r++) {
    for (const [p, path] of o.paths.entries()) {
      for (const lane of rotate(o.lanes, r + p)) runs.push(...(await attempts(o, lane, path, r + 1)));
    }
  }
  return runs;
}

/** The run, plus the disturbed attempts before it (discarded: true). */
async function attempts(o, lane, path, round) {
  const out = [];
  for (let attempt = 0; ; attempt++) {
    const run = await timedRun(o, lane, path, round);
    const disturbed = otherPct(run) > o.retryPct;
    const last = !disturbed || attempt >= o.retries;
    out.push({ ...run, attempt: attempt + 1, discarded: !last });
    o.log(line(run) + (last ? "" : "  (disturbed: run again)"));
    if (last) return out;
  }
}

const otherPct = (run) => (run.cpu.otherS / run.cpu.wallS) * 100;

async function timedRun(o, lane, path, round) {
  const quiet = await waitForQuiet(o.quietPct, o.quietMaxWaitS);
  // The same load for a moment first, discarded: a lane that sat idle while the others ran is measured at its
  // steady state, not while it wakes (a Node process's JIT, Puma's threads and caches alike).
  if (o.runWarmupSeconds > 0) await wrk(o, lane, path, o.runWarmupSeconds);
  const pids = lanePids(lane.port);
  const load1 = loadAverage();
  const window = startCpuWindow(pids);
  const result = await wrk(o, lane, path, o.seconds);
  const cpu = window();
  // Right after the load: the lane's working set while it is still warm.
  const memory = laneMemory(lane.port);
  return { round, lane: lane.name, path, ...result, cpu, memory, load1, quiet, pids };
}

function wrk(o, lane, path, seconds) {
  // A signed-in lane sends its own cookies (lanes.js); the others the bench headers.
  return runWrk({ url: lane.baseUrl + path, seconds, connections: o.connections, threads: o.threads, headers: lane.headers ?? o.headers });
}

function rotate(list, n) {
  const k = n % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

const fmt = (n) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1)).padStart(7);

function line(run) {
  const l = run.latencyUs;
  const other = otherPct(run).toFixed(0);
  return (
    `round ${run.round} ${run.lane.padEnd(10)} ${run.path.padEnd(22)} ${fmt(run.rps)} req/s  p50 ${ms(l.p50)}  p99 ${ms(l.p99)}` +
    `  rss ${Math.round(run.memory.rssKiB / 1024)} MiB  errors ${run.non2xxOrErrors}  other cpu ${other}%`
  );
}

export const ms = (us) => `${(us / 1000).toFixed(us < 10_000 ? 2 : 1)} ms`;
