// compile(appDir, opts): the pipeline, one call per phase.
import { analyzeApp, type AppModel } from "./analyze/app-model.js";
import { CompileError, Diagnostics, type Diagnostic } from "./diagnostics/index.js";
import { crashOf, reportCrash } from "./parse/crash.js";
import { renderModules, writeProject, type WrittenFile } from "./emit/project.js";
import { parseApp } from "./parse/app.js";
import { lowerApp } from "./lower/index.js";
import type { RouteEntry } from "./analyze/routes.js";
import type { ModelInfo } from "./analyze/models.js";

export interface CompileResult {
  files: WrittenFile[];
  diagnostics: Diagnostic[];
  cacheSites: AppModel["cacheSites"];
  /** Calls left to run-time dispatch, with why (inspect --types). */
  dynamicSites: AppModel["dynamicSites"];
  /** CurrentAttributes attributes' proved models. */
  currentTypes: AppModel["currentTypes"];
  /** The route table, as routes.ts holds it. */
  routes: RouteEntry[];
  /** The app's models as analysis found them (associations, callbacks, validations, with their spans). */
  models: ModelInfo[];
}

/** `tests`: the app's Minitest suite is lowered too, into test/ of the emitted project (`npm test` runs it). */
/** `fixturesPath`: the fixtures' directory relative to the app when not test/fixtures (Rails' FIXTURES_PATH). */
export type CompileOptions = { out?: string; gemPaths?: string[]; link?: boolean; tests?: boolean; fixturesPath?: string };

export async function compile(appDir: string, opts: CompileOptions = {}): Promise<CompileResult> {
  try {
    return await pipeline(appDir, opts);
  } catch (err) {
    // The last resort, past every phase's own boundaries (parse/crash.ts): still a diagnostic, never a trace.
    if (err instanceof CompileError) throw err;
    const diags = new Diagnostics();
    reportCrash(diags, crashOf(err, { file: appDir, line: 0, column: 0, endLine: 0, endColumn: 0 }), appDir);
    throw new CompileError(diags.list);
  }
}

async function pipeline(appDir: string, opts: CompileOptions): Promise<CompileResult> {
  const parsed = parseApp(appDir, { fixturesPath: opts.fixturesPath });
  if (parsed.diagnostics.errors.length) throw new CompileError(parsed.diagnostics.errors);
  const app = analyzeApp(parsed, { gemPaths: opts.gemPaths });
  const lowered = lowerApp(app, { tests: opts.tests });
  const files = await renderModules(lowered.modules, parsed.diagnostics, appDir, lowered.standIn);
  if (opts.out) writeProject(opts.out, files, lowered.publicFiles, appDir, { link: opts.link ?? true, rootFiles: app.rootFiles, tests: files.some((f) => f.path.startsWith("test/")) });
  return { files, diagnostics: parsed.diagnostics.list, cacheSites: app.cacheSites, dynamicSites: app.dynamicSites, currentTypes: app.currentTypes, routes: lowered.routes, models: [...app.models.values()] };
}
