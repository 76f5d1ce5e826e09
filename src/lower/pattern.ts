// Ruby pattern matching -> one boolean TS expression per pattern over a runtime PatternMatch
// (runtime/active-support/core-ext/pattern-match.ts), which deconstructs as Ruby does and remembers why a test missed.
//   case v                          const s = v; const m = new PatternMatch(s, false); let x: unknown = null; let a: unknown[] | null = null;
//   in [x, *] then ...              if ((a = m.array(s, 1, true)) !== null && ((x = a[0]), true)) { ... }
//   in { name: String => n }        else if ((h = m.hash(s)) !== null && m.key(h, "name") && m.test(StringClass, m.get(h, "name")) && ((n = ...), true))
//   else raise                      else { throw m.error(); }
//   value => { name: }              if (!(...)) throw m.error();          value in Integer -> the test itself
// Names a pattern binds are locals of the enclosing scope, declared before the test (they stay set after it).
import type { Node, NodeOf, Pattern } from "../parse/ir.js";
import { lit, lowerExpr, truthy, type TsExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { lowerBody, type Tail } from "./stmts.js";
import { BOOL, UNKNOWN } from "./types.js";

interface Compiled {
  /** Declarations of the temporaries and of the locals the patterns bind, before the tests. */
  decls: string[];
  matcher: string;
}

function start(subject: string, detailed: boolean, scope: Scope): Compiled {
  const matcher = scope.env.module.fresh("match");
  return { decls: [`const ${matcher} = new ${scope.env.module.use("PatternMatch")}(${subject}, ${detailed});`], matcher };
}

/** The local a pattern binds (declared once, before the tests). */
function bindLocal(name: string, c: Compiled, scope: Scope): string {
  const existing = scope.lookup(name);
  if (existing) return existing.ts;
  const local = scope.declare(name, UNKNOWN).ts;
  c.decls.push(`let ${local}: unknown = null;`);
  return local;
}

function temp(base: string, type: string, init: string, c: Compiled, scope: Scope): string {
  const name = scope.env.module.fresh(base);
  c.decls.push(`let ${name}: ${type} = ${init};`);
  return name;
}

/** `value` (a TS expression without side effects) against the pattern: a TS boolean expression. */
function test(p: Pattern, value: string, c: Compiled, scope: Scope): string {
  const m = c.matcher;
  const bind = (name: string, v: string) => (name === "_" ? "true" : `((${bindLocal(name, c, scope)} = ${v}), true)`);
  const all = (parts: string[]) => `(${parts.filter((x) => x !== "true").join(" && ") || "true"})`;
  switch (p.p) {
    case "value":
      return `${m}.test(${lowerExpr(p.node, scope).code}, ${value})`;
    case "bind":
      return bind(p.name, value);
    case "alt":
      return `(${p.alts.map((a) => test(a, value, c, scope)).join(" || ")})`;
    case "as":
      return all([test(p.pattern, value, c, scope), bind(p.name, value)]);
    case "array": {
      const list = temp("list", "unknown[] | null", "null", c, scope);
      const size = p.pre.length + p.post.length;
      const parts = [
        ...(p.constant ? [`${m}.test(${lowerExpr(p.constant, scope).code}, ${value})`] : []),
        `(${list} = ${m}.array(${value}, ${size}, ${p.rest !== null})) !== null`,
        ...p.pre.map((q, i) => test(q, `${list}[${i}]`, c, scope)),
        ...(p.rest?.name ? [bind(p.rest.name, `${list}.slice(${p.pre.length}, ${list}.length - ${p.post.length})`)] : []),
        ...p.post.map((q, j) => test(q, `${list}[${list}.length - ${p.post.length - j}]`, c, scope)),
      ];
      return all(parts);
    }
    case "find": {
      const list = temp("list", "unknown[] | null", "null", c, scope);
      const at = temp("at", "number", "-1", c, scope);
      const window = scope.env.module.fresh("window");
      const size = p.mid.length;
      const inner = all(p.mid.map((q, j) => test(q, `${window}[${j}]`, c, scope)));
      return all([
        ...(p.constant ? [`${m}.test(${lowerExpr(p.constant, scope).code}, ${value})`] : []),
        `(${list} = ${m}.array(${value}, ${size}, true)) !== null`,
        `(${at} = ${m}.find(${list}, ${size}, (${window}: unknown[]) => ${inner})) >= 0`,
        ...(p.pre ? [bind(p.pre, `${list}.slice(0, ${at})`)] : []),
        ...(p.post ? [bind(p.post, `${list}.slice(${at} + ${size})`)] : []),
      ]);
    }
    case "hash": {
      const hash = temp("hash", "Record<string, unknown> | Map<unknown, unknown> | null", "null", c, scope);
      const keys = JSON.stringify(p.keys.map((k) => k.key));
      const parts = [
        ...(p.constant ? [`${m}.test(${lowerExpr(p.constant, scope).code}, ${value})`] : []),
        `(${hash} = ${m}.hash(${value})) !== null`,
        ...p.keys.flatMap(({ key, pattern }) => {
          const read = `${m}.get(${hash}, ${JSON.stringify(key)})`;
          return [`${m}.key(${hash}, ${JSON.stringify(key)})`, pattern ? test(pattern, read, c, scope) : bind(key, read)];
        }),
      ];
      if (p.keys.length === 0 && p.rest === null && !p.constant) parts.push(`${m}.empty(${hash})`);
      if (p.rest === "nil") parts.push(`${m}.noRest(${hash}, ${keys})`);
      else if (p.rest?.name) parts.push(bind(p.rest.name, `${m}.rest(${hash}, ${keys})`));
      return all(parts);
    }
  }
}

/** case/in: the subject once, each clause's pattern (then its guard) in order, NoMatchingPatternError without else. */
export function lowerCaseIn(node: NodeOf<"caseIn">, scope: Scope, tail: Tail): string[] {
  const subject = scope.env.module.fresh("subject");
  const lines = [`const ${subject} = ${lowerExpr(node.subject, scope).code};`];
  const c = start(subject, node.clauses.length === 1, scope);
  const branches: string[] = [];
  node.clauses.forEach((clause, i) => {
    let cond = test(clause.pattern, subject, c, scope);
    if (clause.guard) {
      const g = truthy(lowerExpr(clause.guard.cond, scope), scope);
      cond = `${cond} && ${c.matcher}.guard(${clause.guard.unless ? `!${g}` : g})`;
    }
    branches.push(`${i ? "} else " : ""}if (${cond}) {`, ...lowerBody(clause.body, scope.child(), tail));
  });
  branches.push("} else {", ...(node.else ? lowerBody(node.else, scope.child(), tail) : [`throw ${c.matcher}.error();`]), "}");
  return [...lines, ...c.decls, ...branches];
}

/** `value => pattern` as a statement: binds, or raises NoMatchingPattern(Key)Error. */
export function lowerMatchStatement(node: NodeOf<"matchPattern">, scope: Scope, tail: Tail): string[] {
  const subject = scope.env.module.fresh("subject");
  const c = start(subject, true, scope);
  const cond = test(node.pattern, subject, c, scope);
  const lines = [`const ${subject} = ${lowerExpr(node.value, scope).code};`, ...c.decls];
  if (node.raise) return [...lines, `if (!${cond}) throw ${c.matcher}.error();`, ...(tail === "return" ? ["return null;"] : [])];
  return [...lines, tail === "return" ? `return ${cond};` : `${cond};`];
}

/**
 * `value in pattern` as a condition (`if x in { status: "ok", code: }`): the declarations go before the statement
 * that tests it; the test is the expression.
 */
export function lowerMatchCondition(node: NodeOf<"matchPattern">, scope: Scope): { decls: string[]; test: string } {
  const subject = scope.env.module.fresh("subject");
  const c = start(subject, true, scope);
  const cond = test(node.pattern, subject, c, scope);
  const check = node.raise ? `(${cond} || (() => { throw ${c.matcher}.error(); })())` : cond;
  return { decls: [`const ${subject} = ${lowerExpr(node.value, scope).code};`, ...c.decls], test: check };
}

/** Either form used as a value elsewhere: a closure (names it binds stay inside it). */
export function lowerMatchExpr(node: NodeOf<"matchPattern">, scope: Scope): TsExpr {
  const inner = scope.child();
  const { decls, test: cond } = lowerMatchCondition(node, inner);
  const result = node.raise ? `${cond};\nreturn null;` : `return ${cond};`;
  return lit(`(() => {\n${decls.join("\n")}\n${result}\n})()`, node.raise ? UNKNOWN : BOOL);
}

export type { Node };
