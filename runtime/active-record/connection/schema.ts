// db/schema.rb -> DDL, as Rails 7.2's SQLite adapter writes it (schema_creation.rb, type_to_sql, NATIVE_DATABASE_TYPES).
//
//   create_table "t" do |x| ... end          CREATE TABLE "t" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ...)
//   x.string "name", limit: 40, null: false   "name" varchar(40) NOT NULL
//   x.datetime "at"  (precision 6 default)     "at" datetime(6)
//   x.references "owner", foreign_key: {...}   "owner_id" integer + index_t_on_owner_id + inline CONSTRAINT
//   x.index [...], unique: true                CREATE UNIQUE INDEX "index_t_on_..." ON "t" (...)
//   add_foreign_key "t", "owners"             CONSTRAINT "fk_rails_<sha256[0,10]>" FOREIGN KEY ... inside CREATE TABLE
// The final table is created in one statement: what SQLite's sqlite_master holds after Rails' own
// create-then-alter sequence. The shape is a superset of the compiler's parsed Schema (src/parse/schema.ts).
import { createHash } from "node:crypto";
import type { Connection } from "./connection.js";

export type ColumnType =
  | "string" | "text" | "integer" | "bigint" | "float" | "decimal" | "boolean" | "date" | "datetime" | "time"
  | "binary" | "json" | "references";

export type ForeignKeyAction = "cascade" | "nullify" | "restrict";

export interface ColumnDescription {
  /** For `references`, the reference name ("owner"); the column is `owner_id`. */
  name: string;
  type: ColumnType;
  /** Default true (nullable), as in Rails. */
  null?: boolean;
  default?: string | number | boolean | null;
  limit?: number;
  /** datetime: undefined means Rails 7's default of 6; null means none. decimal: digits. */
  precision?: number | null;
  scale?: number;
  /** references only: add the foreign key constraint to `toTable`. */
  foreignKey?: { toTable: string; onDelete?: ForeignKeyAction; name?: string };
  /** references only: default true (index_<table>_on_<column>). */
  index?: boolean | { unique?: boolean; name?: string };
}

export interface IndexDescription {
  columns: string[];
  name?: string;
  unique?: boolean;
}

export interface TableDescription {
  name: string;
  /** Default "id"; null for `id: false` tables. A column of that name, if listed, is the key (its type ignored). */
  primaryKey?: string | null;
  columns: ColumnDescription[];
  indexes?: IndexDescription[];
}

export interface ForeignKeyDescription {
  from: string;
  to: string;
  /** Default: the conventional column, which the compiler knows; required here because the runtime has no inflector. */
  column: string;
  primaryKey?: string;
  name?: string;
  onDelete?: ForeignKeyAction;
}

export interface SchemaDescription {
  tables: TableDescription[];
  foreignKeys?: ForeignKeyDescription[];
}

const NATIVE: Record<Exclude<ColumnType, "references">, string> = {
  string: "varchar", text: "text", integer: "integer", bigint: "bigint", float: "float", decimal: "decimal",
  boolean: "boolean", date: "date", datetime: "datetime", time: "time", binary: "blob", json: "json",
};

export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** ActiveRecord's conventional constraint name: fk_rails_ + 10 hex digits of SHA256("<table>_<column>_fk"). */
export function foreignKeyName(table: string, column: string): string {
  return `fk_rails_${createHash("sha256").update(`${table}_${column}_fk`).digest("hex").slice(0, 10)}`;
}

function typeSql(col: ColumnDescription): string {
  if (col.type === "references") return "integer";
  const base = NATIVE[col.type];
  if (col.type === "decimal") {
    if (col.precision == null) return base;
    return col.scale === undefined ? `${base}(${col.precision})` : `${base}(${col.precision},${col.scale})`;
  }
  if (col.type === "datetime" || col.type === "time") {
    const precision = col.precision === undefined ? (col.type === "datetime" ? 6 : null) : col.precision;
    return precision === null ? base : `${base}(${precision})`;
  }
  return col.limit === undefined ? base : `${base}(${col.limit})`;
}

