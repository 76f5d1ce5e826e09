// The conformance comparison: unified diffs (checked against GNU diff's output), the forgiven CSRF values,
// response comparison, and replay + report end to end against a node:http server that plays back the
// committed Rails reference of fixtures/blog.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { colorDiff, runConformance } from "../src/conformance/conformance.js";
import { playback, type Received } from "./support/playback.js";
import { CookieJar } from "../src/conformance/cookies.js";
import { extractCsrfToken } from "../src/conformance/csrf.js";
import { compareResponses, type ComparableResponse } from "../src/conformance/diff.js";
import { normalizeForgiven } from "../src/conformance/forgiven.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import { buildRequest, type ReplayedResponse } from "../src/conformance/replay.js";
import { validateScenario, type Scenario } from "../src/conformance/scenario.js";
import { SECRET_KEY_BASE } from "../src/conformance/secret.js";
import { unifiedDiff } from "../src/conformance/unified.js";

const BLOG = join(import.meta.dirname, "..", "fixtures", "blog");

describe("unifiedDiff (expected texts are GNU diff -u output)", () => {
  const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1));

  it("two hunks, one of them ending in a missing final newline", () => {
    const a = lines(20, (i) => `l${i}`).join("\n") + "\n";
    const bLines = lines(20, (i) => `l${i}`);
    bLines[4] = "L5";
    bLines.splice(16, 0, "new");
    const b = bLines.join("\n");
    expect(unifiedDiff(a, b, "rails/x", "ours/x")).toBe(
      "--- rails/x\n+++ ours/x\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n" +
        "@@ -14,7 +14,8 @@\n l14\n l15\n l16\n+new\n l17\n l18\n l19\n-l20\n+l20\n\\ No newline at end of file\n",
    );
  });

  it("changes closer than twice the context merge into one hunk", () => {
    const a = lines(10, (i) => `line ${i}`).join("\n") + "\n";
    const bLines = lines(10, (i) => `line ${i}`);
    bLines[2] = "LINE 3";
    bLines.splice(7, 1);
    const b = bLines.join("\n") + "\n";
    expect(unifiedDiff(a, b, "rails/x", "ours/x")).toBe(
      "--- rails/x\n+++ ours/x\n@@ -1,10 +1,9 @@\n line 1\n line 2\n-line 3\n+LINE 3\n line 4\n line 5\n" +
        " line 6\n line 7\n-line 8\n line 9\n line 10\n",
    );
  });

  it("empty sides name the line before them", () => {
    expect(unifiedDiff("", "x\n", "rails/x", "ours/x")).toBe("--- rails/x\n+++ ours/x\n@@ -0,0 +1 @@\n+x\n");
    expect(unifiedDiff("a\nb\n", "", "rails/x", "ours/x")).toBe("--- rails/x\n+++ ours/x\n@@ -1,2 +0,0 @@\n-a\n-b\n");
  });

  it("equal texts give nothing", () => {
    expect(unifiedDiff("same\n", "same\n", "a", "b")).toBe("");
  });
});

