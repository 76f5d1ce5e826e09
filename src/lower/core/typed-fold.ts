// `list.reduce(init) { |acc, x| x.m(acc) }` over classes of one plain hierarchy, where m (a class method) answers its
// argument or a value of a known type: the running value is typed as init's type joined with those, by induction
// over the iterations (acc is init, then what m answered for an acc of that type).
//   filters.reduce(content) { |content, filter| filter.apply(content) }     (filters: Array<typeof Filter>)
//   def self.apply(content)                                                 answers content, or a new Content:
//     cond ? ActionText::Content.new(...) : content                         the running value is ActionTextContent | null
// m is the class method its definer up the chain defines, where no plain class below the elements' class defines it
// again; its answer is read from its body: an `if`'s branches, the parameter itself (never assigned), or `X.new` of
// a Rails value class whose `new` answers an instance (NEW_RESULTS).

import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { lowerArg } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { lowerBlockFn } from "../procs.js";
import type { Scope } from "../scope.js";
import { NIL, UNKNOWN, type RType } from "../types.js";
import { classMethodDef, joinNullable } from "./class-method-params.js";

/** Rails' value classes whose Class#new answers an instance the lowering types (no reopening may redefine it). */
const NEW_RESULTS: Record<string, RType> = { "ActionText::Content": { k: "runtime", cls: "actionTextContent" } };

const constPath = (n: Node): string | null => (n.kind !== "const" ? null : n.scope ? ((p) => (p ? `${p}::${n.name}` : null))(constPath(n.scope)) : n.name);

/** What the class method answers: its parameter at `param` passed through, or values of the types in `or`; null when not read so. */
export function passThrough(def: NodeOf<"def">): { param: number; or: RType[] } | null {
  let jumps = false;
  walk(def, (n) => (n.kind === "return" || n.kind === "next" || n.kind === "break" || n.kind === "retry") && (jumps = true));
  const params = def.params.map((p) => (p.kind === "req" ? p.name : null));
  const assigned = new Set<string>();
  walk(def, (n) => (n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ident" && assigned.add(n.target.name));
  let param: number | null = null;
  const or: RType[] = [];
  const read = (body: Node[]): boolean => {
    const last = body[body.length - 1];
    if (!last) return or.push(NIL), true;
    if (last.kind === "if") return read(last.then) && read(last.else);
    if (last.kind === "ident") {
      const i = params.indexOf(last.name);
      if (i < 0 || assigned.has(last.name) || (param !== null && param !== i)) return false;
      param = i;
      return true;
    }
    const path = last.kind === "call" && last.method === "new" && last.receiver ? constPath(last.receiver) : null;
    const made = path ? NEW_RESULTS[path.replace(/^::/, "")] : undefined;
    return made ? (or.push(made), true) : false;
  };
  if (jumps || !read(def.body) || param === null) return null;
  return { param, or };
}

/** The fold's lowering with its running value typed; null when the block or the method is not one read so. */
export function lowerTypedFold(call: NodeOf<"call">, recv: TsExpr, scope: Scope, table: string): TsExpr | null {
  const block = call.block;
  const elements = recv.type.k === "array" ? recv.type.of : UNKNOWN;
  if (!block || block.params.length !== 2 || block.params.some((p) => p.kind !== "req") || elements.k !== "model" || !elements.model.startsWith("typeof ")) return null;
  const [acc, x] = block.params.map((p) => p.name);
  const body = block.body.length === 1 ? block.body[0]! : null;
  if (body?.kind !== "call" || body.receiver?.kind !== "ident" || body.receiver.name !== x || body.block || body.args.length !== 1 || body.args[0]!.kind !== "ident" || body.args[0]!.name !== acc) return null;
  const def = classMethodDef(scope.env.app, elements.model.slice(7), body.method);
  const through = def ? passThrough(def) : null;
  if (!through || through.param !== 0) return null;
  const init = lowerArg(call.args[0]!, scope);
  const running = joinNullable([init.type, ...through.or]);
  if (running.k === "unknown") return null;
  const fn = lowerBlockFn(block, scope, [running, elements]);
  const code = `${scope.env.module.use(table)}.${call.method}(${[recv.code, init.code, fn.code].join(", ")})`;
  return lit(`(${code} as ${scope.env.typeName(running)})`, running);
}

