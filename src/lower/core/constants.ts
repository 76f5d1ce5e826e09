// Constants that are not the app's models: the app's plain classes, and Ruby's/Rails' own (runtime/app/
// core-constants.ts), whose singleton methods are members of one runtime object each.
//   Post (plain class)         Post                       imported from models/post.ts
//   ERB::Util.html_escape(x)      ErbUtil.htmlEscape(x)         Time.current -> TimeClass.current()
//   Float::NAN                    FloatClass.NAN
//   Struct.new(:body)             rubyStruct(["body"], false)   (an anonymous Struct class as a value; members literal)
import { constPath } from "../../analyze/constants.js";
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs, tsIdent } from "../names.js";
import type { Scope } from "../scope.js";
import { STRING, UNKNOWN, type RType } from "../types.js";
import { plainClassFacts } from "./plain-calls.js";
import { plainConstantType } from "./plain-constants.js";
import { CORE_CONSTANTS } from "../../../runtime/app/core-constants.js";

/** What a constant method returns, where it matters to later calls (a typed receiver lowers directly). */
const RETURNS: Record<string, RType> = {
  "Time.current": { k: "time" }, "Time.utc": { k: "time" }, "Date.new": { k: "time" },
  "Date.today": { k: "time" }, "Date.current": { k: "time" }, "DateTime.new": { k: "time" },
  "ERB::Util.html_escape": { k: "safe" }, "ERB::Util.html_escape_once": { k: "safe" },
  // ActiveSupport::Logger (runtime-objects.ts): `Rails.logger.info "x"` is its method, called directly.
  "Rails.logger": { k: "runtime", cls: "logger" },
  // Ruby's Pathname and ActiveSupport::EnvironmentInquirer (rails-api-objects.ts).
  "Rails.root": { k: "runtime", cls: "pathname" }, "Rails.env": { k: "runtime", cls: "environment" },
  "UserAgent.parse": { k: "runtime", cls: "userAgent" },
  // Ruby's URI and Net::HTTP (runtime-objects.ts): a parsed URI, a session.
  "URI.parse": { k: "runtime", cls: "uri" }, "Net::HTTP.new": { k: "runtime", cls: "netHttp" },
  // rqrcode's RQRCode::QRCode (runtime/gems/rqrcode): as_svg answers the SVG document, a String.
  "RQRCode::QRCode.new": { k: "runtime", cls: "qrCode" },
  "Concurrent::ThreadPoolExecutor.new": { k: "runtime", cls: "threadPool" }, "Concurrent::FixedThreadPool.new": { k: "runtime", cls: "threadPool" },
  // SecureRandom's Strings, Resolv's address (a String: it raises when there is none), an IPAddr.
  "SecureRandom.alphanumeric": STRING, "SecureRandom.hex": STRING, "SecureRandom.uuid": STRING, "Resolv.getaddress": STRING,
  "IPAddr.new": { k: "runtime", cls: "ipAddr" },
  "Net::HTTP::Persistent.new": { k: "runtime", cls: "netHttpPersistent" },
  // Nokogiri::HTML(html): an HTML4 document.
  "Nokogiri.HTML": { k: "runtime", cls: "nokogiriDocument" }, "Nokogiri.HTML4": { k: "runtime", cls: "nokogiriDocument" },
};

/** What a constant method yields to its block: `Net::HTTP.start(host, port) { |http| }` yields the session. */
const YIELDS: Record<string, RType[]> = { "Net::HTTP.start": [{ k: "runtime", cls: "netHttp" }] };

/** Constants that are runtime classes the lowering types (`Net::HTTP::Post.new(uri)`: a request). */
const CONSTANT_TYPES: Record<string, RType> = Object.fromEntries(
  ["Get", "Head", "Post", "Put", "Patch", "Delete"].map((m) => [`Net::HTTP::${m}`, { k: "runtime", cls: "httpRequestClass" }]),
);

export function lowerConstant(node: NodeOf<"const">, scope: Scope): TsExpr | null {
  const path = constPath(node);
  if (!path) return null;
  const local = node.scope ? undefined : scope.env.localConstants?.get(path);
  if (local) return lit(local, UNKNOWN);
  const plain = plainClass(path, scope);
  if (plain) return lit(plainClassRef(plain, scope), { k: "model", model: `typeof ${plain}` });
  const owned = plainClassConstant(path, scope);
  if (owned) return owned;
  const core = CORE_CONSTANTS[path];
  if (core) return lit(scope.env.module.use(core[0]), UNKNOWN);
  const cut = path.lastIndexOf("::");
  const owner = cut > 0 ? CORE_CONSTANTS[path.slice(0, cut)] : undefined;
  if (owner && node.name in owner[1]) return lit(`${scope.env.module.use(owner[0])}.${node.name}`, CONSTANT_TYPES[path] ?? UNKNOWN);
  return null;
}

