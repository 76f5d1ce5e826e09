// Runs one vector file through the real compiler (test support): the header's app is written out, parsed,
// analyzed and lowered exactly as `rails2ts compile` does (parseApp -> analyzeApp -> lowerApp), the emitted
// modules are loaded (loader.ts), and each vector's template renders in a fresh View built from the header.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseApp } from "../../src/parse/app.js";
import { analyzeApp } from "../../src/analyze/app-model.js";
import { lowerApp } from "../../src/lower/index.js";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import type { TemplateEntry, View } from "../../runtime/app/view.js";
import type { RouteEntry } from "../../runtime/action-pack/route-table.js";
import { floatToS, inspect, toS } from "../../runtime/ruby/ruby.js";
import { isHtmlSafe } from "../../runtime/active-support/safe.js";
import { wireRuntime, type Broadcast } from "./wiring.js";
import { ASSIGNS_TEMPLATE, errorTemplate, RESULT_IVAR, vectorTemplate, writeVectorApp } from "./app-dir.js";
import { CSRF_TOKEN } from "./context.js";
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
  rmSync(root, { recursive: true, force: true });
  const loader = new ModuleLoader(lowered.modules);
  const routes = loader.load("routes.ts").table as RouteEntry[];
  const templates = templateEntries(loader, [...app.templates.values()].map((t) => `${t.logicalPath}.${t.format}`));
  const byFile = diagnosticsByFile(parsed.diagnostics.list);
  const wiring = wireRuntime(file.header, loader, routes, templates);
  const diagnosticsOf = (template: string) => (byFile.get(join(root, `app/views/${template}.html.erb`)) ?? []).map((d) => d.message);
  return {
    run(index) {
      const v = file.vectors[index]!;
      const template = vectorTemplate(index);
      const view = wiring.view(v.group);
      return { actual: actualOf(v, () => evaluate(v, view, template), wiring.broadcasts), diagnostics: diagnosticsOf(template) };
    },
    runError(index) {
      const e = errors[index]!;
      const v: Vector = { ...e, output: "", html_safe: false };
      const template = errorTemplate(index);
      const view = wiring.view(e.group);
      return { actual: actualOf(v, () => evaluate(v, view, template), wiring.broadcasts), diagnostics: diagnosticsOf(template) };
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

function actualOf(v: Vector, run: () => unknown, broadcasts: Broadcast[]): string {
  let value: unknown;
  try {
    value = run();
  } catch (e) {
    return `!! ${(e as Error).name}: ${(e as Error).message}`;
  }
  if (v.kind === "broadcast" && v.broadcasts === undefined) return broadcastOf(v, broadcasts);
  if (v.broadcasts !== undefined && broadcasts.length !== v.broadcasts) return `${shown(value, v.output_class)}  [broadcasts=${broadcasts.length}]`;
  // The recorder's normalization ("normalized": random CSRF tokens and Ruby object addresses replaced).
  let output = shown(value, v.output_class).split(CSRF_TOKEN).join("{{CSRF_TOKEN}}");
  if (v.normalized) output = output.replace(/0x[0-9a-f]{16}/g, "0x{{ADDR}}");
  const htmlSafe = isHtmlSafe(value);
  return htmlSafe === v.html_safe ? output : `${output}  [html_safe=${htmlSafe}]`;
}

/** A broadcast vector compares the one message sent: its text and html_safe flag, its broadcasting, its wire JSON. */
function broadcastOf(v: Vector, broadcasts: Broadcast[]): string {
  if (broadcasts.length !== 1) return `!! ${broadcasts.length} broadcasts`;
  const [b] = broadcasts as [Broadcast];
  const marks = [
    isHtmlSafe(b.message) === v.html_safe ? "" : `  [html_safe=${isHtmlSafe(b.message)}]`,
    b.broadcasting === v.broadcasting ? "" : `  [broadcasting=${b.broadcasting}]`,
    v.wire_payload === undefined || b.payload === v.wire_payload ? "" : `  [wire_payload=${b.payload}]`,
  ];
  return toS(b.message) + marks.join("");
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
