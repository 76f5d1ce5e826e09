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

/** One distinct key of a cached collection: its name (the first item's), the last item with it, its text. */
interface KeyedItem<T> {
  name: unknown[];
  item: T;
  body: string;
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
  // keyed_collection: a Hash by key (first key object kept, last item wins), plus each item's key in order. The
  // loops below walk it directly (every item of every cached collection comes through here on each render).
  const keyed = new Map<string, KeyedItem<T>>();
  const ordered: Array<KeyedItem<T>> = new Array(items.length);
  const nameOptions = { digestPath: options.digestPath };
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const name = combinedFragmentCacheKey(cache, cacheFragmentName(cache, seed(item), nameOptions));
    const id = normalizeKey(name);
    let known = keyed.get(id);
    if (known === undefined) keyed.set(id, (known = { name, item, body: "" }));
    else known.item = item;
    ordered[i] = known;
  }
  const namespace = cache.namespace ?? null;
  const storeOptions = { namespace };
  // The keys were normalized above (without the namespace): the store is handed them rather than expanding each
  // name's records again.
  const names: unknown[] = [];
  const keys: string[] = [];
  for (const [id, k] of keyed) {
    names.push(k.name);
    keys.push(namespace ? `${namespace}:${id}` : id);
  }
  const found = store.readMulti(names, storeOptions, keys);
  const misses: T[] = [];
  for (const k of keyed.values()) if (!found.has(k.name)) misses.push(k.item);
  const rendered = misses.length === 0 ? [] : renderMisses(misses).map(String);
  const writes: Array<[unknown, string]> = [];
  let next = 0;
  for (const k of keyed.values()) {
    if (found.has(k.name)) {
      k.body = String(found.get(k.name));
    } else {
      k.body = rendered[next++]!;
      writes.push([k.name, k.body]);
    }
  }
  if (writes.length > 0) store.writeMulti(writes, storeOptions);
  const parts: string[] = new Array(ordered.length);
  for (let i = 0; i < ordered.length; i++) parts[i] = ordered[i]!.body;
  return { parts, hits: found.size, count: items.length };
}
