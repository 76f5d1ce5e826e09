// Controller filters the compiler cannot apply as written raise where they would run, and block filters run
// (test/fixtures/declined-controllers): `before_action :x, if: ->(c) { ... }` (a condition given the controller, not
// run on it: the compiler lowers method names and lambdas without parameters) is an unsupported_option whose action answers
// 500 (a filter run unconditionally or skipped would let the request through as if it had been checked);
// `before_action { ... }` runs its block on the controller before the action.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/declined-controllers");
const out = scratchDir("declined-controllers");
let server: Booted | null = null;
let diagnostics: string[] = [];

beforeAll(async () => {
  const compiled = await compile(app, { out });
  diagnostics = compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`);
  server = await bootEmitted(out, { port: 0, dbPath: join(out, "db.sqlite3") });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("controller filters", () => {
  it("report the option they cannot apply, at its position", () => {
    expect(diagnostics).toEqual(["app/controllers/pages_controller.rb:3:53 unsupported_option: option not supported: before_action if:"]);
  });

  it("a block filter runs before the action", async () => {
    const res = await fetch(`${server!.baseUrl}/open`);
    expect([res.status, await res.text()]).toEqual([200, "block filter ran"]);
  });

  it("a filter with a declined option raises where it would run (500), never lets the action run unchecked", async () => {
    const res = await fetch(`${server!.baseUrl}/guarded`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("guarded");
  });
});
