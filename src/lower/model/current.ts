// A CurrentAttributes class -> a TS class of statics over the runtime's per-request store.
//   attribute :user                         static get user() / static set user(v)
//   delegate :host, to: :request, prefix: true, allow_nil: true   static requestHost() { return sendSafe(this.request, "host"); }
//   def account = Account.first             static account() { return Account.first(); }
import type { AppModel } from "../../analyze/app-model.js";
import type { CurrentInfo } from "../../analyze/current.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import { modelFile, type EmittedModule } from "../emitted-module.js";
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { makeEnv } from "../env.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import { lowerBlockFn } from "../procs.js";
import { camel, rubyToTs, tsIdent } from "../names.js";
import { Scope } from "../scope.js";
import { provedType, railsObjectType, UNKNOWN, type RType } from "../types.js";
import { lowerMethodBody } from "../jumps.js";

export function lowerCurrent(info: CurrentInfo, app: AppModel, diags: Diagnostics): EmittedModule {
  const env = makeEnv(app, diags, "script", { selfExpr: "this", nesting: [info.className] });
  env.selfCall = (call, scope) => currentCall(info, lit("this"), call, scope);
  const base = env.module.use("CurrentAttributes");
  const members: string[] = [];
  for (const name of info.attributes) {
    // An attribute every assignment proves to hold a model's records reads as that model (nil when unset).
    const model = attributeType(info, name, app);
    const read = `this.readAttribute(${JSON.stringify(name)})`;
    members.push(model.k !== "unknown"
      ? `static get ${name}(): ${env.typeName(model)} {\nreturn ${read} as ${env.typeName(model)};\n}`
      : `static get ${name}(): unknown {\nreturn ${read};\n}`);
    members.push(`static set ${name}(value: unknown) {\nthis.writeAttribute(${JSON.stringify(name)}, value);\n}`);
  }
  for (const d of info.delegates) {
    for (const m of d.methods) {
      const name = camel(d.prefix ? `${d.prefix}_${m}` : m);
      const target = info.attributes.includes(d.to) ? `this.${d.to}` : `this.${rubyToTs(d.to)}()`;
      const typed = info.attributes.includes(d.to) ? delegatedCall(info, d.to, m, d.allowNil, env) : null;
      members.push(`static ${name}(): unknown {\nreturn ${typed ?? `${env.module.use(d.allowNil ? "sendSafe" : "send")}(${target}, ${JSON.stringify(m)})`};\n}`);
    }
  }
  for (const def of info.methods) {
    const scope = new Scope(env);
    const params = def.params.map((p) => `${scope.declare(p.name, UNKNOWN).ts}: unknown`);
    members.push(`static ${rubyToTs(def.name)}(${params.join(", ")}) {\n${lowerMethodBody(def.body, scope).join("\n")}\n}`);
  }
  const registered = registration(info, env);
  if (registered) members.push(registered);
  const code = `export class ${tsIdent(info.className)} extends ${base} {\n${members.join("\n\n")}\n}`;
  // A statement declined above makes every use of the class raise (its attributes are read through the instance),
  // naming the first such site: never a Current that runs on without it.
  const declined = info.declined[0];
  const statements = declined
    ? [code, `${env.module.use("declineClass")}(${tsIdent(info.className)}, ${JSON.stringify(`${info.file.path}:${declined.line}`)}, ${JSON.stringify(declined.diagnostic)});`]
    : [code];
  return { path: `models/${modelFile(info.className)}.ts`, state: env.module, statements, from: info.file.absPath };
}

/**
 * Defaults and reset callbacks, registered when the class is defined (a static block: `this` is the class, which
 * answers for the execution's instance as CurrentAttributes' singleton delegation does):
 *   attribute :tags, default: -> { [] }     defaults: { tags: rubyLambda(() => [], []) }
 *   resets { Time.zone = nil }              afterReset: [() => { ... }]
 */
