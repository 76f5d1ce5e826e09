// A helper's instance variables are the view's (as are a template's that no one controller renders), which are the assigns of whichever controller rendered it: an ivar
// a helper reads is typed where every controller of the app that assigns it proves one model (records of one STI
// family: their nearest common model), or one relation of one model. A controller that never assigns it leaves it
// nil, which a record type stands for too.
//   def link_to_edit_room = link_to(..., data: { room_id: @room.id })    (@room: a Room in every controller)
// Unproved where anything but a controller may set it: a template, a helper, a mailer, a module (it may be mixed into
// any of them), an initializer assigning the name (or reflecting on ivars), or a render anywhere passing `assigns:`.
// (A channel's, a record's or another class's ivars are its own: no view reads them.)
import type { AppModel } from "../../analyze/app-model.js";
import { join, type ValueType } from "../../analyze/value-types.js";
import { join as join_, sep } from "node:path";
import { childNodes, walk, type Node } from "../../parse/ir.js";
import { provedType, type RType } from "../types.js";
import { plainClassFacts } from "../core/plain-calls.js";

/**
 * The ivar types of a helper, or of a template no controller's path owns (a layout, `rooms/show/_invitation`), from
 * the controllers' (controller.ts' controllerIvarTypes, by controller path).
 */
export function helperIvarTypes(app: AppModel, controllers: Map<string, Map<string, RType>>): Map<string, RType> {
  const out = new Map<string, RType>();
  const set = assignedOutsideControllers(app);
  if (set === null) return out;
  const read = new Set<string>();
  for (const f of [...app.parsed.helpers, ...app.templates.values()]) for (const stmt of f.body) walk(stmt, (n) => n.kind === "ivar" && read.add(n.name));
  for (const name of read) {
    if (set.has(name)) continue;
    const types = [...controllers.values()].flatMap((c) => (c.has(name) ? [c.get(name)!] : []));
    const proved = types.map(asValue);
    if (!types.length || proved.some((t) => t === null)) continue;
    const joined = provedType(join(proved, app.models));
    if (joined.k !== "unknown") out.set(name, joined);
  }
  return out;
}

function asValue(t: RType): ValueType {
  if (t.k === "model" && !t.model.startsWith("typeof ")) return { k: "record", model: t.model };
  if (t.k === "relation") return { k: "relation", model: t.model };
  return null;
}

/**
 * Ivars something other than a controller assigns; null where any may be set so (reflection, `assigns:`). A class
 * body's ivars are its instances' own (a record's, a job's), except a mailer's, whose views read them; a module's
 * may be mixed into a controller, a helper or a view, and count.
 */
function assignedOutsideControllers(app: AppModel): Set<string> | null {
  const out = new Set<string>();
  let any = false;
  // A mailer: under app/mailers, or any class of the app whose library base is ActionMailer::Base.
  const mailers = join_(app.parsed.root, "app/mailers") + sep;
  const mailerClasses = new Set(app.plainClasses.filter((d) => plainClassFacts(app, d.path)?.libraryBase === "ActionMailer::Base").map((d) => d.node));
  const files: Array<{ body: Node[]; absPath?: string }> = [...app.parsed.helpers, ...app.parsed.models, ...app.parsed.lib, ...app.parsed.config, ...app.templates.values()];
  const visit = (n: Node, ownIvars: boolean): void => {
    if (n.kind === "class" && ownIvars && !mailerClasses.has(n)) return;
    if ((n.kind === "assign" || n.kind === "opAssign") && n.target.kind === "ivar") out.add(n.target.name);
    else if (n.kind === "multiAssign") n.targets.forEach((t) => t.kind === "ivar" && out.add(t.name));
    else if (n.kind === "call" && /^instance_variable_set$|^instance_variables$/.test(n.method)) any = true;
    for (const child of childNodes(n)) visit(child, ownIvars);
  };
  for (const f of files) for (const stmt of f.body) visit(stmt, !(f.absPath ?? "").startsWith(mailers));
  // (A channel renders with assigns: too.)
  for (const f of [...files, ...app.parsed.controllers, ...app.parsed.channels]) {
    for (const stmt of f.body) walk(stmt, (n) => n.kind === "hash" && n.pairs.some((p) => p.key.kind === "sym" && p.key.name === "assigns") && (any = true));
  }
  return any ? null : out;
}
