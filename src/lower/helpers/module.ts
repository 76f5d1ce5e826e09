// app/helpers/**/*_helper.rb -> helpers.ts: every helper method as a function of the view, as Rails' `helper :all`
// mixes every helper module into every view (a later module's method of the same name wins).
//   module PostsHelper                               export function linkToPost(view: View, ...args: unknown[]) {
//     def link_to_post(post, **attributes, &)          const a = bindArgs(args, { req: ["post"], keyrest: "attributes", block: "block" });
//       link_to post_path(post), **attributes, &       ... view.linkTo(routes.postPath(view, post), { ...attributes }, block)
//   <%= link_to_post @post do %> in a view           helpers.linkToPost(view, post, () => { out.safeAppend(…); … })
//   concat tag.dt(x)   (in any block)                 view.outputBuffer.append(view.tag().dt(x))
import type { AppModel } from "../../analyze/app-model.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import type { EmittedModule } from "../emitted-module.js";
import type { NodeOf } from "../../parse/ir.js";
import { collectConstants } from "../../analyze/constants.js";
import { lowerArg } from "../calls.js";
import { lowerBlockFn } from "../procs.js";
import { helperParamTypes, noteHelperCall } from "./param-types.js";
import { typeParams } from "../call-site-params.js";
import { Diagnostics as DiagnosticsCatalogue } from "../../diagnostics/index.js";
import { makeEnv } from "../env.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import { Scope, type LowerEnv } from "../scope.js";
import { viewSelfCall } from "../view/helpers.js";
import { bufferCall } from "../view/template.js";
import { UNKNOWN, type RType } from "../types.js";
import { lowerParams } from "../params.js";
import { lowerMethodBody } from "../jumps.js";

/** A receiver-less call to one of the app's helpers, from a view or from another helper. */
export function appHelperCall(call: NodeOf<"call">, scope: Scope, inHelpersModule: boolean): TsExpr | null {
  if (!scope.env.app.helperMethods.has(call.method)) return null;
  const lowered = call.args.map((a) => lowerArg(a, scope));
  noteHelperCall(scope.env.app, call, lowered.map((e) => e.type));
  const blockTypes = forwardedBlockTypes(scope.env.app, scope.env.app.helperMethods.get(call.method)!);
  const args = [...lowered.map((e) => e.code), ...(call.block ? [lowerBlockFn(call.block, scope, blockTypes).code] : [])];
  const fn = inHelpersModule ? rubyToTs(call.method) : `${scope.env.module.useHelpers()}.${rubyToTs(call.method)}`;
  return lit(`${fn}(${["view", ...args].join(", ")})`, UNKNOWN);
}

/** FormHelper's builders, which yield a FormBuilder. */
const FORM_BUILDERS = new Set(["form_with", "form_for"]);

/**
 * The block parameters' types of a helper that ends by handing its own block on to form_with or form_for:
 *   def composer_form(room, &) = form_with(model: room, &)      <%= composer_form(@room) do |form| %>   form: FormBuilder
 */
function forwardedBlockTypes(app: AppModel, def: NodeOf<"def">): RType[] {
  const last = def.body.at(-1);
  if (last?.kind !== "call" || last.receiver !== null || last.block || !FORM_BUILDERS.has(last.method) || app.helperMethods.has(last.method)) return [];
  // `builder:` yields the app's own FormBuilder subclass.
  if (last.args.some((a) => a.kind === "hash" && a.pairs.some((p) => p.key.kind === "sym" && p.key.name === "builder"))) return [];
  const pass = last.args.at(-1);
  const own = def.params.find((p) => p.kind === "block")?.name;
  if (pass?.kind !== "blockPass" || (!own && pass.value !== null)) return [];
  return pass.value === null || (pass.value.kind === "ident" && pass.value.name === own) ? [{ k: "formBuilder" }] : [];
}

/**
 * Lowered after every template, so each call of a helper from a view is seen; its own calls of one another are
 * seen by lowering the module again (with a scratch catalogue of diagnostics) until the parameter types it proves
 * stop changing.
 */
/** `ivarTypes`: what the helpers' ivars are in every view (ivar-types.ts). */
export function lowerHelpersModule(app: AppModel, diags: Diagnostics, ivarTypes: Map<string, RType> = new Map()): EmittedModule | null {
  if (!app.helperMethods.size) return null;
  let types = helperParamTypes(app);
  for (let pass = 0; pass < 4; pass++) {
    lowerHelpersWith(app, new DiagnosticsCatalogue(), types, ivarTypes);
    const next = helperParamTypes(app);
    const same = JSON.stringify([...next]) === JSON.stringify([...types]);
    types = next;
    if (same) break;
  }
  // The scratch passes' dynamic sites are the final pass's to record.
  const helperFiles = new Set(app.parsed.helpers.map((f) => f.absPath));
  for (const [key, site] of app.dynamicSites) if (helperFiles.has(site.span.file)) app.dynamicSites.delete(key);
  return lowerHelpersWith(app, diags, types, ivarTypes);
}

function lowerHelpersWith(app: AppModel, diags: Diagnostics, paramTypes: Map<string, RType[]>, ivarTypes: Map<string, RType>): EmittedModule {
  // `self` is the view the helper runs in (handed on as `context: self`, core/view-delegates.ts).
  const env = makeEnv(app, diags, "view", { selfExpr: "view", selfType: { k: "runtime", cls: "view" }, ivarTypes, ivarStore: { object: "view.assigns" } });
  env.ivar = (n) => {
    const type = ivarTypes.get(n) ?? UNKNOWN;
    return type.k === "unknown" ? `view.assigns.${n}` : `(view.assigns.${n} as ${env.typeName(type)})`;
  };
  env.selfCall = (call, scope) => appHelperCall(call, scope, true) ?? bufferCall(call, scope) ?? viewSelfCall(call, scope);
  const view = env.module.useType("View");
  // Each helper looks constants up from inside its own module (a PricesHelper's CURRENCIES).
  const modules = collectConstants(app.parsed.helpers).filter((d) => d.kind === "module");
  const within = (def: NodeOf<"def">) =>
    modules.filter((d) => d.file.absPath === def.span.file && d.node.span.line <= def.span.line && def.span.line <= d.node.span.endLine).pop()?.nesting;
  const statements = [...app.helperMethods.values()].map((def) => {
    env.nesting = within(def);
    return helperFunction(def, env, view, paramTypes.get(def.name) ?? []);
  });
  return { path: "helpers.ts", state: env.module, statements, from: null };
}

function helperFunction(def: NodeOf<"def">, env: LowerEnv, viewType: string, types: RType[]): string {
  const scope = new Scope(env);
  // concat / safe_concat / output_buffer write to the buffer of the render running when they run (inside a
  // capture: the capture's), whatever block they sit in.
  scope.buffer = "view.outputBuffer";
  const params = lowerParams(def, scope);
  typeParams(def, types, scope);
  const body = lowerMethodBody(def.body, scope);
  const list = params.parameters.map((p) => (p.isRestParameter ? `...${p.name}: ${p.type}` : `${p.name}: ${p.type}`));
  return `export function ${rubyToTs(def.name)}(${["view: " + viewType, ...list].join(", ")}): unknown {\n${[...params.prologue, ...body].join("\n")}\n}`;
}
