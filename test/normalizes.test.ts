// ActiveRecord::Normalization (`normalizes :email, with: -> { _1.strip.downcase }`, Rails 7.1), as its guide and
// NormalizedValueType define it: an assigned value is normalized (nil is left alone unless apply_to_nil: true), a row's
// value is read as stored, and a finder's value is normalized before it is bound (`find_by(email: " A@B.C ")` asks
// for "a@b.c"). The compiler's side: the macro becomes the descriptor's entry; another normalizer is declined.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Connection, loadSchema, setConnection, type SqlEvent } from "../runtime/active-record/connection/index.js";
import { Base, defineModel } from "../runtime/active-record/index.js";
import { analyzeOneModel } from "./support/model-analysis.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

class Member extends Base {
  declare id: number;
  declare email: string | null;
  declare nickname: string | null;
}

defineModel(Member, {
  name: "Member", table: "members", names: names("Member", "member", "members"),
  columns: [{ name: "id", type: "integer", null: false }, { name: "email", type: "string" }, { name: "nickname", type: "string" }],
  normalizes: [
    { attributes: ["email"], with: (v: unknown) => String(v).trim().toLowerCase(), applyToNil: false },
    { attributes: ["nickname"], with: (v: unknown) => (v === null ? "anonymous" : String(v).trim()), applyToNil: true },
  ],
});

const conn = new Connection(join(scratchDir("normalizes"), "n.sqlite3"));
loadSchema(conn, { tables: [{ name: "members", columns: [{ name: "email", type: "string" }, { name: "nickname", type: "string" }] }] });
setConnection(conn);

describe("normalizes", () => {
  it("normalizes what is assigned, and nil only with apply_to_nil", () => {
    const m = new Member({ email: "  Ada@Example.COM ", nickname: null });
    expect([m.email, m.nickname]).toEqual(["ada@example.com", "anonymous"]);
    m.email = null;
    expect(m.email).toBeNull();
  });

  it("binds a finder's value normalized, and reads a row as stored", () => {
    conn.execute("INSERT INTO members (email, nickname) VALUES ('ada@example.com', 'ada'), ('  RAW@X.Y', 'raw')");
    const binds: unknown[] = [];
    const off = conn.onSql((e: SqlEvent) => binds.push(...e.binds));
    const found = (Member as unknown as { findBy(c: object): Member | null }).findBy({ email: " ADA@example.com" });
    off();
    expect(found?.email).toBe("ada@example.com");
    expect(binds[0]).toBe("ada@example.com");
    const raw = (Member as unknown as { find(id: number): Member }).find(2);
    expect(raw.email).toBe("  RAW@X.Y");
  });
});

describe("the macro", () => {
  const { model: user, diags } = analyzeOneModel("users", { email: "string" }, [
    "class User < ApplicationRecord",
    "  normalizes :email, with: -> { _1.strip.downcase }",
    "  normalizes :email, with: method(:clean)",
    "end",
  ]);

  it("takes a lambda's normalizer and declines another", () => {
    expect(user!.normalizations.map((n) => [n.attributes, n.applyToNil])).toEqual([[["email"], false]]);
    expect(diags.list.map((d) => `${d.span.line}:${d.span.column} ${d.code}`)).toEqual(["3:3 unsupported_construct"]);
  });
});
