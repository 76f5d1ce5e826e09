// Compile-time literals (src/analyze/models.ts's Literal) -> TS source, for data the runtime receives as-is
// (model descriptors, route options).
//   { minimum: 10 }           { minimum: 10 }
//   { $regexp: /\A\d+\z/ }    new RegExp("(?<![\\s\\S])\\d+(?![\\s\\S])", "")
//   { $range: 2..20 }         [2, 20]           (integer ranges: inclusive bounds, as the validators read them)
import type { Literal } from "../analyze/models.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { Span } from "../parse/ir.js";
import { rubyRegexToJs } from "../../runtime/ruby/regexp-translate.js";

export type CodeLiteral = Extract<Literal, { $code: unknown }>;

/** `code` lowers `$code` entries (lambdas, blocks); without it they are declined. */
export function tsLiteral(value: Literal | undefined, diags: Diagnostics, span: Span, code?: (c: CodeLiteral) => string): string {
  if (value === undefined) return "undefined";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => tsLiteral(v, diags, span, code)).join(", ")}]`;
  if ("$code" in value && "self" in value) {
    if (code) return code(value as CodeLiteral);
    diags.report("unsupported_construct", span, "Ruby code where a literal is needed");
    return "null";
  }
  if ("$regexp" in value && typeof value.$regexp === "object" && value.$regexp !== null && !Array.isArray(value.$regexp)) {
    const { source, flags } = value.$regexp as { source: string; flags: string };
    const js = rubyRegexToJs(source, flags);
    if (js) return `new RegExp(${JSON.stringify(js.source)}, ${JSON.stringify(js.flags)})`;
    diags.report("unsupported_construct", span, `regexp /${source}/${flags} has no exact JS equivalent`);
    return "null";
  }
  if ("$range" in value && typeof value.$range === "object" && value.$range !== null && !Array.isArray(value.$range)) {
    const { from, to, exclusive } = value.$range as { from: number | null; to: number | null; exclusive: boolean };
    if (typeof from === "number" && typeof to === "number" && Number.isInteger(from) && Number.isInteger(to)) {
      return `[${from}, ${exclusive ? to - 1 : to}]`;
    }
    return `{ begin: ${JSON.stringify(from)}, end: ${JSON.stringify(to)}, exclusive: ${exclusive} }`;
  }
  const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${tsLiteral(v as Literal, diags, span, code)}`);
  return `{ ${entries.join(", ")} }`;
}
