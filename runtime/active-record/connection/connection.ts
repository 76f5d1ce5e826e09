// ActiveRecord::ConnectionAdapters::SQLite3Adapter -> Connection: one better-sqlite3 handle configured exactly as
// Rails 7.2 configures SQLite, bound parameters only, a statement cache, and the instrumentation Rails has
// (every statement is an SqlEvent with Rails' name, e.g. "Project Load" / "TRANSACTION", its SQL and its binds).
//
//   ActiveRecord::Base.establish_connection      openConnection(path)
//   connection.select_all(sql, name, binds)      conn.select(sql, binds, name)
//   connection.exec_insert / exec_update          conn.execute(sql, binds, name)
//   connection.transaction(requires_new:) { }     conn.transaction(fn, { requiresNew })
//   ActiveSupport::Notifications "sql.active_record"  conn.onSql(listener)
import Database from "better-sqlite3";
import { TransactionManager, type TransactionOptions } from "./transactions.js";
import { reachPatched } from "../../ruby/declined-patches.js";
import { translateSqliteError } from "../exceptions.js";

/** What may be bound to a `?` placeholder; booleans are bound as SQLite stores them (1/0), like Rails. */
export type BindValue = string | number | bigint | boolean | null | Buffer;
export type Row = { [column: string]: unknown };

export interface SqlEvent {
  /** Rails' payload name ("Project Load", "TRANSACTION"); null for raw connection.execute / select_all calls. */
  name: string | null;
  sql: string;
  binds: BindValue[];
  /** Answered by the query cache (Rails' `cached: true`): not sent, not counted. */
  cached?: boolean;
}
export type SqlListener = (event: SqlEvent) => void;

/**
 * Rails 7.2 SQLite3Adapter::DEFAULT_PRAGMAS, in the order Rails sets them. Set explicitly, never left to the
 * SQLite build's defaults, so write-path numbers are comparable with Rails'.
 */
export const RAILS_PRAGMAS: ReadonlyArray<readonly [string, string | number]> = [
  ["foreign_keys", "ON"],
  ["journal_mode", "WAL"],
  ["synchronous", "NORMAL"],
  ["mmap_size", 134217728],
  ["journal_size_limit", 67108864],
  ["cache_size", 2000],
];

/** The `timeout: 5000` of a generated config/database.yml (the busy timeout, in milliseconds). */
export const RAILS_BUSY_TIMEOUT_MS = 5000;

type Statement = Database.Statement<unknown[], Row>;

const LIMIT = " LIMIT ?";
const LIMIT_OFFSET = " LIMIT ? OFFSET ?";
/** Statements kept per text with their LIMIT/OFFSET values written in (a text sees a few values: 1, a page size). */
const LIMITED_STATEMENTS = 20;
/** ConnectionAdapters::StatementPool::DEFAULT_STATEMENT_LIMIT: statements (and what is kept per SQL text) at most. */
const STATEMENT_LIMIT = 1000;

interface TailShape {
  /** Trailing placeholders that are the LIMIT (1) or LIMIT and OFFSET (2); 0 when the text does not end so. */
  limited: 0 | 1 | 2;
  /** The `?` in the text; -1 when it has other parameter forms (?NNN, :name, @name, $name). */
  placeholders: number;
  /** Its statements by the values written in ("5", "5 OFFSET 10"), least recently used first; raw ones apart. */
  rows?: Map<string, Statement>;
  raw?: Map<string, Statement>;
}

function tailShape(sql: string): TailShape {
  const limited = sql.endsWith(LIMIT_OFFSET) ? 2 : sql.endsWith(LIMIT) ? 1 : 0;
  if (limited === 0 || !READ.test(sql) || /\?\d|[:@$][A-Za-z_]/.test(sql)) return { limited: 0, placeholders: -1 };
  let placeholders = 0;
  for (let i = sql.indexOf("?"); i !== -1; i = sql.indexOf("?", i + 1)) placeholders++;
  return { limited, placeholders };
}

