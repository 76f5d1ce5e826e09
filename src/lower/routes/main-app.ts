// `main_app`: the application's route helpers as a RoutesProxy (actionpack 7.2 RouteSet#define_mounted_helper),
// which calls the route set's url helper with the view's (or controller's) url_options, as the receiver-less helper
// does:
//   main_app.room_path(room)            routes.roomPath(view, room)      (a route the app's routes.rb draws)
//   main_app.engine_only_path           unsupported("main_app.engine_only_path")   + unknown_helper at its position
// A helper the compiler's route table lacks (a route an engine's own config/routes.rb draws, which the emitted app
// does not serve) is declined, never sent by name. `main_app` shadowed (a local, a render passing a local of that
// name, a method the controller or a helper defines) keeps the ordinary lowering.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { lowerDeclinedArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { camel } from "../names.js";
import type { Scope } from "../scope.js";
import { routeArgs } from "../self-calls.js";
import { STRING, UNKNOWN } from "../types.js";

const shadowedIn = new WeakMap<AppModel, boolean>();

/** Whether any render (or other Hash) of the app passes a local named `main_app`. */
function passedAsLocal(app: AppModel): boolean {
  const known = shadowedIn.get(app);
  if (known !== undefined) return known;
  let found = false;
  const files: Array<{ body: Node[] }> = [...app.parsed.controllers, ...app.parsed.helpers, ...app.templates.values()];
  for (const f of files) for (const stmt of f.body) walk(stmt, (n) => void (n.kind === "hash" && n.pairs.some((p) => p.key.kind === "sym" && p.key.name === "main_app") && (found = true)));
  shadowedIn.set(app, found);
  return found;
}

function isMainApp(node: Node, scope: Scope): boolean {
  if (node.kind === "ident") return node.name === "main_app" && !scope.lookup("main_app");
  return node.kind === "call" && node.receiver === null && node.method === "main_app" && !node.args.length && !node.block && !scope.lookup("main_app");
}

export function lowerMainAppCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const env = scope.env;
  if (!call.receiver || !isMainApp(call.receiver, scope) || !/_(path|url)$/.test(call.method)) return null;
  const viewSelf = env.self === "view" && env.selfExpr === "view";
  const controllerSelf = env.self === "controller" && env.selfExpr === "this" && !env.ownMethods?.has("main_app");
  if ((!viewSelf && !controllerSelf) || env.app.helperMethods.has("main_app") || passedAsLocal(env.app)) return null;
  if (env.app.routeNames.has(call.method.replace(/_(path|url)$/, ""))) {
    const args = routeArgs(call, scope);
    return lit(`${env.module.useRoutes()}.${camel(call.method)}(${[env.selfExpr, ...args].join(", ")})`, STRING);
  }
  const what = `main_app.${call.method}`;
  lowerDeclinedArgs(call, scope);
  env.diags.report("unknown_helper", call.span, `${what}: a route the app's config/routes.rb does not draw (an engine's own routes are not served by the emitted app)`);
  return lit(`${env.module.use("unsupported")}(${JSON.stringify(what)})`, UNKNOWN);
}
