// The globalid gem (1.4) at run time: GlobalID URIs of records, SignedGlobalID, the locator, and
// GlobalID::Identification included into models (identification.ts).
import "./identification.js";
export {
  globalIdConfig, globalIdAppName, toGlobalId, toGidParam, isGlobalIdentifiable, MissingModelIdError, parseGlobalId,
  locateGlobalId, type ParsedGlobalId,
} from "./global-id.js";
export { configureSignedGlobalIds, SignedGlobalID, toSignedGlobalId, type SignedGlobalIdOptions } from "./signed-global-id.js";
