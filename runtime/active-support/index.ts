// Active Support: core extensions, inflector, durations and time zones, number and time formatting, i18n, JSON,
// messages, cache stores, CurrentAttributes.
export {
  and, binop, blockArgs, caseEq, each, eachWithIndex, eq, index, indexSet, isBlank, isPresent, or, send, sendSafe, symProc, blockArg, kwsplat, toAry, toA, toS,
  truthy, unsupported, declineIfString, readLocal, NameError, constantValue, ivarGet, ivarSet, ivarDefined,
} from "./core-ext/ops.js";
export { CurrentAttributes, defineCurrentAttributes } from "./current-attributes.js";
export { executorWrap } from "./executor.js";
export { coreSend, nonNil } from "./core-ext/core-send.js";
export { StringMethods, BinaryStringMethods, StringInquirer } from "./core-ext/core-string.js";
export { RegexpMethods } from "./core-ext/core-regexp.js";
export { NumericMethods } from "./core-ext/core-numeric.js";
export { ArrayMethods, HashMethods, KeyedHashMethods } from "./core-ext/core-collections.js";
export { hashLiteral } from "./core-ext/core-hash.js";
export { PatternMatch } from "./core-ext/pattern-match.js";
export { TimeMethods, DurationMethods, TimeZoneMethods } from "./core-ext/core-time.js";
export type { Duration } from "./duration.js";
export { ObjectMethods, NilMethods, raise, raiseFrom } from "./core-ext/core-object.js";
export { extendCore, CORE_EXTENSIBLE } from "./core-ext/core-extensions.js";
export { inflections } from "./inflections.js";
export { coreBinop, coreIndex, coreNegate, coreShovel, keepString } from "./core-ext/core-operators.js";
export { freezeValue } from "./core-ext/frozen.js";
export type { RailsLogger } from "./logger.js";
export type { EnvironmentInquirer } from "./environment-inquirer.js";
