// ActionController::ConditionalGet (Rails 7.2): fresh_when / stale? set the response's ETag and Last-Modified from
// records, and answer 304 Not Modified when the request's If-None-Match / If-Modified-Since say the client has it.
//   fresh_when @messages            validators [@messages, the action template's digest (EtagWithTemplateDigest),
//                                   the flash when it is not empty on HTML (EtagWithFlash)];
//                                   ETag W/"<hexdigest(expand_cache_key(validators))[0,32]>";
//                                   Last-Modified: @messages.maximum(:updated_at) (or the record's updated_at)
// The digest is ActiveSupport::Digest: SHA256 under load_defaults 7.0+, MD5 before.
import { createHash } from "node:crypto";
import { expandCacheKey } from "../active-support/cache/key.js";
import { isPlainObject } from "../ruby/ruby.js";

export const conditionalGetConfig = {
  /** ActiveSupport::Digest.hash_digest_class. */
  hashDigest: "sha256" as "sha256" | "md5",
};

/** ActiveSupport::Digest.hexdigest: the class's hex digest, first 32 characters. */
export function activeSupportHexdigest(text: string): string {
  return createHash(conditionalGetConfig.hashDigest).update(text, "utf8").digest("hex").slice(0, 32);
}

export interface FreshnessOptions {
  etag?: unknown;
  weak_etag?: unknown;
  strong_etag?: unknown;
  last_modified?: unknown;
  public?: unknown;
  template?: unknown;
}

const FRESHNESS_KEYS = new Set(["etag", "weak_etag", "strong_etag", "last_modified", "public", "cache_control", "template"]);

/** fresh_when(object = nil, **options): the object and the keyword options as a lowered call passes them. */
export function freshnessArgs(args: unknown[]): { object: unknown; options: FreshnessOptions } {
  const last = args[args.length - 1];
  if (isPlainObject(last) && Object.keys(last).every((k) => FRESHNESS_KEYS.has(k)) && (args.length > 1 || Object.keys(last).length > 0)) {
    return { object: args.length > 1 ? args[0] : null, options: last as FreshnessOptions };
  }
  return { object: args[0] ?? null, options: {} };
}

function updatedAtOf(value: unknown): Date | null {
  const v = value as { updated_at?: unknown; readAttribute?: (n: string) => unknown } | null;
  if (v && typeof v.readAttribute === "function") {
    const t = v.readAttribute("updated_at");
    return t instanceof Date ? t : null;
  }
  return null;
}

/** `object.try(:updated_at) || object.try(:maximum, :updated_at)`: a record's time, a relation's or Array's max. */
export function lastModifiedOf(object: unknown): Date | null {
  if (object === null || object === undefined) return null;
  const own = updatedAtOf(object);
  if (own) return own;
  const maximum = (object as { maximum?: unknown }).maximum;
  if (typeof maximum === "function") {
    const t = (maximum as (c: string) => unknown).call(object, "updated_at");
    return t instanceof Date ? t : null;
  }
  if (Array.isArray(object)) {
    // ActiveSupport's Enumerable#maximum: the largest updated_at of the elements.
    let best: Date | null = null;
    for (const item of object) {
      const t = updatedAtOf(item);
      if (t && (!best || t.getTime() > best.getTime())) best = t;
    }
    return best;
  }
  return null;
}

/** Request#fresh?(response). */
export function isFresh(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, etag: string | null, lastModified: Date | null): boolean {
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  const hasSince = !Number.isNaN(since);
  if (!hasSince && !ifNoneMatch) return false;
  let success = true;
  if (hasSince) success &&= lastModified !== null && since >= Math.floor(lastModified.getTime() / 1000) * 1000;
  if (ifNoneMatch) {
    const validators = ifNoneMatch.split(",").map((s) => s.trim());
    success &&= etag !== null && (validators.includes(etag) || validators.includes("*"));
  }
  return success;
}

/** The ETag header for validators (weak: W/"..."; strong: "..."). */
export function etagFor(validators: unknown[], strong: boolean): string {
  const digest = activeSupportHexdigest(expandCacheKey(validators));
  return strong ? `"${digest}"` : `W/"${digest}"`;
}
