// Preloaded (--import) into the load part's server, which runs with --expose-gc: on SIGUSR2 it runs two full
// collections and then writes its RSS to $RAILS2TS_GC_PROBE. The load part reads memory this way after each round,
// so what it compares is what the process keeps, not garbage that happens to be uncollected at that moment (an
// RSS read right after a round moves by about ±10% with where V8's last full collection fell). A signal, not a
// route: the app's request path is exactly what `rails2ts compile` produced. (Single process only: SIGUSR2 to a
// node:cluster primary is its phased restart.)
import { readFileSync, writeFileSync } from "node:fs";

const out = process.env.RAILS2TS_GC_PROBE;
if (out && typeof globalThis.gc === "function") {
  process.on("SIGUSR2", () => {
    globalThis.gc();
    globalThis.gc();
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);
    writeFileSync(out, JSON.stringify({ pid: process.pid, rssKiB, heapUsed: process.memoryUsage().heapUsed }));
  });
}
