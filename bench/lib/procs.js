// Which processes make up a lane, and how much memory they hold, from /proc. A lane is every process that
// holds its listening socket: Puma's master and its forked workers share it, a Node server holds it alone.
// The harness's own wrappers (chroot.sh's bash) hold no socket and are not counted.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Inodes of the sockets listening on 127.0.0.1/0.0.0.0 (or ::) at PORT. */
function listeningInodes(port) {
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== "0A") continue; // 0A = LISTEN
      if (parseInt(f[1].split(":")[1], 16) === port) inodes.add(f[9]);
    }
  }
  return inodes;
}

/** Pids holding the listening socket of PORT, sorted. */
export function lanePids(port) {
  const wanted = new Set([...listeningInodes(port)].map((i) => `socket:[${i}]`));
  const pids = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    if (fds.some((fd) => wanted.has(safeReadlink(`/proc/${pid}/fd/${fd}`)))) pids.push(Number(pid));
  }
  return pids.sort((a, b) => a - b);
}

function safeReadlink(path) {
  try {
    return readlinkSync(path);
  } catch {
    return "";
  }
}

/**
 * Memory of one process in KiB: rss (VmRSS now), hwm (VmHWM, peak RSS), pss (proportional set size: shared
 * pages divided among the processes sharing them, so Puma's copy-on-write workers are not counted twice).
 */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (text, key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN);
  let pss = NaN;
  try {
    pss = kib(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
  } catch {
    // smaps_rollup needs Linux 4.14; without it PSS stays unknown rather than guessed
  }
  const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  return { pid, comm, rss: kib(status, "VmRSS"), hwm: kib(status, "VmHWM"), pss };
}

/** Sum over the lane's processes, plus the per-process rows. */
export function laneMemory(port) {
  const processes = lanePids(port).map(memoryOf);
  const sum = (k) => processes.reduce((s, p) => s + p[k], 0);
  return { rssKiB: sum("rss"), hwmKiB: sum("hwm"), pssKiB: sum("pss"), processes };
}
