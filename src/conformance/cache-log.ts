// Rails' own account of its fragment cache, read from the production log of a recording (RAILS_LOG_LEVEL=debug,
// config.action_controller.enable_fragment_cache_logging): per request, found by the request id Rails tags
// every line with. `cache` blocks log "Read fragment <key>" and, on a miss, "Write fragment <key>"; cached
// collection renders log "Rendered collection of <partial> [N / M cache hits]". A second oracle beside the
// bytes: a page can be right while our store misses where Rails hits.

export interface FragmentRead {
  key: string;
  hit: boolean;
}

export interface CollectionHits {
  partial: string;
  hits: number;
  count: number;
}

export interface CacheHits {
  /** `cache` blocks that found their fragment, and those that rendered and wrote it. */
  hits: number;
  misses: number;
  fragments: FragmentRead[];
  collections: CollectionHits[];
}

const TAGGED = /\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\] (.*)$/;
const FRAGMENT = /^(Read|Write) fragment (.+) \(\d+(?:\.\d+)?ms\)$/;
const COLLECTION = /^\s*Rendered collection of (\S+) \[(\d+) \/ (\d+) cache hits\]/;

/** Cache activity per request id; requests with none are absent. */
export function parseCacheLog(log: string): Map<string, CacheHits> {
  const byRequest = new Map<string, CacheHits>();
  const get = (id: string): CacheHits => {
    let hits = byRequest.get(id);
    if (!hits) byRequest.set(id, (hits = { hits: 0, misses: 0, fragments: [], collections: [] }));
    return hits;
  };
  for (const line of log.split("\n")) {
    const tagged = TAGGED.exec(line);
    if (!tagged) continue;
    const [, id, message] = tagged;
    const fragment = FRAGMENT.exec(message);
    if (fragment) recordFragment(get(id), fragment[1] === "Read", fragment[2]);
    const collection = COLLECTION.exec(message);
    if (collection) get(id).collections.push({ partial: collection[1], hits: Number(collection[2]), count: Number(collection[3]) });
  }
  for (const hits of byRequest.values()) {
    hits.hits = hits.fragments.filter((f) => f.hit).length;
    hits.misses = hits.fragments.length - hits.hits;
  }
  return byRequest;
}

// A read is a hit until a write of the same key follows it (fragment_for writes only what it had to render).
function recordFragment(hits: CacheHits, isRead: boolean, key: string): void {
  if (isRead) {
    hits.fragments.push({ key, hit: true });
    return;
  }
  for (let i = hits.fragments.length - 1; i >= 0; i--) {
    if (hits.fragments[i].key === key) {
      hits.fragments[i].hit = false;
      return;
    }
  }
}

// What a request did with the fragment cache, in a comparable form: each `cache` block's key and hit, each cached
// collection's partial and hits out of its size.
export function cacheActivity(hits: CacheHits | undefined): { fragments: string[]; collections: string[] } {
  return {
    fragments: (hits?.fragments ?? []).map((f) => `${f.hit ? "hit " : "miss"} ${f.key}`),
    collections: (hits?.collections ?? []).map((c) => `${c.partial} [${c.hits} / ${c.count} cache hits]`),
  };
}

/** `fragments 2 hits / 1 miss, collections rooms/_room.html.erb [4 / 4 cache hits]`. */
export function cacheSummary(hits: CacheHits | undefined): string {
  const a = cacheActivity(hits);
  const hit = (hits?.fragments ?? []).filter((f) => f.hit).length;
  const parts = [`fragments ${hit} hit${hit === 1 ? "" : "s"} / ${a.fragments.length - hit} miss${a.fragments.length - hit === 1 ? "" : "es"}`];
  if (a.collections.length) parts.push(`collections ${a.collections.join(", ")}`);
  return parts.join(", ");
}

export function cacheDiff(rails: CacheHits | undefined, ours: CacheHits | undefined): string[] {
  const a = cacheActivity(rails);
  const b = cacheActivity(ours);
  const lines: string[] = [];
  for (const kind of ["fragments", "collections"] as const) {
    for (const x of a[kind]) if (!b[kind].includes(x)) lines.push(`- rails ${x}`);
    for (const x of b[kind]) if (!a[kind].includes(x)) lines.push(`+ ours  ${x}`);
  }
  return lines;
}
