// Rails' own objects an app's code reaches (a controller's request, cookies, session and flash; an app channel
// class), typed as the runtime classes that implement them: a call is the member `send` would find by the naming
// rule, written directly.
//   request.remote_ip                    this.request.remoteIp                 (a getter: read, as send reads it)
//   cookies.signed[:token]               coreIndex(this.cookies.signed, "token")
//   session.delete(:return_to)           this.session.delete("return_to")
//   RoomChannel.broadcast_to(room, html)  RoomChannel.broadcastTo(room, html)  (Channel's static)
//   user.avatar.attached?                user.avatar().isAttached()            (ActiveStorage::Attached::One's)
//   turbo_stream.remove(@message)        view.turboStream().remove(message)    (Turbo::Streams::TagBuilder's)
//   request.anything_else(x)             send(this.request, "anything_else", x)   (not the class's: dynamic)
import type { NodeOf } from "../parse/ir.js";
import { Request } from "../../runtime/action-pack/request.js";
import { Response } from "../../runtime/action-pack/response.js";
import { CookieJar, EncryptedCookieJar, SignedCookieJar } from "../../runtime/action-pack/cookies.js";
import { Session } from "../../runtime/action-pack/session.js";
import { Flash } from "../../runtime/action-pack/flash.js";
import { Channel } from "../../runtime/action-cable/channel.js";
import { Connection } from "../../runtime/action-cable/connection.js";
import { Name } from "../../runtime/active-model/model-name.js";
import { Base } from "../../runtime/active-record/index.js";
import { AttachedMany, AttachedOne } from "../../runtime/active-storage/attached.js";
import { TurboStreamTagBuilder } from "../../runtime/gems/turbo-rails/turbo-stream-builder.js";
import { RailsLogger } from "../../runtime/active-support/logger.js";
import { UserAgentBrowser } from "../../runtime/gems/useragent/user-agent-base.js";
import { Page } from "../../runtime/gems/geared_pagination/geared-pagination.js";
import { Generic as UriGeneric } from "../../runtime/ruby/uri.js";
import { HTTPGenericRequest, HTTPResponse, NetHttp } from "../../runtime/ruby/net-http.js";
import { ThreadPool } from "../../runtime/gems/concurrent-ruby/thread-pool.js";
import { RQRCodeQRCode } from "../../runtime/gems/rqrcode/svg.js";
import { ActionTextContent } from "../../runtime/action-text/content.js";
import { IPAddr } from "../../runtime/ruby/ipaddr.js";
import { NokogiriDocument, NokogiriNode } from "../../runtime/gems/nokogiri/index.js";
import { NetHttpPersistent } from "../../runtime/gems/net-http-persistent/index.js";
import { ActionTextFragment } from "../../runtime/action-text/fragment.js";
import { ActionTextNode } from "../../runtime/action-text/node.js";
import { ActionTextAttachment, ActionTextAttachmentGallery, ActionTextRemoteImage } from "../../runtime/action-text/attachment.js";
import { StringInquirer } from "../../runtime/active-support/core-ext/core-string.js";
import { lowerInquiryCall } from "./core/string-inquirer.js";
import { lowerArgs, objectMethodCall } from "./calls.js";
import { RAILS_API_OBJECTS } from "./rails-api-objects.js";
import { xpathSelectsElements } from "./core/xpath-literal.js";
import { lit, lowerExpr, storable, type TsExpr } from "./expr.js";
import { camel, rubyToTs } from "./names.js";
import type { Scope } from "./scope.js";
import { lowerExceptionCall } from "./rescue-variable.js";
import { BOOL, NUMBER, SAFE, STRING, UNKNOWN, VALUE_OBJECTS, maybe, type RType } from "./types.js";

export interface RuntimeObject {
  /** Where its members are looked up: a class's prototype (instances) or the class itself (its statics). */
  members: object;
  /** Members whose value is itself one of these objects. */
  results?: Record<string, RType>;
  /** Its methods take `unknown` arguments (an untyped argument type-checks); or those of these Ruby names do. */
  anyArgs?: boolean | Set<string>;
  /** Instance fields (not on the prototype) read as send reads them (by the TS name, then the Ruby name), and what they hold. */
  fields?: Record<string, RType>;
  /** Its writers (`uri.host = v`) are called directly too, as send finds them (runtime-objects' writerOf). */
  writers?: boolean;
  /** A class object whose `new` is the runtime's build (allocate, then initialize): what an instance is. */
  builds?: RType;
  /** What a method yields to its block, by Ruby name (the block's parameters' types). */
  yields?: Record<string, RType[]>;
  /** What a call answers where its arguments tell more than its TS signature says (asserted so), else null. */
  narrowed?: (call: NodeOf<"call">) => RType | null;
}

