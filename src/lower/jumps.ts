// Ruby's jumps -> TS, by where they stand (the frames of scope.ts: scope.jump, scope.returnTarget):
//
//   next v     in a loop                       continue;            (the loop's label when it has one)
//              in a block or a lambda          return v;
//   break v    in a loop                       break;               (a loop whose value is used: return v;)
//              in a block                      throw new BreakSignal(brk, v);   its call: breakable((brk) => call)
//              in a lambda                     return v;
//   return v   in the method or lambda itself  return v;
//              in a block inside it            throw new ReturnSignal(ret, v);  the method's body:
//                                              const ret = jumpTag(); try { ... } catch (e) { return caughtReturn(e, ret); }
// A jump with nowhere to go (`next` at a method's top level, `break` in a block whose call the lowering did not
// make, a jump out of a case used as a value) is declined: a diagnostic, and it raises where it is reached.
import type { Block, Node, NodeOf } from "../parse/ir.js";
import { lit, lowerExpr, type TsExpr } from "./expr.js";
import type { BreakTag, ReturnTarget, Scope } from "./scope.js";
import { lowerBody } from "./stmts.js";
import { UNKNOWN } from "./types.js";

type Jump = NodeOf<"return" | "break" | "next">;

function valueOf(node: Jump, scope: Scope): string {
  return node.value ? lowerExpr(node.value, scope).code : "null";
}

function declined(node: Node, scope: Scope, what: string): string[] {
  scope.env.diags.report("unsupported_construct", node.span, what);
  return [`${scope.env.module.use("unsupported")}(${JSON.stringify(what)});`];
}

export function lowerNext(node: Jump, scope: Scope): string[] {
  const frame = scope.jump;
  if (frame?.kind === "loop") {
    // A value given to a loop's next is evaluated, and dropped (`while` has no per-pass value).
    const jump = frame.label ? `continue ${frame.label};` : "continue;";
    return node.value ? [`${valueOf(node, scope)};`, jump] : [jump];
  }
  if (frame?.kind === "block" || frame?.kind === "lambda") return [`return ${valueOf(node, scope)};`];
  return declined(node, scope, frame ? "next out of a value the lowering computes in a function (a case or begin used as a value)" : "next outside a block or loop");
}

export function lowerBreak(node: Jump, scope: Scope): string[] {
  const frame = scope.jump;
  if (frame?.kind === "loop") {
    if (frame.breakWith) return [frame.breakWith(valueOf(node, scope))];
    const jump = frame.label ? `break ${frame.label};` : "break;";
    return node.value ? [`${valueOf(node, scope)};`, jump] : [jump];
  }
  if (frame?.kind === "lambda") return [`return ${valueOf(node, scope)};`];
  if (frame?.kind === "block" && frame.breakTag) {
    frame.breakTag.name ??= scope.env.module.fresh("brk");
    return [`throw new ${scope.env.module.use("BreakSignal")}(${frame.breakTag.name}, ${valueOf(node, scope)});`];
  }
  return declined(node, scope, frame?.kind === "block" ? "break out of a block given to a call the lowering makes otherwise" : frame ? "break out of a value the lowering computes in a function (a case or begin used as a value)" : "break outside a block or loop");
}

export function lowerReturn(node: Jump, scope: Scope): string[] {
  const target = scope.returnTarget;
  // Code no method encloses (a template, a route block) returns from its own function, as before.
  if (!target) return [node.value ? `return ${valueOf(node, scope)};` : "return;"];
  if (scope.returnsDirectly) return [`return ${valueOf(node, scope)};`];
  target.tag ??= scope.env.module.fresh("ret");
  return [`throw new ${scope.env.module.use("ReturnSignal")}(${target.tag}, ${valueOf(node, scope)});`];
}

/** A method's body: its statements, the last one's value returned, and the frame `return` in its blocks leaves. */
export function lowerMethodBody(nodes: Node[], scope: Scope): string[] {
  scope.methodBody = nodes;
  scope.localsBody = nodes;
  scope.returnTarget = { tag: null };
  scope.returnsDirectly = true;
  scope.jump = null;
  return catchReturns(lowerBody(nodes, scope, "return"), scope.returnTarget, scope);
}

/** The body of a method or lambda whose blocks return through it: the try that answers their ReturnSignal. */
export function catchReturns(body: string[], target: ReturnTarget | null, scope: Scope): string[] {
  if (!target?.tag) return body;
  const e = scope.env.module.fresh("jump");
  const use = (name: string) => scope.env.module.use(name);
  return [`const ${target.tag} = ${use("jumpTag")}();`, "try {", ...body, `} catch (${e}) {`, `return ${use("caughtReturn")}(${e}, ${target.tag});`, "}"];
}

const BREAK_TAGS = new WeakMap<Block, BreakTag>();

/**
 * A call given a block (`list.each { |x| break x if ... }`): the block's `break` finds its tag here; when one
 * breaks, the call is wrapped so it answers the value broken with.
 */
export function lowerBreakableCall(block: Block | null, scope: Scope, lower: () => TsExpr): TsExpr {
  if (!block) return lower();
  const tag: BreakTag = { name: null };
  BREAK_TAGS.set(block, tag);
  const call = lower();
  BREAK_TAGS.delete(block);
  return tag.name ? lit(`${scope.env.module.use("breakable")}((${tag.name}) => ${call.code})`, UNKNOWN) : call;
}

/** The tag a block's `break` throws to, when its call is being lowered by lowerBreakableCall. */
export function breakTagOf(block: Block): BreakTag | null {
  return BREAK_TAGS.get(block) ?? null;
}
