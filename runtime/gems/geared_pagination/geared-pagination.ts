// The geared_pagination gem (1.2.0) at run time: pages whose size grows with the page number ("gears").
//
//   GearedPagination::Recordset.new(records, ordered_by:, per_page:)   new Recordset(records, { ordered_by, per_page })
//   recordset.page(params[:page])                                      recordset.page(param) -> Page
//   page.records / number / first? / last? / only? / before_last?      records() / number() / isFirst() / isLast() / ...
//   page.next_param / cache_key / used? / empty?                       nextParam() / cacheKey() / isUsed() / isEmpty()
//   Ratios (per_page: nil -> [15, 30, 50, 100], 10, [2, 5, 10])        new Ratios(perPage): at(n) / size / fixed
//   no ordered_by: PortionAtOffset (LIMIT ? OFFSET ?, next_param n+1)  ordered_by: PortionAtCursor (keyset, cursor.ts)
// Statement order is the gem's: the portion loads when its records are first read; records_count (one COUNT, the
// limit/offset/select unscoped) when a page asks for page_count (last?, only?, before_last?).
import type { RecordLike } from "../../active-record/model.js";
import type { Relation } from "../../active-record/relation.js";
import { ArgumentError } from "../../ruby/args.js";
import { Cursor, PortionAtCursor } from "./geared-pagination-cursor.js";
import { hashEntries, inspect, isHash, RubySymbol, toS } from "../../ruby/ruby.js";
import { NoMethodError } from "../../active-support/core-ext/core-send.js";

export type Records = Relation<RecordLike>;

/** The portion of the records one page shows: at an offset, or after a cursor. */
export interface Portion {
  readonly pageNumber: number;
  from(scope: Records): Records;
  nextParam(scope: Records): number | string;
  cacheKey(): string;
}

/** GearedPagination::Ratios: the page sizes by page number; past the list, its last size. */
export class Ratios {
  static readonly DEFAULTS = [15, 30, 50, 100];
  private readonly ratios: number[];

  constructor(ratios: unknown = null) {
    // Array(ratios || DEFAULTS).map(&:to_i)
    const list = ratios === null || ratios === undefined || ratios === false ? Ratios.DEFAULTS : Array.isArray(ratios) ? ratios : [ratios];
    this.ratios = list.map(rubyToI);
  }

  /** ratios[page_number]: Ruby's Array#[] truncates a Float index. */
  at(pageNumber: number): number {
    return this.ratios[Math.trunc(pageNumber - 1)] ?? this.fixed;
  }

  cacheKey(): string {
    return this.ratios.join("-");
  }

  get size(): number {
    return this.ratios.length;
  }

  get fixed(): number {
    return this.ratios[this.ratios.length - 1]!;
  }
}

/** GearedPagination::Order: an attribute and :asc/:desc. Lowered Symbols are Strings, so Strings count as Symbols. */
export class Order {
  constructor(
    readonly attribute: string,
    readonly direction: "asc" | "desc",
  ) {}

  static wrapMany(objects: unknown): Order[] {
    const list = objects === null || objects === undefined ? [] : Array.isArray(objects) ? objects : [objects];
    return list.flatMap((o) => Order.wrap(o));
  }

  static wrap(object: unknown): Order | Order[] {
    if (object instanceof Order) return object;
    if (typeof object === "string" || object instanceof RubySymbol) return Order.build(toS(object), "asc");
    if (isHash(object)) return hashEntries(object).map(([key, value]) => Order.build(toS(key), value));
    throw new ArgumentError(`Invalid orders: expected Symbol, Hash, or GearedPagination::Order, got ${inspect(object)}`);
  }

  private static build(attribute: string, direction: unknown): Order {
    const dir = typeof direction === "string" || direction instanceof RubySymbol ? toS(direction) : null;
    if (dir === "asc" || dir === "desc") return new Order(attribute, dir);
    throw new ArgumentError(`Invalid direction for order on :${attribute}: expected :asc or :desc, got ${symbolInspect(direction)}`);
  }

