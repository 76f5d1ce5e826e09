// The machine and the software under test, for the results file: what a reader needs to judge the numbers.
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { wrkVersion } from "./wrk.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8", cwd: ROOT });
  return r.status === 0 ? r.stdout.trim() : null;
}

function osName() {
  try {
    return /^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** @param {{ commit: string, uncommitted: number } | null} origin the snapshot's source, when run from one */
export function machineInfo(origin) {
  const dirty = origin ? null : sh("git", ["status", "--porcelain", "--", "src", "runtime"]);
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    kernel: sh("uname", ["-r"]),
    os: osName(),
    node: process.version,
    wrk: wrkVersion(),
    betterSqlite3: JSON.parse(readFileSync(`${ROOT}/node_modules/better-sqlite3/package.json`, "utf8")).version,
    // Several engineers share the working tree: say whether what was measured is exactly a commit.
    source: origin ? "snapshot" : "dist",
    commit: origin ? origin.commit.slice(0, 10) : sh("git", ["rev-parse", "--short=10", "HEAD"]),
    uncommittedFilesInSrcAndRuntime: origin ? 0 : dirty === null ? null : dirty.split("\n").filter(Boolean).length,
    distBuiltAt: statSync(`${ROOT}/dist/src/compile.js`).mtime.toISOString(),
  };
}
