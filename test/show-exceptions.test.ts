// config.action_dispatch.show_exceptions (Rails 7.2's ShowExceptions / ExceptionWrapper#show?): :all renders every
// error as its error page, :rescuable only the exceptions rescue_responses names (ParameterMissing is a 400), :none
// none. An error not shown raises out of the app: a server answers its failsafe 500, an integration test (Rack::Test,
// handle(..., { raise: true })) sees the exception itself. The setting is read from config/environments/<env>.rb.
import { describe, expect, it } from "vitest";
import { Controller } from "../runtime/action-pack/controller.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";
import { createHttpApp } from "../runtime/action-pack/server.js";
import { ParameterMissing } from "../runtime/action-pack/parameters.js";
import { analyzeConfig } from "../src/analyze/config.js";
import { parseRuby } from "../src/parse/ruby.js";

class ErrorsController extends Controller {
  static override controllerPath = "errors";
  missing() {
    throw new ParameterMissing("param is missing or the value is empty: url");
  }
  boom() {
    throw new Error("boom");
  }
}
const route = (path: string, action: string): RouteEntry => ({ name: null, verb: "GET", path, controller: "errors", action, defaults: {}, requirements: {} });

function app(showExceptions: "all" | "rescuable" | "none") {
  return createHttpApp({
    name: "errors", routes: [route("/missing", "missing"), route("/boom", "boom")], controllers: [ErrorsController], views: { formatsOf: () => [], render: () => "" },
    secretKeyBase: "x".repeat(64), publicDir: null, sqlLogPath: null, sessionStore: { key: "_s" }, log: () => {}, showExceptions,
  });
}

async function outcome(show: "all" | "rescuable" | "none", path: string, raise: boolean): Promise<string> {
  try {
    const wire = await app(show).handle({ method: "GET", url: path, headers: { host: "example.com" }, body: Buffer.alloc(0) }, { raise });
    return String(wire.status);
  } catch (error) {
    return (error as Error).name;
  }
}

describe("show_exceptions", () => {
  it("renders, or raises out of the app, as ExceptionWrapper#show? decides", async () => {
    const table: Array<[string, string, string]> = [];
    for (const show of ["all", "rescuable", "none"] as const) {
      for (const path of ["/missing", "/boom"]) table.push([show, path, `${await outcome(show, path, true)} / server ${await outcome(show, path, false)}`]);
    }
    expect(table).toEqual([
      ["all", "/missing", "400 / server 400"],
      ["all", "/boom", "500 / server 500"],
      ["rescuable", "/missing", "400 / server 400"],
      ["rescuable", "/boom", "Error / server 500"],
      ["none", "/missing", "ParameterMissing / server 500"],
      ["none", "/boom", "Error / server 500"],
    ]);
  });

  it("is read from an environment's config (Symbols, and the booleans Rails 7.1 deprecated); anything else is reported", () => {
    const read = (value: string) => {
      const reported: string[] = [];
      const parsed = parseRuby(`Rails.application.configure do\n  config.action_dispatch.show_exceptions = ${value}\nend\n`, "config/environments/test.rb");
      const facts = analyzeConfig([{ path: "config/environments/test.rb", body: parsed.body } as never], { report: (code: string) => reported.push(code) } as never);
      return [facts.environments.test?.showExceptions ?? null, ...reported];
    };
    expect([":none", ":rescuable", ":all", "true", "false", "ENV[\"X\"]"].map(read)).toEqual([["none"], ["rescuable"], ["all"], ["all"], ["none"], [null, "unsupported_option"]]);
  });
});
