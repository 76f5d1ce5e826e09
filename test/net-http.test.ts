// Net::HTTP (runtime/ruby/net-http.ts) under WebMock (runtime/testing/webmock.ts), against the same scenarios run
// with Ruby 3.3's net-http and WebMock 3.34 in the reference chroot (test/fixtures/net-http/dump.rb, recorded by
// record.sh into expected.json): the response a stub answers, read_body, hash_including, a timeout, the request a
// request class builds, and where an allowed request would connect (TCPSocket.open's arguments; the socket itself
// is declined).
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { HTTPResponse, NetHttpClass, NetModule, type HTTPGenericRequest, type NetHttp } from "../runtime/ruby/net-http.js";
import { kernelUri } from "../runtime/ruby/uri.js";
import { WebMock, HashIncludingMatcher } from "../runtime/testing/webmock.js";
import { rubyCatch, rubyThrow } from "../runtime/ruby/jumps.js";
import { RubySymbol, inspect } from "../runtime/ruby/ruby.js";
import { send } from "../runtime/active-support/index.js";

const expected = JSON.parse(readFileSync(new URL("./fixtures/net-http/expected.json", import.meta.url), "utf8")) as Record<string, unknown>;
const kw = (entries: Record<string, unknown>) => new Map(Object.entries(entries).map(([k, v]) => [RubySymbol.for(k), v]));
const sym = (name: string) => RubySymbol.for(name);

function outcome(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message.split("\n")[0]}`;
  }
}

function describeResponse(r: HTTPResponse): Record<string, unknown> {
  const chunks: string[] = [];
  r.readBody((c: string) => chunks.push(c));
  return {
    chunks, class: r.rubyClassName(), code: r.code, message: r.message, content_type: r.contentType(), header: r.get("content-type"), location: r.get("location"),
    content_length: outcome(() => r.contentLength()), body: inspect(send(r, "body")).replace(/0x[0-9a-f]+/, "0x"), redirection: r instanceof NetModule.HTTPRedirection,
    ok: r instanceof NetModule.HTTPOK!, success: r instanceof NetModule.HTTPSuccess, read_again: outcome(() => r.readBody((c: string) => c)),
  };
}

const get = (path: unknown) => send(NetHttpClass.Get, "new", path) as HTTPGenericRequest;

describe("Net::HTTP under WebMock, as Ruby 3.3's", () => {
  WebMock.enableBang();
  WebMock.disableNetConnectBang(kw({ allow: ["allowed.example"] }));
  afterEach(() => {
    delete (NetHttpClass.TCPSocket as { open?: unknown }).open;
  });

  it("answers stubbed requests with Ruby's response classes, headers and read_body", () => {
    WebMock.stubRequest(sym("get"), "https://www.example.com/").toReturn(kw({ status: 200, body: "<b>ok</b>", headers: kw({ content_type: "text/html; charset=utf-8", content_length: "9" }) }));
    WebMock.stubRequest(sym("get"), "http://a.example/x?y=1").toReturn(kw({ status: 302, headers: kw({ location: "https://b.example/" }) }));
    WebMock.stubRequest(sym("head"), "https://a.example/missing").toReturn(kw({ status: [404, "Not Found"] }));
    WebMock.stubRequest(sym("get"), "https://a.example/bad-length").toReturn(kw({ body: "x", headers: kw({ "Content-Length": "none" }) }));
    const ours = {
      get: describeResponse(NetHttpClass.start("www.example.com", 443, kw({ use_ssl: true }), (h: NetHttp) => h.request(get(kernelUri("https://www.example.com")))) as HTTPResponse),
      redirect: describeResponse(NetHttpClass.new("a.example", 80).request(get("/x?y=1"))),
      not_found: describeResponse(NetHttpClass.start("a.example", kw({ use_ssl: true }), (h: NetHttp) => h.request(send(NetHttpClass.Head, "new", kernelUri("https://a.example/missing")))) as HTTPResponse),
      bad_length: describeResponse(NetHttpClass.start("a.example", 443, kw({ use_ssl: true }), (h: NetHttp) => h.request(get("/bad-length"))) as HTTPResponse),
    };
    const recorded = Object.fromEntries(["get", "redirect", "not_found", "bad_length"].map((k) => {
      const row = { ...(expected[k] as Record<string, unknown>) };
      row.body = String(row.body).replace(/0x[0-9a-f]+/, "0x");
      return [k, row];
    }));
    expect(ours).toEqual(recorded);
  });

  it("matches a JSON body with hash_including (nested Hashes compared whole), and raises Net::OpenTimeout for to_timeout", () => {
    WebMock.stubRequest(sym("post"), "http://hooks.example/in").with(kw({ body: new HashIncludingMatcher(kw({ user: kw({ id: 1 }), room: "hq" })) }));
    const post = (body: string) => outcome(() => {
      const uri = kernelUri("http://hooks.example/in");
      const req = send(NetHttpClass.Post, "new", uri, new Map([["Content-Type", "application/json"]])) as HTTPGenericRequest;
      send(req, "body=", body);
      return NetHttpClass.new(uri.host, uri.port).request(req).code;
    });
    expect({
      match: post('{"user":{"id":1,"name":"x"},"room":"hq","extra":true}'),
      nested_differs: post('{"user":{"id":1,"name":"x"},"room":"hq"}'),
      missing: post('{"user":{"id":1}}'),
      exact_nested: post('{"user":{"id":1},"room":"hq"}'),
    }).toEqual(expected.hash_including);
    WebMock.stubRequest(sym("post"), "http://hooks.example/slow").toTimeout();
    expect(outcome(() => NetHttpClass.new("hooks.example", 80).request(send(NetHttpClass.Post, "new", "/slow")))).toBe(expected.timeout);
  });

  it("builds a request's path and headers from a URI as Net::HTTPGenericRequest does", () => {
    const req = send(NetHttpClass.Post, "new", kernelUri("http://example.com:8080/a?b=1"), new Map([["Content-Type", "application/json"]])) as HTTPGenericRequest;
    const headers = Object.fromEntries([...req.toHash()].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect({ path: req.path, method: req.method, headers }).toEqual(expected.request);
  });

  it("connects an allowed request as Net::HTTP#connect does (ipaddr first), and refuses the others; the socket is declined", () => {
    (NetHttpClass.TCPSocket as { open: unknown }).open = (...args: unknown[]) => rubyThrow(sym("connected"), args);
    const connect = (fn: () => unknown) => rubyCatch(sym("connected"), fn);
    expect(connect(() => NetHttpClass.start("allowed.example", 443, kw({ ipaddr: "1.2.3.4", use_ssl: true }), (h: NetHttp) => h.request(get("/"))))).toEqual(expected.connect);
    expect(connect(() => NetHttpClass.new("allowed.example", 8080).request(get("/")))).toEqual(expected.connect_address);
    expect(outcome(() => NetHttpClass.new("other.example", 80).request(get("/")))).toBe(expected.refused);
    delete (NetHttpClass.TCPSocket as { open?: unknown }).open;
  });
});
