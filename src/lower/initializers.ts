// The config files' statements that run at boot (src/analyze/initializer-statements.ts sorted them), lowered into a
// module the app imports before anything renders:
//   Time::DATE_FORMATS[:epoch] = ->(time) { ... }             indexSet(TimeClass.DATE_FORMATS, "epoch", ...)
//   inflect.irregular "cactus", "cacti" (analyze/inflections.ts) inflections("en").irregular("cactus", "cacti")
//   inflect.plural <a rule not evaluated at compile time>       unsupported("inflection rule ...") at boot
//   if Rails.env.production? && ENV["X"].blank? ... end         if (truthy(...)) { ... }
//   Sentry.init do ... end (an unknown constant)                lowered as anywhere else: raises where reached
//   at_exit { config.x.pool.shutdown }                          atExit(() => { ... })
//   config.after_initialize do ... end                          afterInitialize(() => { ... }) (createApp runs it)
//   WebPush::Request.prepend M (declined, a runtime point)      declinePatch("WebPush::Request#perform", site, diagnostic)
//   <declined at boot>                                          throw declinedError(site, diagnostic)
//   class ActionText::Attachment (lib/, class methods reopened)  reopenClassMethods(ActionTextAttachment, { fromNode: ... })
// A statement of config/environments/<env>.rb runs under that RAILS_ENV only. Settings are read by analysis
// (src/analyze/config.ts) and are not here.
import type { AppModel } from "../analyze/app-model.js";
import { siteOf, type BootStatement } from "../analyze/initializer-statements.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "./emitted-module.js";
import { makeEnv } from "./env.js";
import { lowerExpr, truthy } from "./expr.js";
import { lowerBlockFn } from "./procs.js";
import { Scope, type LowerEnv, type ModuleState } from "./scope.js";
import { lowerBody } from "./stmts.js";
import { lowerReopenedClass } from "./core/reopened-class.js";

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

function lowerBoot(statements: BootStatement[], scope: Scope, root: string): string[] {
  const module = scope.env.module;
  return statements.flatMap((s): string[] => {
    switch (s.kind) {
      case "run":
        return lowerBody([s.node], scope, "void");
      case "if": {
        const then = lowerBoot(s.then, scope, root);
        const otherwise = lowerBoot(s.else, scope, root);
        return [`if (${truthy(lowerExpr(s.node.cond, scope), scope)}) {`, ...then, ...(otherwise.length ? ["} else {", ...otherwise] : []), "}"];
      }
      case "atExit":
        return [`${module.use("atExit")}(${lowerBlockFn(s.node.block!, scope).code});`];
      case "declined":
        return [`throw ${module.use("declinedError")}(${JSON.stringify(siteOf(root, s.node.span))}, ${JSON.stringify(s.diagnostic)});`];
      case "patch":
        return s.points.map((p) => `${module.use("declinePatch")}(${[p, siteOf(root, s.node.span), s.diagnostic].map((v) => JSON.stringify(v)).join(", ")});`);
    }
  });
}

/** Classes of Rails reopened in lib/ (analyze/reopened-class.ts): their class methods, set on the runtime's classes. */
function reopenedClasses(app: AppModel, env: LowerEnv): string[] {
  return app.reopenedClasses.flatMap((r) => [
    `// ${siteOf(app.parsed.root, r.span).replace(/:\d+:\d+$/, "")}: ${r.path} reopened, its class methods`,
    ...lowerReopenedClass(r, env, siteOf(app.parsed.root, r.span)),
  ]);
}

export function lowerInitializers(app: AppModel, diags: Diagnostics): EmittedModule | null {
  const env = makeEnv(app, diags, "model", { selfExpr: "null" });
  const statements: string[] = inflectionStatements(app, env.module);
  const root = app.parsed.root;
  const inEnvironment = (environment: string | null, lines: string[]) =>
    environment === null ? lines : [`if ((process.env.RAILS_ENV ?? "production") === ${JSON.stringify(environment)}) {`, ...lines, "}"];
  for (const file of app.initializers) {
    const lines = lowerBoot(file.statements, new Scope(env), root);
    if (lines.length) statements.push(`// ${file.path}`, ...inEnvironment(file.environment, lines));
  }
  // config.after_initialize blocks: run by createApp once the app is initialized (Rails.root, the database).
  for (const file of app.initializers) {
    const lines = lowerBoot(file.afterInitialize, new Scope(env), root);
    if (lines.length) statements.push(`// ${file.path}: after_initialize`, `${env.module.use("afterInitialize")}(() => {`, ...inEnvironment(file.environment, lines), "});");
  }
  statements.push(...reopenedClasses(app, env));
  return statements.length ? { path: "models/initializers.ts", state: env.module, statements, from: null } : null;
}