describe("forgiven CSRF values", () => {
  it("blanks exactly the csrf-token meta content and authenticity_token values, in HTML and in JSON", () => {
    const input = [
      '<meta name="csrf-param" content="authenticity_token" />',
      '<meta name="csrf-token" content="AbC-12_x" />',
      '<meta content="meta-first" name="csrf-token">',
      '<form><input type="hidden" name="authenticity_token" value="tok1==" autocomplete="off" />',
      '<input value="tok2" type="hidden" name="authenticity_token">',
      '<input type="text" name="title" value="keep me" />',
      '<input type="hidden" name="authenticity_token_other" value="keep" />',
      'value="outside-a-tag" name="authenticity_token"',
      '{"html":"\\u003cinput type=\\"hidden\\" name=\\"authenticity_token\\" value=\\"jsontok\\" /\\u003e","authenticity_token":"k3y"}',
    ].join("\n");
    const expected = [
      '<meta name="csrf-param" content="authenticity_token" />',
      '<meta name="csrf-token" content="[forgiven]" />',
      '<meta content="[forgiven]" name="csrf-token">',
      '<form><input type="hidden" name="authenticity_token" value="[forgiven]" autocomplete="off" />',
      '<input value="[forgiven]" type="hidden" name="authenticity_token">',
      '<input type="text" name="title" value="keep me" />',
      '<input type="hidden" name="authenticity_token_other" value="keep" />',
      'value="outside-a-tag" name="authenticity_token"',
      '{"html":"\\u003cinput type=\\"hidden\\" name=\\"authenticity_token\\" value=\\"[forgiven]\\" /\\u003e","authenticity_token":"[forgiven]"}',
    ].join("\n");
    expect(normalizeForgiven(Buffer.from(input)).toString()).toBe(expected);
  });

  it("leaves non-UTF-8 bytes as they are", () => {
    const bytes = Buffer.from([0xff, 0x00, 0xc3, 0x28, 0x0a]);
    expect(normalizeForgiven(bytes).equals(bytes)).toBe(true);
  });
});

describe("compareResponses", () => {
  const [, , articleShow] = readReference(referenceDir(BLOG));
  const page = (body: Buffer, over: Partial<ComparableResponse> = {}): ComparableResponse => ({ ...articleShow, body, ...over });

  it("one changed byte in a body is a difference, with its diff", () => {
    const changed = Buffer.from(articleShow.body);
    changed[articleShow.body.indexOf("Welcome to the blog")] = "X".charCodeAt(0);
    const result = compareResponses(articleShow, page(changed));
    expect(result.identical).toBe(false);
    expect(result.fieldDifferences).toEqual([]);
    expect(result.bodyDiff).toBe(
      "--- rails/article_show\n+++ ours/article_show\n@@ -23,7 +23,7 @@\n" +
        ' <div id="article_1">\n   <p>\n     <strong>Title:</strong>\n-    Welcome to the blog\n' +
        "+    Xelcome to the blog\n   </p>\n \n   <p>\n",
    );
  });

  it("other CSRF token values, of any length, are no difference", () => {
    const text = articleShow.body.toString("utf8");
    const tokens = [...text.matchAll(/(?:value|content)="([A-Za-z0-9_-]{86})"/g)].map((m) => m[1]);
    expect(tokens.length).toBe(3);
    let ours = text;
    tokens.forEach((t, i) => (ours = ours.replace(t, `other-token-${i}`)));
    expect(compareResponses(articleShow, page(Buffer.from(ours)))).toEqual({
      name: "article_show",
      identical: true,
      fieldDifferences: [],
      bodyDiff: "",
    });
  });

  it("status, Location and Content-Type are compared", () => {
    const ours = page(articleShow.body, { status: 404, location: "http://x/", contentType: "text/plain" });
    expect(compareResponses(articleShow, ours).fieldDifferences).toEqual([
      "status: rails 200, ours 404",
      'location: rails null, ours "http://x/"',
      'content-type: rails "text/html; charset=utf-8", ours "text/plain"',
    ]);
  });
});

