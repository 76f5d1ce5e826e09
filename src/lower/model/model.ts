// A model class -> a TS class with declared, typed attributes plus one `defineModel` call carrying the facts
// (table, names, columns, associations, validations, callbacks) as data. The runtime builds accessors, the
// registry entry and the association machinery from that data, so models never import each other's values.
//
//   class Reply < ApplicationRecord          export class Reply extends ApplicationRecord {
//     belongs_to :post, touch: true            declare post: Post;  (+ association data)
//     def label; "#{id}: #{body}"; end            label() { return `${toS(this.id)}: ${toS(this.body)}`; }
//   end                                         } defineModel(Reply, { table: "replies", ... });
import { FRAMEWORK_MODULES } from "../../analyze/models.js";
import type { AppModel } from "../../analyze/app-model.js";
import type { Literal, ModelInfo } from "../../analyze/models.js";
import { tsLiteral } from "../literal.js";
import { lowerClassSide, lowerCodeLiteral } from "./class-body.js";
import { lowerParams } from "../params.js";
import type { CodeLiteral } from "../literal.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import { StructureKind, type StatementStructures } from "ts-morph";
import { modelFile, type EmittedModule } from "../emitted-module.js";
import type { Column } from "../../parse/schema.js";
import type { Span } from "../../parse/ir.js";
import { makeEnv } from "../env.js";
import { isJsIdentifier, rubyToTs, tsIdent } from "../names.js";
import { Scope } from "../scope.js";
import { ownEnumMethodNames } from "../self-calls.js";
import { modelChain } from "../calls.js";
import { typeParams } from "../call-site-params.js";
import { methodParamTypes } from "./param-types.js";
import { noteResult, resultNode } from "./method-results.js";
import { UNKNOWN } from "../types.js";
import { serializedTsType } from "./serialized-types.js";
import { lowerMethodBody } from "../jumps.js";
import { installedAssociationMethods } from "./installed-calls.js";
import { extensionOf, extensionPropertyType } from "./association-extension.js";

const TS_COLUMN: Record<string, string> = {
  string: "string", text: "string", integer: "number", bigint: "number", float: "number", decimal: "number",
  boolean: "boolean", date: "Time", datetime: "Time", time: "Time", binary: "string", json: "unknown",
};

export function lowerModel(model: ModelInfo, app: AppModel, diags: Diagnostics): EmittedModule {
  // A record's own instance variables (`@uri ||= URI(url)`) live beside its attributes, in `ivars`.
  const env = makeEnv(app, diags, "model", { selfExpr: "this", modelName: model.className, nesting: [model.className, ...model.concerns], ivar: (n) => `this.ivars.${n}`, ivarStore: { object: "this.ivars" } });
  env.module.registryFor = model.className;
  const isBase = !app.models.has(model.superclass);
  const base = isBase ? env.module.use("Base") : model.superclass;
  const statements: Array<StatementStructures | string> = [];
  const up = "../".repeat(modelFile(model.className).split("/").length - 1) || "./";
  if (!isBase) statements.push(`import { ${tsIdent(model.superclass)} } from "${up}${modelFile(model.superclass)}.js";`);
  const properties = model.abstract ? [] : [
    ...model.columns.filter((c) => c.name !== "id").map((c) => ({ name: propertyName(c.name), hasDeclareKeyword: true, type: isEnum(app, model, c.name) ? "string | null" : (serializedTsType(modelChain(app, model.className), c.name, env.module) ?? columnType(c, env.module.useType.bind(env.module))) })),
    ...model.associations.map((a) => ({
      name: propertyName(a.name),
      hasDeclareKeyword: true,
      // A polymorphic belongs_to (or a class that is no model of the app) has no one type.
      type: a.options.polymorphic || !app.models.has(a.className) ? "unknown"
        : a.kind === "has_many" ? extended(`${env.module.useType("Relation")}<${env.module.modelType(a.className)}>`, a) : env.module.modelType(a.className),
    })),
  ];
  // (An extension block's methods, which the relation type carrying it calls directly: association-extension.ts.)
  function extended(relation: string, a: ModelInfo["associations"][number]): string {
    return extensionOf(app, a) ? extensionPropertyType(relation, a, env) : relation;
  }
  // Enum methods the runtime installs on the prototype (`administrator?` -> isAdministrator): declared, so a typed
  // record calls them directly. A method the model defines itself wins (the runtime leaves it in place).
  const own = new Set(model.methods.map((d) => d.name));
  const enumMethods = [...ownEnumMethodNames(model)].filter((n) => !own.has(n)).map((n) => ({
    name: rubyToTs(n), hasDeclareKeyword: true, type: n.endsWith("?") ? "() => boolean" : "() => unknown",
  }));
  const methods = model.methods.map((def) => {
    const scope = new Scope(env);
    const params = lowerParams(def, scope);
    typeParams(def, methodParamTypes(app, model.className, def), scope);
    scope.resultNode = resultNode(def, app);
    const body = lowerMethodBody(def.body, scope);
    // What it answers, for its callers' next lowering (method-results.ts).
    noteResult(app, model.className, def, scope.resultNode ? (scope.resultType ?? UNKNOWN) : UNKNOWN);
    return { name: rubyToTs(def.name), parameters: params.parameters, statements: [...params.prologue, ...body] };
  });
  const name = tsIdent(model.className);
  const side = lowerClassSide(model, app, diags, env.module);
  statements.push({
    kind: StructureKind.Class, name, isExported: true, extends: isBase ? base : tsIdent(base),
    properties: [...side.staticProperties, ...properties, ...enumMethods, ...installedAssociationMethods(model, app, (n) => env.module.modelType(n))], methods: [...side.staticMethods, ...methods],
  });
  const code = (c: CodeLiteral) => lowerCodeLiteral(c, app, diags, env.module);
  statements.push(`${env.module.use("defineModel")}(${name}, ${tsLiteral(descriptor(model) as unknown as Literal, diags, model.file.body[0]?.span ?? fileSpan(model), code)});`);
  for (const mod of model.frameworkModules) statements.push(`${env.module.use(FRAMEWORK_MODULES[mod]!)}(${name});`);
  return { path: `models/${modelFile(model.className)}.ts`, state: env.module, statements, from: model.file.absPath };
}

