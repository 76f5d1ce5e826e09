// ActiveSupport::Cache::Store (Rails 7.2) -> CacheStore: names become keys and versions here (key.ts); backends
// implement only entry access (readEntry/writeEntry/deleteEntry), as Rails' MemoryStore/RedisCacheStore do.
//   Rails.cache.read(name, version:)          store.read(name, { version })       null on a miss (Ruby nil)
//   Rails.cache.read_multi(*names)            store.readMulti(names)              Map keyed by the names given
//   Rails.cache.write(name, v, expires_in:)   store.write(name, v, { expiresIn })
//   Rails.cache.fetch(name) { v }             store.fetch(name, {}, () => v)
// A version that differs from the entry's is a miss (the entry stays until overwritten); an expired entry is
// deleted when read. The API is synchronous because rendering is: a shared backend (Redis) would sit behind a
// process-local copy or make the view runtime asynchronous; the entry-level interface is what it would implement.
import { normalizeKey, normalizeVersion } from "./key.js";

export interface CacheOptions {
  /** Prefixes keys (`namespace:key`, Rails' :namespace): request and broadcast renders use different ones. */
  namespace?: string | null;
  /** An explicit version; otherwise the name's (records' cache_version). */
  version?: unknown;
  /** Seconds until the entry expires. */
  expiresIn?: number | null;
  expiresAt?: Date | null;
  /** Write only when no live entry exists (:unless_exist). */
  unlessExist?: boolean;
  /** fetch: skip the read and recompute (:force). */
  force?: boolean;
  /** fetch: do not store a null result (:skip_nil). */
  skipNil?: boolean;
}

export interface CacheEntry {
  value: unknown;
  version: string | null;
  /** Epoch seconds, or null for never. */
  expiresAt: number | null;
}

/** Counters of what the store did; bytes are the store's own accounting (MemoryStore: Rails' estimate). */
export interface CacheStats {
  hits: number;
  misses: number;
  writes: number;
  deletes: number;
  evictions: number;
  expirations: number;
  entries: number;
  bytes: number;
  maxBytes: number | null;
}

export interface Store {
  read(name: unknown, options?: CacheOptions): unknown;
  /** `keys`, when given, are the names' keys as `normalizeKey(name, options.namespace)` answers them, in order. */
  readMulti(names: unknown[], options?: CacheOptions, keys?: readonly string[]): Map<unknown, unknown>;
  write(name: unknown, value: unknown, options?: CacheOptions): boolean;
  writeMulti(entries: Iterable<[unknown, unknown]>, options?: CacheOptions): void;
  fetch<T>(name: unknown, options: CacheOptions, compute: () => T): T;
  delete(name: unknown, options?: CacheOptions): boolean;
  exist(name: unknown, options?: CacheOptions): boolean;
  increment(name: unknown, amount?: number, options?: CacheOptions): number;
  clear(): void;
  stats(): CacheStats;
}

export interface StoreOptions {
  namespace?: string | null;
  /** Seconds since the epoch, for expiry (tests freeze it). */
  now?: () => number;
}

export abstract class CacheStore implements Store {
  protected readonly counters = { hits: 0, misses: 0, writes: 0, deletes: 0, evictions: 0, expirations: 0 };
  protected readonly namespace: string | null;
  protected readonly now: () => number;

  constructor(options: StoreOptions = {}) {
    this.namespace = options.namespace ?? null;
    this.now = options.now ?? (() => Date.now() / 1000);
  }

  /** The entry under a normalized key; a read counts as a use (LRU). */
  protected abstract readEntry(key: string): CacheEntry | undefined;
  protected abstract writeEntry(key: string, entry: CacheEntry, options: CacheOptions): boolean;
  protected abstract deleteEntry(key: string): boolean;
  abstract clear(): void;
  abstract stats(): CacheStats;

  protected key(name: unknown, options: CacheOptions): string {
    return normalizeKey(name, options.namespace === undefined ? this.namespace : options.namespace);
  }

  protected isExpired(entry: CacheEntry): boolean {
    return entry.expiresAt !== null && entry.expiresAt <= this.now();
  }

  /** A live, version-matching entry (its value may be null), or null; expired entries are deleted on the way. */
  private lookup(name: unknown, key: string, options: CacheOptions, deleteExpired = true): CacheEntry | null {
    const entry = this.readEntry(key);
    if (!entry) return null;
    if (this.isExpired(entry)) {
      if (deleteExpired) this.expire(key);
      return null;
    }
    const version = normalizeVersion(name, options.version);
    return entry.version !== null && version !== null && entry.version !== version ? null : entry;
  }

  private count(hit: boolean): void {
    if (hit) this.counters.hits++;
    else this.counters.misses++;
  }

  read(name: unknown, options: CacheOptions = {}): unknown {
    const found = this.lookup(name, this.key(name, options), options);
    this.count(found !== null);
    return found ? found.value : null;
  }

  readMulti(names: unknown[], options: CacheOptions = {}, keys?: readonly string[]): Map<unknown, unknown> {
    const results = new Map<unknown, unknown>();
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const found = this.lookup(name, keys?.[i] ?? this.key(name, options), options);
      this.count(found !== null);
      if (found) results.set(name, found.value);
    }
    return results;
  }

  write(name: unknown, value: unknown, options: CacheOptions = {}): boolean {
    const expiresAt = options.expiresAt ? options.expiresAt.getTime() / 1000 : options.expiresIn != null ? this.now() + options.expiresIn : null;
    const ok = this.writeEntry(this.key(name, options), { value, version: normalizeVersion(name, options.version), expiresAt }, options);
    if (ok) this.counters.writes++;
    return ok;
  }

  writeMulti(entries: Iterable<[unknown, unknown]>, options: CacheOptions = {}): void {
    for (const [name, value] of entries) this.write(name, value, options);
  }

  fetch<T>(name: unknown, options: CacheOptions, compute: () => T): T {
    if (!options.force) {
      const found = this.lookup(name, this.key(name, options), options);
      this.count(found !== null);
      if (found) return found.value as T;
    }
    const value = compute();
    if (!(value === null && options.skipNil)) this.write(name, value, options);
    return value;
  }

  delete(name: unknown, options: CacheOptions = {}): boolean {
    const ok = this.deleteEntry(this.key(name, options));
    if (ok) this.counters.deletes++;
    return ok;
  }

  /**
   * increment(name, amount, expires_in:) as MemoryStore#increment: a live entry's number plus amount, its expiry kept;
   * with none, amount is written with the options' expiry.
   */
  increment(name: unknown, amount = 1, options: CacheOptions = {}): number {
    const key = this.key(name, options);
    const entry = this.readEntry(key);
    if (!entry || this.isExpired(entry)) {
      this.write(name, amount, options);
      return amount;
    }
    const value = Number(entry.value) + amount;
    if (this.writeEntry(key, Object.assign({}, entry, { value }), options)) this.counters.writes++;
    return value;
  }

  /** exist? leaves an expired entry in place, unlike read. */
  exist(name: unknown, options: CacheOptions = {}): boolean {
    return this.lookup(name, this.key(name, options), options, false) !== null;
  }

  protected expire(key: string): void {
    if (this.deleteEntry(key)) this.counters.expirations++;
  }
}