/** Nokogiri's xpath / at_xpath with a literal selecting elements only (xpath-literal.ts): element nodes. */
const nokogiriXPath = (call: NodeOf<"call">): RType | null =>
  !xpathSelectsElements(call) ? null : call.method === "xpath" ? { k: "array", of: NOKOGIRI_NODE } : call.method === "at_xpath" ? maybe(NOKOGIRI_NODE) : null;

const URI_VALUE: RType = { k: "runtime", cls: "uri" };
const HTTP_RESPONSE: RType = { k: "runtime", cls: "httpResponse" };
const HTTP_REQUEST: RType = { k: "runtime", cls: "httpRequest" };
const CONTENT: RType = { k: "runtime", cls: "actionTextContent" };
const FRAGMENT: RType = { k: "runtime", cls: "actionTextFragment" };
const NODE: RType = { k: "runtime", cls: "actionTextNode" };
const NODES: RType = { k: "array", of: NODE };
const NOKOGIRI_NODE: RType = { k: "runtime", cls: "nokogiriNode" };
const NOKOGIRI_NODE_RESULTS: Record<string, RType> = {
  xpath: { k: "array", of: UNKNOWN }, css: { k: "array", of: NOKOGIRI_NODE }, at_css: maybe(NOKOGIRI_NODE), children: { k: "array", of: NOKOGIRI_NODE },
  parent: maybe(NOKOGIRI_NODE), name: STRING, text: STRING, content: STRING, inner_text: STRING, inner_html: STRING, to_html: STRING, to_s: STRING, "key?": BOOL,
};

