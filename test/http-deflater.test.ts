// Rack::Deflater (config.ru's `use Rack::Deflater`) against Rack 3.2 itself: 18 Accept-Encoding headers x 8
// responses, recorded by test/fixtures/deflater/record.rb in the Rails chroot. Whole results compared: the status,
// Vary, Content-Encoding, Content-Length, and the body (gunzipped where Rack gzipped).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflate } from "../runtime/action-pack/deflater.js";

interface Case {
  accept: string | null;
  status: number;
  headers: Record<string, string>;
  result_status: number;
  vary: string | null;
  content_encoding: string | null;
  content_length: string | null;
  gzipped: boolean;
  body: string | null;
}

const cases = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures/deflater/recorded.json"), "utf8")) as Case[];

describe("Rack::Deflater, as Rack 3.2 decides", () => {
  it("a controller's empty answer: the length is Puma's, written after the middleware, so Vary and the encoding are Rack's", () => {
    const redirects = cases.filter((c) => c.status === 302);
    expect(redirects.length).toBe(18);
    for (const c of redirects) {
      // What the server hands the deflater for `redirect_to`: Puma's content-length already in (lengthByServer).
      const wire = deflate({ status: 302, headers: [...Object.entries(c.headers), ["content-length", "0"]], body: Buffer.alloc(0), lengthByServer: true }, c.accept ?? undefined, "/path?x=1");
      const get = (name: string) => wire.headers.find(([k]) => k === name)?.[1] ?? null;
      const body = get("content-encoding") === "gzip" ? gunzipSync(wire.body).toString() : wire.body.toString();
      expect({ status: wire.status, vary: get("vary"), encoding: get("content-encoding"), body }, JSON.stringify(c.accept)).toEqual({
        status: c.result_status,
        vary: c.vary,
        encoding: c.content_encoding,
        body: c.gzipped ? "" : c.body,
      });
    }
  });

  it("every recorded case", () => {
    for (const c of cases) {
      const body = c.status === 304 || c.status === 302 ? "" : (c.headers["content-length"] === "0" ? "" : "hello");
      const wire = deflate({ status: c.status, headers: Object.entries(c.headers), body: Buffer.from(body) }, c.accept ?? undefined, "/path?x=1");
      const get = (name: string) => wire.headers.find(([k]) => k === name)?.[1] ?? null;
      const ours = {
        result_status: wire.status, vary: get("vary"), content_encoding: get("content-encoding"), content_length: get("content-length"),
        body: get("content-encoding") === "gzip" ? gunzipSync(wire.body).toString() : wire.body.toString(),
      };
      const rails = {
        result_status: c.result_status, vary: c.vary, content_encoding: c.content_encoding, content_length: c.content_length,
        body: c.gzipped ? (c.status === 302 ? "" : "hello") : c.body,
      };
      expect(ours, `${JSON.stringify(c.accept)} on ${c.status} ${JSON.stringify(c.headers)}`).toEqual(rails);
    }
  });
});
