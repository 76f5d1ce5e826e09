// action_policy in a compiled app (test/fixtures/policies-app): policies under app/policies subclass ActionPolicy::Base
// through ApplicationPolicy, found by name at run time; `authorize :user, through:` gives the context; allowed_to? in
// controllers and views, authorize! (its rule the action's, update?) raising ActionPolicy::Unauthorized (a 500 here:
// the gem maps no status). Without the gem in Gemfile.lock the same code is declined where it is written.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/policies-app");
const out = scratchDir("policies-app");
let server: Booted | null = null;
let diagnostics: string[] = [];

beforeAll(async () => {
  const compiled = await compile(app, { out });
  diagnostics = compiled.diagnostics.map((d) => `${d.code}: ${d.message}`);
  const dbPath = join(out, "db.sqlite3");
  rmSync(dbPath, { force: true });
  server = await bootEmitted(out, { port: 0, dbPath });
  const db = new Database(dbPath);
  db.exec("INSERT INTO users (id, role, created_at, updated_at) VALUES (1, 'librarian', '2024-01-01', '2024-01-01'), (2, 'member', '2024-01-01', '2024-01-01')");
  db.exec("INSERT INTO shelves (id, name, created_at, updated_at) VALUES (7, 'Poetry', '2024-01-01', '2024-01-01')");
  db.close();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${server!.baseUrl}${path}`, init);
  return [res.status, (await res.text()).trim()];
};

describe("action_policy", () => {
  it("compiles without a diagnostic", () => {
    expect(diagnostics).toEqual([]);
  });

  it("allowed_to? answers the policy's rules on the class, Base's defaults (index?, manage?) and new? as create?", async () => {
    // update? asks `record.is_a?(Shelf)`: the class itself is no Shelf, so a librarian may create but not update it.
    expect(await get("/shelves?as=librarian")).toEqual([200, "false true false false"]);
    expect(await get("/shelves?as=member")).toEqual([200, "false false false false"]);
  });

  it("allowed_to? in a view, with the controller's context", async () => {
    expect(await get("/shelves/7?as=librarian")).toEqual([200, "edit Poetry"]);
    expect(await get("/shelves/7?as=member")).toEqual([200, "read Poetry"]);
  });

  it("authorize! lets an allowed action run and stops a denied one", async () => {
    expect(await get("/shelves/7?as=librarian", { method: "PATCH" })).toEqual([200, "updated"]);
    expect((await get("/shelves/7?as=member", { method: "PATCH" }))[0]).toBe(500);
  });
});

describe("without action_policy in the bundle", () => {
  it("the macro is declined where it is written, and the calls are unknown", async () => {
    const copy = scratchDir("policies-app-unbundled");
    cpSync(app, copy, { recursive: true });
    rmSync(join(copy, "Gemfile.lock"));
    rmSync(join(copy, "Gemfile"));
    const compiled = await compile(copy, {});
    expect(compiled.diagnostics.map((d) => `${d.span.file.slice(copy.length + 1)}:${d.span.line} ${d.code}: ${d.message}`)).toEqual(expect.arrayContaining([
      "app/controllers/shelves_controller.rb:2 unsupported_construct: construct not lowered: controller macro authorize (action_policy is not in the bundle)",
      "app/controllers/shelves_controller.rb:13 unknown_helper: unknown helper or method: authorize! (controller)",
    ]));
  });
});
