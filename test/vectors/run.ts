// Runs one vector file through the real compiler (test support): the header's app is written out, parsed,
// analyzed and lowered exactly as `rails2ts compile` does (parseApp -> analyzeApp -> lowerApp), the emitted
// modules are loaded (loader.ts), and each vector's template renders in a fresh View built from the header.
import { join } from "node:path";
import { parseApp } from "../../src/parse/app.js";
import { analyzeApp } from "../../src/analyze/app-model.js";
import { lowerApp } from "../../src/lower/index.js";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { View, type TemplateEntry } from "../../runtime/app/view.js";
import type { RouteEntry } from "../../runtime/http/route-table.js";
import { setClock } from "../../runtime/record/time.js";
import { floatToS, inspect, toS } from "../../runtime/support/ruby.js";
import { isHtmlSafe } from "../../runtime/view/safe.js";
import { ASSIGNS_TEMPLATE, RESULT_IVAR, vectorTemplate, writeVectorApp } from "./app-dir.js";
import { CSRF_TOKEN, vectorViewContext } from "./context.js";
import type { Vector, VectorFile } from "./files.js";
import { ModuleLoader } from "./loader.js";

export interface Outcome {
  /** What the vector compares: the output (or `!! error`), with ` [html_safe=x]` when only the flag differs. */
  actual: string;
  /** The compiler's diagnostics on this vector's template. */
  diagnostics: string[];
}

export interface CompiledFile {
  run(index: number): Outcome;
}

export function compileVectorFile(file: VectorFile): CompiledFile {
  const root = writeVectorApp(file);
  const parsed = parseApp(root);
  const app = analyzeApp(parsed);
  const lowered = lowerApp(app);
  const loader = new ModuleLoader(lowered.modules);
  const routes = loader.load("routes.ts").table as RouteEntry[];
  const templates = templateEntries(loader, [...app.templates.values()].map((t) => `${t.logicalPath}.${t.format}`));
  const byFile = diagnosticsByFile(parsed.diagnostics.list);
  const now = new Date(file.header.frozen_time);
  const noPipeline = file.header.asset_pipeline?.startsWith("none") ?? false;
  setClock(() => new Date(now));
  return {
    run(index) {
      const v = file.vectors[index]!;
      const diagnostics = (byFile.get(join(root, `app/views/${vectorTemplate(index)}.html.erb`)) ?? []).map((d) => d.message);
      const view = new View(vectorViewContext({ routes, templates, now, protectAgainstForgery: v.group === "csrf" }), {});
      // The recording had no asset pipeline (header.asset_pipeline); View always asks Propshaft's lookup.
      if (noPipeline) Object.defineProperty(view, "computeAssetPath", { value: undefined });
      return { actual: actualOf(v, () => evaluate(v, view, index)), diagnostics };
    },
  };
}

/** Template entries resolved lazily, so one template that fails to load fails only the vectors that use it. */
function templateEntries(loader: ModuleLoader, keys: string[]): Record<string, TemplateEntry> {
  const entries: Record<string, TemplateEntry> = {};
  for (const key of keys) {
    Object.defineProperty(entries, key, {
      enumerable: true,
      get: () => ({ handler: "erb", render: loader.load(`views/${key}.ts`).default as TemplateEntry["render"] }),
    });
  }
  return entries;
}

function evaluate(v: Vector, view: View, index: number): unknown {
  view.renderTemplate(ASSIGNS_TEMPLATE);
  const out = view.renderTemplate(vectorTemplate(index));
  return v.kind === "erb" ? out : view.assigns[RESULT_IVAR];
}

function actualOf(v: Vector, run: () => unknown): string {
  let value: unknown;
  try {
    value = run();
  } catch (e) {
    return `!! ${(e as Error).name}: ${(e as Error).message}`;
  }
  const output = shown(value, v.output_class).split(CSRF_TOKEN).join("{{CSRF_TOKEN}}");
  const htmlSafe = isHtmlSafe(value);
  return htmlSafe === v.html_safe ? output : `${output}  [html_safe=${htmlSafe}]`;
}

/** Strings by content; other classes as Ruby's `inspect` shows them (what the recorder wrote). */
function shown(value: unknown, outputClass: string | undefined): string {
  if (!outputClass) return value === undefined ? "!! undefined" : toS(value);
  if (outputClass === "Float" && typeof value === "number") return floatToS(value);
  return inspect(value ?? null);
}

function diagnosticsByFile(list: Diagnostic[]): Map<string, Diagnostic[]> {
  const map = new Map<string, Diagnostic[]>();
  for (const d of list) map.set(d.span.file, [...(map.get(d.span.file) ?? []), d]);
  return map;
}
