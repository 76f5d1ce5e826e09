// A helper's leading positional parameters typed by what every call of it passes (the join over its call sites):
//   <%= message_tag message do %>  (message: a Message)         def message_tag(message, &)
//   message_presentation(@message) (@message: a Message)        message: Message, so message.body is direct
// Every receiver-less call of the helper written in a template or a helper must have been lowered with that type
// at that position; a call with a receiver anywhere (`helpers.x`), a Symbol naming it (`method(:x)`, `send(:x)`),
// a splat or an options hash before it, or a site whose argument is not typed leaves the parameter unknown.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf, type Span } from "../../parse/ir.js";
import { sameType, UNKNOWN, type RType } from "../types.js";

/** Per helper, the argument types of each call site lowered so far (by position), keyed by the site. */
export type HelperCalls = Map<string, Map<string, RType[]>>;

const calls = new WeakMap<AppModel, HelperCalls>();

export function helperCalls(app: AppModel): HelperCalls {
  let c = calls.get(app);
  if (!c) calls.set(app, (c = new Map()));
  return c;
}

const siteKey = (span: Span) => `${span.file}:${span.line}:${span.column}`;

/** Records one lowered call of a helper: each positional argument's type (unknown past a splat or a hash). */
export function noteHelperCall(app: AppModel, call: NodeOf<"call">, types: RType[]): void {
  const byHelper = helperCalls(app);
  const sites = byHelper.get(call.method) ?? new Map<string, RType[]>();
  byHelper.set(call.method, sites);
  const cut = call.args.findIndex((a) => a.kind === "splat" || a.kind === "hash" || a.kind === "blockPass");
  sites.set(siteKey(call.span), cut < 0 ? types : types.slice(0, cut));
}

/** The names of helpers reached in ways the lowering does not see (a receiver, a Symbol). */
function escapedHelpers(app: AppModel): Set<string> {
  const out = new Set<string>();
  const files: Array<{ body: Node[] }> = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.templates.values()];
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "sym" && app.helperMethods.has(n.name)) out.add(n.name);
        if (n.kind === "call" && n.receiver !== null && n.receiver.kind !== "self" && app.helperMethods.has(n.method)) out.add(n.method);
      });
    }
  }
  return out;
}

/** Every receiver-less call of each helper written in the app's templates and helpers, by site. */
function writtenSites(app: AppModel): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of [...app.parsed.helpers, ...app.templates.values()]) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind !== "call" || (n.receiver !== null && n.receiver.kind !== "self") || !app.helperMethods.has(n.method)) return;
        out.set(n.method, (out.get(n.method) ?? new Set()).add(siteKey(n.span)));
      });
    }
  }
  return out;
}

/** Each helper's leading required parameters' types, where every call site is seen and agrees. */
export function helperParamTypes(app: AppModel): Map<string, RType[]> {
  const escaped = escapedHelpers(app);
  const written = writtenSites(app);
  const out = new Map<string, RType[]>();
  for (const [name, def] of app.helperMethods) {
    const sites = helperCalls(app).get(name);
    const all = written.get(name);
    if (escaped.has(name) || !sites || !all || [...all].some((k) => !sites.has(k))) continue;
    const lead = leadingRequired(def);
    const types = lead.map((_, i) => {
      const at = [...sites.values()].map((t) => t[i] ?? UNKNOWN);
      const first = at[0]!;
      return (first.k === "model" || first.k === "relation") && !first.model.startsWith("typeof ") && at.every((t) => sameType(t, first)) ? first : UNKNOWN;
    });
    if (types.some((t) => t.k !== "unknown")) out.set(name, types);
  }
  return out;
}

/** The required positional parameters before any other kind. */
export function leadingRequired(def: NodeOf<"def">): string[] {
  const out: string[] = [];
  for (const p of def.params) {
    if (p.kind !== "req") break;
    out.push(p.name);
  }
  return out;
}
