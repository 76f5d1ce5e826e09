// A controller class -> a TS class extending the runtime's Controller.
//
//   class PostsController < ApplicationController   export class PostsController extends ApplicationController {
//     before_action :set_post, only: %i[show]          static override filters = [{ kind: "before", method: "setPost", only: ["show"] }];
//     def index; @posts = Post.all; end             index(): void { this.assigns.posts = Post.all(); }
//     private def post_params ... end                   postParams() { return this.params.require("post")… }
//   @post (read)                                      this.assigns.post   (typed by the controller's Assigns)
import type { AppModel } from "../../analyze/app-model.js";
import { LIVE_CONTROLLER_MODULES, type ControllerInfo } from "../../analyze/controllers.js";
import { Diagnostics } from "../../diagnostics/index.js";
import { lowerExpr } from "../expr.js";
import { StructureKind, type StatementStructures } from "ts-morph";
import { modelFile, relativeModule, type EmittedModule } from "../emitted-module.js";
import type { NodeOf } from "../../parse/ir.js";
import { makeEnv } from "../env.js";
import { rubyToTs, tsIdent } from "../names.js";
import { Scope, type LowerEnv } from "../scope.js";
import { provedType, type RType } from "../types.js";
import { walk } from "../../parse/ir.js";
import { controllerIvars, inferIvarTypes } from "./ivars.js";
import { literalParamType } from "./literal-params.js";
import { lowerParams } from "../params.js";
import { literal } from "../../analyze/models.js";
import { tsLiteral } from "../literal.js";
import { singularize } from "../../../runtime/active-support/inflector.js";
import { lowerMethodBody } from "../jumps.js";

/** `Accounts::BotsController` -> `controllers/accounts/bots_controller.ts`. */
export function controllerPath(className: string): string {
  return `controllers/${modelFile(className)}.ts`;
}

/** The ivar types of every controller, by controller path (`posts`), for its views. */
export function controllerIvarTypes(app: AppModel): Map<string, Map<string, RType>> {
  const out = new Map<string, Map<string, RType>>();
  for (const c of app.controllers.values()) {
    out.set(c.controllerPath, controllerIvars(c, app));
  }
  return out;
}

export function lowerController(info: ControllerInfo, app: AppModel, diags: Diagnostics): EmittedModule {
  const ivarTypes = controllerIvars(info, app);
  const declared = declaredIvars(info, app);
  const ancestors: string[] = [];
  for (let c: ControllerInfo | undefined = info; c; c = app.controllers.get(c.superclass)) ancestors.push(c.className);
  const env = makeEnv(app, diags, "controller", {
    ivarTypes,
    // Constant lookup from a controller's methods: its own, then its ancestors' (Ruby's lexical scope, then the
    // ancestry, which is where a controller's constants live).
    nesting: ancestors,
    // An ivar this class and its ancestors never assign (a concern's `@room`, set by the controllers that include
    // it) is read untyped: nil until some subclass sets it, as in Ruby.
    ivar: (name) => (declared.has(name) ? `this.assigns.${name}` : `(this.assigns as unknown as { [ivar: string]: unknown }).${name}`),
    ivarStore: { object: "this.assigns" },
    ownMethods: ownMethods(info, app),
    controllerIncludes: ancestors.flatMap((name) => app.controllers.get(name)?.libraryIncludes ?? []),
  });
  // A method another controller of the hierarchy overrides (or that overrides one) answers `unknown`: TS wants an
  // override's return type to fit the overridden one's, and Ruby promises nothing of the kind.
  const overridden = overriddenMethods(info, app);
  env.methodTypes = methodReturnTypes([...info.actions, ...info.privateMethods].filter((d) => !overridden.has(d.name)), app, ivarTypes, env.ownMethods!);
  const methods = [...info.actions, ...info.privateMethods].map((def) => ({ ...lowerMethod(def, env), ...(overridden.has(def.name) ? { returnType: "unknown" } : {}) }));
  const isBase = !app.controllers.has(info.superclass);
  const base = isBase ? env.module.use("Controller") : tsIdent(info.superclass);
  const assignsName = `${tsIdent(info.className)}Assigns`;
  const statements: Array<StatementStructures | string> = [];
  const parentAssigns = isBase ? null : `${tsIdent(info.superclass)}Assigns`;
  statements.push({
    kind: StructureKind.Interface,
    name: assignsName,
    isExported: true,
    extends: parentAssigns ? [parentAssigns] : [],
    properties: [...ivarTypes].map(([name, t]) => ({ name, type: env.typeName(t) })),
  });
  statements.push({
    kind: StructureKind.Class,
    name: tsIdent(info.className),
    isExported: true,
    extends: `${base}<A>`,
    typeParameters: [{ name: "A", constraint: assignsName, default: assignsName }],
    properties: staticProperties(info, env),
    methods,
  });
  // action_policy's `authorize :user, through: :m`: the class's authorization context (the gem bundled, else declined).
  for (const t of info.authorizationTargets ?? []) {
    if (!app.gems.locked.has("action_policy")) diags.report("unsupported_construct", t.span, "controller macro authorize (action_policy is not in the bundle)");
    else statements.push(`${env.module.use("authorizationTarget")}(${tsIdent(info.className)}, ${JSON.stringify(t.key)}, ${JSON.stringify(t.through)});`);
  }
  const mod: EmittedModule = { path: controllerPath(info.className), state: env.module, statements, from: info.file.absPath };
  if (!isBase) {
    const parent = tsIdent(info.superclass);
    statements.unshift(`import { ${parent}, type ${parent}Assigns } from "${relativeModule(mod.path, controllerPath(info.superclass))}";`);
  }
  return mod;
}

