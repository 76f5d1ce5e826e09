// A driver error raised as Active Record's (SQLite3Adapter#translate_exception): the class and message real Rails
// 7.2.4 raised for the same statements (test/fixtures/sqlite-errors/record.rb, recorded in the chroot), and how
// `rescue` classifies each (RecordNotUnique and InvalidForeignKey are WrappedDatabaseExceptions, all StatementInvalid).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { translateSqliteError } from "../runtime/active-record/exceptions.js";
import { rescues } from "../runtime/ruby/rescue.js";

const expected = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures/sqlite-errors/expected.json"), "utf8")) as Array<[string, string]>;

describe("SQLite3Adapter#translate_exception", () => {
  it("raises what Rails raises for a UNIQUE, a NOT NULL and a FOREIGN KEY failure", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE p (id INTEGER PRIMARY KEY)");
    db.exec("CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, p_id INTEGER REFERENCES p(id))");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("INSERT INTO u (email) VALUES ('a')");
    const raised = ["INSERT INTO u (email) VALUES ('a')", "INSERT INTO u (email) VALUES (NULL)", "INSERT INTO u (email, p_id) VALUES ('b', 9)"].map((sql) => {
      try {
        db.prepare(sql).run();
        return null;
      } catch (error) {
        const e = translateSqliteError(error, sql, []) as Error;
        return [`ActiveRecord::${e.name}`, e.message];
      }
    });
    expect(raised).toEqual(expected);
  });

  it("is rescued as Rails' hierarchy has it", () => {
    const unique = translateSqliteError(Object.assign(new Error("UNIQUE constraint failed: u.email"), { code: "SQLITE_CONSTRAINT_UNIQUE" }), "", []);
    expect(["ActiveRecord::RecordNotUnique", "ActiveRecord::WrappedDatabaseException", "ActiveRecord::StatementInvalid", "ActiveRecord::ActiveRecordError", "StandardError"].every((k) => rescues(unique, [k]))).toBe(true);
    expect(rescues(unique, ["ActiveRecord::RecordNotFound"])).toBe(false);
  });
});
