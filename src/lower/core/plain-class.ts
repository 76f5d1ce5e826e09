// Plain Ruby classes under app/models (not Active Record: ActiveModel::Model, attr_accessor, POROs) -> TS
// classes. Not lowered yet: each is reported, so the ledger shows them.
import type { AppModel } from "../../analyze/app-model.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import type { EmittedModule } from "../../emit/module.js";

export function lowerPlainClasses(app: AppModel, diags: Diagnostics): EmittedModule[] {
  for (const decl of app.plainClasses) diags.report("unsupported_construct", decl.node.span, `plain class ${decl.path}`);
  return [];
}
