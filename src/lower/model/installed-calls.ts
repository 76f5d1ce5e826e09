// Methods Rails installs on every record, called on a typed record as the runtime declares them:
//   post.broadcast_replace_to author, :posts          post.broadcastReplaceTo(author, "posts")
//     (Turbo::Broadcastable, in every model where turbo-rails is bundled: runtime/gems/turbo-rails/broadcastable.ts)
//   post.status_previously_was                        post.attributePreviouslyWas("status")
//   type_previously_changed?(to: "Posts::Draft")      this.isAttributePreviouslyChanged("type", { to: "Posts::Draft" })
//     (the per-column methods Rails generates are proxies of ActiveModel::Dirty's attribute_* ones, which Base has)
//   user.attachable_sgid                              actionTextAttachableSgid(user)   (ActionText::Attachable's)
//   post.build_author / create_profile!(name: n)
//                                                     this.buildAuthor() / user.createProfileBang({ name: n })
//     (a singular association's builders, which the runtime installs: declared on the model, installedAssociationMethods)
//   room.user_ids                                     room.userIds()   (has_many's ids reader, declared alike)
//   @room.becomes!(Rooms::Closed)                     (this.assigns.room.becomesBang(Rooms_Closed) as Rooms_Closed)
import type { Node, NodeOf } from "../../parse/ir.js";
import type { AppModel } from "../../analyze/app-model.js";
import type { ModelInfo } from "../../analyze/models.js";
import { BROADCASTABLE_METHODS } from "../../../runtime/gems/turbo-rails/broadcastable.js";
import { singularize } from "../../../runtime/active-support/inflector.js";
import { attributeType, lowerArgs, modelChain } from "../calls.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { BOOL, STRING, UNKNOWN, maybe, type RType } from "../types.js";

/** Dirty's per-column suffixes this lowers, and the attribute_* method of Base each one proxies. */
const DIRTY: Array<[suffix: string, member: string, options: boolean]> = [
  ["_previously_changed?", "isAttributePreviouslyChanged", true],
  ["_previously_was", "attributePreviouslyWas", false],
];

