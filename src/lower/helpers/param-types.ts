// A helper's leading positional parameters typed by what every call of it passes (call-sites.ts):
//   <%= message_tag message do %>  (message: a Message)         def message_tag(message, &)
//   message_presentation(@message) (@message: a Message)        message: Message, so message.body is direct
// Every receiver-less call of the helper written in a template or a helper must have been lowered and recorded; a
// call with a receiver anywhere (`helpers.x`) or a Symbol naming it (`method(:x)`, `send(:x)`) leaves it untyped.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { allSeen, joinedTypes, noteCall, positionalParams, recordedSites, writtenCalls } from "../call-sites.js";
import type { RType } from "../types.js";

const key = (name: string) => `helper:${name}`;

/** Records one lowered call of a helper. */
export function noteHelperCall(app: AppModel, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, key(call.method), call, types);
}

/** The names of helpers reached in ways the lowering does not see (a receiver, a Symbol). */
function escapedHelpers(app: AppModel): Set<string> {
  const out = new Set<string>();
  const files: Array<{ body: Node[] }> = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.templates.values(), ...app.parsed.tests];
  // A hash literal's Symbol key (`data: { message_timestamp: t }`) names a key, not a method: only a send computed
  // from it could reach the helper, and a computed name escapes this analysis wherever it is written.
  const keys = new Set<Node>();
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "hash") for (const p of n.pairs) keys.add(p.key);
        if (n.kind === "sym" && !keys.has(n) && app.helperMethods.has(n.name)) out.add(n.name);
        if (n.kind === "call" && n.receiver !== null && n.receiver.kind !== "self" && app.helperMethods.has(n.method)) out.add(n.method);
      });
    }
  }
  return out;
}

/** Each helper's leading positional parameters' types, where every call site is seen and agrees. */
export function helperParamTypes(app: AppModel): Map<string, RType[]> {
  const escaped = escapedHelpers(app);
  const names = new Set(app.helperMethods.keys());
  const written = writtenCalls([...app.parsed.helpers, ...app.templates.values(), ...app.parsed.tests], names, walk, (n) => n.receiver === null || n.receiver.kind === "self");
  const out = new Map<string, RType[]>();
  for (const [name, def] of app.helperMethods) {
    const sites = recordedSites(app, key(name));
    const all = written.get(name);
    if (escaped.has(name) || !sites || !all || !allSeen(app, [key(name)], all)) continue;
    const types = joinedTypes(sites, positionalParams(def), true);
    if (types.some((t) => t.k !== "unknown")) out.set(name, types);
  }
  return out;
}
