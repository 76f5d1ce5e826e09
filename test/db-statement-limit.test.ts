// Prepared statements are kept per SQL text up to StatementPool's statement_limit (1000), the oldest dropped first:
// an app that writes values into its SQL text makes a statement per value, and the pool must not grow without end.
// A dropped statement is prepared again when its text comes back.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Connection } from "../runtime/active-record/connection/index.js";
import { scratchDir } from "./support/scratch.js";

describe("the statement pool", () => {
  it("keeps at most 1000 statements and still answers a text it dropped", () => {
    const conn = new Connection(join(scratchDir("statement-limit"), "test.sqlite3"));
    conn.executeSchema('CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT)');
    conn.execute('INSERT INTO "items" ("id", "name") VALUES (?, ?)', [1, "one"]);
    for (let i = 0; i < 1200; i++) expect(conn.select(`SELECT "items"."id" FROM "items" WHERE "items"."id" = ${i % 2 ? 1 : 2} AND ${i} = ${i}`)).toHaveLength(i % 2);
    const pools = conn as unknown as { statements: Map<string, unknown>; reads: Map<string, unknown> };
    expect(pools.statements.size).toBeLessThanOrEqual(1000);
    expect(pools.reads.size).toBeLessThanOrEqual(1000);
    expect(conn.select('SELECT "items"."name" FROM "items" WHERE "items"."id" = 1 AND 1 = 1')).toEqual([{ name: "one" }]);
    conn.close();
  });
});
