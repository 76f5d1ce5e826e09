// Hashes the runtime holds as a Map (any Ruby keys: ruby/ruby.ts), typed where Enumerable builds one from a typed
// collection, and their methods called on KeyedHashMethods directly, as coreSend finds them for a Map:
//   INDEX = list.index_by(&:name)       (list: Array<X>)   ArrayMethods.indexBy(...) as Map<unknown, X>
//   list.group_by { |x| x.kind }        (list: Array<X>)   Map<unknown, Array<X>>
//   INDEX.keys                          KeyedHashMethods.keys(INDEX)            (an Array; its elements untyped)
//   INDEX.frozen?                       ObjectMethods.isFrozen(INDEX)           (Object's, as coreSend falls back)
// index_by / group_by without a block answer an Enumerator, and stay as they were.
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { UNKNOWN, maybe, type RType } from "../types.js";
import { KeyedHashMethods } from "../../../runtime/active-support/core-ext/core-collections.js";
import { ObjectMethods } from "../../../runtime/active-support/core-ext/core-object.js";

/** What an Array's (or Relation's loaded records') index_by / group_by with a block answers; null for anything else. */
export function keyedResult(call: NodeOf<"call">, elements: RType): RType | null {
  const blockGiven = call.block !== null ? call.args.length === 0 : call.args.length === 1 && call.args[0]!.kind === "blockPass" && call.args[0]!.value !== null;
  if (!blockGiven) return null;
  if (call.method === "index_by") return { k: "map", of: elements };
  if (call.method === "group_by") return { k: "map", of: { k: "array", of: elements } };
  return null;
}

/** Results a Map's methods answer, where they keep a known type. */
function mapResult(method: string, argc: number, of: RType): RType {
  if ((method === "keys" || method === "values") && argc === 0) return { k: "array", of: method === "values" ? of : UNKNOWN };
  if ((method === "size" || method === "length") && argc === 0) return { k: "number" };
  return UNKNOWN;
}

/** `map.m(args)` on a value typed a Map: KeyedHashMethods' member, else Object's; null when it has neither. */
export function lowerKeyedHashCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (recv.type.k !== "map" || call.safeNav) return null;
  const member = rubyToTs(call.method);
  const table = member in KeyedHashMethods ? "KeyedHashMethods" : member in ObjectMethods ? "ObjectMethods" : null;
  if (!table) return null;
  const code = `${scope.env.module.use(table)}.${member}(${[recv.code, ...lowerArgs(call.args, call.block, scope)].join(", ")})`;
  const type = call.block ? UNKNOWN : mapResult(call.method, call.args.length, recv.type.of);
  // (KeyedHashMethods' own signatures answer unknown[] / unknown: a typed Array is asserted so.)
  return type.k === "array" ? lit(`(${code} as ${scope.env.typeName(type)})`, type) : lit(code, type);
}

/** `map[key]`: the value, or nil (the Map's default: none is set on what index_by / group_by build). */
export function keyedIndexType(recv: RType, argc: number): RType | null {
  return recv.k === "map" && argc === 1 ? (recv.of.k === "unknown" ? UNKNOWN : maybe(recv.of)) : null;
}