export function lowerInstalledRecordCall(call: NodeOf<"call">, recv: TsExpr, modelName: string, scope: Scope): TsExpr | null {
  const app = scope.env.app;
  const member = rubyToTs(call.method);
  // (A block would reach the runtime's method as one more streamable: Ruby's ignore it; left to send.)
  if (app.gems.locked.has("turbo-rails") && BROADCASTABLE_METHODS.includes(member) && !call.block) {
    return lit(`${recv.code}.${member}(${lowerArgs(call.args, null, scope).join(", ")})`, UNKNOWN);
  }
  // becomes(K) / becomes!(K): a record of K (Base's own; its argument a model class, as its signature takes).
  if ((call.method === "becomes" || call.method === "becomes!") && call.args.length === 1 && !call.block) {
    const klass = lowerExpr(call.args[0]!, scope);
    const target = klass.type.k === "model" && klass.type.model.startsWith("typeof ") ? klass.type.model.slice(7) : null;
    // (The runtime's signature answers a RecordLike of the class: the claim is written as a cast.)
    const type: RType = { k: "model", model: target ?? "" };
    if (target && app.models.has(target)) return lit(`(${recv.code}.${member}(${klass.code}) as ${scope.env.typeName(type)})`, type);
  }
  const ids = call.args.length || call.block ? null : collectionIds(app, modelName, call.method);
  if (ids) return lit(`${recv.code}.${member}()`, { k: "array", of: UNKNOWN });
  const builder = singularBuilder(app, modelName, call.method);
  if (builder && call.args.length <= 1 && !call.block && !call.args.some((a) => a.kind === "splat" || a.kind === "blockPass")) {
    return lit(`${recv.code}.${member}(${lowerArgs(call.args, null, scope).join(", ")})`, { k: "model", model: builder });
  }
  // ActionText::Attachable's attachable_sgid, on a record of a model that includes it.
  if (call.method === "attachable_sgid" && !call.args.length && !call.block && modelChain(app, modelName).some((m) => m.frameworkModules.includes("ActionText::Attachable"))) {
    return lit(`${scope.env.module.use("actionTextAttachableSgid")}(${recv.code})`, STRING);
  }
  for (const [suffix, method, options] of DIRTY) {
    const column = call.method.endsWith(suffix) ? call.method.slice(0, -suffix.length) : null;
    if (column === null || call.block || !modelChain(app, modelName).some((m) => m.columns.some((c) => c.name === column))) continue;
    if (call.args.length > (options ? 1 : 0) || (call.args.length && !changeOptions(call.args[0]!))) return null;
    const code = `${recv.code}.${method}(${[JSON.stringify(column), ...lowerArgs(call.args, null, scope)].join(", ")})`;
    if (options) return lit(code, BOOL);
    // attribute_previously_was: the cast value the last save started from (the reader's type), nil until a save.
    const type = maybe(attributeType(app, modelName, column));
    return type.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${scope.env.typeName(type)})`, type);
  }
  return null;
}

/** `from: x, to: y` (either or both), written as keywords: what ChangeOptions declares. */
function changeOptions(arg: Node): boolean {
  return arg.kind === "hash" && arg.pairs.every((p) => p.key.kind === "sym" && (p.key.name === "from" || p.key.name === "to"));
}

/** The builders of a singular association (belongs_to / has_one) the runtime installs on the model. */
const BUILDERS = [(a: string) => `build_${a}`, (a: string) => `create_${a}`, (a: string) => `create_${a}!`];

/**
 * The class a singular association's builder (build_x, create_x, create_x!) on MODEL makes, where the builder is
 * declared (singularBuilders below: no model of the app defines the name); null for another name.
 */
function singularBuilder(app: AppModel, modelName: string, method: string): string | null {
  for (const m of modelChain(app, modelName)) {
    for (const a of m.associations) {
      if (a.kind !== "has_many" && BUILDERS.some((b) => b(a.name) === method) && declarable(app, m, a, method)) return a.className;
    }
  }
  return null;
}

function declarable(app: AppModel, model: ModelInfo, a: ModelInfo["associations"][number], name: string): boolean {
  // (A polymorphic belongs_to has no class to build; a has_one :through builds through another association.)
  if (!app.models.has(a.className) || (a.kind !== "has_many" && (a.options.polymorphic || a.options.through))) return false;
  return ![...app.models.values()].some((m) => m.methods.some((d) => d.name === name || rubyToTs(d.name) === rubyToTs(name)) || m.columns.some((c) => c.name === name)) && !model.abstract;
}

/** has_many's `<singular>_ids` reader (`room.user_ids`), declared where no model of the app defines the name. */
function collectionIds(app: AppModel, modelName: string, method: string): boolean {
  return modelChain(app, modelName).some((m) => m.associations.some((a) => a.kind === "has_many" && `${singularize(a.name)}_ids` === method && declarable(app, m, a, method)));
}

/**
 * Association methods the runtime installs on the model, declared with what they answer: the builders of its own
 * singular associations and its has_many's `<singular>_ids` readers.
 */
export function installedAssociationMethods(model: ModelInfo, app: AppModel, modelType: (name: string) => string): Array<{ name: string; hasDeclareKeyword: true; type: string }> {
  const declared = (name: string, type: string) => ({ name: rubyToTs(name), hasDeclareKeyword: true as const, type });
  return model.associations.flatMap((a) => {
    if (a.kind === "has_many") return declarable(app, model, a, `${singularize(a.name)}_ids`) ? [declared(`${singularize(a.name)}_ids`, "() => Array<unknown>")] : [];
    return BUILDERS.map((b) => b(a.name)).filter((n) => declarable(app, model, a, n)).map((n) => declared(n, `(attributes?: unknown) => ${modelType(a.className)}`));
  });
}
