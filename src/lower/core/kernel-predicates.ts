// Kernel#is_a? / kind_of? / instance_of? and ActiveSupport's Object#in? on a receiver whose type is not proved,
// called as Object's directly:
//   image.is_a?(Symbol)        ObjectMethods.isIsA(image, SymbolClass)        (was coreSend(image, "is_a?", ...))
//   type.in?(ALLOWED)          ObjectMethods.isIn(type, ALLOWED)
// coreSend finds these in ObjectMethods for every value: no core table of the runtime and no runtime class has a
// member of the name (checked here when the compiler loads), so only an app class defining one (`def is_a?`, or
// the name as a Symbol: define_method, alias_method) could answer otherwise, and then the call stays dynamic.
// ObjectMethods' isA answers Rails' own overrides too (TimeWithZone#is_a?(Time), Duration's).
import type { AppModel } from "../../analyze/app-model.js";
import { appFiles } from "./class-method-params.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { BOOL } from "../types.js";
import { CORE_TABLES } from "../../../runtime/active-support/core-ext/core-send.js";
import { KeyedHashMethods, SetMethods } from "../../../runtime/active-support/core-ext/core-collections.js";
import { RangeMethods } from "../../../runtime/active-support/core-ext/core-range.js";
import { ProcMethods } from "../../../runtime/ruby/core-proc.js";
import { RubyEnumerator } from "../../../runtime/ruby/core-enumerator.js";

const PREDICATES = ["is_a?", "kind_of?", "instance_of?", "in?"];

/** The tables coreSend consults before Object's (core-send.ts tableOf), and the Enumerator's own members. */
const BEFORE_OBJECT: object[] = [
  ...Object.entries(CORE_TABLES).filter(([k]) => k !== "object").map(([, t]) => t),
  KeyedHashMethods, SetMethods, RangeMethods, ProcMethods, RubyEnumerator.prototype,
];

/** The predicates Object's table answers for every value (none of the tables before it defines them). */
export const OBJECT_ONLY = new Set(PREDICATES.filter((m) => rubyToTs(m) in CORE_TABLES.object && !BEFORE_OBJECT.some((t) => rubyToTs(m) in t)));

const appNames = new WeakMap<object, Set<string>>();

/** The method names the app's Ruby defines or names as a Symbol (or a String literal) anywhere. */
export function namedByApp(app: AppModel): Set<string> {
  let out = appNames.get(app.parsed);
  if (!out) {
    out = new Set<string>();
    const files = appFiles(app);
    const seen = out;
    for (const f of files) {
      for (const stmt of f.body) {
        walk(stmt, (n) => {
          if (n.kind === "def") seen.add(n.name);
          if (n.kind === "sym") seen.add(n.name);
          if (n.kind === "str" && n.parts.length === 1 && typeof n.parts[0] === "string") seen.add(n.parts[0]);
        });
      }
    }
    appNames.set(app.parsed, out);
  }
  return out;
}

/** `x.is_a?(K)` on an unproved receiver as ObjectMethods' call; null where the rule does not apply. */
export function lowerKernelPredicate(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (!OBJECT_ONLY.has(call.method) || call.safeNav || call.block || call.args.length !== 1 || call.args[0]!.kind === "splat" || call.args[0]!.kind === "blockPass") return null;
  if (namedByApp(scope.env.app).has(call.method)) return null;
  return lit(`${scope.env.module.use("ObjectMethods")}.${rubyToTs(call.method)}(${[recv.code, ...lowerArgs(call.args, null, scope)].join(", ")})`, BOOL);
}
