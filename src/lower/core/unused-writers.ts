// Whether a plain class's attr_writer is ever called: where nothing in the app's Ruby can reach `name=`, the ivar
// behind it is assigned only where the class's own code assigns it (plain-ivars.ts soleInitAssignments).
//   attr_accessor :html; def initialize(h) = @html = Nokogiri::HTML(h)     (no `x.html = ...`, no `send(:html=)`)
// Reached by: a call named `name=` (any receiver), a Symbol or String naming it (send(:html=, v)), a call that takes a
// method name it is not given literally (send, public_send, __send__, method, try...), or Active Model's attribute
// assignment (`new(html: h)`), which writes through the writers by the Hash's keys.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node } from "../../parse/ir.js";
import type { PlainClassFacts } from "./plain-calls.js";

/** Calls whose first argument names a method to call. */
const BY_NAME = new Set(["send", "public_send", "__send__", "method", "public_method", "try", "try!", "respond_to?"]);

const cache = new WeakMap<object, { named: Set<string>; dynamic: boolean }>();

/** Every method name the app's Ruby calls or names (`x=` calls, Symbols, Strings), and whether some name is computed. */
function namesOf(app: AppModel): { named: Set<string>; dynamic: boolean } {
  let r = cache.get(app.parsed);
  if (r) return r;
  r = { named: new Set(), dynamic: false };
  const out = r;
  const files: Array<{ body: Node[] }> = [
    ...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config,
    ...app.templates.values(), ...(app.parsed.seeds ? [app.parsed.seeds] : []), ...app.parsed.tests,
  ];
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "call") out.named.add(n.method);
        if (n.kind === "sym") out.named.add(n.name);
        if (n.kind === "str" && n.parts.length === 1 && typeof n.parts[0] === "string") out.named.add(n.parts[0]);
        if (n.kind === "call" && BY_NAME.has(n.method) && n.args[0] && n.args[0].kind !== "sym" && !(n.args[0].kind === "str" && n.args[0].parts.every((p) => typeof p === "string"))) out.dynamic = true;
      });
    }
  }
  cache.set(app.parsed, r);
  return r;
}

/** Whether the class's writer of `name` is reached by nothing in the app (see above). */
export function writerUnused(app: AppModel, facts: PlainClassFacts, name: string): boolean {
  if (facts.activeModel || !facts.writers.has(name)) return false;
  const { named, dynamic } = namesOf(app);
  return !dynamic && !named.has(`${name}=`);
}
