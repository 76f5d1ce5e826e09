// `rescue K => e`: inside the clause, `e` holds the error the clause took, which the runtime's `rescues` matched only
// as an Error (a Ruby exception of the runtime or the app, or an error of the JS engine it maps to a Ruby class). Its
// Exception#message and Object#class are called directly there; any other method stays run-time dispatch (a Ruby
// exception and a JS error answer to_s, backtrace... differently).
//   rescue Exception => e; log "#{e.class} #{e.message}"     ObjectMethods.class(e as Error) / (e as Error).message
// Outside the clause (after the begin, or before it) the local may be nil: untyped there.
import { walk, type Node, type NodeOf } from "../parse/ir.js";
import { objectMethodCall } from "./calls.js";
import { lit, type TsExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { STRING, type RType } from "./types.js";

export const EXCEPTION: RType = { k: "runtime", cls: "exception" };

/**
 * In the clause's own scope, the rescue variable read as the Error it holds: unless the clause writes the name itself
 * (an assignment, a nested rescue binding it), when it stays the untyped local.
 */
export function bindRescued(clause: { variable: string | null; body: Node[] }, ts: string, inner: Scope): void {
  const name = clause.variable;
  // (A local the lowering reads through a cast of its own, a typed parameter, is left as it is.)
  if (name === null || !/^[\w$]+$/.test(ts) || clause.body.some((n) => writes(n, name))) return;
  inner.declare(name, EXCEPTION, `(${ts} as ${inner.env.typeName(EXCEPTION)})`);
}

function writes(node: Node, name: string): boolean {
  let found = false;
  walk(node, (n) => {
    if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ident" && n.target.name === name) found = true;
    else if (n.kind === "multiAssign" || n.kind === "for" || n.kind === "matchPattern" || n.kind === "caseIn") found = true;
    else if (n.kind === "begin" && n.rescues.some((r) => r.variable === name)) found = true;
  });
  return found;
}

/** `e.message` / `e.class` on a rescued error; null for anything else (dispatched by name). */
export function lowerExceptionCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (call.args.length || call.block) return null;
  // Exception#message: the runtime's exceptions answer it as an accessor (an app's `def message` overrides it), JS errors as a field.
  if (call.method === "message") return lit(`${recv.code}.message`, STRING);
  if (call.method === "class") return objectMethodCall(call, recv, Error.prototype, scope);
  return null;
}
