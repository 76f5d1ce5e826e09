// Cache keys and versions against Rails 7.2 (test/fixtures/cache/record.rb, "keys" and "records"): the same
// labelled values — strings, symbols, numbers, arrays, hashes, records of the model runtime (versioned, without
// updated_at, unversioned, namespaced, new, just saved) — normalize, version and expand to the same strings.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CacheKeyError, cacheIdentity, expandCacheKey, normalizeKey, normalizeVersion } from "../runtime/action-view/cache/index.js";
import { setClock, Time } from "../runtime/active-record/index.js";
import { AdminEntry, Note, Post, seed, Tag } from "./fixtures/cache/models.js";

const recorded = JSON.parse(readFileSync(new URL("./fixtures/cache/expected.json", import.meta.url), "utf8")) as {
  keys: Record<string, unknown>;
  records: Record<string, unknown>;
};

let values: Record<string, unknown>;
let records: Record<string, unknown>;
beforeAll(() => {
  seed();
  const [post, second, tag, note, entry] = [Post.find(1), Post.find(2), Tag.find(3), Note.find(4), AdminEntry.find(5)];
  const saved = Post.find(2);
  setClock(() => Time.utc(2024, 3, 1, 8, 0, 0)); // travel_to drops the microseconds
  saved.updateBang({ title: "Second!" });
  setClock(null);
  records = { post, tag, note, entry, newPost: new Post(), savedPost: saved };
  values = {
    string: "plain", symbol: "sym", integer: 42, true: true, ...records,
    array: ["a", "b", 3], arrayOne: ["only"], arrayRecords: [post, second],
    arrayNil: ["a", null, "b"], arrayTrue: ["x", true, false], nested: ["views", "dp:abc", [post, "inner"]],
    nestedTag: ["views", "posts/_post:abc", [tag, "inner"]], hash: { b: 2, a: "x y" }, arrayHash: ["h", { b: 2, a: 1 }],
    empty: [], emptyString: "", fragment: ["views", "posts/_post:d1", post], mixed: [post, tag, note, "s"],
  };
});
afterAll(() => setClock(null));

function normalized(name: unknown): unknown {
  try {
    return { key: normalizeKey(name), version: normalizeVersion(name), expanded: expandCacheKey(name), expandedViews: expandCacheKey(name, "views") };
  } catch (e) {
    if (e instanceof CacheKeyError) return { error: e.rubyClass, message: e.message };
    throw e;
  }
}

describe("cache keys (ActiveSupport::Cache + ActiveRecord::Integration)", () => {
  it("normalizes, versions and expands every recorded value as Rails does", () => {
    expect(Object.fromEntries(Object.keys(recorded.keys).map((label) => [label, normalized(values[label])]))).toEqual(recorded.keys);
  });

  it("gives records Rails' cache_key, cache_version and cache_key_with_version", () => {
    const actual = Object.fromEntries(
      Object.entries(records).map(([label, record]) => {
        const id = cacheIdentity(record)!;
        return [label, { cacheKey: id.cacheKey(), cacheVersion: id.cacheVersion(), cacheKeyWithVersion: id.cacheKeyWithVersion() }];
      }),
    );
    expect(actual).toEqual(recorded.records);
  });

  it("uses a value's own cacheKey/cacheVersion when it has them", () => {
    const own = { cacheKey: () => "widgets/9", cacheVersion: () => "v3" };
    expect([normalizeKey(["views", "w:d", own]), normalizeVersion(["views", "w:d", own]), expandCacheKey(own)]).toEqual([
      "views/w:d/widgets/9", "v3", "widgets/9-v3",
    ]);
  });
});
