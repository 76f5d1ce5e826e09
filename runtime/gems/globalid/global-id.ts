// GlobalID (globalid 1.4) as Action Cable and Turbo read it: the URI of a record and its URL-safe base64 param.
//   record.to_global_id.to_s   -> toGlobalId(record)     "gid://shop/Orders::Open/104393281"
//   record.to_gid_param        -> toGidParam(record)     "Z2lkOi8vY2FtcGZpcmUvUm9vbXM6Ok9wZW4vMTA0MzkzMjgx"
//   GlobalID.app = "shop"  -> globalIdConfig.app = "shop"
//   GlobalID::Locator.locate(gid, only:)   -> locateGlobalId(gid, { only })   UnscopedLocator over globalIdConfig.modelClass
// Every Active Record model includes GlobalID::Identification, so "responds to to_gid_param" is "is a record".
import { dasherize, underscore } from "../../active-support/inflector.js";
import { toS } from "../../ruby/ruby.js";
import { isViewRecord, type ViewRecord } from "../../active-model/host.js";

/**
 * GlobalID.app. Rails sets it at boot to `config.global_id.app`, else the application's railtie name without
 * "_application", dasherized (module Shop -> "shop"); see globalIdAppName.
 */
export const globalIdConfig: {
  app: string | null;
  /** A locator of its own (GlobalID::Locator.use): finds a record by class name and id. */
  locate: ((modelName: string, id: string | string[]) => unknown) | null;
  /** `model_name.constantize`: the model class of that name (the model runtime's registry; throws for none). */
  modelClass: ((modelName: string) => unknown) | null;
} = { app: null, locate: null, modelClass: null };

/** The default GlobalID.app for an application module (`module MyApp; class Application`) -> "my-app". */
export function globalIdAppName(applicationModule: string): string {
  return dasherize(underscore(applicationModule.replace(/::/g, "/")).replace(/\//g, "_"));
}

/** URI::GID::MissingModelIdError. */
export class MissingModelIdError extends Error {
  override name = "URI::GID::MissingModelIdError";
}

/** A record may name its own GlobalID (a custom to_global_id); otherwise the class name and id are used. */
interface HasGlobalId {
  toGlobalId(): string;
}

function hasOwnGlobalId(v: unknown): v is HasGlobalId {
  return v !== null && typeof v === "object" && typeof (v as HasGlobalId).toGlobalId === "function";
}

/** What responds to to_gid_param: records (GlobalID::Identification) and objects naming their own GlobalID. */
export function isGlobalIdentifiable(v: unknown): v is ViewRecord | HasGlobalId {
  return hasOwnGlobalId(v) || isViewRecord(v);
}

// `model.id`: the primary key value (composite keys are arrays), even for a record that is not saved.
function modelId(record: ViewRecord): unknown {
  const own = (record as { id?: unknown }).id;
  if (own !== undefined) return own;
  const attr = record.readAttribute("id");
  return attr !== undefined ? attr : (record.toKey()?.[0] ?? null);
}

// CGI.escape: application/x-www-form-urlencoded, space as "+", "*" escaped, "~" kept.
function cgiEscape(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, "+");
}

/** `record.to_global_id.to_s` (URI::GID.create(GlobalID.app, record)). */
export function toGlobalId(record: ViewRecord | HasGlobalId): string {
  if (hasOwnGlobalId(record)) return record.toGlobalId();
  const app = globalIdConfig.app;
  if (!app) throw new Error("An app is required to create a GlobalID. Pass the :app option or set the default GlobalID.app.");
  const id = modelId(record);
  const parts = id === null || id === undefined ? [] : Array.isArray(id) ? id : [id];
  const segment = parts.map((p) => cgiEscape(toS(p))).join("/");
  const modelName = record.modelName.name;
  if (segment.trim() === "") throw new MissingModelIdError(`Unable to create a Global ID for ${modelName} without a model id.`);
  return `gid://${app}/${modelName}/${segment}`;
}

/** `record.to_gid_param`: Base64.urlsafe_encode64(gid, padding: false). */
export function toGidParam(record: ViewRecord | HasGlobalId): string {
  return Buffer.from(toGlobalId(record), "utf8").toString("base64url");
}

/**
 * Object#to_param as ActiveSupport defines it: nil, true and false return themselves, records their
 * to_param, everything else to_s.
 */
export function toParamValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v === true || v === false) return v;
  if (isViewRecord(v)) return v.toParam();
  return toS(v);
}

/** URI::GID's parts. */
export interface ParsedGlobalId {
  app: string;
  modelName: string;
  /** A String, or an Array for a composite key. */
  modelId: string | string[];
}

/** `GlobalID.parse(gid)`: a gid:// URI or its base64 param; null when it is neither. */
export function parseGlobalId(gid: string): ParsedGlobalId | null {
  const text = gid.startsWith("gid://") ? gid : Buffer.from(gid, "base64url").toString("utf8");
  const m = /^gid:\/\/([^/?#]+)\/([^/?#]+)\/([^?#]+)/.exec(text);
  if (!m) return null;
  const ids = m[3]!.split("/").filter((p) => p.trim() !== "").map((p) => decodeURIComponent(p.replace(/\+/g, " ")));
  if (ids.length === 0) return null;
  return { app: m[1]!, modelName: m[2]!, modelId: ids.length === 1 ? ids[0]! : ids };
}

/** GlobalID#model_class: `model_name.constantize` (NameError when no model has that name). */
export function globalIdConstantize(modelName: string): unknown {
  if (!globalIdConfig.modelClass) throw new Error("GlobalID::Locator has no locator: set globalIdConfig.modelClass");
  return globalIdConfig.modelClass(modelName);
}

interface LocatableClass {
  unscoped(): { find(id: unknown): unknown };
}

/**
 * GlobalID::Locator::UnscopedLocator#locate: nil unless the id has as many parts as the primary key (a single
 * column here), then `Model.unscoped { Model.find(id) }` (RecordNotFound when the record is gone).
 */
function unscopedLocate(modelName: string, id: string | string[]): unknown {
  const model = globalIdConstantize(modelName) as LocatableClass;
  if (Array.isArray(id)) return null;
  return model.unscoped().find(id);
}

/** Locator.find_allowed?: `gid.model_class <= c` for one of the classes of only:. */
function findAllowed(modelName: string, only: unknown): boolean {
  const model = globalIdConstantize(modelName) as { prototype?: unknown };
  return (Array.isArray(only) ? only : [only]).some((c) => model === c || (typeof c === "function" && model.prototype instanceof c));
}

/** `GlobalID::Locator.locate(gid, only:)`: the record; null when the gid does not parse or only: excludes it. */
export function locateGlobalId(gid: string, options: { only?: unknown } = {}): unknown {
  const parsed = parseGlobalId(gid);
  if (!parsed) return null;
  if (options.only !== undefined && options.only !== null && !findAllowed(parsed.modelName, options.only)) return null;
  if (globalIdConfig.locate) return globalIdConfig.locate(parsed.modelName, parsed.modelId);
  if (!globalIdConfig.modelClass) throw new Error("GlobalID::Locator has no locator: set globalIdConfig.modelClass");
  return unscopedLocate(parsed.modelName, parsed.modelId);
}