/** Names of this controller's methods that an ancestor or a descendant controller also defines. */
function overriddenMethods(info: ControllerInfo, app: AppModel): Set<string> {
  const own = new Set([...info.actions, ...info.privateMethods].map((d) => d.name));
  const out = new Set<string>();
  const related = (c: ControllerInfo): boolean => {
    for (let a: ControllerInfo | undefined = app.controllers.get(c.superclass); a; a = app.controllers.get(a.superclass)) if (a === info) return true;
    for (let a: ControllerInfo | undefined = app.controllers.get(info.superclass); a; a = app.controllers.get(a.superclass)) if (a === c) return true;
    return false;
  };
  for (const other of app.controllers.values()) {
    if (other === info || !related(other)) continue;
    for (const d of [...other.actions, ...other.privateMethods]) if (own.has(d.name)) out.add(d.name);
  }
  return out;
}

/** The ivars a controller's Assigns interface declares: those assigned by it or an ancestor. */
function declaredIvars(info: ControllerInfo, app: AppModel): Set<string> {
  const names = new Set<string>();
  for (let c: ControllerInfo | undefined = info; c; c = app.controllers.get(c.superclass)) {
    for (const name of inferIvarTypes([...c.actions, ...c.privateMethods].map((d) => d.body), app).keys()) names.add(name);
  }
  return names;
}

function ownMethods(info: ControllerInfo, app: AppModel): Set<string> {
  const names = new Set<string>();
  for (let c: ControllerInfo | undefined = info; c; c = app.controllers.get(c.superclass)) {
    for (const d of [...c.actions, ...c.privateMethods]) names.add(d.name);
  }
  return names;
}

