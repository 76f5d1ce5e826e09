// A class of Rails reopened by the app (src/analyze/reopened-class.ts) -> its class methods set on the runtime's
// class when the app boots (runtime/ruby/reopened-class.ts), in the module of the app's boot statements:
//   class ActionText::Attachment                        const ActionText_Attachment_constants: Record<string, unknown> = {};
//     class << self                                     reopenClassMethods(ActionTextAttachment, {
//       def from_node(node, attachable = nil)             fromNode: function (this: any, node: unknown, attachable: unknown = null) {
//         new(node, attachable || helper(node["sgid"]))     return this.build(node, or(attachable, () => this.helper(index(node, "sgid"))));
//       end                                               },
//       private                                           helper: function (this: any, sgid: unknown) { ... PERMITTED ... },
//         PERMITTED = %w[ User ]                        });   (PERMITTED: constantValue(ActionText_Attachment_constants, ...))
//         def helper(sgid) ... end
// `self` is the class (`this`): `new` is its build, a receiver-less call one of its class methods (the app's, else
// the runtime class's own, found by name). A reopening the analysis declined raises when the app boots.
import type { ReopenedClass } from "../../analyze/reopened-class.js";
import type { NodeOf } from "../../parse/ir.js";
import { lowerArg, lowerArgs } from "../calls.js";
import { lowerBlockFn } from "../procs.js";
import { typeParams } from "../call-site-params.js";
import { ReopenedParams } from "./reopened-params.js";
import { lit, lowerExpr } from "../expr.js";
import { noteDynamicSite } from "../dynamic-sites.js";
import { lowerMethodBody } from "../jumps.js";
import { rubyToTs, tsIdent } from "../names.js";
import { lowerParams } from "../params.js";
import { Scope, type LowerEnv } from "../scope.js";
import { UNKNOWN } from "../types.js";
import { defBody } from "./endless-def.js";
import { lowerCoreSelfCall } from "./index.js";
import { CORE_CONSTANTS } from "../../../runtime/app/core-constants.js";

/** The boot statements that set the reopened class's methods (`site`: the class's file:line:col, for a decline). */
export function lowerReopenedClass(reopened: ReopenedClass, base: LowerEnv, site: string): string[] {
  const module = base.module;
  if (reopened.declined) return [`throw ${module.use("declinedError")}(${JSON.stringify(site)}, ${JSON.stringify(reopened.declined)});`];
  const store = `${tsIdent(reopened.path)}_constants`;
  const parts = reopened.path.split("::");
  const env: LowerEnv = {
    ...base,
    selfExpr: "this",
    nesting: parts.map((_, i) => parts.slice(0, parts.length - i).join("::")),
    localConstants: new Map(reopened.constants.map((c) => [c.name, `${module.use("constantValue")}(${store}, ${JSON.stringify(c.name)}, ${constantThunk(c.name)})`])),
  };
  const own = new Set(reopened.classMethods.map((d) => d.name));
  const params = new ReopenedParams(base.app, reopened.path, reopened.classMethods);
  env.selfCall = (call, scope) => {
    const args = () => lowerArgs(call.args, call.block, scope);
    if (call.method === "new") return lit(`this.build(${args().join(", ")})`, UNKNOWN);
    if (own.has(call.method)) {
      // Its arguments' types join into the callee's parameters (reopened-params.ts).
      const lowered = call.args.map((a) => lowerArg(a, scope));
      params.note(call, lowered.map((e) => e.type));
      const all = [...lowered.map((e) => e.code), ...(call.block ? [lowerBlockFn(call.block, scope).code] : [])];
      return lit(`this.${rubyToTs(call.method)}(${all.join(", ")})`, UNKNOWN);
    }
    const core = lowerCoreSelfCall(call, scope);
    if (core) return core;
    noteDynamicSite(call, lit("this", UNKNOWN), "send", scope, ["a class method of a reopened Rails class, found by name", `${call.method}: the runtime class's own`]);
    return lit(`${module.use("send")}(this, ${[JSON.stringify(call.method), ...args()].join(", ")})`, UNKNOWN);
  };
  // Each constant's value, computed on first read as a class body's constants are (runtime constantValue).
  const constants = reopened.constants.map((c) => `const ${constantThunk(c.name)} = () => (${lowerExpr(c.value, new Scope(env)).code});`);
  const methods = reopened.classMethods.map((def) => method(def, reopened.source, env, params));
  const cls = module.use(CORE_CONSTANTS[reopened.path]![0]);
  return [
    ...(constants.length ? [`const ${store}: Record<string, unknown> = {};`, ...constants] : []),
    `${module.use("reopenClassMethods")}(${cls}, {\n${methods.join(",\n")}\n});`,
  ];
}

function constantThunk(name: string): string {
  return `reopened_${name}`;
}

function method(def: NodeOf<"def">, source: string, env: LowerEnv, types: ReopenedParams): string {
  const scope = new Scope(env);
  const params = lowerParams(def, scope);
  const statements = defBody(def, source);
  typeParams({ params: def.params, body: statements }, types.typesOf(def), scope);
  const body = lowerMethodBody(statements, scope);
  const sig = params.signature ? `this: any, ${params.signature}` : "this: any";
  return `${rubyToTs(def.name)}: function (${sig}) {\n${[...params.prologue, ...body].join("\n")}\n}`;
}
