// A small Rails app written to a scratch directory and compiled by the real pipeline: the emitted files by path,
// and the compile's diagnostics.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { compile } from "../../src/compile.js";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { scratchDir } from "./scratch.js";

export async function compileProbe(files: Record<string, string>): Promise<{ files: Map<string, string>; diagnostics: Diagnostic[] }> {
  const root = scratchDir("probe");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await compile(root);
  return { files: new Map(result.files.map((f) => [f.path, f.text])), diagnostics: result.diagnostics };
}

/** The one line of `text` containing `marker`, trimmed (the test fails when there is not exactly one). */
export function lineWith(text: string | undefined, marker: string): string {
  const lines = (text ?? "").split("\n").filter((l) => l.includes(marker));
  expect(lines).toHaveLength(1);
  return lines[0]!.trim();
}
