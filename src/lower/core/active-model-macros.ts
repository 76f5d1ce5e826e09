// The Active Model macros of a plain class body -> one `defineActiveModel(Class, {...})` call
// (runtime/active-model/define.ts), the same data shapes and validators Active Record models use.
//
//   include ActiveModel::Model / ::Validations / ::Attributes    the runtime base ActiveModel (valid?, errors, ...)
//   attribute :age, :integer, default: 18                        attributes: [{ name: "age", type: "integer", default: 18 }]
//   validates :name, presence: true, length: { maximum: 20 }     validations: [...] (analyze/model-validations.ts)
//   validate :check, on: :create / validate { errors.add ... }   callbacks: [{ event: "validate", method | fn, options }]
//   before_validation / after_validation (Validations::Callbacks) callbacks: [...]
//   attribute :x, SomeType.new / validates_with / anything else   declined: a diagnostic, and the class raises on new
import { callbacksOf, literal, type Literal } from "../../analyze/models.js";
import { validationsOf } from "../../analyze/model-validations.js";
import type { DeclinedInfo } from "../../analyze/model-declined.js";
import { rubyStdlibRegexp } from "../../analyze/stdlib-constants.js";
import { constPath } from "../../analyze/constants.js";
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf, type Span } from "../../parse/ir.js";
import { tsLiteral } from "../literal.js";
import type { LowerEnv } from "../scope.js";
import { procFunction } from "../model/class-body.js";
import { isJsIdentifier, rubyToTs } from "../names.js";
import { MODEL_TYPES } from "../../../runtime/active-model/type.js";
import { MODEL_CHECKS } from "../../../runtime/active-model/validations.js";

/** The includes that make a plain class an Active Model one (the runtime base class ActiveModel). */
export const ACTIVE_MODEL_INCLUDES = ["ActiveModel::Model", "ActiveModel::API", "ActiveModel::Conversion", "ActiveModel::Validations", "ActiveModel::Attributes", "ActiveModel::Validations::Callbacks"];

const VALIDATION_CALLBACKS = new Set(["before_validation", "after_validation"]);

interface Entry {
  value: Literal;
  at: number;
}

/** Collects one class's Active Model declarations in body order, then emits them as one descriptor. */
export class ActiveModelDeclarations {
  private readonly attributes: Literal[] = [];
  private readonly validations: Entry[] = [];
  private readonly callbacks: Entry[] = [];
  readonly declined: DeclinedInfo[] = [];

  constructor(
    private readonly className: string,
    private readonly includes: Set<string>,
    /** NAME = /re/ in the class body, for format: with: NAME. */
    private readonly body: Node[],
  ) {}

  /** Whether `stmt` is one of the macros; when it is, it is recorded (or declined) and its members returned. */
  take(stmt: Node, env: LowerEnv): string[] | null {
    if (stmt.kind !== "call" || stmt.receiver !== null) return null;
    const m = stmt.method;
    if (m === "attribute" && this.includes.has("ActiveModel::Attributes")) return this.attribute(stmt, env);
    if (m === "validates" || /^validates_\w+_of$/.test(m)) {
      const out = validationsOf(stmt, { className: this.className, diags: env.diags, regexpConstant: (node) => this.regexpConstant(node), constantValue: (node) => this.constantValue(node) });
      const refused = new Set<string>();
      for (const { span, ...v } of out.validations) {
        // uniqueness is Active Record's (it queries): Rails raises "Unknown validator" when the class loads.
        if (v.validator in MODEL_CHECKS) this.validations.push({ value: v as unknown as Literal, at: order(span) });
        else if (!refused.has(v.validator)) {
          refused.add(v.validator);
          this.declineValidator(v.validator, span, env);
        }
      }
      this.declined.push(...out.declined);
      return [];
    }
    if (m === "validate" || (VALIDATION_CALLBACKS.has(m) && this.includes.has("ActiveModel::Validations::Callbacks"))) {
      const out = callbacksOf(stmt, this.className, env.diags);
      for (const { span, method, code, ...c } of out.callbacks) {
        this.callbacks.push({ value: { ...c, ...(method ? { method: rubyToTs(method) } : {}), ...(code ? { fn: code } : {}) } as Literal, at: order(span) });
      }
      this.declined.push(...out.declined);
      return [];
    }
    return null;
  }

  private declineValidator(validator: string, span: Span, env: LowerEnv): void {
    const d = env.diags.report("unsupported_option", span, `validates ${validator}: on a class that is not an Active Record model (Rails: Unknown validator)`);
    this.declined.push({ kind: "model", diagnostic: `${d.code}: ${d.message}`, span });
  }

  private attribute(call: NodeOf<"call">, env: LowerEnv): string[] {
    const [nameNode, typeNode] = positionalArgs(call.args);
    const name = nameNode ? literalString(nameNode) : null;
    const type = typeNode ? literalString(typeNode) : null;
    const decline = (span: Span, detail: string) => {
      const d = env.diags.report("unsupported_construct", span, detail);
      this.declined.push({ kind: "model", diagnostic: `${d.code}: ${d.message}`, span });
      return [];
    };
    if (!name) return decline(call.span, "attribute without a literal name");
    if (typeNode && (type === null || !(type in MODEL_TYPES))) return decline(typeNode.span, `attribute ${name} of a type ActiveModel does not register by that name`);
    const descriptor: Record<string, Literal> = { name, ...(type ? { type } : {}) };
    for (const [key, value] of optionsOf(call.args)) {
      const lit = key === "default" ? literal(value, this.className) : undefined;
      if (lit === undefined) return decline(value.span, `attribute ${key}:${key === "default" ? " with a value that is not a literal or a lambda" : ""}`);
      descriptor.default = lit;
    }
    this.attributes.push(descriptor);
    return [`declare ${isJsIdentifier(name) ? name : JSON.stringify(name)}: unknown;`];
  }

  /** A constant the class body assigns (`KINDS = %w[a b]`): its value. */
  private constantValue(node: Node): Node | null {
    const path = constPath(node);
    const own = path ? this.body.find((s): s is NodeOf<"assign"> => s.kind === "assign" && s.target.kind === "const" && s.target.name === path) : undefined;
    return own?.value ?? null;
  }

  private regexpConstant(node: Node): { source: string; flags: string } | null {
    const own = this.constantValue(node);
    if (own) return own.kind === "regex" ? { source: own.source, flags: own.flags } : null;
    const path = constPath(node);
    return path ? rubyStdlibRegexp(path.replace(/^::/, "")) : null;
  }

  /** The defineActiveModel statement, or null when the class declared nothing. */
  emit(name: string, span: Span, env: LowerEnv, classEnv: LowerEnv): string | null {
    if (!this.attributes.length && !this.validations.length && !this.callbacks.length) return null;
    const sorted = (list: Entry[]) => list.sort((a, b) => a.at - b.at).map((e) => ({ ...(e.value as object), at: e.at }) as Literal);
    // Validations and callbacks run with self the object; an attribute's default lambda with self the class.
    const attributes = tsLiteral(this.attributes, env.diags, span, (c) => procFunction(c, classEnv, `typeof ${name}`));
    const onObject = (list: Entry[]) => tsLiteral(sorted(list), env.diags, span, (c) => procFunction(c, env, name));
    return `${env.module.use("defineActiveModel")}(${name}, { attributes: ${attributes}, validations: ${onObject(this.validations)}, callbacks: ${onObject(this.callbacks)} });`;
  }
}

/** Rails runs validations and callbacks in declaration order across kinds: the position in the file is that order. */
function order(span: Span): number {
  return span.line * 100_000 + span.column;
}
