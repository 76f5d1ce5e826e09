// The runtime's per-process memos of pure answers (a header parsed, a name quoted, a word inflected): a Map by key
// with a cap, emptied when a new entry finds it full. A client sending ever-new keys only makes the memo refill now
// and then; memory stays bounded and no entry is ever stale for a reason other than the memo's own (a caller that
// keys on a configuration which may change clears it, or keeps one memo per configuration).
//
// Callers look up and keep themselves (`memo.get(key) ?? memo.set(key, compute(...))`), so no closure is made per
// call on a hot path. `get` answers undefined both for a missing key and for a kept undefined: a memo whose answers
// may be undefined asks `has` first.

export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly cap: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` under `key`, the memo emptied first when it already holds `cap` entries; answers `value`. */
  set(key: K, value: V): V {
    if (this.entries.size >= this.cap) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
