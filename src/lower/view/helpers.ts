// View helpers: receiver-less calls in a template. Every helper is a method of the runtime's View, named by
// the one Ruby -> TS naming rule (link_to -> linkTo), so lowering needs no per-helper code except where Ruby
// syntax carries meaning: blocks that capture, `yield`, `render`'s shapes.
//
//   link_to "A", x, class: "c"       view.linkTo("A", x, { class: "c" })
//   form_with(model: a) do |form|    view.formWith({ model: a }, (form: FormBuilder) => { …capture… })
//   render a / render @list          view.render(a) / view.render(list)   (the runtime picks the partial)
//   render "form", post: @a       view.render("form", { post: … })
//   yield / yield :head              view.yieldContent() / view.yieldContentFor("head")
import type { NodeOf } from "../../parse/ir.js";
import { controllerMethodType } from "../controller/ivars.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { BOOL, SAFE, STRING, UNKNOWN, maybe, type RType } from "../types.js";
import { ENGINE_HELPERS, View } from "../../../runtime/app/view.js";
import type { AppConfigFacts } from "../../analyze/config.js";

/**
 * A helper exists when the runtime's View has the method the naming rule gives it: one list, in the runtime;
 * an engine's helper only when config/application.rb loads that engine (ENGINE_HELPERS).
 */
export function isViewHelper(rubyName: string, config: AppConfigFacts): boolean {
  // Only methods count (a getter such as `request` would run against the bare prototype).
  const name = rubyToTs(rubyName);
  const engine = Object.keys(ENGINE_HELPERS).find((e) => ENGINE_HELPERS[e]!.includes(name));
  if (engine && config.enginesKnown && !config.engines.includes(engine)) return false;
  for (let proto: object | null = View.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (d) return typeof d.value === "function";
  }
  return false;
}

/** Block parameter types of helpers that yield something typed. */
const BLOCK_TYPES: Record<string, RType[]> = {
  form_with: [{ k: "formBuilder" }],
  form_for: [{ k: "formBuilder" }],
};

/**
 * What helpers answer: turbo-rails' `turbo_stream` is the runtime's tag builder (runtime-objects.ts); truncate a
 * SafeBuffer, or nil for nil text (TextHelper#truncate).
 */
const RETURNS: Record<string, RType> = { "content_for?": BOOL, dom_id: STRING, pluralize: STRING, turbo_stream: { k: "runtime", cls: "turboStream" }, truncate: maybe(SAFE) };

/** A View getter (`request`, `assigns`): read as a property, not called. */
function isViewProperty(rubyName: string): boolean {
  for (let proto: object | null = View.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    const d = Object.getOwnPropertyDescriptor(proto, rubyName);
    if (d) return typeof d.get === "function";
  }
  return false;
}

const URL_POSITION: Record<string, number> = { link_to: 1, button_to: 1, url_for: 0, link_to_unless_current: 1 };
/** Helper arguments whose meaning depends on being a Symbol (Propshaft's `stylesheet_link_tag :all`). */
const SYMBOL_POSITION: Record<string, number> = { stylesheet_link_tag: 0 };

export function viewSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const env = scope.env;
  const m = call.method;
  if (m === "yield") return null;
  if (!call.args.length && !call.block && isViewProperty(m)) return lit(`view.${m}`, UNKNOWN);
  if (!isViewHelper(m, env.app.config)) {
    // `helper_method :platform` in a controller: the view calls the controller's method.
    const gemHelper = m === "allowed_to?" && env.app.gems.locked.has("action_policy");
    if (!gemHelper && ![...env.app.controllers.values()].some((c) => c.helperMethods.includes(m))) return null;
    const args = lowerArgs(call.args, call.block, scope);
    const code = `view.helperMethod(${[JSON.stringify(m), ...args].join(", ")})`;
    const type = controllerMethodType(env.app, m);
    return type.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${env.typeName(type)})`, type);
  }
  if (m === "render") noteCachedCollection(call, scope);
  const args = lowerArgs(call.args, call.block, scope, BLOCK_TYPES[m] ?? []);
  // `:back` in a URL position is the referrer (ActionView's url_for(:back)), not the string "back".
  const at = URL_POSITION[m];
  const urlArg = at === undefined ? undefined : call.args[at];
  if (at !== undefined && urlArg?.kind === "sym" && urlArg.name === "back") args[at] = env.module.use("BACK");
  const symAt = SYMBOL_POSITION[m];
  const symArg = symAt === undefined ? undefined : call.args[symAt];
  if (symAt !== undefined && symArg?.kind === "sym") args[symAt] = `${env.module.use("RubySymbol")}.for(${JSON.stringify(symArg.name)})`;
  return lit(`view.${rubyToTs(m)}(${args.join(", ")})`, RETURNS[m] ?? (m === "params" ? { k: "params" } : UNKNOWN));
}


/** `render partial:, collection:, cached: true` is a cache site too (keys are the records: always claimed). */
function noteCachedCollection(call: NodeOf<"call">, scope: Scope): void {
  const options = call.args[0]?.kind === "hash" ? call.args[0] : null;
  const cached = options?.pairs.find((p) => p.key.kind === "sym" && p.key.name === "cached");
  if (!cached) return;
  const partialPair = options!.pairs.find((p) => p.key.kind === "sym" && p.key.name === "partial");
  const hasPartial = partialPair !== undefined;
  const partial = partialPair?.value.kind === "str" && partialPair.value.parts.every((x) => typeof x === "string") ? partialPair.value.parts.join("") : undefined;
  scope.env.app.cacheSites.push({
    span: cached.key.span, kind: "collection", claimed: hasPartial, partial,
    reason: hasPartial ? "cached collection: one key per record, read at once" : "render with cached: but no partial: is not cached in Rails 7.2",
  });
}
