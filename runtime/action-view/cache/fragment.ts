// Fragment caching in templates (ActionView::Helpers::CacheHelper + AbstractController::Caching::Fragments, 7.2):
//   <% cache post do %>...<% end %>            buf.safeAppend(cacheFragment(cache, post, { digestPath }, block))
//   <% cache [post, :x], skip_digest: true %>  cacheFragment(cache, [post, "x"], { skipDigest: true }, block)
//   <% cache_if cond, name do %>               cacheFragmentIf(cond, cache, name, { digestPath }, block)
//   <% cache_unless cond, name do %>           cacheFragmentIf(!cond, ...)
// `digestPath` is the current template's `virtual_path:digest` (src/analyze/digest.ts digestPath, computed when
// compiling); null when there is no current template, which leaves the name undigested as Rails does. The block
// returns what it wrote: the text of its own output buffer (OutputBuffer#capture, not CaptureHelper's blank rule).
// The store key is [views, RAILS_CACHE_ID, *fragment_cache_keys, digest_path, name], with records' versions beside
// it, under the context's namespace so request and broadcast renders never share an entry.
import { htmlSafe, SafeString } from "../../active-support/safe.js";
import { isPlainObject } from "../../ruby/ruby.js";
import { expandCacheKey, normalizeKey } from "../../active-support/cache/key.js";
import type { CacheOptions, Store } from "../../active-support/cache/store.js";

/** What a render knows about caching; the view runtime builds one per render. */
export interface FragmentCache {
  /** Where fragments live; null when caching is off (perform_caching false): blocks render every time. */
  store: Store | null;
  /** Request renders: null (keys exactly Rails'); broadcast renders: "broadcast". */
  namespace?: string | null;
  /** ENV["RAILS_CACHE_ID"] || ENV["RAILS_APP_VERSION"]. */
  cacheId?: string | null;
  /** The controller's fragment_cache_key values, evaluated for this request. */
  head?: unknown[];
  /** url_for, for Hash names. */
  urlFor?: (options: Record<string, unknown>) => string;
  /** Each `cache` block read, its key as Rails logs it (ActiveSupport::Cache.expand_cache_key: versions inlined). */
  onFragment?: (event: { key: string; hit: boolean }) => void;
}

export interface FragmentOptions extends CacheOptions {
  digestPath?: string | null;
  skipDigest?: boolean;
}

/** The block's output: a string, SafeString or OutputBuffer (anything whose toString is the written text). */
export type FragmentBlock = () => { toString(): string } | string;

const afterScheme = (url: string) => url.split("://").pop()!;

/** CacheHelper#cache_fragment_name: [digest_path, name] unless skip_digest (or no template). */
export function cacheFragmentName(cache: FragmentCache, name: unknown, options: { skipDigest?: boolean; digestPath?: string | null } = {}): unknown {
  if (options.skipDigest) return name;
  const named = isPlainObject(name) ? afterScheme(requireUrlFor(cache)(name)) : name;
  return options.digestPath ? [options.digestPath, named] : named;
}

/** Fragments#combined_fragment_cache_key: `[:views, id, head, tail].flatten!(1).compact!`. */
export function combinedFragmentCacheKey(cache: FragmentCache, key: unknown): unknown[] {
  const tail = isPlainObject(key) ? afterScheme(requireUrlFor(cache)(key)) : key;
  // The parts pushed one by one, nils left out (every item of a cached collection comes through here).
  const parts: unknown[] = ["views"];
  pushPresent(parts, cache.cacheId);
  if (cache.head) for (const p of cache.head) pushPresent(parts, p);
  if (Array.isArray(tail)) for (const p of tail) pushPresent(parts, p);
  else pushPresent(parts, tail);
  return parts;
}

function pushPresent(parts: unknown[], p: unknown): void {
  if (p !== null && p !== undefined) parts.push(p);
}

function requireUrlFor(cache: FragmentCache): (options: Record<string, unknown>) => string {
  if (!cache.urlFor) throw new Error("a Hash fragment name needs url_for (FragmentCache.urlFor)");
  return cache.urlFor;
}

/** CacheHelper#cache: the cached fragment, or the block's output written to the store. */
export function cacheFragment(cache: FragmentCache, name: unknown, options: FragmentOptions, block: FragmentBlock): SafeString {
  if (!cache.store) return htmlSafe(block().toString());
  const { digestPath, skipDigest, ...storeOptions } = options;
  const key = combinedFragmentCacheKey(cache, cacheFragmentName(cache, name, { digestPath, skipDigest }));
  const withNamespace = Object.assign({}, storeOptions, { namespace: cache.namespace ?? null });
  const cached = cache.store.read(key, withNamespace);
  if (cached !== null && cached !== undefined) {
    cache.onFragment?.({ key: expandCacheKey(key), hit: true });
    return htmlSafe(cached);
  }
  cache.onFragment?.({ key: expandCacheKey(key), hit: false });
  const fragment = block().toString();
  cache.store.write(key, fragment, withNamespace);
  return new SafeString(fragment);
}

/** CacheHelper#cache_if (cache_unless is cache_if with the condition negated). */
export function cacheFragmentIf(condition: unknown, cache: FragmentCache, name: unknown, options: FragmentOptions, block: FragmentBlock): SafeString {
  return condition !== false && condition !== null && condition !== undefined
    ? cacheFragment(cache, name, options, block)
    : htmlSafe(block().toString());
}
