// `validates` / `validates_<kind>_of` lines -> ValidationInfo entries; what cannot be lowered becomes a declined
// validation (valid? raises there), never a dropped one.
//
//   validates :email, format: { with: URI::MailTo::EMAIL_REGEXP }   options.with = { $regexp } (stdlib constant)
//   validates :code, format: { with: CODE }  (CODE = /\A\d+\z/)       the app's constant, resolved to its literal
//   validates :kind, inclusion: { in: KINDS }  (KINDS = %w[a b].freeze) options.in = ["a", "b"], the constant's literal
//   validates :name, presence: true, if: -> { draft? }               options.if = { $code } (record as self)
//   validates :title, uniqueness: true, unless: [:a?, :b?]           options.unless = ["a?", "b?"]
//   validates_presence_of :a, :b, on: :create                        validates :a, :b, presence: { on: :create }
//   format: { with: /^x$/ } without multiline: true                  declined: Rails raises ArgumentError on load
import type { Diagnostics } from "../diagnostics/index.js";
import { optionsOf, positionalArgs, literalString, type Node, type NodeOf, type Span } from "../parse/ir.js";
import { isSupportedValidator } from "../../runtime/active-record/validations.js";
import { rubyRegexToJs } from "../../runtime/ruby/regexp-translate.js";
import { declined, type DeclinedInfo } from "./model-declined.js";
import { literal, type Literal, type ValidationInfo } from "./models.js";

export interface ValidationContext {
  className: string;
  diags: Diagnostics;
  /** A constant's value when it is a Regexp literal (the app's constants, Ruby's stdlib ones), else null. */
  regexpConstant: (node: Node) => { source: string; flags: string } | null;
  /** The value a constant was assigned (`STATUSES = %w[a b].freeze`), for inclusion/exclusion's in:. */
  constantValue?: (node: Node) => Node | null;
}

// Options of `validates` that apply to every validator on the line rather than naming one.
// (strict: is not one: the runtime adds the error instead of raising StrictValidationFailed, so it is declined.)
const SHARED_VALIDATION_OPTIONS = new Set(["allow_nil", "allow_blank", "on", "if", "unless", "message"]);
const CONDITIONS = new Set(["if", "unless"]);

export interface ValidationsOut {
  validations: ValidationInfo[];
  declined: DeclinedInfo[];
}

export function validationsOf(call: NodeOf<"call">, ctx: ValidationContext): ValidationsOut {
  const out: ValidationsOut = { validations: [], declined: [] };
  const attributes = positionalArgs(call.args).map((a) => literalString(a) ?? "");
  const decline = (span: Span, detail: string) => out.declined.push(declined(ctx.diags, "unsupported_option", span, detail, { kind: "validation" }));
  const shared: Record<string, Literal> = {};
  const validators: Array<[string, Node]> = [];
  const sugar = /^validates_(\w+)_of$/.exec(call.method)?.[1];
  for (const [key, value] of optionsOf(call.args)) {
    if (!sugar && !SHARED_VALIDATION_OPTIONS.has(key)) validators.push([key, value]);
    else {
      const lit = sharedOption(key, value, ctx);
      if (lit === undefined) {
        // One declined entry for the whole line: none of its validators may run without the condition.
        decline(value.span, `${call.method} ${key}: with a value that is not a literal, a symbol or a lambda`);
        return out;
      }
      shared[key] = lit;
    }
  }
  if (sugar) validators.push([sugar, { kind: "true", span: call.span } as Node]);
  for (const [validator, value] of validators) {
    if (!isSupportedValidator(validator)) {
      decline(value.span, `validates ${validator}:`);
      continue;
    }
    const lit = validator === "format" ? formatValue(value, ctx) : validator === "inclusion" || validator === "exclusion" ? listValue(value, ctx) : literal(value, ctx.className);
    if (lit === undefined) {
      decline(value.span, `validates ${validator}: with a non-literal value`);
      continue;
    }
    // `format: /re/` and `inclusion: [..]` are shorthands for `with:` / `in:`.
    const own = lit !== null && typeof lit === "object" && !Array.isArray(lit) && !("$regexp" in lit) && !("$range" in lit) && !("$code" in lit)
      ? (lit as Record<string, Literal>)
      : lit === true ? {} : { [validator === "format" ? "with" : "in"]: lit };
    const options = { ...own, ...shared };
    if (validator === "format" && !formatLowered(options, value.span, ctx, out)) continue;
    for (const attribute of attributes) out.validations.push({ attribute, validator, options, span: call.span });
  }
  return out;
}

