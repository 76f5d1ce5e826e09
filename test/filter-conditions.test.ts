// Callback conditions in a compiled controller (test/fixtures/filter-conditions-app): before_action's if: / unless:
// as a method name or a lambda run on the controller, protect_from_forgery with: :exception and an unless: lambda
// (the check every controller has moves behind it, and a request the lambda answers for skips it), and
// allow_browser's block: run for a browser older than the versions; rescue_from with a handler method or a block;
// rate_limit counting in the app's cache store (memory_store here). Expected answers are Rails' semantics for these
// few lines (ActiveSupport::Callbacks, RequestForgeryProtection, AllowBrowser), spelled out by hand.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/filter-conditions-app");
const CHROME_124 = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const CHROME_100 = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.0.0 Safari/537.36";
let server: Booted;
let diagnostics: string[] = [];

beforeAll(async () => {
  const out = scratchDir("filter-conditions");
  const result = await compile(app, { out });
  diagnostics = result.diagnostics.map((d) => `${d.code}: ${d.message}`);
  server = await bootEmitted(out, { port: 0, dbPath: join(out, "db.sqlite3"), env: {} });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function request(method: string, path: string, headers: Record<string, string> = {}): Promise<[number, string]> {
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { "User-Agent": CHROME_124, ...headers }, redirect: "manual" });
  return [res.status, (await res.text()).slice(0, 40)];
}

describe("callback conditions in a compiled controller", () => {
  it("lowers every condition, the forgery protection, the rate limit, the rescue handlers and the browser block without a diagnostic", () => {
    expect(diagnostics).toEqual([]);
  });

  it("runs a before_action whose if: method answers true, and skips it otherwise", async () => {
    expect(await request("GET", "/notes?stamp=1")).toEqual([200, "index stamped"]);
    expect(await request("GET", "/notes")).toEqual([200, "index "]);
  });

  it("checks the CSRF token unless the lambda answers true; an unless: lambda halts only where it is false", async () => {
    expect((await request("POST", "/notes?go=1"))[0]).toBe(422);
    expect(await request("POST", "/notes?go=1&stamp=1&bot_key=k")).toEqual([200, "created stamped"]);
    expect(await request("POST", "/notes?bot_key=k")).toEqual([403, "halted"]);
  });

  it("hands an error to the latest rescue_from handler of its class (with: a method, or a block), else lets it out", async () => {
    expect(await request("GET", "/notes?fail=argument")).toEqual([422, "argument bad"]);
    expect(await request("GET", "/notes?fail=key")).toEqual([404, "key missing"]);
    expect((await request("GET", "/notes?fail=index"))[0]).toBe(500);
  });

  it("rate_limit answers with its with: lambda past `to` requests of one `by` key within the period", async () => {
    const post = (who: string) => request("POST", `/notes?go=1&bot_key=k&who=${who}`);
    expect([await post("ann"), await post("ann"), await post("ann"), await post("bob")]).toEqual([
      [200, "created "],
      [200, "created "],
      [429, "slow down"],
      [200, "created "],
    ]);
  });

  it("runs allow_browser's block for an older browser", async () => {
    expect(await request("GET", "/notes", { "User-Agent": CHROME_100 })).toEqual([426, "old browser"]);
  });
});
