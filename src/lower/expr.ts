// Ruby expressions -> TS expressions, typed where the AppModel lets us know the type.
//
//   nil / true / 1 / "s"         null / true / 1 / "s"
//   :sym                          "sym"            (symbols are strings at run time)
//   "a#{b}"                       `a${toS(b)}`     (Ruby's to_s: nil -> "")
//   { a: 1 }                      ({ a: 1 })       (parenthesized: never read as a block)
//   { a: 1, "a" => 2 }            new Map([[RubySymbol.for("a"), 1], ["a", 2]])   (one key spelled both ways)
//   a || b / a && b               or(a, () => b) / and(a, () => b)   (Ruby truthiness: only nil/false are false)
//   x ? y : z                     truthy(x) ? y : z
//   @x                            env.ivar("x")
//   Const                         the model class (imported) or a diagnostic
//   recv.meth(args) { block }     calls.ts decides by the receiver's type
import { declineFrozenShovel, declineSharedIvarShovel, declineSharedShovel, declineUnheldShovel } from "./core/shovel-alias.js";
import { atConstruct, faultPoint, isCrashNode } from "../parse/crash.js";
import type { Node, NodeOf } from "../parse/ir.js";
import { lowerArgs, lowerCall } from "./calls.js";
import { rubyRegexToJs } from "../../runtime/ruby/regexp-translate.js";
import { lowerBody, lowerCase } from "./stmts.js";
import { lowerOpAssignValue, lowerShovelOnOpAssign } from "./op-assign-value.js";
import { lowerBreakableCall } from "./jumps.js";
import { isKernelLoop } from "./loops.js";
import { lowerLambda, lowerProcCall } from "./procs.js";
import { lowerCaseIn, lowerMatchExpr } from "./pattern.js";
import { lowerCoreConst } from "./core/index.js";
import { lowerCoreBinary, lowerCoreIndex, lowerCoreRange } from "./core/operators.js";
import { constPath } from "../analyze/constants.js";
import { Scope, type LowerEnv } from "./scope.js";
import { makeEnv } from "./env.js";
import { Diagnostics } from "../diagnostics/index.js";
import type { ModelInfo } from "../analyze/models.js";
import type { AppModel } from "../analyze/app-model.js";
import { BOOL, NIL, NUMBER, STRING, UNKNOWN, joinEither, sameType, type RType } from "./types.js";
import { tsIdent } from "./names.js";

export interface TsExpr {
  code: string;
  type: RType;
}

export const lit = (code: string, type: RType = UNKNOWN): TsExpr => ({ code, type });

/**
 * A value stored into an ivar of a known type: a value the lowering could not type is asserted to be what the
 * analysis proved every assignment there holds. `orNil`: the value is a record read that may be nil (the
 * `find_by` of `if @x = find_by(...)`: `T | null` in TS), read as the record type, as record types stand for nil too.
 */
export function storable(value: TsExpr, target: RType, scope: Scope, orNil = false): string {
  const name = target.k === "unknown" ? "" : scope.env.typeName(target);
  // A value lowered as an assertion to that very type (`(this.findRoom() as Room)`) is already the record type.
  const asserted = name !== "" && /^\(.* as [\w.]+\)$/s.test(value.code) && value.code.endsWith(` as ${name})`);
  const cast = value.type.k === "unknown" ? target.k !== "unknown" : orNil && target.k === "model" && value.type.k === "model" && !asserted;
  return cast ? `(${value.code} as ${name})` : value.code;
}

/** One expression; a crash inside it is tagged with it (the innermost expression names where the lowering failed). */
export function lowerExpr(node: Node, scope: Scope): TsExpr {
  return atConstruct(node.span, node, () => (faultPoint("lower", node.kind, node.span), lowerExprOf(node, scope)));
}

