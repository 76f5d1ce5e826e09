// Ruby's operators, `[]` and range literals on values that are not plain JS numbers: each is a method of the
// receiver in Ruby, so each lowers to the receiver class's method (runtime/support/core-operators.ts).
// src/lower/expr.ts keeps number-with-number and string-with-string operators as JS operators and asks these
// for the rest before its generic fallback.
//   Time.current + 40        TimeMethods.plus(TimeClass.current(), 40)
//   "<b>".html_safe + x      StringMethods.plus(...)         @a + @b -> coreBinop("+", a, b)
//   s[0, 3]                  coreIndex(s, 0, 3)               1..5 -> new RubyRange(1, 5, false); t.. -> { begin: t, end: null, exclusive: false }
import type { NodeOf } from "../../parse/ir.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { UNKNOWN, type RType } from "../types.js";

/** Typed receivers whose operator is one table method. */
const TYPED: Partial<Record<RType["k"], Record<string, string>>> = {
  time: { "+": "TimeMethods.plus", "-": "TimeMethods.minus" },
  safe: { "+": "StringMethods.plus", "<<": "StringMethods.plus", "*": "StringMethods.times", "%": "StringMethods.format" },
  string: { "*": "StringMethods.times", "%": "StringMethods.format" },
};

const OPERATORS = new Set(["+", "-", "*", "/", "%", "**", "<<", "<", ">", "<=", ">=", "<=>", "&", "|", "=~"]);

/** `left <op> right` when the operands are not both numbers; null for operators that are not methods (&&, ==). */
export function lowerCoreBinary(op: string, left: TsExpr, right: TsExpr, scope: Scope): TsExpr | null {
  if (!OPERATORS.has(op)) return null;
  const typed = TYPED[left.type.k]?.[op];
  const type: RType = left.type.k === "time" && op === "+" ? left.type : left.type.k === "safe" && op !== "*" ? left.type : UNKNOWN;
  if (typed) {
    const [table, member] = typed.split(".");
    return lit(`${scope.env.module.use(table!)}.${member}(${left.code}, ${right.code})`, type);
  }
  return lit(`${scope.env.module.use("coreBinop")}(${JSON.stringify(op)}, ${left.code}, ${right.code})`, UNKNOWN);
}

/** `recv[args]` on a String, Array, Hash or constant (`Set[1, 2]`). */
export function lowerCoreIndex(recv: TsExpr, args: TsExpr[], scope: Scope): TsExpr {
  return lit(`${scope.env.module.use("coreIndex")}(${[recv.code, ...args.map((a) => a.code)].join(", ")})`, UNKNOWN);
}

/**
 * `a..b` / `a...b` with both ends; an endless or beginless one (`t..`, `..t`, `...t`) is the record runtime's
 * RangeLike, `{ begin, end, exclusive }` with null for the missing end (what where, validators and cover read).
 */
export function lowerCoreRange(node: NodeOf<"range">, scope: Scope): TsExpr | null {
  if (!node.from && !node.to) return null;
  if (!node.from || !node.to) {
    const end = (n: typeof node.from) => (n ? lowerExpr(n, scope).code : "null");
    return lit(`{ begin: ${end(node.from)}, end: ${end(node.to)}, exclusive: ${node.exclusive} }`, UNKNOWN);
  }
  const from = lowerExpr(node.from, scope).code;
  const to = lowerExpr(node.to, scope).code;
  return lit(`new ${scope.env.module.use("RubyRange")}(${from}, ${to}, ${node.exclusive})`, UNKNOWN);
}
