// A class-body statement the compiler crashed on (a crash node, parse/crash.ts) says nothing the lowering can
// honour: it might have been a validation, a callback, an enum, a filter. So that nothing is skipped silently, the
// class raises internal_error wherever that statement's effect could have been reached:
//   model        declined as a whole (model-declined.ts kind "model"): instantiating a record raises (new, find),
//                so no record is validated, saved or read past it, as with a macro whose effect is unknown
//   controller   a before_action, in the statement's place among the filters, calls a method that raises
import { isCrashNode } from "../parse/crash.js";
import { CATALOGUE, type Diagnostics } from "../diagnostics/index.js";
import type { Node, NodeOf } from "../parse/ir.js";
import type { DeclinedInfo } from "./model-declined.js";

export function isCrashedStatement(stmt: Node): boolean {
  return isCrashNode(stmt);
}

/** The private method that stands for the crashed statement: its body is the crash node, which raises. */
export function crashMethod(stmt: Node): NodeOf<"def"> {
  return { kind: "def", name: `rails2ts_internal_error_${stmt.span.line}_${stmt.span.column}`, singleton: false, params: [], body: [stmt], span: stmt.span };
}

/**
 * The model's declined entry for the crashed statement, naming the internal_error reported at it (the crash was
 * reported where it was caught; reporting it again would count it twice).
 */
export function crashDeclined(stmt: Node, diags: Diagnostics): DeclinedInfo {
  const same = (d: Diagnostics["list"][number]) =>
    d.code === "internal_error" && d.span.file === stmt.span.file && d.span.line === stmt.span.line && d.span.column === stmt.span.column;
  const reported = diags.list.find(same);
  const message = reported?.message ?? CATALOGUE.internal_error.message;
  return { kind: "model", diagnostic: `internal_error: ${message}`, span: stmt.span };
}
