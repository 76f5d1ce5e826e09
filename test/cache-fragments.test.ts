// Fragment caching end to end against Rails 7.2 (test/fixtures/cache/record.rb, "fragments"): the templates in
// test/fixtures/cache/views, lowered here by hand onto the runtime's helpers the way the compiler is to emit them,
// with digests computed by src/analyze/digest.ts, render the same pages as a Rails controller with a memory store
// over four requests (first, repeat, a record updated, a record added), report the same collection cache hits,
// and leave the same keys, versions, values and byte count in the store.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestPath, readViewFiles, ViewResolver } from "../src/analyze/digest.js";
import { cacheFragment, cacheFragmentIf, MemoryStore, renderCachedCollection, type FragmentCache } from "../runtime/action-view/cache/index.js";
import { setClock, Time } from "../runtime/active-record/index.js";
import { OutputBuffer } from "../runtime/action-view/index.js";
import { Post, seed, T0 } from "./fixtures/cache/models.js";

interface Step { label: string; body: string; collections: Array<[string, number | null, number]>; keys: string[]; size: number; versions: Record<string, string> }
const recorded = JSON.parse(readFileSync(new URL("./fixtures/cache/expected.json", import.meta.url), "utf8")) as {
  fragments: { steps: Step[]; values: Record<string, string> };
};

const views = new ViewResolver(readViewFiles(join(import.meta.dirname, "fixtures/cache/views")));
const DIGESTS = {
  index: digestPath("posts/index", "html", views, { hashDigestClass: "SHA256" }),
  post: digestPath("posts/_post", "html", views, { hashDigestClass: "SHA256" }),
  summary: digestPath("posts/_summary", "html", views, { hashDigestClass: "SHA256" }),
  nested: digestPath("posts/_nested", "html", views, { hashDigestClass: "SHA256" }),
};

type Collections = Step["collections"];

/** posts/_post.html.erb */
function renderPost(fc: FragmentCache, post: Post, counter: number): string {
  const buf = new OutputBuffer();
  buf.safeAppend('<li id="post_').append(post.id).safeAppend('">').append(counter).safeAppend(": ").append(post.title);
  buf.safeAppend(
    cacheFragment(fc, [post, "inner"], { digestPath: DIGESTS.post }, () => {
      const inner = new OutputBuffer();
      return inner.safeAppend("<i>").append(post.title.toUpperCase()).safeAppend("</i>");
    }),
  );
  return buf.safeAppend("</li>\n").toString();
}

/** posts/_nested.html.erb: its `cache nested` key is the one the cached collection uses for the same item
 * (Campfire's messages/_message shape): the inner write is overwritten by the collection's. */
function renderNested(fc: FragmentCache, nested: Post): string {
  const buf = new OutputBuffer();
  buf.safeAppend(
    cacheFragment(fc, nested, { digestPath: DIGESTS.nested }, () => new OutputBuffer().safeAppend("  <b>").append(nested.title).safeAppend("</b>\n")),
  );
  return buf.toString();
}

/** posts/_summary.html.erb */
function renderSummary(summary: Post, counter: number): string {
  return new OutputBuffer().safeAppend("<p>").append(counter).safeAppend(" ").append(summary.title).safeAppend(" café</p>\n").toString();
}