/** if:/unless: take a Symbol (method name), a lambda or proc, or an array of those; Rails refuses Strings. */
function sharedOption(key: string, value: Node, ctx: ValidationContext): Literal | undefined {
  if (!CONDITIONS.has(key)) return literal(value);
  const items = value.kind === "array" ? value.elements : [value];
  if (items.some((v) => v.kind === "str")) return undefined;
  return literal(value, ctx.className);
}

/** inclusion/exclusion's value with an in:/within: constant resolved to the literal it holds (`.freeze` or not). */
function listValue(value: Node, ctx: ValidationContext): Literal | undefined {
  return withConstants(value, ["in", "within"], ctx, (node) => {
    const assigned = ctx.constantValue?.(node) ?? null;
    const frozen = assigned?.kind === "call" && assigned.method === "freeze" && !assigned.args.length && assigned.receiver ? assigned.receiver : assigned;
    return frozen && frozen.kind !== "const" ? literal(frozen) : undefined;
  });
}

/** format's value with its with:/without: constants resolved to the Regexp literal they hold. */
function formatValue(value: Node, ctx: ValidationContext): Literal | undefined {
  return withConstants(value, ["with", "without"], ctx, (node) => {
    const found = ctx.regexpConstant(node);
    return found ? { $regexp: found } : undefined;
  });
}

/** A validator's value as a literal, a constant under one of `keys` (or as the shorthand value) by `constant`. */
function withConstants(value: Node, keys: string[], ctx: ValidationContext, constant: (node: Node) => Literal | undefined): Literal | undefined {
  const resolve = (node: Node) => (node.kind === "const" ? constant(node) : literal(node, ctx.className));
  if (value.kind !== "hash") return resolve(value);
  const out: Record<string, Literal> = {};
  for (const { key, value: v } of value.pairs) {
    const name = literalString(key);
    const lit = name !== null && keys.includes(name) ? resolve(v) : literal(v, ctx.className);
    if (name === null || lit === undefined) return undefined;
    out[name] = lit;
  }
  return out;
}

/**
 * A format regexp must have an exact JS spelling, and FormatValidator#check_options_validity's rule holds: a
 * source that starts with ^ or ends with $ needs multiline: true, or Rails raises ArgumentError when the class
 * loads (so the model is declined as a whole: instantiating it raises, as loading it does in Rails).
 */
function formatLowered(options: Record<string, Literal>, span: Span, ctx: ValidationContext, out: ValidationsOut): boolean {
  for (const key of ["with", "without"]) {
    const v = options[key];
    if (!v || typeof v !== "object" || Array.isArray(v) || !("$regexp" in v)) continue;
    const { source, flags } = (v as { $regexp: { source: string; flags: string } }).$regexp;
    if (options.multiline !== true && (source.startsWith("^") || (source.endsWith("$") && !source.endsWith("\\$")))) {
      out.declined.push(declined(ctx.diags, "unsupported_option", span, "validates format: a regexp with multiline anchors (^ or $) and no multiline: true (Rails raises ArgumentError when the model loads)", { kind: "model" }));
      return false;
    }
    if (!rubyRegexToJs(source, flags)) {
      out.declined.push(declined(ctx.diags, "unsupported_construct", span, `validates format: regexp /${source}/${flags} has no exact JS equivalent`, { kind: "validation" }));
      return false;
    }
  }
  return true;
}
