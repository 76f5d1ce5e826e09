// ActionDispatch::SSL and AssumeSSL against Rails 7.2.4 (test/fixtures/ssl/recorded.json, recorded by record.rb
// there: each configuration a Rails app of its own, each request through Rails.application.call). The same
// config text goes through the compiler's analysis (analyzeConfig) and the runtime's middleware (sslMiddleware),
// and every request's status, headers (less Content-Length, which Puma adds on the wire, X-Request-Id, X-Runtime, ETag, and a static file's Last-Modified,
// its checkout's mtime), Set-Cookie lines (the encrypted session value masked) and body must be Rails'.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeConfig } from "../src/analyze/config.js";
import { parseRuby } from "../src/parse/ruby.js";
import { Controller, forgeryProtectionConfig } from "../runtime/action-pack/controller.js";
import { configureCookieDefaults } from "../runtime/action-pack/cookies.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";
import { createHttpApp } from "../runtime/action-pack/server.js";
import { bootFlag, sslMiddleware } from "../runtime/app/app.js";
import { configureDefaultHeaders } from "../runtime/action-pack/response.js";
import { forwardedValues } from "../runtime/action-pack/ssl.js";

interface Recorded {
  name: string;
  method: string;
  path: string;
  request_headers: Record<string, string>;
  status: number;
  headers: Record<string, string>;
  set_cookie: string[];
  body: string;
}
const configs = JSON.parse(readFileSync(new URL("./fixtures/ssl/recorded.json", import.meta.url), "utf8")) as
  Array<{ config: string; code: string; load_defaults: string; requests: Recorded[] }>;

class PagesController extends Controller {
  static override controllerPath = "pages";
  page() {
    this.cookies.set("plain", "1");
    this.cookies.set("already", { value: "2", secure: true });
    this.session.set("seen", true);
    const r = this.request;
    // Rails' request.method is the method before Rack::MethodOverride.
    this.render({ plain: `${r.rawMethod} ${r.url} ssl=${r.ssl} port=${r.port} cookies=["plain", "already"]` });
  }
  ownHsts() {
    this.response.headers.set("strict-transport-security", "max-age=1");
    this.render({ plain: "own" });
  }
  up() {
    this.render({ plain: "up" });
  }
}
const route = (verb: string, path: string, action: string): RouteEntry =>
  ({ name: null, verb, path, controller: "pages", action, defaults: {}, requirements: {} });
const ROUTES = [
  ...["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].map((v) => route(v, "/page", "page")),
  route("GET", "/own_hsts", "own_hsts"),
  route("GET", "/up", "up"),
];

// The Rack env keys record.rb set, as the HTTP headers a client sends.
function rawHeaders(given: Record<string, string>, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { host: "127.0.0.1:3000" };
  for (const [key, value] of Object.entries(given)) {
    if (key === "CONTENT_TYPE") headers["content-type"] = value;
    else headers[key.replace(/^HTTP_/, "").toLowerCase().replace(/_/g, "-")] = value;
  }
  if (!hasBody && !headers["content-type"]) delete headers["content-type"];
  return headers;
}

const IGNORED = new Set(["content-length", "x-request-id", "x-runtime", "etag", "last-modified", "set-cookie"]);

describe("ActionDispatch::SSL, as Rails 7.2.4 runs it", () => {
  // record.rb's controller says skip_forgery_protection: its POSTs carry no token.
  beforeAll(() => void (forgeryProtectionConfig.allow = false));
  afterAll(() => void (forgeryProtectionConfig.allow = true));
  for (const c of configs) {
    it(`${c.config}: ${c.code.replace(/\s+/g, " ")}`, async () => {
      const loadDefaults = Number(c.load_defaults);
      const source = `Rails.application.configure do\n  ${c.code}\nend\n`;
      const parsed = parseRuby(source, "config/environments/production.rb");
      const facts = analyzeConfig([{ path: "config/environments/production.rb", body: parsed.body } as never]);
      const settings = { ...facts.environments["*"], ...facts.environments.production };
      const ssl = sslMiddleware(settings, loadDefaults);
      expect(ssl.declined).toBe(null);
      configureDefaultHeaders(loadDefaults);
      configureCookieDefaults(loadDefaults);
      const app = createHttpApp({
        name: "ssl", routes: ROUTES, controllers: [PagesController], views: { formatsOf: () => [], render: () => "" },
        secretKeyBase: "x".repeat(64), publicDir: new URL("./fixtures/ssl/public/", import.meta.url).pathname, sqlLogPath: null,
        sessionStore: { key: "_ssl_session" }, forceSsl: ssl.options, assumeSsl: bootFlag(settings.assumeSsl), log: () => {},
      });
      const ours = [];
      for (const r of c.requests) {
        const body = r.request_headers.CONTENT_TYPE ? "_method=delete" : "";
        const wire = await app.handle({ method: r.method, url: r.path, headers: rawHeaders(r.request_headers, body !== ""), body: Buffer.from(body) });
        const headers = Object.fromEntries(wire.headers.filter(([k]) => !IGNORED.has(k)).sort(([a], [b]) => (a < b ? -1 : 1)));
        const cookies = wire.headers.filter(([k]) => k === "set-cookie").map(([, v]) => v.replace(/^_ssl_session=[^;]*/, "_ssl_session=<value>"));
        ours.push({ name: r.name, status: wire.status, headers, set_cookie: cookies, body: r.method === "HEAD" ? "" : wire.body.toString() });
      }
      const rails = c.requests.map((r) => ({
        name: r.name, status: r.status, set_cookie: r.set_cookie, body: r.body,
        headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => !IGNORED.has(k))),
      }));
      expect(ours).toEqual(rails);
    });
  }
});

