// The diagnostics ledger: how many of each code, per code and per file, relative to the app root. Committed for
// real apps so progress shows as numbers (never their code).
import { relative } from "node:path";
import type { Diagnostic } from "./index.js";

export interface Ledger {
  total: number;
  crashes: number;
  byCode: Record<string, number>;
  byFile: Record<string, Record<string, number>>;
}

/**
 * A diagnostic's file as the ledger names it: relative to the app root, or, for a file of an installed gem (an
 * engine's view), `gems/<name>-<version>/<path>` wherever the gem directory is.
 */
export function ledgerPath(root: string, file: string): string {
  const path = relative(root, file);
  const gem = path.startsWith("..") ? /(?:^|\/)(gems\/[^/]+-\d[^/]*\/.*)$/.exec(path) : null;
  return gem ? gem[1]! : path;
}

export function buildLedger(diagnostics: Diagnostic[], root: string): Ledger {
  const byCode: Record<string, number> = {};
  const byFile: Record<string, Record<string, number>> = {};
  for (const d of diagnostics) {
    byCode[d.code] = (byCode[d.code] ?? 0) + 1;
    const file = ledgerPath(root, d.span.file);
    const entry = (byFile[file] ??= {});
    entry[d.code] = (entry[d.code] ?? 0) + 1;
  }
  return { total: diagnostics.length, crashes: byCode.internal_error ?? 0, byCode: sorted(byCode), byFile: sortedFiles(byFile) };
}

function sorted(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

function sortedFiles(files: Record<string, Record<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)).map(([f, c]) => [f, sorted(c)]));
}

export function formatLedger(ledger: Ledger): string {
  const lines = [`${ledger.total} diagnostics, ${ledger.crashes} crashes`, "", "per code:"];
  for (const [code, n] of Object.entries(ledger.byCode)) lines.push(`  ${String(n).padStart(5)}  ${code}`);
  lines.push("", "per file:");
  for (const [file, codes] of Object.entries(ledger.byFile)) {
    const total = Object.values(codes).reduce((a, b) => a + b, 0);
    lines.push(`  ${String(total).padStart(5)}  ${file}  (${Object.entries(codes).map(([c, n]) => `${c} ${n}`).join(", ")})`);
  }
  return lines.join("\n");
}
