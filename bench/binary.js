// The executable beside `node dist/server.js` (issue 15's numbers): one fixture (default the blog) compiled once
// and built once as a single executable (`rails2ts build --binary`), each booted on its own copy of a fresh
// database, then: binary size, build time, spawn-to-first-200, RSS at idle, peak RSS under wrk, and req/s in
// interleaved rounds on the same path. Nothing is asserted; it prints one JSON object and a few lines.
//
//   npm run build && node bench/binary.js [--app fixtures/blog] [--path /articles] [--rounds 3] [--duration 10]
//
// It measures the working tree's dist/ (build it first), unlike run.js's HEAD snapshot.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildBinary } from "../dist/src/build/binary.js";
import { compile } from "../dist/src/compile.js";
import { SECRET_KEY_BASE } from "../dist/src/conformance/secret.js";
import { scenarioHost } from "./lib/apps.js";
import { benchHeaders, get } from "./lib/http-get.js";
import { laneMemory } from "./lib/procs.js";
import { runWrk, wrkVersion } from "./lib/wrk.js";

const { values } = parseArgs({
  options: {
    app: { type: "string", default: "fixtures/blog" },
    path: { type: "string", default: "/articles" },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
  },
});
const appDir = resolve(values.app);
const headers = benchHeaders(scenarioHost(appDir));
const scratch = mkdtempSync(join(tmpdir(), "rails2ts-bench-binary-"));
const log = (line) => console.error(`[binary] ${line}`);
const stops = [];

/** Spawns a server, waits for `listening on P`, then for the first 200 on the path; the time from spawn to it. */
async function boot(name, file, args, env, cwd) {
  const started = performance.now();
  const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "inherit"] });
  stops.push(() => new Promise((done) => (child.exitCode !== null ? done() : (child.once("exit", done), child.kill("SIGTERM")))));
  const port = await new Promise((resolveP, reject) => {
    child.stdout.on("data", (d) => {
      const m = /listening on (\d+)/.exec(String(d));
      if (m) resolveP(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    const r = await get(baseUrl, values.path, headers).catch(() => null);
    if (r?.status === 200) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { name, port, baseUrl, firstOkMs: performance.now() - started };
}

/** Peak of the lane's summed RSS while fn runs, sampled every 100 ms. */
async function peakRss(port, fn) {
  let peak = laneMemory(port).rssKiB;
  const timer = setInterval(() => (peak = Math.max(peak, laneMemory(port).rssKiB)), 100);
  try {
    return { result: await fn(), peakKiB: peak };
  } finally {
    clearInterval(timer);
  }
}

try {
  log(`wrk: ${wrkVersion()}`);
  const out = join(scratch, "app");
  await compile(appDir, { out, link: true });
  const buildStart = performance.now();
  const binary = await buildBinary(appDir, join(scratch, "app-binary"));
  const buildMs = performance.now() - buildStart;
  log(`built ${binary.output} (${binary.bytes} bytes) in ${Math.round(buildMs)} ms`);

  const env = { SECRET_KEY_BASE, PORT: "0", HOST: "127.0.0.1" };
  const lanes = [
    await boot("node dist/server.js", process.execPath, [join(out, "dist/server.js")], { ...process.env, ...env, DATABASE_PATH: join(scratch, "node.sqlite3") }, out),
    await boot("binary", binary.output, [], { PATH: "/nonexistent", RAILS2TS_CACHE_DIR: join(scratch, "unpacked"), ...env, DATABASE_PATH: join(scratch, "binary.sqlite3") }, scratch),
  ];
  await new Promise((r) => setTimeout(r, 2000));
  const idle = Object.fromEntries(lanes.map((l) => [l.name, laneMemory(l.port).rssKiB]));
  const rounds = Number(values.rounds);
  const runs = [];
  for (let round = 1; round <= rounds; round++) {
    for (const lane of round % 2 ? lanes : [...lanes].reverse()) {
      await runWrk({ url: lane.baseUrl + values.path, seconds: 2, connections: Number(values.connections), threads: 1, headers });
      const { result, peakKiB } = await peakRss(lane.port, () =>
        runWrk({ url: lane.baseUrl + values.path, seconds: Number(values.duration), connections: Number(values.connections), threads: 1, headers }),
      );
      runs.push({ round, lane: lane.name, rps: result.rps, errors: result.non2xxOrErrors, peakKiB });
      log(`round ${round} ${lane.name}: ${result.rps.toFixed(0)} req/s, peak RSS ${(peakKiB / 1024).toFixed(1)} MiB, ${result.non2xxOrErrors} errors`);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = Object.fromEntries(lanes.map((l) => {
    const mine = runs.filter((r) => r.lane === l.name);
    return [l.name, {
      firstOkMs: Math.round(l.firstOkMs), idleRssMiB: +(idle[l.name] / 1024).toFixed(1),
      peakRssUnderLoadMiB: +(Math.max(...mine.map((r) => r.peakKiB)) / 1024).toFixed(1),
      medianRps: Math.round(median(mine.map((r) => r.rps))), rounds: mine.map((r) => Math.round(r.rps)), errors: mine.reduce((s, r) => s + r.errors, 0),
    }];
  }));
  const report = { app: values.app, path: values.path, binaryBytes: binary.bytes, binaryBytesOnDisk: statSync(binary.output).size, buildMs: Math.round(buildMs), lanes: summary };
  console.log(JSON.stringify(report, null, 2));
  const [n, b] = lanes.map((l) => summary[l.name]);
  log(`binary / node req/s: ${(b.medianRps / n.medianRps).toFixed(2)}; first 200 ${b.firstOkMs} ms vs ${n.firstOkMs} ms; idle RSS ${b.idleRssMiB} vs ${n.idleRssMiB} MiB`);
} finally {
  for (const stop of stops) await stop();
  rmSync(scratch, { recursive: true, force: true });
}
