// The server and controller base against a real Rails 7.2.4 app: test/fixtures/http/server/app is a probe app
// (one action per behaviour), recorded by record.sh under Puma in production; here the same controllers are
// written as the compiler emits them, served by our runtime, and replayed with the same steps and cookie jar.
// Compared per step: status, headers (minus date/request id/runtime), Set-Cookie attributes, body, and the
// decrypted session. The only forgiven difference is the value of CSRF tokens (random per request).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Pathname } from "../runtime/ruby/pathname.js";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../runtime/action-pack/cookies.js";
import { Controller, type TemplateRenderer } from "../runtime/action-pack/controller.js";
import { KeyGenerator } from "../runtime/active-support/messages.js";
import { activeSupportJson } from "../runtime/active-support/message-codec.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";
import { createHttpApp, startServer } from "../runtime/action-pack/server.js";
import { SafeString } from "../runtime/active-support/safe.js";
import { expandRoutes, get, match, post, resources, scope, type RouteDecl } from "../src/analyze/routes.js";
import { SECRET_KEY_BASE } from "../src/conformance/secret.js";

const dir = new URL("./fixtures/http/server/", import.meta.url);
// The probe app's Rails.root, as far as its files go (setup-app.sh lays app/ over the scratch app).
const railsRoot = new Pathname(fileURLToPath(new URL("app/", dir)));
const spec = JSON.parse(readFileSync(new URL("steps.json", dir), "utf8"));
const expected: Recorded[] = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8"));

interface Recorded {
  name: string;
  status: number;
  headers: Record<string, string>;
  setCookie: string[];
  body: string | null;
  bodySha256: string;
  session: string | null;
}

// config/routes.rb of the probe app.
const probeActions = ["page", "page_status", "html", "plain", "json", "json_status", "head_ok", "head_no_content", "head_created",
  "redirect_path", "redirect_url", "redirect_see_other", "redirect_record", "redirect_other_host", "redirect_allow_other", "back", "redirect_hash", "redirect_hash_other",
  "flash_set", "flash_now", "flash_show", "flash_keep", "session_set", "session_show", "session_reset", "cookie_set",
  "cookie_show", "token", "secret", "not_found", "boom", "respond", "respond_html_only", "respond_any", "implicit", "status_symbol",
  "template_only", "missing_action", "file_inline", "file_attachment"];
const ROUTES: RouteDecl[] = [
  get("up", { to: "rails/health#show", as: "rails_health_check" }),
  scope({ path: "probe", controller: "probe", as: "probe" }, [
    ...probeActions.map((a) => get(a)),
    match("params_echo", { via: ["get", "post"] }),
    post("permit"), post("create"), post("open_post"),
  ]),
  scope({ path: "live", controller: "probe_live", as: "live" }, ["plain", "away", "file", "cookie"].map((a) => get(a))),
  resources("items", { only: ["show", "update", "destroy"], controller: "probe_items" }),
];
const inflector = { singularize: (w: string) => w.replace(/s$/, ""), pluralize: (w: string) => `${w}s` };
const table: RouteEntry[] = expandRoutes(ROUTES, inflector);

// allow_browser versions: :modern, as in every generated ApplicationController.
class ApplicationController extends Controller {
  static override controllerPath = "application";
  static override filters = [{ kind: "before", method: "allowBrowser" }] as const;
}

// app/controllers/probe_controller.rb, as the compiler lowers it.
class ProbeController extends ApplicationController {
  static override controllerPath = "probe";
  static override layoutName = "probe";
  static override filters = [
    ...super.filters,
    { kind: "skip_before", method: "verifyAuthenticityToken", only: ["open_post"] },
    { kind: "before", method: "requireLogin", only: ["secret"] },
  ] as const;

