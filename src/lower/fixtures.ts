// test/fixtures/**/*.yml and config/cable.yml -> db/fixtures.ts, config/cable.ts: each file's ERB as a function returning the YAML text Rails' ERB renders,
// with the names Rails derives from the file's path; the runtime (runtime/fixtures) parses and inserts the rows.
//   test/fixtures/action_text/rich_texts.yml   { name: "action_text/rich_texts", modelName: "ActionText::RichText",
//                                                 tableName: "action_text_rich_texts", render: () => { ... } }
//   text                                        out += "…";
//   <%= 1.hour.ago %>                           out += toS(<the lowered expression>);
//   <% digest = BCrypt::Password.create("x") %> let digest = …;   (a plain Ruby context: self is no view)
import type { AppModel } from "../analyze/app-model.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "./emitted-module.js";
import type { ErbYamlFile, FixtureFile } from "../parse/fixtures.js";
import type { Node, NodeOf } from "../parse/ir.js";
import { camelize, singularize } from "../../runtime/active-support/inflector.js";
import { makeEnv } from "./env.js";
import { lowerExpr } from "./expr.js";
import { Scope, type LowerEnv } from "./scope.js";
import { lowerBody } from "./stmts.js";

export const FIXTURES_MODULE = "db/fixtures.ts";

export function lowerFixtures(files: FixtureFile[], app: AppModel, diags: Diagnostics): EmittedModule {
  const env = makeEnv(app, diags, "script", { selfExpr: "undefined" });
  const sets = files.map((file) => {
    const render = lowerErbYamlRender(file, env);
    return `{
      name: ${JSON.stringify(file.name)},
      modelName: ${JSON.stringify(defaultModelName(file.name))},
      tableName: ${JSON.stringify(file.name.replace(/\//g, "_"))},
      file: ${JSON.stringify(file.path)},
      render: ${render},
    }`;
  });
  const type = env.module.useType("FixtureSetSource");
  return { path: FIXTURES_MODULE, state: env.module, statements: [`export const fixtures: ${type}[] = [\n${sets.join(",\n")}\n];`], from: null };
}

/** A YAML file's ERB as a function returning the text ERB renders (evaluated when the app runs: ENV, time). */
function lowerErbYamlRender(file: ErbYamlFile, env: LowerEnv): string {
  const scope = new Scope(env);
  env.outputStatement = (call, s) => outputStatement(call, s);
  const body = lowerBody(file.body.filter((n) => !isBufferRead(n)), scope, "void");
  return `(): string => {\nlet out = "";\n${body.join("\n")}\nreturn out;\n}`;
}

export const CABLE_CONFIG_MODULE = "config/cable.ts";

/** config/cable.yml -> config/cable.ts: `cableYaml()` renders its ERB at boot, as Rails' config_for reads it. */
export function lowerCableConfig(file: ErbYamlFile, app: AppModel, diags: Diagnostics): EmittedModule {
  const env = makeEnv(app, diags, "script", { selfExpr: "undefined" });
  const render = lowerErbYamlRender(file, env);
  return { path: CABLE_CONFIG_MODULE, state: env.module, statements: [`export const cableYaml = ${render};`], from: null };
}

/** FixtureSet.default_fixture_model_name with pluralize_table_names: `push/subscriptions` -> "Push::Subscription". */
function defaultModelName(setName: string): string {
  return camelize(singularize(setName));
}

function isBuffer(node: Node | null): boolean {
  return node?.kind === "ivar" && node.name === "output_buffer";
}

function isBufferRead(node: Node): boolean {
  return isBuffer(node);
}

/** Text is appended as written; `<%= x %>` appends `x.to_s` (Ruby's ERB escapes nothing). */
function outputStatement(call: NodeOf<"call">, scope: Scope): string[] | null {
  if (!isBuffer(call.receiver) || call.args.length !== 1) return null;
  const arg = call.args[0]!;
  if (call.method === "safe_append=") {
    const text = literalText(arg);
    if (text !== null) return [`out += ${JSON.stringify(text)};`];
  }
  if (call.method === "safe_append=" || call.method === "safe_expr_append=" || call.method === "append=") {
    return [`out += ${scope.env.module.use("toS")}(${lowerExpr(arg, scope).code});`];
  }
  return null;
}

/** `'…'.freeze` -> its text. */
function literalText(node: Node): string | null {
  const inner = node.kind === "call" && node.method === "freeze" && node.receiver ? node.receiver : node;
  if (inner.kind === "str" && inner.parts.every((p) => typeof p === "string")) return inner.parts.join("");
  return null;
}
