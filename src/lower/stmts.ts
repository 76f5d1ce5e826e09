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
import { crashOf, faultPoint, reportCrash } from "../parse/crash.js";
import { sourceMark } from "./source-mark.js";
import { childNodes, walk, type Block, type Node, type NodeOf } from "../parse/ir.js";
import { lowerCaseIn, lowerMatchCondition, lowerMatchStatement } from "./pattern.js";
import { lit, lowerExpr, storable, truthy, type TsExpr } from "./expr.js";
import { lowerBreak, lowerNext, lowerReturn } from "./jumps.js";
import { bindRescued } from "./rescue-variable.js";
import { isKernelLoop, lowerEachLoop, lowerFor, lowerKernelLoop, lowerWhile } from "./loops.js";
import type { Scope } from "./scope.js";
import { elementType, handedOnType, maybe, NUMBER, UNKNOWN, type RType } from "./types.js";
import { lowerTimeFormatValue } from "./core/time-formats.js";
import { retypedElements, retypedScalar } from "./element-retyping.js";
import { lowerCoreBinary } from "./core/operators.js";

export type Tail = "void" | "return";

export function lowerBody(nodes: Node[], scope: Scope, tail: Tail): string[] {
  const out: string[] = [];
  nodes.forEach((node, i) => {
    // Locals a branch or clause assigns belong to the method (Ruby's if, case, begin and loops open no scope): one
    // read after the statement, or in another clause of a begin or a loop's next pass, is declared before it (nil
    // when the branch that assigns it did not run).
    // (Only a branching statement can share locals: copying the statements after every one of them was quadratic
    // in a long template's thousands of statements.)
    const shared = BRANCHING.has(node.kind) ? sharedLocals(node, nodes.slice(i + 1), scope) : [];
    if (shared.length) {
      out.push(...shared.map((name) => {
        const local = scope.declare(name, UNKNOWN);
        // (Over the whole method: a local is the method's, assigned anywhere in it.)
        local.soleAssignment = scope.methodBody ? soleAssignment(name, scope.methodBody as Node[]) : null;
        return `let ${local.ts}: unknown = null;`;
      }));
    }
    const lines = lowerStmt(node, scope, tail === "return" && i === nodes.length - 1 ? "return" : "void");
    const hoisted = scope.hoisted.splice(0);
    // The source map's anchor: what follows came from this node (src/lower/source-mark.ts; removed again at emit,
    // src/emit/source-map.ts).
    if (lines.length || hoisted.length) out.push(sourceMark(node.span));
    out.push(...hoisted, ...lines);
  });
  return out;
}

const BRANCHING = new Set<Node["kind"]>(["if", "case", "caseIn", "begin", "while", "for"]);

/** The new locals `node` assigns inside its branches that code after it (or its own other clauses) reads. */
function sharedLocals(node: Node, after: Node[], scope: Scope): string[] {
  if (!BRANCHING.has(node.kind)) return [];
  const assigned = new Set<string>();
  for (const child of branchBodies(node)) assignedLocals(child, assigned);
  const fresh = [...assigned].filter((name) => !scope.lookup(name));
  if (!fresh.length) return [];
  const read = new Set<string>();
  // A begin's else/ensure/rescue clauses and a loop's next pass read what its body assigned.
  for (const n of node.kind === "begin" || node.kind === "while" || node.kind === "for" ? [node, ...after] : after) {
    walk(n, (x) => {
      if (x.kind === "ident") read.add(x.name);
    });
  }
  return fresh.filter((name) => read.has(name));
}

/** The one `name = value` among `nodes` (every node under them), or null when it is assigned otherwise or again. */
function soleAssignment(name: string, nodes: Node[]): Node | null {
  const found: Node[] = [];
  let other = false;
  for (const n of nodes) {
    walk(n, (x) => {
      if (x.kind === "assign" && x.target.kind === "ident" && x.target.name === name) found.push(x);
      else if (x.kind === "opAssign" && x.target.kind === "ident" && x.target.name === name) other = true;
      else if (x.kind === "multiAssign" || x.kind === "for" || x.kind === "matchPattern" || x.kind === "caseIn") other = true;
    });
  }
  return !other && found.length === 1 ? found[0]! : null;
}

