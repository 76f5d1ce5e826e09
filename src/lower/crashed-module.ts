// A model or controller module whose lowering crashed with no construct to replace (parse/crash.ts) still has
// to exist: the entry and other modules import it, and a missing file stops the app booting. Its stand-in:
//   model        the class with nothing from its body, declined as a whole (model-declined kind "model"): the
//                constant resolves, creating or loading a record raises naming the internal_error
//   controller   the class with its actions (so its routes still reach it) and no filters, each action's body
//                the crash node, which raises naming the internal_error
import type { ControllerInfo } from "../analyze/controllers.js";
import type { ModelInfo } from "../analyze/models.js";
import { crashNode } from "../parse/crash.js";
import type { Diagnostics } from "../diagnostics/index.js";

/** The model with its body emptied and declined as a whole, naming the internal_error last reported. */
export function crashedModel(model: ModelInfo, diags: Diagnostics): ModelInfo {
  const reported = diags.list[diags.list.length - 1]!;
  const decline = { kind: "model" as const, diagnostic: `internal_error: ${reported.message}`, span: reported.span };
  return {
    ...model, associations: [], validations: [], callbacks: [], methods: [], classMethods: [], scopes: [], constants: [], concerns: [],
    enums: [], secureTokens: [], securePassword: [], serialized: [], normalizations: [], frameworkModules: [], declined: [decline],
  };
}

/** The controller with its actions kept, each raising `raised`, and nothing else from its body. */
export function crashedController(controller: ControllerInfo, raised: string): ControllerInfo {
  const actions = controller.actions.map((a) => ({ ...a, params: [], body: [crashNode(a.span, raised)] }));
  return { ...controller, filters: [], actions, privateMethods: [], classMethods: [], helperMethods: [], constants: [], browserVersions: null };
}
