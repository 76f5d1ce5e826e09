// ActiveSupport::Cache::MemoryStore (Rails 7.2) -> MemoryStore: process-local, bounded in bytes, least recently
// used first out.
//   :memory_store, size: 64.megabytes         new MemoryStore({ size: 64 * 1024 * 1024 })   (default 32 MiB)
// Accounting is Rails': an entry costs its key's bytes + its value's bytes + 240 (PER_ENTRY_OVERHEAD); overwriting
// adjusts by the value's difference only and keeps the entry's place; reads move it to the newest end. When a
// write passes the limit, expired entries go first, then the oldest until the total is at most 3/4 of the limit
// (prune). String values are sized by their UTF-8 bytes as Rails does; other values by their JSON text (Rails
// sizes them by Marshal.dump, which JS cannot reproduce; fragments are always Strings). Values are kept as given.
import { SafeString } from "../safe.js";
import { CacheStore, type CacheEntry, type CacheOptions, type CacheStats, type StoreOptions } from "./store.js";

const PER_ENTRY_OVERHEAD = 240;
export const DEFAULT_MEMORY_STORE_SIZE = 32 * 1024 * 1024;

export interface MemoryStoreOptions extends StoreOptions {
  /** Bytes. */
  size?: number;
}

/** Entry#bytesize. */
export function valueBytes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "string" || value instanceof SafeString) return Buffer.byteLength(value.toString(), "utf8");
  return Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");
}

export class MemoryStore extends CacheStore {
  readonly maxSize: number;
  /** Insertion order is LRU order: a Map keeps it, and re-inserting moves a key to the end. */
  private readonly data = new Map<string, CacheEntry>();
  private cacheSize = 0;
  private pruning = false;

  constructor(options: MemoryStoreOptions = {}) {
    super(options);
    this.maxSize = options.size ?? DEFAULT_MEMORY_STORE_SIZE;
  }

  /** Keys from least to most recently used, for tests and introspection. */
  keys(): string[] {
    return [...this.data.keys()];
  }

  /** The entry under a normalized key without touching its place. */
  peek(key: string): CacheEntry | undefined {
    return this.data.get(key);
  }

  get size(): number {
    return this.cacheSize;
  }

  protected readEntry(key: string): CacheEntry | undefined {
    const entry = this.data.get(key);
    if (entry) {
      this.data.delete(key);
      this.data.set(key, entry);
    }
    return entry;
  }

  protected writeEntry(key: string, entry: CacheEntry, options: CacheOptions): boolean {
    if (options.unlessExist) {
      const existing = this.readEntry(key);
      if (existing && !this.isExpired(existing)) return false;
    }
    const old = this.data.get(key);
    if (old) this.cacheSize -= valueBytes(old.value) - valueBytes(entry.value);
    else this.cacheSize += entryBytes(key, entry);
    this.data.set(key, entry);
    if (this.cacheSize > this.maxSize) this.prune(this.maxSize * 0.75);
    return true;
  }

  protected deleteEntry(key: string): boolean {
    const entry = this.data.get(key);
    if (!entry) return false;
    this.data.delete(key);
    this.cacheSize -= entryBytes(key, entry);
    return true;
  }

  /** MemoryStore#prune: expired entries, then the least recently used, until at most `targetSize` bytes. */
  prune(targetSize: number): void {
    if (this.pruning) return;
    this.pruning = true;
    try {
      this.cleanup();
      for (const key of [...this.data.keys()]) {
        if (this.deleteEntry(key)) this.counters.evictions++;
        if (this.cacheSize <= targetSize) return;
      }
    } finally {
      this.pruning = false;
    }
  }

  /** MemoryStore#cleanup: drops expired entries. */
  cleanup(): void {
    for (const [key, entry] of [...this.data.entries()]) if (this.isExpired(entry)) this.expire(key);
  }

  clear(): void {
    this.data.clear();
    this.cacheSize = 0;
  }

  stats(): CacheStats {
    return Object.assign({}, this.counters, { entries: this.data.size, bytes: this.cacheSize, maxBytes: this.maxSize });
  }
}

function entryBytes(key: string, entry: CacheEntry): number {
  return Buffer.byteLength(key, "utf8") + valueBytes(entry.value) + PER_ENTRY_OVERHEAD;
}

/** A size flag (`--cache-size 64m`): bytes, or a number with k/m/g (binary multiples, as Rails' 64.megabytes). */
export function parseCacheSize(flag: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$/i.exec(flag);
  if (!m) throw new Error(`invalid cache size: ${JSON.stringify(flag)} (expected bytes or e.g. 64m)`);
  const unit = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as "" | "k" | "m" | "g"];
  return Math.floor(Number(m[1]) * unit);
}
