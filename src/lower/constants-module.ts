// The constants of the app's helper modules and controller concerns -> constants.ts, one export each, so views,
// helpers and controllers can read `IconsHelper::SIZES` / `Throttled::LIMITS` wherever they write them.
// Each is computed on first read (runtime constantValue): a value the compiler could not lower raises where it is
// read, never at boot.
//   module IconsHelper; SIZES = { "s" => 16 }             export function IconsHelper_SIZES(): unknown { ... }
import type { AppModel } from "../analyze/app-model.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "./emitted-module.js";
import { makeEnv } from "./env.js";
import { constantNesting, lowerExpr, moduleConstantName, moduleConstantType } from "./expr.js";
import { Scope } from "./scope.js";

export function lowerConstantsModule(app: AppModel, diags: Diagnostics): EmittedModule | null {
  if (!app.moduleConstants.size) return null;
  const statements: string[] = [];
  // One module state gathers the imports of every constant's value; each is lowered inside its own module's nesting.
  const env = makeEnv(app, diags, "script", { selfExpr: "undefined" });
  for (const [path, c] of app.moduleConstants) {
    env.nesting = constantNesting(path);
    const name = moduleConstantName(path);
    const value = lowerExpr(c.value, new Scope(env)).code;
    // Typed where its value is proved a plain value (expr.ts moduleConstantType): readers call its methods directly.
    const type = moduleConstantType(app, path);
    const ts = type.k === "unknown" ? "unknown" : env.typeName(type);
    const read = `${env.module.use("constantValue")}(values, ${JSON.stringify(name)}, () => (${value}))`;
    statements.push(`export function ${name}(): ${ts} {\nreturn ${type.k === "unknown" ? read : `${read} as ${ts}`};\n}`);
    // A setting of the app's (Rails.application.config.x.pool) is also Rails.configuration's, writable at run time.
    const setting = path.startsWith("Rails.application.config.") ? path.slice("Rails.application.config.".length) : null;
    if (setting) statements.push(`${env.module.use("registerAppConfig")}(${JSON.stringify(setting)}, ${name}, (value) => { values[${JSON.stringify(name)}] = value; });`);
  }
  return { path: "constants.ts", state: env.module, statements: ["const values: Record<string, unknown> = {};", ...statements], from: null };
}
