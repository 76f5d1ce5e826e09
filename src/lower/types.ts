// What the lowering knows about a Ruby value's type, and the TS type it emits for it.
// Known types let a call lower to a direct member access (`post.title`); an unknown receiver lowers to the
// runtime's dynamic `send`, which is correct but slower, so inference only ever makes code faster, never
// different.
import { tsIdent } from "./names.js";
import type { ValueType } from "../analyze/value-types.js";
import type { ExtensionRef } from "./model/association-extension.js";

export type RType =
  | { k: "model"; model: string }
  /** `ext`: an association's reader whose extension block's methods its proxy answers (model/association-extension.ts). */
  | { k: "relation"; model: string; ext?: ExtensionRef }
  /**
   * Records of one model in a Relation or in an Array, not known which (`users.presence || [user]`): only the
   * methods both answer alike are called on it directly (calls.ts lowerEnumerableCall).
   */
  | { k: "enumerable"; model: string }
  | { k: "array"; of: RType }
  /** A Hash the runtime holds as a Map (Enumerable#index_by / group_by: any Ruby keys), its values of type `of`. */
  | { k: "map"; of: RType }
  /** A lambda or proc (procs.ts: rubyLambda / rubyProc), a JS function: `call` calls it (core/proc-values.ts). */
  | { k: "proc" }
  | { k: "string" }
  | { k: "number" }
  /** A Ruby Float (a JS number, or a RubyFloat for an integral value): core/floats.ts. */
  | { k: "float" }
  | { k: "bool" }
  | { k: "nil" }
  | { k: "safe" }
  | { k: "time" }
  | { k: "duration" }
  | { k: "errors" }
  | { k: "error" }
  | { k: "formBuilder" }
  | { k: "json" }
  | { k: "params" }
  | { k: "hash" }
  | { k: "format" }
  | { k: "regexp" }
  | { k: "object"; className: string }
  | { k: "current"; className: string }
  /** A value of `of`'s type or nil (a nullable column): core methods dispatch on nil apart. */
  | { k: "maybe"; of: RType }
  /**
   * An ActionText::Attachment whose attachable is `of` (an attachable's partial's local: view/attachable-partials.ts):
   * its own methods, and the attachable's by delegate_missing_to.
   */
  | { k: "attachment"; of: RType }
  /** One of Rails' own objects the runtime implements (runtime-objects.ts): a request, a cookie jar, a channel class. */
  | { k: "runtime"; cls: string; name?: string }
  | { k: "unknown" };

/**
 * The runtime's public types for Rails' own objects (runtime-objects.ts), under names no app constant takes; a
 * kind not here is an app class (`typeof RoomChannel`) or an instance of one (a connection).
 */
export const RUNTIME_TYPE_NAMES: Record<string, string> = {
  request: "ActionDispatchRequest", response: "ActionDispatchResponse", cookies: "CookieJar", signedCookies: "SignedCookieJar", encryptedCookies: "EncryptedCookieJar",
  session: "ActionDispatchSession", flash: "ActionDispatchFlash", modelName: "ActiveModelName", baseClass: "typeof Base",
  attachedOne: "AttachedOne", attachedMany: "AttachedMany", turboStream: "TurboStreamTagBuilder", logger: "RailsLogger",
  userAgent: "UserAgentBrowser", page: "GearedPaginationPage",
  uri: "UriGeneric", netHttp: "NetHttp", httpRequest: "NetHttpRequest", httpResponse: "NetHttpResponse",
  httpRequestClass: "typeof NetHttpRequest", threadPool: "ConcurrentThreadPool", qrCode: "RQRCodeQRCode",
  pathname: "RubyPathname", environment: "EnvironmentInquirer",
  remoteConnections: "ActionCableRemoteConnections", remoteConnection: "ActionCableRemoteConnection", dbConnection: "ActiveRecordConnection",
  // A rescued error (rescue-variable.ts): a Ruby exception or an error of the JS engine, both JS's global Error.
  exception: "Error",
  // An association extension's proxy_association (ActiveRecord::Associations::HasManyAssociation).
  association: "HasManyAssociation",
  actionTextContent: "ActionTextContent", actionTextFragment: "ActionTextFragment", actionTextNode: "ActionTextNode", ipAddr: "IPAddr",
  nokogiriDocument: "NokogiriDocument", nokogiriNode: "NokogiriNode", netHttpPersistent: "NetHttpPersistent",
  view: "View",
  remoteImage: "ActionTextRemoteImage", actionTextAttachment: "ActionTextAttachment", stringInquirer: "StringInquirer",
  attachmentGallery: "ActionTextAttachmentGallery",
};

/** Runtime type names that are TS's own globals, never imported from the runtime. */
export const GLOBAL_TYPE_NAMES = new Set(["Error"]);

/**
 * Runtime objects that are values the app's code holds and hands around (a parameter, a method's result): a type
 * a call-site join or a method's proved result may carry. (Rails' objects bound to where they are read, a request,
 * a cookie jar, or a class object, are not handed on so.)
 */
