// Ruby Floats (number | RubyFloat in the runtime: ruby.ts floatOf), typed where a core method or operator always
// answers one, so a chain over them stays direct:
//   time.to_f                  TimeMethods.toF(time)                       (String#, Numeric#, Duration#to_f alike)
//   time.to_f * 1000           (coreBinop("*", ..., 1000) as number | RubyFloat)   (Float <op> Numeric is a Float)
//   (time.to_f * 1000).to_i    NumericMethods.toI(...)
import type { NodeOf } from "../../parse/ir.js";
import type { RType } from "../types.js";

export const FLOAT: RType = { k: "float" };

/** The core tables whose to_f answers a Float (core-string, core-numeric, core-time's Time and Duration tables). */
const TO_F_TABLES = new Set(["string", "numeric", "time", "duration"]);

/** What `recv.to_f` answers on a receiver of this table: a Float; null for any other call. */
export function floatResult(call: NodeOf<"call">, table: string): RType | null {
  return call.method === "to_f" && !call.args.length && !call.block && TO_F_TABLES.has(table) ? FLOAT : null;
}

/** Float's arithmetic with an Integer or Float (Float#+ ... #**): a Float, whatever the values (Infinity and NaN are). */
const ARITHMETIC = new Set(["+", "-", "*", "/", "%", "**"]);

export function floatBinaryResult(op: string, left: RType, right: RType): RType | null {
  return left.k === "float" && ARITHMETIC.has(op) && (right.k === "number" || right.k === "float") ? FLOAT : null;
}
