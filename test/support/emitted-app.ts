// A small Rails app written to a scratch directory and compiled by the real pipeline: its emitted files by path
// (the typed-sends tests read single lines of them).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { compile } from "../../src/compile.js";
import { scratchDir } from "./scratch.js";

/** `base` with `files` over it, compiled: each emitted file's text by its path. */
export async function emittedApp(prefix: string, base: Record<string, string>, files: Record<string, string> = {}): Promise<Map<string, string>> {
  const root = scratchDir(prefix);
  for (const [path, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await compile(root);
  return new Map(result.files.map((f) => [f.path, f.text]));
}

/** The one line of `text` containing `marker`, trimmed (the test fails when there is not exactly one). */
export function lineWith(text: string | undefined, marker: string): string {
  const lines = (text ?? "").split("\n").filter((l) => l.includes(marker));
  expect(lines).toHaveLength(1);
  return lines[0]!.trim();
}
