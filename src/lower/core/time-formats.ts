// A callable format an initializer adds to Time::DATE_FORMATS, its parameter typed as the time it is given:
//   Time::DATE_FORMATS[:epoch] = ->(time) { (time.to_f * 1000).to_i }
//   indexSet(TimeClass.DATE_FORMATS, "epoch", rubyLambda((time: unknown) => ... TimeMethods.toF(time as Time) ...))
// Rails calls it from Time#to_fs, TimeWithZone#to_fs and DateTime#to_fs (`formatter.call(self)`), and the runtime's
// toFs likewise (zoned-time.ts: a Date or ZonedTime), so its one parameter is a time where nothing else in the app's
// Ruby reads Time::DATE_FORMATS (code that fetched the lambda could call it with anything) and the app names no
// constant Time of its own.
import type { AppModel } from "../../analyze/app-model.js";
import { constPath } from "../../analyze/constants.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import type { TsExpr } from "../expr.js";
import { lowerLambda } from "../procs.js";
import type { Scope } from "../scope.js";

const PATH = "Time::DATE_FORMATS";

/** The assignment's value lowered with its parameter typed a time; null where the rule does not apply. */
export function lowerTimeFormatValue(node: NodeOf<"assign">, scope: Scope): TsExpr | null {
  const target = node.target;
  if (target.kind !== "index" || target.args.length !== 1 || constPath(target.receiver) !== PATH) return null;
  const value = node.value;
  if (value.kind !== "lambda" || value.params.length !== 1 || value.params[0]!.kind !== "req") return null;
  if (!onlyWritten(scope.env.app, target.receiver)) return null;
  return lowerLambda(value.params, value.body, scope, [{ k: "time" }]);
}

const written = new WeakMap<object, Set<Node>>();

/** Whether every Time::DATE_FORMATS the app's Ruby names is the receiver of an `[]=` whose value is a lambda. */
function onlyWritten(app: AppModel, receiver: Node): boolean {
  if (app.models.has("Time") || app.plainClasses.some((d) => d.path === "Time")) return false;
  let ok = written.get(app.parsed);
  if (!ok) {
    ok = new Set<Node>();
    const files = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config, ...app.templates.values(), ...app.parsed.tests];
    const named: Node[] = [];
    const targets = new Set<Node>();
    for (const f of files) {
      for (const stmt of f.body) {
        walk(stmt, (n) => {
          if (n.kind === "const" && constPath(n) === PATH) named.push(n);
          if (n.kind === "assign" && n.target.kind === "index" && n.value.kind === "lambda") targets.add(n.target.receiver);
        });
      }
    }
    // (An empty set when any naming is not such a receiver: then none is typed.)
    if (named.every((n) => targets.has(n))) named.forEach((n) => ok!.add(n));
    written.set(app.parsed, ok);
  }
  return ok.has(receiver);
}
