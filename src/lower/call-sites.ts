// Parameters typed by what every call of the method passes (the join over its call sites), for methods whose every
// caller the lowering sees: a helper (helpers/param-types.ts), a model's instance method or scope (model/param-types.ts).
//   <%= message_tag message %>  (message: a Message)     def message_tag(message)      message: Message
//   room.receive(self)          (in Message)             def receive(message)          message: Message
//   can_administer?(message) / can_administer?           def can_administer?(record = nil)   record: Message (or nil)
// Each lowered call is recorded under its method's key with the type of each positional argument; a parameter is
// typed only when every call written in the app was lowered and recorded, and every one agrees on one model (a
// missing argument for a parameter defaulting to nil agrees with any), or on one value object of the runtime (a
// URI, a Net::HTTP response: types.ts' handedOnType).
import type { AppModel } from "../analyze/app-model.js";
import type { Node, NodeOf, Span } from "../parse/ir.js";
import { handedOnType, NIL, sameType, UNKNOWN, type RType } from "./types.js";
import { hashValueTypes } from "./expr.js";

/** By method key, by call site: each positional argument's type (null past a splat, an options hash or a block pass). */
type Recorded = Map<string, Map<string, RType[]>>;

const recorded = new WeakMap<AppModel, Recorded>();
/** By method key, by call site: the keyword arguments' types by name (null where the call's keywords are not literal). */
const recordedKeywords = new WeakMap<AppModel, Map<string, Map<string, Map<string, RType> | null>>>();

function recordedOf(app: AppModel): Recorded {
  let r = recorded.get(app);
  if (!r) recorded.set(app, (r = new Map()));
  return r;
}

export const siteKey = (span: Span): string => `${span.file}:${span.line}:${span.column}`;

/** Records one lowered call of the method `key` names, with its positional arguments' types. */
export function noteCall(app: AppModel, key: string, call: NodeOf<"call">, types: RType[]): void {
  const byKey = recordedOf(app);
  const sites = byKey.get(key) ?? new Map<string, RType[]>();
  byKey.set(key, sites);
  const cut = call.args.findIndex((a) => a.kind === "splat" || a.kind === "hash" || a.kind === "blockPass");
  sites.set(siteKey(call.span), cut < 0 ? types : [...types.slice(0, cut), ...types.slice(cut).map(() => UNKNOWN)]);
  // Keyword arguments: a last argument that is a Hash of Symbol keys, lowered as a plain object, and nothing after it.
  let byKw = recordedKeywords.get(app);
  if (!byKw) recordedKeywords.set(app, (byKw = new Map()));
  const kwSites = byKw.get(key) ?? new Map<string, Map<string, RType> | null>();
  byKw.set(key, kwSites);
  const last = call.args[call.args.length - 1];
  const rest = call.args.slice(0, -1);
  const literal = last?.kind === "hash" && last.pairs.every((p) => p.key.kind === "sym") && rest.every((a) => a.kind !== "splat" && a.kind !== "hash" && a.kind !== "blockPass");
  const kw = literal ? hashValueTypes.get(last) : undefined;
  const none = !last || (last.kind !== "hash" && last.kind !== "splat" && last.kind !== "blockPass" && rest.every((a) => a.kind !== "splat" && a.kind !== "hash" && a.kind !== "blockPass"));
  kwSites.set(siteKey(call.span), kw ? new Map(kw) : none ? new Map() : null);
}

/**
 * Keyword parameters' types over the sites recorded under `key`: a required keyword (`room:`) is typed where every
 * site passes it as one model; an optional one only where its default is nil and every site that passes it agrees.
 */
export function joinedKeywordTypes(app: AppModel, key: string, params: Array<{ name: string; nilDefault: boolean }>): Map<string, RType> {
  const out = new Map<string, RType>();
  const sites = recordedKeywords.get(app)?.get(key);
  if (!sites || !sites.size || [...sites.values()].some((s) => s === null)) return out;
  for (const p of params) {
    const at = [...sites.values()].map((s) => s!.get(p.name) ?? (p.nilDefault ? NIL : UNKNOWN)).filter((t) => !(p.nilDefault && t.k === "nil"));
    const first = at[0];
    if (!first || !handedOnType(first)) continue;
    if (at.every((t) => sameType(t, first))) out.set(p.name, first);
  }
  return out;
}

