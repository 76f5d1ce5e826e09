// Puma 8's request limits as the emitted server answers them: every case of
// test/fixtures/puma-limits/reference-production.json (raw sockets against Puma in the chroot, record.rb there)
// replayed with the same bytes. A case Puma rejects must come back byte for byte (status line, headers, empty
// body); a case Puma passes to its app must reach ours (a 200 from the action, not Node's 431 or a 400).
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../runtime/action-pack/controller.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";
import { createHttpApp, startServer } from "../runtime/action-pack/server.js";

class AnyController extends Controller {
  static override controllerPath = "any";
  show() {
    this.render({ plain: "ok" });
  }
}
const route = (path: string): RouteEntry => ({ name: null, verb: "GET", path, controller: "any", action: "show", defaults: {}, requirements: {} });

// The request bytes record.rb sent, case by case (its `cases` hash).
const a = (n: number, c = "a") => c.repeat(n);
const REQUESTS: Record<string, string> = {
  path_8192: `GET /${a(8191)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  path_8193: `GET /${a(8192)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  query_10240: `GET /?${a(10240, "q")} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  query_10241: `GET /?${a(10241, "q")} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  uri_12288: `GET /${a(8000)}?${a(4286, "q")} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  uri_12289: `GET /${a(8000)}?${a(4287, "q")} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  cookie_20k: `GET / HTTP/1.1\r\nHost: x\r\nCookie: c=${a(20478, "v")}\r\nConnection: close\r\n\r\n`,
  field_value_81920: `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${a(81920, "v")}\r\nConnection: close\r\n\r\n`,
  field_value_81921: `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${a(81921, "v")}\r\nConnection: close\r\n\r\n`,
  field_name_256: `GET / HTTP/1.1\r\nHost: x\r\n${a(256, "N")}: v\r\nConnection: close\r\n\r\n`,
  field_name_257: `GET / HTTP/1.1\r\nHost: x\r\n${a(257, "N")}: v\r\nConnection: close\r\n\r\n`,
  headers_total_over: `GET / HTTP/1.1\r\nHost: x\r\n${[1, 2].map((i) => `X-${i}: ${a(60000, "v")}\r\n`).join("")}Connection: close\r\n\r\n`,
};
const recorded = JSON.parse(readFileSync(new URL("./fixtures/puma-limits/reference-production.json", import.meta.url), "utf8")) as
  Record<string, { request_bytes: number; response: string }>;

let server: Server;
let port: number;
beforeAll(async () => {
  const app = createHttpApp({
    name: "t", routes: [route("/"), route("/*rest")], controllers: [AnyController],
    views: { formatsOf: () => [], render: () => "" }, secretKeyBase: "x".repeat(128), publicDir: null, sqlLogPath: null, log: () => {},
  });
  server = await startServer(app, { port: 0 });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

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

describe("Puma's request limits", () => {
  it("replays every recorded case", () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(recorded).sort());
  });
  for (const [name, bytes] of Object.entries(REQUESTS)) {
    const expected = recorded[name]!;
    it(`${name}: ${expected.response.split("\r\n")[0]}`, async () => {
      expect(Buffer.byteLength(bytes)).toBe(expected.request_bytes);
      const answer = await raw(bytes);
      if (expected.response.startsWith("HTTP/1.1 200")) {
        expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
        // Puma writes no Date header; the recording would show "date: *" where it had one.
        const head = (text: string) => text.split("\r\n\r\n")[0]!;
        expect(/^date:/im.test(head(answer))).toBe(/^date:/im.test(head(expected.response)));
      } else expect(answer).toBe(expected.response);
    });
  }
});
