// An ERB template (already compiled to Ruby by src/parse/erb.ts, exactly as Rails' Erubi handler does) -> one
// TS render function.
//
//   @output_buffer.safe_append='<p>'.freeze;   out.safeAppend("<p>");
//   @output_buffer.append=( post.title );   out.append(post.title);
//   @output_buffer.safe_expr_append=( x );     out.safeExprAppend(x);
//   <%= helper(...) do |f| %> ... <% end %>    out.append(view.helper(..., (f) => { out.safeAppend(…); …; return "\n"; }))
//   (a block writes to the template's one buffer and returns its last statement's Ruby value: the helper's
//   capture swaps the buffer's text around the call and picks between the two as CaptureHelper#capture does)
//   @post / post (partial local)         (view.assigns.post as Post) / locals.post
import type { TemplateFile } from "../../parse/app.js";
import type { Block, Node, NodeOf } from "../../parse/ir.js";
import { modelBySingular } from "../../analyze/app-model.js";
import { lit, lowerExpr, truthy, type TsExpr } from "../expr.js";
import { Scope, type LowerEnv } from "../scope.js";
import { lowerBlockParams } from "../block-params.js";
import { lowerBody, type Tail } from "../stmts.js";
import { UNKNOWN, type RType } from "../types.js";
import { viewSelfCall } from "./helpers.js";
import { appHelperCall } from "../helpers/module.js";
import { notePartialRender, partialLocalTypes } from "./partial-locals.js";
import { attachablePartialLocals } from "./attachable-partials.js";

export interface LoweredTemplate {
  /** The function body statements of `render(view, locals)`. */
  body: string[];
  /** Local names the template reads (a partial's locals). */
  locals: Map<string, RType>;
}

export function lowerTemplate(template: TemplateFile, env: LowerEnv): LoweredTemplate {
  const locals = new Map<string, RType>();
  // The partial's locals every render of it agrees on (partial-locals.ts); its own renders are recorded for theirs.
  const typed = partialLocalTypes(env.app, template);
  // An attachable's partial, which Action Text renders with the attachment (attachable-partials.ts).
  for (const [name, t] of attachablePartialLocals(env.app, template)) if (!typed.has(name)) typed.set(name, t);
  env.outputStatement = outputStatement;
  env.selfCall = (call, scope) => {
    if (call.method === "render" && call.receiver === null) notePartialRender(call, scope, template, typed);
    return appHelperCall(call, scope, false) ?? bufferCall(call, scope) ?? viewSelfCall(call, scope) ?? partialLocal(call, scope, locals, typed);
  };
  env.blockFn = (block, scope, types) => (containsOutput(block.body) ? outputBlockFn(block, scope, types) : null);
  const scope = new Scope(env);
  scope.buffer = "out";
  scope.localsBody = template.body;
  const body = lowerBody(template.body.filter((n) => !isBufferRead(n)), scope, "void");
  // The buffer the runtime installed for this render (View#renderTemplate): captures and helpers' concat use it too.
  return { body: ["const out = view.outputBuffer;", ...body, "return out.toSafeString();"], locals };
}

const BUFFER_WRITES: Record<string, string> = { concat: "append", safe_concat: "safeAppend" };

/**
 * The helpers that write on the render's output buffer (`out` in a template, `view.outputBuffer` in a helper);
 * both answer the buffer, as Rails' do (TextHelper#concat is `output_buffer << string`):
 *   concat(s) -> out.append(s)   (escaped unless html_safe)   safe_concat(s) -> out.safeAppend(s)   output_buffer -> out
 */
export function bufferCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  if (call.receiver !== null || call.block || !scope.buffer) return null;
  if (call.method === "output_buffer" && !call.args.length) return lit(scope.buffer, UNKNOWN);
  const method = BUFFER_WRITES[call.method];
  if (!method || call.args.length !== 1) return null;
  return lit(`${scope.buffer}.${method}(${lowerExpr(call.args[0]!, scope).code})`, UNKNOWN);
}

/** A receiver-less, argument-less name that is no helper is one of the partial's locals, as in Rails. */
export function partialLocal(call: NodeOf<"call">, scope: Scope, locals: Map<string, RType>, typed: Map<string, RType> = new Map()): TsExpr | null {
  if (call.args.length || call.block || call.parens) return null;
  // `local_assigns`: the Hash of the locals this render was given (ActionView's compiled template method argument).
  if (call.method === "local_assigns") return lit("locals", { k: "hash" });
  const model = modelBySingular(scope.env.app, call.method);
  const type: RType = typed.get(call.method) ?? (model ? { k: "model", model: model.className } : UNKNOWN);
  locals.set(call.method, type);
  const ts = type.k === "model" ? scope.env.module.modelType(type.model) : type.k === "unknown" ? "unknown" : scope.env.typeName(type);
  return lit(`(${scope.env.module.use("readLocal")}(locals, ${JSON.stringify(call.method)}) as ${ts})`, type);
}

function isBuffer(node: Node | null): boolean {
  return node?.kind === "ivar" && node.name === "output_buffer";
}

function isBufferRead(node: Node): boolean {
  return isBuffer(node) || (node.kind === "call" && isBuffer(node.receiver) && node.method === "to_s");
}

