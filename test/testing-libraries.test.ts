// The test libraries a lowered suite uses (runtime/testing): rails-dom-testing's assert_select, WebMock's stubs,
// Rack::Test's cookie jar, Active Support's travel_to. Expected values are the libraries' documented behaviour:
// rails-dom-testing 2.x's README and HTMLSelector (equality forms, count wording), WebMock 3's README (stub
// matching, NetConnectNotAllowedError), rack-test's CookieJar (values unescaped), TimeHelpers#travel_to (usec 0).
import { describe, expect, it } from "vitest";
import { checkSelection, innerHtml, loadSelectEngine, parseDocument, selectRequest, selectWithin } from "../runtime/testing/select.js";
import { NetConnectNotAllowedError, WebMock } from "../runtime/testing/webmock.js";
import { TestCookieJar, TestResponse } from "../runtime/testing/integration.js";
import { indexSet } from "../runtime/active-support/core-ext/ops.js";
import { travelInstant } from "../runtime/testing/test-case.js";
import { Assertion } from "../runtime/testing/assertions.js";
import { RubyRange, RubySymbol } from "../runtime/ruby/ruby.js";
import { Time } from "../runtime/active-support/time.js";

await loadSelectEngine();
const page = parseDocument(`<!DOCTYPE html><html><head><title>T</title></head><body>
<h1> Upgrade to a supported web browser </h1>
<ul><li class="a">one</li><li class="a">two</li><li>three</li></ul>
<a href="/rooms/1" title="Copy link">x</a></body></html>`);

function select(...args: unknown[]): number {
  const request = selectRequest(args);
  return checkSelection(selectWithin([page], request.selector), request, innerHtml).length;
}