const RUNTIME_OBJECTS: Record<string, RuntimeObject> = {
  // (its body: the rack input, read as an IO: read / rewind are String's binary methods at run time)
  request: { members: Request.prototype, fields: { body: UNKNOWN } },
  // The controller's response (ActionDispatch::Response): its headers a Hash-like the app writes with []=.
  response: { members: Response.prototype, fields: { headers: UNKNOWN } },
  cookies: {
    members: CookieJar.prototype,
    results: { signed: { k: "runtime", cls: "signedCookies" }, encrypted: { k: "runtime", cls: "encryptedCookies" } },
  },
  signedCookies: { members: SignedCookieJar.prototype },
  encryptedCookies: { members: EncryptedCookieJar.prototype },
  session: { members: Session.prototype },
  flash: { members: Flash.prototype },
  // An app channel class (`typeof RoomChannel`): Channel's statics.
  channelClass: { members: Channel, anyArgs: true },
  // An app connection (`self` in ApplicationCable::Connection): Connection's members and its identifiers.
  connection: { members: Connection.prototype },
  // ActiveRecord::Base itself (`ActiveRecord::Base.no_touching { }`): its statics.
  baseClass: { members: Base, anyArgs: true },
  // ActiveModel::Name (`record.model_name`).
  modelName: { members: Name.prototype },
  // has_one_attached's / has_many_attached's reader (ActiveStorage::Attached::One / ::Many): their own members; a
  // name they delegate to the attachment (video?, variant...) is no member, so it stays dynamic.
  // The attachment's (and its blob's) methods it declares take whatever Ruby passes (runtime/active-storage/attached.ts).
  attachedOne: {
    members: AttachedOne.prototype,
    anyArgs: new Set(["analyze", "image?", "audio?", "video?", "text?", "previewable?", "variable?", "representable?", "variant", "preview", "representation", "metadata"]),
  },
  attachedMany: { members: AttachedMany.prototype },
  // turbo-rails' `turbo_stream` in a view (Turbo::Streams::TagBuilder): its actions take what Ruby passes.
  turboStream: { members: TurboStreamTagBuilder.prototype, anyArgs: true },
  // Rails.logger (ActiveSupport::Logger): its level methods take any message, and a block.
  logger: { members: RailsLogger.prototype, anyArgs: true },
  // useragent's parsed agents (UserAgent.parse, PlatformAgent#user_agent): browser, platform and os are a String or nil.
  userAgent: { members: UserAgentBrowser.prototype, results: { browser: maybe(STRING), platform: maybe(STRING), os: maybe(STRING) } },
  // geared_pagination's @page (GearedPagination::Page): records, next_param, last?...
  page: { members: Page.prototype },
  // Ruby's URI::Generic and its HTTP kin (URI(url), URI.parse): components as readers and writers.
  uri: {
    members: UriGeneric.prototype, anyArgs: true, writers: true,
    results: {
      scheme: maybe(STRING), userinfo: maybe(STRING), host: maybe(STRING), hostname: maybe(STRING), port: maybe(NUMBER), path: maybe(STRING),
      opaque: maybe(STRING), query: maybe(STRING), fragment: maybe(STRING), dup: URI_VALUE, to_s: STRING, "absolute?": BOOL, "relative?": BOOL,
    },
  },
  // A Net::HTTP session (Net::HTTP.new / .start): its settings' writers, request answering a Net::HTTPResponse.
  netHttp: {
    members: NetHttp.prototype, anyArgs: true, writers: true,
    fields: { address: STRING, port: NUMBER, ipaddr: maybe(STRING) },
    results: { request: HTTP_RESPONSE, "use_ssl?": BOOL, "started?": BOOL },
    yields: { request: [HTTP_RESPONSE] },
  },
  // Net::HTTP::Get / Post / ... as classes: `new` builds a request.
  httpRequestClass: { members: HTTPGenericRequest, anyArgs: true, builds: HTTP_REQUEST },
  // Net::HTTPGenericRequest: its path, URI, body (a writer) and header fields.
  httpRequest: {
    members: HTTPGenericRequest.prototype, anyArgs: true, writers: true,
    fields: { path: STRING, uri: maybe(URI_VALUE), body: UNKNOWN },
    results: { method: STRING, content_type: maybe(STRING), content_length: maybe(NUMBER), "key?": BOOL },
  },
  // Net::HTTPResponse: code and message (Strings), header fields, the body.
  httpResponse: {
    members: HTTPResponse.prototype, anyArgs: true,
    fields: { code: STRING, message: STRING, httpVersion: STRING, uri: maybe(URI_VALUE) },
    results: { content_type: maybe(STRING), content_length: maybe(NUMBER), "key?": BOOL },
    // read_body { |chunk| }: the body's Strings.
    yields: { read_body: [STRING] },
  },
  // concurrent-ruby's pools (Concurrent::ThreadPoolExecutor.new, FixedThreadPool.new): post, shutdown, kill...
  threadPool: { members: ThreadPool.prototype, anyArgs: true, results: { post: BOOL, shutdown: BOOL, kill: BOOL, wait_for_termination: BOOL, "running?": BOOL, completed_task_count: NUMBER } },
  // ActionText::Content (a rich text's body, as its coder loads it): its fragment, plain text, HTML, attachables.
  actionTextContent: {
    members: ActionTextContent.prototype, anyArgs: true, fields: { fragment: FRAGMENT },
    results: {
      to_plain_text: STRING, to_trix_html: STRING, to_html: STRING, to_s: SAFE, links: { k: "array", of: STRING }, attachables: { k: "array", of: UNKNOWN },
      "blank?": BOOL, "empty?": BOOL, "present?": BOOL, render_attachments: CONTENT, render_attachment_galleries: CONTENT, append_attachables: CONTENT,
    },
  },
  // ActionText::Fragment: find_all answers its matching Nokogiri nodes; update and replace yield nodes of a copy.
  actionTextFragment: {
    members: ActionTextFragment.prototype, anyArgs: true, fields: { source: NODE },
    results: { find_all: NODES, update: FRAGMENT, replace: FRAGMENT, to_plain_text: STRING, to_html: STRING, to_s: STRING },
    yields: { update: [NODE], replace: [NODE] },
  },
  // A Nokogiri node of a fragment (ActionTextNode): css, at_css, text, inner_html=, replace, its own tap...
  actionTextNode: {
    members: ActionTextNode.prototype, anyArgs: true, writers: true,
    results: {
      css: NODES, search: NODES, at_css: maybe(NODE), at: maybe(NODE), children: NODES, elements: NODES, element_children: NODES, ancestors: NODES, parent: maybe(NODE),
      name: STRING, text: STRING, content: STRING, inner_text: STRING, inner_html: STRING, to_html: STRING, to_s: STRING, outer_html: STRING, tap: NODE, dup: NODE,
      "key?": BOOL, "has_attribute?": BOOL, "matches?": BOOL, "text?": BOOL, "element?": BOOL, "comment?": BOOL, "fragment?": BOOL,
    },
    yields: { tap: [NODE] },
  },
  // Ruby's IPAddr (IPAddr.new): its predicates and include?.
  ipAddr: {
    members: IPAddr.prototype, anyArgs: true,
    results: { "private?": BOOL, "loopback?": BOOL, "link_local?": BOOL, "ipv4?": BOOL, "ipv6?": BOOL, "include?": BOOL, to_s: STRING },
  },
  // Nokogiri's HTML4 documents (Nokogiri::HTML(html)) and their element nodes: xpath answers nodes or attributes.
  nokogiriDocument: { members: NokogiriDocument.prototype, anyArgs: true, narrowed: nokogiriXPath, results: { ...NOKOGIRI_NODE_RESULTS, root: maybe(NOKOGIRI_NODE), encoding: STRING, meta_encoding: maybe(STRING) } },
  nokogiriNode: { members: NokogiriNode.prototype, anyArgs: true, narrowed: nokogiriXPath, results: NOKOGIRI_NODE_RESULTS },
  // net-http-persistent's pool (Net::HTTP::Persistent.new): shutdown, and request (which the emitted app declines).
  netHttpPersistent: { members: NetHttpPersistent.prototype, anyArgs: true },
  // Action Text's attachments in an attachable's partial (view/attachable-partials.ts), and the remote image one holds:
  // its URL and the dimensions its node's attributes gave (Strings or nil).
  actionTextAttachment: { members: ActionTextAttachment.prototype },
  // ActionText::AttachmentGallery, the local of its partial (view/attachable-partials.ts): size, its attachments' count.
  attachmentGallery: { members: ActionTextAttachmentGallery.prototype, results: { size: NUMBER } },
  remoteImage: { members: ActionTextRemoteImage.prototype, fields: { url: STRING, contentType: maybe(STRING), width: maybe(STRING), height: maybe(STRING) } },
  // ActiveSupport::StringInquirer (String#inquiry, Rails.env): core/string-inquirer.ts lowers its calls.
  stringInquirer: { members: StringInquirer.prototype },
  // rqrcode's RQRCode::QRCode.new(data): its modules, and the SVG as_svg(options) writes.
  qrCode: { members: RQRCodeQRCode.prototype, anyArgs: true, results: { as_svg: STRING } },
  // A record's own API (Active Record's instance methods the runtime's Base has), for a typed record.
  record: { members: Base.prototype, results: { model_name: { k: "runtime", cls: "modelName" } } },
  ...RAILS_API_OBJECTS,
};

