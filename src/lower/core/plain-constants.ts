// A plain class's (or module's) own constant typed by its value, as the class body lowers it:
//   DOMAINS = %w[ a.example b.example ]            static get DOMAINS(): Array<unknown>           (.any? is Array's)
//   LOCAL_IP = IPAddr.new("0.0.0.0/8")             static get LOCAL_IP(): IPAddr                  (.include? is IPAddr's)
// Where the class body assigns the name once and the value is proved a String, Number, boolean, Duration, Regexp,
// Hash, Array (its elements untyped: code may push anything onto it; a frozen literal's typed, frozenElements) or one of the runtime's value objects; anything
// else stays unknown. The getter declares the type and every reader of the constant reads it so.
import type { AppModel } from "../../analyze/app-model.js";
import { Diagnostics } from "../../diagnostics/index.js";
import type { Node } from "../../parse/ir.js";
import { makeEnv } from "../env.js";
import { lowerExpr } from "../expr.js";
import { Scope } from "../scope.js";
import { NUMBER, STRING, UNKNOWN, VALUE_OBJECTS, type RType } from "../types.js";

const KEPT = new Set<RType["k"]>(["string", "number", "bool", "duration", "regexp", "hash"]);
const types = new WeakMap<Node, RType>();

/** The one `NAME = value` of the class's bodies (every reopening), or null when there is none or more than one. */
function soleValue(app: AppModel, owner: string, name: string): Node | null {
  const values = app.plainClasses.filter((d) => d.path === owner).flatMap((d) => d.node.body.filter((n) => n.kind === "assign" && n.target.kind === "const" && n.target.name === name));
  const only = values.length === 1 ? values[0]! : null;
  return only?.kind === "assign" ? only.value : null;
}

/** What the plain class's constant holds, from a scratch lowering of its value as its class body lowers it. */
export function plainConstantType(app: AppModel, owner: string, name: string): RType {
  const value = soleValue(app, owner, name);
  if (!value) return UNKNOWN;
  let t = types.get(value);
  if (!t) {
    types.set(value, UNKNOWN); // (a value naming its own constant reads it untyped)
    const scratch = makeEnv({ ...app, dynamicSites: new Map() }, new Diagnostics(), "modelClass", { selfExpr: "this", modelName: owner, ivar: (n) => `this.ivars.${n}` });
    const type = lowerExpr(value, new Scope(scratch)).type;
    // (A Map's values untyped too: code may store anything in it.)
    t = type.k === "array" ? { k: "array", of: frozenElements(value) } : type.k === "map" ? { k: "map", of: UNKNOWN } : KEPT.has(type.k) || (type.k === "runtime" && VALUE_OBJECTS.has(type.cls)) ? type : UNKNOWN;
    types.set(value, t);
  }
  return t;
}

/**
 * A frozen Array literal's elements (`%w[ a b ].freeze`): nothing can push onto it, so where every element is a
 * String (or Symbol, which lowers to one) or every one an Integer literal, that is its element type.
 */
function frozenElements(value: Node): RType {
  if (value.kind !== "call" || value.method !== "freeze" || !value.receiver || value.args.length || value.block) return UNKNOWN;
  const array = value.receiver;
  if (array.kind !== "array" || !array.elements.length) return UNKNOWN;
  if (array.elements.every((e) => e.kind === "str" || e.kind === "sym")) return STRING;
  if (array.elements.every((e) => e.kind === "int" && e.exact === undefined)) return NUMBER;
  return UNKNOWN;
}
