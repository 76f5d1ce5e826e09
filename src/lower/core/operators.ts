// Ruby's operators, `[]` and range literals on values that are not plain JS numbers: each is a method of the
// receiver in Ruby, so each lowers to the receiver class's method (runtime/active-support/core-ext/core-operators.ts).
// src/lower/expr.ts keeps number-with-number and string-with-string operators as JS operators and asks these
// for the rest before its generic fallback.
//   Time.current + 40        TimeMethods.plus(TimeClass.current(), 40)
//   "<b>".html_safe + x      StringMethods.plus(...)         @a + @b -> coreBinop("+", a, b)
//   s[0, 3]                  coreIndex(s, 0, 3)               1..5 -> new RubyRange(1, 5, false); t.. -> new RubyRange(t, null, false)
import type { NodeOf } from "../../parse/ir.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { STRING, UNKNOWN, maybe, type RType } from "../types.js";
import { keyedIndexType } from "./keyed-hash.js";
import { floatBinaryResult } from "./floats.js";

/** Typed receivers whose operator is one table method. */
const TYPED: Partial<Record<RType["k"], Record<string, string>>> = {
  time: { "+": "TimeMethods.plus", "-": "TimeMethods.minus" },
  safe: { "+": "StringMethods.plus", "<<": "StringMethods.plus", "*": "StringMethods.times", "%": "StringMethods.format" },
  string: { "*": "StringMethods.times", "%": "StringMethods.format" },
};

const OPERATORS = new Set(["+", "-", "*", "/", "%", "**", "<<", ">>", "<", ">", "<=", ">=", "<=>", "&", "|", "=~"]);

/** `left <op> right` when the operands are not both numbers; null for operators that are not methods (&&, ==). */
export function lowerCoreBinary(op: string, left: TsExpr, right: TsExpr, scope: Scope): TsExpr | null {
  if (!OPERATORS.has(op)) return null;
  const typed = TYPED[left.type.k]?.[op];
  const type: RType = left.type.k === "time" && op === "+" ? left.type : left.type.k === "safe" && op !== "*" ? left.type : UNKNOWN;
  if (typed) {
    const [table, member] = typed.split(".");
    return lit(`${scope.env.module.use(table!)}.${member}(${left.code}, ${right.code})`, type);
  }
  const code = `${scope.env.module.use("coreBinop")}(${JSON.stringify(op)}, ${left.code}, ${right.code})`;
  const float = floatBinaryResult(op, left.type, right.type);
  if (float) return lit(`(${code} as ${scope.env.typeName(float)})`, float);
  // Array#+ and Array#- answer an Array (or raise TypeError for a right side that is none): its elements untyped.
  if (left.type.k === "array" && (op === "+" || op === "-")) return lit(`(${code} as Array<unknown>)`, { k: "array", of: UNKNOWN });
  return lit(code, UNKNOWN);
}

/** `recv[args]` on a String, Array, Hash or constant (`Set[1, 2]`). */
export function lowerCoreIndex(recv: TsExpr, args: TsExpr[], scope: Scope): TsExpr {
  const code = `${scope.env.module.use("coreIndex")}(${[recv.code, ...args.map((a) => a.code)].join(", ")})`;
  const type = indexType(recv.type, args);
  return type.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${scope.env.typeName(type)})`, type);
}

/**
 * What `[]` answers with Integer arguments (nil where the index or start is out of range): a String's character or
 * substring is a String (a SafeBuffer's is not known here); an Array's element, or with a length a slice of it.
 */
function indexType(recv: RType, args: TsExpr[]): RType {
  // Nokogiri's Node#[] (an element's attribute): its value, or nil.
  if (recv.k === "runtime" && (recv.cls === "nokogiriNode" || recv.cls === "actionTextNode") && args.length === 1) return maybe(STRING);
  const keyed = keyedIndexType(recv, args.length);
  if (keyed) return keyed;
  if ((args.length !== 1 && args.length !== 2) || !args.every((a) => a.type.k === "number")) return UNKNOWN;
  if (recv.k === "string") return maybe(STRING);
  if (recv.k === "array") return args.length === 2 ? maybe(recv) : recv.of.k === "unknown" ? UNKNOWN : maybe(recv.of);
  return UNKNOWN;
}

/**
 * `a..b` / `a...b`, and endless or beginless ones (`t..`, `..5`, `...t`): a RubyRange, null for the missing end
 * (which the record runtime's rangeOf reads for `where(at: t..)`, validators and cover alike).
 */
export function lowerCoreRange(node: NodeOf<"range">, scope: Scope): TsExpr | null {
  if (!node.from && !node.to) return null;
  const end = (n: typeof node.from) => (n ? lowerExpr(n, scope).code : "null");
  return lit(`new ${scope.env.module.use("RubyRange")}(${end(node.from)}, ${end(node.to)}, ${node.exclusive})`, UNKNOWN);
}
