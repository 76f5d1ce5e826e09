// Cold compile time: `rails2ts compile APP --out DIR` as a fresh Node process each time (module loading,
// tree-sitter start-up, parse, analyze, lower, emit with prettier, writing files), wall clock around the whole
// process, and the CPU time it used (user + system, its own threads included), which other work on a shared
// machine moves much less than the wall clock. Each run first waits for a quiet machine, as timed runs do. The
// OS file cache is warm after the first run (we do not drop caches: other work shares the machine).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startCpuWindow, waitForQuiet } from "./cpu.js";
import { median } from "./summary.js";

const CLI = fileURLToPath(new URL("../../dist/src/cli.js", import.meta.url));
const PHASES = fileURLToPath(new URL("./compile-phases.js", import.meta.url));

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/**
 * @param {string} appDir
 * @param {{ runs: number, keepOut?: string | null, quietPct: number, quietMaxWaitS: number, gemPath?: string }} o
 *   keepOut: where the last run's output stays (the Node lane boots it); gemPath: the compiler's --gem-path
 */
export async function timeCompile(appDir, o) {
  const samples = [];
  let last = null;
  for (let i = 0; i < o.runs; i++) {
    const out = mkdtempSync(join(tmpdir(), `rails2ts-bench-compile-${basename(appDir)}-`));
    const quiet = await waitForQuiet(o.quietPct, o.quietMaxWaitS);
    const window = startCpuWindow([]);
    last = await run([CLI, ...gemArgs(o), "compile", appDir, "--out", out]);
    const cpu = window();
    samples.push({ wallMs: Math.round(cpu.wallS * 1000), cpuMs: Math.round(cpu.childrenS * 1000), otherPct: Math.round((cpu.otherS / cpu.wallS) * 100), quiet });
    rmSync(out, { recursive: true, force: true });
  }
  // The timed runs are what a user runs (a project to `npm ci`); the Node lanes boot one more, untimed, compiled
  // with --link so that it runs in place on this compiler (the snapshot package) without an install.
  if (o.keepOut) {
    const linked = await run([CLI, ...gemArgs(o), "compile", appDir, "--out", o.keepOut, "--link"]);
    if (linked.status !== 0) throw new Error(`compile --link of ${appDir} failed: ${linked.stderr.slice(-2000)}`);
  }
  return {
    app: appDir,
    samples,
    runs: samples.map((s) => s.wallMs),
    medianMs: median(samples.map((s) => s.wallMs)),
    medianCpuMs: median(samples.map((s) => s.cpuMs)),
    exitStatus: last.status,
    summary: [last.stdout, last.stderr].filter(Boolean).join(" | ").slice(0, 300),
    phases: await phases(appDir, o),
  };
}

/** One more fresh process, split into phases (see compile-phases.js); null if it failed. */
async function phases(appDir, o) {
  const out = mkdtempSync(join(tmpdir(), "rails2ts-bench-phases-"));
  try {
    await waitForQuiet(o.quietPct, o.quietMaxWaitS);
    const r = await run([PHASES, appDir, out, ...(o.gemPath ? [o.gemPath] : [])]);
    const line = r.stdout.split("\n").find((l) => l.startsWith("{"));
    return r.status === 0 && line ? JSON.parse(line) : null;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The compiler's --gem-path option, when the app's gems live outside the system's (Campfire). */
const gemArgs = (o) => (o.gemPath ? ["--gem-path", o.gemPath] : []);