const APPENDS: Record<string, string> = {
  "safe_append=": "safeAppend",
  "append=": "append",
  "safe_expr_append=": "safeExprAppend",
};

/**
 * Erubi's buffer writes. As a block's last statement one is also the block's value, and that of an attribute
 * assignment (`@output_buffer.safe_append='\n'.freeze`) is the assigned value: what capture answers when the
 * block wrote only whitespace (`<div>\n</div>` for an empty loop).
 */
function outputStatement(call: NodeOf<"call">, scope: Scope, tail: Tail): string[] | null {
  if (call.receiver === null && call.block && (call.method === "cache" || call.method === "cache_if" || call.method === "cache_unless")) {
    const lines = lowerCacheBlock(call, scope);
    return tail === "return" ? [...lines, "return null;"] : lines;
  }
  if (!isBuffer(call.receiver)) return null;
  const method = APPENDS[call.method];
  if (!method || call.args.length !== 1) return null;
  const value = lowerExpr(call.args[0]!, scope);
  if (tail !== "return") return [`${scope.buffer}.${method}(${value.code});`];
  const written = scope.env.module.fresh("written");
  return [`const ${written} = ${value.code};`, `${scope.buffer}.${method}(${written});`, `return ${written};`];
}

/**
 * `<% cache key do %>`: the key builder claims exactly what it can prove names the fragment: literals, a local or
 * instance variable that is a model record, and arrays of those. Anything else renders the block without the store
 * and reports cache_key_declined: a missed key costs a render, a colliding key would serve the wrong bytes.
 */
function lowerCacheBlock(call: NodeOf<"call">, scope: Scope): string[] {
  const env = scope.env;
  const conditional = call.method !== "cache";
  const [condition, key, options] = conditional ? [call.args[0], call.args[1], call.args[2]] : [null, call.args[0], call.args[1]];
  const reason = key ? declineReason(key, scope) : "no key";
  const inline = () => lowerBody(call.block!.body.filter((n) => !isBufferRead(n)), scope.child(), "void");
  env.app.cacheSites.push({ span: (key ?? call).span, kind: "cache", claimed: !reason, reason: reason ?? "key proven: literals, records, arrays of those" });
  if (reason) {
    env.diags.report("cache_key_declined", (key ?? call).span, reason);
    return inline();
  }
  const block = outputBlockFn(call.block!, scope, []).code;
  const opts = options ? lowerExpr(options, scope).code : "{}";
  const cached = `${scope.buffer}.safeAppend(view.cache(${lowerExpr(key!, scope).code}, ${opts}, ${block}));`;
  if (!conditional) return [cached];
  const cond = truthy(lowerExpr(condition!, scope), scope);
  return [`if (${call.method === "cache_if" ? cond : `!${cond}`}) {`, cached, "} else {", ...inline(), "}"];
}

/** Why a cache key is not provably a fragment's name, or null when it is. */
function declineReason(key: Node, scope: Scope): string | null {
  if (key.kind === "array") {
    for (const e of key.elements) {
      const r = declineReason(e, scope);
      if (r) return r;
    }
    return key.elements.length ? null : "an empty key";
  }
  if (key.kind === "int" || key.kind === "sym" || (key.kind === "str" && key.parts.every((p) => typeof p === "string"))) return null;
  if (key.kind === "ident" || key.kind === "ivar" || (key.kind === "call" && !key.receiver && !key.args.length)) {
    const t = lowerExpr(key, scope).type;
    if (t.k === "model") return null;
    return `${key.kind === "ivar" ? "@" : ""}${key.kind === "call" ? key.method : key.name} is not known to be a model record`;
  }
  return `a ${key.kind === "str" ? "string with interpolation" : key.kind} is not a provable fragment name`;
}

function containsOutput(nodes: Node[]): boolean {
  return nodes.some((n) => {
    if (n.kind === "call" && isBuffer(n.receiver)) return true;
    if (n.kind === "if") return containsOutput(n.then) || containsOutput(n.else);
    if (n.kind === "call" && n.block) return containsOutput(n.block.body);
    if (n.kind === "case") return n.whens.some((w) => containsOutput(w.body)) || containsOutput(n.else ?? []);
    return false;
  });
}

/**
 * A template block whose body writes output: an arrow writing to the enclosing buffer (the render's one buffer)
 * and returning its last statement's value. Whoever calls it decides what its output becomes: a capture
 * (tag.div do, form_with, content_for) takes it out of the buffer; a plain call (each, map, a helper's yield)
 * leaves it where it was written, as in Rails.
 */
function outputBlockFn(block: Block, scope: Scope, types: RType[]): TsExpr {
  const inner = scope.child();
  const { params, prologue } = lowerBlockParams(block, inner, types);
  const body = lowerBody(block.body.filter((n) => !isBufferRead(n)), inner, "return");
  return { code: `(${params}) => {\n${[...prologue, ...body].join("\n")}\n}`, type: UNKNOWN };
}

declare module "../scope.js" {
  interface LowerEnv {
    /** Views: a block that writes output becomes a capture function instead of a value function. */
    blockFn?: (block: Block, scope: Scope, types: RType[]) => TsExpr | null;
  }
}
