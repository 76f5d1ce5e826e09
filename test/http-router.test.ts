// The runtime router against real Rails 7.2.4: recognition and URL generation for the cases in
// test/fixtures/http/router/cases.json, recorded by record.sh over the routes of ../routes/routes.rb.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeRequestPath, Router } from "../runtime/action-pack/router.js";
import { pathForOptions } from "../runtime/action-pack/url-for.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";

const read = (p: string) => JSON.parse(readFileSync(new URL(p, import.meta.url), "utf8"));
const table: RouteEntry[] = read("./fixtures/http/routes/routes.json");
const expected = read("./fixtures/http/router/expected.json");
const router = new Router(table);

interface GenCase {
  helper: string;
  args: unknown[];
  options?: Record<string, unknown>;
  recall?: Record<string, string>;
  output?: string;
  error?: string;
  message?: string;
}

// A record as the model runtime gives one: only its to_param matters here.
const arg = (a: unknown) =>
  a !== null && typeof a === "object" && "record" in a ? { toParam: () => (a as { record: string }).record } : a;

function generate(c: GenCase): { output: string } | { error: string; message: string } {
  const name = c.helper.replace(/_(path|url)$/, "");
  const args = c.args.map(arg);
  try {
    if (c.helper.endsWith("_url")) return { output: router.urlFor(name, args, c.options ?? {}, c.recall) };
    return { output: router.pathFor(name, args, c.options, c.recall) };
  } catch (e) {
    return { error: "ActionController::UrlGenerationError", message: (e as Error).message };
  }
}

describe("Router", () => {
  it("recognizes every recorded request as Rails does", () => {
    const ours = expected.recognize.map((c: { method: string; path: string }) => {
      const found = router.recognize(c.method, c.path);
      return { method: c.method, path: c.path, match: found && { name: found.route.name, params: found.params } };
    });
    expect(ours).toEqual(expected.recognize);
  });

  it("generates every recorded path and url as Rails does", () => {
    const ours = expected.generate.map((c: GenCase) => {
      const { output: _o, error: _e, message: _m, ...input } = c;
      return { ...input, ...generate(c) };
    });
    expect(ours).toEqual(expected.generate);
  });

  it("generates from route hashes (url_for controller:/action:) as Rails does, recall included", () => {
    const ours = expected.options.map((c: { options: Record<string, unknown>; recall?: Record<string, string> }) => {
      const input = c.recall ? { options: c.options, recall: c.recall } : { options: c.options };
      try {
        return { ...input, output: pathForOptions(router, c.options, c.recall) };
      } catch (e) {
        return { ...input, error: "ActionController::UrlGenerationError", message: (e as Error).message };
      }
    });
    expect(ours).toEqual(expected.options);
  });

  it("normalizes request paths as Journey::Router::Utils.normalize_path", () => {
    const table: [string, string][] = [["//articles//", "/articles"], ["", "/"], ["/a/%2fb/", "/a/%2Fb"], ["/", "/"]];
    expect(table.map(([p]) => [p, normalizeRequestPath(p)])).toEqual(table);
  });
});
