// A Ruby method's parameters -> TS parameters. Only required positionals map one to one; any optional, rest,
// keyword or block parameter makes the method take `...args` and bind them as Ruby does (runtime bindArgs), since
// a JS call cannot tell a trailing options hash or block from a positional argument.
//   def show(id)                    show(id: unknown)
//   def tag(name, size: 32, &blk)   tag(...args: unknown[]) { const a = bindArgs(args, {...}); let name = a["name"]; ... }
import { crashNode, crashOf, faultPoint, reportCrash } from "../parse/crash.js";
import { walk, type Node, type NodeOf, type Span } from "../parse/ir.js";
import { lowerExpr } from "./expr.js";
import type { Scope } from "./scope.js";
import { UNKNOWN } from "./types.js";
import { rubyToTs } from "./names.js";

export interface LoweredParams {
  parameters: Array<{ name: string; type: string; isRestParameter?: boolean }>;
  /** The same parameters as TS source, for modules written as text. */
  signature: string;
  prologue: string[];
}

type Given = { params: NodeOf<"def">["params"]; name?: string; body?: Node[]; span?: Span };

/**
 * A def is a crash boundary: when lowering its parameters crashes, the method takes `...args` and its body becomes
 * one crash node (parse/crash.ts), so calling it raises internal_error and the rest of the class lowers.
 */
export function lowerParams(given: Given, scope: Scope): LoweredParams {
  if (!given.span) return lowerParamsOf(given, scope);
  try {
    faultPoint("lower", "def", given.span);
    return lowerParamsOf(given, scope);
  } catch (err) {
    const raised = reportCrash(scope.env.diags, crashOf(err, given.span), scope.env.app.parsed.root);
    given.body?.splice(0, given.body.length, crashNode(given.span, raised));
    return { parameters: [{ name: "args", type: "unknown[]", isRestParameter: true }], signature: "...args: unknown[]", prologue: given.body ? [] : [`${scope.env.module.use("unsupported")}(${JSON.stringify(raised)});`] };
  }
}

function lowerParamsOf(given: Given, scope: Scope): LoweredParams {
  // A method that yields without naming its block (`def reading(io) ... yield ... end`) takes one all the same.
  const implicitBlock = given.body !== undefined && !given.params.some((p) => p.kind === "block") && given.body.some(yields);
  const def = implicitBlock ? { ...given, params: [...given.params, { kind: "block" as const, name: "" }] } : given;
  if (def.params.every((p) => p.kind === "req")) {
    const parameters = def.params.map((p) => ({ name: scope.declare(p.name, UNKNOWN).ts, type: "unknown" }));
    if (def.name !== undefined) scope.method = { name: rubyToTs(def.name), forward: parameters.map((p) => p.name).join(", ") };
    return { parameters, signature: parameters.map((p) => `${p.name}: unknown`).join(", "), prologue: [] };
  }
  const spec: { req: string[]; opt: string[]; post: string[]; rest: string | null; keys: string[]; required: string[]; keyrest: string | null; block: string | null } = {
    req: [], opt: [], post: [], rest: null, keys: [], required: [], keyrest: null, block: null,
  };
  const bind: string[] = [];
  // What a bare `super` passes on: the parameters' current values (defaults included), as Ruby's zsuper does.
  const positional: string[] = [];
  const keywords: string[] = [];
  let block = "";
  // A fresh name for the bound arguments, so no Ruby parameter (`a`) can shadow it.
  const holder = scope.env.module.fresh("bound");
  for (const p of def.params) {
    const name = p.name || (p.kind === "block" ? "block" : p.kind === "rest" ? "rest" : "options");
    // `**attributes` is always a Hash of the keywords (bindArgs makes a plain object), where the body never assigns it.
    const hash = p.kind === "keyrest" && p.name !== "" && given.body !== undefined && !assigns(given.body, name);
    const local = scope.declare(name, hash ? { k: "hash" } : UNKNOWN).ts;
    // A required positional after an optional one or the rest is filled from the end of the arguments.
    if (p.kind === "req" || p.kind === "destructure") (spec.opt.length || spec.rest ? spec.post : spec.req).push(name);
    else if (p.kind === "opt") spec.opt.push(name);
    else if (p.kind === "key" || p.kind === "keyopt") {
      spec.keys.push(name);
      if (p.kind === "key") spec.required.push(name);
    }
    else if (p.kind === "rest") spec.rest = name;
    else if (p.kind === "keyrest") spec.keyrest = name;
    else if (p.kind === "block") {
      spec.block = name;
      scope.blockParam = local;
    }
    if (p.kind === "req" || p.kind === "destructure" || p.kind === "opt") positional.push(local);
    else if (p.kind === "rest") positional.push(`...${local} as unknown[]`);
    else if (p.kind === "key" || p.kind === "keyopt") keywords.push(`${JSON.stringify(name)}: ${local}`);
    else if (p.kind === "keyrest") keywords.push(`...(${local} as Record<string, unknown>)`);
    else if (p.kind === "block") block = `...${scope.env.module.use("blockArg")}(${local})`;
    const key = JSON.stringify(name);
    const value = p.default ? `(${key} in ${holder} ? ${holder}[${key}] : ${lowerExpr(p.default, scope).code})` : `${holder}[${key}]`;
    bind.push(p.kind === "block" ? `let ${local} = ${value} as ((...args: unknown[]) => unknown) | undefined;` : hash ? `let ${local} = ${value} as Record<string, unknown>;` : `let ${local} = ${value};`);
  }
  const binder = scope.env.module.use("bindArgs");
  const forward = [...positional, ...(keywords.length ? [`...${scope.env.module.use("kwsplat")}({ ${keywords.join(", ")} })`] : []), ...(block ? [block] : [])];
  if (def.name !== undefined) scope.method = { name: rubyToTs(def.name), forward: forward.join(", ") };
  return {
    parameters: [{ name: "args", type: "unknown[]", isRestParameter: true }],
    signature: "...args: unknown[]",
    prologue: [`const ${holder} = ${binder}(args, ${JSON.stringify(spec, (k, v) => ((k === "post" || k === "required") && !v.length ? undefined : v))});`, ...bind],
  };
}

/** Whether the body assigns the local NAME anywhere (`x = `, `x ||= `, `a, x = `). */
function assigns(body: Node[], name: string): boolean {
  let found = false;
  const target = (t: Node) => {
    if (t.kind === "ident" && t.name === name) found = true;
    if (t.kind === "splat" && t.value) target(t.value);
    if (t.kind === "multiAssign") t.targets.forEach(target);
  };
  for (const stmt of body) {
    walk(stmt, (n) => {
      if (n.kind === "assign" || n.kind === "opAssign") target(n.target);
      if (n.kind === "multiAssign") n.targets.forEach(target);
    });
  }
  return found;
}

/** Whether a method body yields to its block (blocks inside it count; nested defs and lambdas' own do not matter). */
function yields(node: Node): boolean {
  let found = false;
  walk(node, (n) => {
    if (n.kind === "yield" || (n.kind === "call" && n.receiver === null && n.method === "block_given?")) found = true;
  });
  return found;
}