function lowerExprOf(node: Node, scope: Scope): TsExpr {
  const env = scope.env;
  // A construct an earlier phase crashed on (reported there): it raises where it is reached.
  if (isCrashNode(node) && node.kind === "unknown") return lit(`${env.module.use("unsupported")}(${JSON.stringify(node.text)})`, UNKNOWN);
  switch (node.kind) {
    case "nil":
      return lit("null", NIL);
    case "true":
    case "false":
      return lit(node.kind, BOOL);
    case "self":
      return lit(env.selfExpr, env.selfType ?? (env.modelName ? { k: "model", model: env.modelName } : UNKNOWN));
    case "int":
      // Past 2**53 an Integer is a bigint at run time (runtime/ruby/ruby.ts's number convention).
      return node.exact === undefined ? lit(String(node.value), NUMBER) : lit(`${node.exact}n`, UNKNOWN);
    case "float":
      return lowerFloat(node.value, scope);
    case "sym":
      return lit(JSON.stringify(node.name), STRING);
    case "str":
    case "dsym":
      return lowerString(node.parts, scope);
    case "array":
      return lowerArray(node, scope);
    case "hash":
      return lowerHash(node, scope);
    case "ident": {
      const local = scope.lookup(node.name);
      if (local) return lit(local.nullable ? `${local.ts}!` : local.ts, local.type);
      return lowerCall({ kind: "call", receiver: null, method: node.name, args: [], block: null, safeNav: false, parens: false, span: node.span }, scope);
    }
    case "ivar": {
      const type = env.ivarTypes.get(node.name) ?? UNKNOWN;
      return lit(env.ivarCast && type.k !== "unknown" ? `(${env.ivar(node.name)} as ${env.typeName(type)})` : env.ivar(node.name), type);
    }
    case "const":
      return lowerConst(node, scope);
    case "call": {
      // tree-sitter-ruby parses `super(a)` and `super a` as calls of a method named super.
      if (node.receiver === null && node.method === "super" && !node.block) return lowerExpr({ kind: "super", args: node.args, span: node.span }, scope);
      if (isKernelLoop(node)) return valueInFunction(node, scope);
      return lowerProcCall(node, scope) ?? lowerBreakableCall(node.block, scope, () => lowerCall(node, scope));
    }
    case "binary":
      return lowerBinary(node, scope);
    case "not":
      return lit(`!${truthy(lowerExpr(node.expr, scope), scope)}`, BOOL);
    case "unary": {
      // `-x` is x.-@ (a literal's minus is folded by the parser); `+x` is x itself for the Numerics it meets.
      if (node.op === "-") return lit(`${env.module.use("coreNegate")}(${lowerExpr(node.expr, scope).code})`, UNKNOWN);
      if (node.op === "+") return lowerExpr(node.expr, scope);
      break;
    }
    case "if": {
      if (node.then.length === 1 && node.else.length <= 1) {
        const a = lowerExpr(node.then[0]!, scope);
        const b = node.else.length ? lowerExpr(node.else[0]!, scope) : lit("null", NIL);
        return lit(`(${truthy(lowerExpr(node.cond, scope), scope)} ? ${a.code} : ${b.code})`, sameType(a.type, b.type) ? a.type : UNKNOWN);
      }
      break;
    }
    case "case":
      // A case used as a value (`case when a? then "x" else "y" end.inquiry`): its branches return from a closure.
    {
      const code = `(() => {\n${lowerCase(node, scope.fn({ kind: "closure" }), "return").join("\n")}${node.else ? "" : "\nreturn null;"}\n})()`;
      // Every branch (an else too) ending in a String or Symbol literal: a String.
      const literal = (body: Node[] | null) => !!body?.length && ["str", "sym", "dsym"].includes(body[body.length - 1]!.kind);
      return node.whens.every((w) => literal(w.body)) && literal(node.else) ? lit(`(${code} as string)`, STRING) : lit(code, UNKNOWN);
    }
    case "caseIn":
      return lit(`(() => {\n${lowerCaseIn(node, scope.fn({ kind: "closure" }), "return").join("\n")}\n})()`, UNKNOWN);
    case "gvar":
      // `$!` in a rescue clause (or a rescue modifier's value): the error it handles.
      if (node.name === "!" && scope.rescued) return lit(scope.rescued, UNKNOWN);
      break;
    case "while":
    case "for":
    case "begin":
      // A loop or a begin used as a value (`r = while ...`, `x = begin ... rescue ... end`, `v = a rescue b`).
      return valueInFunction(node, scope);
    case "matchPattern":
      return lowerMatchExpr(node, scope);
    case "seq": {
      // `(a; b)` as a value: each statement in order, the last one's value (a JS comma expression).
      if (node.body.length === 0) return lit("null", NIL);
      const items = node.body.map((n) => lowerExpr(n, scope));
      return items.length === 1 ? items[0]! : lit(`(${items.map((i) => i.code).join(", ")})`, items[items.length - 1]!.type);
    }
    case "index": {
      const recv = lowerExpr(node.receiver, scope);
      const args = node.args.map((a) => lowerExpr(a, scope));
      if (recv.type.k === "params" && args.length === 1) return lit(`${recv.code}.get(${args[0]!.code})`, UNKNOWN);
      return lowerCoreIndex(recv, args, scope);
    }
    case "super": {
      // `super` / `super(a)` in a method of a class the emitted code also makes a subclass (controllers, Active
      // Record models, channels): the parent's method of the same name, with the same arguments when bare.
      const method = scope.method;
      const record = env.self === "model" && env.modelName !== undefined && env.app.models.has(env.modelName);
      // A plain class's initialize is a method of RubyObject (its `new` calls it), so `super` reaches the parent's.
      const plain = (env.self === "model" || env.self === "modelClass") && env.app.plainClasses.some((d) => d.path === env.modelName);
      const classes = env.self === "controller" || record || plain || env.self === "script";
      if (method && classes && (plain || method.name !== "initialize") && env.selfExpr === "this") {
        const args = node.args === null ? method.forward : node.args.map((a) => lowerExpr(a, scope).code).join(", ");
        // A getter's parent (an exception's `message`) is read, not called.
        return lit(method.accessor ? `super.${method.name}` : `super.${method.name}(${args})`, UNKNOWN);
      }
      break;
    }
    case "yield": {
      const lowered = node.args.map((a) => lowerExpr(a, scope));
      scope.yieldTypes?.push(lowered.map((e, i) => (node.args[i]!.kind === "splat" ? UNKNOWN : e.type)));
      const args = lowered.map((e) => e.code);
      // In a method that takes a block, yield calls it; in a layout, yield is the rendered template.
      if (scope.blockParam) return lit(`${scope.blockParam}!(${args.join(", ")})`, UNKNOWN);
      // `yield :head` is the stored content as it is (_layout_for), unlike content_for(:head), which is its presence.
      if (env.self === "view") return lit(args.length ? `view.yieldContentFor(${args.join(", ")})` : "view.yieldContent()", { k: "safe" });
      break;
    }
    case "regex": {
      const js = rubyRegexToJs(node.source, node.flags);
      if (js && js.source === node.source && !/[mx]/.test(node.flags)) return lit(`new RegExp(${JSON.stringify(js.source)}, ${JSON.stringify(js.flags)})`, { k: "regexp" });
      // Spelled otherwise in JS (or /m, /x, which have no JS flag): the RegExp keeps the Ruby source and options for
      // Regexp#source, inspect and tag attributes.
      if (js) return lit(`${env.module.use("rubyRegexp")}(${[js.source, js.flags, node.source, node.flags].map((x) => JSON.stringify(x)).join(", ")})`, { k: "regexp" });
      env.diags.report("unsupported_construct", node.span, `regexp /${node.source}/${node.flags} has no exact JS equivalent`);
      return lit(`${env.module.use("unsupported")}(${JSON.stringify(`regexp /${node.source}/`)})`, UNKNOWN);
    }
    case "dregex": {
      // /o interpolates once, the first time the literal is reached: a per-site cache the lowering does not keep.
      if (node.flags.includes("o")) {
        const d = env.diags.report("unsupported_construct", node.span, "an interpolated regexp with /o (interpolated once) is not lowered");
        return lit(`${env.module.use("unsupported")}(${JSON.stringify(`${d.code}: ${d.message}`)})`, UNKNOWN);
      }
      const source = lowerString(node.parts, scope).code;
      return lit(`${env.module.use("interpolatedRegexp")}(${source}, ${JSON.stringify(node.flags)})`, { k: "regexp" });
    }
    case "assign": {
      // An assignment used as a value (`if user = find_user`): the local is declared before the statement.
      const value = lowerExpr(node.value, scope);
      if (node.target.kind === "ivar") {
        const type = env.ivarTypes.get(node.target.name) ?? UNKNOWN;
        return lit(`(${env.ivar(node.target.name)} = ${storable(value, type, scope, true)})`, type.k === "unknown" ? value.type : type);
      }
      // `a[k] = v` used as a value (`assert response.cookies[:x] = v`): Ruby's []=, answering v.
      if (node.target.kind === "index" && node.target.args.length === 1) {
        const [recv, key] = [lowerExpr(node.target.receiver, scope), lowerExpr(node.target.args[0]!, scope)];
        return lit(`${env.module.use("indexSet")}(${recv.code}, ${key.code}, ${value.code})`, value.type);
      }
      if (node.target.kind !== "ident") break;
      let local = scope.lookup(node.target.name);
      if (!local) {
        local = scope.declare(node.target.name, value.type);
        // Read as the type (`x!`): a record or relation type stands for nil too, as everywhere in lowered code.
        local.nullable = value.type.k !== "unknown";
        scope.hoisted.push(`let ${local.ts}: ${env.typeName(value.type)} | null = null;`);
      }
      return lit(`(${local.ts} = ${value.code})`, value.type);
    }
    case "lambda":
      return lowerLambda(node.params, node.body, scope);
    case "range": {
      const range = lowerCoreRange(node, scope);
      if (range) return range;
      break;
    }
    // `defined?(@x)` (the memoization of a value that may be nil): whether self's ivar store holds it.
    case "defined": {
      if (node.expr.kind !== "ivar" || !env.ivarStore) break;
      const name = node.expr.name.startsWith("@") ? node.expr.name : `@${node.expr.name}`;
      const prefixed = env.ivarStore.prefixed ? ", true" : "";
      return lit(`(${env.module.use("ivarDefined")}(${env.ivarStore.object}, ${JSON.stringify(name)}${prefixed}) ? "instance-variable" : null)`, UNKNOWN);
    }
    case "opAssign": {
      const value = lowerOpAssignValue(node, scope);
      if (value) return value;
      break;
    }
    // `*rest` / `&block` reach here only as an argument of a call lowered element by element (a relation method,
    // a self call): the argument-list form, a spread, is what that list takes.
    case "splat":
    case "blockPass":
      return lit(lowerArgs([node], null, scope)[0]!, UNKNOWN);
    default:
      break;
  }
  env.diags.report("unsupported_construct", node.span, `${node.kind === "unknown" ? node.type : node.kind} expression`);
  return lit(`${env.module.use("unsupported")}(${JSON.stringify(describe(node))})`, UNKNOWN);
}

