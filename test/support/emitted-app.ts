// A small Rails app written to a scratch directory and compiled by the real pipeline: its emitted files by path
// (the typed-sends tests read single lines of them).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { compile } from "../../src/compile.js";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { scratchDir } from "./scratch.js";

/** `files` written to a scratch app and compiled: each emitted file's text by its path, and the diagnostics. */
export async function compileFiles(prefix: string, files: Record<string, string>): Promise<{ files: Map<string, string>; diagnostics: Diagnostic[] }> {
  const root = scratchDir(prefix);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await compile(root);
  return { files: new Map(result.files.map((f) => [f.path, f.text])), diagnostics: result.diagnostics };
}

/** `base` with `files` over it, compiled: each emitted file's text by its path. */
export async function emittedApp(prefix: string, base: Record<string, string>, files: Record<string, string> = {}): Promise<Map<string, string>> {
  return (await compileFiles(prefix, { ...base, ...files })).files;
}

/** The one line of `text` containing `marker`, trimmed (the test fails when there is not exactly one). */
export function lineWith(text: string | undefined, marker: string): string {
  const lines = (text ?? "").split("\n").filter((l) => l.includes(marker));
  expect(lines).toHaveLength(1);
  return lines[0]!.trim();
}