/** The keyword parameters a call site fills by name: required ones, and optional ones whose default is nil. */
export function keywordParams(def: { params: NodeOf<"def">["params"] }): Array<{ name: string; nilDefault: boolean }> {
  return def.params.flatMap((p): Array<{ name: string; nilDefault: boolean }> => (p.kind === "key" ? [{ name: p.name, nilDefault: false }] : p.kind === "keyopt" && p.default?.kind === "nil" ? [{ name: p.name, nilDefault: true }] : []));
}

/** Every call recorded so far, as text (the lowering's fixed point is where this stops changing). */
export function recordedFingerprint(app: AppModel): string {
  const text = (m: Map<string, Map<string, unknown>> | undefined) => JSON.stringify([...(m ?? new Map<string, Map<string, unknown>>())].map(([k, sites]) => [k, [...sites].map(([site, t]) => [site, t instanceof Map ? [...t] : t])]));
  return text(recorded.get(app)) + text(recordedKeywords.get(app));
}

/** Every site recorded for any key, by method name (the last part of the key after `#`, `.` or `:`). */
export function recordedSites(app: AppModel, key: string): Map<string, RType[]> | undefined {
  return recordedOf(app).get(key);
}

/** The sites recorded for a method of this name under any key (a class's, a model's, a plain class's: `...#name`, `...name`). */
export function recordedKeysOf(app: AppModel, name: string): Set<string> {
  const out = new Set<string>();
  for (const [key, sites] of recordedOf(app)) if (key.endsWith(`#${name}`) || key.endsWith(`.${name}`)) sites.forEach((_, site) => out.add(site));
  return out;
}

/** Whether every one of `written` was recorded under one of `keys`. */
export function allSeen(app: AppModel, keys: string[], written: Set<string>): boolean {
  const seen = new Set(keys.flatMap((k) => [...(recordedOf(app).get(k)?.keys() ?? [])]));
  return [...written].every((s) => seen.has(s));
}

/**
 * The leading parameters a call site fills by position: required ones, and optional ones whose default is nil.
 * `nilDefault[i]`: the parameter may be left out (then it is nil).
 */
export function positionalParams(def: { params: NodeOf<"def">["params"] }): Array<{ name: string; nilDefault: boolean }> {
  const out: Array<{ name: string; nilDefault: boolean }> = [];
  for (const p of def.params) {
    if (p.kind === "req") {
      if (out.some((o) => o.nilDefault)) break;
      out.push({ name: p.name, nilDefault: false });
    } else if (p.kind === "opt" && p.default?.kind === "nil") out.push({ name: p.name, nilDefault: true });
    else break;
  }
  return out;
}

/**
 * The parameters' types by position over the sites recorded under `key` (unknown where they do not agree): records or
 * relations of one model; `scalars` also a Time or a Number every site passes (never nil: a parameter defaulting to
 * nil stays untyped then).
 */
export function joinedTypes(sites: Map<string, RType[]>, params: Array<{ nilDefault: boolean }>, scalars = false): RType[] {
  return params.map((p, i) => {
    const at = [...sites.values()].map((t) => (i < t.length ? t[i]! : p.nilDefault ? NIL : UNKNOWN)).filter((t) => !(p.nilDefault && t.k === "nil"));
    const first = at[0];
    if (first && scalars && !p.nilDefault && (first.k === "time" || first.k === "number")) return at.every((t) => sameType(t, first)) ? first : UNKNOWN;
    // A value object that may be nil (a rich text's body) at some site, the object or nil at the others: either.
    const nullable = at.find((t): t is Extract<RType, { k: "maybe" }> => t.k === "maybe" && t.of.k === "runtime" && handedOnType(t.of));
    if (nullable) return at.every((t) => t.k === "nil" || sameType(t, nullable) || sameType(t, nullable.of)) ? nullable : UNKNOWN;
    // (A Hash, and permitted params handed on as they are, are values too.)
    if (!first || !(handedOnType(first) || first.k === "hash" || first.k === "params")) return UNKNOWN;
    return at.every((t) => sameType(t, first)) ? first : UNKNOWN;
  });
}

/** Every call node named one of `names` (with a receiver or not) in `files`, by name, as site keys. */
export function writtenCalls(files: Array<{ body: Node[] }>, names: Set<string>, walk: (n: Node, visit: (n: Node) => void) => void, test: (n: NodeOf<"call">) => boolean = () => true): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind !== "call" || !names.has(n.method) || !test(n)) return;
        out.set(n.method, (out.get(n.method) ?? new Set()).add(siteKey(n.span)));
      });
    }
  }
  return out;
}