function failure(...args: unknown[]): string {
  try {
    select(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(Assertion);
    return (error as Error).message;
  }
  throw new Error("no failure");
}

const kw = (entries: Record<string, unknown>) => new Map(Object.entries(entries).map(([k, v]) => [RubySymbol.for(k), v]));

describe("assert_select (rails-dom-testing)", () => {
  it("no equality means at least one element", () => {
    expect(select("li")).toBe(3);
    expect(failure("p")).toBe(`Expected at least 1 element matching "p", found 0.\nExpected 0 to be >= 1.`);
  });

  it("an Integer is an exact count, false none, a Range a minimum and maximum", () => {
    expect(select("li", 3)).toBe(3);
    expect(failure("li", 2)).toBe(`Expected exactly 2 elements matching "li", found 3.\nExpected: 2\n  Actual: 3`);
    expect(select("p", false)).toBe(0);
    expect(select("li", new RubyRange(2, 4))).toBe(3);
    expect(failure("li", new RubyRange(4, 6))).toBe(`Expected between 4 and 6 elements matching "li", found 3.\nExpected 3 to be >= 4.`);
  });

  it("a String or Regexp matches the stripped text; with count: the matching elements are counted", () => {
    expect(select("h1", /Upgrade to a supported web browser/)).toBe(1);
    expect(select("h1", "Upgrade to a supported web browser")).toBe(1);
    expect(select("h1", kw({ text: /Nope/, count: 0 }))).toBe(0);
    expect(select("li", kw({ text: "two" }))).toBe(1);
    expect(failure("li", "four")).toBe(`Expected: "four"\n  Actual: "one".\nExpected 0 to be >= 1.`);
  });

  it("? is replaced by the value, quoted", () => {
    expect(select("a[href=?]", "/rooms/1")).toBe(1);
    expect(select(".a[class=?]", "b", false)).toBe(0);
    expect(select("a[title='Copy link']")).toBe(1);
  });

  it("a nested selection looks within the outer matches", () => {
    const lists = selectWithin([page], "ul");
    expect(selectWithin(lists, "li.a")).toHaveLength(2);
    expect(selectWithin(selectWithin([page], "h1"), "li")).toHaveLength(0);
  });
});

describe("WebMock", () => {
  it("answers a stubbed request and refuses an unstubbed one while net connections are disabled", () => {
    WebMock.enableBang();
    WebMock.disableNetConnectBang();
    WebMock.stubRequest(RubySymbol.for("get"), "https://www.example.com").toReturn(kw({ status: 200, body: "<html></html>", headers: kw({ content_type: "text/html" }) }));
    // A URL without a path is the same as one with "/" (WebMock normalizes both).
    expect(WebMock.request("GET", "https://www.example.com/")).toEqual({ status: 200, message: "", body: "<html></html>", headers: [["Content-Type", "text/html"]] });
    expect(() => WebMock.request("POST", "https://www.example.com/")).toThrow(NetConnectNotAllowedError);
    expect(() => WebMock.request("POST", "https://www.example.com/")).toThrow(/Real HTTP connections are disabled. Unregistered request: POST https:\/\/www.example.com\//);
    WebMock.resetBang();
    expect(() => WebMock.request("GET", "https://www.example.com/")).toThrow(NetConnectNotAllowedError);
    WebMock.disableNetConnectBang(kw({ allow: ["www.example.com"] }));
    expect(WebMock.request("GET", "https://www.example.com/")).toBe(null);
    WebMock.allowNetConnectBang();
    expect(WebMock.request("GET", "https://other.example/")).toBe(null);
    WebMock.disableBang();
  });

  it("answers a stub's responses in turn, the last repeating", () => {
    WebMock.enableBang();
    WebMock.stubRequest(RubySymbol.for("get"), "https://a.example/").toReturn(kw({ status: 301 }), kw({ status: 200, body: "ok" }));
    expect(WebMock.request("GET", "https://a.example/")!.status).toBe(301);
    expect(WebMock.request("GET", "https://a.example/")!.status).toBe(200);
    expect(WebMock.request("GET", "https://a.example/")!.body).toBe("ok");
    WebMock.resetBang();
    WebMock.disableBang();
  });
});

describe("Rack::Test's cookie jar", () => {
  it("reads values unescaped and sends them back as they were set", () => {
    const raw = new Map([["session_token", "abc%3D%3D--x"], ["last_room", "1"]]);
    const jar = new TestCookieJar(raw);
    expect(jar["[]"](RubySymbol.for("session_token"))).toBe("abc==--x");
    expect(jar["[]"]("missing")).toBe(null);
    expect(jar.header()).toBe("session_token=abc%3D%3D--x; last_room=1");
    expect([...jar.toHash()]).toEqual([["session_token", "abc==--x"], ["last_room", "1"]]);
  });

  it("`cookies[:name] = value` (Ruby's []=) writes through the jar's own []=, answering the value", () => {
    const jar = new TestCookieJar(new Map());
    expect(indexSet(jar, RubySymbol.for("last_room"), 42)).toBe(42);
    expect(jar.header()).toBe("last_room=42");
    expect(Object.keys(jar)).not.toContain("last_room");
  });
});

describe("assert_select into a <template> (Nokogiri's trees hold its content as children)", () => {
  it("finds what a turbo-stream's template holds, and compares attribute values case-sensitively as XPath does", () => {
    const stream = parseDocument(`<turbo-stream action="append" target="messages"><template><div id="message_new">Hi</div></template></turbo-stream><input type="text">`);
    const count = (selector: string) => selectWithin([stream], selector).length;
    expect(count("turbo-stream[action='append'] #message_new")).toBe(1);
    expect(count("template > div")).toBe(1);
    // XPath's @type='TEXT' is an exact comparison (css-select's HTML mode folds the case of type= values).
    expect(count("input[type='TEXT']")).toBe(0);
    expect(count("input[type='text']")).toBe(1);
  });
});

describe("ActionDispatch::TestResponse", () => {
  const response = (headers: [string, string][]) => new TestResponse({ status: 200, headers, body: Buffer.alloc(0) });

  it("cache_control: Cache-Control parsed as Http::Cache::Response#cache_control_headers reads it", () => {
    const parsed = response([["cache-control", "max-age=31536000, public, stale-while-revalidate=5"]]).cacheControl();
    expect([...parsed]).toEqual([["max_age", "31536000"], ["public", true], ["extras", ["stale-while-revalidate=5"]]]);
    expect([...response([]).cacheControl()]).toEqual([]);
  });

  it("cookies: each Set-Cookie's name and unescaped value", () => {
    const r = response([["set-cookie", "last_room=42; path=/; expires=Sun, 06 Dec 2046 05:00:00 GMT"], ["set-cookie", "flash=a%20b; path=/"]]);
    expect([...r.cookies]).toEqual([["last_room", "42"], ["flash", "a b"]]);
  });
});

describe("travel_to", () => {
  it("stops the clock at the given time with its usec dropped, a Date at its midnight", () => {
    expect(travelInstant(Time.cast("2024-02-15 12:00:00.75")).toISOString()).toBe("2024-02-15T12:00:00.000Z");
    expect(travelInstant(Time.cast("2024-02-15 12:00:00.75"), true).toISOString()).toBe("2024-02-15T12:00:00.750Z");
  });
});
