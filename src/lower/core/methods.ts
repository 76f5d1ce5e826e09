// Ruby core and ActiveSupport methods on values (runtime/active-support/core-ext/): direct table calls when the
// receiver's type is known, `coreSend` (dispatch on the run-time class) when it is not.
//   "crisis".pluralize        StringMethods.pluralize("crisis")
//   3.days.ago                DurationMethods.ago(NumericMethods.days(3))
//   @x.join(", ")             coreSend(view.assigns.x, "join", ", ")      (an Array, a record with `join`...)
//   @x.title                  null here: not a core method; the caller sends it to the object
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { STRING, UNKNOWN, maybe, type RType } from "../types.js";
import { noteDynamicSite } from "../dynamic-sites.js";
import { keyedResult, lowerKeyedHashCall } from "./keyed-hash.js";
import { floatResult } from "./floats.js";
import { lowerKernelPredicate, namedByApp } from "./kernel-predicates.js";
import { lowerTypedFold } from "./typed-fold.js";
import { CORE_TABLES, isCoreMethod } from "../../../runtime/active-support/core-ext/core-send.js";

type TableKey = keyof typeof CORE_TABLES;

const TABLE_EXPORTS: Record<TableKey, string> = {
  string: "StringMethods", numeric: "NumericMethods", array: "ArrayMethods", hash: "HashMethods", time: "TimeMethods",
  duration: "DurationMethods", timeZone: "TimeZoneMethods", nil: "NilMethods", object: "ObjectMethods",
  binary: "BinaryStringMethods", regexp: "RegexpMethods",
};

/** The class table a statically typed receiver's methods come from. */
const TABLE_OF_TYPE: Partial<Record<RType["k"], TableKey>> = {
  string: "string", safe: "string", number: "numeric", float: "numeric", array: "array", hash: "hash", time: "time", nil: "nil",
  duration: "duration", regexp: "regexp",
};

/** Integer#minutes and its kin (ActiveSupport's Numeric time units) answer a Duration. */
const DURATION_UNITS = new Set([
  "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "fortnight", "fortnights",
  "month", "months", "year", "years",
]);

/** Results worth typing: strings from String's own transformations, so chains stay direct. */
const STRING_RESULTS = new Set([
  "pluralize", "singularize", "camelize", "underscore", "humanize", "titleize", "tableize", "classify", "dasherize",
  "demodulize", "deconstantize", "foreign_key", "parameterize", "upcase", "downcase", "squish", "join", "to_fs",
  "to_str", "inspect", "to_json", "ordinalize", "iso8601", "strftime", "to_sentence",
]);

/**
 * A core method on a value that may be nil (a nullable column): NilClass's method for nil, the class's otherwise,
 * one call when both are Object's; where NilClass has none, nil raises coreSend's NoMethodError (nonNil).
 *   user.bio.squish      StringMethods.squish(nonNil(user.bio, "squish"))
 *   user.bio.presence    ObjectMethods.presence(user.bio)
 *   user.bio.to_s        ((v: string | null) => (v == null ? NilMethods.toS(v) : StringMethods.toS(v)))(user.bio)
 */
function maybeCall(call: NodeOf<"call">, recv: TsExpr, of: RType, scope: Scope): TsExpr | null {
  const member = rubyToTs(call.method);
  const tableKey = TABLE_OF_TYPE[of.k];
  if (!tableKey) return null;
  const find = (keys: TableKey[]) => keys.find((k) => member in CORE_TABLES[k]);
  const some = find([tableKey, "object"]);
  const nil = find(["nil", "object"]);
  if (!some) return null;
  const module = scope.env.module;
  // NilClass has no such method: nil raises NoMethodError (nonNil); anything else is a value of `of`'s type.
  if (!nil && of.k === "array") return lowerMethodCall(call, lit(`${module.use("nonNil")}(${recv.code}, ${JSON.stringify(call.method)})`, of), scope);
  const args = lowerArgs(call.args, call.block, scope);
  const fn = (table: TableKey, v: string) => `${module.use(TABLE_EXPORTS[table])}.${member}(${[v, ...args].join(", ")})`;
  if (nil === some) return lit(fn(some, recv.code), UNKNOWN);
  if (!nil) return lit(fn(some, `${module.use("nonNil")}(${recv.code}, ${JSON.stringify(call.method)})`), resultType(call, some));
  const v = module.fresh("v");
  // to_s of a String, Integer or boolean that may be nil: a String either way (nil's is "", as calls.ts types a known String's).
  const type = call.method === "to_s" && !call.args.length && ["string", "number", "bool"].includes(of.k) ? STRING : UNKNOWN;
  return lit(`((${v}: ${scope.env.typeName(recv.type)}) => (${v} == null ? ${fn(nil, v)} : ${fn(some, v)}))(${recv.code})`, type);
}

