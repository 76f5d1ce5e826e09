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
    const status = readFileSync("/proc/self/status", "utf8");
    const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const mem = process.memoryUsage();
    // RssAnon is the process's own memory (heap, malloc); RssFile is file pages mapped in (SQLite's mmap of the
    // database, the binary's code): what the second can grow by is the database's size, not a leak.
    writeFileSync(out, JSON.stringify({ pid: process.pid, rssKiB: kib("VmRSS"), rssAnonKiB: kib("RssAnon"), rssFileKiB: kib("RssFile"), heapUsed: mem.heapUsed, external: mem.external, arrayBuffers: mem.arrayBuffers }));
  });
}