export const VALUE_OBJECTS = new Set([
  "attachedOne", "attachedMany", "userAgent", "uri", "netHttp", "httpRequest", "httpResponse", "threadPool", "pathname", "actionTextContent", "actionTextFragment", "actionTextNode", "ipAddr", "nokogiriDocument", "nokogiriNode", "netHttpPersistent", "view", "stringInquirer", "qrCode",
]);

/** Whether a join or a method's result may claim this type: a record or relation of one model, or a value object. */
export function handedOnType(t: RType): boolean {
  return (t.k === "model" && !t.model.startsWith("typeof ")) || t.k === "relation" || t.k === "proc" || (t.k === "runtime" && VALUE_OBJECTS.has(t.cls));
}

/** Rails' own classes the analysis names (a Current attribute holding the request), as the lowering's types. */
const RAILS_OBJECTS: Record<string, string> = {
  "ActionDispatch::Request": "request", "ActiveStorage::Attached::One": "attachedOne", "ActiveStorage::Attached::Many": "attachedMany",
};

export function railsObjectType(rails: string): RType {
  const cls = RAILS_OBJECTS[rails];
  return cls ? { k: "runtime", cls } : { k: "unknown" };
}

export const UNKNOWN: RType = { k: "unknown" };
export const STRING: RType = { k: "string" };
export const NUMBER: RType = { k: "number" };
export const BOOL: RType = { k: "bool" };
export const NIL: RType = { k: "nil" };
export const SAFE: RType = { k: "safe" };

/** The TS type annotation for a lowered value of this type. */
export function tsType(t: RType): string {
  switch (t.k) {
    case "model":
      return t.model.startsWith("typeof ") ? `typeof ${tsIdent(t.model.slice(7))}` : tsIdent(t.model);
    case "relation":
      // (The declaring class's property type: the relation and the extension's methods.)
      return t.ext ? `${tsIdent(t.ext.owner)}[${JSON.stringify(t.ext.association)}]` : `Relation<${tsIdent(t.model)}>`;
    case "enumerable":
      return `Relation<${tsIdent(t.model)}> | Array<${tsIdent(t.model)}>`;
    case "array":
      return `Array<${tsType(t.of)}>`;
    case "map":
      return `Map<unknown, ${tsType(t.of)}>`;
    case "proc":
      return "((...args: unknown[]) => unknown)";
    case "string":
      return "string";
    case "number":
      return "number";
    case "float":
      return "number | RubyFloat";
    case "bool":
      return "boolean";
    case "nil":
      return "null";
    case "safe":
      return "SafeString";
    case "time":
      return "Time";
    case "duration":
      return "Duration";
    case "errors":
      return "Errors";
    case "error":
      return "ErrorEntry";
    case "formBuilder":
      return "FormBuilder";
    case "json":
      return "Jbuilder";
    case "params":
      return "Parameters";
    case "hash":
      return "Record<string, unknown>";
    case "format":
      return "FormatCollector";
    case "regexp":
      return "RegExp";
    case "object":
      return tsIdent(t.className);
    case "current":
      return `typeof ${tsIdent(t.className)}`;
    case "maybe":
      return `${tsType(t.of)} | null`;
    case "attachment":
      return "ActionTextAttachment";
    case "runtime":
      return RUNTIME_TYPE_NAMES[t.cls] ?? `${t.cls === "channelClass" ? "typeof " : ""}${tsIdent(t.name!)}`;
    case "unknown":
      return "unknown";
  }
}

/** `of` or nil, as a nullable column reads (a record or relation type stands for nil already). */
export function maybe(of: RType): RType {
  return of.k === "unknown" || of.k === "nil" || of.k === "maybe" || of.k === "model" || of.k === "relation" ? of : { k: "maybe", of };
}

export function sameType(a: RType, b: RType): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The type of `a || b` (either operand's value): their type where they agree; a Relation and an Array of the same
 * model's records join into the enumerable of that model; anything else is unknown.
 */
export function joinEither(a: RType, b: RType): RType {
  if (sameType(a, b)) return a;
  // (An Array that may be nil joins as a relation does: a record or relation type stands for nil too.)
  const records = (t: RType): string | null =>
    t.k === "relation" || t.k === "enumerable" ? t.model
      : t.k === "array" && t.of.k === "model" && !t.of.model.startsWith("typeof ") ? t.of.model
        : t.k === "maybe" ? records(t.of) : null;
  const [ma, mb] = [records(a), records(b)];
  return ma !== null && ma === mb ? { k: "enumerable", model: ma } : UNKNOWN;
}

/** The element type when iterating a value of this type. */
export function elementType(t: RType): RType {
  if (t.k === "relation") return { k: "model", model: t.model };
  if (t.k === "array") return t.of;
  if (t.k === "enumerable") return { k: "model", model: t.model };
  if (t.k === "errors") return { k: "error" };
  return UNKNOWN;
}

/** A type the whole-app analysis proved (analyze/value-types.ts), as the lowering's. */
export function provedType(t: ValueType): RType {
  if (t?.k === "record") return { k: "model", model: t.model };
  if (t?.k === "runtime") return railsObjectType(t.rails);
  if (t?.k === "relation") return { k: "relation", model: t.model };
  if (t?.k === "array") return { k: "array", of: { k: "model", model: t.model } };
  return UNKNOWN;
}