/**
 * A Float literal. Integral values (1.0, 100.0) are boxed (RubyFloat) so they print and divide as Floats; every
 * float is left untyped so arithmetic on it goes through the runtime's operators, whose results stay Floats
 * (1.5 + 1.5 -> 3.0), where plain JS operators would produce a value that reads as an Integer.
 */
function lowerFloat(value: number, scope: Scope): TsExpr {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return lit(`new ${scope.env.module.use("RubyFloat")}(${value})`, UNKNOWN);
  if (Object.is(value, -0)) return lit("-0", UNKNOWN);
  return lit(Number.isFinite(value) ? String(value) : value > 0 ? "Infinity" : "-Infinity", UNKNOWN);
}

/**
 * A statement used as a value: the statements in an IIFE whose last one returns (a `return` in it leaves the
 * method through jumps.ts; a `next`/`break` of an enclosing loop cannot cross it and is declined).
 */
function valueInFunction(node: Node, scope: Scope): TsExpr {
  const inner = scope.fn({ kind: "closure" });
  return lit(`(() => {\n${lowerBody([node], inner, "return").join("\n")}\n})()`, UNKNOWN);
}

function describe(node: Node): string {
  return `${node.span.file.split("/").slice(-2).join("/")}:${node.span.line}:${node.span.column} ${node.kind}`;
}

