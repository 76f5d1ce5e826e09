// geared_pagination's keyset pages (ordered_by:): GearedPagination::Cursor and PortionAtCursor.
//
//   Cursor.from_param(params[:page])        Cursor.fromParam(param): blank, bad Base64, bad JSON or an unknown key
//                                           -> page 1; JSON null/false -> nil (the page then raises NoMethodError)
//   Cursor.encode(page_number:, values:)    urlsafe Base64 (padded) of {"page_number":n,"values":{...}} (AS::JSON)
//   ordered_by: { created_at: :desc, id: :desc } with values {created_at: t, id: 5}:
//     WHERE ("t"."created_at" = '...' AND "t"."id" < 5 OR "t"."created_at" < '...')
//     ORDER BY "t"."created_at" DESC, "t"."id" DESC LIMIT ?
// The cursor's values reach the SQL as Arel Casted nodes: cast by the column's type and quoted inline (no binds).
import type { Node } from "../../active-record/arel.js";
import { quoteColumn } from "../../active-record/arel.js";
import { bindValue, quote } from "../../active-record/sanitize.js";
import { ArgumentError } from "../../ruby/args.js";
import { urlsafeBase64Decode } from "../../active-support/message-codec.js";
import { toJson } from "../../active-support/json-encode.js";
import { NoMethodError } from "../../active-support/core-ext/core-send.js";
import { isPlainObject } from "../../ruby/ruby.js";
import type { Order, Portion, Ratios, Records } from "./geared-pagination.js";

/** A JSON::ParserError, which Cursor.from_param rescues as it does ArgumentError. */
class JsonParserError extends Error {
  override name = "JSON::ParserError";
}

/** GearedPagination::Cursor: a page number and the previous page's last values of the ordered attributes. */
export class Cursor {
  constructor(
    private readonly rawPageNumber: unknown = 1,
    readonly values: Record<string, unknown> = {},
  ) {}

  /** Cursor.from_param: null when the JSON is null or false (Ruby's `if attributes = ...` falls through). */
  static fromParam(key: unknown): Cursor | null {
    if (key === null || key === undefined || (typeof key === "string" && key.trim() === "")) return new Cursor();
    try {
      return Cursor.decode(key);
    } catch (e) {
      if (e instanceof ArgumentError || e instanceof JsonParserError) return new Cursor();
      throw e;
    }
  }

  private static decode(key: unknown): Cursor | null {
    if (typeof key !== "string") throw new NoMethodError(`undefined method \`end_with?' for an instance of ${rubyClass(key)}`);
    const bytes = urlsafeBase64Decode(key);
    if (!bytes) throw new ArgumentError("invalid base64");
    let attributes: unknown;
    try {
      attributes = JSON.parse(bytes.toString("utf8"));
    } catch (e) {
      throw new JsonParserError((e as Error).message);
    }
    if (attributes === null || attributes === false) return null;
    if (!isPlainObject(attributes)) throw new NoMethodError(`undefined method \`deep_symbolize_keys' for an instance of ${rubyClass(attributes)}`);
    // new(**attributes): only the two keywords.
    const unknown = Object.keys(attributes).filter((k) => k !== "page_number" && k !== "values");
    if (unknown.length) throw new ArgumentError(`unknown keyword${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => `:${k}`).join(", ")}`);
    return new Cursor("page_number" in attributes ? attributes.page_number : 1, "values" in attributes ? (attributes.values as Record<string, unknown>) : {});
  }

