// A crash inside the compiler is an internal_error diagnostic at the construct being processed, never a bare
// message: every phase boundary either tags the exception with its construct (`atConstruct`: the innermost wins)
// or catches it (`crashOf` + `reportCrash`) and leaves the construct on a safe path, code that raises
// `internal_error` where it is reached (a crash node in the IR, or `unsupported(...)` in emitted code).
//
// The boundaries: parse (each file, each tree-sitter node converted, each ERB tag scanned), analyze (each model's and
// controller's class-body statement), lower (each module, each def's parameters, each statement, each expression),
// emit (each module formatted).
//
// Fault injection, for tests only: RAILS2TS_FAULT=<phase>:<kind>[@<file suffix>[:<line>]] throws at the first
// boundary of that phase and construct kind, in a file whose path ends with the suffix, on a construct starting at
// that line. Kinds: parse `file`, `erb_tag` or a tree-sitter node type (`method`, `call`); analyze an IR node kind
// (`call`, `def`); lower `module`, `def` or an IR node kind (`assign`, `if`: a statement; `const`, `ivar`: an
// expression; a kind both can be fires at the statement); emit `module`.
//
// It lives beside the IR (parse/ir.ts), not in diagnostics/: a crash is tagged with, and replaced by, an IR node;
// the catalogue below it knows only codes and spans.
import type { Diagnostics } from "../diagnostics/index.js";
import type { Node, Span } from "./ir.js";

export const FAULT_ENV = "RAILS2TS_FAULT";
/** The `type` of the IR node that stands for a construct the compiler crashed on (kind "unknown"). */
export const CRASH_TYPE = "internal_error";

/** Read once: the boundaries check it per node, and a process's environment does not change under it. */
export const FAULT_SPEC = process.env[FAULT_ENV] ?? "";

let faultFired = false;

export type Phase = "parse" | "analyze" | "lower" | "emit";

interface Tagged {
  rails2tsConstruct?: { span: Span; node: Node | null };
}

/** Throws when RAILS2TS_FAULT names this boundary (see the header); a no-op otherwise. */
export function faultPoint(phase: Phase, kind: string, span: Span): void {
  if (!FAULT_SPEC) return;
  const spec = FAULT_SPEC;
  const m = /^(\w+):(\w+)(?:@(.+?)(?::(\d+))?)?$/.exec(spec);
  if (!m || m[1] !== phase || m[2] !== kind) return;
  if (m[3] && !span.file.endsWith(m[3])) return;
  if (m[4] && Number(m[4]) !== span.line) return;
  if (faultFired) return;
  faultFired = true;
  throw new Error(`injected fault (${FAULT_ENV}=${spec})`);
}

/** Runs `fn`; an exception leaving it is tagged with this construct unless an inner one tagged it first. */
export function atConstruct<T>(span: Span, node: Node | null, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    tag(err, span, node);
    throw err;
  }
}

export function tag(err: unknown, span: Span, node: Node | null): void {
  if (typeof err === "object" && err !== null && !(err as Tagged).rails2tsConstruct) (err as Tagged).rails2tsConstruct = { span, node };
}

export interface Crash {
  span: Span;
  /** The IR node that was being processed, when the boundary had one (what a retry replaces with a crash node). */
  node: Node | null;
  message: string;
  stack: string | undefined;
}

/** What an exception says about where it happened: the tagged construct, else `fallback`. */
export function crashOf(err: unknown, fallback: Span): Crash {
  const tagged = typeof err === "object" && err !== null ? (err as Tagged).rails2tsConstruct : undefined;
  const text = err instanceof Error ? err.message : String(err);
  return {
    span: tagged?.span ?? fallback,
    node: tagged?.node ?? null,
    message: text.split("\n")[0]!.slice(0, 200),
    stack: err instanceof Error ? err.stack : undefined,
  };
}

/** Reports the crash; returns what the construct's code raises at run time (naming the diagnostic and its place). */
export function reportCrash(diags: Diagnostics, crash: Crash, root?: string): string {
  diags.report("internal_error", crash.span, crash.message);
  const last = diags.list[diags.list.length - 1]!;
  if (crash.stack) last.stack = crash.stack;
  return raisedMessage(crash, root);
}

export function raisedMessage(crash: Crash, root?: string): string {
  const file = root && crash.span.file.startsWith(`${root}/`) ? crash.span.file.slice(root.length + 1) : crash.span.file;
  return `internal_error at ${file}:${crash.span.line}:${crash.span.column}: ${crash.message}`;
}

/** The IR node that stands in for a crashed construct: lowering turns it into code that raises `raised`. */
export function crashNode(span: Span, raised: string): Node {
  return { kind: "unknown", type: CRASH_TYPE, text: raised, span };
}

/** Turns `node` itself into a crash node, so every holder of it (the AppModel, a parent node) sees the stand-in. */
export function replaceWithCrash(node: Node, raised: string): void {
  const span = node.span;
  for (const key of Object.keys(node)) delete (node as unknown as Record<string, unknown>)[key];
  Object.assign(node, crashNode(span, raised));
}

export function isCrashNode(node: Node): boolean {
  return node.kind === "unknown" && node.type === CRASH_TYPE;
}

/**
 * Runs `fn`; when it crashes on a tagged IR node, reports it, replaces the node with a crash node and runs `fn`
 * again (the diagnostics of the failed attempt are dropped, the new run reports its own), up to `tries` times.
 * A crash with no node to replace, or past the tries, is returned for the caller's coarser safe path.
 */
export function retryingCrashes<T>(diags: Diagnostics, fallback: Span, root: string | undefined, fn: () => T, tries = 20): { value: T } | { crash: Crash } {
  for (let attempt = 0; ; attempt++) {
    const mark = diags.list.length;
    try {
      return { value: fn() };
    } catch (err) {
      diags.list.length = mark;
      const crash = crashOf(err, fallback);
      if (!crash.node || attempt >= tries || isCrashNode(crash.node)) return { crash };
      replaceWithCrash(crash.node, reportCrash(diags, crash, root));
    }
  }
}
