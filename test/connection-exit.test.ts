// A process that wrote a database and exits leaves it whole in its one file, as a Ruby process does (its SQLite
// connections close at exit, and the last close checkpoints the WAL): `rails2ts fixtures` loads the fixtures in a
// child that exits once they are in, and the database file is then copied on its own.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const current = join(import.meta.dirname, "../dist/runtime/active-record/connection/current.js");
const dir = mkdtempSync(join(tmpdir(), "rails2ts-connection-exit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(current))("a connection at process exit", () => {
  it("is closed, so the database file alone holds what was written", () => {
    const db = join(dir, "w.sqlite3");
    const script = [
      `const { establishConnection } = await import(${JSON.stringify(pathToFileURL(current).href)});`,
      `const conn = establishConnection(${JSON.stringify(db)});`,
      `conn.executeSchema("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2);");`,
      "process.exit(0);",
    ].join("\n");
    execFileSync(process.execPath, ["--input-type=module", "-e", script]);
    const copy = join(dir, "copy.sqlite3");
    copyFileSync(db, copy);
    const read = new Database(copy, { readonly: true });
    expect(read.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 2 });
    read.close();
  });
});