function defaultSql(value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

export function columnName(col: ColumnDescription): string {
  return col.type === "references" ? `${col.name}_id` : col.name;
}

function columnSql(col: ColumnDescription): string {
  let sql = `${quoteName(columnName(col))} ${typeSql(col)}`;
  if (col.default !== undefined && col.default !== null) sql += ` DEFAULT ${defaultSql(col.default)}`;
  if (col.null === false) sql += " NOT NULL";
  return sql;
}

function foreignKeySql(fk: ForeignKeyDescription): string {
  const actions: Record<ForeignKeyAction, string> = { cascade: "CASCADE", nullify: "SET NULL", restrict: "RESTRICT" };
  let sql = `CONSTRAINT ${quoteName(fk.name ?? foreignKeyName(fk.from, fk.column))}\nFOREIGN KEY (${quoteName(fk.column)})\n`;
  sql += `  REFERENCES ${quoteName(fk.to)} (${quoteName(fk.primaryKey ?? "id")})\n`;
  return fk.onDelete ? `${sql} ON DELETE ${actions[fk.onDelete]}` : sql;
}

/** Foreign keys of one table: those declared on its references columns, then schema-level ones. */
function tableForeignKeys(table: TableDescription, schemaKeys: ForeignKeyDescription[]): ForeignKeyDescription[] {
  const fromColumns = table.columns.flatMap((col) =>
    col.type === "references" && col.foreignKey
      ? [{ from: table.name, to: col.foreignKey.toTable, column: columnName(col), name: col.foreignKey.name, onDelete: col.foreignKey.onDelete }]
      : [],
  );
  return [...fromColumns, ...schemaKeys.filter((fk) => fk.from === table.name)];
}

export function createTableSql(table: TableDescription, schemaKeys: ForeignKeyDescription[] = []): string {
  const pk = table.primaryKey === undefined ? "id" : table.primaryKey;
  const parts = table.columns.map((col) =>
    columnName(col) === pk ? `${quoteName(pk)} integer PRIMARY KEY AUTOINCREMENT NOT NULL` : columnSql(col),
  );
  if (pk !== null && !table.columns.some((col) => columnName(col) === pk)) {
    parts.unshift(`${quoteName(pk)} integer PRIMARY KEY AUTOINCREMENT NOT NULL`);
  }
  parts.push(...tableForeignKeys(table, schemaKeys).map(foreignKeySql));
  return `CREATE TABLE ${quoteName(table.name)} (${parts.join(", ")})`;
}

/** Indexes in Rails' order: those of references columns first (created with the table), then t.index ones. */
export function tableIndexes(table: TableDescription): Array<Required<IndexDescription>> {
  const implicit = table.columns.flatMap((col) => {
    if (col.type !== "references" || col.index === false) return [];
    const opts = typeof col.index === "object" ? col.index : {};
    return [{ columns: [columnName(col)], unique: opts.unique ?? false, name: opts.name }];
  });
  return [...implicit, ...(table.indexes ?? [])].map((ix) => ({
    columns: ix.columns,
    unique: ix.unique ?? false,
    name: ix.name ?? `index_${table.name}_on_${ix.columns.join("_and_")}`,
  }));
}

export function createIndexSql(table: string, index: Required<IndexDescription>): string {
  const columns = index.columns.map(quoteName).join(", ");
  return `CREATE ${index.unique ? "UNIQUE " : ""}INDEX ${quoteName(index.name)} ON ${quoteName(table)} (${columns})`;
}

/** All DDL for a schema, table by table (each table followed by its indexes). */
export function schemaSql(schema: SchemaDescription): string[] {
  return schema.tables.flatMap((table) => [
    createTableSql(table, schema.foreignKeys ?? []),
    ...tableIndexes(table).map((ix) => createIndexSql(table.name, ix)),
  ]);
}

/** db:schema:load on an empty database. Tables are created parents-first only if listed so; SQLite allows either. */
export function loadSchema(conn: Connection, schema: SchemaDescription): void {
  for (const sql of schemaSql(schema)) conn.executeSchema(sql);
}
