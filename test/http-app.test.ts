// The server's own protocol and robustness: one `<count>\n` SQL line per request (static, routed, failed) in the
// file RAILS2TS_SQL_LOG names, read from the model runtime's counter; and no request, however malformed,
// brings it down.
import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../runtime/action-pack/controller.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";
import { createHttpApp, startServer } from "../runtime/action-pack/server.js";
import { scratchDir } from "./support/scratch.js";

let statements = 0;
const counter = { reset: () => void (statements = 0), read: () => statements };

class ThingsController extends Controller {
  static override controllerPath = "things";
  index() {
    statements += 3; // as if the action ran three SQL statements
    this.render({ plain: "three" });
  }
  // Campfire's VersionHeaders: `response.headers["X-Rev"] = Rails.application.config.git_revision`, nil unless set.
  nilHeader() {
    (this.response.headers as Map<string, unknown>).set("X-Rev", null);
    this.render({ plain: "ok" });
  }
}

const route = (verb: string, path: string, action: string): RouteEntry =>
  ({ name: null, verb, path, controller: "things", action, defaults: {}, requirements: {} });

const dir = scratchDir("http");
const logPath = join(dir, "sql.log");
let server: Server;
let port: number;

beforeAll(async () => {
  const app = createHttpApp({
    name: "t",
    routes: [route("GET", "/things(.:format)", "index"), route("GET", "/nil_header", "nilHeader")],
    controllers: [ThingsController],
    views: { formatsOf: () => [], render: () => "" },
    secretKeyBase: "x".repeat(128),
    publicDir: new URL("./fixtures/http/server/public/", import.meta.url),
    sqlCounter: counter,
    sqlLogPath: logPath,
    log: () => {},
  });
  server = await startServer(app, { port: 0 });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

// Sends raw bytes and returns the raw answer (the connection is closed by either side).
function raw(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (d) => (out += d.toString("latin1")));
    socket.on("close", () => resolve(out));
    socket.on("error", () => resolve(out));
    socket.end(bytes);
  });
}

const statusOf = (answer: string) => answer.split("\r\n")[0];

describe("HTTP app", () => {
  it("appends one SQL count line per request, whatever answered it", async () => {
    const get = (path: string) => raw(`GET ${path} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`);
    // What this test's requests appended (the other test's requests log too, whichever ran first).
    const before = existsSync(logPath) ? readFileSync(logPath, "utf8") : "";
    const answers = [await get("/things"), await get("/robots.txt"), await get("/nowhere"), await get("/things?x=%ZZ")];
    expect(answers.map(statusOf)).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/1.1 400 Bad Request"]);
    expect(readFileSync(logPath, "utf8")).toBe(`${before}3\n0\n0\n0\n`);
  });

  it("writes a header the app set to nil with an empty value, as Puma does (Campfire's reference: `x-rev: `)", async () => {
    const answer = await raw("GET /nil_header HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
    expect(answer).toContain("\r\nx-rev: \r\n");
  });

  it("survives malformed requests and keeps serving", async () => {
    const garbage = [
      "NONSENSE\r\n\r\n",
      "GET /things HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n",
      "POST /things HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{\"a\":",
      "GET /%E0%A4%A HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
      "GET /things.%FF HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
    ];
    const statuses = [];
    for (const g of garbage) statuses.push(statusOf(await raw(g)));
    expect(statuses).toEqual([
      "HTTP/1.1 400 Bad Request",
      "HTTP/1.1 400 Bad Request",
      "HTTP/1.1 404 Not Found",
      "HTTP/1.1 404 Not Found",
      "HTTP/1.1 400 Bad Request",
    ]);
    const after = await raw("GET /things HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
    expect(after.endsWith("\r\n\r\nthree")).toBe(true);
  });
});
