// One template -> one emitted module exporting its render function.
//
//   app/views/posts/index.html.erb     views/posts/index.html.ts: export default function (view, locals): SafeString
//   app/views/posts/_a.json.jbuilder   views/posts/_a.json.ts:    export default function (view, locals, json): void
//   app/views/pwa/service-worker.js    views/pwa/service-worker.js.ts: returns the file's text (the Raw handler)
//   @post in a view                     (view.assigns.post as Post)   (typed by the controller's assignments)
import type { AppModel } from "../../analyze/app-model.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import type { EmittedModule } from "../emitted-module.js";
import type { TemplateFile } from "../../parse/app.js";
import { makeEnv } from "../env.js";
import { ModuleState, Scope } from "../scope.js";
import { lowerBody } from "../stmts.js";
import { UNKNOWN, type RType } from "../types.js";
import { viewSelfCall } from "./helpers.js";
import { lowerTemplate, partialLocal } from "./template.js";

export function templateModulePath(t: TemplateFile): string {
  return `views/${t.logicalPath}.${t.format}.ts`;
}

export function lowerView(t: TemplateFile, app: AppModel, diags: Diagnostics, ivarTypes: Map<string, RType>): EmittedModule {
  if (t.handler === "raw") return lowerRawTemplate(t);
  const env = makeEnv(app, diags, t.handler === "jbuilder" ? "jbuilder" : "view", { selfExpr: "view", ivarTypes, ivarStore: { object: "view.assigns" } });
  env.ivar = (name) => {
    const type = ivarTypes.get(name) ?? UNKNOWN;
    return type.k === "unknown" ? `view.assigns.${name}` : `(view.assigns.${name} as ${env.typeName(type)})`;
  };
  const viewType = env.module.useType("View");
  const localsType = "Record<string, unknown>";
  if (t.handler === "jbuilder") {
    const locals = new Map<string, RType>();
    env.selfCall = (call, scope) => viewSelfCall(call, scope) ?? partialLocal(call, scope, locals);
    const scope = new Scope(env);
    scope.declare("json", { k: "json" }, "json");
    scope.localsBody = t.body;
    const body = lowerBody(t.body, scope, "void");
    const jb = env.module.useType("Jbuilder");
    const fn = `export default function render(view: ${viewType}, locals: ${localsType}, json: ${jb}): void {\n${body.join("\n")}\n}`;
    return { path: templateModulePath(t), state: env.module, statements: [fn], from: t.absPath };
  }
  const lowered = lowerTemplate(t, env);
  const safe = env.module.useType("SafeString");
  const fn = `export default function render(view: ${viewType}, locals: ${localsType}): ${safe} {\n${lowered.body.join("\n")}\n}`;
  return { path: templateModulePath(t), state: env.module, statements: [`void 0;`, fn].slice(1), from: t.absPath };
}

/** A template whose lowering crashed as a whole: its render raises internal_error, so every other page still serves. */
export function crashedView(t: TemplateFile, raised: string): EmittedModule {
  return raisingView(templateModulePath(t), t.absPath, raised);
}

export function raisingView(path: string, from: string | null, raised: string): EmittedModule {
  const state = new ModuleState();
  const fn = `export default function render(..._args: unknown[]): never {\n${state.use("unsupported")}(${JSON.stringify(raised)});\n}`;
  return { path, state, statements: [fn], from };
}

/** Template::Handlers::Raw: `"#{source.dump}.html_safe"`, the file's text unchanged. */
function lowerRawTemplate(t: TemplateFile): EmittedModule {
  const state = new ModuleState();
  const viewType = state.useType("View");
  const safe = state.use("SafeString");
  const fn = `export default function render(_view: ${viewType}, _locals: Record<string, unknown>): ${safe} {\n  return new ${safe}(${JSON.stringify(t.source)});\n}`;
  return { path: templateModulePath(t), state, statements: [fn], from: t.absPath };
}
