// vitest globalSetup: every test run gets its own temporary directory (TMPDIR, which os.tmpdir() and the
// compiler's mkdtemp calls read), removed when the run ends, so a run leaves nothing behind in the system's
// temp dir even where a test or a spawned server forgets to clean up. What was left is named on teardown, so
// a leaking test can still be found. Not when the run is filtered by test name (-t): a file whose tests are all
// filtered out runs no afterAll, so what it made at import time is left to this sandbox, and that is no leak.
//
// A run that is killed (a timeout, Ctrl-C twice) never reaches its teardown, so its sandbox stays: the name
// carries the host and the process id of the run, and the next run on the same host removes the sandboxes of
// runs whose process is gone (never one of a run still going, in another worktree).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

const PREFIX = "rails2ts-test-run-";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function removeAbandoned(root: string, host: string): void {
  for (const entry of readdirSync(root)) {
    if (!entry.startsWith(`${PREFIX}${host}-`)) continue;
    const pid = Number(/^(\d+)-[^-]+$/.exec(entry.slice(PREFIX.length + host.length + 1))?.[1]);
    if (pid && !alive(pid)) rmSync(join(root, entry), { recursive: true, force: true });
  }
}

export default function setup(project: TestProject): () => void {
  const filtered = project.config.testNamePattern !== undefined;
  const outer = process.env.TMPDIR;
  const root = tmpdir();
  const host = hostname().replace(/[^A-Za-z0-9.]/g, "_");
  removeAbandoned(root, host);
  const sandbox = mkdtempSync(join(root, `${PREFIX}${host}-${process.pid}-`));
  process.env.TMPDIR = sandbox;
  return () => {
    const left = readdirSync(sandbox);
    if (left.length && !filtered) console.warn(`temp entries tests left behind (removed): ${left.join(", ")}`);
    rmSync(sandbox, { recursive: true, force: true });
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
  };
}
