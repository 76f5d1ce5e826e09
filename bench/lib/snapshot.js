// What is measured must hold still. The working tree is shared and dist/ is rebuilt by others at any moment (a
// run once died when half of dist/ changed under it), so by default the benchmark measures one commit: HEAD's
// src/, runtime/ and fixtures/ from `git archive`, built with tsc into a scratch package, plus this bench/
// folder; run.js then re-runs itself from there. The emitted app links that package (emit finds its package
// root from the compiler's own location), so compiler, runtime and probe are all the snapshot's.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

export const SNAPSHOT_ENV = "RAILS2TS_BENCH_ORIGIN";

function git(repo, args) {
  const r = spawnSync("git", ["-C", repo, ...args], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

/** Builds the snapshot of REPO's HEAD; returns its directory and what it is. */
export function makeSnapshot(repo, log) {
  const commit = git(repo, ["rev-parse", "HEAD"]);
  const dirty = git(repo, ["status", "--porcelain", "--", "src", "runtime", "fixtures"]).split("\n").filter(Boolean).length;
  const dir = mkdtempSync(join(tmpdir(), "rails2ts-bench-pkg-"));
  log(`snapshot of ${commit.slice(0, 10)} (HEAD; ${dirty} uncommitted files in src/ runtime/ fixtures/ are NOT measured) in ${dir}`);
  const tar = spawnSync("bash", ["-c", 'git -C "$0" archive --format=tar HEAD src runtime fixtures test/campfire/setup-rails.sh package.json package-lock.json tsconfig.json | tar -x -C "$1"', repo, dir]);
  if (tar.status !== 0) throw new Error(`git archive failed: ${tar.stderr}`);
  cpSync(join(repo, "bench"), join(dir, "bench"), { recursive: true, filter: (src) => !relative(join(repo, "bench"), src).startsWith("results") });
  symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"), "dir");
  log("building the snapshot with tsc");
  const tsc = spawnSync(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  if (tsc.status !== 0) throw new Error(`tsc failed on HEAD ${commit}:\n${tsc.stdout.slice(-3000)}`);
  return { dir, commit, dirty };
}

/** Runs bench/run.js of the snapshot with the same arguments; resolves to its exit code. */
export async function runInSnapshot(repo, argv, log) {
  const snap = makeSnapshot(repo, log);
  const args = argv.includes("--out") ? argv : [...argv, "--out", join(repo, "bench", "results")];
  const origin = { repo, commit: snap.commit, uncommitted: snap.dirty, argv };
  const env = { ...process.env, [SNAPSHOT_ENV]: JSON.stringify(origin), RAILS2TS_SHARED: process.env.RAILS2TS_SHARED ?? resolve(repo, "..", "shared") };
  try {
    // The sockets lanes hold a descriptor per client on both ends: raise the soft open-files limit to the hard
    // one for the run (the servers it starts inherit it).
    const script = 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"';
    const child = spawn("sh", ["-c", script, "sh", process.execPath, join(snap.dir, "bench", "run.js"), ...args], { stdio: "inherit", env });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    return await new Promise((done) => child.on("close", (code) => done(code ?? 1)));
  } finally {
    rmSync(snap.dir, { recursive: true, force: true });
  }
}
