// Class-level calls to the app's own class methods whose bodies are themselves class-level macro calls, expanded
// at compile time with the call's arguments bound, as Ruby would run them when the class body loads:
//   def allow_unauthenticated_access(**options)          allow_unauthenticated_access only: :new
//     skip_before_action :require_authentication, **options   ->  skip_before_action :require_authentication, only: :new
//   end
// Only bodies made of receiver-less calls whose arguments are literals or the method's parameters are expanded;
// anything else returns null (the caller reports it).
import { literalString, type Node, type NodeOf } from "../parse/ir.js";

export function expandMacroCall(def: NodeOf<"def">, call: NodeOf<"call">): Node[] | null {
  const bindings = bind(def, call);
  if (!bindings) return null;
  const out: Node[] = [];
  for (const stmt of def.body) {
    if (stmt.kind !== "call" || stmt.receiver !== null || stmt.block) return null;
    const args = substituteArgs(stmt.args, bindings);
    if (!args) return null;
    out.push({ ...stmt, args, span: call.span });
  }
  return out;
}

interface Bindings {
  values: Map<string, Node>;
  /** `**options`: the pairs of the call's trailing hash that no named keyword took. */
  keyrest: { name: string; pairs: Array<{ key: Node; value: Node }> } | null;
}

function bind(def: NodeOf<"def">, call: NodeOf<"call">): Bindings | null {
  const args = [...call.args];
  const last = args[args.length - 1];
  const takesKeywords = def.params.some((p) => p.kind === "key" || p.kind === "keyopt" || p.kind === "keyrest");
  const hash = takesKeywords && last?.kind === "hash" ? (args.pop() as NodeOf<"hash">) : null;
  const values = new Map<string, Node>();
  let keyrest: Bindings["keyrest"] = null;
  let i = 0;
  for (const p of def.params) {
    if (p.kind === "req" || p.kind === "opt") {
      const arg = args[i++] ?? p.default;
      if (!arg) return null;
      values.set(p.name, arg);
    } else if (p.kind === "key" || p.kind === "keyopt") {
      const pair = hash?.pairs.find((x) => literalString(x.key) === p.name);
      const value = pair?.value ?? p.default;
      if (!value) return null;
      values.set(p.name, value);
    } else if (p.kind === "keyrest") {
      const named = new Set(def.params.filter((q) => q.kind === "key" || q.kind === "keyopt").map((q) => q.name));
      keyrest = { name: p.name, pairs: (hash?.pairs ?? []).filter((x) => !named.has(literalString(x.key) ?? "")) };
    } else return null;
  }
  return i >= args.length ? { values, keyrest } : null;
}

function substituteArgs(args: Node[], b: Bindings): Node[] | null {
  const out: Node[] = [];
  for (const arg of args) {
    if (arg.kind === "hash") {
      const pairs: Array<{ key: Node; value: Node }> = [];
      for (const pair of arg.pairs) {
        if (pair.key.kind === "dsplat" && pair.key.value.kind === "ident" && b.keyrest?.name === pair.key.value.name) pairs.push(...b.keyrest.pairs);
        else {
          const value = substitute(pair.value, b);
          if (!value) return null;
          pairs.push({ key: pair.key, value });
        }
      }
      if (pairs.length) out.push({ ...arg, pairs });
    } else if (arg.kind === "dsplat" && arg.value.kind === "ident" && b.keyrest?.name === arg.value.name) {
      if (b.keyrest.pairs.length) out.push({ kind: "hash", pairs: b.keyrest.pairs, span: arg.span });
    } else {
      const value = substitute(arg, b);
      if (!value) return null;
      out.push(value);
    }
  }
  return out;
}

function substitute(node: Node, b: Bindings): Node | null {
  if (node.kind === "ident") return b.values.get(node.name) ?? null;
  if (node.kind === "array") {
    const elements = node.elements.map((e) => substitute(e, b));
    return elements.every((e): e is Node => e !== null) ? { ...node, elements } : null;
  }
  if (node.kind === "lambda" || node.kind === "call") return node;
  return node;
}
