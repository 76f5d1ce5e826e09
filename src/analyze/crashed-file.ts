// A model or controller file the parser crashed on as a whole (its body one crash node) defines nothing, so what
// names its class would be an unresolved constant or a 404, hiding the crash. Rails' autoloader expects the file
// to define the class its path implies (app/models/admin/user.rb: Admin::User, camelized with the app's
// inflections), so that class stands in, its body the crash node: the class-body-statement mechanism (crashed.ts)
// then declines the model as a whole, and gives the controller a filter that raises, naming the internal_error.
import { isCrashNode } from "../parse/crash.js";
import type { SourceFile } from "../parse/app.js";
import type { Node, NodeOf } from "../parse/ir.js";
import { camelize } from "../../runtime/active-support/inflector.js";

/** Rewrites each wholly crashed file under `dir` into the class its path implies (call inside the app's inflections). */
export function standInClasses(files: SourceFile[], dir: string, superclass: string, base: string): void {
  for (const file of files) {
    const only = file.body.length === 1 ? file.body[0]! : null;
    // A concern is a module, not a class: nothing stands in for it (what includes it names the crash's file).
    if (!only || !isCrashNode(only) || !file.path.startsWith(`${dir}/`) || file.path.startsWith(`${dir}/concerns/`) || !file.path.endsWith(".rb")) continue;
    const span = only.span;
    const path = (names: string[]) => names.reduce<Node | null>((scope, name) => ({ kind: "const", scope, name, span }), null)!;
    const names = file.path.slice(dir.length + 1, -3).split("/").map((p) => camelize(p));
    const parent = names.join("::") === superclass ? base : superclass;
    file.body = [{ kind: "class", name: path(names), superclass: path(parent.split("::")), body: [only], span }];
  }
}

/** Whether `file` is one the parser crashed on, now the stand-in class above. */
export function isStandInFile(file: SourceFile): boolean {
  const only = file.body.length === 1 ? file.body[0]! : null;
  return only?.kind === "class" && only.body.length === 1 && isCrashNode(only.body[0]!);
}

/**
 * The actions the routes send to a stand-in controller: its actions are unknown, and without them a route would
 * answer 404 (AbstractController::ActionNotFound) and hide the crash; with them the raising filter runs first.
 */
export function standInActions(routes: Array<{ controller: string; action: string }>, controllerPath: string, span: Node["span"]): Array<NodeOf<"def">> {
  const names = [...new Set(routes.filter((r) => r.controller === controllerPath).map((r) => r.action))];
  return names.map((name) => ({ kind: "def", name, singleton: false, params: [], body: [], span }));
}
