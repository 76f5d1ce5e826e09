// Action Cable connections and channels -> classes over runtime/cable's Connection and Channel.
//   class ApplicationCable::Connection < ActionCable::Connection::Base    export class ApplicationCable_Connection extends Connection {
//     identified_by :current_user                                          static { this.identifiedBy("current_user"); }
//     def connect = self.current_user = find_verified_user                connect() { send(this, "current_user=", this.findVerifiedUser()); }
//   class RoomChannel < ApplicationCable::Channel                        export class RoomChannel extends ApplicationCable_Channel {
//     def subscribed; stream_for @room; end                                static rubyName = "RoomChannel"; subscribed() { this.streamFor(this["@room"]); }
// Identifiers are the runtime's properties (`this.currentUser`); params, cookies and request are properties too.
import type { AppModel } from "../../analyze/app-model.js";
import { CHANNEL_CALLBACKS, type ChannelInfo } from "../../analyze/channels.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import { modelFile, relativeModule, type EmittedModule } from "../emitted-module.js";
import { walk, type NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { makeEnv } from "../env.js";
import { lit, type TsExpr } from "../expr.js";
import { camel, rubyToTs, tsIdent } from "../names.js";
import { lowerParams } from "../params.js";
import { Scope } from "../scope.js";
import { UNKNOWN, type RType } from "../types.js";
import { lowerMethodBody } from "../jumps.js";

const PROPERTIES = new Set(["params", "cookies", "request", "connection", "identifiers"]);

export function channelModulePath(className: string): string {
  return `channels/${modelFile(className)}.ts`;
}

export function lowerChannel(info: ChannelInfo, app: AppModel, diags: Diagnostics): EmittedModule {
  const env = makeEnv(app, diags, "script", { selfExpr: "this", ivar: (n) => `this[${JSON.stringify(`@${n}`)}]`, ivarStore: { object: "this", prefixed: true }, nesting: [info.className] });
  if (info.kind === "connection") env.selfType = { k: "runtime", cls: "connection", name: info.className };
  const identifiers = identifiersOf(info, app);
  const own = new Set(ancestry(info, app).flatMap((c) => c.methods.map((d) => d.name)));
  env.selfCall = (call, scope) => channelSelfCall(call, scope, identifiers, own);
  const base = info.superclass ? tsIdent(info.superclass) : env.module.use(info.kind === "connection" ? "Connection" : "Channel");
  const members: string[] = [];
  const ivars = new Set<string>();
  for (const def of info.methods) walk(def, (n) => n.kind === "ivar" && ivars.add(n.name));
  for (const name of ivars) members.push(`declare ${JSON.stringify(`@${name}`)}: unknown;`);
  // Identifiers are accessors the runtime defines (identified_by): declared for the type checker, no field emitted.
  if (!info.superclass) for (const id of identifiers) members.push(`declare ${camel(id)}: ${env.typeName(identifierType(id, app))};`);
  if (info.kind === "channel") {
    members.push(`static override rubyName: string | null = ${JSON.stringify(info.className)};`);
    const publics = info.methods.filter((d) => !info.privateMethods.has(d.name)).map((d) => d.name);
    members.push(`static override publicMethods: readonly string[] | null = ${JSON.stringify(publics)};`);
  }
  if (info.identifiers.length) members.push(`static {\nthis.identifiedBy(${info.identifiers.map((i) => JSON.stringify(i)).join(", ")});\n}`);
  // on_subscribe :present, unless: :subscription_rejected? -> the runtime's callback chain (symbols name methods).
  for (const c of info.callbacks) {
    const options = Object.keys(c.options).length ? [JSON.stringify(c.options)] : [];
    members.push(`static {\nthis.${CHANNEL_CALLBACKS[c.macro]}(${[...c.methods.map((m) => JSON.stringify(m)), ...options].join(", ")});\n}`);
  }
  // A class-body statement the compiler declined: subscribing raises, naming it (never a channel that skipped it).
  if (info.rest.length) {
    const { node, diagnostic } = info.rest[0]!;
    const site = `${info.file.path}:${node.span.line}`;
    members.push(`static {\nthis.beforeSubscribe(() => {\nthrow ${env.module.use("declinedError")}(${JSON.stringify(site)}, ${JSON.stringify(diagnostic)});\n});\n}`);
  }
  for (const def of info.methods) {
    const scope = new Scope(env);
    const params = lowerParams(def, scope);
    const list = params.parameters.map((p) => (p.isRestParameter ? `...${p.name}: ${p.type}` : `${p.name}: ${p.type}`));
    const body = [...params.prologue, ...lowerMethodBody(def.body, scope)];
    const override = ["connect", "disconnect", "subscribed", "unsubscribed"].includes(def.name) ? "override " : "";
    members.push(`${override}${rubyToTs(def.name)}(${list.join(", ")}): unknown {\n${body.join("\n")}\n}`);
  }
  const statements: string[] = [];
  if (info.superclass) {
    const parent = tsIdent(info.superclass);
    statements.push(`import { ${parent} } from "${relativeModule(channelModulePath(info.className), channelModulePath(info.superclass))}";`);
  }
  statements.push(`export class ${tsIdent(info.className)} extends ${base} {\n${members.join("\n\n")}\n}`);
  return { path: channelModulePath(info.className), state: env.module, statements, from: info.file.absPath };
}

function ancestry(info: ChannelInfo, app: AppModel): ChannelInfo[] {
  const out: ChannelInfo[] = [];
  for (let c: ChannelInfo | undefined = info; c && out.length < 20; c = app.channels.find((x) => x.className === c!.superclass)) out.push(c);
  return out;
}

/** A channel sees its connection's identifiers (`current_user`) as its own readers. */
function identifiersOf(info: ChannelInfo, app: AppModel): Set<string> {
  const names = new Set<string>();
  for (const c of app.channels) if (c.kind === "connection") c.identifiers.forEach((i) => names.add(i));
  for (const c of ancestry(info, app)) c.identifiers.forEach((i) => names.add(i));
  return names;
}

function channelSelfCall(call: NodeOf<"call">, scope: Scope, identifiers: Set<string>, own: Set<string>): TsExpr | null {
  const m = call.method;
  const args = () => lowerArgs(call.args, call.block, scope);
  if (identifiers.has(m) && !call.args.length) return lit(`this.${camel(m)}`, identifierType(m, scope.env.app));
  // A connection's cookie jar (a channel has none of its own).
  if (m === "cookies" && scope.env.selfType?.k === "runtime" && !call.args.length && !call.block) return lit("this.cookies", { k: "runtime", cls: "cookies" });
  if (PROPERTIES.has(m) && !call.args.length && !call.block) return lit(`this.${m}`, UNKNOWN);
  if (own.has(m)) return lit(`this.${rubyToTs(m)}(${args().join(", ")})`, UNKNOWN);
  // The runtime's Channel/Connection API: stream_for, stream_from, reject, transmit, reject_unauthorized_connection...
  if (/^(stream_|stop_|reject|transmit|broadcast)/.test(m)) return lit(`this.${rubyToTs(m)}(${args().join(", ")})`, UNKNOWN);
  return null;
}

/** An identifier every assignment of which is proved to hold one model's records (identifier-types.ts). */
function identifierType(name: string, app: AppModel): RType {
  const model = app.identifierTypes.get(name);
  return model ? { k: "model", model } : UNKNOWN;
}
