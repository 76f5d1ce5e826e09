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
import { sanitizerConfig } from "../../runtime/view/sanitize.js";
import { plainGlobalIdConfig } from "../../runtime/support/global-id.js";
import { zoneConfig } from "../../runtime/support/time-zone.js";
import { ASSIGNS_TEMPLATE, errorTemplate, RESULT_IVAR, vectorTemplate, writeVectorApp } from "./app-dir.js";
import { CSRF_TOKEN, vectorViewContext } from "./context.js";
import type { RecordedError, Vector, VectorFile } from "./files.js";
import { ModuleLoader } from "./loader.js";

export interface Outcome {
  /** What the vector compares: the output (or `!! error`), with ` [html_safe=x]` when only the flag differs. */
  actual: string;
  /** The compiler's diagnostics on this vector's template. */
  diagnostics: string[];
}

export interface CompiledFile {
  /** The index-th vector of the file. */
  run(index: number): Outcome;
  /** The index-th call of the file's .errors.json (Rails raised on it): `!! ...` when it raised here too. */
  runError(index: number): Outcome;
}

export function compileVectorFile(file: VectorFile, errors: RecordedError[] = []): CompiledFile {
  const root = writeVectorApp(file, errors);
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
  // What the compiled app's configuration would set, from the header: the sanitizer vendor load_defaults picks
  // (Rails::HTML4 before 7.1) and GlobalID.app.
  const configure = () => {
    sanitizerConfig.vendor = Number(file.header.load_defaults) < 7.1 ? "html4" : "html5";
    plainGlobalIdConfig.app = file.header.global_id_app ?? null;
    // faketime froze the whole process in the recording: time zones' current periods too.
    zoneConfig.now = () => now.getTime();
  };
  const newView = (group: string) => {
    configure();
    const view = new View(vectorViewContext({ routes, templates, now, protectAgainstForgery: group === "csrf" }), {});
    // The recording had no asset pipeline (header.asset_pipeline); View always asks Propshaft's lookup.
    if (noPipeline) Object.defineProperty(view, "computeAssetPath", { value: undefined });
    return view;
  };
  const diagnosticsOf = (template: string) => (byFile.get(join(root, `app/views/${template}.html.erb`)) ?? []).map((d) => d.message);
  return {
    run(index) {
      const v = file.vectors[index]!;
      const template = vectorTemplate(index);
      return { actual: actualOf(v, () => evaluate(v, newView(v.group), template)), diagnostics: diagnosticsOf(template) };
    },
    runError(index) {
      const e = errors[index]!;
      const v: Vector = { ...e, output: "", html_safe: false };
      const template = errorTemplate(index);
      return { actual: actualOf(v, () => evaluate(v, newView(e.group), template)), diagnostics: diagnosticsOf(template) };
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

function evaluate(v: Vector, view: View, template: string): unknown {
  view.renderTemplate(ASSIGNS_TEMPLATE);
  const out = view.renderTemplate(template);
  return v.kind === "erb" ? out : view.assigns[RESULT_IVAR];
}

function actualOf(v: Vector, run: () => unknown): string {
  let value: unknown;
  try {
    value = run();
  } catch (e) {
    return `!! ${(e as Error).name}: ${(e as Error).message}`;
  }
  // The recorder's normalization ("normalized": random CSRF tokens and Ruby object addresses replaced).
  let output = shown(value, v.output_class).split(CSRF_TOKEN).join("{{CSRF_TOKEN}}");
  if (v.normalized) output = output.replace(/0x[0-9a-f]{16}/g, "0x{{ADDR}}");
  const htmlSafe = isHtmlSafe(value);
  return htmlSafe === v.html_safe ? output : `${output}  [html_safe=${htmlSafe}]`;
}

/** Strings by content; other classes as Ruby's `inspect` shows them (what the recorder wrote). */
function shown(value: unknown, outputClass: string | undefined): string {
  // undefined is no Ruby value: a name the template could not resolve (Rails would have raised NameError).
  if (value === undefined) return "(undefined)";
  if (!outputClass) return toS(value);
  if (outputClass === "Float" && typeof value === "number") return floatToS(value);
  return inspect(value ?? null);
}

function diagnosticsByFile(list: Diagnostic[]): Map<string, Diagnostic[]> {
  const map = new Map<string, Diagnostic[]>();
  for (const d of list) map.set(d.span.file, [...(map.get(d.span.file) ?? []), d]);
  return map;
}
