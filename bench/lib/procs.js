// Which processes make up a lane, and how much memory they hold, from /proc. A lane is every process that
// holds its listening socket, and their descendants: Puma's master and its forked workers share the socket; a
// Node server holds it alone; under WEB_CONCURRENCY node:cluster's primary holds it and hands each connection to
// a worker it forked (which holds no listening socket). The harness's own wrappers (chroot.sh's bash) are
// ancestors, not descendants, and are not counted.
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

/** Pids holding the listening socket of PORT, and their descendants, sorted. */
export function lanePids(port) {
  const wanted = new Set([...listeningInodes(port)].map((i) => `socket:[${i}]`));
  const pids = new Set();
  const all = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number);
  for (const pid of all) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    if (fds.some((fd) => wanted.has(safeReadlink(`/proc/${pid}/fd/${fd}`)))) pids.add(pid);
  }
  const parentOf = new Map(all.map((pid) => [pid, parentPid(pid)]));
  for (let grew = pids.size > 0; grew; ) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (pids.has(pid) || !pids.has(ppid)) continue;
      pids.add(pid);
      grew = true;
    }
  }
  return [...pids].sort((a, b) => a - b);
}

/** The parent pid from /proc/PID/stat (the field after the parenthesised command, which may hold spaces). */
function parentPid(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return -1;
  }
}

/** The lane's processes that are children of the one holding the socket: node:cluster's workers (none otherwise). */
export function childPids(port) {
  const pids = lanePids(port);
  const holders = new Set(pids.filter((pid) => !pids.includes(parentPid(pid))));
  return pids.filter((pid) => !holders.has(pid));
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
