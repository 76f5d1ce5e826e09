// The route table -> routes.ts: the table as data plus one named helper per named route.
//   post   GET /posts/:id(.:format)    export const postPath = routeHelper(table, "post", "path");
//                                            export const postUrl = routeHelper(table, "post", "url");
//   direct :logo do |options|                      export function logoPath(ctx, ...args) { return directUrl(args, true,
//     route_for :account_logo, v: 1                  (...given) => { ... accountLogoUrl(ctx, { v: 1 }) }); }
//   end                                            (and logoUrl): Rails' CustomUrlHelper
import type { AppModel } from "../../analyze/app-model.js";
import type { RouteEntry } from "../../analyze/routes.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import type { EmittedModule } from "../emitted-module.js";
import { literalString } from "../../parse/ir.js";
import { isUrlHelpersModule, lowerArgs } from "../calls.js";
import { directParamTypes } from "./direct-params.js";
import { makeEnv } from "../env.js";
import { lit } from "../expr.js";
import { ModuleState, Scope } from "../scope.js";
import { camel } from "../names.js";
import { lowerBody } from "../stmts.js";
import { UNKNOWN } from "../types.js";
import type { DirectRoute } from "./draw.js";

export function lowerRoutesModule(table: RouteEntry[], directs: DirectRoute[] = [], app?: AppModel, diags?: Diagnostics): EmittedModule {
  const state = new ModuleState();
  const helper = state.use("routeHelper");
  const entry = state.useType("RouteEntry");
  const statements: string[] = [`export const table: ${entry}[] = ${JSON.stringify(table, null, 1)};`];
  const names = new Set(table.map((r) => r.name).filter((n): n is string => n !== null));
  for (const name of names) {
    for (const kind of ["path", "url"] as const) {
      statements.push(`export const ${camel(`${name}_${kind}`)} = ${helper}(table, ${JSON.stringify(name)}, "${kind}");`);
    }
  }
  if (app && diags) for (const d of directs) statements.push(...directHelpers(d, state, app, diags));
  return { path: "routes.ts", state, statements, from: null };
}

/** A `direct` route's two helpers: the block runs with the given arguments and options, `route_for` naming routes. */
function directHelpers(d: DirectRoute, state: ModuleState, app: AppModel, diags: Diagnostics): string[] {
  const env = makeEnv(app, diags, "script", { selfExpr: "ctx" });
  Object.assign(env, { module: state });
  env.selfCall = (call, scope) => {
    const target = call.method === "route_for" && call.args[0] ? literalString(call.args[0]) : null;
    if (target === null) return null;
    return lit(`${camel(`${target}_url`)}(${["ctx", ...lowerArgs(call.args.slice(1), null, scope)].join(", ")})`, UNKNOWN);
  };
  const scope = new Scope(env);
  // A parameter every call of the helpers passes one model's record to (routes/direct-params.ts) is read as it.
  const types = directParamTypes(app, d, isUrlHelpersModule);
  const names = d.block.params.map((p, i) => scope.declare(p.name || `_${i}`, types[i] ?? UNKNOWN).ts);
  const bind = names.map((n, i) => `const ${n} = ${types[i] && types[i]!.k !== "unknown" ? `(given[${i}] ?? null) as ${env.typeName(types[i]!)}` : `given[${i}] ?? null`};`);
  const fn = `(...given: unknown[]): unknown => {\n${[...bind, ...lowerBody(d.block.body, scope, "return")].join("\n")}\n}`;
  const directUrl = state.use("directUrl");
  const ctxType = state.useType("UrlContext");
  return (["path", "url"] as const).map(
    (kind) => `export function ${camel(`${d.name}_${kind}`)}(ctx: ${ctxType}, ...args: unknown[]): string {\nreturn ${directUrl}(args, ${kind === "path"}, ${fn});\n}`,
  );
}
