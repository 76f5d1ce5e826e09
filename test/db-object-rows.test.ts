// The connection makes each SELECT's row objects itself from the driver's raw rows (connection.ts: RowMaker). The
// rows must be exactly the objects better-sqlite3's own object mode gives -- the same keys in the same order, the
// same values and types -- for duplicate column names, integer-like names, odd characters, `__proto__`, and after
// the schema changes under a statement (another connection's ALTER TABLE, or DDL through this one).
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { Connection } from "../runtime/active-record/connection/index.js";
import { scratchDir } from "./support/scratch.js";

/** What better-sqlite3 answers in object mode, on its own handle to the same file. */
function driverRows(file: string, sql: string, binds: unknown[] = []): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...binds) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

function expectSameRows(actual: Record<string, unknown>[], expected: Record<string, unknown>[]): void {
  expect(actual).toEqual(expected);
  expect(actual.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r)));
  expect(actual.map((r) => Object.values(r).map((v) => typeof v))).toEqual(expected.map((r) => Object.values(r).map((v) => typeof v)));
  for (const row of actual) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
}

function setUp(name: string): { conn: Connection; file: string } {
  const file = join(scratchDir(name), "test.sqlite3");
  const conn = new Connection(file);
  conn.executeSchema('CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT, "price" REAL, "data" BLOB, "note" TEXT)');
  conn.executeSchema('CREATE TABLE "tags" ("id" INTEGER PRIMARY KEY, "item_id" INTEGER, "name" TEXT)');
  conn.execute('INSERT INTO "items" VALUES (?, ?, ?, ?, ?)', [1, "one", 1.5, Buffer.from([1, 2]), null]);
  conn.execute('INSERT INTO "items" VALUES (?, ?, ?, ?, ?)', [2, "two", 2, null, "n"]);
  conn.execute('INSERT INTO "tags" VALUES (?, ?, ?)', [10, 1, "red"]);
  conn.execute('INSERT INTO "tags" VALUES (?, ?, ?)', [11, 2, "blue"]);
  return { conn, file };
}

describe("object rows made from raw rows", () => {
  it("are the driver's object rows, column for column", () => {
    const { conn, file } = setUp("object-rows");
    const texts: [string, unknown[]][] = [
      ['SELECT "items".* FROM "items" ORDER BY "items"."id"', []],
      // Duplicate names: the first position, the last value.
      ['SELECT "items"."id", "tags"."id", "items"."name", "tags"."name" FROM "items" INNER JOIN "tags" ON "tags"."item_id" = "items"."id" ORDER BY "items"."id"', []],
      // Integer-like names sort first in a JS object, whichever way it is built.
      ['SELECT 1, "items"."name", 2 AS "0", "items"."id" AS "b" FROM "items" WHERE "items"."id" = ?', [2]],
      ['SELECT "items"."name" AS "a ""quoted"" name", "items"."id" AS "\u2028line", "items"."price" AS "é" FROM "items" ORDER BY "items"."id"', []],
      ['SELECT COUNT(*) FROM "items"', []],
      ['SELECT "items"."id" FROM "items" WHERE "items"."id" = ? LIMIT ?', [1, 1]],
      ['SELECT "items"."id" FROM "items" WHERE "items"."id" = ?', [99]],
    ];
    for (const [sql, binds] of texts) expectSameRows(conn.select(sql, binds as never[]), driverRows(file, sql, binds));
    conn.close();
  });

  it("keep a `__proto__` column an own property, as the driver does", () => {
    const { conn, file } = setUp("object-rows-proto");
    const sql = 'SELECT "items"."name" AS "__proto__", "items"."id" FROM "items" ORDER BY "items"."id"';
    const rows = conn.select(sql);
    const expected = driverRows(file, sql);
    expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r)));
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    conn.close();
  });

  it("follow the schema when another connection adds a column under a kept statement", () => {
    const { conn, file } = setUp("object-rows-alter");
    const sql = 'SELECT "items".* FROM "items" WHERE "items"."id" = ?';
    expectSameRows(conn.select(sql, [1]), driverRows(file, sql, [1]));
    const other = new Database(file);
    other.exec('ALTER TABLE "items" ADD COLUMN "extra" TEXT DEFAULT \'x\'');
    other.close();
    const after = conn.select(sql, [1]);
    expect(Object.keys(after[0]!)).toContain("extra");
    expectSameRows(after, driverRows(file, sql, [1]));
    conn.close();
  });

  it("follow a column renamed by DDL run through the connection", () => {
    const { conn, file } = setUp("object-rows-rename");
    const sql = 'SELECT "items".* FROM "items" WHERE "items"."id" = ?';
    expect(Object.keys(conn.select(sql, [2])[0]!)).toContain("note");
    conn.execute('ALTER TABLE "items" RENAME COLUMN "note" TO "remark"');
    const after = conn.select(sql, [2]);
    expect(Object.keys(after[0]!)).toEqual(["id", "name", "price", "data", "remark"]);
    expectSameRows(after, driverRows(file, sql, [2]));
    conn.close();
  });
});
