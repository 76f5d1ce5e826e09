// An app's reopened Ruby core classes (lib/: `class String; def shout? = match?(...); end`) -> one module that
// adds the methods to the runtime's table for that class when the app boots (runtime/ruby/core-extensions.ts).
//   class String                       extendCore("String", {
//     def shout?                     isShout: function (this: any) { return coreSend(this, "match?", ...); },
//       self.match? /.../                })   (self a String: StringMethods.isMatch(this, ...))
//     end
//   end
// `self` in the body is the receiver (`this`); receiver-less calls are core calls on it.
// The methods are also the module's export (`CoreExt_String`, imported as a class under models/core_ext/ would be),
// so a call on a receiver typed as that class calls the app's method directly:
//   post.title.shout?          CoreExt_String.isShout.call(post.title)
import type { AppModel } from "../../analyze/app-model.js";
import type { ConstDecl } from "../../analyze/constants.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import type { EmittedModule } from "../emitted-module.js";
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { makeEnv } from "../env.js";
import { lit } from "../expr.js";
import { noteDynamicSite } from "../dynamic-sites.js";
import { rubyToTs, tsIdent } from "../names.js";
import { lowerParams } from "../params.js";
import { Scope } from "../scope.js";
import { STRING, UNKNOWN, type RType } from "../types.js";
import type { TsExpr } from "../expr.js";
import { defBody } from "./endless-def.js";
import { lowerMethodBody } from "../jumps.js";

export function lowerCoreExtensions(app: AppModel, diags: Diagnostics): EmittedModule[] {
  return app.coreExtensions.map(({ className, decls }) => lowerCoreExtension(className, decls, app, diags));
}

function lowerCoreExtension(className: string, decls: ConstDecl[], app: AppModel, diags: Diagnostics): EmittedModule {
  // `self` in a reopened String is the String (a SafeBuffer is one too): its core methods are String's own.
  const env = makeEnv(app, diags, "model", { selfExpr: "this", ...(className === "String" ? { selfType: STRING } : {}) });
  // A receiver-less call in a core method is a method of the receiver: its own extension or its core method.
  env.selfCall = (call, scope) => {
    noteDynamicSite(call, lit("this", UNKNOWN), "coreSend", scope, ["a method of self in a core class extension, found by name", `${call.method}: the receiver's own extension or core method`]);
    return lit(`${env.module.use("coreSend")}(this, ${[JSON.stringify(call.method), ...lowerArgs(call.args, call.block, new Scope(env))].join(", ")})`, UNKNOWN);
  };
  const members: string[] = [];
  for (const decl of decls) {
    for (const node of decl.node.body) {
      if (node.kind === "def" && !node.singleton) members.push(method(node, decl, env));
      else diags.report("unsupported_construct", node.span, `${node.kind === "call" ? node.method : node.kind} in a reopened ${className}`);
    }
  }
  const name = tsIdent(extensionPath(className));
  const statements = [`export const ${name} = {\n${members.join(",\n")}\n};`, `${env.module.use("extendCore")}(${JSON.stringify(className)}, ${name});`];
  return { path: `models/core_ext/${className.toLowerCase()}.ts`, state: env.module, statements, from: decls[0]!.file.absPath };
}

/** The Ruby-style path its module is found at as a class would be (emitted-module.ts' modelFile: core_ext/string). */
const extensionPath = (className: string) => `CoreExt::${className}`;

/** The core class whose instances a type stands for, where the app may reopen it. */
const CLASS_OF_TYPE: Partial<Record<RType["k"], string>> = { string: "String", safe: "String", array: "Array", hash: "Hash" };

/** `recv.m(...)` where recv is typed as a core class the app reopens with `def m`: the app's method, called directly. */
export function lowerCoreExtensionCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  const className = CLASS_OF_TYPE[recv.type.k];
  const ext = className ? scope.env.app.coreExtensions.find((e) => e.className === className) : undefined;
  if (!ext || call.block || !ext.decls.some((d) => d.node.body.some((n) => n.kind === "def" && !n.singleton && n.name === call.method))) return null;
  const module = scope.env.module.directClass(extensionPath(className!));
  return lit(`${module}.${rubyToTs(call.method)}.call(${[recv.code, ...lowerArgs(call.args, null, scope)].join(", ")})`, UNKNOWN);
}

function method(def: NodeOf<"def">, decl: ConstDecl, env: ReturnType<typeof makeEnv>): string {
  const scope = new Scope(env);
  const params = lowerParams(def, scope);
  const body = lowerMethodBody(defBody(def, decl.file.source), scope);
  const sig = params.signature ? `this: any, ${params.signature}` : "this: any";
  return `${rubyToTs(def.name)}: function (${sig}) {\n${[...params.prologue, ...body].join("\n")}\n}`;
}
