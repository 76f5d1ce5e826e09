// GlobalID::Identification (globalid 1.4): what the gem's railtie includes into Active Record models, so
// `record.to_global_id`, `to_gid_param`, `to_signed_global_id` and `to_sgid_param` answer through Object's method
// table (active-support/core-ext/core-object.ts) once this module has loaded.
import { includeGlobalIdentification } from "../../active-support/core-ext/core-object.js";
import type { ViewRecord } from "../../active-model/host.js";
import { isGlobalIdentifiable, toGidParam, toGlobalId } from "./global-id.js";
import { toSignedGlobalId, type SignedGlobalIdOptions } from "./signed-global-id.js";

includeGlobalIdentification({
  identifies: (v) => isGlobalIdentifiable(v),
  toGlobalId: (v) => toGlobalId(v as ViewRecord),
  toGidParam: (v) => toGidParam(v as ViewRecord),
  toSignedGlobalId: (v, options) => toSignedGlobalId(v, options as SignedGlobalIdOptions),
  toSgidParam: (v, options) => toSignedGlobalId(v, options as SignedGlobalIdOptions).toParam(),
});
