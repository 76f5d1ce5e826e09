// CPU accounting around one wrk run, because the machine is shared (2 cores; other work may be running): how
// much CPU the lane used (per request: a number contention barely moves), how much wrk used (it shares the
// cores with the server), and how much went to everything else (noise). All from /proc, in seconds. Also the
// wait for a quiet machine before each run.
import { readFileSync } from "node:fs";

const TICK = 100; // USER_HZ: Linux reports jiffies in 1/100 s on every architecture Node runs on

/**
 * CPU seconds of the whole machine since boot: `task` is time processes ran (user, nice, system), which is what
 * per-process accounting can be subtracted from; interrupts (mostly loopback packet processing, charged to no
 * process) and hypervisor steal are kept apart, since neither belongs to "other work".
 */
function machineCpu() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = f;
  return { task: (user + nice + system) / TICK, irq: (irq + softirq) / TICK, steal: (steal ?? 0) / TICK };
}

/** Fields after the parenthesised comm of /proc/PID/stat (comm may contain spaces). */
function statFields(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ").map(Number);
}

/** utime + stime of PID, seconds; 0 when it is gone. */
function processCpu(pid) {
  try {
    const f = statFields(pid);
    return (f[11] + f[12]) / TICK; // fields 14, 15 of stat(5), counted from field 3
  } catch {
    return 0;
  }
}

/** This process's own CPU and its reaped children's (wrk, once it has exited). */
function selfAndChildren() {
  const f = statFields("self");
  return { self: (f[11] + f[12]) / TICK, children: (f[13] + f[14]) / TICK };
}

/**
 * Call before the run; the returned function, called once the measured child (wrk, or a compile) has exited
 * and been reaped, gives the split: lane = PIDS, children = our reaped children, harness = this process.
 */
export function startCpuWindow(pids) {
  const t0 = process.hrtime.bigint();
  const m0 = machineCpu();
  const lane0 = pids.reduce((s, p) => s + processCpu(p), 0);
  const me0 = selfAndChildren();
  return () => {
    const wallS = Number(process.hrtime.bigint() - t0) / 1e9;
    const m1 = machineCpu();
    const task = m1.task - m0.task;
    const lane = pids.reduce((s, p) => s + processCpu(p), 0) - lane0;
    const me = selfAndChildren();
    const children = me.children - me0.children;
    const harness = me.self - me0.self;
    const other = Math.max(0, task - lane - children - harness);
    return { wallS, machineTaskS: task, irqS: m1.irq - m0.irq, stealS: m1.steal - m0.steal, laneS: lane, childrenS: children, harnessS: harness, otherS: other };
  };
}

/** 1-minute load average, for the record. */
export function loadAverage() {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}

/**
 * Before a timed run: waits (polling 1 s windows) until processes outside the harness use less than
 * thresholdPct of one core, at most maxWaitS. Lanes idle between runs, so what is busy then is other work.
 * Returns the seconds waited and the last window's busy share, for the record.
 */
export async function waitForQuiet(thresholdPct, maxWaitS) {
  const start = Date.now();
  for (;;) {
    const m0 = machineCpu();
    const me0 = selfAndChildren();
    await new Promise((r) => setTimeout(r, 1000));
    const m1 = machineCpu();
    const me1 = selfAndChildren();
    const busyPct = (m1.task - m0.task - (me1.self - me0.self) - (me1.children - me0.children)) * 100;
    const waitedS = (Date.now() - start) / 1000;
    if (busyPct < thresholdPct || waitedS >= maxWaitS) return { waitedS: Math.round(waitedS), busyPct: Math.round(busyPct) };
  }
}
