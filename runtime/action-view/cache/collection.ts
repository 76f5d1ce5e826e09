// Cached collection rendering (ActionView::CollectionCaching, Rails 7.2):
//   render partial: "posts/post", collection: @posts, cached: true
//     -> renderCachedCollection(cache, posts, { digestPath: "posts/_post:<digest>", cached: true }, renderMisses)
//   cached: ->(post) { [post, "x"] }          -> { cached: (post) => [post, "x"] }
// Every item's key is read at once (read_multi); only the misses are rendered, in one call, as a collection of
// their own, so a miss's <name>_counter counts among the misses (as in Rails); then the misses are written at
// once (write_multi) and the parts come back in the collection's order. Items with the same key are rendered once.
// Note: `render @posts, cached: true` is NOT cached in Rails 7.2 (`cached` becomes a local); only the
// `partial:` + `collection:` form reaches this. For a callable `cached:` Rails preloads the whole collection
// before computing keys; for `cached: true` only the misses get preloaded, inside renderMisses.
import { normalizeKey } from "../../active-support/cache/key.js";
import { cacheFragmentName, combinedFragmentCacheKey, type FragmentCache } from "./fragment.js";

export interface CachedCollectionOptions<T> {
  /** The partial's `virtual_path:digest`. */
  digestPath: string;
  cached: true | ((item: T) => unknown);
}

export interface CachedCollectionResult {
  /** One rendered partial per item, in the collection's order; the caller joins them with the spacer. */
  parts: string[];
  /** Entries found (the log's `[hits / count cache hits]`); null when caching is off. */
  hits: number | null;
  count: number;
}

/** CollectionCaching#cache_collection_render. `renderMisses` renders the given items as a collection. */
export function renderCachedCollection<T>(
  cache: FragmentCache,
  items: T[],
  options: CachedCollectionOptions<T>,
  renderMisses: (missed: T[]) => Array<{ toString(): string } | string>,
): CachedCollectionResult {
  const store = cache.store;
  if (!store) return { parts: renderMisses(items).map(String), hits: null, count: items.length };
  const seed = options.cached === true ? (item: T) => item : options.cached;
  // keyed_collection: a Hash by key (first key object kept, last item wins), plus each item's key in order.
  const keyed = new Map<string, { name: unknown[]; item: T }>();
  const ordered = items.map((item) => {
    const name = combinedFragmentCacheKey(cache, cacheFragmentName(cache, seed(item), { digestPath: options.digestPath }));
    const id = normalizeKey(name);
    const known = keyed.get(id);
    keyed.set(id, { name: known?.name ?? name, item });
    return id;
  });
  const namespace = cache.namespace ?? null;
  const storeOptions = { namespace };
  const entries = [...keyed];
  // The keys were normalized above (without the namespace): the store is handed them rather than expanding each
  // name's records again.
  const keys = entries.map(([id]) => (namespace ? `${namespace}:${id}` : id));
  const found = store.readMulti(entries.map(([, k]) => k.name), storeOptions, keys);
  const misses = [...keyed.values()].filter((k) => !found.has(k.name));
  const rendered = misses.length === 0 ? [] : renderMisses(misses.map((k) => k.item)).map(String);
  const partials = new Map<string, string>();
  const writes: Array<[unknown, string]> = [];
  let next = 0;
  for (const [id, { name }] of keyed) {
    if (found.has(name)) {
      partials.set(id, String(found.get(name)));
    } else {
      const body = rendered[next++]!;
      writes.push([name, body]);
      partials.set(id, body);
    }
  }
  if (writes.length > 0) store.writeMulti(writes, storeOptions);
  return { parts: ordered.map((id) => partials.get(id)!), hits: found.size, count: items.length };
}