/** posts/index.html.erb */
function renderIndex(fc: FragmentCache, posts: Post[], collections: Collections): string {
  const buf = new OutputBuffer();
  const block = (fill: (b: OutputBuffer) => unknown) => () => {
    const b = new OutputBuffer();
    fill(b);
    return b;
  };
  buf.safeAppend(cacheFragment(fc, "header", { digestPath: DIGESTS.index }, block((b) => b.safeAppend("<h1>Posts: ").append(posts.length).safeAppend("</h1>"))));
  buf.safeAppend("\n<ul>");
  const list = renderCachedCollection(fc, posts, { digestPath: DIGESTS.post, cached: true }, (missed) => missed.map((p, i) => renderPost(fc, p, i)));
  collections.push(["_post.html.erb", list.hits, list.count]);
  buf.safeAppend(list.parts.join("")).safeAppend("</ul>\n<ol>");
  // `render @posts, cached: true`: Rails 7.2 takes `cached` as a local here, so this render is not cached.
  collections.push(["_post.html.erb", null, posts.length]);
  buf.safeAppend(posts.map((p, i) => renderPost(fc, p, i)).join("")).safeAppend("</ol>\n");
  const nested = renderCachedCollection(fc, posts, { digestPath: DIGESTS.nested, cached: true }, (missed) => missed.map((p) => renderNested(fc, p)));
  collections.push(["_nested.html.erb", nested.hits, nested.count]);
  buf.safeAppend(nested.parts.join("")).safeAppend("\n");
  const summaries = renderCachedCollection(fc, posts, { digestPath: DIGESTS.summary, cached: (post) => [post, "summary"] }, (missed) =>
    missed.map((p, i) => renderSummary(p, i)),
  );
  collections.push(["_summary.html.erb", summaries.hits, summaries.count]);
  buf.safeAppend(summaries.parts.join("")).safeAppend("\n");
  buf.safeAppend(cacheFragment(fc, [posts[0], "sidebar"], { skipDigest: true }, block((b) => b.safeAppend("<aside>").append(posts[0]!.title).safeAppend("</aside>"))));
  buf.safeAppend("\n");
  buf.safeAppend(cacheFragmentIf(false, fc, "never", { digestPath: DIGESTS.index }, block((b) => b.safeAppend("<p>uncached</p>"))));
  buf.safeAppend("\n");
  buf.safeAppend(cacheFragmentIf(!false, fc, ["tail", 7, null, true], { digestPath: DIGESTS.index }, block((b) => b.safeAppend("<footer>tail</footer>"))));
  return buf.safeAppend("\n").toString();
}

const changes: Array<[string, () => void]> = [
  ["first render", () => {}],
  ["second render", () => {}],
  ["post 2 updated", () => {
    setClock(() => Time.utc(2024, 4, 1, 9, 0, 0));
    Post.find(2).updateBang({ title: "Second v2" });
    setClock(null);
  }],
  ["post 3 created", () => void Post.createBang({ id: 3, title: "Third", created_at: T0, updated_at: Time.utc(2024, 4, 2) })],
];

function dump(store: MemoryStore) {
  const versions = Object.fromEntries(store.keys().flatMap((k) => (store.peek(k)!.version === null ? [] : [[k, store.peek(k)!.version]])));
  return { keys: store.keys(), size: store.size, versions };
}

describe("fragment caching (CacheHelper, CollectionCaching)", () => {
  beforeAll(() => {
    seed();
    setClock(() => Time.utc(2024, 3, 1, 8, 0, 0));
    Post.find(2).updateBang({ title: "Second!" });
    setClock(null);
  });
  afterAll(() => setClock(null));

  it("renders, hits and stores as Rails does over four requests", () => {
    const store = new MemoryStore();
    const fc: FragmentCache = { store, namespace: null };
    const steps = changes.map(([label, change]) => {
      change();
      const collections: Collections = [];
      const body = renderIndex(fc, Post.order("id").toA(), collections);
      return { label, body, collections, ...dump(store) };
    });
    expect(steps).toEqual(recorded.fragments.steps);
    expect(Object.fromEntries(store.keys().map((k) => [k, store.peek(k)!.value]))).toEqual(recorded.fragments.values);

    // A broadcast render finds none of the request's entries (a cold, all-miss render) and writes its own beside them.
    const broadcast = renderIndex({ store, namespace: "broadcast" }, Post.order("id").toA(), []);
    const requestKeys = recorded.fragments.steps[3]!.keys;
    expect(store.keys()).toEqual([...requestKeys, ...requestKeys.map((k) => `broadcast:${k}`)]);
    expect(broadcast).toEqual(renderIndex({ store: null }, Post.order("id").toA(), []));
    expect(store.stats()).toMatchObject({ evictions: 0, entries: 2 * requestKeys.length });
  });

  it("renders without a store as a first, all-miss render does", () => {
    const collections: Collections = [];
    const posts = Post.order("id").toA();
    const body = renderIndex({ store: null }, posts, collections);
    const fresh = new MemoryStore();
    const cached = renderIndex({ store: fresh }, Post.order("id").toA(), []);
    // Every collection misses every item (the count is the posts there are, whether or not the test above ran).
    const n = posts.length;
    expect(n).toBeGreaterThan(0);
    expect({ body, collections }).toEqual({ body: cached, collections: [["_post.html.erb", null, n], ["_post.html.erb", null, n], ["_nested.html.erb", null, n], ["_summary.html.erb", null, n]] });
  });
});