/** The member a Ruby name is on the object, and whether it is a method (else a getter or field). */
function memberOf(target: object, name: string): { key: string; method: boolean } | null {
  for (const key of [rubyToTs(name), name]) {
    for (let p: object | null = target; p && p !== Object.prototype && p !== Function.prototype; p = Object.getPrototypeOf(p) as object | null) {
      const d = Object.getOwnPropertyDescriptor(p, key);
      if (!d) continue;
      if (typeof d.value === "function") return { key, method: true };
      return d.get ? { key, method: false } : null;
    }
  }
  return null;
}

/** `recv.m(args)` on one of Rails' objects, as `send` would dispatch it; null when it is no member of the class. */
export function lowerRuntimeObjectCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (recv.type.k !== "runtime") return null;
  if (recv.type.cls === "exception") return lowerExceptionCall(call, recv, scope);
  // An association extension's proxy_association (model/relation-self.ts): its owner, a record of the declaring model.
  if (recv.type.cls === "association") {
    if (call.method !== "owner" || call.args.length || call.block) return null;
    const owner: RType = { k: "model", model: recv.type.name! };
    return lit(`(${recv.code}.owner as ${scope.env.typeName(owner)})`, owner);
  }
  // (The view, `self` in a helper handed on: its calls keep the view's own lowering or the dynamic path.)
  if (!RUNTIME_OBJECTS[recv.type.cls]) return null;
  if (recv.type.cls === "stringInquirer") return lowerInquiryCall(call, recv, scope);
  if (recv.type.cls === "connection" && call.args.length === 1) {
    const identifier = identifierSetter(call.method, scope);
    if (identifier) return identifier(recv, call.args[0]!);
  }
  const member = lowerMemberCall(call, recv, recv.type.cls, scope);
  // Object's methods (tap, then, presence...) on a value object, as send reaches them where it has no such member.
  if (member || !VALUE_OBJECTS.has(recv.type.cls)) return member;
  return objectMethodCall(call, recv, RUNTIME_OBJECTS[recv.type.cls]!.members, scope);
}

/** `record.model_name`: a member of the runtime's Base, on a record whose model does not define the method. */
export function lowerRecordApiCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  return lowerMemberCall(call, recv, "record", scope);
}

