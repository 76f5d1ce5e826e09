// A SELECT ending in `LIMIT ?` (or `LIMIT ? OFFSET ?`) runs with its integers written in (SQLite re-prepares a
// statement whose LIMIT is rebound), yet answers and reports exactly what the bound statement does: these fail if
// the wrong binds were dropped or written in, or if the reported text or binds changed.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Connection, type SqlEvent } from "../runtime/active-record/connection/index.js";
import { scratchDir } from "./support/scratch.js";

function database(): { conn: Connection; events: SqlEvent[] } {
  const conn = new Connection(join(scratchDir("limit-binds"), "test.sqlite3"));
  conn.executeSchema('CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT, "rank" INTEGER)');
  for (let i = 1; i <= 6; i++) conn.execute('INSERT INTO "items" ("id", "name", "rank") VALUES (?, ?, ?)', [i, `item ${i}?`, i % 3]);
  const events: SqlEvent[] = [];
  conn.onSql((e) => events.push(e));
  return { conn, events };
}

describe("LIMIT and OFFSET binds", () => {
  it("answer the rows of the bound statement and report its text and binds", () => {
    const { conn, events } = database();
    const limit = 'SELECT "items".* FROM "items" WHERE "items"."rank" = ? ORDER BY "items"."id" DESC LIMIT ?';
    expect(conn.select(limit, [1, 1], "Item Load").map((r) => r.id)).toEqual([4]);
    expect(conn.select(limit, [1, 2], "Item Load").map((r) => r.id)).toEqual([4, 1]);
    expect(conn.select(limit, [0, 5], "Item Load").map((r) => r.id)).toEqual([6, 3]);
    const offset = 'SELECT "items".* FROM "items" WHERE "items"."id" > ? ORDER BY "items"."id" ASC LIMIT ? OFFSET ?';
    expect(conn.select(offset, [1, 2, 1], "Item Load").map((r) => r.id)).toEqual([3, 4]);
    expect(conn.select(offset, [1, -1, 3], "Item Load").map((r) => r.id)).toEqual([5, 6]);
    expect(conn.selectRows('SELECT "items"."name" FROM "items" ORDER BY "items"."id" LIMIT ?', [2])).toEqual([["item 1?"], ["item 2?"]]);
    expect(events.map((e) => [e.sql, e.binds])).toEqual([
      [limit, [1, 1]], [limit, [1, 2]], [limit, [0, 5]], [offset, [1, 2, 1]], [offset, [1, -1, 3]],
      ['SELECT "items"."name" FROM "items" ORDER BY "items"."id" LIMIT ?', [2]],
    ]);
  });

  it("answers every value of a text, past the statements it keeps per text", () => {
    const { conn } = database();
    const text = 'SELECT "items"."id" FROM "items" ORDER BY "items"."id" LIMIT ? OFFSET ?';
    for (let round = 0; round < 2; round++) {
      for (let limit = 0; limit < 30; limit++) {
        const offset = limit % 4;
        const expected = [1, 2, 3, 4, 5, 6].slice(offset, offset + limit);
        expect(conn.select(text, [limit, offset]).map((r) => r.id)).toEqual(expected);
      }
    }
  });

  it("keeps the bound statement where the tail is not plain integers or a literal holds a `?`", () => {
    const { conn } = database();
    // A `?` inside a literal: the text's placeholders do not match the binds one for one.
    expect(conn.select("SELECT \"items\".\"id\" FROM \"items\" WHERE \"items\".\"name\" != 'x?' AND \"items\".\"rank\" = ? LIMIT ?", [2, 1]).map((r) => r.id)).toEqual([2]);
    expect(conn.select('SELECT "items"."id" FROM "items" ORDER BY "items"."id" LIMIT ?', ["2"]).map((r) => r.id)).toEqual([1, 2]);
    expect(() => conn.select('SELECT "items"."id" FROM "items" LIMIT ?', ["x"])).toThrow(/datatype mismatch/);
  });
});
