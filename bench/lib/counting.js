// The counting pass, before any timed run: a Rails lane and a Node lane with the conformance SQL counter on
// (the same protocol `rails2ts conformance` uses: one "<count>\n" line per request), sequential requests, so
// each count belongs to one request. The same responses check that every lane serves Rails' bytes (CSRF token
// values aside, the one forgiven list) — a benchmark of a page that differs would measure the wrong thing. The
// emitted app also writes its fragment cache activity per request (RAILS2TS_CACHE_LOG): the evidence that its
// store is on (hits from the second request on) in the report.
import { RequestLogReader, SqlLogReader } from "../../dist/src/conformance/sql-log.js";
import { compareResponses } from "../../dist/src/conformance/diff.js";
import { get } from "./http-get.js";

export const REPEATS = 3;

/**
 * Per path: SQL counts of REPEATS requests on each side, the comparison, our fragment cache activity, and our
 * first response's bytes. Each side has its own headers (a signed-in lane's Cookie).
 */
export async function countAndCompare({ rails, node, railsSqlLog, nodeSqlLog, nodeCacheLog, paths, railsHeaders, nodeHeaders }) {
  const railsLog = new SqlLogReader(railsSqlLog);
  const nodeLog = new SqlLogReader(nodeSqlLog);
  const cacheLog = nodeCacheLog ? new RequestLogReader(nodeCacheLog, (line) => JSON.parse(line)) : null;
  const results = [];
  for (const path of paths) {
    const r = await sample(rails.baseUrl, path, railsHeaders, railsLog);
    const n = await sample(node.baseUrl, path, nodeHeaders, nodeLog, cacheLog);
    const cmp = compareResponses(comparable(path, r[0]), comparable(path, n[0]));
    results.push({
      path,
      railsSql: r.map((x) => x.sql),
      oursSql: n.map((x) => x.sql),
      oursCache: n.map((x) => cacheSummary(x.cache)),
      railsStatus: r[0].status,
      oursStatus: n[0].status,
      bytesIdentical: cmp.identical,
      differences: [...cmp.fieldDifferences, cmp.bodyDiff].filter(Boolean).join("\n").slice(0, 4000),
      page: { status: n[0].status, contentType: n[0].headers["content-type"] ?? "", body: n[0].body },
      railsBytes: r[0].body.length,
      oursBytes: n[0].body.length,
    });
  }
  return results;
}

async function sample(baseUrl, path, headers, log, cacheLog = null) {
  const out = [];
  for (let i = 0; i < REPEATS; i++) {
    const res = await get(baseUrl, path, headers);
    // The cache line is written before the SQL line, so it is there once the SQL line is.
    const sql = await log.next();
    out.push({ ...res, sql, cache: cacheLog ? await cacheLog.next() : null });
  }
  return out;
}

/** One request's fragment cache activity in a few numbers: `cache` blocks hit/missed, collection items hit/rendered. */
export function cacheSummary(c) {
  if (!c) return null;
  const collections = c.collections ?? [];
  return {
    fragmentHits: c.hits,
    fragmentMisses: c.misses,
    collectionHits: collections.reduce((s, x) => s + (x.hits ?? 0), 0),
    collectionItems: collections.reduce((s, x) => s + x.count, 0),
  };
}

function comparable(path, res) {
  return { name: path, status: res.status, location: res.headers.location ?? null, contentType: res.headers["content-type"] ?? null, body: res.body, sqlCount: null };
}
