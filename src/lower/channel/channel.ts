// Action Cable connections and channels -> classes over runtime/cable's Connection and Channel.
//   class ApplicationCable::Connection < ActionCable::Connection::Base    export class ApplicationCable_Connection extends Connection {
//     identified_by :current_user                                          static { this.identifiedBy("current_user"); }
//     def connect = self.current_user = find_verified_user                connect() { send(this, "current_user=", this.findVerifiedUser()); }
//   class RoomChannel < ApplicationCable::Channel                        export class RoomChannel extends ApplicationCable_Channel {
//     def subscribed; stream_for @room; end                                static rubyName = "RoomChannel"; subscribed() { this.streamFor(this["@room"]); }
// Identifiers are the runtime's properties (`this.currentUser`); params, cookies and request are properties too.
import type { AppModel } from "../../analyze/app-model.js";
import { CHANNEL_CALLBACKS, type ChannelInfo } from "../../analyze/channels.js";
import { modelFile, relativeModule, type EmittedModule } from "../emitted-module.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { Diagnostics } from "../../diagnostics/index.js";
import { lowerArgs } from "../calls.js";
import { makeEnv } from "../env.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import { camel, rubyToTs, tsIdent } from "../names.js";
import { lowerParams } from "../params.js";
import { Scope } from "../scope.js";
import { sameType, UNKNOWN, type RType } from "../types.js";
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
  env.selfCall = (call, scope) => channelSelfCall(call, scope, identifiers, own, env.methodTypes);
  // What its ivars hold and its methods answer, where the channel family's own code proves it (channelTypes below).
  if (info.kind === "channel") {
    const typed = channelTypes(info, app, identifiers, own);
    env.ivarTypes = typed.ivars;
    env.methodTypes = typed.methods;
    env.ivarCast = true;
  }
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

function channelSelfCall(call: NodeOf<"call">, scope: Scope, identifiers: Set<string>, own: Set<string>, methodTypes?: Map<string, RType>): TsExpr | null {
  const m = call.method;
  const args = () => lowerArgs(call.args, call.block, scope);
  if (identifiers.has(m) && !call.args.length) return lit(`this.${camel(m)}`, identifierType(m, scope.env.app));
  // A connection's cookie jar (a channel has none of its own).
  if (m === "cookies" && scope.env.selfType?.k === "runtime" && !call.args.length && !call.block) return lit("this.cookies", { k: "runtime", cls: "cookies" });
  if (PROPERTIES.has(m) && !call.args.length && !call.block) return lit(`this.${m}`, UNKNOWN);
  if (own.has(m)) {
    const type = methodTypes?.get(m) ?? UNKNOWN;
    const code = `this.${rubyToTs(m)}(${args().join(", ")})`;
    return lit(type.k === "unknown" ? code : `(${code} as ${scope.env.typeName(type)})`, type);
  }
  // The runtime's Channel/Connection API: stream_for, stream_from, reject, transmit, reject_unauthorized_connection...
  if (/^(stream_|stop_|reject|transmit|broadcast)/.test(m)) return lit(`this.${rubyToTs(m)}(${args().join(", ")})`, UNKNOWN);
  return null;
}

/** An identifier every assignment of which is proved to hold one model's records (identifier-types.ts). */
function identifierType(name: string, app: AppModel): RType {
  const model = app.identifierTypes.get(name);
  return model ? { k: "model", model } : UNKNOWN;
}

/**
 * A channel's ivars and methods typed by its family's own code (the channel, its ancestors and its descendants, which
 * share one object's ivars): a method defined once in the family answers what its last expression is proved to be;
 * an ivar every assignment of which in the family is proved one model (or relation) holds it. A multiple assignment,
 * an operator assignment other than ||=, or instance_variable_set leaves it untyped. Computed by scratch lowerings
 * (their dynamic sites and diagnostics their own), repeated until the types stop changing.
 *   def subscribed; if @room = find_room ...        def find_room = current_user.rooms.find_by(id: ...)
 *   @room: Room                                      find_room: Room (nil where none is found)
 */
function channelTypes(info: ChannelInfo, app: AppModel, identifiers: Set<string>, own: Set<string>): { ivars: Map<string, RType>; methods: Map<string, RType> } {
  const family = [...ancestry(info, app), ...app.channels.filter((c) => c !== info && ancestry(c, app).includes(info))];
  const defs = family.flatMap((c) => c.methods);
  const counts = new Map<string, number>();
  for (const d of defs) counts.set(d.name, (counts.get(d.name) ?? 0) + 1);
  const mine = ancestry(info, app).flatMap((c) => c.methods).filter((d) => counts.get(d.name) === 1 && !d.singleton);
  const untyped = new Set<string>();
  const assigned: Array<{ name: string; value: Node; def: NodeOf<"def"> }> = [];
  let reflected = false;
  for (const def of defs) {
    walk(def, (n) => {
      if (n.kind === "assign" && n.target.kind === "ivar") assigned.push({ name: n.target.name, value: n.value, def });
      else if (n.kind === "opAssign" && n.target.kind === "ivar") {
        if (n.op === "||") assigned.push({ name: n.target.name, value: n.value, def });
        else untyped.add(n.target.name);
      } else if (n.kind === "multiAssign") n.targets.forEach((t) => t.kind === "ivar" && untyped.add(t.name));
      else if (n.kind === "call" && (n.method === "instance_variable_set" || n.method === "instance_variables" || n.method === "remove_instance_variable")) reflected = true;
    });
  }
  let ivars = new Map<string, RType>();
  let methods = new Map<string, RType>();
  if (reflected) return { ivars, methods };
  const typeIn = (def: NodeOf<"def">, node: Node): RType => {
    const scratch = makeEnv({ ...app, dynamicSites: new Map() }, new Diagnostics(), "script", { selfExpr: "this", ivar: (n) => `this[${JSON.stringify(`@${n}`)}]`, ivarStore: { object: "this", prefixed: true }, nesting: [info.className] });
    scratch.ivarTypes = ivars;
    scratch.methodTypes = methods;
    scratch.ivarCast = true;
    scratch.selfCall = (call, scope) => channelSelfCall(call, scope, identifiers, own, methods);
    const scope = new Scope(scratch);
    lowerParams(def, scope);
    return lowerExpr(node, scope).type;
  };
  const proved = (t: RType) => (t.k === "model" && !t.model.startsWith("typeof ")) || t.k === "relation";
  for (let pass = 0; pass < 4; pass++) {
    const nextMethods = new Map<string, RType>();
    for (const def of mine) {
      const last = def.body[def.body.length - 1];
      // (A value in a local or a branch: its last expression alone does not tell.)
      if (!last || last.kind === "if" || last.kind === "assign" || def.params.length) continue;
      const t = typeIn(def, last);
      if (proved(t)) nextMethods.set(def.name, t);
    }
    const nextIvars = new Map<string, RType>();
    const seen = new Map<string, RType | null>();
    for (const a of assigned) {
      if (untyped.has(a.name)) continue;
      const t = typeIn(a.def, a.value);
      const prev = seen.get(a.name);
      seen.set(a.name, !proved(t) || (prev !== undefined && (prev === null || !sameType(prev, t))) ? null : t);
    }
    for (const [name, t] of seen) if (t) nextIvars.set(name, t);
    const same = JSON.stringify([...nextMethods, ...nextIvars]) === JSON.stringify([...methods, ...ivars]);
    methods = nextMethods;
    ivars = nextIvars;
    if (same) break;
  }
  return { ivars, methods };
}
