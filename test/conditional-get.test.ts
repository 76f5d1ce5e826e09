// ConditionalGet's ETags against ActiveSupport 7.2 itself (recorded by test/fixtures/conditional-get/record.rb):
// Cache.expand_cache_key of the validators, then ActiveSupport::Digest under SHA256 (load_defaults 7.0+) and MD5.
// Freshness follows Request#fresh?: If-None-Match (a list, or *) and If-Modified-Since must both hold when sent.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { conditionalGetConfig, etagFor, isFresh } from "../runtime/action-pack/conditional-get.js";
import { expandCacheKey } from "../runtime/active-support/cache/key.js";

interface Case {
  validators: unknown[];
  expanded: string;
  weak: { sha256: string; md5: string };
}

const cases = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures/conditional-get/recorded.json"), "utf8")) as Case[];

describe("fresh_when's ETag, as ActiveSupport computes it", () => {
  afterEach(() => {
    conditionalGetConfig.hashDigest = "sha256";
  });

  it("expands the validators as Cache.expand_cache_key", () => {
    expect(cases.map((c) => expandCacheKey(c.validators))).toEqual(cases.map((c) => c.expanded));
  });

  it("digests them with SHA256 and with MD5", () => {
    for (const digest of ["sha256", "md5"] as const) {
      conditionalGetConfig.hashDigest = digest;
      expect(cases.map((c) => etagFor(c.validators, false))).toEqual(cases.map((c) => c.weak[digest]));
    }
  });

  it("is fresh only when every validator the request sends holds", () => {
    const modified = new Date(Date.UTC(2024, 1, 15, 12, 0, 0));
    const etag = 'W/"abc"';
    expect(isFresh(undefined, undefined, etag, modified)).toBe(false);
    expect(isFresh('W/"abc"', undefined, etag, modified)).toBe(true);
    expect(isFresh('"x", W/"abc"', undefined, etag, modified)).toBe(true);
    expect(isFresh("*", undefined, etag, modified)).toBe(true);
    expect(isFresh('W/"other"', undefined, etag, modified)).toBe(false);
    expect(isFresh(undefined, "Thu, 15 Feb 2024 12:00:00 GMT", null, modified)).toBe(true);
    expect(isFresh(undefined, "Thu, 15 Feb 2024 11:59:59 GMT", null, modified)).toBe(false);
    expect(isFresh('W/"abc"', "Thu, 15 Feb 2024 11:59:59 GMT", etag, modified)).toBe(false);
    expect(isFresh(undefined, "Thu, 15 Feb 2024 12:00:00 GMT", etag, null)).toBe(false);
  });
});