describe("Rack::Utils.forwarded_values", () => {
  it.each([
    ["for=1.2.3.4;proto=https", { for: ["1.2.3.4"], proto: ["https"] }],
    ['for="[::1]:80", proto=http;proto="ht\\"tps"', { for: ["[::1]:80"], proto: ["http", 'ht"tps'] }],
    ["secret=1;proto=https", null],
  ])("%s", (header, expected) => {
    expect(forwardedValues(header)).toEqual(expected);
  });
});

describe("ssl_options the compiler cannot read", () => {
  it.each([
    ["config.ssl_options = { redirect: { exclude: ->(request) { request.path.start_with?(\"/up\") } } }", "config.ssl_options redirect: exclude is not a lambda of request.path == \"...\" tests (unsupported_option)"],
    ["config.ssl_options = ENV.fetch(\"SSL\")", "config.ssl_options is not a literal Hash (unsupported_option)"],
    ["config.ssl_options = { hsts: { expires: ENV[\"X\"].to_i } }", "config.ssl_options hsts: expires is not an Integer or a literal duration (unsupported_option)"],
  ])("%s: reported, and raised on every request", async (code, message) => {
    const reported: string[] = [];
    const diagnostics = { report: (c: string, _span: unknown, m: string) => reported.push(`${c}: ${m}`) };
    const parsed = parseRuby(`Rails.application.configure do\n  config.force_ssl = true\n  ${code}\nend\n`, "config/environments/production.rb");
    const facts = analyzeConfig([{ path: "config/environments/production.rb", body: parsed.body } as never], diagnostics as never);
    expect(reported).toEqual([`unsupported_option: ${message.replace(" (unsupported_option)", "")}: the app raises on every request`]);
    const ssl = sslMiddleware(facts.environments.production!, 7.2);
    expect(ssl).toEqual({ options: null, declined: message });
    const errors: unknown[] = [];
    const app = createHttpApp({
      name: "ssl", routes: ROUTES, controllers: [PagesController], views: { formatsOf: () => [], render: () => "" },
      secretKeyBase: "x".repeat(64), sqlLogPath: null, sslDeclined: ssl.declined, log: (e) => errors.push(e),
    });
    const wire = await app.handle({ method: "GET", url: "/up", headers: { host: "x", "x-forwarded-proto": "https" }, body: Buffer.alloc(0) });
    expect(wire.status).toBe(500);
    expect(String(errors[0])).toBe(`Error: rails2ts: ${message}`);
  });
});

describe("force_ssl / assume_ssl read from the environment at boot", () => {
  it.each([
    [undefined, true],
    ["", true],
    [" \t", true],
    ["1", false],
  ])("config.force_ssl = ENV[\"DISABLE_SSL\"].blank? with DISABLE_SSL=%j: %s", (value, on) => {
    const parsed = parseRuby(`Rails.application.configure do\n  config.assume_ssl = ENV["DISABLE_SSL"].blank?\n  config.force_ssl = ENV["DISABLE_SSL"].blank?\nend\n`, "config/environments/production.rb");
    const settings = analyzeConfig([{ path: "config/environments/production.rb", body: parsed.body } as never]).environments.production!;
    expect(settings).toEqual({ assumeSsl: { env: "DISABLE_SSL", present: false }, forceSsl: { env: "DISABLE_SSL", present: false } });
    const env = value === undefined ? {} : { DISABLE_SSL: value };
    expect([bootFlag(settings.forceSsl, env), bootFlag(settings.assumeSsl, env)]).toEqual([on, on]);
  });
});
