// Rails test fixtures loaded as `bin/rails db:fixtures:load` loads them, against real Rails 7.2.4:
// test/fixtures/fixture-sets/ is a small Rails app whose test/fixtures/**/*.yml Rails loaded in
// test/fixtures/record/fixtures.rb (clock frozen at 2024-02-15 12:00:00 UTC) and dumped into fixtures.json, every
// value with its SQLite storage class. Here the compiler compiles the app, the emitted app boots with
// RAILS2TS_FIXTURES=1 under the same frozen clock, and every table must hold the same rows. Bcrypt digests and
// random tokens differ per run, so they are verified instead (the password checks, the token has Rails' shape).
// With RAILS2TS_CAMPFIRE pointing at a checkout of ONCE Campfire, its own fixtures load too.
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { compile } from "../src/compile.js";
import { loadFixturesInto } from "../src/emit/load-fixtures.js";
import { scratchDir } from "./support/scratch.js";

type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
type Cell = [unknown, string];

const app = join(import.meta.dirname, "fixtures/fixture-sets");
const recorded = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures/record/fixtures.json"), "utf8")) as {
  names: string[];
  scalars: Record<string, [string, string]>;
  identify: Record<string, number>;
  tables: Record<string, Array<Record<string, Cell>>>;
};
const out = scratchDir("fixtures");
const compiled = await compile(app, { out });
process.env.DATABASE_PATH = join(out, "fixtures.sqlite3");
process.env.SECRET_KEY_BASE ??= "0".repeat(64);
process.env.RAILS2TS_FIXTURES = "1";
process.env.RAILS2TS_FROZEN_TIME = "2024-02-15 12:00:00";
await import(pathToFileURL(join(out, "dist/app.js")).href);
delete process.env.RAILS2TS_FIXTURES;
delete process.env.RAILS2TS_FROZEN_TIME;
// Through its real path, so this test and the emitted modules share one instance of the runtime.
const linked = async (path: string) => (await import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime", path)).href)) as Dyn;
const db = await linked("active-record/connection/index.js");
const fixtures = await linked("active-record/fixtures/index.js");
const record = await linked("active-record/index.js");
const ruby = await linked("ruby/ruby.js");

/** Every table's rows as the recorder dumps them: ordered by the first column, each value with typeof(). */
function dump(conn: Dyn): Record<string, Array<Record<string, Cell>>> {
  const tables = (conn.select("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") as Array<{ name: string }>)
    .map((t) => t.name)
    .filter((t) => t !== "ar_internal_metadata" && t !== "schema_migrations");
  const result: Record<string, Array<Record<string, Cell>>> = {};
  for (const table of tables) {
    const columns = (conn.select(`PRAGMA table_info("${table}")`) as Array<{ name: string }>).map((c) => c.name);
    const select = columns.flatMap((c) => [`"${c}"`, `typeof("${c}")`]).join(", ");
    const rows = conn.selectRows(`SELECT ${select} FROM "${table}" ORDER BY 1`) as unknown[][];
    result[table] = rows.map((values) => Object.fromEntries(columns.map((c, i) => [c, [values[2 * i], values[2 * i + 1]] as Cell])));
  }
  return result;
}

/** Digests and tokens are checked by what they are, then blanked on both sides. */
function withoutSecrets(tables: Record<string, Array<Record<string, Cell>>>): Record<string, Array<Record<string, Cell>>> {
  const copy = structuredClone(tables);
  for (const row of copy.people ?? []) {
    for (const column of ["password_digest", "api_token"]) if (row[column]![0] !== null) row[column] = ["<secret>", row[column]![1]];
  }
  return copy;
}

describe("db:fixtures:load on test/fixtures/fixture-sets", () => {
  const ours = dump(db.connection());

  it("lowers every fixture file's ERB (no diagnostics)", () => {
    expect(compiled.diagnostics.filter((d) => d.span.file.startsWith(join(app, "test/fixtures/"))).map((d) => `${d.span.file}:${d.span.line} ${d.code}: ${d.message}`)).toEqual([]);
  });

  it("loads the same rows as Rails, value for value and storage class for storage class", () => {
    expect(withoutSecrets(ours)).toEqual(withoutSecrets(recorded.tables));
  });

  it("writes a bcrypt digest the password verifies against, and a base58 token", () => {
    const people = ours.people!;
    const alice = people.find((r) => r.name![0] === "Alice")!;
    const bob = people.find((r) => r.name![0] === "Bob")!;
    const digest = alice.password_digest![0] as string;
    expect(digest).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/);
    expect(bob.password_digest![0]).toBe(digest);
    expect(record.bcryptVerify("secret", digest)).toBe(true);
    expect(record.bcryptVerify("wrong", digest)).toBe(false);
    expect(alice.api_token![0]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{24}$/);
  });

  it("loads again over the loaded database: every fixture table emptied first, the same rows after", async () => {
    const emitted = (await import(pathToFileURL(join(out, "dist/db/fixtures.js")).href)) as Dyn;
    record.setClock(() => record.Time.utc(2024, 2, 15, 12, 0, 0));
    try {
      const sets = fixtures.loadFixtures(db.connection(), emitted.fixtures) as Array<{ name: string; tableName: string }>;
      expect(sets.map((s) => `${s.name} -> ${s.tableName}`)).toEqual(recorded.names.map((n) => `${n} -> ${n === "members" ? "people" : n.replace("/", "_")}`));
    } finally {
      record.setClock(null);
    }
    const again = dump(db.connection());
    // Join rows and rows without a primary key in the fixture get new autoincrement ids, as in Rails.
    const withoutAutoIds = (t: Record<string, Array<Record<string, Cell>>>) =>
      withoutSecrets(Object.fromEntries(Object.entries(t).map(([k, rows]) => [k, ["taggings", "legacy_rows", "audit_entries"].includes(k) ? rows.map(({ id: _, ...r }) => r) : rows])));
    expect(withoutAutoIds(again)).toEqual(withoutAutoIds(recorded.tables));
  });

  it("identify(label) is Zlib.crc32(label) % (2**30 - 1)", () => {
    for (const [label, id] of Object.entries(recorded.identify)) expect([label, fixtures.identify(label)]).toEqual([label, id]);
  });

  it("types plain YAML scalars as Psych does", () => {
    const className = (v: unknown): string => {
      if (v === null) return "NilClass";
      if (v === true) return "TrueClass";
      if (v === false) return "FalseClass";
      if (typeof v === "string") return "String";
      if (typeof v === "bigint") return "Integer";
      if (typeof v === "number") return ruby.isFloat(v) || !Number.isFinite(v) ? "Float" : "Integer";
      if (v instanceof ruby.RubyFloat) return "Float";
      if (v instanceof ruby.RubySymbol) return "Symbol";
      if (v instanceof record.Time) return "Time";
      if (v instanceof record.RubyDate) return "Date";
      return "?";
    };
    // Ruby prints a Time in its own offset; compare the instant.
    const instant = (s: string) => {
      const m = /^(\S+ \S+) (UTC|[+-]\d{4})$/.exec(s);
      return m ? new Date(`${m[1]!.replace(" ", "T")}${m[2] === "UTC" ? "Z" : `${m[2]!.slice(0, 3)}:${m[2]!.slice(3)}`}`).getTime() : s;
    };
    for (const [scalar, [cls, text]] of Object.entries(recorded.scalars)) {
      const value = (fixtures.loadYaml(`v: ${scalar}`) as Map<string, unknown>).get("v");
      const ourText = value instanceof Date ? Math.floor(value.getTime() / 1000) * 1000 : ruby.toS(value);
      expect([scalar, className(value), ourText]).toEqual([scalar, cls, cls === "Time" ? instant(text) : text]);
    }
  });
});