describe("runConformance against a playback of the blog reference", () => {
  const reference = readReference(referenceDir(BLOG));

  it("the reference itself comes out 0 different, and the replay sends what a browser sends", async () => {
    const received: Received[] = [];
    const log: string[] = [];
    const result = await runConformance(BLOG, playback(reference, received), { log: (l) => log.push(l) });
    expect([result.identical, result.different, result.sqlOverRails]).toEqual([reference.length, 0, 0]);
    expect(log.at(-1)).toBe(`${reference.length} identical, 0 different`);
    expect(received.length).toBe(reference.length);

    const formToken = (i: number, action: string) =>
      new RegExp(`<form[^>]*action="${action}"[^>]*>(?:(?!</form>)[\\s\\S])*?name="authenticity_token" value="([^"]+)"`)
        .exec(reference[i].body.toString())![1];
    const create = received[7];
    expect([create.method, create.url, create.body]).toEqual([
      "POST",
      "/articles",
      `authenticity_token=${formToken(6, "/articles")}&article%5Btitle%5D=Hello` +
        "&article%5Bbody%5D=A+brand+new+article%2C+written+by+the+scenario.&commit=Create+Article",
    ]);
    expect(create.headers).toMatchObject({
      host: "127.0.0.1:3000",
      cookie: "_blog_session=s3ss10n",
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    });
    expect(received[11].body.startsWith(`_method=patch&authenticity_token=${formToken(10, "/articles/1")}&`)).toBe(true);
    const meta = /<meta name="csrf-token" content="([^"]+)"/.exec(reference[12].body.toString())![1];
    expect([received[13].method, received[13].headers["x-csrf-token"], received[13].body]).toEqual([
      "PATCH",
      meta,
      '{"article":{"body":"Updated through the JSON API."}}',
    ]);
    const noToken = received.find((r) => r.body.includes("No+token"))!;
    expect(noToken.body.includes("authenticity_token")).toBe(false);
  });

  it("one flipped byte makes exactly one response different", async () => {
    const log: string[] = [];
    const flip = (i: number, r: ReplayedResponse) => {
      if (i !== 2) return r;
      const body = Buffer.from(r.body);
      body[body.indexOf("Welcome to the blog")] = "X".charCodeAt(0);
      return { ...r, body };
    };
    const result = await runConformance(BLOG, playback(reference, [], flip), { log: (l) => log.push(l) });
    expect([result.identical, result.different]).toEqual([reference.length - 1, 1]);
    expect(log.filter((l) => l.startsWith("DIFF"))).toEqual(["DIFF 03_article_show 200 sql 2/2"]);
    expect(log.at(-1)).toBe(`${reference.length - 1} identical, 1 different`);
  });

  it("more SQL than Rails is reported as a warning, not yet a difference", async () => {
    const log: string[] = [];
    const extraQuery = (i: number, r: ReplayedResponse) => (i === 0 ? { ...r, sqlCount: r.sqlCount! + 1 } : r);
    const result = await runConformance(BLOG, playback(reference, [], extraQuery), { log: (l) => log.push(l) });
    expect([result.different, result.sqlOverRails]).toEqual([0, 1]);
    expect(log.slice(0, 2)).toEqual(["ok   01_articles_index 200 sql 2/1", "  WARNING sql: ours ran 2 statements, Rails 1"]);
  });
});

