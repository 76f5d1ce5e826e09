// ActiveRecord::Calculations: count / sum / minimum / maximum / average, grouped or not, and pluck / pick / ids.
//
//   count / count(:bio) / distinct.count(:a)   SELECT COUNT(*) | COUNT("t"."bio") | COUNT(DISTINCT "t"."a")
//   limit(2).count / many?                     SELECT COUNT(*) FROM (SELECT 1 AS one ... LIMIT ?) subquery_for_count
//   group(:project_id).count                      SELECT COUNT(*) AS "count_all", "t"."project_id" AS "t_room_id" ... GROUP BY
//                                              -> a Map (Ruby Hash) keyed by the column's cast values
//   sum / maximum / minimum                    the column's type (an enum's integer); average -> Decimal
//   pluck(:a, "projects.id", "SQL")               one statement ("Pluck"); a loaded relation answers from its records
import { connection } from "./connection/current.js";
import { quoteName } from "./connection/schema.js";
import { Decimal } from "../ruby/big-decimal.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { column, countSql, isEmptyResult, selectSql, type QueryState } from "./query.js";
import type { Relation } from "./relation.js";
import { attributeType, type AttributeType } from "./types.js";

type R = Relation<RecordLike>;

const distinctSelect = (s: string) => /\bDISTINCT[\s(]/i.test(s);

/** The column's type for calculated values: an enum's underlying type, not its name mapping. */
function rawType(meta: ModelMeta, name: string): AttributeType | null {
  const col = meta.columns.find((c) => c.name === name);
  return col ? attributeType(col) : null;
}

/** A column argument as SQL: an attribute qualified, "table.column" quoted, anything else as written. */
export function columnSql(meta: ModelMeta, name: string): string {
  if (meta.types.has(name)) return column(meta.tableName, name);
  const m = /^(\w+)\.(\w+)$/.exec(name);
  if (m) return m[1] === meta.tableName && meta.types.has(m[2]!) ? column(meta.tableName, m[2]!) : `${quoteName(m[1]!)}.${quoteName(m[2]!)}`;
  return name;
}

export function calculate(relation: R, operation: string, columnName?: string): unknown {
  const meta = relation.meta;
  const q = relation.queryState();
  let distinct = q.distinct;
  let name: string | "all" = columnName ?? (q.select && q.select.length === 1 ? q.select[0]! : "all");
  if (operation === "count") {
    if (name === "all") {
      if (distinct && (q.group.length || (!q.select && q.orders.length === 0))) name = meta.primaryKey;
    } else if (distinctSelect(name)) distinct = false;
  }
  if (q.group.length) return groupedCalculation(relation, operation, name, distinct);
  if (operation === "count" && ((name === "all" && distinct) || q.limit !== null || q.offset !== null)) {
    if (q.limit === 0) return 0;
    return castCalculated(operation, runOne(relation, countSql(meta.tableName, q, relation.joinRenderer()), "Count"), null);
  }
  const target = name === "all" ? "*" : columnSql(meta, name);
  const expression = `${operation === "average" ? "AVG" : operation === "minimum" ? "MIN" : operation === "maximum" ? "MAX" : operation.toUpperCase()}(${distinct ? "DISTINCT " : ""}${target})`;
  const sql = selectSql(meta.tableName, { ...q, orders: [], distinct: false }, relation.joinRenderer(), expression);
  const label = operation.charAt(0).toUpperCase() + operation.slice(1);
  return castCalculated(operation, runOne(relation, sql, label), name === "all" ? null : rawType(meta, name));
}

function runOne(relation: R, sql: { sql: string; binds: never[] | unknown[] }, label: string): unknown {
  const q = relation.queryState();
  if (isEmptyResult(q)) return null;
  const rows = connection().selectRows(sql.sql, sql.binds as never[], `${relation.meta.className} ${label}`);
  return rows[0]?.[0] ?? null;
}

function castCalculated(operation: string, value: unknown, type: AttributeType | null): unknown {
  if (operation === "count") return Number(value ?? 0);
  if (operation === "sum") return type ? type.deserialize(value ?? 0) : (value ?? 0);
  if (operation === "average") return value === null || value === undefined ? null : Decimal.parse(String(value));
  return type ? type.deserialize(value) : value;
}

const unquote = (sql: string): string | null => /^"(\w+)"\."(\w+)"$/.exec(sql)?.[2] ?? null;

function groupedCalculation(relation: R, operation: string, name: string, distinct: boolean): Map<unknown, unknown> {
  const meta = relation.meta;
  const q = relation.queryState();
  const fn = operation === "average" ? "AVG" : operation === "minimum" ? "MIN" : operation === "maximum" ? "MAX" : operation.toUpperCase();
  const target = name === "all" ? "*" : columnSql(meta, name);
  const aggregateAlias = `${operation}_${name === "all" ? "all" : name.replace(/\W+/g, "_")}`;
  const groups = q.group.map((g) => ({ sql: g, column: unquote(g), alias: g.replace(/"/g, "").replace(/\W+/g, "_").toLowerCase() }));
  const select = [`${fn}(${distinct ? "DISTINCT " : ""}${target}) AS ${quoteName(aggregateAlias)}`, ...groups.map((g) => `${g.sql} AS ${quoteName(g.alias)}`)];
  const sql = selectSql(meta.tableName, { ...q, distinct: false }, relation.joinRenderer(), select.join(", "), { groupBy: ` GROUP BY ${q.group.join(", ")}` });
  const out = new Map<unknown, unknown>();
  if (isEmptyResult(q)) return out;
  const label = operation.charAt(0).toUpperCase() + operation.slice(1);
  for (const row of connection().selectRows(sql.sql, sql.binds, `${meta.className} ${label}`)) {
    const keys = groups.map((g, i) => {
      const type = g.column ? meta.types.get(g.column) : undefined;
      return type ? type.deserialize(row[i + 1]) : row[i + 1];
    });
    out.set(keys.length === 1 ? keys[0] : keys, castCalculated(operation, row[0], name === "all" ? null : rawType(meta, name)));
  }
  return out;
}

/** limit(2).count as many?/one? run it. */
export function limitedCount(relation: R): number {
  const q = relation.queryState();
  const limit = q.limit === null ? 2 : Math.min(q.limit, 2);
  return calculate(relation.spawn({ ...q, limit }), "count") as number;
}

/** The type pluck casts a result column with: the model's attribute of that name (as Rails does), else none. */
function pluckType(meta: ModelMeta, name: string): AttributeType | null {
  const bare = /^(?:\w+\.)?(\w+)$/.exec(name)?.[1] ?? name;
  return meta.types.get(bare) ?? null;
}

export function pluck(relation: R, columns: string[]): unknown[] {
  const meta = relation.meta;
  if (relation.isLoaded() && columns.every((c) => meta.types.has(c))) {
    const values = relation.toA().map((r) => columns.map((c) => r.readAttribute(c)));
    return columns.length === 1 ? values.map((v) => v[0]) : values;
  }
  const q: QueryState = relation.queryState();
  const sql = selectSql(meta.tableName, q, relation.joinRenderer(), columns.map((c) => columnSql(meta, c)).join(", "));
  if (isEmptyResult(q)) return [];
  const types = columns.map((c) => pluckType(meta, c));
  const rows = connection().selectRows(sql.sql, sql.binds, `${meta.className} Pluck`);
  const values = rows.map((row) => row.map((v, i) => (types[i] ? types[i]!.deserialize(v) : v)));
  return columns.length === 1 ? values.map((v) => v[0]) : values;
}

export function pick(relation: R, columns: string[]): unknown {
  const rows = relation.isLoaded() ? pluck(relation, columns).slice(0, 1) : pluck(relation.limit(1), columns);
  return rows[0] ?? null;
}

export function ids(relation: R): unknown[] {
  const meta = relation.meta;
  const pk = meta.primaryKey;
  if (relation.isLoaded()) return relation.toA().map((r) => r.readAttribute(pk));
  const q = relation.queryState();
  if (isEmptyResult(q)) return [];
  const sql = selectSql(meta.tableName, q, relation.joinRenderer(), column(meta.tableName, pk));
  const type = meta.types.get(pk);
  return connection().selectRows(sql.sql, sql.binds, `${meta.className} Ids`).map((row) => (type ? type.deserialize(row[0]) : row[0]));
}