function registration(info: CurrentInfo, env: ReturnType<typeof makeEnv>): string | null {
  if (!info.defaults.length && !info.resets.length) return null;
  const scope = new Scope(env);
  const defaults = info.defaults.flatMap(({ names, value }) => {
    const code = lowerExpr(value, scope).code;
    return names.map((n) => `${JSON.stringify(n)}: ${code}`);
  });
  const callbacks = (kind: "before" | "after") =>
    info.resets
      .filter((r) => r.kind === kind)
      .flatMap((r) => [...r.methods.map((m) => `() => this.${rubyToTs(m)}()`), ...(r.block ? [lowerBlockFn(r.block, scope).code] : [])]);
  const descriptor = [
    `attributes: ${JSON.stringify(info.attributes)}`,
    `defaults: { ${defaults.join(", ")} }`,
    `beforeReset: [${callbacks("before").join(", ")}]`,
    `afterReset: [${callbacks("after").join(", ")}]`,
  ];
  return `static {\n${env.module.use("defineCurrentAttributes")}(this, { ${descriptor.join(", ")} });\n}`;
}

/** The type analysis proved for an attribute (analyze/current-types.ts), else unknown. */
function attributeType(info: CurrentInfo, name: string, app: AppModel): RType {
  const proved = app.currentTypes.get(info.className)?.get(name);
  if (!proved) return UNKNOWN;
  return app.models.has(proved) ? { k: "model", model: proved } : railsObjectType(proved);
}

/**
 * `delegate :host, to: :request, allow_nil: true` where the attribute's type is proved: the delegated call as the
 * class's own code would write it (`request&.host`), lowered as any call on that type; null when it stays dynamic.
 */
function delegatedCall(info: CurrentInfo, to: string, method: string, allowNil: boolean, env: ReturnType<typeof makeEnv>): string | null {
  const t = attributeType(info, to, env.app);
  if (t.k === "unknown") return null;
  const span = info.span;
  const recv: NodeOf<"call"> = { kind: "call", receiver: null, method: to, args: [], block: null, safeNav: false, parens: false, span };
  const e = lowerExpr({ kind: "call", receiver: recv, method, args: [], block: null, safeNav: allowNil, parens: false, span }, new Scope(env));
  return /\b(send|sendSafe|coreSend)\(/.test(e.code) ? null : e.code;
}

/** `Current.user`, `Current.user = u`, `Current.account`, and the same names receiver-less inside the class. */
export function currentCall(info: CurrentInfo, recv: TsExpr, call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const m = call.method;
  if (info.attributes.includes(m) && !call.args.length && !call.block) return lit(`${recv.code}.${m}`, attributeType(info, m, scope.env.app));
  if (m.endsWith("=") && info.attributes.includes(m.slice(0, -1)) && call.args.length === 1) {
    return lit(`(${recv.code}.${m.slice(0, -1)} = ${lowerArgs(call.args, null, scope)[0]})`, UNKNOWN);
  }
  const delegated = info.delegates.some((d) => d.methods.some((x) => (d.prefix ? `${d.prefix}_${x}` : x) === m));
  const defs = info.methods.filter((d) => d.name === m);
  if (delegated || defs.length) {
    const code = `${recv.code}.${rubyToTs(m)}(${lowerArgs(call.args, call.block, scope).join(", ")})`;
    // `def account = Account.first`: what its body proves (a record or nil), read as the record type.
    const proved = !delegated && defs.length === 1 && !defs[0]!.params.length ? provedType(scope.env.app.values.methodType(defs[0]!, { def: defs[0]!, blocks: [], owner: { k: "other" } })) : UNKNOWN;
    return proved.k === "unknown" ? lit(code, UNKNOWN) : lit(`(${code} as ${scope.env.typeName(proved)})`, proved);
  }
  if (m === "set" || m === "reset") return lit(`${recv.code}.${m}(${lowerArgs(call.args, call.block, scope).join(", ")})`, UNKNOWN);
  return null;
}
