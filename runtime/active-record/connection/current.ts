// ActiveRecord::Base.connection -> the process-wide current Connection the models use. Node serves requests on one
// thread and better-sqlite3 is synchronous, so one connection plays the role of Rails' pool (a request's queries
// never interleave with another's). The per-request statement counter lives here for the HTTP runtime.
import { Connection } from "./connection.js";

let current: Connection | null = null;

let closesAtExit = false;

/**
 * Opens (or replaces) the connection models use; returns it. The process closes it as it exits, as a Ruby process's
 * SQLite connections are closed at exit: the last close checkpoints the WAL into the database file, so a database a
 * process wrote (`rails2ts fixtures`, whose loader exits once the fixtures are in) is whole in its one file.
 */
export function establishConnection(path: string, options: { timeout?: number } = {}): Connection {
  current?.close();
  current = new Connection(path, options);
  if (!closesAtExit) {
    closesAtExit = true;
    process.once("exit", () => {
      try {
        current?.close();
      } catch {
        // already closed by its owner
      }
    });
  }
  return current;
}

/** Uses an already-open connection (tests, or an app that opened it itself). */
export function setConnection(conn: Connection | null): void {
  current = conn;
}

export function connection(): Connection {
  if (!current) throw new Error("No database connection: call establishConnection(path) first");
  return current;
}

export function hasConnection(): boolean {
  return current !== null;
}

/** Per-request statement counter (the HTTP runtime resets it before a request and reads it after). */
export function resetStatementCount(): void {
  current?.resetStatementCount();
}

export function statementCount(): number {
  return current?.statementCount ?? 0;
}

/**
 * The shape the HTTP server takes (ServerConfig.sqlCounter). `reset` marks the start of a request, so it also
 * starts a fresh query cache, as Rails' executor does for every request (requests run one at a time; the cache
 * is replaced at the next request). Code that runs outside requests can call connection().disableQueryCache().
 */
export const sqlCounter = {
  reset(): void {
    resetStatementCount();
    current?.enableQueryCache();
  },
  read: statementCount,
};
