// One source file beside the TypeScript it became, block by block, from the compiler's own source maps (WrittenFile's
// `lines`: per TS line, the .rb/.erb position of the last mark above it; emit/source-map.ts). Both `inspect`
// layouts (text.ts) and the HTML site (html.ts) render these blocks; none re-derives the correspondence.
//   source line 12                   -> a block: the line, its notes, the TS lines whose position is line 12
//   TS lines before the first mark   -> a block before source line 1 (imports, the module's scaffolding)
//   a module none of whose lines map -> its TS after the source (a model's defineModel data carries no marks)
//   a diagnostic, a cache site,      -> a note under its line (line 0, or past the end: before line 1)
//   a model's macro
import type { CompileResult } from "../compile.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { WrittenFile } from "../emit/project.js";
import type { Literal, ModelInfo } from "../analyze/models.js";
import type { Span } from "../parse/ir.js";

export type CacheSite = CompileResult["cacheSites"][number];

export interface Note {
  /** A diagnostic (declined, and why), a fragment cache site, or a model macro and what the model's data holds for it. */
  kind: "diagnostic" | "cache" | "lowered";
  line: number;
  column: number;
  /** `warning cache_key_declined: ...`, `cache claimed: ...`. */
  text: string;
  /** Declined (a diagnostic, a cache site rendered without the store) rather than lowered or claimed. */
  declined: boolean;
  /** Index into CompileResult.diagnostics / cacheSites / models, for links. */
  index: number;
}

export interface TsLine {
  /** Which of the view's modules, and the 1-based line in it. */
  module: number;
  line: number;
  text: string;
  /** The source line it was lowered from, or null (scaffolding, or a module without marks). */
  from: number | null;
}

/** One source line (or none, for the TS before the first mark and after an unmapped module), its notes and TS. */
export interface Block {
  source: { line: number; text: string } | null;
  notes: Note[];
  ts: TsLine[];
}

export interface SourceView {
  /** The source file, relative to the app. */
  source: string;
  /** The TS modules shown beside it (most sources have one). */
  modules: string[];
  blocks: Block[];
}

/** A cache site as `inspect --cache` and the notes word it: `cache declined: why`. */
export function describeCacheSite(s: CacheSite): string {
  return `${s.kind} ${s.claimed ? "claimed" : "declined"}: ${s.reason}${s.sharing ? `; ${s.sharing}` : ""}`;
}

/** A model's associations, callbacks and validations, each as its macro reads (`has_many :comments, dependent: :destroy -> Comment`). */
export function modelMacros(m: ModelInfo): Array<{ kind: "association" | "callback" | "validation"; text: string; span: Span }> {
  return [
    ...m.associations.map((a) => ({ kind: "association" as const, text: `${a.kind} :${a.name}${options(a.options)} -> ${a.className}`, span: a.span })),
    ...m.callbacks.map((c) => ({ kind: "callback" as const, text: `${c.event} ${c.method === null ? "{ block }" : `:${c.method}`}${options(c.options)}`, span: c.span })),
    ...m.validations.map((v) => ({ kind: "validation" as const, text: `validates :${v.attribute}, ${v.validator}${options(v.options)}`, span: v.span })),
  ];
}

/** A macro's options as Ruby writes them (`, dependent: "destroy"`); code shows as a lambda. */
function options(opts: Record<string, Literal>): string {
  return Object.entries(opts).map(([k, v]) => `, ${k}: ${literal(v)}`).join("");
}

function literal(v: Literal): string {
  if (v === null) return "nil";
  if (typeof v !== "object") return typeof v === "string" ? JSON.stringify(v) : String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  if ("$code" in v) return "-> { ... }";
  const regexp = (v as { $regexp?: { source?: unknown } }).$regexp;
  if (regexp && typeof regexp.source === "string") return `/${regexp.source}/`;
  return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${literal(x as Literal)}`).join(", ")} }`;
}

/**
 * The notes of one source file, by line, in column order: its diagnostics, its cache sites, and (a model's data
 * carries no source marks) each of its models' association, callback and validation macros, as lowered.
 */
