// Lambdas and procs as values; blocks as the functions a call is given.
//
//   ->(a, b = 1) { ... }  /  lambda { |a| ... }   rubyLambda((...args) => { ...bindArgs... }, [["req", "a"], ["opt", "b"]])
//   proc { |a, b| ... }  /  Proc.new { ... }      rubyProc((...args) => { ... }, [["req", "a"], ["req", "b"]])
//   list.map { |x| ... }                          (x: unknown) => { ... }        (a bare block: its JS length is its arity)
//   hash.each { |k, v| ... }                      rubyProc((...args) => { ... }, [["req", "k"], ["req", "v"]])
// A lambda binds its parameters as a method does (params.ts: strict arity, keywords) and is the frame its own
// `return`, `next` and `break` leave; a proc and a block are frames of their method (jumps.ts).
import type { Block, Node, NodeOf, Param } from "../parse/ir.js";
import { isSimple, lowerBlockParams, procParameters } from "./block-params.js";
import { lit, type TsExpr } from "./expr.js";
import { breakTagOf, catchReturns } from "./jumps.js";
import { lowerParams } from "./params.js";
import { typeParams } from "./call-site-params.js";
import type { Scope } from "./scope.js";
import { lowerBody } from "./stmts.js";
import { UNKNOWN, type RType } from "./types.js";

/** What `->() {}`, `lambda {}`, `proc {}` and `Proc.new {}` make: a function the runtime's ProcMethods call. */
const PROC: RType = { k: "proc" };

export function lowerLambda(params: Param[], body: Node[], scope: Scope, types: RType[] = []): TsExpr {
  const inner = scope.fn({ kind: "lambda" });
  const bound = lowerParams({ params }, inner);
  // (Leading positional parameters a caller proved the types of: core/time-formats.ts.)
  if (types.length) typeParams({ params, body }, types, inner);
  const statements = catchReturns(lowerBody(body, inner, "return"), inner.returnTarget, inner);
  const fn = `(${bound.signature}) => {\n${[...bound.prologue, ...statements].join("\n")}\n}`;
  return lit(`${scope.env.module.use("rubyLambda")}(${fn}, ${JSON.stringify(procParameters(params))})`, PROC);
}

/** `lambda { }`, `proc { }`, `Proc.new { }` with their block; null for any other call. */
export function lowerProcCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  if (!call.block || call.args.length) return null;
  const kernel = call.receiver === null;
  const procNew = call.method === "new" && call.receiver?.kind === "const" && call.receiver.name === "Proc" && (!call.receiver.scope);
  if (kernel && call.method === "lambda") return lowerLambda(call.block.params, call.block.body, scope);
  if ((kernel && call.method === "proc") || procNew) return lowerBlockFn(call.block, scope, [], true);
  return null;
}

/** A block passed as a value (`map { |x| ... }`, `format.html { ... }`): an arrow function. */
export function lowerBlockFn(block: Block, scope: Scope, types: RType[] = [], isProcValue = false): TsExpr {
  const special = scope.env.blockFn?.(block, scope, types);
  if (special) return special;
  const inner = scope.fn({ kind: "block", breakTag: breakTagOf(block) });
  // `|x; y|`: y is the block's own, nil at each call, whatever the enclosing method calls y.
  const locals = (block.locals ?? []).map((name) => `let ${inner.declare(name, UNKNOWN).ts}: unknown = null;`);
  const { params, prologue } = lowerBlockParams(block, inner, types);
  const body = lowerBody(block.body, inner, "return");
  const fn = `(${params}) => {\n${[...prologue, ...locals, ...body].join("\n")}\n}`;
  // A block of one plain parameter or none is its JS function; any other records its parameters (arity).
  if (isSimple(block) && !isProcValue) return { code: fn, type: UNKNOWN };
  return { code: `${scope.env.module.use("rubyProc")}(${fn}, ${JSON.stringify(procParameters(block.params))})`, type: isProcValue ? PROC : UNKNOWN };
}
