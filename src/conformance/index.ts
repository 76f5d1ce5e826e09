// The conformance lane's public surface, for src/cli.ts (`record`, `conformance`) and for tests:
// record a fixture's reference from real Rails, and compare a server of ours against it.
export { record, replayAgainstRails, type RecordResult } from "./record.js";
export { runConformance, report, type ConformanceOptions, type ConformanceResult, type StartServer } from "./conformance.js";
export { railsStarter, prepareRailsApp, startRailsServer, freePort, type RunningServer, type ServerEnv } from "./rails-server.js";
export { replay, buildRequest, USER_AGENT, type ReplayedResponse } from "./replay.js";
export {
  loadScenario,
  validateScenario,
  isCableStep,
  type Scenario,
  type ScenarioStep,
  type CableStep,
  type CableSubscription,
  type AnyStep,
} from "./scenario.js";
export { CableSession, QUIET_MS } from "./cable-steps.js";
export { CableSocket, CABLE_PROTOCOLS } from "./cable.js";
export { parseCacheLog, cacheActivity, cacheDiff, cacheSummary, type CacheHits, type FragmentRead, type CollectionHits } from "./cache-log.js";
export { compareResponses, diffBodies, type Comparison } from "./diff.js";
export { FORGIVEN, FORGIVEN_PLACEHOLDER, normalizeForgiven } from "./forgiven.js";
export { readReference, writeReference, referenceDir } from "./reference.js";
export { SqlLogReader, SQL_LOG_ENV } from "./sql-log.js";
export { SECRET_KEY_BASE } from "./secret.js";
export { COOKIE_TAMPERING, tableChecksums, type TableChecksum } from "./tamper.js";
export { replayWithChecksums, tamperAgainstRails, toRecorded, fromRecorded, type TamperRun, type RecordedResponse } from "./tamper-run.js";
