// `class Current < ActiveSupport::CurrentAttributes` -> CurrentInfo: attribute names, methods (all class-level,
// as CurrentAttributes delegates its singleton to the per-request instance) and `delegate ... to:` lines.
import type { Diagnostics } from "../diagnostics/index.js";
import { literalString, optionsOf, positionalArgs, type NodeOf, type Span } from "../parse/ir.js";
import type { ConstDecl } from "./constants.js";

export interface DelegateInfo {
  methods: string[];
  to: string;
  prefix: string | null;
  allowNil: boolean;
}

export interface CurrentInfo {
  className: string;
  file: ConstDecl["file"];
  attributes: string[];
  methods: Array<NodeOf<"def">>;
  delegates: DelegateInfo[];
  span: Span;
}

export function isCurrentAttributes(decl: ConstDecl): boolean {
  return decl.superclassName === "ActiveSupport::CurrentAttributes";
}

export function analyzeCurrent(decls: ConstDecl[], diags: Diagnostics): CurrentInfo {
  const info: CurrentInfo = { className: decls[0]!.path, file: decls[0]!.file, attributes: [], methods: [], delegates: [], span: decls[0]!.node.span };
  for (const decl of decls) {
    for (const stmt of decl.node.body) {
      if (stmt.kind === "def") info.methods.push(stmt);
      else if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "attribute") {
        info.attributes.push(...stmt.args.map((a) => literalString(a)).filter((n): n is string => n !== null));
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
      } else diags.report("unsupported_construct", stmt.span, `${stmt.kind} in a CurrentAttributes class`);
    }
  }
  return info;
}
