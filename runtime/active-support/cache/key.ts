// How Rails turns a cache name into strings (ActiveSupport 7.2):
//   Store#normalize_key(name)          normalizeKey(name, namespace)   "views/posts/_post:d1/posts/1"
//   Store#normalize_version(name)      normalizeVersion(name)          "20240215120000123456" (records' versions)
//   Cache.expand_cache_key(key, ns)    expandCacheKey(key, ns)         "views/posts/1-20240215120000123456"
// A store keeps a record's cache_key in the key and its cache_version beside the entry (cache versioning), so an
// updated record misses without growing the key space; expand_cache_key (controller/jbuilder caches) inlines the
// version instead. Ruby values map as: nil -> null, Symbol -> string, Hash -> plain object or Map, records -> objects
// with cacheKey()/cacheVersion() or Active Record-like objects (record-key.ts).
import { SafeString } from "../safe.js";
import { isPlainObject, toS } from "../../ruby/ruby.js";
import { toQuery } from "../to-query.js";

/** What the key builders need from a record. */
export interface CacheIdentity {
  cacheKey(): string;
  cacheVersion(): string | null;
  cacheKeyWithVersion(): string;
}

type IdentityResolver = (value: object) => CacheIdentity | null;
const resolvers: IdentityResolver[] = [];

/** How a framework above (Active Record) gives its objects an identity when they have no cache_key of their own. */
export function registerCacheIdentity(resolver: IdentityResolver): void {
  resolvers.push(resolver);
}

/** respond_to?(name) on a lowered object: it has a method of that (TS) name. */
export const respondsTo = (v: unknown, name: string) => typeof (v as Record<string, unknown> | null)?.[name] === "function";
const stringOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
/** cache_key_with_version from its two parts: the version appended after a dash, when there is one. */
export const keyWithVersion = (key: string, version: string | null) => (version ? `${key}-${version}` : key);

/** The cache identity of a value (respond_to?(:cache_key)), or null when Rails would not treat it as a record. */
export function cacheIdentity(value: unknown): CacheIdentity | null {
  if (typeof value !== "object" || value === null) return null;
  if (respondsTo(value, "cacheKey")) {
    const v = value as OwnCacheKey;
    return { cacheKey: () => ownKey(v), cacheVersion: () => ownVersion(v), cacheKeyWithVersion: () => ownKeyWithVersion(v) };
  }
  return resolvedIdentity(value);
}

type OwnCacheKey = { cacheKey(): unknown; cacheVersion?(): unknown; cacheKeyWithVersion?(): unknown };
const ownKey = (v: OwnCacheKey) => String(v.cacheKey());
const ownVersion = (v: OwnCacheKey) => (respondsTo(v, "cacheVersion") ? stringOrNull(v.cacheVersion!()) : null);
const ownKeyWithVersion = (v: OwnCacheKey) =>
  respondsTo(v, "cacheKeyWithVersion") ? String(v.cacheKeyWithVersion!()) : keyWithVersion(ownKey(v), ownVersion(v));

function resolvedIdentity(value: object): CacheIdentity | null {
  for (const resolve of resolvers) {
    const identity = resolve(value);
    if (identity) return identity;
  }
  return null;
}

/** A value's cache_key as the key builders read it (cacheIdentity's, without building the identity for a value
 *  with its own cacheKey: every record of a cached collection comes through here); undefined when it has none. */
function keyOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (respondsTo(value, "cacheKey")) return ownKey(value as OwnCacheKey);
  return resolvedIdentity(value)?.cacheKey();
}

/** What Rails raises for a key it cannot use: ArgumentError (blank) or NoMethodError (`true` as the whole key). */
export class CacheKeyError extends Error {
  constructor(
    readonly rubyClass: "ArgumentError" | "NoMethodError",
    message: string,
  ) {
    super(message);
    this.name = "CacheKeyError";
  }
}

type Param = string | boolean | null;

const isHash = (v: unknown): v is Record<string, unknown> | Map<unknown, unknown> => v instanceof Map || isPlainObject(v);
const pairs = (h: Record<string, unknown> | Map<unknown, unknown>): Array<[unknown, unknown]> =>
  h instanceof Map ? [...h.entries()] : Object.entries(h);
/** Ruby sorts Strings by bytes; UTF-16 order differs only past the BMP, but be exact. */
const byteCompare = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/** Object#to_param (ActiveSupport core_ext) as the key builders see it: unlike http's toParam, true/false stay
 * themselves, because a bare `true` key is an error in Rails rather than "true". */
