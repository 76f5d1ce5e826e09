// sanitize / strip_tags / strip_links against rails-html-sanitizer itself, byte for byte, on fragments that need
// the whole HTML5 tree-construction algorithm (adoption agency, foster parenting, select, template, foreign
// content, CDATA, raw text, comments, entities, Action Text bodies). Recorded by test/fixtures/sanitize/record.rb
// (Rails::HTML5 = Nokogiri's gumbo; Rails::HTML4 = libxml2, whose own tree construction and formatting serializer
// runtime/action-view/html/libxml2-tree.ts and tree.ts follow).
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { safeListSanitize, sanitizerConfig, stripLinks, stripTags } from "../runtime/action-view/sanitize.js";

type Kind = "safe_list" | "full" | "link";
interface Case {
  input: string;
  html5: Record<Kind, string>;
  html4: Record<Kind, string>;
}
const recorded = JSON.parse(readFileSync(new URL("./fixtures/sanitize/sanitize.json", import.meta.url), "utf8")) as {
  cases: Case[];
};
const run: Record<Kind, (html: string) => string | null> = {
  safe_list: (h) => safeListSanitize(h),
  full: (h) => stripTags(h)?.toString() ?? null,
  link: (h) => stripLinks(h),
};
const KINDS = Object.keys(run) as Kind[];

afterAll(() => {
  sanitizerConfig.vendor = "html5";
});

describe("Rails::HTML5 sanitizers (gumbo), recorded", () => {
  for (const kind of KINDS) {
    it(kind, () => {
      sanitizerConfig.vendor = "html5";
      const got = recorded.cases.map((c) => run[kind](c.input));
      expect(got).toEqual(recorded.cases.map((c) => c.html5[kind]));
    });
  }
});

describe("Rails::HTML4 sanitizers (libxml2), recorded", () => {
  for (const kind of KINDS) {
    it(kind, () => {
      sanitizerConfig.vendor = "html4";
      recorded.cases.forEach((c, i) => {
        expect(run[kind](c.input), `case ${i}: ${JSON.stringify(c.input)}`).toBe(c.html4[kind]);
      });
    });
  }
});
