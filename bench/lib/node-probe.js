// Preloaded into the emitted app's process (NODE_OPTIONS=--import=<this file>) by the Node benchmark lane. On
// SIGUSR2 it writes, to $RAILS2TS_BENCH_PROBE, what the live connection really runs with: the pragmas read
// back from the very better-sqlite3 handle the models use, the database file, SQLite's version. A signal, not a
// route, so the request path of the emitted app is exactly what `rails2ts compile` produced.
import { writeFileSync } from "node:fs";
import { connection, hasConnection, RAILS_PRAGMAS } from "../../dist/runtime/active-record/connection/index.js";

const PRAGMAS = ["foreign_keys", "journal_mode", "synchronous", "mmap_size", "journal_size_limit", "cache_size",
  "busy_timeout", "wal_autocheckpoint", "temp_store", "locking_mode", "page_size"];

function report() {
  if (!hasConnection()) return { pid: process.pid, error: "no connection established" };
  const db = connection().db;
  return {
    pid: process.pid,
    pragmas: Object.fromEntries(PRAGMAS.map((name) => [name, db.pragma(name, { simple: true })])),
    databases: db.pragma("database_list").map((row) => ({ [row.name]: row.file })),
    sqlite_version: db.prepare("SELECT sqlite_version() AS v").get().v,
    default_pragmas: Object.fromEntries(RAILS_PRAGMAS),
    runtime: { node: process.version },
  };
}

const out = process.env.RAILS2TS_BENCH_PROBE;
if (out) process.on("SIGUSR2", () => writeFileSync(out, JSON.stringify(report())));
