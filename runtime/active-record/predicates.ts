// ActiveRecord::PredicateBuilder: a where-hash -> Arel predicates, with each value bound through its column's
// type (so enum names bind their stored value and "12" binds 12).
//
//   where(name: "x") / (name: nil)          = ?  /  IS NULL
//   where(id: [1, nil, 2..3])               ("t"."id" IN (?, ?) OR "t"."id" IS NULL OR ...)   (ArrayHandler)
//   where(id: 2..3 / 2...4 / 3.. / ..2)     BETWEEN / >= AND < / >= / <=                        (RangeHandler)
//   where(project: record) / (user: [a, b])    the foreign key ("t"."project_id" = ?); polymorphic adds the type
//   where(projects: { type: "X" })             a condition on a joined table (references "projects"; `project:` aliases)
//   where("projects.type" => "X")              the same, table-qualified
//   where(id: relation)                     "t"."id" IN (SELECT ...)
import type { BindValue } from "./connection/connection.js";
import { singularize } from "../active-support/inflector.js";
import { or, type Attr, type Node } from "./arel.js";
import { isRecord, metaOf, modelClass, type AssociationMeta, type ModelMeta } from "./model.js";
import { isUnbounded, rangeOf } from "../ruby/range.js";
import { bindValue, type SqlFragment } from "./sanitize.js";
import { RubyDate } from "../ruby/date.js";
import { Time } from "../active-support/time.js";

/** The table a predicate is built against: its name or alias, and the model whose column types bind values. */
export interface TableMeta {
  table: string;
  meta: ModelMeta | null;
}

export interface BuiltWhere {
  predicates: Node[];
  /** Table names the hash referenced (Relation#references), which alias association joins. */
  references: string[];
}

/** A relation used as a value (subquery): its SQL selecting `column` or its own select list. */
export interface SubqueryLike {
  subquerySql(defaultColumn: string): SqlFragment;
}
const isSubquery = (v: unknown): v is SubqueryLike => typeof v === "object" && v !== null && typeof (v as SubqueryLike).subquerySql === "function";

const isHash = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !isRecord(v) && !(v instanceof Date) && !(v instanceof RubyDate) && !Time.fromInstant(v) && !isSubquery(v) && rangeOf(v) === null;

/** ActiveModel::Type#serialize(cast(value)) for a column; integer columns bind nil for non-numeric strings. */
export function columnValue(meta: ModelMeta | null, column: string, value: unknown): BindValue {
  if (isRecord(value)) value = value.readAttribute(metaOf(value.constructor).primaryKey);
  const type = meta?.types.get(column);
  if (!type) return bindValue(value);
  // EnumType#serialize takes names and stored values as they are (an unknown name binds through the subtype).
  if (meta!.enums.has(column)) return type.serialize(value);
  if (typeof value === "string" && !/^\s*[+-]?\d/.test(value)) {
    const sqlType = meta!.columns.find((c) => c.name === column)?.type;
    if (sqlType === "integer" || sqlType === "bigint") return null;
  }
  return type.serialize(type.cast(value));
}

function associationFor(meta: ModelMeta | null, name: string): AssociationMeta | undefined {
  return meta?.associations.get(name) ?? meta?.associations.get(singularize(name));
}

/** TableMetadata#associated_table: a joined table by association or table name (aliased when they differ). */
export function associatedTable(base: TableMeta, name: string): TableMeta {
  const assoc = associationFor(base.meta, name);
  if (!assoc && base.meta && name === base.table) return base;
  if (assoc && !assoc.polymorphic) {
    const meta = metaOf(modelClass(assoc.className));
    return { table: meta.tableName === name ? meta.tableName : name, meta };
  }
  return { table: name, meta: null };
}

export function buildWhere(base: TableMeta, conditions: Record<string, unknown>): BuiltWhere {
  const out: BuiltWhere = { predicates: [], references: [] };
  for (const [key, value] of Object.entries(conditions)) {
    if (isHash(value)) {
      out.references.push(key);
      const nested = buildWhere(associatedTable(base, key), value);
      out.predicates.push(...nested.predicates);
    } else if (key.includes(".")) {
      const dot = key.lastIndexOf(".");
      out.references.push(key.slice(0, dot));
      out.predicates.push(...buildWhere(associatedTable(base, key.slice(0, dot)), { [key.slice(dot + 1)]: value }).predicates);
    } else out.predicates.push(...buildKey(base, key, value));
  }
  return out;
}

function buildKey(base: TableMeta, key: string, value: unknown): Node[] {
  const assoc = base.meta?.associations.get(key);
  if (assoc?.kind === "belongs_to") {
    const key = { table: base.table, column: assoc.foreignKey };
    if (!assoc.polymorphic) return [build(base, key, value)];
    const records = (Array.isArray(value) ? value : [value]).filter(isRecord);
    const types = [...new Set(records.map((r) => metaOf(r.constructor).baseClassName))];
    return [build(base, { table: base.table, column: assoc.foreignType! }, types.length === 1 ? types[0] : types), build(base, key, value)];
  }
  return [build(base, { table: base.table, column: key }, value)];
}

/** PredicateBuilder#build(attribute, value): the handler for the value's kind. */
export function build(base: TableMeta, attr: Attr, value: unknown): Node {
  const bind = (v: unknown) => columnValue(base.meta, attr.column, v);
  if (value === null || value === undefined) return { k: "null", attr, negated: false };
  if (isSubquery(value)) return { k: "inQuery", attr, ...value.subquerySql(attr.column), negated: false };
  const range = rangeOf(value);
  if (range) return rangePredicate(attr, range.begin, range.end, range.exclusive, bind);
  if (Array.isArray(value)) return arrayPredicate(base, attr, value);
  return { k: "cmp", op: "=", attr, value: bind(value) };
}

function rangePredicate(attr: Attr, begin: unknown, end: unknown, exclusive: boolean, bind: (v: unknown) => BindValue): Node {
  if (isUnbounded(begin)) {
    if (isUnbounded(end)) return { k: "in", attr, values: [], negated: true };
    return { k: "cmp", op: exclusive ? "<" : "<=", attr, value: bind(end) };
  }
  if (isUnbounded(end)) return { k: "cmp", op: ">=", attr, value: bind(begin) };
  if (exclusive) return { k: "and", children: [{ k: "cmp", op: ">=", attr, value: bind(begin) }, { k: "cmp", op: "<", attr, value: bind(end) }] };
  return { k: "between", attr, low: bind(begin), high: bind(end) };
}

// ArrayHandler: plain values as = or IN, then OR IS NULL for nils, then OR each range.
function arrayPredicate(base: TableMeta, attr: Attr, list: unknown[]): Node {
  if (list.length === 0) return { k: "in", attr, values: [], negated: false };
  const values = list.map((v) => (isRecord(v) ? v.readAttribute(metaOf(v.constructor).primaryKey) : v));
  const plain = values.filter((v) => v !== null && v !== undefined && rangeOf(v) === null);
  const hasNil = values.some((v) => v === null || v === undefined);
  const ranges = values.filter((v) => rangeOf(v) !== null);
  let node: Node | null =
    plain.length === 0 ? null
    : plain.length === 1 ? build(base, attr, plain[0])
    : { k: "in", attr, values: plain.map((v) => columnValue(base.meta, attr.column, v)), negated: false };
  if (hasNil) node = node ? or(node, { k: "null", attr, negated: false }) : { k: "null", attr, negated: false };
  for (const r of ranges) node = node ? or(node, build(base, attr, r)) : build(base, attr, r);
  return node!;
}
