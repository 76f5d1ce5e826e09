// Transaction shapes against the statements real Rails 7.2.4 sent for them (fixtures/record/transactions.rb).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inOrder } from "./support/sequence.js";
import { Connection, Rollback, loadSchema } from "../runtime/active-record/connection/index.js";
import { scratchDir } from "./support/scratch.js";

type Recorded = Record<string, { sql: Array<[string, string]>; value: unknown }>;
const recorded = JSON.parse(readFileSync(new URL("./fixtures/record/transactions.json", import.meta.url), "utf8")) as Recorded;

const conn = new Connection(join(scratchDir("tx"), "tx.sqlite3"));
loadSchema(conn, { tables: [{ name: "notes", columns: [{ name: "body", type: "string" }] }] });
const insert = (body: string) => conn.select('INSERT INTO "notes" ("body") VALUES (?) RETURNING "id"', [body], "Note Insert");
const select = () => conn.select('SELECT "notes"."body" FROM "notes"', [], "Note Load").map((r) => r.body);
const tx = <T>(fn: () => T, requiresNew = false) => conn.transaction(fn, { requiresNew });
const rollback = (): never => {
  throw new Rollback();
};

// The same steps, in the same order, as transactions.rb.
const cases: Array<[string, () => unknown]> = [
  ["unused", () => tx(() => 1)],
  ["one insert", () => tx(() => (insert("a"), 2))],
  ["select only", () => tx(() => select())],
  ["joined", () => tx(() => (insert("b"), tx(() => insert("c")), 3))],
  ["joined rollback is swallowed", () => tx(() => (insert("d"), tx(() => (insert("e"), rollback())), 4))],
  ["rollback", () => tx(() => (insert("f"), rollback()))],
  ["savepoint commit", () => tx(() => (insert("g"), tx(() => insert("h"), true), 5))],
  ["savepoint rollback", () => tx(() => (insert("i"), tx(() => (insert("j"), rollback()), true), 6))],
  ["savepoint unused", () => tx(() => (insert("k"), tx(() => 7, true)))],
  ["restart parent commit", () => tx(() => (tx(() => insert("l"), true), 8))],
  ["restart parent rollback", () => tx(() => (tx(() => (insert("m"), rollback()), true), insert("n"), 9))],
  [
    "double savepoint",
    () => tx(() => (insert("o"), tx(() => (insert("p"), tx(() => (insert("q"), rollback()), true)), true), 10)),
  ],
  ["exception", () => tx(() => (insert("r"), (() => { throw new Error("boom"); })()))],
  ["final contents", () => select()],
];

describe("transactions", () => {
  it("replays the recorded cases in order", () => {
    expect(cases.map(([name]) => name)).toEqual(Object.keys(recorded));
  });

  const prepare = inOrder(cases);
  cases.forEach(([name, run], i) => {
    it(name, () => {
      prepare(i);
      const events: Array<[string, string]> = [];
      const off = conn.onSql((e) => events.push([e.name, e.sql]));
      const before = conn.statementCount;
      let value: unknown;
      try {
        value = run();
      } catch (error) {
        value = `raised ${(error as Error).message}`;
      }
      off();
      expect({ sql: events, value }).toEqual(recorded[name]);
      expect(conn.statementCount - before).toBe(recorded[name]!.sql.length);
      expect(conn.transactions.isOpen).toBe(false);
    });
  });
});
