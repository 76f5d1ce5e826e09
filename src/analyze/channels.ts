// app/channels/**/*.rb -> ChannelInfo: Action Cable connections and channels, with concerns flattened in (a
// connection may include a controller concern such as Authentication::SessionLookup).
//
//   class ApplicationCable::Connection < ActionCable::Connection::Base   { kind: "connection", identifiers: [...] }
//     identified_by :current_user
//   class RoomChannel < ApplicationCable::Channel                         { kind: "channel", publicMethods: [...] }
import type { Diagnostics } from "../diagnostics/index.js";
import type { SourceFile } from "../parse/app.js";
import { literalString, type Node, type NodeOf } from "../parse/ir.js";
import { collectConstants, flattenBody, resolveConstant, type ConstDecl } from "./constants.js";

export interface ChannelInfo {
  kind: "connection" | "channel";
  className: string;
  file: SourceFile;
  /** The parent, when it is one of the app's own channel classes (else the runtime's base). */
  superclass: string | null;
  identifiers: string[];
  methods: Array<NodeOf<"def">>;
  privateMethods: Set<string>;
  /** Class-level statements left after the known macros (reported; the channel raises on subscribe). */
  rest: Array<{ node: Node; diagnostic: string }>;
  /** `on_subscribe :present, unless: :subscription_rejected?` and the other subscribe/unsubscribe callback macros. */
  callbacks: Array<{ macro: string; methods: string[]; options: Record<string, string[]> }>;
}

/** Action Cable's channel callback macros (ActionCable::Channel::Callbacks), the runtime's static of each. */
export const CHANNEL_CALLBACKS: Record<string, string> = {
  before_subscribe: "beforeSubscribe", after_subscribe: "afterSubscribe", on_subscribe: "onSubscribe",
  before_unsubscribe: "beforeUnsubscribe", after_unsubscribe: "afterUnsubscribe", on_unsubscribe: "onUnsubscribe",
};

/** `on_subscribe :a, :b, if: :c?` with literal method names and conditions; null for any other form. */
function callbackMacro(stmt: Node): ChannelInfo["callbacks"][number] | null {
  if (stmt.kind !== "call" || stmt.receiver !== null || !(stmt.method in CHANNEL_CALLBACKS) || stmt.block) return null;
  const methods: string[] = [];
  const options: Record<string, string[]> = {};
  for (const arg of stmt.args) {
    if (arg.kind === "hash") {
      for (const pair of arg.pairs) {
        const key = pair.key.kind === "sym" ? pair.key.name : null;
        if (key !== "if" && key !== "unless") return null;
        const values = pair.value.kind === "array" ? pair.value.elements : [pair.value];
        const names = values.map((v) => literalString(v));
        if (names.some((n) => n === null)) return null;
        options[key] = names as string[];
      }
      continue;
    }
    const name = literalString(arg);
    if (name === null) return null;
    methods.push(name);
  }
  return methods.length ? { macro: stmt.method, methods, options } : null;
}

const BASES: Record<string, ChannelInfo["kind"]> = {
  "ActionCable::Connection::Base": "connection",
  "ActionCable::Channel::Base": "channel",
};

/** `files` are app/channels; `concernFiles` are where included modules may live (app/controllers/concerns...). */
export function analyzeChannels(files: SourceFile[], concernFiles: SourceFile[], diags: Diagnostics): ChannelInfo[] {
  const decls = collectConstants([...files, ...concernFiles]);
  const own = new Set(files.map((f) => f.absPath));
  const classes = new Map<string, ConstDecl[]>();
  const modules = new Map<string, ConstDecl[]>();
  for (const d of decls) {
    const map = d.kind === "class" ? classes : modules;
    if (d.kind === "class" && !own.has(d.file.absPath)) continue;
    map.set(d.path, [...(map.get(d.path) ?? []), d]);
  }
  const known = new Set([...classes.keys(), ...Object.keys(BASES)]);
  const parentOf = (list: ConstDecl[]) => {
    const decl = list.find((d) => d.superclassName) ?? list[0]!;
    return decl.superclassName ? (resolveConstant(decl.superclassName, decl.nesting.slice(1), known) ?? decl.superclassName) : null;
  };
  const kindOf = (path: string, depth = 0): ChannelInfo["kind"] | null => {
    if (BASES[path]) return BASES[path]!;
    const list = classes.get(path);
    const parent = list ? parentOf(list) : null;
    return parent && depth < 20 ? kindOf(parent, depth + 1) : null;
  };
  const out: ChannelInfo[] = [];
  for (const [path, list] of classes) {
    const kind = kindOf(path);
    if (!kind) continue;
    const parent = parentOf(list);
    const flat = flattenBody(list, list, modules);
    const info: ChannelInfo = {
      kind, className: path, file: list[0]!.file, superclass: parent && classes.has(parent) ? parent : null,
      identifiers: [], methods: flat.methods, privateMethods: flat.privateMethods, rest: [], callbacks: [],
    };
    for (const inc of flat.unresolvedIncludes) diags.report("unresolved_constant", inc.node.span, `include ${inc.name}`);
    for (const stmt of flat.body) {
      const callback = kind === "channel" ? callbackMacro(stmt) : null;
      if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "identified_by") {
        info.identifiers.push(...stmt.args.map((a) => literalString(a)).filter((n): n is string => n !== null));
      } else if (callback) {
        info.callbacks.push(callback);
      } else {
        const d = diags.report("unsupported_construct", stmt.span, `${stmt.kind === "call" ? stmt.method : stmt.kind} in a channel class`);
        info.rest.push({ node: stmt, diagnostic: `${d.code}: ${d.message}` });
      }
    }
    out.push(info);
  }
  // Parents before children, so emitted modules can import their parent.
  return out.sort((a, b) => depthOf(a, out) - depthOf(b, out));
}

function depthOf(c: ChannelInfo, all: ChannelInfo[], n = 0): number {
  const parent = c.superclass ? all.find((x) => x.className === c.superclass) : undefined;
  return parent && n < 20 ? depthOf(parent, all, n + 1) : n;
}
