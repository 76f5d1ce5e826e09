// MemoryStore against Rails 7.2's (test/fixtures/cache/record.rb, "store"): the same script of writes, reads,
// deletes, versions, namespaces and clock moves on a 1500-byte store gives the same results, the same keys in
// the same LRU order and the same byte count after every step. Then our own counters and the size flag.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore, parseCacheSize, type CacheOptions } from "../runtime/action-view/cache/index.js";

interface Step { op: [string, ...unknown[]]; result: unknown; keys: string[]; size: number; versions: Record<string, string> }
const recorded = JSON.parse(readFileSync(new URL("./fixtures/cache/expected.json", import.meta.url), "utf8")) as {
  store: { size: number; steps: Step[] };
};

const toOptions = (o: Record<string, unknown> = {}): CacheOptions => ({
  ...(o.version !== undefined ? { version: o.version } : {}),
  ...(o.namespace !== undefined ? { namespace: o.namespace as string } : {}),
  ...(o.expires_in !== undefined ? { expiresIn: o.expires_in as number } : {}),
  ...(o.unless_exist !== undefined ? { unlessExist: o.unless_exist as boolean } : {}),
  ...(o.force !== undefined ? { force: o.force as boolean } : {}),
});

describe("MemoryStore (ActiveSupport::Cache::MemoryStore)", () => {
  it("replays Rails' script step by step", () => {
    let clock = Date.UTC(2024, 1, 15, 12, 0, 0) / 1000;
    const store = new MemoryStore({ size: recorded.store.size, now: () => clock });
    const actual = recorded.store.steps.map(({ op }) => {
      const [name, key, arg, opts] = op as [string, unknown, unknown, Record<string, unknown> | undefined];
      const options = toOptions(name === "read" || name === "exist" || name === "travel" ? (arg as Record<string, unknown>) : opts);
      let result: unknown;
      if (name === "travel") clock += key as number, (result = null);
      else if (name === "write") result = store.write(key, arg, options);
      else if (name === "read") result = store.read(key, options);
      else if (name === "exist") result = store.exist(key, options);
      else if (name === "delete") result = store.delete(key, options);
      else if (name === "read_multi") result = Object.fromEntries(store.readMulti(key as string[], options));
      else if (name === "write_multi") store.writeMulti(Object.entries(key as object), options), (result = Object.keys(key as object));
      else if (name === "fetch") result = store.fetch(key, options, () => arg);
      const versions = Object.fromEntries(store.keys().flatMap((k) => (store.peek(k)?.version ? [[k, store.peek(k)!.version]] : [])));
      return { op, result, keys: store.keys(), size: store.size, versions };
    });
    expect(actual).toEqual(recorded.store.steps);
  });

  it("counts hits, misses, writes, deletes, evictions and expirations", () => {
    let clock = 1000;
    const store = new MemoryStore({ size: 1000, now: () => clock });
    store.write("a", "x".repeat(200)); // 441 bytes
    store.write("b", "y".repeat(100), { expiresIn: 5 }); // 341
    store.read("a");
    store.read("nope");
    store.readMulti(["a", "b", "c"]);
    clock += 6;
    store.write("c", "z".repeat(100)); // 1123 > 1000: b expired, then a evicted
    store.delete("c");
    expect(store.stats()).toEqual({
      hits: 3, misses: 2, writes: 3, deletes: 1, evictions: 1, expirations: 1, entries: 0, bytes: 0, maxBytes: 1000,
    });
  });

  it("keeps namespaced entries apart", () => {
    const store = new MemoryStore();
    store.write(["views", "p:d", "x"], "request");
    store.write(["views", "p:d", "x"], "broadcast", { namespace: "broadcast" });
    expect([store.read(["views", "p:d", "x"]), store.read(["views", "p:d", "x"], { namespace: "broadcast" }), store.keys()]).toEqual([
      "request", "broadcast", ["views/p:d/x", "broadcast:views/p:d/x"],
    ]);
  });

  it("reads a size flag as bytes or binary multiples", () => {
    expect(["1048576", "64m", "64MB", "512k", "1g", "1.5m"].map(parseCacheSize)).toEqual([1048576, 67108864, 67108864, 524288, 1073741824, 1572864]);
    expect(() => parseCacheSize("lots")).toThrow('invalid cache size: "lots"');
  });
});