function toParam(v: unknown): Param {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean" || typeof v === "string") return v;
  if (v instanceof SafeString) return v.toString();
  if (Array.isArray(v)) return v.map((e) => joinPart(toParam(e))).join("/");
  if (isHash(v)) return toQuery(v instanceof Map ? Object.fromEntries(v) : v);
  if (typeof (v as { toParam?: unknown }).toParam === "function") return (v as { toParam(): Param }).toParam();
  return toS(v);
}

/** Array#join's view of a to_param result: nil is "", true is "true". */
const joinPart = (p: Param): string => (p === null ? "" : String(p));

/** Store#expanded_key: records by cache_key, Arrays element-wise, Hashes as sorted `k=v`, the rest by to_param. */
export function expandedKey(key: unknown): Param {
  // A String is its own key (no cache_key, not an Array or Hash, to_param itself).
  if (typeof key === "string") return key;
  const record = keyOf(key);
  if (record !== undefined) return record;
  if (Array.isArray(key)) {
    // to_param of the elements' keys, joined with "/" as Array#to_param does, without the intermediate Arrays.
    if (key.length > 1) {
      let out = "";
      for (let i = 0; i < key.length; i++) out += (i === 0 ? "" : "/") + joinPart(toParam(expandedKey(key[i])));
      return out;
    }
    return toParam(expandedKey(key[0]));
  }
  if (isHash(key)) return toParam(pairs(key).map(([k, v]) => `${toS(k)}=${toS(v)}`).sort(byteCompare));
  return toParam(key);
}

/** Store#normalize_key: the expanded key, prefixed `namespace:` when a namespace is given. */
export function normalizeKey(name: unknown, namespace: string | null = null): string {
  const key = expandedKey(name);
  if (key === true) throw new CacheKeyError("NoMethodError", "undefined method `empty?' for true");
  if (key === null || key === false || key === "") throw new CacheKeyError("ArgumentError", "key cannot be blank");
  return namespace ? `${namespace}:${key}` : key;
}

/** Store#normalize_version: an explicit `version:` option (to_param), else the name's expanded version. */
export function normalizeVersion(name: unknown, version?: unknown): string | null {
  const explicit = version === undefined || version === null ? null : toParam(version);
  if (explicit !== null && explicit !== false) return String(explicit);
  const expanded = expandedVersion(name);
  return expanded === null || expanded === false ? null : String(expanded);
}

/** Store#expanded_version: records' cache_version; Arrays compact their elements' versions; to_a-able values
 * (nil, Hashes) recurse on to_a, which is how `["a", nil]` gets the version "" rather than none. */
export function expandedVersion(key: unknown): Param {
  // Not an object: no identity, no to_a; nil (JS null and undefined) is [].to_a's version, "".
  if (typeof key !== "object") return key === undefined ? "" : null;
  if (key === null) return "";
  if (respondsTo(key, "cacheKey")) return toParam(ownVersion(key as OwnCacheKey));
  const record = cacheIdentity(key);
  if (record) return toParam(record.cacheVersion());
  if (Array.isArray(key)) {
    // The elements' versions, nils dropped (compact), joined as Array#to_param does, without the intermediate Arrays.
    let out = "";
    let first = true;
    for (let i = 0; i < key.length; i++) {
      const v = expandedVersion(key[i]);
      if (v === null) continue;
      out += (first ? "" : "/") + joinPart(toParam(v));
      first = false;
    }
    return out;
  }
  if (isHash(key)) return expandedVersion(pairs(key));
  return null;
}

/** ActiveSupport::Cache.expand_cache_key: `namespace/` + RAILS_CACHE_ID + the key with versions inlined. */
export function expandCacheKey(key: unknown, namespace: string | null = null, cacheId: string | null = null): string {
  return `${namespace ? `${namespace}/` : ""}${cacheId ? `${cacheId}/` : ""}${retrieveCacheKey(key)}`;
}

function retrieveCacheKey(key: unknown): string {
  if (typeof key === "object" && key !== null && respondsTo(key, "cacheKey")) return ownKeyWithVersion(key as OwnCacheKey);
  const record = cacheIdentity(key);
  if (record) return record.cacheKeyWithVersion();
  if (Array.isArray(key)) return joinPart(toParam(key.map(retrieveCacheKey)));
  if (key === null || key === undefined) return retrieveCacheKey([]);
  if (isHash(key)) return retrieveCacheKey(pairs(key));
  return joinPart(toParam(key));
}
