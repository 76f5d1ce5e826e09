// config/initializers statements that change Ruby's or Rails' own tables at boot, lowered into a module the app
// imports before anything renders:
//   Time::DATE_FORMATS[:epoch] = ->(time) { (time.to_f * 1000).to_i }      indexSet(TimeClass.DATE_FORMATS, "epoch", ...)
//   inflect.irregular "cactus", "cacti" (analyze/inflections.ts)            inflections("en").irregular("cactus", "cacti")
//   inflect.plural <a rule not evaluated at compile time>                    unsupported("inflection rule ...") at boot
// Only these are run; the other settings initializers make are read by analysis (src/analyze/config.ts).
import type { AppModel } from "../analyze/app-model.js";
import { constPath } from "../analyze/constants.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "./emitted-module.js";
import type { Node } from "../parse/ir.js";
import { makeEnv } from "./env.js";
import { Scope, type ModuleState } from "./scope.js";
import { lowerBody } from "./stmts.js";

const FORMAT_TABLES = new Set(["Time::DATE_FORMATS", "Date::DATE_FORMATS", "DateTime::DATE_FORMATS"]);

/** `Time::DATE_FORMATS[:name] = format` (a strftime String or a callable). */
function isFormatRegistration(node: Node): boolean {
  return node.kind === "assign" && node.target.kind === "index" && node.target.receiver.kind === "const"
    && FORMAT_TABLES.has(constPath(node.target.receiver) ?? "");
}

/** The app's inflections, replayed at boot on the runtime's inflector (the names the compiler derived read them). */
function inflectionStatements(app: AppModel, module: ModuleState): string[] {
  const { calls, declined } = app.inflections;
  // A declined rule puts every inflected name in doubt: the app does not start, as Rails would not with the rule
  // misread.
  const raises = declined.map((d) => `${module.use("unsupported")}(${JSON.stringify(`inflection rule at ${d.file}:${d.span.line} (${d.what})`)});`);
  const replays = calls.map((c) => {
    const args = c.args.map((a) => (typeof a === "object" && !Array.isArray(a) ? `new RegExp(${JSON.stringify(a.source)}, ${JSON.stringify(a.flags)})` : JSON.stringify(a)));
    return `${module.use("inflections")}(${JSON.stringify(c.locale)}).${c.method}(${args.join(", ")});`;
  });
  return raises.length || replays.length ? ["// config/initializers: ActiveSupport::Inflector.inflections", ...raises, ...replays] : [];
}

export function lowerInitializers(app: AppModel, diags: Diagnostics): EmittedModule | null {
  const env = makeEnv(app, diags, "model", { selfExpr: "null" });
  const statements: string[] = inflectionStatements(app, env.module);
  for (const file of app.parsed.config) {
    if (!file.path.startsWith("config/initializers/")) continue;
    const registrations = file.body.filter(isFormatRegistration);
    if (registrations.length) statements.push(`// ${file.path}`, ...lowerBody(registrations, new Scope(env), "void"));
  }
  return statements.length ? { path: "models/initializers.ts", state: env.module, statements, from: null } : null;
}