function resultType(call: NodeOf<"call">, table: TableKey): RType {
  const m = call.method;
  // gsub / sub with a replacement (not an Enumerator, as gsub with a pattern alone answers): a String.
  if (table === "string" && (m === "gsub" || m === "sub") && call.args.length === 2 && !call.block) return STRING;
  if (table === "numeric" && DURATION_UNITS.has(m) && !call.args.length) return { k: "duration" };
  if (ARRAY_RESULTS[table]?.has(m) && !call.block) return { k: "array", of: UNKNOWN };
  if (table === "string" && m === "inquiry" && !call.args.length) return INQUIRER;
  return STRING_RESULTS.has(m) ? STRING : m === "html_safe" ? { k: "safe" } : UNKNOWN;
}

/** String#inquiry: an ActiveSupport::StringInquirer (core/string-inquirer.ts). */
const INQUIRER: RType = { k: "runtime", cls: "stringInquirer" };

/** Results worth typing as Arrays (their elements untyped), by the table whose method answers one. */
const ARRAY_RESULTS: Partial<Record<TableKey, Set<string>>> = {
  string: new Set(["scan", "split", "chars", "lines", "bytes"]),
  array: new Set(["compact", "compact_blank", "sort", "uniq", "reverse", "flatten", "to_a", "shuffle", "rotate", "including", "excluding", "without", "grep", "grep_v"]),
};

/**
 * Array's methods that yield each element to a block taking one (their runtime block parameter is `unknown`): the
 * block's parameter is the Array's element type where that is known.
 */
const ELEMENT_BLOCKS = new Set([
  "map", "collect", "flat_map", "filter_map", "select", "filter", "reject", "each", "any?", "all?", "none?", "count", "many?", "uniq", "partition",
  "sort_by", "min_by", "max_by",
]);

/** Array's methods that answer an Array of what their block answers. */
const ARRAY_OF_BLOCK = new Set(["map", "collect", "filter_map"]);

/**
 * What an Array of known elements answers where that keeps the element type: its own elements (select, reject,
 * first(n)...) or one of them (first, last: nil when empty, a record type standing for nil too).
 */
function arrayResult(call: NodeOf<"call">, of: RType): RType | null {
  const m = call.method;
  const n = call.args.length;
  if (["select", "filter", "reject", "each", "sort_by"].includes(m) && call.block && !n) return { k: "array", of };
  if ((m === "min_by" || m === "max_by") && call.block && !n) return maybe(of);
  // partition answers two Arrays: those the block is truthy for, and the rest.
  if (m === "partition" && call.block && !n) return { k: "array", of: { k: "array", of } };
  if (["compact", "uniq", "reverse", "sort"].includes(m) && !call.block && !n) return { k: "array", of };
  if ((m === "first" || m === "last") && !call.block && n <= 1) return n ? { k: "array", of } : maybe(of);
  return null;
}

/** `list.reduce(init) { |acc, x| }` (or inject): the block is given the running value, then each element. */
function isFold(call: NodeOf<"call">): boolean {
  return (call.method === "reduce" || call.method === "inject") && call.args.length === 1 && call.args[0]!.kind !== "sym" && call.block !== null && call.block.params.length === 2;
}