/** The statements of a branching statement's branches and clauses (its condition is lowered in the scope itself). */
function branchBodies(node: Node): Node[] {
  switch (node.kind) {
    case "if":
      return [...node.then, ...node.else];
    case "case":
      return [...node.whens.flatMap((w) => w.body), ...(node.else ?? [])];
    case "caseIn":
      return [...node.clauses.flatMap((c) => c.body), ...(node.else ?? [])];
    case "begin":
      return [...node.body, ...node.rescues.flatMap((r) => r.body), ...(node.elseBody ?? []), ...(node.ensure ?? [])];
    case "while":
    case "for":
      return node.body;
    default:
      return [];
  }
}

/** Names assigned as locals in `node`, not counting blocks, lambdas and defs (their new locals are their own). */
function assignedLocals(node: Node, out: Set<string>): void {
  const target = (t: Node) => {
    if (t.kind === "ident") out.add(t.name);
    else if (t.kind === "splat" && t.value.kind === "ident") out.add(t.value.name);
    else if (t.kind === "multiAssign" || t.kind === "array") for (const x of t.kind === "array" ? t.elements : t.targets) target(x);
  };
  switch (node.kind) {
    case "assign":
    case "opAssign":
      target(node.target);
      assignedLocals(node.value, out);
      return;
    case "multiAssign":
      node.targets.forEach(target);
      assignedLocals(node.value, out);
      return;
    case "call":
      for (const n of [...(node.receiver ? [node.receiver] : []), ...node.args]) assignedLocals(n, out);
      return;
    case "lambda":
    case "def":
    case "class":
    case "sclass":
    case "module":
      return;
    default:
      for (const child of BRANCHING.has(node.kind) ? [...branchBodies(node), ...conditionOf(node)] : childNodes(node)) assignedLocals(child, out);
  }
}

function conditionOf(node: Node): Node[] {
  if (node.kind === "if" || node.kind === "while") return [node.cond];
  if (node.kind === "case") return node.subject ? [node.subject] : [];
  if (node.kind === "caseIn") return [node.subject];
  if (node.kind === "for") return [node.iter];
  return [];
}

/**
 * One statement, a crash boundary: a statement the lowering crashed on becomes code that raises internal_error where
 * it is reached (parse/crash.ts), and the statements around it lower as usual.
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
      const lines = lowerOpAssign(node, scope, (t) => node === scope.resultNode && (scope.resultType = t));
      const readable = node.target.kind === "ident" || node.target.kind === "ivar" || (node.target.kind === "call" && node.target.args.length === 0);
      return tail === "return" && readable ? [...lines, `return ${lowerExpr(node.target, scope).code};`] : lines;
    }
    case "if":
      return lowerIf(node, scope, tail);
    case "return":
      return lowerReturn(node, scope);
    case "next":
      return lowerNext(node, scope);
    case "break":
      return lowerBreak(node, scope);
    case "retry":
      return lowerRetry(node, scope);
    case "seq":
      return lowerBody(node.body, scope, tail);
    case "case":
      return lowerCase(node, scope, tail);
    case "caseIn":
      return lowerCaseIn(node, scope, tail);
    case "while":
      return lowerWhile(node, scope, tail);
    case "for":
      return lowerFor(node, scope, tail);
    case "matchPattern":
      return lowerMatchStatement(node, scope, tail);
    case "begin":
      return lowerBegin(node, scope, tail);
    case "call": {
      // A loop's value is its receiver: as a method's last statement it goes through the call, which answers it.
      const loop = tail === "void" ? lowerEachLoop(node, scope) : null;
      if (loop) return loop;
      if (isKernelLoop(node)) return lowerKernelLoop(node, scope, tail);
      const output = env.outputStatement?.(node, scope, tail);
      if (output) return output;
      break;
    }
    default:
      break;
  }
  const e = lowerExpr(node, scope);
  if (node === scope.resultNode) scope.resultType = e.type;
  return [tail === "return" ? `return ${e.code};` : `${e.code};`];
}

function lowerAssign(node: NodeOf<"assign">, scope: Scope, tail: Tail): string[] {
  const value = lowerTimeFormatValue(node, scope) ?? lowerExpr(node.value, scope);
  const lines: string[] = [];
  if (node.target.kind === "ident") {
    const existing = scope.lookup(node.target.name);
    if (existing) lines.push(`${existing.ts} = ${value.code};`);
    else if (retypedElements(node, node.target.name, value.type, scope)) lines.push(`let ${scope.declare(node.target.name, { k: "array", of: UNKNOWN }).ts}: unknown[] = ${value.code};`);
    else if (retypedScalar(node, node.target.name, value.type, scope)) lines.push(`let ${scope.declare(node.target.name, UNKNOWN).ts}: unknown = ${value.code};`);
    else lines.push(`let ${scope.declare(node.target.name, value.type).ts} = ${value.code};`);
    if (existing?.soleAssignment === node && existing.type.k === "unknown" && handedOnType(value.type)) {
      existing.type = value.type;
      existing.ts = `(${existing.ts} as ${scope.env.typeName(value.type)})`;
    }
    if (tail === "return") lines.push(`return ${scope.lookup(node.target.name)!.ts};`);
    return lines;
  }
  if (node.target.kind === "ivar") {
    scope.env.onIvarAssign?.(node, value.type);
    const target = scope.env.ivar(node.target.name);
    lines.push(`${target} = ${storable(value, scope.env.ivarTypes.get(node.target.name) ?? UNKNOWN, scope)};`);
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
  const value = lowerExpr(node.value, scope);
  const lines = [`const ${tmp} = ${scope.env.module.use("toAry")}(${value.code});`];
  // An Array of known elements (`a, b = list.partition { }`): each target holds one of them, or nil past its end.
  const elements = value.type.k === "array" && !node.targets.some((t) => t.kind === "splat") ? value.type.of : UNKNOWN;
  lines.push(...assignTargets(node.targets, tmp, scope, elements));
  if (tail === "return") lines.push(`return ${tmp};`);
  return lines;
}

/**
 * Each target gets its element of the Array held in `tmp`, as Ruby fills them: the ones before a splat from the
 * front, the ones after it from what is left at the end, the splat the rest (nil past the end; [] for an empty
 * rest); a nested `(b, c)` target destructures its element in turn.
 */
