// An XPath written as a literal (`doc.xpath("//meta[...]")`, `at_xpath`): checked at compile time against what the
// runtime's Nokogiri reads (runtime/gems/nokogiri/xpath.ts), so an expression it refuses is a diagnostic at the
// literal as well as the NotImplementedError it raises where the call runs.
//   html.xpath("//meta[@charset]")         (read: nothing reported)
//   html.xpath("//a | //b")                unsupported_construct at the literal: the operator | is not supported
import type { NodeOf } from "../../parse/ir.js";
import { literalString } from "../../parse/ir.js";
import type { Scope } from "../scope.js";
import { parseXPath, XPathUnsupported } from "../../../runtime/gems/nokogiri/xpath.js";

const XPATH_METHODS = new Set(["xpath", "at_xpath"]);

export function checkXPathLiteral(call: NodeOf<"call">, scope: Scope): void {
  if (!XPATH_METHODS.has(call.method) || !call.args.length) return;
  const source = literalString(call.args[0]!);
  if (source === null) return;
  try {
    parseXPath(source);
  } catch (e) {
    if (!(e instanceof XPathUnsupported)) throw e;
    scope.env.diags.report("unsupported_construct", call.args[0]!.span, `${e.message.replace(/^rails2ts: /, "")} by the runtime's Nokogiri (the call raises)`);
  }
}

/**
 * Whether a literal XPath selects elements only (a path whose last step is a name test or `*` on any axis but
 * attribute: the principal node type there is the element), so its NodeSet holds Nokogiri element nodes, never
 * attributes or text. False for anything else, or an expression the runtime does not read.
 */
export function xpathSelectsElements(call: NodeOf<"call">): boolean {
  const source = call.args.length === 1 ? literalString(call.args[0]!) : null;
  if (source === null) return false;
  try {
    const expr = parseXPath(source) as { t: string; steps?: Array<{ axis: string; test: { kind: string } }> };
    const last = expr.t === "path" ? expr.steps?.[expr.steps.length - 1] : undefined;
    return !!last && last.axis !== "attribute" && (last.test.kind === "name" || last.test.kind === "any");
  } catch (e) {
    if (e instanceof XPathUnsupported) return false;
    throw e;
  }
}
