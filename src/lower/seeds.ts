// db/seeds.rb -> db/seeds.ts: `export function seed(): void { ... }`, run once on a fresh database.
//   Post.create!(id: 1, title: "…")     Post.createBang({ id: 1, title: "…" });
import type { AppModel } from "../analyze/app-model.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "./emitted-module.js";
import type { SourceFile } from "../parse/app.js";
import { makeEnv } from "./env.js";
import { Scope } from "./scope.js";
import { lowerBody } from "./stmts.js";

export function lowerSeeds(file: SourceFile, app: AppModel, diags: Diagnostics): EmittedModule {
  const env = makeEnv(app, diags, "script", { selfExpr: "undefined" });
  const body = lowerBody(file.body, new Scope(env), "void");
  return { path: "db/seeds.ts", state: env.module, statements: [`export function seed(): void {\n${body.join("\n")}\n}`], from: file.absPath };
}