  get isAsc(): boolean {
    return this.direction === "asc";
  }
}

function symbolInspect(v: unknown): string {
  return typeof v === "string" ? `:${v}` : inspect(v);
}

/** GearedPagination::PortionAtOffset: LIMIT ratios[n] OFFSET (the sizes of the pages before n). */
export class PortionAtOffset implements Portion {
  constructor(
    readonly pageNumber: number,
    readonly ratios: Ratios,
  ) {}

  from(scope: Records): Records {
    return scope.limit(this.limit).offset(this.offset);
  }

  get limit(): number {
    return this.ratios.at(this.pageNumber);
  }

  get offset(): number {
    let variable = 0;
    const geared = Math.min(this.pageNumber - 1, this.ratios.size - 1);
    for (let index = 0; index < geared; index++) variable += this.ratios.at(index + 1);
    return variable + Math.max(this.pageNumber - this.ratios.size, 0) * this.ratios.fixed;
  }

  nextParam(): number {
    return this.pageNumber + 1;
  }

  cacheKey(): string {
    return `${this.pageNumber}:${this.ratios.cacheKey()}`;
  }
}

/** GearedPagination::Recordset: the records, their orders (for cursors) and the page sizes. */
export class Recordset {
  readonly orders: Order[];
  readonly ratios: Ratios;
  private pageCountMemo: number | null = null;
  private recordsCountMemo: number | null = null;

  constructor(
    readonly records: Records,
    options: { ordered_by?: unknown; per_page?: unknown } = {},
  ) {
    this.orders = Order.wrapMany(options.ordered_by ?? null);
    this.ratios = new Ratios(options.per_page ?? null);
  }

  page(param: unknown): Page {
    return new Page(this.portionFor(param), this);
  }

  pageCount(): number {
    if (this.pageCountMemo === null) {
      let count = 0;
      let residual = this.recordsCount();
      while (residual > 0) {
        count += 1;
        residual -= this.ratios.at(count);
      }
      this.pageCountMemo = count > 0 ? count : 1;
    }
    return this.pageCountMemo;
  }

  recordsCount(): number {
    return (this.recordsCountMemo ??= this.records.unscope("limit").unscope("offset").unscope("select").count());
  }

  private portionFor(param: unknown): Portion {
    if (this.orders.length === 0) {
      const n = rubyToI(param);
      return new PortionAtOffset(n > 0 ? n : 1, this.ratios);
    }
    return new PortionAtCursor(Cursor.fromParam(param), this.orders, this.ratios);
  }
}

/** GearedPagination::Page. */
export class Page {
  private recordsMemo: Records | null = null;

  constructor(
    private readonly portion: Portion,
    readonly recordset: Recordset,
  ) {}

  number(): number {
    return this.portion.pageNumber;
  }

  records(): Records {
    return (this.recordsMemo ??= this.portion.from(this.recordset.records));
  }

  isUsed(): boolean {
    return this.records().load().isAny();
  }

  isEmpty(): boolean {
    return this.records().load().isNone();
  }

  isFirst(): boolean {
    return this.number() === 1;
  }

  isOnly(): boolean {
    return this.recordset.pageCount() === 1;
  }

  isLast(): boolean {
    return this.number() === this.recordset.pageCount();
  }

  isBeforeLast(): boolean {
    return this.number() < this.recordset.pageCount();
  }

  nextParam(): number | string {
    return this.portion.nextParam(this.recordset.records);
  }

  cacheKey(): string {
    return `page/${this.portion.cacheKey()}`;
  }
}

/** Ruby's `to_i` on what a page param can be: nil 0, Integer/Float truncated, String by String#to_i. */
export function rubyToI(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === "number") return Math.trunc(v);
  if (typeof v === "string") {
    const m = /^[\s]*([+-]?\d+(?:_\d+)*)/.exec(v);
    return m ? Number(m[1]!.replace(/_/g, "")) : 0;
  }
  throw new NoMethodError(`undefined method \`to_i' for ${inspect(v)}`);
}
