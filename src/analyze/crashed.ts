// A class-body statement the compiler crashed on (a crash node, diagnostics/crash.ts) says nothing the lowering can
// honour: it might have been a validation, a callback, a filter. So that nothing is skipped silently, the class
// raises internal_error wherever that statement's effect could have been reached:
//   model        validate, before_save, before_destroy and after_touch call a method that raises
//   controller   a before_action, in the statement's place among the filters, calls a method that raises
import { isCrashNode } from "../diagnostics/crash.js";
import type { Node, NodeOf } from "../parse/ir.js";
import type { CallbackInfo } from "./models.js";

/** The events a crashed model statement raises on (whatever it was, a record cannot be written past it). */
const MODEL_EVENTS = ["validate", "before_save", "before_destroy", "after_touch"] as const;

export function isCrashedStatement(stmt: Node): boolean {
  return isCrashNode(stmt);
}

/** The private method that stands for the crashed statement: its body is the crash node, which raises. */
export function crashMethod(stmt: Node): NodeOf<"def"> {
  return { kind: "def", name: `rails2ts_internal_error_${stmt.span.line}_${stmt.span.column}`, singleton: false, params: [], body: [stmt], span: stmt.span };
}

export function crashCallbacks(method: NodeOf<"def">): CallbackInfo[] {
  return MODEL_EVENTS.map((event) => ({ event, method: method.name, code: null, options: {}, span: method.span }));
}
