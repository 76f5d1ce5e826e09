// Request parameter parsing and strong parameters against Rails 7.2.4: test/fixtures/http/params/cases.json,
// recorded by record.sh as request.parameters (or the error Rails raises) and permit/require results.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Parameters, type PermitFilter } from "../runtime/action-pack/parameters.js";
import { UploadedFile } from "../runtime/action-pack/multipart.js";
import { requestParams, type ParamTree } from "../runtime/action-pack/query.js";
import { Request } from "../runtime/action-pack/request.js";

const expected = JSON.parse(readFileSync(new URL("./fixtures/http/params/expected.json", import.meta.url), "utf8"));

// Rails' error classes by the runtime's error names.
const RAILS_ERRORS: Record<string, string> = {
  BadRequest: "ActionController::BadRequest",
  ParameterMissing: "ActionController::ParameterMissing",
  UnfilteredParameters: "ActionController::UnfilteredParameters",
};

function railsError(e: Error, parseError = false) {
  const error = parseError && e.message.startsWith("Error occurred while parsing")
    ? "ActionDispatch::Http::Parameters::ParseError" : RAILS_ERRORS[e.name] ?? e.name;
  return { error, message: e.message };
}

describe("request parameters", () => {
  it("parses every recorded query string and body as Rails does", () => {
    const ours = expected.requests.map((c: { query?: string; body?: string; contentType?: string }) => {
      const { params: _p, error: _e, message: _m, ...input } = c as Record<string, unknown>;
      try {
        const { query, body } = requestParams(c.query ?? "", c.contentType, Buffer.from(c.body ?? "", "utf8"));
        return { ...input, params: { ...body, ...query } };
      } catch (e) {
        return { ...input, ...railsError(e as Error, true) };
      }
    });
    expect(ours).toEqual(expected.requests);
  });
});

describe("multipart/form-data", () => {
  it("parses bodies as Rack's multipart parser and Rails' UploadedFile do", () => {
    const plain = (v: unknown): unknown => {
      if (v instanceof UploadedFile) return { original_filename: v.originalFilename, content_type: v.contentType, read: v.read().toString("utf8") };
      if (Array.isArray(v)) return v.map(plain);
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
      return v;
    };
    const ours = expected.multipart.map((c: { contentType: string; body: string }) => {
      const request = new Request({ method: "POST", url: "/x", headers: { "content-type": c.contentType }, body: Buffer.from(c.body, "utf8") });
      try {
        return { ...c, params: plain(request.parameters), method: request.rawMethod };
      } catch (e) {
        return { ...c, error: "ActionController::BadRequest", message: (e as Error).message };
      }
    });
    expect(ours).toEqual(expected.multipart);
  });
});

describe("strong parameters", () => {
  it("requires and permits as ActionController::Parameters does", () => {
    const ours = expected.strong.map((c: { params: ParamTree; require?: string; permit?: PermitFilter[]; toH?: boolean }) => {
      const { output: _o, error: _e, message: _m, ...input } = c as Record<string, unknown>;
      try {
        const params = new Parameters(c.params);
        let value: unknown = c.require ? params.require(c.require) : params;
        if (c.permit) value = (value as Parameters).permit(...c.permit);
        if (c.toH) value = (value as Parameters).toH();
        return { ...input, output: value instanceof Parameters ? value.toUnsafeH() : value };
      } catch (e) {
        return { ...input, ...railsError(e as Error) };
      }
    });
    expect(ours).toEqual(expected.strong);
  });

  it("gives nested hashes as Parameters and keeps the conversion", () => {
    const params = new Parameters({ article: { title: "T" } });
    const nested = params.get("article");
    expect(nested).toBeInstanceOf(Parameters);
    expect(params.get("article")).toBe(nested);
    expect(params.get("missing")).toBe(null);
  });
});
