// vitest globalSetup: every test run gets its own temporary directory (TMPDIR, which os.tmpdir() and the
// compiler's mkdtemp calls read), removed when the run ends, so a run leaves nothing behind in the system's
// temp dir even where a test or a spawned server forgets to clean up. What was left is named on teardown, so
// a leaking test can still be found.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const outer = process.env.TMPDIR;
  const sandbox = mkdtempSync(join(tmpdir(), "rails2ts-test-run-"));
  process.env.TMPDIR = sandbox;
  return () => {
    const left = readdirSync(sandbox);
    if (left.length) console.warn(`temp entries tests left behind (removed): ${left.join(", ")}`);
    rmSync(sandbox, { recursive: true, force: true });
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
  };
}