  page() {}
  pageStatus() { this.render("page", { status: "accepted" }); }
  html() { this.render({ html: new SafeString("<p>hi & bye</p>") }); }
  plain() { this.render({ plain: "hello <world>" }); }
  json() { this.render({ json: { a: 1, b: "<x> & \u2028", c: [null, true] } }); }
  jsonStatus() { this.render({ json: { ok: false }, status: "created" }); }
  headOk() { this.head("ok"); }
  headNoContent() { this.head("no_content"); }
  headCreated() { this.head("created", { location: "/probe/page" }); }
  redirectPath() { this.redirectTo("/probe/page"); }
  redirectUrl() { this.redirectTo("http://127.0.0.1:3000/probe/plain?x=1"); }
  redirectSeeOther() { this.redirectTo("/probe/page", { status: "see_other", alert: "Moved." }); }
  redirectRecord() { this.redirectTo(this.app.router.urlFor("item", [5], this.urlHost())); }
  redirectOtherHost() { this.redirectTo("http://evil.example/x"); }
  redirectAllowOther() { this.redirectTo("http://other.example/x", { allow_other_host: true }); }
  back() { this.redirectBackOrTo("/probe/page", { notice: "Back." }); }
  redirectHash() { this.redirectTo({ action: "plain", anchor: "top", q: "a b" }); }
  redirectHashOther() { this.redirectTo({ controller: "probe_items", action: "show", id: 9, format: "json" }); }
  flashSet() {
    this.flash.set("notice", "Saved <b>&</b>");
    this.redirectTo("/probe/flash_show", { alert: "Careful" });
  }
  flashNow() {
    this.flash.now.set("alert", "now only");
    this.render({ plain: activeSupportJson(this.flash.toHash()) });
  }
  flashShow() { this.render({ plain: activeSupportJson(this.flash.toHash()) }); }
  flashKeep() {
    this.flash.keep();
    this.render({ plain: activeSupportJson(this.flash.toHash()) });
  }
  sessionSet() {
    this.session.set("user_id", 42);
    this.session.set("name", "Ann");
    this.render({ plain: "set" });
  }
  sessionShow() { this.render({ plain: activeSupportJson(without(this.session.toHash(), "session_id", "_csrf_token")) }); }
  sessionReset() {
    this.resetSession();
    this.render({ plain: activeSupportJson(without(this.session.toHash(), "session_id")) });
  }
  cookieSet() {
    this.cookies.set("theme", "dark mode");
    this.cookies.encrypted.set("secret", { n: 1 });
    this.cookies.encrypted.set("secret2", { value: { n: 1 }, httponly: true });
    this.cookies.signed.set("remember", "yes");
    this.cookies.delete("gone");
    this.render({ plain: "ok" });
  }
  cookieShow() {
    const c = this.cookies;
    this.render({ plain: activeSupportJson([c.get("theme"), c.encrypted.get("secret"), c.encrypted.get("secret2"), c.signed.get("remember"), c.get("gone")]) });
  }
  token() { this.render({ plain: this.formAuthenticityToken() }); }
  secret() { this.render({ plain: "secret" }); }
  notFound() {
    const error = new Error("Couldn't find Item with 'id'=9");
    error.name = "RecordNotFound";
    throw error;
  }
  boom() { throw new Error("boom"); }
  respond() {
    this.respondTo((format) => {
      format.html(() => this.render({ plain: "as html" }));
      format.json(() => this.render({ json: { as: "json" } }));
    });
  }
  respondHtmlOnly() { this.respondTo((format) => format.html(() => this.render({ plain: "only html" }))); }
  respondAny() {
    this.respondTo((format) => {
      format.json(() => this.render({ json: { any: 1 } }));
      format.any(() => this.render({ plain: "any" }));
    });
  }
  implicit() {}
  statusSymbol() { this.render({ plain: "unprocessable", status: "unprocessable_entity" }); }
  paramsEcho() { this.render({ json: this.params.toUnsafeH() }); }
  permit() { this.render({ json: this.params.require("item").permit("title", { tags: [] }).toH() }); }
  create() { this.render({ plain: "created" }); }
  openPost() { this.render({ plain: "open" }); }
  fileInline() { this.sendFile(railsRoot.join("app/assets/images/probe.svg"), { content_type: "image/svg+xml", disposition: "inline" }); }
  fileAttachment() { this.sendFile(railsRoot.join("app/assets/images/probe.svg"), { filename: 'résumé été;"1".svg' }); }
  requireLogin() {
    if (this.params.get("login") !== "yes") this.redirectTo("/probe/page", { alert: "Log in first" });
  }
}