export function lowerString(parts: Array<string | Node>, scope: Scope): TsExpr {
  if (parts.every((p) => typeof p === "string")) return lit(JSON.stringify(parts.join("")), STRING);
  const pieces = parts.map((p) => {
    if (typeof p === "string") return p.replace(/[`\\]/g, "\\$&").replace(/\$\{/g, "\\${");
    const e = lowerExpr(p, scope);
    return "${" + (e.type.k === "string" ? e.code : `${scope.env.module.use("toS")}(${e.code})`) + "}";
  });
  return lit("`" + pieces.join("") + "`", STRING);
}

function lowerArray(node: NodeOf<"array">, scope: Scope): TsExpr {
  const items = node.elements.map((e) => (e.kind === "splat" ? lit(`...${scope.env.module.use("toA")}(${lowerExpr(e.value, scope).code})`) : lowerExpr(e, scope)));
  const first = items[0]?.type ?? UNKNOWN;
  const same = items.every((i) => i.type.k === first.k && i.type.k !== "unknown");
  return lit(`[${items.map((i) => i.code).join(", ")}]`, { k: "array", of: same ? first : UNKNOWN });
}

/** The types of a plain-object Hash literal's Symbol-keyed values, as lowered (call-sites.ts reads keyword arguments'). */
export const hashValueTypes: WeakMap<Node, Map<string, RType>> = new WeakMap();

export function lowerHash(node: NodeOf<"hash">, scope: Scope): TsExpr {
  if (spellsAKeyBothWays(node) || node.pairs.some((p) => VALUE_KEYS.has(p.key.kind))) return lowerKeyedHash(node, scope);
  // Keys other than literals are lowered once; a key not known to be a String leaves the choice to the run time.
  const keys = node.pairs.map(({ key }) => (key.kind === "dsplat" || key.kind === "sym" || key.kind === "dsym" || key.kind === "str" ? null : lowerExpr(key, scope)));
  if (keys.some((k) => k !== null && k.type.k !== "string")) return lowerRuntimeKeyedHash(node, keys, scope);
  const valueTypes = new Map<string, RType>();
  const entries = node.pairs.map(({ key, value }, i) => {
    if (key.kind === "dsplat") return `...(${lowerExpr(key.value, scope).code} as object)`;
    const lowered = lowerExpr(value, scope);
    const v = lowered.code;
    if (key.kind === "sym") valueTypes.set(key.name, lowered.type);
    if (key.kind === "sym" || (key.kind === "str" && key.parts.every((p) => typeof p === "string"))) {
      const name = key.kind === "sym" ? key.name : (key.parts as string[]).join("");
      return `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${v}`;
    }
    return `[${scope.env.module.use("toS")}(${(keys[i] ?? lowerExpr(key, scope)).code})]: ${v}`;
  });
  hashValueTypes.set(node, valueTypes);
  // Parenthesized: an object literal read where JS expects a statement or an arrow's body (`() => {}`,
  // `or(a, () => ({}))`) would otherwise parse as a block. Valid in every expression position.
  return lit(`({ ${entries.join(", ")} })`, { k: "hash" });
}

/** Keys that are no String or Symbol by their syntax: a plain object would turn them into property names. */
const VALUE_KEYS = new Set<Node["kind"]>(["int", "float", "nil", "true", "false", "array", "range", "hash", "const", "regex"]);

/** `{ record.id => record }`: keys whose kind only the run time knows; a plain object when they are all Strings. */
function lowerRuntimeKeyedHash(node: NodeOf<"hash">, keys: Array<TsExpr | null>, scope: Scope): TsExpr {
  const pairs = node.pairs.map(({ key, value }, i) =>
    key.kind === "dsplat"
      ? `...${scope.env.module.use("hashEntries")}(${lowerExpr(key.value, scope).code} as Record<string, unknown>)`
      : `[${(keys[i] ?? lowerExpr(key, scope)).code}, ${lowerExpr(value, scope).code}] as const`,
  );
  return lit(`${scope.env.module.use("hashLiteral")}(${pairs.join(", ")})`, UNKNOWN);
}

/** A literal key's spelling, when the source fixes it: `a:` / `:"a"` (Symbol) or `"a" =>` (String). */
function staticKey(key: Node): { name: string; symbol: boolean } | null {
  if (key.kind === "sym") return { name: key.name, symbol: true };
  const literal = (parts: Array<string | Node>) => parts.every((p) => typeof p === "string");
  if (key.kind === "dsym" && literal(key.parts)) return { name: (key.parts as string[]).join(""), symbol: true };
  if (key.kind === "str" && literal(key.parts)) return { name: (key.parts as string[]).join(""), symbol: false };
  return null;
}

/** True when the literal has one key both as a Symbol and as a String: two keys in Ruby, one in a JS object. */
function spellsAKeyBothWays(node: NodeOf<"hash">): boolean {
  const keys = node.pairs.map((p) => staticKey(p.key)).filter((k) => k !== null);
  return keys.some((k) => k.symbol && keys.some((o) => !o.symbol && o.name === k.name));
}

/**
 * The Hash as a Map whose keys stay Ruby values (ruby/ruby.ts): Symbol keys as RubySymbol, String keys as
 * strings, so `{ class: "a", "class" => "b" }` keeps both pairs in order, as Rails' tag options write them.
 * Untyped, so calls on it go through the runtime's dispatch (KeyedHashMethods) rather than the plain-object table.
 */
function lowerKeyedHash(node: NodeOf<"hash">, scope: Scope): TsExpr {
  const use = (name: string) => scope.env.module.use(name);
  const pairs = node.pairs.map(({ key, value }) => {
    if (key.kind === "dsplat") return `...${use("hashEntries")}(${lowerExpr(key.value, scope).code} as Record<string, unknown>)`;
    const fixed = staticKey(key);
    const k = fixed?.symbol ? `${use("RubySymbol")}.for(${JSON.stringify(fixed.name)})` : lowerExpr(key, scope).code;
    return `[${k}, ${lowerExpr(value, scope).code}]`;
  });
  return lit(`new Map<unknown, unknown>([${pairs.join(", ")}])`, UNKNOWN);
}

function lowerConst(node: NodeOf<"const">, scope: Scope): TsExpr {
  const env = scope.env;
  const own = env.ownConstant?.(node, scope);
  if (own) return own;
  const written = constPath(node);
  if (written) {
    const app = appConstant(written, env.nesting ?? [], scope);
    if (app) return app;
  }
  // ActiveRecord::Base itself (`ActiveRecord::Base.no_touching { }`, `.transaction { }`) is the runtime's Base.
  if (written === "ActiveRecord::Base") return lit(env.module.use("Base"), { k: "runtime", cls: "baseClass" });
  const core = lowerCoreConst(node, scope);
  if (core) return core;
  env.diags.report("unresolved_constant", node.span, node.name);
  return lit(`${env.module.use("unsupported")}(${JSON.stringify(node.name)})`, UNKNOWN);
}

/** The variable a `<<` chain appends to (`buf << a << b`: buf), when it is a local or an instance variable. */
function shovelTarget(node: Node, scope: Scope): Node | null {
  if (node.kind === "ident") return scope.lookup(node.name) ? node : null;
  if (node.kind === "ivar") return node;
  if (node.kind === "binary" && node.op === "<<") return shovelTarget(node.left, scope);
  return null;
}

function lowerBinary(node: NodeOf<"binary">, scope: Scope): TsExpr {
  const env = scope.env;
  const onOpAssign = node.op === "<<" ? lowerShovelOnOpAssign(node, scope) : null;
  if (onOpAssign) return onOpAssign;
  const target = node.op === "<<" ? shovelTarget(node.left, scope) : null;
  const written = lowerExpr(node.left, scope);
  const left = (node.op === "<<" && !target && (declineFrozenShovel(node, written, scope) || declineUnheldShovel(node, written, scope))) || written;
  const right = lowerExpr(node.right, scope);
  if (target && left.type.k !== "array") {
    // `buf << x` on a String variable: JS strings cannot grow in place, so the longer String is stored back (where
    // another reference may share the String, declined: core/shovel-alias.ts).
    const variable = lowerExpr(target, scope).code;
    const recv = (target.kind === "ident" ? declineSharedShovel(node, target.name, left, scope) : declineSharedIvarShovel(node, (target as NodeOf<"ivar">).name, left, scope)) || left;
    return lit(`(${variable} = ${env.module.use("coreShovel")}(${recv.code}, ${right.code}) as typeof ${variable})`, left.type.k === "safe" ? left.type : UNKNOWN);
  }
  switch (node.op) {
    case "===":
      return lit(`${env.module.use("caseEq")}(${left.code}, ${right.code})`, BOOL);
    case "||":
    case "or":
      if (left.type.k === "bool" && right.type.k === "bool") return lit(`(${left.code} || ${right.code})`, BOOL);
      if (left.type.k !== right.type.k && joinEither(left.type, right.type).k === "enumerable") {
        // A Relation or an Array of one model's records (`users.presence || [user]`): declared as either.
        const either = joinEither(left.type, right.type);
        return lit(`(${env.module.use("or")}(${left.code}, () => ${right.code}) as ${env.typeName(either)})`, either);
      }
      return lit(`${env.module.use("or")}(${left.code}, () => ${right.code})`, sameType(left.type, right.type) ? left.type : UNKNOWN);
    case "&&":
    case "and":
      if (left.type.k === "bool" && right.type.k === "bool") return lit(`(${left.code} && ${right.code})`, BOOL);
      return lit(`${env.module.use("and")}(${left.code}, () => ${right.code})`, UNKNOWN);
    case "==":
      return lit(`${env.module.use("eq")}(${left.code}, ${right.code})`, BOOL);
    case "!=":
      return lit(`!${env.module.use("eq")}(${left.code}, ${right.code})`, BOOL);
    case "+":
      if (left.type.k === "number" && right.type.k === "number") return lit(`(${left.code} + ${right.code})`, NUMBER);
      if (left.type.k === "string" && right.type.k === "string") return lit(`(${left.code} + ${right.code})`, STRING);
      break;
    case "-":
    case "*":
    case "<":
    case ">":
    case "<=":
    case ">=":
      if (left.type.k === "number" && right.type.k === "number") {
        return lit(`(${left.code} ${node.op} ${right.code})`, ["-", "*"].includes(node.op) ? NUMBER : BOOL);
      }
      break;
  }
  return lowerCoreBinary(node.op, left, right, scope) ?? lit(`${env.module.use("binop")}(${JSON.stringify(node.op)}, ${left.code}, ${right.code})`, UNKNOWN);
}

/** A TS boolean expression that is Ruby's truthiness of `e`. */
export function truthy(e: TsExpr, scope: Scope): string {
  if (e.type.k === "bool") return e.code;
  return `${scope.env.module.use("truthy")}(${e.code})`;
}

/**
 * The app's own constants, looked up as Ruby does (innermost lexical scope first, then top level): models
 * (`Rooms::Open` -> the class) and the constants they define (`PAGE_SIZE` inside Message -> `Message.PAGE_SIZE`).
 */
function appConstant(written: string, nesting: string[], scope: Scope): TsExpr | null {
  const env = scope.env;
  for (const candidate of [...nesting.map((n) => `${n}::${written}`), written]) {
    if (env.app.currents.has(candidate)) return lit(env.module.directClass(candidate), { k: "current", className: candidate });
    if (env.app.channels.some((c) => c.className === candidate)) return lit(env.module.channel(candidate), { k: "runtime", cls: "channelClass", name: candidate });
    if (env.app.models.has(candidate)) return lit(env.module.model(candidate), { k: "model", model: `typeof ${candidate}` });
    // A top-level constant an initializer assigns (`ALLOWED_KINDS = %w[ a b ]`).
    if (!candidate.includes("::") && env.app.moduleConstants.has(candidate)) return lit(`${env.module.useConstants()}.${moduleConstantName(candidate)}()`, moduleConstantType(env.app, candidate));
    const cut = candidate.lastIndexOf("::");
    if (cut < 0) continue;
    const owner = env.app.models.get(candidate.slice(0, cut));
    const name = candidate.slice(cut + 2);
    const constant = owner?.constants.find((c) => c.name === name);
    if (owner && constant) return lit(`${env.module.model(owner.className)}.${name}`, modelConstantType(owner, constant.value, env));
    // A concern's constant (Membership::Connectable::CONNECTION_TTL): its value is the same on every model that
    // includes the concern, each holding a copy; the first such model's.
    const concern = candidate.slice(0, cut);
    const includer = [...env.app.models.values()].find((m) => m.concerns.includes(concern) && m.constants.some((c) => c.name === name));
    const own = includer?.constants.find((c) => c.name === name);
    if (includer && own) return lit(`${env.module.model(includer.className)}.${name}`, modelConstantType(includer, own.value, env));
    if (env.app.moduleConstants.has(candidate)) return lit(`${env.module.useConstants()}.${moduleConstantName(candidate)}()`, moduleConstantType(env.app, candidate));
    // A controller's own constant (or an ancestor's), from inside that controller: its static property.
    const controller = env.self === "controller" && nesting.includes(candidate.slice(0, cut)) ? env.app.controllers.get(candidate.slice(0, cut)) : undefined;
    if (controller?.constants.some((c) => c.name === name)) return lit(`${tsIdent(controller.className)}.${name}`, UNKNOWN);
  }
  return null;
}

const constantTypes = new WeakMap<Node, RType>();
/** Types a model constant's `static readonly` declaration infers in TS as the lowering types its value. */
const CONSTANT_TYPES = new Set<RType["k"]>(["string", "number", "bool", "duration", "regexp"]);

/**
 * A model's constant (`ACTIVITY_REFRESH_RATE = 1.hour`): its value's type, from a scratch lowering of the value
 * as the class body lowers it (its dynamic sites and diagnostics are that lowering's to record).
 */
function modelConstantType(owner: ModelInfo, value: Node, env: LowerEnv): RType {
  let t = constantTypes.get(value);
  if (!t) {
    const scratch = makeEnv({ ...env.app, dynamicSites: new Map() }, new Diagnostics(), "modelClass", { modelName: owner.className, nesting: [owner.className, ...owner.concerns] });
    const type = lowerExpr(value, new Scope(scratch)).type;
    t = CONSTANT_TYPES.has(type.k) ? type : UNKNOWN;
    constantTypes.set(value, t);
  }
  return t;
}

const moduleConstantTypes = new WeakMap<Node, RType>();

/**
 * A helper module's or concern's constant (`SHARED_INVOLVEMENT_ORDER = %w[ mentions everything ]`): the type of its
 * value as constants.ts lowers it, where that is a String, Number, boolean, Duration, Regexp, Array or Hash (an
 * Array's elements untyped: code may push anything onto it). A setting of Rails.application.config stays untyped
 * (it is writable at run time).
 */
export function moduleConstantType(app: AppModel, path: string): RType {
  const c = app.moduleConstants.get(path);
  if (!c || path.startsWith("Rails.")) return UNKNOWN;
  let t = moduleConstantTypes.get(c.value);
  if (!t) {
    const scratch = makeEnv({ ...app, dynamicSites: new Map() }, new Diagnostics(), "script", { selfExpr: "undefined", nesting: constantNesting(path) });
    const type = lowerExpr(c.value, new Scope(scratch)).type;
    // An instance of one of the app's plain classes (`FILTERS = Filters.new(...)`): a constant holds that object.
    const plainInstance = type.k === "model" && app.plainClasses.some((d) => d.path === type.model);
    t = type.k === "array" ? { k: "array", of: UNKNOWN } : CONSTANT_TYPES.has(type.k) || type.k === "hash" || plainInstance ? type : UNKNOWN;
    moduleConstantTypes.set(c.value, t);
  }
  return t;
}

/** The lexical scopes a module constant's value is written in (`A::B::C` -> ["A::B", "A"]). */
export function constantNesting(path: string): string[] {
  return path.split("::").slice(0, -1).map((_, i, parts) => parts.slice(0, parts.length - i).join("::"));
}

/** `IconsHelper::SIZES` -> `IconsHelper_SIZES`, its export in constants.ts. */
export function moduleConstantName(path: string): string {
  return path.replace(/::|\./g, "_");
}
