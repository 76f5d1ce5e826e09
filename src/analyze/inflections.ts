// config/initializers/*.rb's `ActiveSupport::Inflector.inflections` blocks -> the app's own rule set, evaluated
// at compile time (every name the compiler derives reads it) and kept as calls for the emitted app to replay:
//   ActiveSupport::Inflector.inflections(:en) do |inflect|
//     inflect.irregular "cactus", "cacti"          { locale: "en", method: "irregular", args: ["cactus", "cacti"] }
//     inflect.plural /^(ox)$/i, '\1en'             args: [{ source: "^(ox)$", flags: "im" }, "\\1en"]
//     inflect.uncountable %w( fish sheep )         args: [["fish", "sheep"]]
//     inflect.acronym "API"; inflect.human ...
//   end
// A rule that is not literal (a computed word, an interpolated or untranslatable regexp, another method) cannot be
// evaluated here: it is reported, and the emitted app raises at boot (its names would all be in doubt).
import { constPath } from "./constants.js";
import type { Diagnostics } from "../diagnostics/index.js";
import type { SourceFile } from "../parse/app.js";
import type { Node, Span } from "../parse/ir.js";
import { rubyRegexToJs, type JsRegex } from "../../runtime/ruby/regexp-translate.js";
import { createInflectionRegistry, inflections, withInflections, type InflectionRegistry } from "../../runtime/active-support/inflections.js";

export type InflectionArg = string | string[] | JsRegex;

export interface InflectionCall {
  locale: string;
  method: "plural" | "singular" | "irregular" | "uncountable" | "acronym" | "human";
  args: InflectionArg[];
}

export interface AppInflections {
  /** The rule set every inflector call reads while this app is analyzed and lowered. */
  registry: InflectionRegistry;
  /** The app's calls, in load order, for the emitted app to replay at boot. */
  calls: InflectionCall[];
  /** Where a rule could not be evaluated (the emitted app raises at boot naming it). */
  declined: { file: string; span: Span; what: string }[];
}

/** Arity of each rule method (uncountable takes any number of words or arrays). */
const METHODS: Record<InflectionCall["method"], number | null> = {
  plural: 2, singular: 2, irregular: 2, human: 2, acronym: 1, uncountable: null,
};

export function readInflections(config: SourceFile[], diags: Diagnostics): AppInflections {
  const result: AppInflections = { registry: createInflectionRegistry(), calls: [], declined: [] };
  for (const file of config) {
    if (!file.path.startsWith("config/initializers/")) continue;
    for (const node of file.body) readTopLevel(node, file, result, diags);
  }
  withInflections(result.registry, () => {
    for (const call of result.calls) applyCall(call);
  });
  return result;
}

function decline(result: AppInflections, diags: Diagnostics, file: SourceFile, span: Span, what: string): void {
  diags.report("unsupported_construct", span, `inflection rule not evaluated at compile time (${what})`);
  result.declined.push({ file: file.path, span, what });
}

/** `ActiveSupport::Inflector.inflections(:locale) do |inflect| ... end` (or `{ |inflect| ... }`). */
function readTopLevel(node: Node, file: SourceFile, result: AppInflections, diags: Diagnostics): void {
  if (node.kind !== "call" || node.method !== "inflections" || !node.receiver) return;
  const receiver = constPath(node.receiver);
  if (receiver !== "ActiveSupport::Inflector" && receiver !== "Inflector") return;
  const locale = node.args.length === 0 ? "en" : symbolOrString(node.args[0]!);
  const param = node.block?.params[0];
  if (locale === null || node.args.length > 1 || !node.block || node.block.params.length !== 1 || param?.kind !== "req") {
    decline(result, diags, file, node.span, "an inflections call other than `inflections(:locale) do |inflect| ... end`");
    return;
  }
  for (const stmt of node.block.body) {
    const call = readRule(stmt, param.name, locale);
    if (typeof call === "string") decline(result, diags, file, stmt.span, call);
    else result.calls.push(call);
  }
}

function readRule(stmt: Node, param: string, locale: string): InflectionCall | string {
  if (stmt.kind !== "call" || stmt.receiver?.kind !== "ident" || stmt.receiver.name !== param || stmt.block) {
    return "a statement other than `inflect.<rule>(literals)`";
  }
  const method = stmt.method as InflectionCall["method"];
  if (!(method in METHODS)) return `inflect.${stmt.method}`;
  const arity = METHODS[method];
  if (arity !== null && stmt.args.length !== arity) return `inflect.${method} with ${stmt.args.length} arguments`;
  const args: InflectionArg[] = [];
  for (const [i, arg] of stmt.args.entries()) {
    const value = literalArg(arg, method, i);
    if (value === null) return `a non-literal argument of inflect.${method}`;
    args.push(value);
  }
  return { locale, method, args };
}

/** The literal an argument is: a String, a Regexp (a rule's first argument only), or an Array of Strings. */
function literalArg(node: Node, method: InflectionCall["method"], index: number): InflectionArg | null {
  const text = staticString(node);
  if (text !== null) return text;
  if (node.kind === "regex" && index === 0 && (method === "plural" || method === "singular" || method === "human")) {
    return rubyRegexToJs(node.source, node.flags);
  }
  if (node.kind === "array" && method === "uncountable") {
    const words = node.elements.map(staticString);
    return words.every((w): w is string => w !== null) ? words : null;
  }
  return null;
}

function staticString(node: Node): string | null {
  return node.kind === "str" && node.parts.every((p) => typeof p === "string") ? node.parts.join("") : null;
}

function symbolOrString(node: Node): string | null {
  return node.kind === "sym" ? node.name : staticString(node);
}

/** One call on the registry `withInflections` made current (the emitted app makes the same call at boot). */
export function applyCall(call: InflectionCall): void {
  const set = inflections(call.locale);
  const [a, b] = call.args.map((arg) => (typeof arg === "object" && !Array.isArray(arg) ? new RegExp(arg.source, arg.flags) : arg));
  switch (call.method) {
    case "plural": return set.plural(a as RegExp | string, b as string);
    case "singular": return set.singular(a as RegExp | string, b as string);
    case "human": return set.human(a as RegExp | string, b as string);
    case "irregular": return set.irregular(a as string, b as string);
    case "acronym": return set.acronym(a as string);
    case "uncountable": return set.uncountable(...(call.args as (string | string[])[]));
  }
}
