// `class Current < ActiveSupport::CurrentAttributes` -> CurrentInfo: attribute names, methods (all class-level,
// as CurrentAttributes delegates its singleton to the per-request instance) and `delegate ... to:` lines.
import type { Diagnostics } from "../diagnostics/index.js";
import { literalString, optionsOf, positionalArgs, type Block, type Node, type NodeOf, type Span } from "../parse/ir.js";
import type { ConstDecl } from "./constants.js";

export interface DelegateInfo {
  methods: string[];
  to: string;
  prefix: string | null;
  allowNil: boolean;
}

/** `before_reset` / `resets` (`after_reset`): methods named, or a block. */
export interface ResetCallback {
  kind: "before" | "after";
  methods: string[];
  block: Block | null;
}

export interface CurrentInfo {
  className: string;
  file: ConstDecl["file"];
  attributes: string[];
  /** `attribute :a, :b, default: value`: the value (a lambda is called, anything else dup'ed, per reset). */
  defaults: Array<{ names: string[]; value: Node }>;
  resets: ResetCallback[];
  methods: Array<NodeOf<"def">>;
  delegates: DelegateInfo[];
  /** Statements not lowered, each with its diagnostic: the class raises when used (the first is named). */
  declined: Array<{ line: number; diagnostic: string }>;
  span: Span;
}

const RESET_CALLBACKS: Record<string, ResetCallback["kind"]> = { before_reset: "before", resets: "after", after_reset: "after" };

export function isCurrentAttributes(decl: ConstDecl): boolean {
  return decl.superclassName === "ActiveSupport::CurrentAttributes";
}

export function analyzeCurrent(decls: ConstDecl[], diags: Diagnostics): CurrentInfo {
  const info: CurrentInfo = { className: decls[0]!.path, file: decls[0]!.file, attributes: [], defaults: [], resets: [], methods: [], delegates: [], declined: [], span: decls[0]!.node.span };
  const decline = (span: Span, detail: string) => {
    const d = diags.report("unsupported_construct", span, detail);
    info.declined.push({ line: span.line, diagnostic: `${d.code}: ${d.message}` });
  };
  for (const decl of decls) {
    for (const stmt of decl.node.body) {
      if (stmt.kind === "def") info.methods.push(stmt);
      else if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "attribute") {
        const names = positionalArgs(stmt.args).map((a) => literalString(a));
        const options = optionsOf(stmt.args);
        const unknown = [...options.keys()].filter((k) => k !== "default");
        if (names.some((n) => n === null) || unknown.length || (stmt.args.at(-1)?.kind === "hash" && options.size === 0)) {
          decline(stmt.span, `attribute ${unknown.length ? `${unknown.join(", ")}: ` : "with names that are not literals "}in a CurrentAttributes class`);
          continue;
        }
        info.attributes.push(...(names as string[]));
        const value = options.get("default");
        if (value) info.defaults.push({ names: names as string[], value });
      } else if (stmt.kind === "call" && stmt.receiver === null && RESET_CALLBACKS[stmt.method]) {
        const methods = stmt.args.map((a) => literalString(a));
        if (methods.some((m) => m === null) || (!stmt.block && methods.length === 0)) {
          decline(stmt.span, `${stmt.method} with arguments that are not method names`);
          continue;
        }
        info.resets.push({ kind: RESET_CALLBACKS[stmt.method]!, methods: methods as string[], block: stmt.block ?? null });
      } else if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "delegate") {
        const options = optionsOf(stmt.args);
        const prefixNode = options.get("prefix");
        const to = literalString(options.get("to")) ?? "";
        info.delegates.push({
          methods: positionalArgs(stmt.args).map((a) => literalString(a) ?? ""),
          to,
          prefix: prefixNode?.kind === "true" ? to : (literalString(prefixNode) ?? null),
          allowNil: options.get("allow_nil")?.kind === "true",
        });
      } else decline(stmt.span, `${stmt.kind} in a CurrentAttributes class`);
    }
  }
  return info;
}
