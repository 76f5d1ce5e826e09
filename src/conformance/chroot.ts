// Running commands in the Rails reference chroot (../shared/rails/chroot.sh) from Node: one-shot commands,
// a long-running server in its own process group, and undoing the bind mount chroot.sh leaves behind.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, rmdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { chrootRoot, chrootScript } from "./paths.js";

/** Runs CMD in the chroot with DIR bind-mounted as its working directory; throws with the output on failure. */
export async function chrootRun(dir: string, cmd: string[]): Promise<string> {
  const child = spawn("bash", [chrootScript(), "run", dir, ...cmd], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString("utf8")));
  child.stderr.on("data", (d: Buffer) => (output += d.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`chroot ${cmd.join(" ")} exited ${code}:\n${output.slice(-4000)}`);
  return output;
}

/**
 * Starts CMD in the chroot in a new process group with its output in LOGFILE. chroot.sh does not exec the
 * command, so only signalling the whole group (stopGroup) reaches the server itself.
 */
export function chrootSpawn(dir: string, cmd: string[], logFile: string): ChildProcess {
  const fd = openSync(logFile, "a");
  try {
    return spawn("bash", [chrootScript(), "run", dir, ...cmd], { stdio: ["ignore", fd, fd], detached: true });
  } finally {
    closeSync(fd);
  }
}

/** SIGTERM to the group we started, SIGKILL if it is still there after the grace period. */
export async function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(child.pid, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  // The group may outlive its leader for a moment (Puma finishing its shutdown).
  for (let i = 0; i < 100 && groupAlive(child.pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(child.pid)) {
    signalGroup(child.pid, "SIGKILL");
    // Wait for the killed group to be gone: callers unmount the app's directory right after (else "busy").
    for (let i = 0; i < 100 && groupAlive(child.pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the bind mount chroot.sh made for DIR (only ours: other sessions may be using the chroot), then the
 * empty mount point directories it created, up to but not including LEVELS above.
 */
export function unbindFromChroot(dir: string, levels = 1): void {
  const target = join(chrootRoot(), dir);
  if (!existsSync(target)) return;
  const probe = spawnSync("mountpoint", ["-q", target]);
  if (probe.status === 0) spawnSync("umount", [target]);
  let current = target;
  for (let i = 0; i <= levels; i++, current = dirname(current)) {
    try {
      rmdirSync(current); // only ever removes an empty directory
    } catch {
      return;
    }
  }
}
