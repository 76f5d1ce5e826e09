// ActiveRecord::Integration's cache identity (Rails 7.2), for records that do not bring their own:
//   record.cache_key                 "posts/1"          ("posts/new" unsaved; "posts/1-<usec stamp>" unversioned)
//   record.cache_version             "20240215120000123456"   (updated_at in UTC, %Y%m%d%H%M%S%6N; nil without it)
//   record.cache_key_with_version    "posts/1-20240215120000123456"
// Active Support's cache keys use anything with cacheKey()/cacheVersion() as-is (respond_to?(:cache_key)); an
// object shaped like the model runtime's Base is read through the accessors below, registered with them here.
// cache_versioning is on for load_defaults >= 5.2; a model class may say otherwise with a static `cacheVersioning`.
import { keyWithVersion, registerCacheIdentity, respondsTo } from "../active-support/cache/key.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

/** The parts of an Active Record object the derivation reads (the model runtime's Base has them all). */
export interface ActiveRecordLike {
  readonly id: unknown;
  readonly modelName: { readonly collection: string };
  isNewRecord(): boolean;
  hasAttribute(name: string): boolean;
  readAttribute(name: string): unknown;
  readAttributeBeforeTypeCast(name: string): unknown;
  isAttributeChanged?(name: string): boolean;
}

let defaultCacheVersioning = true;

/** config.active_record.cache_versioning (true from load_defaults 5.2). */
export function setCacheVersioning(on: boolean): void {
  defaultCacheVersioning = on;
}

// Active Support's cache keys read a record's identity through its cache_key; an object shaped like the model
// runtime's Base without its own is derived here.
registerCacheIdentity((value) =>
  isActiveRecordLike(value)
    ? {
        cacheKey: () => recordCacheKey(value),
        cacheVersion: () => recordCacheVersion(value),
        cacheKeyWithVersion: () => keyWithVersion(recordCacheKey(value), recordCacheVersion(value)),
      }
    : null,
);

function isActiveRecordLike(v: object): v is ActiveRecordLike {
  const name = (v as { modelName?: { collection?: unknown } }).modelName;
  return typeof name?.collection === "string" && respondsTo(v, "isNewRecord") && respondsTo(v, "hasAttribute") && respondsTo(v, "readAttributeBeforeTypeCast");
}

function versioningOf(record: ActiveRecordLike): boolean {
  const own = (record.constructor as { cacheVersioning?: unknown }).cacheVersioning;
  return typeof own === "boolean" ? own : defaultCacheVersioning;
}

/** Integration#cache_key. */
export function recordCacheKey(record: ActiveRecordLike): string {
  const collection = record.modelName.collection;
  if (record.isNewRecord()) return `${collection}/new`;
  const id = Array.isArray(record.id) ? `[${record.id.join(", ")}]` : String(record.id);
  if (hasCacheVersion(record)) return `${collection}/${id}`;
  const stamp = maxUpdatedTimestamp(record);
  return stamp ? `${collection}/${id}-${usecStamp(stamp)}` : `${collection}/${id}`;
}

/** Whether recordCacheVersion answers a version (its branches, without building the string). */
function hasCacheVersion(record: ActiveRecordLike): boolean {
  if (!versioningOf(record) || !record.hasAttribute("updated_at")) return false;
  const raw = record.readAttributeBeforeTypeCast("updated_at");
  if (typeof raw === "string" && !record.isAttributeChanged?.("updated_at")) return true;
  return record.readAttribute("updated_at") instanceof Date;
}

/** Integration#cache_version: the raw database string squeezed when it came from the database (Rails' fast
 * path, same digits), else the typed updated_at. */
export function recordCacheVersion(record: ActiveRecordLike): string | null {
  if (!versioningOf(record) || !record.hasAttribute("updated_at")) return null;
  const raw = record.readAttributeBeforeTypeCast("updated_at");
  if (typeof raw === "string" && !record.isAttributeChanged?.("updated_at")) return squeezedVersion(raw);
  const time = record.readAttribute("updated_at");
  return time instanceof Date ? usecStamp(time) : null;
}

/** The database's updated_at text as a version (a pure function of the text: kept per text, capped). */
const squeezed = new BoundedMemo<string, string>(10000);

function squeezedVersion(raw: string): string {
  return squeezed.get(raw) ?? squeezed.set(raw, raw.replace(/[- :.]/g, "").padEnd(20, "0"));
}

/** timestamp_attributes_for_update_in_model, the latest one set. */
function maxUpdatedTimestamp(record: ActiveRecordLike): Date | null {
  const times = ["updated_at", "updated_on"]
    .filter((a) => record.hasAttribute(a))
    .map((a) => record.readAttribute(a))
    .filter((t): t is Date => t instanceof Date);
  return times.length === 0 ? null : times.reduce((a, b) => (usecOf(b) > usecOf(a) ? b : a));
}

/** Microseconds since the epoch; the model runtime's Time keeps the micros a Date cannot. */
function usecOf(t: Date): bigint {
  const extra = (t as { microRemainder?: unknown }).microRemainder;
  return BigInt(t.getTime()) * 1000n + BigInt(typeof extra === "number" ? extra : 0);
}

/** Time#to_fs(:usec) in UTC: %Y%m%d%H%M%S%6N. */
export function usecStamp(t: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  const usec = Number(((usecOf(t) % 1_000_000n) + 1_000_000n) % 1_000_000n);
  return `${p(t.getUTCFullYear(), 4)}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}${p(usec, 6)}`;
}
