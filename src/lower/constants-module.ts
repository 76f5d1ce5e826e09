// The constants of the app's helper modules and controller concerns -> constants.ts, one export each, so views,
// helpers and controllers can read `EmojiHelper::REACTIONS` / `AllowBrowser::VERSIONS` wherever they write them.
//   module EmojiHelper; REACTIONS = { "👍" => "+1" }      export const EmojiHelper_REACTIONS = { "👍": "+1" };
import type { AppModel } from "../analyze/app-model.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "../emit/module.js";
import { makeEnv } from "./env.js";
import { lowerExpr, moduleConstantName } from "./expr.js";
import { Scope } from "./scope.js";

export function lowerConstantsModule(app: AppModel, diags: Diagnostics): EmittedModule | null {
  if (!app.moduleConstants.size) return null;
  const statements: string[] = [];
  // One module state gathers the imports of every constant's value; each is lowered inside its own module's nesting.
  const env = makeEnv(app, diags, "script", { selfExpr: "undefined" });
  for (const [path, c] of app.moduleConstants) {
    env.nesting = path.split("::").slice(0, -1).map((_, i, parts) => parts.slice(0, parts.length - i).join("::"));
    statements.push(`export const ${moduleConstantName(path)} = ${lowerExpr(c.value, new Scope(env)).code};`);
  }
  return { path: "constants.ts", state: env.module, statements, from: null };
}
