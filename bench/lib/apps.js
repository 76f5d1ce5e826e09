// What is benchmarked per fixture: read-only GETs, so every round sees the same database and rounds are
// comparable. The Host header is the fixture scenario's, so absolute URLs in pages are the recorded bytes.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const APPS = {
  blog: {
    dir: "fixtures/blog",
    paths: [
      "/articles", // index: the layout, a collection partial, CSRF meta tags; 1 query
      "/articles/1", // show: a record, its comments through the association, a nested comment form
      "/articles.json", // jbuilder index: partials per record, URL helpers, JSON encoding
      "/articles/1/comments", // nested resource: parent lookup then its children
    ],
  },
};

export function scenarioHost(appDir) {
  return JSON.parse(readFileSync(join(appDir, "scenarios.json"), "utf8")).host;
}

/**
 * How many fragment-cache sites (`cache`, `cache_if`, `cache_unless`, `render ... cached: true`) the app's views
 * have, by a plain scan of ERB code tags: enough to say "none" truthfully, and to flag when caching would enter
 * the numbers.
 */
export function cacheSites(appDir) {
  const views = join(appDir, "app", "views");
  let count = 0;
  for (const file of readdirSync(views, { recursive: true })) {
    if (!String(file).endsWith(".erb")) continue;
    const text = readFileSync(join(views, String(file)), "utf8");
    for (const tag of text.match(/<%[^%]*%>/g) ?? []) if (/(^|[\s(=])cache(_if|_unless)?[\s(]|\bcached:\s*true/.test(tag.slice(2))) count++;
  }
  return count;
}
