// The route table -> routes.ts: the table as data plus one named helper per named route.
//   post   GET /posts/:id(.:format)    export const postPath = routeHelper(table, "post", "path");
//                                            export const postUrl = routeHelper(table, "post", "url");
import type { RouteEntry } from "../../analyze/routes.js";
import type { EmittedModule } from "../../emit/module.js";
import { ModuleState } from "../scope.js";
import { camel } from "../names.js";

export function lowerRoutesModule(table: RouteEntry[]): EmittedModule {
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
  return { path: "routes.ts", state, statements, from: null };
}
