// The class side of a model: scopes, class methods and constants.
//   scope :active, -> { where(active: true) }    static active(...args) { return scope(this, "active", ...args); }
//                                                 + defineModel(User, { scopes: [{ name: "active", body: function () {
//                                                     return this.where({ active: true }); } }] })   (model.ts)
//   def self.create_bot!(attrs) ... end          static createBotBang(attrs: unknown) { ... }   (self is the class)
//   MAX_BODY_SIZE = 5.megabytes                  static readonly MAX_BODY_SIZE = ...;
import type { AppModel } from "../../analyze/app-model.js";
import type { ModelInfo } from "../../analyze/models.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import { lowerExpr } from "../expr.js";
import { makeEnv } from "../env.js";
import { rubyToTs } from "../names.js";
import { Scope, type LowerEnv } from "../scope.js";
import { typeParams } from "../call-site-params.js";
import { classMethodParamTypes, scopeParamTypes } from "./param-types.js";
import { UNKNOWN } from "../types.js";
import type { CodeLiteral } from "../literal.js";
import { lowerParams } from "../params.js";
import { relationSelfCall } from "./relation-self.js";
import { lowerMethodBody } from "../jumps.js";
import { extensionSelf, lowerExtensionCall } from "./association-extension.js";
import { lit } from "../expr.js";

export interface ClassSide {
  staticMethods: Array<{ name: string; isStatic: true; parameters: Array<{ name: string; type: string; isRestParameter?: boolean }>; statements: string[] }>;
  staticProperties: Array<{ name: string; isStatic: true; isReadonly: true; initializer: string }>;
}

/**
 * A lambda or block from a model macro as a function with Ruby's self as `this`: the record (callbacks,
 * `default:`) or the target's relation (association scopes).
 */
export function lowerCodeLiteral(c: CodeLiteral, app: AppModel, diags: Diagnostics, module: LowerEnv["module"]): string {
  const model = app.models.get(c.model);
  const env = makeEnv(app, diags, c.self === "record" ? "model" : "modelClass", {
    selfExpr: "this", modelName: c.model, nesting: model ? [model.className, ...model.concerns] : [],
  });
  Object.assign(env, { module });
  // A scope extension's method (it has siblings) runs on a relation; a scope's lambda may run on the class too.
  const mode = c.self === "proxy" ? "proxy" : c.siblings ? "relation" : "classOrRelation";
  // An association extension's method calls its siblings directly on the proxy typed with them.
  const extSelf = extensionSelf(c, app);
  if (c.self !== "record") env.selfCall = (call, scope) => (extSelf ? lowerExtensionCall(call, lit("this", extSelf), scope) : null) ?? relationSelfCall(call, scope, mode, c.siblings ?? [], c.owner);
  const proxy = c.self === "record" ? module.modelType(c.model) : `${module.useType(c.self === "proxy" ? "CollectionProxy" : "Relation")}<${module.modelType(c.model)}>`;
  const selfType = extSelf ? `${proxy} & ${env.typeName(extSelf)}` : proxy;
  return procFunction(c, env, selfType);
}

/** A block or lambda as a function whose `this` is what Ruby instance_execs it on (also its first argument). */
export function procFunction(c: CodeLiteral, env: LowerEnv, selfType: string): string {
  const scope = new Scope(env);
  // Blocks and lambdas take their positionals one to one; a method (an extension's def) may take more forms.
  const simple = c.$code.params.every((p) => p.kind === "req");
  const bound = simple ? null : lowerParams({ params: c.$code.params }, scope);
  const params = bound ? [bound.signature] : c.$code.params.map((p) => `${scope.declare(p.name || "_", UNKNOWN).ts}: unknown`);
  if (c.scope !== undefined) typeParams({ params: c.$code.params, body: c.$code.body }, scopeParamTypes(env.app, c.model, c.scope, c.$code), scope);
  const body = [...(bound?.prologue ?? []), ...lowerMethodBody(c.$code.body, scope)];
  return `function (this: ${selfType}${params.length ? ", " : ""}${params.join(", ")}) {\n${body.join("\n")}\n}`;
}

export function lowerClassSide(model: ModelInfo, app: AppModel, diags: Diagnostics, module: LowerEnv["module"]): ClassSide {
  const env = makeEnv(app, diags, "modelClass", { selfExpr: "this", modelName: model.className, nesting: [model.className, ...model.concerns] });
  Object.assign(env, { module });
  env.selfCall = (call, scope) => relationSelfCall(call, scope, "classOrRelation");
  const side: ClassSide = { staticMethods: [], staticProperties: [] };
  for (const def of model.classMethods) {
    const scope = new Scope(env);
    const params = lowerParams(def, scope);
    typeParams(def, classMethodParamTypes(app, model.className, def), scope);
    side.staticMethods.push({ name: rubyToTs(def.name), isStatic: true, parameters: params.parameters, statements: [...params.prologue, ...lowerMethodBody(def.body, scope)] });
  }
  // The scope's body is data in the model's descriptor (model.ts); this static only gives it a TS signature.
  for (const s of model.scopes) {
    side.staticMethods.push({
      name: rubyToTs(s.name), isStatic: true, parameters: [{ name: "args", type: "unknown[]", isRestParameter: true }],
      statements: [`return ${module.use("scope")}(this, ${JSON.stringify(s.name)}, ...args);`],
    });
  }
  for (const c of model.constants) {
    side.staticProperties.push({ name: c.name, isStatic: true, isReadonly: true, initializer: lowerExpr(c.value, new Scope(env)).code });
  }
  return side;
}