describe("conformance for people: lines as responses arrive, --only, --json entries, colours", () => {
  const reference = readReference(referenceDir(BLOG));

  it("prints each response's line before the next request is sent", async () => {
    const events: string[] = [];
    const received: Received[] = [];
    const start = playback(reference, received);
    const logged = await runConformance(BLOG, async (env) => {
      const server = await start(env);
      return server;
    }, { log: (l) => events.push(`${received.length} requests: ${l}`) });
    expect(logged.different).toBe(0);
    // The first line is printed when one request has been answered, not after the whole replay.
    expect(events[0]).toBe("1 requests: ok   01_articles_index 200 sql 1/1");
    expect(events[1].startsWith("2 requests: ok   02_")).toBe(true);
  });

  it("--only replays up to the last matching response and compares only those", async () => {
    const received: Received[] = [];
    const log: string[] = [];
    const result = await runConformance(BLOG, playback(reference, received), { log: (l) => log.push(l), only: /^0[23]_/ });
    expect(received.length).toBe(3);
    expect(log.map((l) => l.split(" sql")[0])).toEqual([
      `ok   02_${reference[1].name} ${reference[1].status}`,
      `ok   03_${reference[2].name} ${reference[2].status}`,
      "2 identical, 0 different (--only ^0[23]_: 2 responses compared)",
    ]);
    expect(result.steps.map((s) => s.stem)).toEqual([`02_${reference[1].name}`, `03_${reference[2].name}`]);
    await expect(runConformance(BLOG, playback(reference, []), { log: () => {}, only: /nothing-is-named-this/ })).rejects.toThrow(
      "--only nothing-is-named-this: no recorded response's name matches",
    );
  });

  it("each compared response is an entry: request, status, SQL beside Rails', differences and the diff", async () => {
    const flip = (i: number, r: ReplayedResponse) => (i === 0 ? { ...r, status: 500 } : r);
    const result = await runConformance(BLOG, playback(reference, [], flip), { log: () => {}, only: /^01_/ });
    expect(result.steps).toEqual([
      {
        stem: "01_articles_index",
        name: "articles_index",
        method: "GET",
        path: "/articles",
        identical: false,
        status: { ours: 500, rails: 200 },
        sql: { ours: 1, rails: 1 },
        differences: ["status: rails 200, ours 500"],
        bodyDiff: "",
      },
    ]);
  });

  it("colours a diff as a terminal shows it: removals red, additions green, hunk headers cyan", () => {
    expect(colorDiff("--- rails/x\n+++ ours/x\n@@ -1 +1 @@\n-a\n+b\n c\n")).toBe(
      "\x1b[1m--- rails/x\x1b[0m\n\x1b[1m+++ ours/x\x1b[0m\n\x1b[36m@@ -1 +1 @@\x1b[0m\n\x1b[31m-a\x1b[0m\n\x1b[32m+b\x1b[0m\n c\n",
    );
  });
});

describe("extractCsrfToken", () => {
  // Shaped like Rails 7.2 output: per-form tokens on the forms, the session-wide one in the meta tag.
  const page = [
    '<meta name="csrf-param" content="authenticity_token" />',
    '<meta name="csrf-token" content="META" />',
    '<form action="/posts/1/notes" accept-charset="UTF-8" method="post"><input type="hidden" name="authenticity_token" value="NOTES-POST" autocomplete="off" />',
    '<input type="text" name="note[body]" /></form>',
    '<form class="button_to" method="post" action="/posts/1"><input type="hidden" name="_method" value="delete" autocomplete="off" /><button type="submit">Destroy</button><input type="hidden" name="authenticity_token" value="POST-DELETE" autocomplete="off" /></form>',
    '<form action="/posts/1" method="post"><input type="hidden" name="_method" value="patch" /><input type="hidden" name="authenticity_token" value="POST-PATCH" /></form>',
  ].join("\n");

  it("takes the token of the form being submitted, matching action and effective method", () => {
    expect(extractCsrfToken(page, { path: "/posts/1", method: "delete" })).toBe("POST-DELETE");
    expect(extractCsrfToken(page, { path: "/posts/1", method: "PATCH" })).toBe("POST-PATCH");
    expect(extractCsrfToken(page, { path: "/posts/1/notes", method: "POST" })).toBe("NOTES-POST");
  });

  it("falls back to the meta token, which JSON clients use directly", () => {
    expect(extractCsrfToken(page, { path: "/elsewhere", method: "post" })).toBe("META");
    expect(extractCsrfToken(page, null)).toBe("META");
    expect(extractCsrfToken("<p>no token</p>", null)).toBe(null);
  });
});

