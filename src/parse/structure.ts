// db/structure.sql (SQLite) -> Schema. Rails loads this file by executing it, so the emitted app does the same
// (Schema.sql); the tables are also read here for the column facts models need.
//
//   CREATE TABLE IF NOT EXISTS "posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar, ...)
//       -> { name: "posts", primaryKey: "id", columns: [{ name: "name", type: "string", null: true }, ...] }
//   CREATE [UNIQUE] INDEX "i" ON "posts" ("a", "b")        -> indexes
//   CONSTRAINT ... FOREIGN KEY ("author_id") REFERENCES "authors" ("id")  -> foreignKeys
//   CREATE VIRTUAL TABLE t USING fts5(...)                 -> virtualTables (FTS5: no model columns)
import type { Diagnostics } from "../diagnostics/index.js";
import type { Column, ColumnType, Schema, Table } from "./schema.js";
import { railsColumnType } from "../../runtime/active-record/connection/column-types.js";

// A column definition starts with its declared type (SQLite's type-name: words, then an optional "(n)" or
// "(n, m)"), and the constraints follow; the type alone is what the adapter's type map reads (PRAGMA table_info).
const DECLARED_TYPE = /^(?:(?!(?:CONSTRAINT|PRIMARY|NOT|NULL|UNIQUE|CHECK|DEFAULT|COLLATE|REFERENCES|GENERATED|AS)\b)[A-Za-z_]\w*\s*)*(?:\(\s*[+-]?\d+\s*(?:,\s*[+-]?\d+\s*)?\))?/i;

export function schemaFromStructureSql(sql: string, file: string, diags: Diagnostics): Schema {
  const schema: Schema = { tables: [], foreignKeys: [], sql, virtualTables: [] };
  for (const { text, line } of statements(sql)) {
    const create = /^CREATE TABLE (?:IF NOT EXISTS )?["'`]?(\w+)["'`]?\s*\(([\s\S]*)\)[^)]*$/i.exec(text);
    const index = /^CREATE (UNIQUE )?INDEX (?:IF NOT EXISTS )?"?(\w+)"?\s+ON\s+"?(\w+)"?\s*\(([^)]*)\)/i.exec(text);
    const virtual = /^CREATE VIRTUAL TABLE (?:IF NOT EXISTS )?["'`]?(\w+)/i.exec(text);
    if (virtual) schema.virtualTables!.push(virtual[1]!);
    else if (create) {
      if (schema.virtualTables!.some((v) => create[1]!.startsWith(`${v}_`))) continue;
      schema.tables.push(tableFrom(create[1]!, create[2]!, schema));
    } else if (index) {
      const table = schema.tables.find((t) => t.name === index[3]);
      const where = /\)\s*WHERE\s+([\s\S]+)$/i.exec(text.slice(index[0].length - 1));
      table?.indexes.push({ name: index[2]!, unique: Boolean(index[1]), columns: identList(index[4]!), ...(where ? { where: where[1]! } : {}) });
    } else if (!/^(CREATE TRIGGER|INSERT INTO|PRAGMA|CREATE VIEW)/i.test(text)) {
      diags.report("schema_unsupported", { file, line, column: 1, endLine: line, endColumn: 1 }, text.slice(0, 40));
    }
  }
  return schema;
}

/** Top-level statements, split on `;` outside quotes and comments, with the line each starts on. */
function statements(sql: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "\n") line++;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      const skipped = sql.slice(i, end < 0 ? sql.length : end + 2);
      line += skipped.split("\n").length - 1;
      i = (end < 0 ? sql.length : end + 2) - 1;
    } else if (c === ";") {
      const text = sql.slice(start, i).replace(/\/\*[\s\S]*?\*\//g, "").trim();
      if (text) out.push({ text, line: startLine });
      start = i + 1;
      startLine = line;
    }
  }
  return out;
}

function tableFrom(name: string, body: string, schema: Schema): Table {
  const table: Table = { name, primaryKey: null, columns: [], indexes: [] };
  for (const def of splitTopLevel(body)) {
    const fk = /FOREIGN KEY\s*\("?(\w+)"?\)\s*REFERENCES\s*"?(\w+)"?/i.exec(def);
    if (fk) {
      schema.foreignKeys.push({ from: name, to: fk[2]!, column: fk[1]! });
      continue;
    }
    if (/^(CONSTRAINT|PRIMARY KEY|UNIQUE|CHECK)\b/i.test(def)) continue;
    const m = /^["'`]?(\w+)["'`]?\s*(.*)$/s.exec(def);
    if (!m) continue;
    const column = columnFrom(m[1]!, m[2]!);
    if (/PRIMARY KEY/i.test(m[2]!)) table.primaryKey = column.name;
    table.columns.push(column);
  }
  return table;
}

function columnFrom(name: string, rest: string): Column {
  const declared = DECLARED_TYPE.exec(rest.trim())![0].trim();
  const type = railsColumnType(declared);
  const column: Column = { name, type, null: !/NOT NULL|PRIMARY KEY/i.test(rest), default: null };
  const limit = /\((\d+)(?:,\s*(\d+))?\)$/.exec(declared);
  if (limit && type === "datetime") column.precision = Number(limit[1]);
  else if (limit && type === "decimal") {
    column.precision = Number(limit[1]);
    if (limit[2]) column.scale = Number(limit[2]);
  } else if (limit) column.limit = Number(limit[1]);
  const dflt = /DEFAULT\s+('(?:[^']|'')*'|-?\d+(?:\.\d+)?|TRUE|FALSE|NULL|\w+)/i.exec(rest);
  if (dflt) column.default = defaultValue(dflt[1]!, type);
  return column;
}

function defaultValue(raw: string, type: ColumnType): string | number | boolean | null {
  if (/^NULL$/i.test(raw)) return null;
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  if (type === "boolean") return raw === "1" || /^TRUE$/i.test(raw);
  const n = Number(raw);
  return Number.isNaN(n) ? raw : n;
}

function splitTopLevel(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  let quote: string | null = null;
  for (const c of body) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function identList(s: string): string[] {
  return s.split(",").map((x) => x.trim().replace(/^["'`]|["'`]$/g, ""));
}
