// app/helpers/**/*_helper.rb -> the app's helper methods by Ruby name, in Rails' include order (`helper :all`
// includes every *_helper module, alphabetically; a later module's method of the same name wins).
import type { SourceFile } from "../parse/app.js";
import type { NodeOf } from "../parse/ir.js";
import { collectConstants } from "./constants.js";

export function analyzeHelpers(files: SourceFile[]): Map<string, NodeOf<"def">> {
  const methods = new Map<string, NodeOf<"def">>();
  const decls = collectConstants(files).filter((d) => d.kind === "module" && d.file.path.endsWith("_helper.rb"));
  decls.sort((a, b) => a.path.localeCompare(b.path));
  for (const decl of decls) {
    for (const stmt of decl.node.body) if (stmt.kind === "def" && !stmt.singleton) methods.set(stmt.name, stmt);
  }
  return methods;
}