describe("buildRequest", () => {
  it("a GET form goes into the query string", () => {
    const step = { name: "search", method: "GET", path: "/articles?page=2", form: { q: "a b&c" } };
    expect(buildRequest(step, "example.test", new CookieJar(), null)).toEqual({
      method: "GET",
      path: "/articles?page=2&q=a+b%26c",
      headers: {
        Host: "example.test",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
        Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      },
      body: null,
    });
  });

  it("a JSON step sends the token as X-CSRF-Token", () => {
    const jar = new CookieJar();
    jar.store(["_s=1; path=/"]);
    const step = { name: "api", method: "DELETE", path: "/articles/2.json", json: { a: 1 }, csrf: true };
    expect(buildRequest(step, "h", jar, "TOKEN")).toEqual({
      method: "DELETE",
      path: "/articles/2.json",
      headers: {
        Host: "h",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
        Accept: "application/json",
        "X-CSRF-Token": "TOKEN",
        "Content-Type": "application/json",
        Cookie: "_s=1",
        "Content-Length": "7",
      },
      body: Buffer.from('{"a":1}'),
    });
  });
});

describe("buildRequest: the extended step format", () => {
  const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

  it("repeated form keys go in order, _method then the token first, as a Rails form submits", () => {
    const step = {
      name: "update",
      method: "POST",
      path: "/products/1",
      csrf: true,
      form: [["product[available]", "0"], ["product[available]", "1"], ["_method", "patch"], ["commit", "Update"]] as Array<[string, string]>,
    };
    expect(buildRequest(step, "h", new CookieJar(), "T/+=")).toEqual({
      method: "POST",
      path: "/products/1",
      headers: {
        Host: "h",
        "User-Agent": UA,
        Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "107",
      },
      body: Buffer.from("_method=patch&authenticity_token=T%2F%2B%3D&product%5Bavailable%5D=0&product%5Bavailable%5D=1&commit=Update"),
    });
  });

  it("a raw JSON body goes verbatim, the token as X-CSRF-Token, the step's headers over the defaults", () => {
    const step = {
      name: "api",
      method: "POST",
      path: "/api/items",
      rawJson: '{"item": {"n": 1}, ',
      csrf: true,
      headers: { "user-agent": "curl/8.5.0", "X-Forwarded-Proto": "https", "X-Request-Id": "req-1" },
    };
    expect(buildRequest(step, "h", new CookieJar(), "TOKEN")).toEqual({
      method: "POST",
      path: "/api/items",
      headers: {
        Host: "h",
        Accept: "application/json",
        "X-CSRF-Token": "TOKEN",
        "Content-Type": "application/json",
        "user-agent": "curl/8.5.0",
        "X-Forwarded-Proto": "https",
        "X-Request-Id": "req-1",
        "Content-Length": "19",
      },
      body: Buffer.from('{"item": {"n": 1}, '),
    });
  });

  it("validateScenario refuses what the replayer owns or cannot send", () => {
    const base = { frozenTime: "2024-01-01 00:00:00", host: "h" };
    const bad = (step: object) => () => validateScenario({ ...base, steps: [{ name: "s", method: "GET", path: "/", ...step }] } as Scenario);
    expect(bad({ headers: { Cookie: "a=1" } })).toThrow("scenario: s: header Cookie is set by the replayer");
    expect(bad({ headers: { Accept: 1 } })).toThrow("scenario: s: header Accept must be a string");
    expect(bad({ json: {}, rawJson: "{}" })).toThrow("scenario: s: form, json and rawJson are exclusive");
    expect(bad({ form: [["a"]] })).toThrow("scenario: s: form must map keys to strings, or be [key, value] string pairs");
    expect(bad({ form: [["a", "0"], ["a", "1"]], headers: { "X-Forwarded-Proto": "https" } })).not.toThrow();
  });
});

describe("cookie jar and secret", () => {
  it("keeps cookies and honours Rails' deletions", () => {
    const jar = new CookieJar();
    jar.store(["a=1; path=/", "b=2; path=/; httponly"]);
    jar.store(["a=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT"]);
    expect(jar.header()).toBe("b=2");
  });

  it("SECRET_KEY_BASE is the first 128 hex chars of sha512('rails2ts')", () => {
    expect(SECRET_KEY_BASE).toBe(createHash("sha512").update("rails2ts").digest("hex").slice(0, 128));
  });
});
