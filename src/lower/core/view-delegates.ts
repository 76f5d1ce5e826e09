// A plain class's delegates to the view it is built with (`Presenter.new(record, context: self)` from a helper: its
// reader's type is the join of every `new`, core/plain-ivars.ts): each delegated name is the method the view
// answers to that name, called directly, as `context.name(...)` dispatches in Ruby (the app's helpers are included
// in the view after ActionView's own, so theirs win):
//   delegate :link_to, :tag, to: :context         linkTo(...args) { return (this.context as View).linkTo(...args); }
//   delegate :badge, to: :context  (app helper)   badge(...args) { return helpers.badge(this.context as View, ...args); }
//   delegate :engine_path, to: :context           engine_path(): unknown { return unsupported("engine_path"); }  + unknown_helper
//   tag.div(...)   (tag delegated so)             tagElement("div", ...)   (the view's tag builder, as in a template)
// A name neither the app's helpers nor the runtime's View define is declined where it is delegated, as a template's
// call of it is (self-calls.ts); a route helper of the app keeps the dynamic path.
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf } from "../../parse/ir.js";
import { rubyToTs } from "../names.js";
import type { LowerEnv, Scope } from "../scope.js";
import { isViewHelper } from "../view/helpers.js";
import type { RType } from "../types.js";
import { delegatedNames, type PlainClassFacts } from "./plain-calls.js";

const isView = (t: RType | undefined) => t?.k === "runtime" && t.cls === "view";

/**
 * The names a class's delegates hand to a view-typed reader (`to:` an attr_reader whose ivar every `new` proves the
 * view), by the method name defined -> the name called on the view.
 */
export function viewDelegates(body: Node[], facts: PlainClassFacts, ivarTypes: Map<string, RType>): Map<string, string> {
  const out = new Map<string, string>();
  for (const stmt of body) {
    if (stmt.kind !== "call" || stmt.receiver !== null || stmt.method !== "delegate") continue;
    const options = optionsOf(stmt.args);
    const to = literalString(options.get("to"));
    if (!to || options.get("allow_nil") || !facts.readers.has(to) || facts.methods.has(to) || !isView(ivarTypes.get(to))) continue;
    const defined = delegatedNames(stmt);
    positionalArgs(stmt.args).forEach((a, i) => defined[i] !== undefined && out.set(defined[i]!, literalString(a)!));
  }
  return out;
}

/** The TS method a view delegate defines (null: not one; the caller keeps its dynamic forwarding). */
export function viewDelegateMethod(stmt: Node, name: string, original: string, to: string, env: LowerEnv): string | null {
  const view = `(this.${to} as ${env.typeName({ k: "runtime", cls: "view" })})`;
  const ts = rubyToTs(name);
  if (env.app.helperMethods.has(original)) {
    const fn = `${env.module.useHelpers()}.${rubyToTs(original)}`;
    return `${ts}(...args: Parameters<typeof ${fn}> extends [unknown, ...infer A] ? A : never): ReturnType<typeof ${fn}> {\nreturn ${fn}(${view}, ...args);\n}`;
  }
  if (isViewHelper(original, env.app.config)) {
    const member = `${env.typeName({ k: "runtime", cls: "view" })}[${JSON.stringify(rubyToTs(original))}]`;
    return `${ts}(...args: Parameters<${member}>): ReturnType<${member}> {\nreturn ${view}.${rubyToTs(original)}(...args);\n}`;
  }
  if (/_(path|url)$/.test(original) && env.app.routeNames.has(original.replace(/_(path|url)$/, ""))) return null;
  env.diags.report("unknown_helper", stmt.span, `${original} (delegated to the view, which the emitted app gives no such method)`);
  return `${ts}(..._args: unknown[]): never {\nreturn ${env.module.use("unsupported")}(${JSON.stringify(original)});\n}`;
}

/** `tag` with no arguments in a plain class that delegates `tag` to its view: the view's tag builder. */
export function isDelegatedTagBuilder(node: Node, scope: Scope): boolean {
  if (node.kind === "ident") return scope.env.viewDelegates?.get(node.name) === "tag" && !scope.lookup(node.name);
  return node.kind === "call" && node.receiver === null && !node.args.length && !node.block && scope.env.viewDelegates?.get(node.method) === "tag";
}

declare module "../scope.js" {
  interface LowerEnv {
    /** A plain class's delegates to its view (view-delegates.ts): defined name -> the view's name. */
    viewDelegates?: Map<string, string>;
  }
}