export function lowerMethodCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  const m = call.method;
  if (recv.type.k === "maybe") {
    const direct = maybeCall(call, recv, recv.type.of, scope);
    if (direct) return direct;
  }
  const keyed = recv.type.k === "map" ? lowerKeyedHashCall(call, recv, scope) : null;
  if (keyed) return keyed;
  const member = rubyToTs(m);
  const tableKey = TABLE_OF_TYPE[recv.type.k];
  // (join answers a String on an Array only: Pathname#join a Pathname, so an unknown receiver's join stays unknown.)
  const type: RType = STRING_RESULTS.has(m) && (m !== "join" || tableKey === "array") ? STRING : m === "html_safe" ? { k: "safe" } : tableKey === "string" && m === "inquiry" && !call.args.length ? INQUIRER : UNKNOWN;
  if (tableKey) {
    const table = [tableKey, "object"].find((k) => member in CORE_TABLES[k as TableKey]) as TableKey | undefined;
    if (table) {
      // A fold over classes whose method answers its argument or a known value: its running value typed (typed-fold.ts).
      const fold = table === "array" && isFold(call) ? lowerTypedFold(call, recv, scope, TABLE_EXPORTS[table]) : null;
      if (fold) return fold;
      const elements = table === "array" && recv.type.k === "array" ? recv.type.of : UNKNOWN;
      // tap and then yield the receiver itself (`"".tap { |body| }`: a String).
      const blockTypes = elements.k !== "unknown" && ELEMENT_BLOCKS.has(m) ? [elements] : elements.k !== "unknown" && isFold(call) ? [UNKNOWN, elements] : table === "object" && (m === "tap" || m === "then") ? [recv.type] : [];
      const args = lowerArgs(call.args, call.block, scope, blockTypes);
      const code = `${scope.env.module.use(TABLE_EXPORTS[table])}.${member}(${[recv.code, ...args].join(", ")})`;
      const kept = (elements.k !== "unknown" ? arrayResult(call, elements) : null) ?? (table === "array" ? keyedResult(call, elements) : null) ?? floatResult(call, table);
      if (kept) return lit(`(${code} as ${scope.env.typeName(kept)})`, kept);
      const result: RType = table === "string" && resultType(call, table).k === "string" ? STRING : ARRAY_RESULTS[table]?.has(m) && !call.block ? { k: "array", of: m === "split" || m === "chars" || m === "lines" ? STRING : UNKNOWN } : table === "numeric" && DURATION_UNITS.has(m) && !call.args.length ? { k: "duration" } : ARRAY_OF_BLOCK.has(m) && call.block ? { k: "array", of: UNKNOWN } : type;
      const cast = result.k === "array" && (result.of.k !== "unknown" || (ARRAY_OF_BLOCK.has(m) && call.block));
      return lit(cast ? `(${code} as ${scope.env.typeName(result)})` : code, result);
    }
  }
  if (recv.type.k !== "unknown" && recv.type.k !== "bool" && recv.type.k !== "maybe" && recv.type.k !== "map" && recv.type.k !== "proc" && !tableKey) return null;
  if (!isCoreMethod(m)) return null;
  const kernel = lowerKernelPredicate(call, recv, scope);
  if (kernel) return kernel;
  const args = lowerArgs(call.args, call.block, scope);
  noteDynamicSite(call, recv, "coreSend", scope);
  const code = `${scope.env.module.use("coreSend")}(${[recv.code, JSON.stringify(m), ...args].join(", ")})`;
  return gsubString(call, scope) ? lit(`(${code} as string)`, STRING) : lit(code, type);
}

/**
 * `x.gsub(pattern, replacement)` (or with a block) on any receiver answers a String or raises: String is the one
 * class of Ruby's, of Rails' and of the runtime's with a gsub (Pathname has sub, not gsub; gsub with a pattern alone
 * answers an Enumerator), where the app defines and names no gsub of its own.
 */
function gsubString(call: NodeOf<"call">, scope: Scope): boolean {
  if (call.method !== "gsub" || call.safeNav || call.args.some((a) => a.kind === "splat" || a.kind === "blockPass")) return false;
  if (!(call.args.length === 2 && !call.block) && !(call.args.length === 1 && call.block)) return false;
  return !namedByApp(scope.env.app).has("gsub");
}