/** ConnectionAdapters::QueryCache::DEFAULT_SIZE. */
const QUERY_CACHE_SIZE = 100;
const READ = /^\s*SELECT\b/i;
/** Statements that change the schema (a statement's columns may differ after them). */
const DDL = /^\s*(?:CREATE|ALTER|DROP)\b/i;
/**
 * Rows as objects, made here from the driver's raw rows (arrays in column order): better-sqlite3's object rows are
 * built key by key through V8's API, about a third of a 20-row SELECT's time; an object literal of the same keys in
 * the same order is the same row (a duplicate column name keeps its first position and its last value either way).
 * One maker per column list (statements of one shape share it); a statement whose columns include `__proto__`
 * keeps the driver's own object rows (a literal would set the prototype instead).
 */
type RowMaker = (values: unknown[]) => Row;
const rowMakers = new Map<string, RowMaker>();

function rowMaker(names: string[]): RowMaker | null {
  if (names.includes("__proto__")) return null;
  const key = JSON.stringify(names);
  let make = rowMakers.get(key);
  if (make === undefined) {
    make = new Function("v", `return {${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(", ")}};`) as RowMaker;
    if (rowMakers.size >= STATEMENT_LIMIT) rowMakers.delete(rowMakers.keys().next().value!);
    rowMakers.set(key, make);
  }
  return make;
}

/** A statement's maker and the column count and schema generation it was made for. */
interface ObjectRows {
  make: RowMaker;
  columns: number;
  generation: number;
}

/** The query cache's key: the SQL and each bind's type and value (null apart from the String "null"). */
function cacheKey(sql: string, binds: BindValue[]): string {
  let key = sql;
  for (const b of binds) key += b === null ? "\u0000\u0001" : `\u0000${typeof b}:${String(b)}`;
  return key;
}

/** better-sqlite3's `nativeBinding` option: the addon's exports, set by a single executable (runtime/sea/), which
 *  loads the addon itself (inside an executable, require loads built-in modules only); null loads it from node_modules. */
let sqliteBinding: object | null = null;

export function setSqliteBinding(binding: object | null): void {
  sqliteBinding = binding;
}

export class Connection {
  readonly db: Database.Database;
  readonly transactions: TransactionManager;
  private readonly statements = new Map<string, Statement>();
  private readonly listeners = new Set<SqlListener>();
  private count = 0;
  private queryCache: Map<string, Row[]> | null = null;
  /** Whether a statement's text is a SELECT, by text (a pure function of it, so kept without invalidation). */
  private readonly reads = new Map<string, boolean>();
  /** Each SELECT text's trailing LIMIT/OFFSET placeholders (limitTail), by text: a pure function of it too. */
  private readonly tails = new Map<string, TailShape>();
  /** Statements whose rows are made by a RowMaker (raw at the driver), and what it was made for. */
  private readonly objectRows = new WeakMap<Statement, ObjectRows>();
  /** Bumped by DDL run through this connection: a statement's columns are read again after it. */
  private schemaGeneration = 0;

  constructor(path: string, options: { timeout?: number } = {}) {
    // better-sqlite3 takes the addon object too (lib/database.js); its typings only name the string form.
    const nativeBinding = sqliteBinding as unknown as string | null;
    this.db = new Database(path, { timeout: options.timeout ?? RAILS_BUSY_TIMEOUT_MS, ...(nativeBinding ? { nativeBinding } : {}) });
    for (const [name, value] of RAILS_PRAGMAS) this.db.pragma(`${name} = ${value}`);
    this.transactions = new TransactionManager((sql) => this.run(sql, [], "TRANSACTION"));
  }

  /** Statements executed since the last reset (SCHEMA statements excluded, as the conformance counter does). */
  get statementCount(): number {
    return this.count;
  }

  resetStatementCount(): void {
    this.count = 0;
  }

