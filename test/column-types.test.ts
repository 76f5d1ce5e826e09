// The SQLite adapter's type map (runtime/active-record/connection/column-types.ts), shared by the compiler's
// db/structure.sql reader and the fixtures loader. The vectors are the declared types on which the two old tables
// disagreed (or disagreed with Rails); each expected type follows from Rails 7.2.4's source, activerecord-7.2.4/lib/
// active_record/:
//   connection_adapters/abstract_adapter.rb l.900-931 initialize_type_map: unanchored /…/i registrations, aliases
//     blob -> binary (l.911), clob -> text (l.912), timestamp -> datetime (l.913), numeric / number -> decimal
//     (l.914-915), double -> float (l.916), /^json/ (l.918), /decimal/ registered last (l.920)
//   type/type_map.rb l.43-46 perform_fetch: the last registered pattern that matches wins;
//     l.14-15 lookup: no match -> Type.default_value (ActiveModel::Type::Value: "value")
//   connection_adapters/column.rb l.34-35 bigint?: /\Abigint\b/ (case-sensitive), which
//     connection_adapters/abstract/schema_dumper.rb l.54-59 schema_type dumps as :bigint
// (The same list, run through SQLite3Adapter::TYPE_MAP.lookup and Column#bigint? in the Rails 7.2.4 chroot, gave
// these types.)
import { describe, expect, it } from "vitest";
import { railsColumnType } from "../runtime/active-record/connection/column-types.js";
import { columnKind } from "../runtime/active-record/fixtures/column-value.js";
import { schemaFromStructureSql } from "../src/parse/structure.js";
import { Diagnostics } from "../src/diagnostics/index.js";

// [declared SQL type, Rails column type, the fixtures loader's kind (text is cast as a string, bigint as integer)]
const VECTORS: Array<[string, string, string]> = [
  ["number", "decimal", "decimal"], // alias l.915 (the compiler said string)
  ["number(10,2)", "decimal", "decimal"],
  ["clob", "text", "string"], // alias l.912 (the compiler said string)
  ["real", "value", "value"], // no pattern matches (the compiler said float)
  ["", "value", "value"], // a column declared without a type (the compiler said string)
  ["smallint", "integer", "integer"], // /int/ l.909 (the compiler said string)
  ["tinyint(1)", "integer", "integer"],
  ["unsigned big int", "integer", "integer"],
  ["interval", "integer", "integer"], // "int" inside the name
  ["mediumtext", "text", "string"], // /text/ l.904 (the compiler said string)
  ["varbinary(16)", "binary", "binary"], // /binary/ l.903 (the compiler said string)
  ["character varying(255)", "string", "string"], // /char/ l.902
  ["nvarchar(20)", "string", "string"],
  ["double precision", "float", "float"], // alias l.916
  ["timestamp with time zone", "datetime", "datetime"], // alias l.913, registered after /time/
  ["datetime(6)", "datetime", "datetime"], // /datetime/ (l.907) registered after /date/ and /time/
  ["decimal(10,2)", "decimal", "decimal"],
  ["json", "json", "json"],
  ["text json", "text", "string"], // /^json/ is anchored (l.918)
  ["bigint", "bigint", "integer"], // column.rb bigint?
  ["BIGINT", "integer", "integer"], // bigint? is case-sensitive
  ["boolean", "boolean", "boolean"],
  ["blob", "binary", "binary"], // alias l.911
];

describe("the SQLite type map", () => {
  it.each(VECTORS)("%j -> %s", (sqlType, railsType, kind) => {
    expect(railsColumnType(sqlType)).toBe(railsType);
    expect(columnKind(sqlType)).toBe(kind);
  });

  it("is what db/structure.sql columns get, read from the declared type only", () => {
    const defs = VECTORS.map(([sqlType], i) => `"c${i}" ${sqlType} DEFAULT 'pint' NOT NULL`);
    const sql = `CREATE TABLE "t" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ${defs.join(", ")});`;
    const table = schemaFromStructureSql(sql, "db/structure.sql", new Diagnostics()).tables[0]!;
    expect(table.columns.map((c) => c.type)).toEqual(["integer", ...VECTORS.map(([, railsType]) => railsType)]);
  });

  it("reads limits, precision and scale from the declared type", () => {
    const sql = `CREATE TABLE "t" ("a" character varying(40), "b" decimal(10,2) DEFAULT 0, "c" datetime(6) NOT NULL);`;
    const [a, b, c] = schemaFromStructureSql(sql, "db/structure.sql", new Diagnostics()).tables[0]!.columns;
    expect([a!.limit, b!.precision, b!.scale, c!.precision]).toEqual([40, 10, 2, 6]);
  });
});