  static encode(pageNumber: number, values: Map<string, unknown> | Record<string, unknown>): string {
    const json = toJson(new Map<string, unknown>([["page_number", pageNumber], ["values", values]]));
    return Buffer.from(json, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
  }

  /** page_number > 0 ? page_number : 1 (a String or nil page number raises, as Ruby's comparison does). */
  get pageNumber(): number {
    const n = this.rawPageNumber;
    if (typeof n !== "number") {
      if (n === null) throw new NoMethodError("undefined method `>' for nil");
      throw new ArgumentError(`comparison of ${rubyClass(n)} with 0 failed`);
    }
    return n > 0 ? n : 1;
  }

  includes(attribute: string): boolean {
    if (this.values === null) throw new NoMethodError("undefined method `include?' for nil");
    return isPlainObject(this.values) && Object.prototype.hasOwnProperty.call(this.values, attribute);
  }

  fetch(attribute: string): unknown {
    return this.values[attribute];
  }
}

function rubyClass(v: unknown): string {
  if (typeof v === "string") return "String";
  if (typeof v === "number") return Number.isInteger(v) ? "Integer" : "Float";
  if (typeof v === "boolean") return v ? "TrueClass" : "FalseClass";
  if (Array.isArray(v)) return "Array";
  return v === null ? "NilClass" : "Hash";
}

/** GearedPagination::PortionAtCursor: the rows after the cursor's values in the orders' direction. */
export class PortionAtCursor implements Portion {
  private readonly froms = new Map<Records, Records>();

  constructor(
    private readonly cursor: Cursor | null,
    private readonly orders: Order[],
    private readonly ratios: Ratios,
  ) {}

  get pageNumber(): number {
    return this.presentCursor().pageNumber;
  }

  from(scope: Records): Records {
    let portion = this.froms.get(scope);
    if (!portion) {
      const q = scope.queryState();
      if (q.orders.length > 0 || q.limit !== null) {
        throw new ArgumentError(`Can't paginate relation with ORDER BY or LIMIT clauses (got ${scope.toSql()})`);
      }
      const orderings = Object.fromEntries(this.orders.map((o) => [o.attribute, o.direction]));
      portion = this.selectionFrom(scope).order(orderings).limit(this.ratios.at(this.pageNumber));
      this.froms.set(scope, portion);
    }
    return portion;
  }

  nextParam(scope: Records): string {
    const last = this.from(scope).last() as { readAttribute(name: string): unknown } | null;
    const values = new Map<string, unknown>(last ? this.orders.map((o) => [o.attribute, last.readAttribute(o.attribute)]) : []);
    return Cursor.encode(this.pageNumber + 1, values);
  }

  cacheKey(): string {
    return `${this.pageNumber}:${this.ratios.cacheKey()}`;
  }

  private presentCursor(): Cursor {
    if (!this.cursor) throw new NoMethodError("undefined method `page_number' for nil");
    return this.cursor;
  }

  // Selection#from: the cursor's condition when it has a value for every ordered attribute, else all rows.
  private selectionFrom(scope: Records): Records {
    if (!this.cursor) throw new NoMethodError("undefined method `include?' for nil");
    const cursor = this.cursor;
    if (!this.orders.every((o) => cursor.includes(o.attribute))) return scope.all();
    // One Match per prefix of the orders, longest first: the equal tail, then the head strictly after.
    const matches = this.orders.map((_, i) => this.orders.length - i).map((n) => {
      const head = this.orders[n - 1]!;
      const predicates = [...this.orders.slice(0, n - 1).map((o) => predicate(scope, o.attribute, "=", cursor.fetch(o.attribute))),
        predicate(scope, head.attribute, head.isAsc ? ">" : "<", cursor.fetch(head.attribute))];
      return predicates.reduce((left, right) => ({ k: "and", children: [left, right] }));
    });
    // Node#or is Grouping(Or(left, right)).
    const condition = matches.reduce((left, right) => ({ k: "group", expr: { k: "or", left, right } }));
    return scope.spawn({ ...scope.queryState(), where: [...scope.queryState().where, condition] });
  }
}

/**
 * table[attribute].eq/gt/lt(value): the value cast by the column's type and quoted in place (Arel's Casted); eq nil
 * is IS NULL. A bare literal node is parenthesized where a where clause renders it, an And of one child is not.
 */
function predicate(scope: Records, attribute: string, op: "=" | ">" | "<", value: unknown): Node {
  const meta = scope.meta;
  const column = quoteColumn({ table: meta.tableName, column: attribute });
  const type = meta.types.get(attribute);
  const literal = type ? type.serialize(type.cast(value)) : bindValue(value);
  const sql = op === "=" && literal === null ? `${column} IS NULL` : `${column} ${op} ${quote(literal)}`;
  return { k: "and", children: [{ k: "sql", sql, binds: [] }] };
}