/** The app's plain class a constant names, looked up lexically from where it is written (Ruby's rule). */
function plainClass(written: string, scope: Scope): string | null {
  const nesting = scope.env.nesting ?? (scope.env.modelName ? enclosing(scope.env.modelName) : []);
  for (const candidate of [...nesting.map((n) => `${n}::${written}`), written]) {
    if (plainClassFacts(scope.env.app, candidate)) return candidate;
  }
  return null;
}

/** `DEFAULT_NAME` inside Setup (or `Setup::DEFAULT_NAME` anywhere): a constant of the app's plain class. */
function plainClassConstant(written: string, scope: Scope): TsExpr | null {
  const nesting = scope.env.nesting ?? (scope.env.modelName ? enclosing(scope.env.modelName) : []);
  for (const candidate of [...nesting.map((n) => `${n}::${written}`), written]) {
    const cut = candidate.lastIndexOf("::");
    if (cut < 0) continue;
    const owner = candidate.slice(0, cut);
    const name = candidate.slice(cut + 2);
    if (plainClassFacts(scope.env.app, owner)?.constants.has(name)) return lit(`${plainClassRef(owner, scope)}.${name}`, plainConstantType(scope.env.app, owner, name));
  }
  return null;
}

/**
 * A plain class as a value: imported from its module, also where models reach each other through the registry
 * (module.registryFor): plain classes are not registered models, and no STI cycle runs through them.
 */
function plainClassRef(path: string, scope: Scope): string {
  scope.env.module.models.add(path);
  return tsIdent(path);
}

/** `Billing::Invoice` -> ["Billing::Invoice", "Billing"]: the lexical scopes of code inside that class. */
function enclosing(path: string): string[] {
  const parts = path.split("::");
  return parts.map((_, i) => parts.slice(0, parts.length - i).join("::"));
}

/** `Const.method(args)` on one of Ruby's/Rails' constants; null when the constant or method is not known. */
export function lowerConstantCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (call.receiver?.kind !== "const") return null;
  const path = constPath(call.receiver);
  const core = path ? CORE_CONSTANTS[path] : undefined;
  if (!path || !core) return null;
  const member = rubyToTs(call.method);
  if (!(member in core[1]) && !(call.method in core[1])) {
    // A method of Ruby's or Rails' own constant the runtime does not have (`Rails.logger`): declined, not sent.
    scope.env.diags.report("unknown_helper", call.span, `${path}.${call.method}`);
    return lit(`${scope.env.module.use("unsupported")}(${JSON.stringify(`${path}.${call.method}`)})`, UNKNOWN);
  }
  if (typeof Reflect.get(core[1], member) !== "function") return null;
  const args = lowerArgs(call.args, call.block, scope, YIELDS[`${path}.${call.method}`]);
  return lit(`${recv.code}.${member}(${args.join(", ")})`, RETURNS[`${path}.${call.method}`] ?? UNKNOWN);
}

/**
 * `Struct.new(:a, :b)` / `Struct.new(:a, keyword_init: true)` as a value (not a superclass, which plain-class.ts
 * lowers): an anonymous Struct class. Only literal Symbol members are proved (a String first argument would name a
 * Struct::Const, another semantics): anything else is declined. Null when the call is not Struct.new.
 */
export function lowerStructNew(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  if (call.method !== "new" || call.receiver?.kind !== "const" || constPath(call.receiver) !== "Struct") return null;
  const members: string[] = [];
  let keywordInit = false;
  let proved = !call.block && call.args.length > 0;
  call.args.forEach((arg, i) => {
    if (arg.kind === "sym") members.push(arg.name);
    else if (arg.kind === "hash" && i === call.args.length - 1 && arg.pairs.length === 1 && arg.pairs[0]!.key.kind === "sym" && arg.pairs[0]!.key.name === "keyword_init" && (arg.pairs[0]!.value.kind === "true" || arg.pairs[0]!.value.kind === "false")) {
      keywordInit = arg.pairs[0]!.value.kind === "true";
    } else proved = false;
  });
  if (!proved || members.length === 0) {
    scope.env.diags.report("unsupported_construct", call.span, "Struct.new with members that are not literal Symbols (or with a block)");
    return lit(`${scope.env.module.use("unsupported")}(${JSON.stringify("Struct.new")})`, UNKNOWN);
  }
  return lit(`${scope.env.module.use("rubyStruct")}(${JSON.stringify(members)}, ${keywordInit})`, UNKNOWN);
}