  /** Subscribes to every executed statement; returns the unsubscribe function. */
  onSql(listener: SqlListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs a statement that returns rows (SELECT, INSERT ... RETURNING); SELECTs go through the query cache. The rows
   * may be the query cache's own: callers read them and never write them (every caller builds its own values).
   */
  select(sql: string, binds: BindValue[] = [], name: string | null = null): Row[] {
    if (!this.isRead(sql)) this.clearQueryCache();
    else if (this.queryCache) return this.cachedSelect(sql, binds, name, this.queryCache);
    return this.query(sql, binds, name, false);
  }

  private isRead(sql: string): boolean {
    let read = this.reads.get(sql);
    if (read === undefined) {
      this.reads.set(sql, (read = READ.test(sql)));
      if (this.reads.size > STATEMENT_LIMIT) this.reads.delete(this.reads.keys().next().value!);
    }
    return read;
  }

  /**
   * select_rows: each row as an array in column order (duplicate column names kept apart, as pluck needs).
   * Shares the query cache with select (Rails caches select_all, which both go through).
   */
  selectRows(sql: string, binds: BindValue[] = [], name: string | null = null): unknown[][] {
    if (!this.isRead(sql)) this.clearQueryCache();
    else if (this.queryCache) {
      return this.cachedSelect(sql, binds, name, this.queryCache, true) as unknown as unknown[][];
    }
    return this.query(sql, binds, name, true) as unknown as unknown[][];
  }

  // QueryCache#cache_sql: a hit is reported (cached: true) but neither sent, counted nor materializes a
  // transaction; entries are LRU, at most 100. Rows (objects) are shared with the cache, read-only as select says;
  // raw rows (arrays) are copied, as a pluck of several columns hands them on.
  private cachedSelect(sql: string, binds: BindValue[], name: string | null, cache: Map<string, Row[]>, raw = false): Row[] {
    const key = raw ? `\u0002${cacheKey(sql, binds)}` : cacheKey(sql, binds);
    let rows = cache.get(key);
    if (rows) {
      cache.delete(key);
      this.emit({ name, sql, binds, cached: true });
    } else {
      if (cache.size >= QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      rows = this.query(sql, binds, name, raw);
    }
    cache.set(key, rows);
    return raw ? rows.map((row) => [...(row as unknown as unknown[])] as unknown as Row) : rows;
  }

  /**
   * The per-request query cache Rails' executor turns on for every request (and job): identical SELECTs are
   * answered from memory until a write, a rollback, or the end of the request.
   */
  enableQueryCache(): void {
    this.queryCache = new Map();
  }

  disableQueryCache(): void {
    this.queryCache = null;
  }

  clearQueryCache(): void {
    this.queryCache?.clear();
  }

  get queryCacheEnabled(): boolean {
    return this.queryCache !== null;
  }

  /** The first column of the first row, or null. */
  selectValue(sql: string, binds: BindValue[] = [], name: string | null = null): unknown {
    const row = this.select(sql, binds, name)[0];
    return row === undefined ? null : Object.values(row)[0];
  }

  /** Runs a statement that returns no rows; gives the number of rows it changed. Clears the query cache. */
  execute(sql: string, binds: BindValue[] = [], name: string | null = null): number {
    this.clearQueryCache();
    if (DDL.test(sql)) this.schemaGeneration++;
    const stmt = this.prepareForQuery(sql, binds, name);
    return whenBusy(() => stmt.run(...bindable(binds)), sql, binds).changes;
  }

  /** Connection#transaction: joins an open transaction unless `requiresNew`; see transactions.ts. */
  transaction<T>(fn: () => T, options: TransactionOptions = {}): T | null {
    return this.transactions.transaction(fn, options);
  }

  /** PRAGMA read-back, e.g. pragma("journal_mode") -> "wal". */
  pragma(name: string): unknown {
    return this.db.pragma(name, { simple: true });
  }

  /** Runs DDL outside the statement counter, like Rails' "SCHEMA"-named statements. */
  executeSchema(sql: string): void {
    this.clearQueryCache();
    this.schemaGeneration++;
    this.emit({ name: "SCHEMA", sql, binds: [] });
    this.db.exec(sql);
  }

  close(): void {
    this.statements.clear();
    this.tails.clear();
    this.db.close();
  }

  // Every query first materializes lazily-begun transactions, as Rails' with_raw_connection does.
  private prepareForQuery(sql: string, binds: BindValue[], name: string | null, raw = false): Statement {
    this.transactions.materialize();
    const stmt = this.prepare(sql, raw);
    this.emit({ name, sql, binds });
    this.transactions.dirty();
    return stmt;
  }

  private run(sql: string, binds: BindValue[], name: string): void {
    // rollback_db_transaction / rollback_to_savepoint dirty the query cache; BEGIN and COMMIT do not.
    if (/^rollback/i.test(sql)) this.clearQueryCache();
    const stmt = this.prepare(sql);
    this.emit({ name, sql, binds });
    whenBusy(() => stmt.run(...bindable(binds)), sql, binds);
  }

  /** A statement that returns rows, sent (prepareForQuery's steps, with its trailing LIMIT/OFFSET written in). */
  private query(sql: string, binds: BindValue[], name: string | null, raw: boolean): Row[] {
    const shape = this.limitTail(sql, binds);
    if (shape === null) return this.all(this.prepareForQuery(sql, binds, name, raw), sql, binds);
    this.transactions.materialize();
    const kept = binds.length - shape.limited;
    const stmt = this.prepareLimited(shape, sql, binds, kept, raw);
    this.emit({ name, sql, binds });
    this.transactions.dirty();
    return this.all(stmt, sql, binds.slice(0, kept));
  }

  /** stmt.all as whenBusy runs it (no closure per statement: every SELECT comes through here), object rows made
   *  from raw ones where the statement has a maker. */
  private all(stmt: Statement, sql: string, binds: BindValue[]): Row[] {
    let rows: Row[];
    try {
      rows = stmt.all(...bindable(binds));
    } catch (error) {
      raiseTranslated(error, sql, binds);
    }
    const objects = this.objectRows.get(stmt);
    if (objects === undefined || rows.length === 0) return rows;
    // SQLite prepares a statement again when the schema changed (another process's migration): a new column count,
    // or DDL through this connection, reads the columns again.
    let { make } = objects;
    if (objects.generation !== this.schemaGeneration || (rows[0] as unknown as unknown[]).length !== objects.columns) {
      const names = stmt.columns().map((c) => c.name);
      make = rowMaker(names) ?? ((values) => Object.fromEntries(names.map((n, i) => [n, values[i]])));
      Object.assign(objects, { make, columns: names.length, generation: this.schemaGeneration });
    }
    for (let i = 0; i < rows.length; i++) rows[i] = make(rows[i] as unknown as unknown[]);
    return rows;
  }

  /** A statement that returns rows answers raw ones at the driver, made into objects by all(). */
  private makeObjectRows(stmt: Statement): void {
    if (!stmt.reader) return;
    const names = stmt.columns().map((c) => c.name);
    const make = rowMaker(names);
    if (make === null) return;
    stmt.raw(true);
    this.objectRows.set(stmt, { make, columns: names.length, generation: this.schemaGeneration });
  }

  /**
   * The shape of a SELECT whose last binds are its trailing `LIMIT ?` (or `LIMIT ? OFFSET ?`), when they are safe
   * integers; null otherwise. SQLite's planner reads a bound LIMIT's value (sqlite3ExprIsInteger), so binding it
   * expires the statement and every run prepares it again (parse and plan: about as long as the lookup itself).
   * Run with the integers written in, the statement is the one SQLite would re-prepare for those values; what is
   * reported (events, counts, the query cache) keeps Rails' text and binds. Only anonymous `?` parameters, one per
   * bind, so the last binds are the tail's.
   */
  private limitTail(sql: string, binds: BindValue[]): TailShape | null {
    let shape = this.tails.get(sql);
    if (shape === undefined) {
      this.tails.set(sql, (shape = tailShape(sql)));
      if (this.tails.size > STATEMENT_LIMIT) this.tails.delete(this.tails.keys().next().value!);
    }
    if (shape.limited === 0 || shape.placeholders !== binds.length) return null;
    for (let i = binds.length - shape.limited; i < binds.length; i++) if (!Number.isSafeInteger(binds[i])) return null;
    return shape;
  }

  /** The statement of a text with its LIMIT (and OFFSET) written in, kept by the values on the text's shape (LRU);
   *  a text SQLite refuses is prepared as Rails' own, so the error is that statement's. */
  private prepareLimited(shape: TailShape, sql: string, binds: BindValue[], kept: number, raw: boolean): Statement {
    const values = shape.limited === 1 ? `${binds[kept]}` : `${binds[kept]} OFFSET ${binds[kept + 1]}`;
    const statements = raw ? (shape.raw ??= new Map()) : (shape.rows ??= new Map());
    let stmt = statements.get(values);
    if (stmt) {
      statements.delete(values);
    } else {
      try {
        stmt = this.db.prepare<unknown[], Row>(`${sql.slice(0, -(shape.limited === 1 ? LIMIT : LIMIT_OFFSET).length)} LIMIT ${values}`);
      } catch {
        return this.prepare(sql, raw);
      }
      if (raw) stmt.raw(true);
      else this.makeObjectRows(stmt);
      if (statements.size >= LIMITED_STATEMENTS) statements.delete(statements.keys().next().value!);
    }
    statements.set(values, stmt);
    return stmt;
  }

  private prepare(sql: string, raw = false): Statement {
    const key = raw ? `\u0002${sql}` : sql;
    let stmt = this.statements.get(key);
    if (!stmt) {
      stmt = this.db.prepare<unknown[], Row>(sql);
      if (raw) stmt.raw(true);
      else this.makeObjectRows(stmt);
      // StatementPool's statement_limit (1000 by default): SQL texts built with values in them are each a
      // statement of their own, and the oldest goes first.
      if (this.statements.size >= STATEMENT_LIMIT) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(key, stmt);
    }
    return stmt;
  }

  private emit(event: SqlEvent): void {
    if (event.name !== "SCHEMA" && !event.cached) this.count++;
    for (const listener of this.listeners) listener(event);
  }
}

/**
 * A statement SQLite refused as busy (after the busy timeout): where an initializer's declined patch of the adapter's
 * configure_connection (a busy handler of the app's own) would have answered instead, that raises, naming it. Any
 * error of the driver is raised as Active Record's (exceptions.ts: translateSqliteError).
 */
function whenBusy<T>(run: () => T, sql: string, binds: BindValue[]): T {
  try {
    return run();
  } catch (error) {
    raiseTranslated(error, sql, binds);
  }
}

function raiseTranslated(error: unknown, sql: string, binds: BindValue[]): never {
  if ((error as { code?: unknown }).code === "SQLITE_BUSY") reachPatched("ActiveRecord::ConnectionAdapters::SQLite3Adapter#configure_connection");
  // What the driver raised, as the adapter's translate_exception answers it (RecordNotUnique, ...).
  throw translateSqliteError(error, sql, binds);
}

/** The binds as SQLite takes them: booleans as 1/0 (the same array when it holds none). */
function bindable(binds: BindValue[]): Array<Exclude<BindValue, boolean>> {
  for (let i = 0; i < binds.length; i++) {
    if (typeof binds[i] === "boolean") return binds.map((b) => (typeof b === "boolean" ? (b ? 1 : 0) : b));
  }
  return binds as Array<Exclude<BindValue, boolean>>;
}