export function notesOf(file: string, result: Pick<CompileResult, "diagnostics" | "cacheSites"> & { models?: ModelInfo[] }): Note[] {
  const notes: Note[] = [];
  (result.models ?? []).forEach((m, index) => {
    for (const macro of modelMacros(m)) {
      if (macro.span.file !== file) continue;
      notes.push({ kind: "lowered", line: macro.span.line, column: macro.span.column, text: `${macro.kind} ${macro.text}`, declined: false, index });
    }
  });
  result.diagnostics.forEach((d: Diagnostic, index) => {
    if (d.span.file !== file) return;
    notes.push({ kind: "diagnostic", line: d.span.line, column: d.span.column, text: `${d.severity} ${d.code}: ${d.message}`, declined: true, index });
  });
  result.cacheSites.forEach((s, index) => {
    if (s.span.file !== file) return;
    notes.push({ kind: "cache", line: s.span.line, column: s.span.column, text: describeCacheSite(s), declined: !s.claimed, index });
  });
  return notes.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Modules the compiler writes from several sources at once, and the sources `inspect` finds them by. */
const JOINED_MODULES = [
  { source: /^config\/routes\.rb$/, module: "routes.ts" },
  { source: /^config\/initializers\/.+\.rb$/, module: "models/initializers.ts" },
];

/**
 * The modules lowered from `file` (absolute; `rel` relative to the app): the ones that name it as their source, and
 * the ones written from several sources (routes.ts, the initializers) whose source map or joined sources name it.
 */
export function modulesOf(files: WrittenFile[], file: string, rel: string): WrittenFile[] {
  const joined = JOINED_MODULES.find((j) => j.source.test(rel));
  return files.filter((f) => f.from === file || (!f.from && (f.path === joined?.module || f.lines?.some((p) => p?.file === file))));
}

/** Text split into lines (a CRLF file's too), without the empty one after a final newline. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * The blocks of `file` (absolute; `source` its text) beside `modules`: each source line with its notes and the TS
 * lines lowered from it. A module joined from several files (the initializers) shows only its lines from this one
 * and its unmapped ones (imports); the numbers say where the others were.
 */
export function sourceView(file: string, rel: string, source: string, modules: WrittenFile[], notes: Note[]): SourceView {
  const sourceLines = splitLines(source);
  const top: TsLine[] = [];
  const end: TsLine[] = [];
  const bySource = new Map<number, TsLine[]>();
  modules.forEach((m, module) => {
    const tsLines = splitLines(m.text);
    // Per TS line: its source line here, null when unmapped, "elsewhere" when lowered from another file.
    const from = tsLines.map((_, i) => {
      const pos = m.lines?.[i];
      if (pos && pos.file !== file) return "elsewhere";
      return pos && pos.line >= 1 && pos.line <= sourceLines.length ? pos.line : null;
    });
    const unmapped = from.some((l) => typeof l === "number") ? top : end;
    tsLines.forEach((text, i) => {
      const line = from[i]!;
      if (line === "elsewhere") return;
      const ts: TsLine = { module, line: i + 1, text, from: line };
      if (ts.from === null) unmapped.push(ts);
      else if (bySource.has(ts.from)) bySource.get(ts.from)!.push(ts);
      else bySource.set(ts.from, [ts]);
    });
  });
  const byLine = new Map<number, Note[]>();
  for (const n of notes) {
    const line = n.line >= 1 && n.line <= sourceLines.length ? n.line : 0;
    byLine.set(line, [...(byLine.get(line) ?? []), n]);
  }
  const blocks: Block[] = [];
  const fileNotes = byLine.get(0) ?? [];
  if (fileNotes.length || top.length) blocks.push({ source: null, notes: fileNotes, ts: top });
  sourceLines.forEach((text, i) => {
    blocks.push({ source: { line: i + 1, text }, notes: byLine.get(i + 1) ?? [], ts: bySource.get(i + 1) ?? [] });
  });
  if (end.length) blocks.push({ source: null, notes: [], ts: end });
  return { source: rel, modules: modules.map((m) => m.path), blocks };
}
