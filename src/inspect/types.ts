// `inspect <app> --types`: what the compiler proved of the app's values, and every call it left to run-time
// dispatch with why, per file, then the count for the whole app and the most common reasons.
//   Current.user: User
//   app/models/webhook.rb
//     9:5 send message.room   local `message`: its type is not proved
//   1 dynamic send in 1 file
import { relative } from "node:path";
import type { CompileResult } from "../compile.js";

export function describeTypes(root: string, result: Pick<CompileResult, "dynamicSites" | "currentTypes">): string {
  const lines: string[] = [];
  for (const [cls, attrs] of result.currentTypes) {
    for (const [attr, model] of attrs) lines.push(`${cls}.${attr}: ${model}`);
  }
  const byFile = new Map<string, CompileResult["dynamicSites"] extends Map<string, infer S> ? S[] : never>();
  for (const site of result.dynamicSites.values()) {
    const file = relative(root, site.span.file);
    byFile.set(file, [...(byFile.get(file) ?? []), site]);
  }
  const reasons = new Map<string, number>();
  for (const file of [...byFile.keys()].sort()) {
    lines.push(file);
    const sites = byFile.get(file)!.sort((a, b) => a.span.line - b.span.line || a.span.column - b.span.column);
    for (const s of sites) {
      lines.push(`  ${s.span.line}:${s.span.column} ${s.dispatch} .${s.method}   ${s.reason}`);
      reasons.set(s.category, (reasons.get(s.category) ?? 0) + 1);
    }
  }
  const total = result.dynamicSites.size;
  lines.push(`${total} dynamic ${total === 1 ? "send" : "sends"} in ${byFile.size} ${byFile.size === 1 ? "file" : "files"}`);
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(5)}  ${reason}`);
  return lines.join("\n") + "\n";
}