function lowerMemberCall(call: NodeOf<"call">, recv: TsExpr, cls: string, scope: Scope): TsExpr | null {
  const o = RUNTIME_OBJECTS[cls]!;
  if (call.method.endsWith("=")) return o.writers ? lowerWriter(call, recv, o, scope) : null;
  // `Net::HTTP::Post.new(uri, headers)`: Class#new, which the runtime's classes answer as build.
  if (call.method === "new" && o.builds) return lit(`${recv.code}.build(${lowerArgs(call.args, call.block, scope).join(", ")})`, o.builds);
  const field = fieldOf(o, call.method);
  if (field && !call.args.length && !call.block) return lit(`${recv.code}.${field}`, o.fields![field]!);
  const member = memberOf(o.members, call.method);
  if (!member || !/^[A-Za-z_$][\w$]*$/.test(member.key)) return null;
  const type = o.results?.[call.method] ?? UNKNOWN;
  // A getter's value as send answers it (undefined is nil; one of these objects is never undefined).
  if (!member.method) return call.args.length || call.block ? null : lit(type.k === "runtime" ? `${recv.code}.${member.key}` : `(${recv.code}.${member.key} ?? null)`, type);
  // The runtime's signatures are TS's: an argument the lowering could not type is passed by name instead.
  const anyArgs = o.anyArgs instanceof Set ? o.anyArgs.has(call.method) : o.anyArgs;
  if (!anyArgs && (call.block || call.args.some((a) => typeOfArg(a).k === "unknown"))) return null;
  const code = `${recv.code}.${member.key}(${lowerArgs(call.args, call.block, scope, o.yields?.[call.method]).join(", ")})`;
  const narrowed = o.narrowed?.(call);
  return narrowed ? lit(`(${code} as ${scope.env.typeName(narrowed)})`, narrowed) : lit(code, type);
}

/** A declared field the name reads, by send's rule (the TS name first, then the Ruby name); null when none. */
function fieldOf(o: RuntimeObject, name: string): string | null {
  if (!o.fields || name.endsWith("?") || name.endsWith("!")) return null;
  return [rubyToTs(name), name].find((k) => Object.prototype.hasOwnProperty.call(o.fields, k)) ?? null;
}

/**
 * `x.name = v` as send dispatches it: a field or an accessor with a setter named `name` is assigned (the value is
 * the assignment's); else the set<Name> method is called. Null when the object has neither (send decides).
 */
function lowerWriter(call: NodeOf<"call">, recv: TsExpr, o: RuntimeObject, scope: Scope): TsExpr | null {
  const prop = call.method.slice(0, -1);
  if (call.args.length !== 1 || call.block || !/^[A-Za-z_]\w*$/.test(prop)) return null;
  const value = () => lowerExpr(call.args[0]!, scope).code;
  if (Object.prototype.hasOwnProperty.call(o.fields ?? {}, prop) || hasSetter(o.members, prop)) return lit(`(${recv.code}.${prop} = ${value()})`, UNKNOWN);
  // (An accessor without a setter, or a method of that name: send's assignment would not take it either.)
  if (prop in (o.members as Record<string, unknown>)) return null;
  const member = memberOf(o.members, call.method);
  return member?.method ? lit(`${recv.code}.${member.key}(${value()})`, UNKNOWN) : null;
}

/** An accessor with a setter named `name` on the prototype chain. */
function hasSetter(target: object, name: string): boolean {
  for (let p: object | null = target; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return d.set !== undefined;
  }
  return false;
}

function typeOfArg(a: NodeOf<"call">["args"][number]): RType {
  // Literals are all the typed arguments these calls take in practice (a Symbol or String key, a number).
  if (a.kind === "sym" || a.kind === "int") return { k: a.kind === "sym" ? "string" : "number" };
  if (a.kind === "str" && a.parts.every((p) => typeof p === "string")) return { k: "string" };
  return UNKNOWN;
}

/**
 * `self.current_user = v` in a connection: the identifier's accessor (what send reaches through setCurrentUser),
 * v asserted to the model every assignment is proved to hold (identifier-types.ts).
 */
function identifierSetter(method: string, scope: Scope): ((recv: TsExpr, value: NodeOf<"call">["args"][number]) => TsExpr) | null {
  const name = method.endsWith("=") && !method.endsWith("==") ? method.slice(0, -1) : null;
  if (name === null || !scope.env.app.channels.some((c) => c.kind === "connection" && c.identifiers.includes(name))) return null;
  const model = scope.env.app.identifierTypes.get(name);
  const type: RType = model ? { k: "model", model } : UNKNOWN;
  return (recv, value) => lit(`(${recv.code}.${camel(name)} = ${storable(lowerExpr(value, scope), type, scope)})`, type);
}
