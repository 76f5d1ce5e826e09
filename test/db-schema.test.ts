// DDL and pragmas against what real Rails 7.2.4 left in sqlite_master (test/fixtures/record/ddl.rb -> ddl.json).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Connection, loadSchema, schemaSql, type SchemaDescription } from "../runtime/active-record/connection/index.js";
import { scratchDir } from "./support/scratch.js";

const recorded = JSON.parse(readFileSync(new URL("./fixtures/record/ddl.json", import.meta.url), "utf8")) as {
  objects: Array<{ type: string; name: string; table: string; sql: string }>;
  pragmas: Record<string, unknown>;
};

// The same schema as ddl.rb, in the runtime's table description.
const schema: SchemaDescription = {
  tables: [
    {
      name: "owners",
      columns: [
        { name: "name", type: "string", null: false },
        { name: "created_at", type: "datetime", null: false },
        { name: "updated_at", type: "datetime", null: false },
      ],
    },
    {
      name: "gadgets",
      columns: [
        { name: "name", type: "string", limit: 40, null: false, default: "unnamed" },
        { name: "notes", type: "text" },
        { name: "count", type: "integer", default: 0 },
        { name: "big", type: "bigint" },
        { name: "small", type: "integer", limit: 2 },
        { name: "ratio", type: "float", default: 1.5 },
        { name: "price", type: "decimal", precision: 8, scale: 2 },
        { name: "plain_decimal", type: "decimal" },
        { name: "enabled", type: "boolean", default: true, null: false },
        { name: "flag", type: "boolean" },
        { name: "born_on", type: "date" },
        { name: "seen_at", type: "datetime" },
        { name: "precise_at", type: "datetime", precision: 3 },
        { name: "legacy_at", type: "datetime", precision: null },
        { name: "quoted", type: "string", default: "it's" },
        { name: "owner", type: "references", null: false, foreignKey: { toTable: "owners" } },
        { name: "backup_owner", type: "references", foreignKey: { toTable: "owners" } },
        { name: "created_at", type: "datetime", null: false },
        { name: "updated_at", type: "datetime", null: false },
      ],
      indexes: [
        { columns: ["name"], name: "index_gadgets_on_name", unique: true },
        { columns: ["count", "ratio"], name: "index_gadgets_on_count_and_ratio" },
      ],
    },
    {
      // The shape src/parse/schema.ts produces from schema.rb: the primary key listed as a column.
      name: "parts",
      primaryKey: "id",
      columns: [
        { name: "id", type: "integer", null: false, default: null },
        { name: "gadget_id", type: "integer", null: false, default: null },
        { name: "label", type: "string", null: true, default: null },
        { name: "created_at", type: "datetime", null: false, default: null, precision: 6 },
        { name: "updated_at", type: "datetime", null: false, default: null, precision: 6 },
      ],
      indexes: [{ name: "index_parts_on_gadget_id", columns: ["gadget_id"], unique: false }],
    },
    { name: "pairs", primaryKey: null, columns: [{ name: "left", type: "string" }, { name: "right", type: "string" }] },
  ],
  foreignKeys: [{ from: "parts", to: "gadgets", column: "gadget_id" }],
};

function openTemp(): Connection {
  return new Connection(join(scratchDir("db"), "test.sqlite3"));
}

describe("schema DDL", () => {
  it("generates exactly the statements Rails' SQLite adapter stored", () => {
    expect(schemaSql(schema)).toEqual(recorded.objects.map((o) => o.sql));
  });

  it("loads into SQLite and reads back identically from sqlite_master", () => {
    const conn = openTemp();
    loadSchema(conn, schema);
    const rows = conn.select("SELECT type, name, tbl_name AS \"table\", sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY rowid");
    expect(rows).toEqual(recorded.objects);
    expect(conn.statementCount).toBe(1); // the sqlite_master read; DDL is SCHEMA and not counted
    conn.close();
  });
});

describe("connection pragmas", () => {
  it("are Rails 7.2's DEFAULT_PRAGMAS, read back from a fresh connection", () => {
    const conn = openTemp();
    const read = Object.fromEntries(Object.keys(recorded.pragmas).map((name) => [name, conn.pragma(name)]));
    expect(read).toEqual(recorded.pragmas);
    expect(conn.pragma("busy_timeout")).toBe(5000);
    conn.close();
  });
});
