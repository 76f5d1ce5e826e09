// An association's extension block (`has_many :x do def m ... end end`): Rails defines its methods in a module the
// association's collection proxy is extended with; the runtime installs them on each proxy of the association
// (runtime/active-record/collection.ts makeProxy), under their TS names. The relation type of the association's
// reader carries the extension, so its methods are direct calls that tsc --strict checks:
//
//   class Team                                       declare seats: Relation<Seat> & {
//     has_many :seats do                               assign(people: unknown): unknown;
//       def assign(people) ... end                     reshuffle(...args: unknown[]): unknown; };
//       def reshuffle(added: [], removed: []) ... end
//     end
//   team.seats.assign(people)                        team.seats.assign(people)   (typed Team["seats"])
//   assign(added)   (in reshuffle: self the proxy)   this.assign(added)          (this: CollectionProxy<M> & Team["seats"])
//
// Only the reader itself carries it (a relation built from the proxy is a plain relation to the lowering), and only
// where no subclass of the declaring model declares the association again (a record of it would answer another proxy).
import type { AppModel } from "../../analyze/app-model.js";
import type { ModelInfo } from "../../analyze/models.js";
import type { NodeOf } from "../../parse/ir.js";
import type { CodeLiteral } from "../literal.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import { lowerParams } from "../params.js";
import { Scope, type LowerEnv } from "../scope.js";
import { UNKNOWN, type RType } from "../types.js";

type Association = ModelInfo["associations"][number];
/** Which association's extension a relation type carries: the model declaring it and the association's name. */
export interface ExtensionRef { owner: string; association: string }

/** The model declaring this association, when it has an extension block no subclass's redeclaration hides. */
export function extensionOf(app: AppModel, assoc: Association): ExtensionRef | null {
  if (assoc.kind !== "has_many" || !assoc.extension || !Object.keys(assoc.extension).length) return null;
  const owner = [...app.models.values()].find((m) => m.associations.includes(assoc));
  if (!owner) return null;
  const redeclared = [...app.models.values()].some((m) => m !== owner && m.associations.some((a) => a.name === assoc.name) && descendsFrom(app, m, owner.className));
  return redeclared ? null : { owner: owner.className, association: assoc.name };
}

function descendsFrom(app: AppModel, model: ModelInfo, ancestor: string): boolean {
  for (let m: ModelInfo | undefined = model, depth = 0; m && depth < 50; m = app.models.get(m.superclass), depth++) {
    if (m.className === ancestor) return true;
  }
  return false;
}

function extensionMethods(app: AppModel, ref: ExtensionRef): Record<string, unknown> | null {
  return app.models.get(ref.owner)?.associations.find((a) => a.name === ref.association)?.extension ?? null;
}

/**
 * The reader's declared type: the relation and the extension's methods, each with the parameters its lowered
 * function takes (params.ts), answering unknown.
 */
export function extensionPropertyType(relation: string, assoc: Association, env: LowerEnv): string {
  const members = Object.entries(assoc.extension ?? {}).map(([name, fn]) => {
    const code = (fn as CodeLiteral).$code;
    // (As procFunction declares them: one to one where all are required, else the forms lowerParams takes.)
    const scope = new Scope(env);
    const simple = code.params.every((p) => p.kind === "req");
    const signature = simple ? code.params.map((p) => `${scope.declare(p.name || "_", UNKNOWN).ts}: unknown`).join(", ") : lowerParams({ params: code.params }, scope).signature;
    return `${rubyToTs(name)}(${signature}): unknown;`;
  });
  return `${relation} & { ${members.join(" ")} }`;
}

/** A call of one of the extension's methods on a relation typed as carrying it: the installed method, directly. */
export function lowerExtensionCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  const t = recv.type;
  if (t.k !== "relation" || !t.ext) return null;
  const methods = extensionMethods(scope.env.app, t.ext);
  if (!methods || !(call.method in methods)) return null;
  return lit(`${recv.code}.${rubyToTs(call.method)}(${lowerArgs(call.args, call.block, scope).join(", ")})`, UNKNOWN);
}

/** `this` in an extension's method: the proxy, typed with the extension its siblings are (when `c` is one). */
export function extensionSelf(c: CodeLiteral, app: AppModel): RType | null {
  if (c.self !== "proxy" || !c.owner || !c.siblings) return null;
  const assoc = app.models.get(c.owner)?.associations.find((a) => a.extension && Object.keys(a.extension).join() === c.siblings!.join() && a.className === c.model);
  const ref = assoc ? extensionOf(app, assoc) : null;
  return ref ? { k: "relation", model: c.model, ext: ref } : null;
}