function staticProperties(info: ControllerInfo, env: LowerEnv) {
  const props = [];
  if (info.filters.length) {
    const filters = info.filters.map((f) => ({ kind: f.kind, method: rubyToTs(f.method), only: f.only, except: f.except, if: f.if?.map(rubyToTs), unless: f.unless?.map(rubyToTs) }));
    props.push({
      name: "filters", isStatic: true, hasOverrideKeyword: true, type: `readonly ${env.module.useType("Filter")}[]`,
      initializer: `[...super.filters, ${filters.map((f) => JSON.stringify(f)).join(", ")}]`,
    });
  }
  if (info.layout !== null) {
    props.push({ name: "layoutName", isStatic: true, hasOverrideKeyword: true, type: "string | false | null", initializer: JSON.stringify(info.layout) });
    if (info.layoutConditions) props.push({ name: "layoutConditions", isStatic: true, hasOverrideKeyword: true, initializer: JSON.stringify(info.layoutConditions) });
  }
  props.push({ name: "controllerPath", isStatic: true, hasOverrideKeyword: true, initializer: JSON.stringify(info.controllerPath) });
  if (info.libraryIncludes?.some((m) => LIVE_CONTROLLER_MODULES.has(m))) props.push({ name: "live", isStatic: true, hasOverrideKeyword: true, initializer: "true" });
  const wrap = wrapParameters(info, env);
  if (wrap) props.push({ name: "wrapParameters", isStatic: true, hasOverrideKeyword: true, initializer: wrap });
  if (info.browserVersions) {
    const versions = literal(info.browserVersions);
    if (versions === undefined) env.diags.report("unsupported_option", info.browserVersions.span, "allow_browser versions: that is not a literal");
    else props.push({ name: "browserVersions", isStatic: true, hasOverrideKeyword: true, initializer: `${tsLiteral(versions, env.diags, info.browserVersions.span)} as const` });
  }
  if (info.rescueHandlers) {
    const handlers = info.rescueHandlers.map((h) => JSON.stringify({ classes: h.classes, method: rubyToTs(h.method) }));
    props.push({ name: "rescueHandlers", isStatic: true, hasOverrideKeyword: true, type: `readonly ${env.module.useType("ControllerRescueHandler")}[]`, initializer: `[...super.rescueHandlers, ${handlers.join(", ")}]` });
  }
  if (info.browserBlock) props.push({ name: "browserBlock", isStatic: true, hasOverrideKeyword: true, type: "string | null", initializer: JSON.stringify(rubyToTs(info.browserBlock)) });
  for (const c of info.constants) props.push({ name: c.name, isStatic: true, isReadonly: true, initializer: lowerExpr(c.value, new Scope(env)).code });
  void env;
  return props;
}

/** Each method's last expression, lowered once in a scratch module, gives its return type. */
function methodReturnTypes(defs: Array<NodeOf<"def">>, app: AppModel, ivarTypes: Map<string, RType>, own: Set<string>): Map<string, RType> {
  const scratch = makeEnv(app, new Diagnostics(), "controller", { ivarTypes, ivar: (n) => `this.assigns.${n}`, ownMethods: own });
  const types = new Map<string, RType>();
  for (const def of defs) {
    const last = def.body[def.body.length - 1];
    if (!last || last.kind === "if" || last.kind === "assign") continue;
    types.set(def.name, lowerExpr(last, new Scope(scratch)).type);
  }
  return types;
}

/**
 * ParamsWrapper (on by default since load_defaults 7.0): JSON bodies are wrapped under the controller's singular
 * name; when a model of that name exists, only its attribute names are copied.
 */
function wrapParameters(info: ControllerInfo, env: LowerEnv): string | null {
  const name = singularize(info.controllerPath.split("/").pop()!);
  const model = [...env.app.models.values()].find((m) => !m.abstract && m.names.singular === name);
  if (!model) return null;
  return JSON.stringify({ name, include: model.columns.map((c) => c.name) });
}

function lowerMethod(def: NodeOf<"def">, env: LowerEnv) {
  const scope = new Scope(env);
  const params = lowerParams(def, scope);
  typeParameters(def, scope);
  return { name: rubyToTs(def.name), parameters: params.parameters, statements: [...params.prologue, ...lowerMethodBody(def.body, scope)] };
}

/**
 * A parameter every call of the method passes a record of one model (analyze/value-types.ts: the join over its
 * call sites) is read as that model, one every call passes a literal String or Symbol as a String
 * (literal-params.ts); one the body assigns keeps its own type.
 *   def authenticated_as(session)   (called with find_by and start! results)   (session as Session).user
 */
function typeParameters(def: NodeOf<"def">, scope: Scope): void {
  const env = scope.env;
  const site = def.body.length ? env.app.controllerSites.get(def.body[0]!) : undefined;
  if (!site) return;
  const assigned = new Set<string>();
  for (const stmt of def.body) {
    walk(stmt, (n) => {
      if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ident") assigned.add(n.target.name);
      if (n.kind === "multiAssign") n.targets.forEach((t) => t.kind === "ident" && assigned.add(t.name));
    });
  }
  for (const [i, p] of def.params.entries()) {
    const local = p.kind === "req" && !assigned.has(p.name) ? scope.lookup(p.name) : null;
    if (!local || local.type.k !== "unknown") continue;
    const record = provedType(env.app.values.typeOf({ kind: "ident", name: p.name, span: def.span }, { def, blocks: [], owner: site.owner }));
    const t = record.k === "unknown" ? literalParamType(def, i, site.owner) : record;
    if (t.k === "unknown") continue;
    local.type = t;
    local.ts = `(${local.ts} as ${env.typeName(t)})`;
  }
}
