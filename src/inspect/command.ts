// `rails2ts inspect <app> <file>`: the file beside the TypeScript it became (text.ts), side by side on a terminal
// wide enough, interleaved otherwise (a pipe too); `--ts` prints the TypeScript alone, then the diagnostics with
// their code frames (the output before the two layouts, for scripts that read it).
import { existsSync, readFileSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { formatDiagnostic } from "../diagnostics/index.js";
import type { CompileResult } from "../compile.js";
import { modulesOf, notesOf, sourceView } from "./correspondence.js";
import { interleaved, sideBySide, SIDE_BY_SIDE_MIN_WIDTH } from "./text.js";

export type Layout = "ts" | "side-by-side" | "interleaved";

export interface InspectOutput {
  /** The layout asked for; by default side by side when stdout is a terminal at least SIDE_BY_SIDE_MIN_WIDTH wide. */
  layout?: Layout;
  /** Side by side: the width to fill (default: the terminal's, or 160). */
  width?: number;
}

/** The layout by default: two columns only on a terminal wide enough for them. */
export function defaultLayout(stdout: { isTTY?: boolean; columns?: number }): Layout {
  return stdout.isTTY && (stdout.columns ?? 0) >= SIDE_BY_SIDE_MIN_WIDTH ? "side-by-side" : "interleaved";
}

/** What `inspect <app> <file>` prints; `file` is relative to the app (or to the working directory). */
export function inspectFile(root: string, file: string, result: Pick<CompileResult, "files" | "diagnostics" | "cacheSites" | "models">, opts: InspectOutput): string {
  const candidates = [resolve(root, file), resolve(file)];
  const found = candidates.map((abs) => ({ abs, rel: relative(root, abs).split(sep).join("/") })).map((c) => ({ ...c, modules: modulesOf(result.files, c.abs, c.rel) }));
  const target = found.find((c) => c.modules.length) ?? found.find((c) => existsSync(c.abs) && notesOf(c.abs, result).length);
  if (!target) throw new Error(`no emitted module comes from ${file}`);
  const layout = opts.layout ?? "interleaved";
  if (layout === "ts") {
    const diags = result.diagnostics.filter((d) => candidates.includes(d.span.file));
    return [...target.modules.map((f) => `// ${f.path}\n${f.text}`), ...diags.map((d) => formatDiagnostic(d))].map((s) => `${s}\n`).join("");
  }
  const view = sourceView(target.abs, target.rel, readFileSync(target.abs, "utf8"), target.modules, notesOf(target.abs, result));
  return layout === "side-by-side" ? sideBySide(view, opts.width ?? 160) : interleaved(view);
}
