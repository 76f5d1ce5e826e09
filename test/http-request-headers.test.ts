// request.headers as app code reads it: ActionDispatch::Http::Headers#[] and #fetch map a header name (any case,
// dashes) to its Rack env key (X-Foo -> HTTP_X_FOO; Content-Type -> CONTENT_TYPE, a CGI variable) and read an env
// key as it is, through both ways the lowering indexes (index for a typed receiver, coreIndex at run time).
import { describe, expect, it } from "vitest";
import { Request } from "../runtime/action-pack/request.js";
import { index } from "../runtime/active-support/core-ext/ops.js";
import { coreIndex } from "../runtime/active-support/core-ext/core-operators.js";
import { send } from "../runtime/active-support/index.js";

const request = () =>
  new Request({ method: "GET", url: "/", body: Buffer.alloc(0), headers: { "x-foo": "bar", "content-type": "text/plain", "user-agent": "UA" } });

describe("request.headers[...]", () => {
  it.each([
    ["X-Foo", "bar"],
    ["x-foo", "bar"],
    ["HTTP_X_FOO", "bar"],
    ["Content-Type", "text/plain"],
    ["CONTENT_TYPE", "text/plain"],
    ["User-Agent", "UA"],
    ["X-Missing", null],
    ["HTTP_X_MISSING", null],
  ])("%s -> %s", (name, value) => {
    expect(index(request().headers, name)).toBe(value);
    expect(coreIndex(request().headers, name)).toBe(value);
  });

  it("fetch: the value, a default, or KeyError", () => {
    expect(send(request().headers, "fetch", "X-Foo")).toBe("bar");
    expect(send(request().headers, "fetch", "X-Missing", "none")).toBe("none");
    expect(() => send(request().headers, "fetch", "X-Missing")).toThrow(/key not found/);
  });

  it("the runtime's own lowercase lookups are unchanged", () => {
    const r = request();
    expect(r.header("X-Foo")).toBe("bar");
    expect(Object.keys(r.headers)).toEqual(["x-foo", "content-type", "user-agent"]);
  });
});
