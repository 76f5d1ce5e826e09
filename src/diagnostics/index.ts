// The diagnostics catalogue: every message the compiler can give has a stable snake_case code here.
// Errors stop compilation; warnings collect and are reported (an unsupported construct is a warning at its
// position and the construct is left on a safe path, never passed through silently).
import { readFileSync } from "node:fs";
import type { Span } from "./span.js";

export const CATALOGUE = {
  app_not_found: { severity: "error", message: "no such directory" },
  app_not_a_directory: { severity: "error", message: "not a directory" },
  not_a_rails_app: { severity: "error", message: "not a Rails app: no config/application.rb" },
  out_not_a_directory: { severity: "error", message: "--out names a file, not a directory" },
  out_not_ours: {
    severity: "error",
    message: "--out is a directory rails2ts did not write (compile replaces its src/ and dist/): pass --force, or name a new or empty directory",
  },
  ruby_syntax_error: { severity: "error", message: "Ruby syntax error" },
  erb_syntax_error: { severity: "error", message: "ERB syntax error" },
  nesting_too_deep: { severity: "error", message: "source nested deeper than rails2ts lowers" },
  parse_timeout: { severity: "error", message: "the Ruby parser took too long on this source" },
  template_invalid_encoding: {
    severity: "warning",
    message: "template is not valid UTF-8 (Rails raises ActionView::Template::Error when it renders it)",
    advisory: true,
  },
  schema_missing: { severity: "error", message: "no db/schema.rb or db/structure.sql found" },
  schema_unsupported: { severity: "warning", message: "schema statement not understood" },
  unsupported_construct: { severity: "warning", message: "construct not lowered" },
  unknown_helper: { severity: "warning", message: "unknown helper or method" },
  unsupported_option: { severity: "warning", message: "option not supported" },
  unsupported_route: { severity: "warning", message: "route form not supported" },
  route_error: { severity: "error", message: "Rails refuses this route (the app would not boot)" },
  unresolved_constant: { severity: "warning", message: "constant not resolved" },
  missing_template: { severity: "warning", message: "template not found" },
  internal_error: { severity: "warning", message: "the compiler crashed on this construct (its code raises when reached)" },
  asset_not_found: { severity: "warning", message: "asset not found in the asset load path" },
  gem_substituted: { severity: "warning", message: "gems of Gemfile.lock found only at another version (that version's files are used)", advisory: true },
  test_declined: { severity: "warning", message: "test construct not lowered (the test raises where it reaches it)" },
  cache_key_declined: { severity: "warning", message: "cache key declined: rendered without the store", advisory: true },
} as const satisfies Record<string, { severity: "error" | "warning"; message: string; advisory?: true }>;

/**
 * Whether a diagnostic stands for code the compiler declined (or failed) to lower: every error, and every warning
 * but the advisory ones, whose site still behaves as in Rails (a fragment rendered without the store, a gem read at
 * another version). `compile --strict` fails on these. A new code counts as a decline unless marked advisory.
 */
export function isDecline(d: Diagnostic): boolean {
  return d.severity === "error" || !("advisory" in CATALOGUE[d.code]);
}

export type DiagnosticCode = keyof typeof CATALOGUE;

export interface Diagnostic {
  code: DiagnosticCode;
  severity: "error" | "warning";
  message: string;
  span: Span;
  /** The compiler's own stack, for internal_error (printed by `compile --report` only). */
  stack?: string;
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  report(code: DiagnosticCode, span: Span, detail?: string): Diagnostic {
    const entry = CATALOGUE[code];
    const message = detail ? `${entry.message}: ${detail}` : entry.message;
    // A construct the compiler crashed on is reported once, as internal_error: its stand-in is not declined again
    // (a caller that keeps the diagnostic, to raise with it, gets the crash's).
    const crashed = code === "internal_error" ? undefined : this.list.find((d) => d.code === "internal_error" && sameSpan(d.span, span));
    if (crashed) return crashed;
    const diagnostic: Diagnostic = { code, severity: entry.severity, message, span };
    this.list.push(diagnostic);
    return diagnostic;
  }

  get errors(): Diagnostic[] {
    return this.list.filter((d) => d.severity === "error");
  }

  get warnings(): Diagnostic[] {
    return this.list.filter((d) => d.severity === "warning");
  }
}

function sameSpan(a: Span, b: Span): boolean {
  return a.file === b.file && a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
}

/** Where a diagnostic is: `file:line:col`, or just the path for one about a whole directory (line 0). */
export function location(span: Span): string {
  return span.line === 0 ? span.file : `${span.file}:${span.line}:${span.column}`;
}

/** A diagnostic on one line, as `compile` prints every warning by default: `file:line:col: code: message`. */
export function formatDiagnosticLine(d: Diagnostic): string {
  return `${location(d.span)}: ${d.code}: ${d.message}`;
}

/** A diagnostic as a user reads it: `file:line:col: severity code: message`, then a code frame. */
export function formatDiagnostic(d: Diagnostic, source?: string): string {
  const head = `${location(d.span)}: ${d.severity} ${d.code}: ${d.message}`;
  if (d.span.line === 0) return head;
  let text = source;
  if (text === undefined) {
    try {
      text = readFileSync(d.span.file, "utf8");
    } catch {
      return head;
    }
  }
  return `${head}\n${codeFrame(text, d.span.line, d.span.column)}`;
}

/** The widest source line a code frame prints whole; longer lines show a window around the column. */
const FRAME_WIDTH = 160;

export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split("\n");
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 1);
  const width = String(to).length;
  // One horizontal window for every line of the frame (a minified or generated line of a megabyte was printed whole):
  // it keeps the column in view, with "…" where a line is cut.
  const widest = Math.max(...lines.slice(from - 1, to).map((l) => l.length));
  const scrolled = widest > FRAME_WIDTH && column - 1 > (FRAME_WIDTH * 3) / 4;
  const start = scrolled ? Math.max(0, Math.min(column - 1 - FRAME_WIDTH / 2, widest - FRAME_WIDTH)) : 0;
  const clip = (text: string) => {
    if (widest <= FRAME_WIDTH) return text;
    const shown = text.slice(start, start + FRAME_WIDTH);
    return `${start > 0 && text.length > 0 ? "…" : ""}${shown}${start + FRAME_WIDTH < text.length ? "…" : ""}`;
  };
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const marker = n === line ? ">" : " ";
    out.push(`${marker} ${String(n).padStart(width)} | ${clip(lines[n - 1] ?? "")}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1 - start + (start > 0 ? 1 : 0)))}^`);
  }
  return out.join("\n");
}

/** Thrown for errors that stop compilation; the CLI prints it without a stack trace. */
export class CompileError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => formatDiagnostic(d)).join("\n\n"));
    this.name = "CompileError";
  }
}
