// A job's error handling macros (ActiveJob::Exceptions, ActiveSupport::Rescuable) -> static blocks that register
// the handlers on the class (runtime/active-job/active-job.ts):
//   retry_on FlakyError, wait: 0, attempts: 3         static { this.retryOn([FlakyError], { wait: 0, attempts: 3 }); }
//   discard_on OtherError { |job, error| ... }         static { this.discardOn([OtherError], (job, error) => ...); }
//   rescue_from FatalError, with: :note_fatal          static { this.rescueFrom([FatalError], "noteFatal"); }
// What is not proven here (an option Rails has that this does not run, a rescue_from block, which Rails runs with
// the job as self) is reported and answered as declined: the caller declines the statement and the class raises where it is used.
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf } from "../../parse/ir.js";
import { lowerExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import { lowerBlockFn } from "../procs.js";
import { Scope, type LowerEnv } from "../scope.js";

const MACROS = new Set(["retry_on", "discard_on", "rescue_from"]);
/** retry_on's keywords; `queue:` and `priority:` pick where the retry waits, and every queue runs in this process. */
const RETRY_OPTIONS = new Set(["wait", "attempts", "jitter", "queue", "priority"]);

export function isJobMacro(stmt: Node): stmt is NodeOf<"call"> {
  return stmt.kind === "call" && stmt.receiver === null && MACROS.has(stmt.method);
}

/** The class member for one macro, or the diagnostic that declines it when it cannot be lowered as Rails runs it. */
export function jobMacro(call: NodeOf<"call">, env: LowerEnv): { member: string } | { declined: string } {
  const decline = (code: "unsupported_construct" | "unsupported_option", detail: string) => {
    const d = env.diags.report(code, call.span, detail);
    return { declined: `${d.code}: ${d.message}` };
  };
  const scope = new Scope(env);
  const exceptions = positionalArgs(call.args);
  const hasOptions = exceptions.length !== call.args.length;
  if (exceptions.length === 0 || !exceptions.every((e) => e.kind === "const" || (e.kind === "str" && literalString(e) !== null))) {
    return decline("unsupported_construct", `${call.method} with exception classes that are not constants`);
  }
  const list = `[${exceptions.map((e) => lowerExpr(e, scope).code).join(", ")}]`;
  const options = optionsOf(call.args);
  if (call.method === "rescue_from") {
    const handler = literalString(options.get("with"));
    if (call.block || handler === null || options.size !== 1) {
      return decline("unsupported_construct", "rescue_from in a job without `with: :method` (a block runs with the job as self)");
    }
    return { member: `static {\nthis.rescueFrom(${list}, ${JSON.stringify(rubyToTs(handler))});\n}` };
  }
  const block = call.block ? lowerBlockFn(call.block, scope).code : null;
  if (call.method === "discard_on") {
    if (hasOptions) {
      return decline("unsupported_option", "discard_on takes no options");
    }
    return { member: `static {\nthis.discardOn(${list}${block ? `, ${block}` : ""});\n}` };
  }
  const unknown = [...options.keys()].filter((k) => !RETRY_OPTIONS.has(k));
  if (unknown.length) {
    return decline("unsupported_option", `retry_on ${unknown.join(", ")}:`);
  }
  const fields = [...options].filter(([k]) => k !== "queue" && k !== "priority").map(([k, v]) => `${k}: ${lowerExpr(v, scope).code}`);
  return { member: `static {\nthis.retryOn(${list}, { ${fields.join(", ")} }${block ? `, ${block}` : ""});\n}` };
}