class ProbeItemsController extends ApplicationController {
  static override controllerPath = "probe_items";
  show() {
    this.respondTo((format) => {
      format.html(() => this.render({ plain: `item ${this.params.get("id")}` }));
      format.json(() => this.render({ json: { id: this.params.get("id") } }));
    });
  }
  update() { this.render({ plain: `updated ${this.params.get("id")} ${this.request.method}` }); }
  destroy() { this.head("see_other", { location: "/probe/page" }); }
}

// app/controllers/probe_live_controller.rb (include ActionController::Live).
class ProbeLiveController extends ApplicationController {
  static override controllerPath = "probe_live";
  static override live = true;
  plain() { this.render({ plain: "live" }); }
  away() { this.redirectTo("/probe/page"); }
  file() { this.sendFile(railsRoot.join("app/assets/images/probe.svg"), { content_type: "image/svg+xml", disposition: "inline" }); }
  cookie() {
    this.cookies.set("flavor", "live");
    this.render({ plain: "cookie" });
  }
}

function without(hash: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(hash).filter(([k]) => !keys.includes(k)));
}

// app/views/probe/*.html.erb and app/views/layouts/probe.html.erb, rendered.
const TEMPLATES: Record<string, string> = { "probe/page": "<p>page</p>\n", "probe/template_only": "<p>only a template</p>\n" };
const views: TemplateRenderer = {
  formatsOf: (path) => (path in TEMPLATES || path === "layouts/probe" ? ["html"] : []),
  render: (_c, path, _format, layout) => {
    const body = TEMPLATES[path];
    return layout === "layouts/probe" ? `<main>${body}</main>\n` : body;
  },
};

let server: Server;
const logged: string[] = [];
let port: number;

