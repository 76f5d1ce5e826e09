// Builds a LowerEnv for one emitted module: the pieces every lowering shares.
import type { AppModel } from "../analyze/app-model.js";
import type { Diagnostics } from "../diagnostics/index.js";
import { ModuleState, type LowerEnv, type SelfKind } from "./scope.js";
import { GLOBAL_TYPE_NAMES, RUNTIME_TYPE_NAMES, tsType, type RType } from "./types.js";

const RUNTIME_TYPES: Partial<Record<RType["k"], string>> = {
  relation: "Relation", safe: "SafeString", float: "RubyFloat", time: "Time", duration: "Duration", errors: "Errors", error: "ErrorEntry",
  formBuilder: "FormBuilder", json: "Jbuilder", params: "Parameters", format: "FormatCollector", attachment: "ActionTextAttachment",
};

export function makeEnv(app: AppModel, diags: Diagnostics, self: SelfKind, init: Partial<LowerEnv> = {}): LowerEnv {
  const module = new ModuleState();
  const env: LowerEnv = {
    app,
    diags,
    self,
    module,
    ivarTypes: new Map(),
    ivar: (name) => `ivar_${name}`,
    selfExpr: "this",
    typeName(t: RType): string {
      // The module in force (a caller may give the env another module's state after this).
      registerType(t, env.module);
      return tsType(t);
    },
    ...init,
  };
  return env;
}

function registerType(t: RType, module: ModuleState): void {
  const runtime = RUNTIME_TYPES[t.k];
  if (runtime) module.useType(runtime);
  // (`typeof X` too: a class's type, imported as a type where the module names it in an annotation only.)
  if (t.k === "model") module.modelType(t.model.startsWith("typeof ") ? t.model.slice(7) : t.model);
  if (t.k === "relation" || t.k === "enumerable") module.modelType(t.model);
  if (t.k === "relation" && t.ext) module.modelType(t.ext.owner);
  if (t.k === "enumerable") module.useType("Relation");
  if (t.k === "current") module.modelType(t.className);
  if (t.k === "array" || t.k === "map" || t.k === "maybe" || t.k === "attachment") registerType(t.of, module);
  const runtimeType = t.k === "runtime" ? RUNTIME_TYPE_NAMES[t.cls] : undefined;
  // (`typeof Base`: the runtime value the expression itself imports.)
  if (runtimeType && !runtimeType.startsWith("typeof ") && !GLOBAL_TYPE_NAMES.has(runtimeType)) module.useType(runtimeType);
}
