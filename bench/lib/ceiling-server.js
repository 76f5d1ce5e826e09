// The ceiling lanes: node:http answering each benchmarked path with the page bytes held in memory (status,
// Content-Type and body captured from the emitted app), no routing beyond one Map lookup. What the emitted app
// would do if rendering cost nothing.
//   node ceiling-server.js PAGES_JSON PORT            the ceiling: no database
//   node ceiling-server.js PAGES_JSON PORT DB_FILE    the SQL-inclusive ceiling: each request first runs the
//     statements the emitted app sent for that page (recorded in the counting pass, RAILS2TS_SQL_REPLAY), prepared
//     once, on DB_FILE opened with Rails' pragmas; rows are read and dropped. The distance from this lane to ours
//     is what our runtime adds, not what the page needs.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import Database from "better-sqlite3";
import { RAILS_PRAGMAS } from "../../dist/runtime/active-record/connection/connection.js";

const [pagesFile, portArg, dbFile] = process.argv.slice(2);
/** @type {Record<string, {status: number, contentType: string, body: string, sql?: {sql: string, binds: unknown[]}[]}>} body is base64 */
const pages = JSON.parse(readFileSync(pagesFile, "utf8"));
const db = dbFile ? new Database(dbFile) : null;
if (db) for (const [name, value] of RAILS_PRAGMAS) db.pragma(`${name} = ${value}`);

const bind = (v) => (v && typeof v === "object" ? ("bigint" in v ? BigInt(v.bigint) : Buffer.from(v.base64, "base64")) : v);
const prepared = (statements) =>
  (db ? statements : []).map(({ sql, binds }) => {
    const stmt = db.prepare(sql);
    const values = binds.map(bind);
    return stmt.reader ? () => stmt.all(...values) : () => stmt.run(...values);
  });
const byPath = new Map(
  Object.entries(pages).map(([path, p]) => [path, { status: p.status, contentType: p.contentType, body: Buffer.from(p.body, "base64"), sql: prepared(p.sql ?? []) }]),
);

const server = createServer((req, res) => {
  const page = byPath.get(req.url ?? "");
  if (!page) {
    res.writeHead(404, { "content-type": "text/plain" });
    return res.end("not a benchmarked path");
  }
  for (const run of page.sql) run();
  res.writeHead(page.status, { "content-type": page.contentType, "content-length": page.body.length });
  res.end(page.body);
});

server.listen(Number(portArg ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on ${typeof address === "object" && address ? address.port : portArg}`);
});
process.on("SIGTERM", () => process.exit(0));
