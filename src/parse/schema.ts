// db/schema.rb -> Schema. schema.rb is Ruby, so it goes through the Ruby parser; this file reads the
// `create_table` / `add_foreign_key` DSL that ActiveRecord::SchemaDumper writes.
//
//   create_table "posts", force: :cascade do |t|    { name: "posts", primaryKey: "id", columns: [...] }
//     t.string "title", null: false, limit: 40         { name: "title", type: "string", null: false, limit: 40 }
//     t.timestamps / t.datetime "created_at", ...      created_at, updated_at datetime(6) NOT NULL
//     t.index ["post_id"], name: "index_..."        { columns: ["post_id"], name, unique }
//   add_foreign_key "replies", "posts"              { from: "replies", to: "posts", column: "post_id" }
import { literalString, optionsOf, positionalArgs, type Node, type Span } from "./ir.js";
import type { Diagnostics } from "../diagnostics/index.js";
import { RAILS_TYPES, type RailsType } from "../../runtime/active-record/connection/column-types.js";
import type { ColumnMeta } from "../../runtime/active-record/types.js";

/** The runtime's column types: one list for schema.rb's `t.<type>`, structure.sql and the models' attributes. */
export type ColumnType = RailsType;

/** A column as the runtime's models take it (ColumnMeta), with the nullability and default a schema always states. */
export interface Column extends ColumnMeta {
  null: boolean;
  default: string | number | boolean | null;
  precision?: number;
}

export interface Index {
  name: string;
  columns: string[];
  unique: boolean;
  /** A partial index's condition (`where:` / `CREATE INDEX ... WHERE ...`). */
  where?: string;
}

export interface Table {
  name: string;
  /** null for `id: false` tables. */
  primaryKey: string | null;
  columns: Column[];
  indexes: Index[];
}

export interface ForeignKey {
  from: string;
  to: string;
  column: string;
}

export interface Schema {
  tables: Table[];
  foreignKeys: ForeignKey[];
  /** From db/structure.sql: the SQL that creates the database, executed as Rails' structure load does. */
  sql?: string;
  /** Virtual tables (FTS5) created by `sql`; they have no model columns. */
  virtualTables?: string[];
}

const TYPES = new Set<string>(RAILS_TYPES);

export function schemaFromRuby(body: Node[], diags: Diagnostics): Schema {
  const schema: Schema = { tables: [], foreignKeys: [] };
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.kind !== "call") continue;
      if (node.method === "define" && node.block) visit(node.block.body);
      else if (node.method === "create_table") schema.tables.push(createTable(node, diags));
      else if (node.method === "add_foreign_key") schema.foreignKeys.push(foreignKey(node));
      else if (node.method !== "enable_extension") diags.report("schema_unsupported", node.span, node.method);
    }
  };
  visit(body);
  return schema;
}

function createTable(node: Extract<Node, { kind: "call" }>, diags: Diagnostics): Table {
  const name = literalString(node.args[0]) ?? "";
  const options = optionsOf(node.args);
  const id = options.get("id");
  const primaryKey = id?.kind === "false" ? null : (literalString(options.get("primary_key")) ?? "id");
  const table: Table = { name, primaryKey, columns: [], indexes: [] };
  if (primaryKey) table.columns.push({ name: primaryKey, type: "integer", null: false, default: null });
  for (const stmt of node.block?.body ?? []) {
    if (stmt.kind !== "call") continue;
    if (stmt.method === "index") table.indexes.push(indexOf(stmt, name));
    else if (stmt.method === "timestamps") {
      for (const col of ["created_at", "updated_at"]) table.columns.push({ name: col, type: "datetime", null: false, default: null, precision: 6 });
    } else if (stmt.method === "references" || stmt.method === "belongs_to") {
      const ref = literalString(stmt.args[0]) ?? "";
      table.columns.push({ name: `${ref}_id`, type: "integer", null: nullable(stmt), default: null });
    } else if (TYPES.has(stmt.method)) {
      for (const arg of positionalArgs(stmt.args)) table.columns.push(column(stmt.method as ColumnType, literalString(arg) ?? "", stmt.args));
    } else diags.report("schema_unsupported", stmt.span, `t.${stmt.method}`);
  }
  return table;
}

function nullable(call: Extract<Node, { kind: "call" }>): boolean {
  return optionsOf(call.args).get("null")?.kind !== "false";
}

function column(type: ColumnType, name: string, args: Node[]): Column {
  const options = optionsOf(args);
  const col: Column = { name, type, null: options.get("null")?.kind !== "false", default: literalValue(options.get("default")) };
  const num = (key: string) => {
    const v = options.get(key);
    return v?.kind === "int" ? v.value : undefined;
  };
  if (num("limit") !== undefined) col.limit = num("limit");
  if (num("precision") !== undefined) col.precision = num("precision");
  if (num("scale") !== undefined) col.scale = num("scale");
  // Rails 7 dumps datetime columns without `precision:` when it is the default of 6.
  if (type === "datetime" && col.precision === undefined && !options.has("precision")) col.precision = 6;
  return col;
}

function literalValue(node: Node | undefined): string | number | boolean | null {
  if (!node) return null;
  if (node.kind === "int" || node.kind === "float") return node.value;
  if (node.kind === "true") return true;
  if (node.kind === "false") return false;
  return literalString(node);
}

function indexOf(stmt: Extract<Node, { kind: "call" }>, table: string): Index {
  const first = stmt.args[0];
  const columns = first?.kind === "array" ? first.elements.map((e) => literalString(e) ?? "") : [literalString(first) ?? ""];
  const options = optionsOf(stmt.args);
  return {
    name: literalString(options.get("name")) ?? `index_${table}_on_${columns.join("_and_")}`,
    columns,
    unique: options.get("unique")?.kind === "true",
    ...(options.has("where") ? { where: literalString(options.get("where")) ?? "?" } : {}),
  };
}

function foreignKey(node: Extract<Node, { kind: "call" }>): ForeignKey {
  const from = literalString(node.args[0]) ?? "";
  const to = literalString(node.args[1]) ?? "";
  const column = literalString(optionsOf(node.args).get("column"));
  return { from, to, column: column ?? `${singularGuess(to)}_id` };
}

// schema.rb's add_foreign_key omits `column:` only when it is the conventional singular of the target table;
// the dumper writes it whenever it differs, so the simple English rule is exact for what it omits.
function singularGuess(table: string): string {
  if (table.endsWith("ies")) return `${table.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(table)) return table.slice(0, -2);
  return table.endsWith("s") ? table.slice(0, -1) : table;
}

export type { Span };