beforeAll(async () => {
  const app = createHttpApp({
    name: "scratch",
    routes: table,
    controllers: { ApplicationController, ProbeController, ProbeItemsController, ProbeLiveController },
    views,
    secretKeyBase: SECRET_KEY_BASE,
    publicDir: new URL("public/", dir),
    sqlLogPath: null,
    log: (error) => logged.push((error as Error).name),
  });
  server = await startServer(app, { port: 0 });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

interface Step {
  name: string;
  method: string;
  path: string;
  accept?: string;
  form?: Record<string, string>;
  json?: unknown;
  body?: string;
  contentType?: string;
  cookies?: Record<string, string>;
  csrf?: boolean;
  csrfHeader?: boolean;
  captureToken?: boolean;
  origin?: string;
  referer?: string;
  headers?: Record<string, string>;
}

// What client.rb does, step for step.
async function replay(): Promise<Recorded[]> {
  const jar = new Map<string, string>();
  let token = "";
  const out: Recorded[] = [];
  for (const step of spec.steps as Step[]) {
    const headers: Record<string, string> = { Host: spec.host, "User-Agent": spec.userAgent };
    headers.Accept = step.accept ?? (step.json !== undefined ? "application/json" : spec.browserAccept);
    const cookies = new Map([...jar, ...Object.entries(step.cookies ?? {})]);
    if (cookies.size) headers.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (step.origin) headers.Origin = step.origin;
    if (step.referer) headers.Referer = step.referer;
    Object.assign(headers, step.headers ?? {});
    if (step.csrfHeader) headers["X-CSRF-Token"] = token;
    let body: string | null = null;
    if (step.form) {
      const form = step.csrf ? { authenticity_token: token, ...step.form } : step.form;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    } else if (step.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(step.json);
    } else if (step.body !== undefined) {
      headers["Content-Type"] = step.contentType!;
      body = step.body;
    }
    const res = await send(step.method, step.path, headers, body);
    const setCookie = (res.headers["set-cookie"] ?? []) as string[];
    for (const line of setCookie) {
      const [name, value] = line.split(";")[0].split(/=(.*)/s);
      if (/max-age=0/.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = res.body.toString("utf8");
    if (step.captureToken) token = text;
    out.push({
      name: step.name,
      status: res.status,
      headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => !VARYING.includes(k)).map(([k, v]) => [k, String(v)]).sort()),
      setCookie: setCookie.map((l) => l.replace(/=[^;]*/, "=<value>")),
      body: text,
      bodySha256: "",
      session: setCookie.find((l) => l.startsWith("_scratch_session="))?.split(";")[0].split(/=(.*)/s)[1] ?? null,
    });
  }
  return out;
}

// (transfer-encoding stays: Puma sends a live response chunked, and so must we.)
const VARYING = ["date", "x-request-id", "x-runtime", "set-cookie", "connection", "keep-alive"];

function send(method: string, path: string, headers: Record<string, string>, body: string | null) {
  return new Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers: { ...headers, ...(body !== null ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | string[]>, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

// The forgiven divergence: CSRF token values (and what hashes them: content-length stays, etag goes).
const TOKEN = /[A-Za-z0-9_-]{86}/g;
const keyGenerator = new KeyGenerator(SECRET_KEY_BASE);
function sessionOf(cookie: string | null): unknown {
  if (cookie === null) return null;
  const data = new CookieJar(`_scratch_session=${cookie}`, { keyGenerator }).encrypted.get("_scratch_session") as Record<string, unknown> | null;
  if (!data) return "unreadable";
  const sid = typeof data.session_id === "string" && /^[0-9a-f]{32}$/.test(data.session_id) ? "<sid>" : data.session_id;
  return { ...data, session_id: sid, ...(data._csrf_token ? { _csrf_token: "<token>" } : {}) };
}

function comparable(r: Recorded) {
  const tokenBody = /[A-Za-z0-9_-]{86}/.test(r.body ?? "");
  const headers = { ...r.headers };
  if (tokenBody) delete headers.etag;
  if (headers["last-modified"]) headers["last-modified"] = "<mtime>";
  return { name: r.name, status: r.status, headers, setCookie: r.setCookie, body: (r.body ?? "").replace(TOKEN, "<token>"), session: sessionOf(r.session) };
}

describe("HTTP server", () => {
  it("answers every recorded step as Rails 7.2.4 does", async () => {
    const ours = (await replay()).map(comparable);
    const theirs = expected.map(comparable);
    for (let i = 0; i < theirs.length; i++) expect(ours[i]).toEqual(theirs[i]);
    expect(ours.length).toBe(theirs.length);
    // The session comparison is real: Rails' cookies decrypt to objects (flash, user_id, ...) on many steps.
    expect(theirs.filter((r) => r.session !== null && typeof r.session === "object").length).toBeGreaterThan(15);
    expect(logged).toEqual(["UnsafeRedirectError", "Error", "Error"]);
  });
});

// The listener answers a request with neither Content-Length nor Transfer-Encoding without reading its (empty) body
// stream; one that declares a body is still read whole. Both on one keep-alive connection, in order.
describe("HTTP server: request bodies on one connection", () => {
  it("answers bodiless requests at once and still reads a declared body", async () => {
    const { connect } = await import("node:net");
    const head = (extra: string) => `GET /probe/params_echo?a=1 HTTP/1.1\r\nHost: ${spec.host}\r\nUser-Agent: ${spec.userAgent}\r\nAccept: application/json\r\n${extra}\r\n`;
    const requests = [head(""), head(""), `${head("Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n")}b=2`];
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      let sent = 0;
      const next = () => socket.write(requests[sent++]!);
      socket.on("data", (c: Buffer) => {
        text += c.toString("latin1");
        const done = text.split("HTTP/1.1 ").length - 1;
        // Each answer is complete once its JSON body closed; the next request goes out only then.
        if (text.endsWith("}") && done === sent) {
          if (sent < requests.length) next();
          else socket.end();
        }
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      next();
    });
    const bodies = answers.split("HTTP/1.1 ").slice(1).map((a) => [a.slice(0, 3), a.slice(a.indexOf("\r\n\r\n") + 4)]);
    expect(bodies).toEqual([
      ["200", JSON.stringify({ a: "1", controller: "probe", action: "params_echo" })],
      ["200", JSON.stringify({ a: "1", controller: "probe", action: "params_echo" })],
      ["200", JSON.stringify({ b: "2", a: "1", controller: "probe", action: "params_echo" })],
    ]);
  });
});