function assignTargets(targets: Node[], tmp: string, scope: Scope, elements: RType = UNKNOWN): string[] {
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
    const type = elements.k === "unknown" ? UNKNOWN : maybe(elements);
    if (type.k !== "unknown") code = `(${code} as ${scope.env.typeName(type)})`;
    scope.declare(held, type, held);
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

/** `onValue`: given the value's type (what `@x ||= value` answers where the ivar holds only what it stored). */
function lowerOpAssign(node: NodeOf<"opAssign">, scope: Scope, onValue?: (t: RType) => void): string[] {
  const target = lowerExpr(node.target, scope);
  const value = lowerExpr(node.value, scope);
  onValue?.(value.type);
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
  if (node.op === "||" && node.target.kind === "ivar") return [`if (!${truthy(target, scope)}) ${t} = ${storable(value, target.type, scope)};`];
  if (node.op === "||") return [`if (!${truthy(target, scope)}) ${t} = ${value.code};`];
  if (node.op === "&&") return [`if (${truthy(target, scope)}) ${t} = ${value.code};`];
  if (target.type.k === "number" || target.type.k === "string") return [`${t} ${node.op}= ${value.code};`];
  // Ruby's operator on what the variable holds (an Integer and a Float add to a Float, a Time and a Duration to a Time).
  const combined = lowerCoreBinary(node.op, target, value, scope)?.code ?? `${scope.env.module.use("binop")}(${JSON.stringify(node.op)}, ${t}, ${value.code})`;
  return [`${t} = ${combined};`];
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
 * an error no clause takes raised again. The else clause runs after the body only when nothing was raised, outside
 * the rescue clauses' reach; `rescue => e` binds a local of the enclosing scope (it stays set after the begin).
 * A rescue clause that retries makes the begin a labelled loop: `retry` is `continue retryN;`.
 *   begin a rescue K => e; retry end    retry1: for (;;) { try { a } catch (error2) { if (rescues(error2, ["K"])) { e = error2; continue retry1; } else throw error2; } break; }
 */
function lowerBegin(node: NodeOf<"begin">, scope: Scope, tail: Tail): string[] {
  const env = scope.env;
  if (node.rescues.length === 0 && !node.ensure) return lowerBody([...node.body, ...(node.elseBody ?? [])], scope, tail);
  const ensure = (lines: string[]) => (node.ensure ? ["try {", ...lines, "} finally {", ...lowerBody(node.ensure, scope.child(), "void"), "}"] : lines);
  if (!node.rescues.length) return ensure(lowerBody(node.body, scope.child(), tail));
  const retry = node.rescues.some((r) => r.body.some(retries)) ? env.module.fresh("retry") : null;
  const ok = node.elseBody ? env.module.fresh("ok") : null;
  const orNil = (lines: string[]) => (lines.length || tail === "void" ? lines : ["return null;"]);
  const body = ok ? [...lowerBody(node.body, scope.child(), "void"), `${ok} = true;`] : orNil(lowerBody(node.body, scope.child(), tail));
  const err = env.module.fresh("error");
  const clauses: string[] = [];
  for (const r of node.rescues) {
    const inner = scope.child();
    inner.retryLabel = retry;
    inner.rescued = err;
    const variable = r.variable ? rescueVariable(r.variable, scope) : null;
    const bind = variable ? [`${variable} = ${err};`] : [];
    if (variable) bindRescued(r, variable, inner);
    const test = `${env.module.use("rescues")}(${err}, ${rescueClasses(r.classes, scope)})`;
    clauses.push(`${clauses.length ? "} else if" : "if"} (${test}) {`, ...bind, ...orNil(lowerBody(r.body, inner, tail)));
  }
  const attempt = ["try {", ...body, `} catch (${err}) {`, ...clauses, "} else {", `throw ${err};`, "}", "}"];
  const otherwise = ok ? [`if (${ok}) {`, ...orNil(lowerBody(node.elseBody!, scope.child(), tail)), "}"] : [];
  if (retry) return ensure([`${retry}: for (;;) {`, ...(ok ? [`let ${ok} = false;`] : []), ...attempt, ...otherwise, "break;", "}"]);
  return ensure([...(ok ? [`let ${ok} = false;`] : []), ...attempt, ...otherwise]);
}

/** The local `rescue => name` assigns, declared in the enclosing scope (hoisted) when it is new. */
function rescueVariable(name: string, scope: Scope): string {
  const existing = scope.lookup(name);
  if (existing) return existing.ts;
  const local = scope.declare(name, UNKNOWN);
  scope.hoisted.push(`let ${local.ts}: unknown = null;`);
  return local.ts;
}

/**
 * The classes a rescue clause takes, as the runtime's `rescues` reads them: names of constants (the hierarchy is
 * the runtime's), or values for anything else (`rescue *ERRORS`, a class held in a local). None is StandardError.
 */
function rescueClasses(classes: Node[], scope: Scope): string {
  if (!classes.length) return JSON.stringify(["StandardError"]);
  return `[${classes.map((c) => {
    const name = constName(c);
    if (name !== null && !scope.env.app.plainClasses.some((d) => d.path === name || d.path.endsWith(`::${name}`))) return JSON.stringify(name);
    if (c.kind === "splat") return `...${scope.env.module.use("toA")}(${lowerExpr(c.value, scope).code})`;
    return lowerExpr(c, scope).code;
  }).join(", ")}]`;
}

/** Whether a rescue clause's statement retries its begin (not a nested begin's own retry, nor a block's). */
function retries(node: Node): boolean {
  if (node.kind === "retry") return true;
  if (node.kind === "if") return [...node.then, ...node.else].some(retries);
  if (node.kind === "case") return [...node.whens.flatMap((w) => w.body), ...(node.else ?? [])].some(retries);
  if (node.kind === "seq") return node.body.some(retries);
  if (node.kind === "begin") return [...node.body, ...(node.elseBody ?? []), ...(node.ensure ?? [])].some(retries);
  return false;
}

function lowerRetry(node: NodeOf<"retry">, scope: Scope): string[] {
  if (scope.retryLabel) return [`continue ${scope.retryLabel};`];
  scope.env.diags.report("unsupported_construct", node.span, "retry outside a rescue clause the lowering retries");
  return [`${scope.env.module.use("unsupported")}("retry");`];
}

/** `ActiveRecord::RecordNotFound` -> "ActiveRecord::RecordNotFound"; null for anything but a constant path. */
function constName(node: Node): string | null {
  if (node.kind !== "const") return null;
  if (node.scope === null) return node.name;
  const outer = constName(node.scope);
  return outer === null ? null : `${outer}::${node.name}`;
}
