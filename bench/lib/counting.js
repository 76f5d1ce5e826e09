// The counting pass, before any timed run: a Rails lane and a Node lane with the conformance SQL counter on
// (the same protocol `rails2ts conformance` uses: one "<count>\n" line per request), sequential requests, so
// each count belongs to one request. The same responses check that every lane serves Rails' bytes (CSRF token
// values aside, the one forgiven list) — a benchmark of a page that differs would measure the wrong thing.
import { SqlLogReader } from "../../dist/src/conformance/sql-log.js";
import { compareResponses } from "../../dist/src/conformance/diff.js";
import { get } from "./http-get.js";

const REPEATS = 3;

/** Per path: SQL counts of REPEATS requests on each side, the comparison, and our first response's bytes. */
export async function countAndCompare({ rails, node, railsSqlLog, nodeSqlLog, paths, headers }) {
  const railsLog = new SqlLogReader(railsSqlLog);
  const nodeLog = new SqlLogReader(nodeSqlLog);
  const results = [];
  for (const path of paths) {
    const r = await sample(rails.baseUrl, path, headers, railsLog);
    const n = await sample(node.baseUrl, path, headers, nodeLog);
    const cmp = compareResponses(comparable(path, r[0]), comparable(path, n[0]));
    results.push({
      path,
      railsSql: r.map((x) => x.sql),
      oursSql: n.map((x) => x.sql),
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

async function sample(baseUrl, path, headers, log) {
  const out = [];
  for (let i = 0; i < REPEATS; i++) {
    const res = await get(baseUrl, path, headers);
    out.push({ ...res, sql: await log.next() });
  }
  return out;
}

function comparable(path, res) {
  return { name: path, status: res.status, location: res.headers.location ?? null, contentType: res.headers["content-type"] ?? null, body: res.body, sqlCount: null };
}
