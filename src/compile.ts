// compile(appDir, opts): the pipeline, one call per phase.
import { analyzeApp, type AppModel } from "./analyze/app-model.js";
import { CompileError, type Diagnostic } from "./diagnostics/index.js";
import { renderModules, writeProject, type WrittenFile } from "./emit/project.js";
import { parseApp } from "./parse/app.js";
import { lowerApp } from "./lower/index.js";

export interface CompileResult {
  files: WrittenFile[];
  diagnostics: Diagnostic[];
  cacheSites: AppModel["cacheSites"];
}

export async function compile(appDir: string, opts: { out?: string; gemPaths?: string[]; link?: boolean } = {}): Promise<CompileResult> {
  const parsed = parseApp(appDir);
  if (parsed.diagnostics.errors.length) throw new CompileError(parsed.diagnostics.errors);
  const app = analyzeApp(parsed, { gemPaths: opts.gemPaths });
  const lowered = lowerApp(app);
  const files = await renderModules(lowered.modules, parsed.diagnostics);
  if (opts.out) writeProject(opts.out, files, lowered.publicFiles, appDir, { link: opts.link ?? true });
  return { files, diagnostics: parsed.diagnostics.list, cacheSites: app.cacheSites };
}
