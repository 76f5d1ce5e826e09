// `conformance --html`: the side-by-side rows and the marked bytes (expected values written by hand), and the page
// for a run against a playback of the blog's Rails reference with one flipped byte.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runConformance } from "../src/conformance/conformance.js";
import { htmlReport, markChange, sideBySide } from "../src/conformance/html-report.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import type { ReplayedResponse } from "../src/conformance/replay.js";
import { playback } from "./support/playback.js";

const BLOG = join(import.meta.dirname, "..", "fixtures", "blog");

describe("side-by-side rows", () => {
  it("pairs a removed run with the added run after it, line numbers counted on each side", () => {
    expect(sideBySide("a\nb\nc\nd", "a\nB\nc\nd\ne")).toEqual([
      { rails: { n: 1, text: "a" }, ours: { n: 1, text: "a" }, kind: "same" },
      { rails: { n: 2, text: "b" }, ours: { n: 2, text: "B" }, kind: "changed" },
      { rails: { n: 3, text: "c" }, ours: { n: 3, text: "c" }, kind: "same" },
      { rails: { n: 4, text: "d" }, ours: { n: 4, text: "d" }, kind: "same" },
      { rails: null, ours: { n: 5, text: "e" }, kind: "ins" },
    ]);
  });

  it("marks what lies between the common start and the common end, escaped", () => {
    expect(markChange('<p class="a">x</p>', '<p class="b">x</p>')).toEqual([
      "&#60;p class=&#34;<mark>a</mark>&#34;&#62;x&#60;/p&#62;",
      "&#60;p class=&#34;<mark>b</mark>&#34;&#62;x&#60;/p&#62;",
    ]);
    expect(markChange("abc", "abXYc")).toEqual(["ab<mark></mark>c", "ab<mark>XY</mark>c"]);
  });
});

describe("the page", () => {
  it("lists every response, links the different one, and shows its bytes marked beside Rails'", async () => {
    const reference = readReference(referenceDir(BLOG));
    const flip = (i: number, r: ReplayedResponse) => {
      if (i !== 2) return r;
      const body = Buffer.from(r.body);
      body[body.indexOf("Welcome to the blog")] = "X".charCodeAt(0);
      return { ...r, body };
    };
    const start = playback(reference, [], flip);
    const result = await runConformance(BLOG, start, { log: () => {} });
    const page = htmlReport("blog", result);
    expect(page.startsWith("<!DOCTYPE html>\n")).toBe(true);
    expect(page.match(/<section id="/g)!.length).toBe(reference.length);
    expect(page).toContain(`<p class="summary">${reference.length - 1} identical, 1 different;`);
    expect(page).toContain('<nav>different: <a href="#03_article_show">03_article_show</a></nav>');
    expect(page.match(/<section id="[^"]+" class="different">/g)).toEqual(['<section id="03_article_show" class="different">']);
    expect(page).toContain("<mark>W</mark>elcome to the blog");
    expect(page).toContain("<mark>X</mark>elcome to the blog");
    expect(page).toContain("<tr><th>status</th><td>200</td><td>200</td></tr>");
  });
});
