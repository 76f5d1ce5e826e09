// request.formats reads the format parameter as request.parameters holds it: path parameters over the query string
// over the body, and none at all when a parameter source cannot be parsed (Rails answers the Accept header then).
import { describe, expect, it } from "vitest";
import { Request } from "../runtime/action-pack/request.js";

function request(url: string, body = "", path: Record<string, string> = {}): Request {
  const headers = body ? { host: "example.org", "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) } : { host: "example.org" };
  const r = new Request({ method: body ? "POST" : "GET", url, headers, body: Buffer.from(body) });
  r.pathParameters = path;
  return r;
}

describe("the format parameter of request.formats", () => {
  it("takes the path's over the query's over the body's", () => {
    expect(request("/a?format=xml", "format=json", { format: "csv" }).formats[0]!.symbol).toBe("csv");
    expect(request("/a?format=xml", "format=json").formats[0]!.symbol).toBe("xml");
    expect(request("/a", "format=json").formats[0]!.symbol).toBe("json");
  });

  it("is not read when the query string cannot be parsed, even with a path format", () => {
    expect(request("/a?x=1&x[]=2", "", { format: "csv" }).formats[0]!.symbol).not.toBe("csv");
  });
});