const checkout = process.env.RAILS2TS_CAMPFIRE;
if (!checkout) console.log("campfire fixtures: skipped (set RAILS2TS_CAMPFIRE to a checkout of basecamp/once-campfire at df76a22)");

describe.skipIf(!checkout)("ONCE Campfire's test/fixtures", () => {
  it("lowers every fixture file (no diagnostics)", async () => {
    const result = await compile(checkout!);
    const dir = join(checkout!, "test/fixtures/");
    expect(result.diagnostics.filter((d) => d.span.file.startsWith(dir)).map((d) => `${d.span.file}:${d.span.line} ${d.code}: ${d.message}`)).toEqual([]);
  });

  it("boots on them: labels become Rails' ids, references resolve, david's password verifies", async () => {
    const campfireOut = scratchDir("campfire-fixtures");
    await compile(checkout!, { out: campfireOut });
    const dbPath = join(campfireOut, "fixtures.sqlite3");
    await loadFixturesInto(campfireOut, dbPath, { RAILS2TS_FROZEN_TIME: "2024-02-15 12:00:00" });
    const conn = new Database(dbPath, { readonly: true });
    const rows = (sql: string) => conn.prepare(sql).all() as Array<Record<string, unknown>>;
    const id = (label: string) => fixtures.identify(label) as number;
    expect(id("designers")).toBe(654632876);
    expect(rows("SELECT id, name, role FROM users ORDER BY name")).toEqual([
      { id: id("bender"), name: "Bender Bot", role: 2 },
      { id: id("david"), name: "David", role: 1 },
      { id: id("jz"), name: "JZ", role: 0 },
      { id: id("jason"), name: "Jason", role: 1 },
      { id: id("kevin"), name: "Kevin", role: 0 },
    ]);
    const david = rows(`SELECT password_digest FROM users WHERE id = ${id("david")}`)[0]!;
    expect(record.bcryptVerify("secret123456", david.password_digest)).toBe(true);
    expect(rows(`SELECT bot_token FROM users WHERE id = ${id("bender")}`)[0]!.bot_token).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(rows(`SELECT id, type, creator_id FROM rooms WHERE id = ${id("designers")}`)).toEqual([{ id: id("designers"), type: "Rooms::Closed", creator_id: id("david") }]);
    expect(rows(`SELECT room_id, creator_id, client_message_id, created_at FROM messages WHERE id = ${id("first")}`)).toEqual([
      { room_id: id("designers"), creator_id: id("jason"), client_message_id: "0001", created_at: "2024-02-15 11:00:00" },
    ]);
    expect(rows(`SELECT record_type, record_id, name FROM action_text_rich_texts WHERE id = ${id("first")}`)).toEqual([{ record_type: "Message", record_id: id("first"), name: "body" }]);
    expect(rows("SELECT count(*) AS n FROM memberships")).toEqual([{ n: 19 }]);
    conn.close();
  }, 120_000);
});