/** An enum's attribute reads as the value's name (EnumType casts the stored value to it), nil for NULL. */
function isEnum(app: AppModel, model: ModelInfo, name: string): boolean {
  return modelChain(app, model.className).some((m) => m.enums.some((e) => e.descriptor.attribute === name));
}

function columnType(c: Column, useType: (n: string) => string): string {
  const t = TS_COLUMN[c.type] ?? "unknown";
  if (t === "Time") useType("Time");
  return c.null && c.name !== "id" ? `${t} | null` : t;
}

function fileSpan(model: ModelInfo): Span {
  return { file: model.file.absPath, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** A source file as the app names it (`app/models/user.rb`), from the model file's own relative path. */
function relativeFile(model: ModelInfo, file: string): string {
  const root = model.file.absPath.slice(0, model.file.absPath.length - model.file.path.length);
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** Rails runs validations and callbacks in declaration order across kinds; the position in the file is that order. */
function declarationOrder(span: Span): number {
  return span.line * 100_000 + span.column;
}

/** An extension block's methods under their TS names (what `send` and typed calls look up). */
function extensionByTsName<V>(methods: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(methods).map(([name, fn]) => [rubyToTs(name), fn]));
}

/** The data the runtime needs: everything analysis proved about the model, nothing lowered. */
function descriptor(model: ModelInfo) {
  return {
    name: model.className,
    abstract: model.abstract,
    table: model.tableName,
    names: model.names,
    columns: model.columns,
    associations: model.associations.map(({ span, scope, extension, ...a }) => ({
      ...a,
      ...(scope ? { scope } : {}),
      ...(extension ? { extension: extensionByTsName(extension) } : {}),
      at: declarationOrder(span),
    })),
    validations: model.validations.map(({ span, ...v }) => ({ ...v, at: declarationOrder(span) })),
    // `at`: enum validate: true adds its inclusion validation where the enum is declared.
    // ActiveRecord::Scoping::Named: the runtime defines Model.name, relation.name and proxy.name from these.
    ...(model.scopes.length ? {
      scopes: model.scopes.map(({ name, lambda, extension }) => ({
        name, body: { $code: { params: lambda.params, body: lambda.body }, self: "relation", model: model.className, scope: name },
        ...(extension ? { extension: extensionByTsName(extension) } : {}),
      })),
    } : {}),
    ...(model.enums.length ? { enums: model.enums.map(({ descriptor, span }) => ({ ...descriptor, at: declarationOrder(span) })) } : {}),
    ...(model.secureTokens.length ? { secureTokens: model.secureTokens } : {}),
    ...(model.securePassword.length ? { securePassword: model.securePassword } : {}),
    ...(model.serialized.length ? { serialize: model.serialized } : {}),
    ...(model.normalizations.length ? { normalizes: model.normalizations } : {}),
    ...(model.uniqueIndexes.length ? { uniqueIndexes: model.uniqueIndexes } : {}),
    // Each raises where Rails would have run the declined code, naming the .rb file:line and the diagnostic.
    ...(model.declined.length ? {
      declined: model.declined.map(({ span, ...d }) => ({ ...d, site: `${relativeFile(model, span.file)}:${span.line}`, at: declarationOrder(span) })),
    } : {}),
    callbacks: model.callbacks.map(({ span, method, code, ...c }) => ({
      ...c,
      ...(method ? { method: rubyToTs(method) } : {}),
      ...(code ? { fn: code } : {}),
      at: declarationOrder(span),
    })),
  };
}

/** A column or association as a declared property: its name as written, quoted where it is no JS identifier. */
function propertyName(name: string): string {
  return isJsIdentifier(name) ? name : JSON.stringify(name);
}
