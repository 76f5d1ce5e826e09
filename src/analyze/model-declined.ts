// What the compiler declines in a model's class body, kept beside the diagnostic so the emitted model raises
// where Rails would have run the declined code (runtime/active-record/declined.ts):
//
//   validation   valid? / save raise at the validation's place in the chain
//   callback     the event's chain raises when it runs (before_save, after_commit, ...)
//   association  every use of the association raises (reader, writer, builders, ids)
//   model        instantiating a record raises (new, build, find): a macro whose effect is unknown
//   method       the class method (a scope) raises
import type { DiagnosticCode, Diagnostics } from "../diagnostics/index.js";
import type { Span } from "../parse/ir.js";

export interface DeclinedInfo {
  kind: "validation" | "callback" | "association" | "model" | "method";
  event?: string;
  name?: string;
  /** `code: message`, as the diagnostic reads. */
  diagnostic: string;
  span: Span;
}

/** Reports the diagnostic and returns the entry the runtime raises with. */
export function declined(diags: Diagnostics, code: DiagnosticCode, span: Span, detail: string, where: Omit<DeclinedInfo, "diagnostic" | "span">): DeclinedInfo {
  const d = diags.report(code, span, detail);
  return { ...where, diagnostic: `${d.code}: ${d.message}`, span };
}
