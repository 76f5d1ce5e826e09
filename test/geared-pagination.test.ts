// Replays geared_pagination 1.2.0 as recorded from the real gem over Active Record 7.2.4
// (test/fixtures/geared-pagination/record.rb): the same 120 rows in SQLite through the runtime's connection, every
// page case (offset and cursor pages, odd params, refused relations) asserted whole — statements with their SQL
// text and binds, the portion's ids, number, first?/last?/only?/before_last?, next_param, counts, cache_key, or the
// error — and the headers the gem's after_action adds to JSON responses.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Controller, type ControllerContext } from "../runtime/action-pack/controller.js";
import { Request } from "../runtime/action-pack/request.js";
import { Base, defineModel, type Relation, type Time } from "../runtime/active-record/index.js";
import { Page, Recordset, type Records } from "../runtime/gems/geared_pagination/geared-pagination.js";
import { paginatedHeaders } from "../runtime/gems/geared_pagination/geared-pagination-headers.js";
import "../runtime/gems/geared_pagination/controller.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

type Sql = [string | null, string, unknown[]];
interface RecordedCase {
  scope: string;
  ordered_by: unknown;
  per_page: unknown;
  param: unknown;
  sql: Sql[];
  [observed: string]: unknown;
}
interface RecordedHeaders {
  url: string;
  accept: string | null;
  format: string | null;
  ordered_by: unknown;
  per_page: unknown;
  param: unknown;
  request_url: string;
  headers: Record<string, string>;
}
const recorded = JSON.parse(readFileSync(new URL("./fixtures/geared-pagination/recorded.json", import.meta.url), "utf8")) as {
  rows: Array<{ id: number; name: string; created_at: string; updated_at: string }>;
  scopes: string[];
  cases: RecordedCase[];
  headers: RecordedHeaders[];
};

class Recording extends Base {
  declare id: number;
  declare name: string;
  declare created_at: Time;
}
defineModel(Recording, {
  name: "Recording",
  table: "recordings",
  names: names("Recording", "recording", "recordings"),
  columns: [
    { name: "id", type: "integer", null: false },
    { name: "name", type: "string", null: false },
    { name: "created_at", type: "datetime", null: false, precision: 6 },
    { name: "updated_at", type: "datetime", null: false, precision: 6 },
  ],
});

/** record.rb's SCOPES. */
const SCOPES: Record<string, () => Relation<Recording>> = {
  all: () => Recording.all(),
  ordered: () => Recording.order("id"),
  ordered_desc: () => Recording.order({ created_at: "desc", id: "desc" }),
  filtered: () => Recording.whereNot({ name: "item-011" }),
  filtered_ordered: () => Recording.whereNot({ name: "item-011" }).order("name", "id"),
  limited: () => Recording.limit(5),
};

let conn: Connection;
beforeAll(() => {
  conn = new Connection(join(scratchDir("geared"), "g.sqlite3"));
  loadSchema(conn, {
    tables: [{
      name: "recordings",
      columns: [
        { name: "name", type: "string", null: false },
        { name: "created_at", type: "datetime", null: false, precision: 6 },
        { name: "updated_at", type: "datetime", null: false, precision: 6 },
      ],
    }],
  });
  setConnection(conn);
  for (const r of recorded.rows) {
    conn.execute(`INSERT INTO "recordings" ("id", "name", "created_at", "updated_at") VALUES (?, ?, ?, ?)`, [r.id, r.name, r.created_at, r.updated_at]);
  }
});

/** record.rb's observe, in its order (the order decides which statement runs when). */
function observe(page: Page): Record<string, unknown> {
  const ids = page.records().toA().map((r) => (r as Recording).id);
  const out: Record<string, unknown> = { ids, number: page.number(), first: page.isFirst(), last: page.isLast() };
  out.next_param = page.nextParam();
  return {
    ...out, records_count: page.recordset.recordsCount(), page_count: page.recordset.pageCount(), only: page.isOnly(),
    before_last: page.isBeforeLast(), used: page.isUsed(), empty: page.isEmpty(), cache_key: page.cacheKey(),
  };
}

function replay(c: RecordedCase): Record<string, unknown> {
  const sql: Sql[] = [];
  const off = conn.onSql((e) => {
    if (!e.cached) sql.push([e.name, e.sql, e.binds]);
  });
  let result: Record<string, unknown>;
  try {
    const recordset = new Recordset(SCOPES[c.scope]!() as unknown as Records, { ordered_by: c.ordered_by, per_page: c.per_page });
    result = observe(recordset.page(c.param));
  } catch (e) {
    result = { error: [(e as Error).name, (e as Error).message] };
  } finally {
    off();
  }
  return { scope: c.scope, ordered_by: c.ordered_by, per_page: c.per_page, param: c.param, sql, ...result };
}

const label = (c: { scope?: string; ordered_by: unknown; per_page: unknown; param: unknown }, i: number) =>
  `#${i} ${c.scope ?? ""} ordered_by=${JSON.stringify(c.ordered_by)} per_page=${JSON.stringify(c.per_page)} page=${JSON.stringify(c.param)}`;

function requestFor(h: RecordedHeaders): Request {
  const url = new URL(h.url);
  const request = new Request({
    method: "GET",
    url: h.url.slice(h.url.indexOf("/", url.protocol.length + 2)),
    headers: { host: url.host, ...(h.accept ? { accept: h.accept } : {}) },
    body: Buffer.alloc(0),
    encrypted: url.protocol === "https:",
  });
  request.pathParameters = h.format ? { format: h.format } : {};
  return request;
}

const lowerCaseKeys = (headers: Record<string, string>) => Object.entries(headers).map(([k, v]): [string, string] => [k.toLowerCase(), v]);

describe("geared_pagination 1.2.0 (recorded from the gem over Active Record 7.2.4)", () => {
  it("has the recording", () => {
    expect(recorded.cases.length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(SCOPES)).toEqual(recorded.scopes);
  });

  recorded.cases.forEach((c, i) => {
    it(label(c, i), () => {
      expect(replay(c)).toEqual(c);
    });
  });

  recorded.headers.forEach((h, i) => {
    it(`headers #${i} ${h.url} accept=${h.accept} format=${h.format}`, () => {
      const request = requestFor(h);
      expect(request.url).toBe(h.request_url);
      const page = new Recordset(Recording.all() as unknown as Records, { ordered_by: h.ordered_by, per_page: h.per_page }).page(h.param);
      expect(paginatedHeaders(page, request)).toEqual(lowerCaseKeys(h.headers));
    });
  });

  it("set_page_and_extract_portion_from assigns @page from params[:page]; the after_action sets the headers", () => {
    const h = recorded.headers.find((x) => x.url.includes("page=2&"))!;
    const controller = new Controller();
    controller.attach({ request: requestFor(h) } as unknown as ControllerContext);
    const records = controller.setPageAndExtractPortionFrom(Recording.all(), { ordered_by: h.ordered_by, per_page: h.per_page });
    const page = (controller.assigns as { page?: unknown }).page;
    expect(page).toBeInstanceOf(Page);
    expect(records).toBe((page as Page).records());
    expect((page as Page).number()).toBe(2);
    controller.setPaginatedHeaders();
    expect([...controller.response.headers]).toEqual(lowerCaseKeys(h.headers));
  });
});
