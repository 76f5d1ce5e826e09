// A plain class's constant whose one assignment is a literal, typed by it where it is read: the constant always
// holds that one object (its class never changes), so its core methods are called directly.
//   TAGS = %w[ a b ]            Owner.TAGS.map { }   ArrayMethods.map(Owner.TAGS as Array<unknown>, ...)
//   TAGS = %w[ a b ].freeze     (frozen: its elements stay what the literal wrote)   Array<string>
//   LIMITS = { max: 3 }         Record<string, unknown>   (Symbol keys: a plain object, as the literal lowers)
//   NAME = "x" / COUNT = 3      string / number
//   TAGS = %w[ a ] + OTHERS     Array<unknown>   (Array#+ answers an Array)
// An unfrozen Array's elements are not claimed (any code may push anything into it); anything else (a call, a
// constant assigned twice) is unknown.
import type { AppModel } from "../../analyze/app-model.js";
import type { Node } from "../../parse/ir.js";
import { NUMBER, STRING, UNKNOWN, type RType } from "../types.js";

/** The type of `owner::name` where the class body assigns it once, a literal; unknown otherwise. */
export function literalConstantType(app: AppModel, owner: string, name: string): RType {
  const values = app.plainClasses
    .filter((d) => d.path === owner)
    .flatMap((d) => d.node.body.flatMap((n) => (n.kind === "assign" && n.target.kind === "const" && n.target.scope === null && n.target.name === name ? [n.value] : [])));
  return values.length === 1 ? literalType(values[0]!) : UNKNOWN;
}

function literalType(node: Node): RType {
  if (node.kind === "call" && node.method === "freeze" && node.receiver && !node.args.length && !node.block) return frozenType(node.receiver);
  if (node.kind === "array" && node.elements.every((e) => e.kind !== "splat")) return { k: "array", of: UNKNOWN };
  // Array#+ answers a new Array (an argument that is none raises).
  if (node.kind === "binary" && node.op === "+" && literalType(node.left).k === "array") return { k: "array", of: UNKNOWN };
  if (node.kind === "hash" && node.pairs.every((p) => p.key.kind === "sym")) return { k: "hash" };
  return scalarType(node);
}

/** A frozen literal: an Array's elements too, where each is a literal of one scalar type. */
function frozenType(node: Node): RType {
  if (node.kind !== "array") return literalType(node);
  const types = node.elements.map(scalarType);
  const first = types[0];
  return { k: "array", of: first && first.k !== "unknown" && types.every((t) => t.k === first.k) ? first : UNKNOWN };
}

/** A String (a Symbol lowers to one) or an Integer literal. */
function scalarType(node: Node): RType {
  if (node.kind === "str" || node.kind === "sym") return STRING;
  if (node.kind === "int" && node.exact === undefined) return NUMBER;
  return UNKNOWN;
}
