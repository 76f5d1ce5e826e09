// A temporary directory for one test file, removed when that file's tests end (vitest's afterAll, registered
// once when a test file first imports this module, runs after every directory the file made). The run's own
// TMPDIR sandbox (temp-sandbox.ts) catches what is still forgotten; this keeps each file from leaving any.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** mkdtemp under the temp dir as `rails2ts-<prefix>-XXXXXX`, removed after the file's tests. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `rails2ts-${prefix}-`));
  made.push(dir);
  return dir;
}
