// Ruby statements -> TS statements.
//
//   x = expr (first time)          let x = expr;            (later: x = expr;)
//   @x = expr                      <ivar> = expr;
//   if c ... elsif ... else ... end  if (truthy(c)) {...} else if ... else {...}
//   list.each do |x| ... end       for (const x of each(list)) { ... }
//   list.each_with_index do |x, i| for (const [x, i] of eachWithIndex(list)) { ... }
//   n.times do |i|                 for (let i = 0; i < n; i++) { ... }
//   return v / next / break        return v; / continue; / break;
//   @output_buffer.safe_append='…' out.safeAppend("…");     (views: Erubi's output, see lower/view/erb.ts)
//   @output_buffer.append= expr    out.append(expr);
//   begin ... rescue K => e ... ensure ... end   try {...} catch (error) { if (rescues(error, ["K"])) {...} else throw error; } finally {...}
import { crashOf, faultPoint, reportCrash } from "../diagnostics/crash.js";
import { sourceMark } from "../emit/source-map.js";
import type { Block, Node, NodeOf } from "../parse/ir.js";
import { lowerBlockParams } from "./block-params.js";
import { lowerCaseIn, lowerMatchCondition, lowerMatchStatement } from "./pattern.js";
import { lowerExpr, truthy, type TsExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { elementType, NUMBER, UNKNOWN, type RType } from "./types.js";

export type Tail = "void" | "return";

export function lowerBody(nodes: Node[], scope: Scope, tail: Tail): string[] {
  const out: string[] = [];
  nodes.forEach((node, i) => {
    const lines = lowerStmt(node, scope, tail === "return" && i === nodes.length - 1 ? "return" : "void");
    const hoisted = scope.hoisted.splice(0);
    // The source map's anchor: what follows came from this node (removed again at emit, src/emit/source-map.ts).
    if (lines.length || hoisted.length) out.push(sourceMark(node.span));
    out.push(...hoisted, ...lines);
  });
  return out;
}

/**
 * One statement, a crash boundary: a statement the lowering crashed on becomes code that raises internal_error where
 * it is reached (diagnostics/crash.ts), and the statements around it lower as usual.
 */
export function lowerStmt(node: Node, scope: Scope, tail: Tail): string[] {
  const hoisted = scope.hoisted.length;
  try {
    faultPoint("lower", node.kind, node.span);
    return lowerStmtOf(node, scope, tail);
  } catch (err) {
    // What the failed statement hoisted before it crashed is dropped with it.
    scope.hoisted.length = hoisted;
    const raised = reportCrash(scope.env.diags, crashOf(err, node.span), scope.env.app.parsed.root);
    return [`${scope.env.module.use("unsupported")}(${JSON.stringify(raised)});`];
  }
}

function lowerStmtOf(node: Node, scope: Scope, tail: Tail): string[] {
  const env = scope.env;
  switch (node.kind) {
    case "assign":
      return lowerAssign(node, scope, tail);
    case "multiAssign":
      return lowerMultiAssign(node, scope, tail);
    case "opAssign": {
      // `@uri ||= URI(url)` as a method's last line is also its value.
      const lines = lowerOpAssign(node, scope);
      const readable = node.target.kind === "ident" || node.target.kind === "ivar" || (node.target.kind === "call" && node.target.args.length === 0);
      return tail === "return" && readable ? [...lines, `return ${lowerExpr(node.target, scope).code};`] : lines;
    }
    case "if":
      return lowerIf(node, scope, tail);
    case "return": {
      const v = node.value ? lowerExpr(node.value, scope).code : "";
      return [v ? `return ${v};` : "return;"];
    }
    case "next":
      return ["continue;"];
    case "break":
      // `break value` makes the loop's value (each answers it): not modelled, so declined rather than dropped.
      if (node.value) {
        scope.env.diags.report("unsupported_construct", node.span, "break with a value");
        return [`${scope.env.module.use("unsupported")}("break with a value");`];
      }
      return ["break;"];
    case "seq":
      return lowerBody(node.body, scope, tail);
    case "case":
      return lowerCase(node, scope, tail);
    case "caseIn":
      return lowerCaseIn(node, scope, tail);
    case "while": {
      // while / until (and their modifier forms): the condition tested before each pass; the loop's value is nil.
      const cond = truthy(lowerExpr(node.cond, scope), scope);
      const loop = [`while (${node.until ? `!(${cond})` : cond}) {`, ...lowerBody(node.body, scope.child(), "void"), "}"];
      return tail === "return" ? [...loop, "return null;"] : loop;
    }
    case "matchPattern":
      return lowerMatchStatement(node, scope, tail);
    case "begin":
      return lowerBegin(node, scope, tail);
    case "call": {
      const loop = lowerLoop(node, scope, tail);
      if (loop) return loop;
      const output = env.outputStatement?.(node, scope, tail);
      if (output) return output;
      break;
    }
    default:
      break;
  }
  const e = lowerExpr(node, scope);
  return [tail === "return" ? `return ${e.code};` : `${e.code};`];
}

function lowerAssign(node: NodeOf<"assign">, scope: Scope, tail: Tail): string[] {
  const value = lowerExpr(node.value, scope);
  const lines: string[] = [];
  if (node.target.kind === "ident") {
    const existing = scope.lookup(node.target.name);
    if (existing) lines.push(`${existing.ts} = ${value.code};`);
    else lines.push(`let ${scope.declare(node.target.name, value.type).ts} = ${value.code};`);
    if (tail === "return") lines.push(`return ${scope.lookup(node.target.name)!.ts};`);
    return lines;
  }
  if (node.target.kind === "ivar") {
    const target = scope.env.ivar(node.target.name);
    lines.push(`${target} = ${value.code};`);
    if (tail === "return") lines.push(`return ${target};`);
    return lines;
  }
  if (node.target.kind === "index" && node.target.args.length === 1) {
    // `session[:x] = v`, `flash.now[:notice] = v`, `hash[k] = v`: Ruby's []=.
    const recv = lowerExpr(node.target.receiver, scope).code;
    const key = lowerExpr(node.target.args[0]!, scope).code;
    const write = `${scope.env.module.use("indexSet")}(${recv}, ${key}, ${value.code})`;
    // An assignment is an expression in Ruby: as a method's last statement it is the return value.
    return [tail === "return" ? `return ${write};` : `${write};`];
  }
  scope.env.diags.report("unsupported_construct", node.span, `assignment to ${node.target.kind}`);
  return [`${scope.env.module.use("unsupported")}("assignment");`];
}

/**
 * `a, @b, c.d = value` (and `a, *rest = value`): the value as an Array (to_ary: an Array itself, a relation's
 * records, anything else a one-element Array), then each target gets its element (nil past the end), in order.
 */
function lowerMultiAssign(node: NodeOf<"multiAssign">, scope: Scope, tail: Tail): string[] {
  const tmp = scope.env.module.fresh("values");
  scope.declare(tmp, { k: "array", of: UNKNOWN }, tmp);
  const lines = [`const ${tmp} = ${scope.env.module.use("toAry")}(${lowerExpr(node.value, scope).code});`];
  lines.push(...assignTargets(node.targets, tmp, scope));
  if (tail === "return") lines.push(`return ${tmp};`);
  return lines;
}

/**
 * Each target gets its element of the Array held in `tmp`, as Ruby fills them: the ones before a splat from the
 * front, the ones after it from what is left at the end, the splat the rest (nil past the end; [] for an empty
 * rest); a nested `(b, c)` target destructures its element in turn.
 */
function assignTargets(targets: Node[], tmp: string, scope: Scope): string[] {
  const lines: string[] = [];
  const splatAt = targets.findIndex((t) => t.kind === "splat");
  const after = splatAt < 0 ? 0 : targets.length - splatAt - 1;
  targets.forEach((target, i) => {
    const span = target.span;
    let code: string;
    if (target.kind === "splat") code = `${tmp}.slice(${i}, Math.max(${i}, ${tmp}.length - ${after}))`;
    else if (splatAt >= 0 && i > splatAt) code = `(${tmp}[Math.max(${splatAt}, ${tmp}.length - ${after}) + ${i - splatAt - 1}] ?? null)`;
    else code = `(${tmp}[${i}] ?? null)`;
    const held = scope.env.module.fresh("value");
    scope.declare(held, UNKNOWN, held);
    lines.push(`const ${held} = ${code};`);
    const value: Node = { kind: "ident", name: held, span };
    const to = target.kind === "splat" ? target.value : target;
    if (to.kind === "multiAssign") {
      const inner = scope.env.module.fresh("values");
      scope.declare(inner, { k: "array", of: UNKNOWN }, inner);
      lines.push(`const ${inner} = ${scope.env.module.use("toAry")}(${held});`, ...assignTargets(to.targets, inner, scope));
    } else if (to.kind === "call" && to.args.length === 0 && to.receiver) {
      lines.push(...lowerStmt({ ...to, method: `${to.method}=`, args: [value] }, scope, "void"));
    } else lines.push(...lowerAssign({ kind: "assign", target: to, value, span }, scope, "void"));
  });
  return lines;
}

function lowerOpAssign(node: NodeOf<"opAssign">, scope: Scope): string[] {
  const target = lowerExpr(node.target, scope);
  const value = lowerExpr(node.value, scope);
  if (node.target.kind === "call" && node.target.args.length === 0 && node.target.receiver) {
    // `self.token ||= x`: read with the getter, write with the setter, as Ruby does.
    const setter: NodeOf<"call"> = { ...node.target, method: `${node.target.method}=`, args: [node.value] };
    const write = `${lowerExpr(setter, scope).code};`;
    if (node.op === "||") return [`if (!${truthy(target, scope)}) ${write}`];
    if (node.op === "&&") return [`if (${truthy(target, scope)}) ${write}`];
    const combined: NodeOf<"call"> = {
      ...node.target, method: `${node.target.method}=`,
      args: [{ kind: "binary", op: node.op, left: node.target, right: node.value, span: node.span }],
    };
    return [`${lowerExpr(combined, scope).code};`];
  }
  if (node.target.kind === "index" && node.target.args.length === 1) return lowerIndexOpAssign(node, node.target, scope);
  if (node.target.kind !== "ident" && node.target.kind !== "ivar") {
    scope.env.diags.report("unsupported_construct", node.span, `${node.op}= on ${node.target.kind}`);
    return [`${scope.env.module.use("unsupported")}("op-assign");`];
  }
  if (node.target.kind === "ident" && !scope.lookup(node.target.name)) {
    const v = scope.declare(node.target.name, value.type);
    return [`let ${v.ts} = ${value.code};`];
  }
  const t = target.code;
  if (node.op === "||") return [`if (!${truthy(target, scope)}) ${t} = ${value.code};`];
  if (node.op === "&&") return [`if (${truthy(target, scope)}) ${t} = ${value.code};`];
  if (target.type.k === "number" || target.type.k === "string") return [`${t} ${node.op}= ${value.code};`];
  return [`${t} = ${scope.env.module.use("binop")}(${JSON.stringify(node.op)}, ${t}, ${value.code});`];
}

/**
 * `h[k] ||= v`, `h[k] += 1`, `list[0] *= 2`: the receiver and the key evaluated once, read with [] (a Hash's
 * default applies), written with []= only when Ruby writes (`||=` on a present value does not).
 */
function lowerIndexOpAssign(node: NodeOf<"opAssign">, target: NodeOf<"index">, scope: Scope): string[] {
  const span = node.span;
  const held = (code: string): [string, Node] => {
    const name = scope.env.module.fresh("held");
    scope.declare(name, UNKNOWN, name);
    return [`const ${name} = ${code};`, { kind: "ident", name, span }];
  };
  const [recvLine, recv] = held(lowerExpr(target.receiver, scope).code);
  const [keyLine, key] = held(lowerExpr(target.args[0]!, scope).code);
  const slot: NodeOf<"index"> = { kind: "index", receiver: recv, args: [key], span };
  const read = lowerExpr(slot, scope);
  const value: Node = node.op === "||" || node.op === "&&" ? node.value : { kind: "binary", op: node.op, left: slot, right: node.value, span };
  const write = lowerAssign({ kind: "assign", target: slot, value, span }, scope, "void");
  if (node.op === "||") return [recvLine, keyLine, `if (!${truthy(read, scope)}) {`, ...write, "}"];
  if (node.op === "&&") return [recvLine, keyLine, `if (${truthy(read, scope)}) {`, ...write, "}"];
  return [recvLine, keyLine, ...write];
}

function lowerIf(node: NodeOf<"if">, scope: Scope, tail: Tail): string[] {
  // `if x in pattern`: the names the pattern binds are declared before the if, and stay set in its branches.
  const match = node.cond.kind === "matchPattern" ? lowerMatchCondition(node.cond, scope) : null;
  const cond = match ? match.test : truthy(lowerExpr(node.cond, scope), scope);
  const lines = [...(match?.decls ?? []), `if (${cond}) {`, ...lowerBody(node.then, scope.child(), tail), "}"];
  if (node.else.length === 1 && node.else[0]!.kind === "if") {
    const [first, ...rest] = lowerIf(node.else[0] as NodeOf<"if">, scope, tail);
    lines[lines.length - 1] = `} else ${first}`;
    lines.push(...rest);
  } else if (node.else.length) {
    lines[lines.length - 1] = "} else {";
    lines.push(...lowerBody(node.else, scope.child(), tail), "}");
  } else if (tail === "return") {
    lines.push("return null;");
  }
  return lines;
}

export function lowerCase(node: NodeOf<"case">, scope: Scope, tail: Tail): string[] {
  const lines: string[] = [];
  // The subject is evaluated once, as Ruby does, however many `when` tests read it.
  let subject: string | null = null;
  if (node.subject) {
    subject = scope.env.module.fresh("subject");
    lines.push(`const ${subject} = ${lowerExpr(node.subject, scope).code};`);
  }
  const caseEq = () => scope.env.module.use("caseEq");
  node.whens.forEach((w, i) => {
    const tests = w.tests.map((t) => {
      // `when *LIST`: any element of the list matches.
      if (t.kind === "splat") {
        const list = `${scope.env.module.use("toA")}(${lowerExpr(t.value, scope).code})`;
        return subject ? `${list}.some((pattern) => ${caseEq()}(pattern, ${subject}))` : `${list}.some((x) => ${scope.env.module.use("truthy")}(x))`;
      }
      const e = lowerExpr(t, scope);
      return subject ? `${caseEq()}(${e.code}, ${subject})` : truthy(e, scope);
    });
    lines.push(`${i ? "} else " : ""}if (${tests.join(" || ")}) {`, ...lowerBody(w.body, scope.child(), tail));
  });
  if (node.else) lines.push("} else {", ...lowerBody(node.else, scope.child(), tail));
  lines.push("}");
  return lines;
}

const LOOPS = new Set(["each", "each_with_index", "times", "each_with_object"]);

/** `recv.each do |x| ... end` used as a statement becomes a for-of loop over the receiver. */
function lowerLoop(call: NodeOf<"call">, scope: Scope, tail: Tail = "void"): string[] | null {
  if (!call.block || !call.receiver || !LOOPS.has(call.method) || call.method === "each_with_object") return null;
  // Destructuring, splat and default parameters bind as the block function binds them (block-params.ts).
  if (call.block.params.some((p) => p.kind !== "req")) return null;
  // As a method's last statement the loop is also its value: each, each_with_index and times answer the receiver.
  if (tail === "return" && !call.safeNav) {
    const held = scope.env.module.fresh("receiver");
    const recv = lowerExpr(call.receiver, scope);
    scope.declare(held, recv.type, held);
    const loop = lowerLoop({ ...call, receiver: { kind: "ident", name: held, span: call.receiver.span } }, scope)!;
    return [`const ${held} = ${recv.code};`, ...loop, `return ${held};`];
  }
  if (call.safeNav) {
    // `list&.each do ... end`: no loop at all when the receiver is nil (evaluated once).
    const held = scope.env.module.fresh("receiver");
    const recv = lowerExpr(call.receiver, scope);
    scope.declare(held, recv.type, held);
    const loop = lowerLoop({ ...call, safeNav: false, receiver: { kind: "ident", name: held, span: call.receiver.span } }, scope)!;
    return [`const ${held} = ${recv.code};`, `if (${held} !== null && ${held} !== undefined) {`, ...loop, "}"];
  }
  const recv = lowerExpr(call.receiver, scope);
  const inner = scope.child();
  const params = call.block.params;
  if (call.method === "times") {
    const i = inner.declare(params[0]?.name || inner.env.module.fresh("i"), NUMBER).ts;
    return [`for (let ${i} = 0; ${i} < ${recv.code}; ${i}++) {`, ...lowerBody(call.block.body, inner, "void"), "}"];
  }
  const elem = elementType(recv.type);
  const names = blockParamNames(call.block, inner, call.method === "each_with_index" ? [elem, NUMBER] : [elem]);
  const fn = call.method === "each" ? "each" : "eachWithIndex";
  const binding = call.method === "each" && names.length === 1 ? names[0] : `[${names.join(", ")}]`;
  // `|key, value|` over an untyped collection destructures each element as Ruby does an Array (Hash pairs).
  const typeArg = elem.k === "unknown" ? (call.method === "each" && names.length > 1 ? "<unknown[]>" : "") : `<${scope.env.typeName(elem)}>`;
  return [`for (const ${binding} of ${scope.env.module.use(fn)}${typeArg}(${recv.code})) {`, ...lowerBody(call.block.body, inner, "void"), "}"];
}

/** Declares a block's parameters in `scope` with the given types; returns their TS names. */
export function blockParamNames(block: Block, scope: Scope, types: RType[]): string[] {
  return block.params.map((p, i) => scope.declare(p.name || `_${i}`, types[i] ?? UNKNOWN).ts);
}

/** A block passed as a value (`map { |x| ... }`, `format.html { ... }`): an arrow function. */
export function lowerBlockFn(block: Block, scope: Scope, types: RType[] = []): TsExpr {
  const special = scope.env.blockFn?.(block, scope, types);
  if (special) return special;
  const inner = scope.child();
  const { params, prologue } = lowerBlockParams(block, inner, types);
  const body = lowerBody(block.body, inner, "return");
  return { code: `(${params}) => {\n${[...prologue, ...body].join("\n")}\n}`, type: UNKNOWN };
}

declare module "./scope.js" {
  interface LowerEnv {
    /** Views recognise Erubi's `@output_buffer` statements; other code has none. */
    outputStatement?: (call: NodeOf<"call">, scope: Scope, tail: Tail) => string[] | null;
    /** The TS type annotation for a type in this module (registers the imports it needs). */
    typeName(t: RType): string;
  }
}

/**
 * begin / rescue / else / ensure (also a def body with rescue clauses): try/catch/finally, each rescue clause a
 * test of the error's Ruby class (runtime `rescues`, which never matches the error of a construct left unlowered),
 * an error no clause takes raised again. `retry` is not lowered.
 */
function lowerBegin(node: NodeOf<"begin">, scope: Scope, tail: Tail): string[] {
  const env = scope.env;
  if (node.rescues.length === 0 && !node.ensure) return lowerBody([...node.body, ...(node.elseBody ?? [])], scope, tail);
  const out: string[] = [];
  if (node.rescues.length) {
    const body = node.elseBody ? [...lowerBody(node.body, scope.child(), "void"), ...lowerBody(node.elseBody, scope.child(), tail)] : lowerBody(node.body, scope.child(), tail);
    const err = env.module.fresh("error");
    const rescues = env.module.use("rescues");
    const clauses: string[] = [];
    for (const r of node.rescues) {
      const names: string[] = [];
      for (const c of r.classes) {
        const name = constName(c);
        if (name === null) {
          env.diags.report("unsupported_construct", c.span, "a rescue class that is not a constant");
          names.push("\u0000");
        } else names.push(name);
      }
      const inner = scope.child();
      const bind = r.variable ? [`const ${inner.declare(r.variable, UNKNOWN).ts} = ${err};`] : [];
      const test = `${rescues}(${err}, ${JSON.stringify(names.length ? names : ["StandardError"])})`;
      clauses.push(`${clauses.length ? "} else if" : "if"} (${test}) {`, ...bind, ...lowerBody(r.body, inner, tail));
    }
    out.push("try {", ...body, `} catch (${err}) {`, ...clauses, "} else {", `throw ${err};`, "}");
    if (node.ensure) out.push("} finally {", ...lowerBody(node.ensure, scope.child(), "void"));
    out.push("}");
    return out;
  }
  return ["try {", ...lowerBody(node.body, scope.child(), tail), "} finally {", ...lowerBody(node.ensure!, scope.child(), "void"), "}"];
}

/** `ActiveRecord::RecordNotFound` -> "ActiveRecord::RecordNotFound"; null for anything but a constant path. */
function constName(node: Node): string | null {
  if (node.kind !== "const") return null;
  if (node.scope === null) return node.name;
  const outer = constName(node.scope);
  return outer === null ? null : `${outer}::${node.name}`;
}
