// The XSS corpus (issue 22): 118 filter-evasion payloads (test/fixtures/xss/payloads.rb) through 64 output paths
// (paths.rb: escaping and raw/html_safe boundaries, tag and content_tag attributes, link_to/button_to/mail_to and
// URLs, form field values, simple_format, truncate, highlight, sanitize/strip_tags, JSON and escape_javascript inside
// script tags, rails_autolink's auto_link, turbo-rails' Turbo Stream actions (content, target, block, a rendered
// partial) and turbo_stream_from's attributes, ERB templates with a form builder and a turbo_stream block),
// recorded from Rails 7.2.4 (with rails_autolink 1.1.8 and turbo-rails 2.0.0) by record.rb in the context of the
// actionview vectors, and run through the real compiler as the vector suite runs them: output bytes and html_safe
// must equal Rails'. Differences are listed below with their cause (a listed one that passes fails the suite).
// XSS_DUMP=<file> writes every difference (call, Rails' output, ours) as JSON lines.
import { appendFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRecordedErrors, loadVectorFile } from "./vectors/files.js";
import { compileVectorFile, type CompiledFile } from "./vectors/run.js";

const DIR = new URL("./fixtures/xss/", import.meta.url);
const file = loadVectorFile("xss", DIR);
const errors = loadRecordedErrors("xss", DIR);

/** call -> why it differs today. */
const KNOWN: Record<string, string> = {};

describe("XSS payloads through every output path", () => {
  let compiled: CompiledFile;
  beforeAll(() => {
    compiled = compileVectorFile(file, errors);
  }, 300_000);

  it("the corpus is the whole product of payloads and paths", () => {
    expect(file.vectors.length + errors.length).toBe(7552);
  });

  for (const group of [...new Set(file.vectors.map((v) => v.group))]) {
    it(group, () => {
      const failures: { call: string; expected: string; actual: string }[] = [];
      const stale: string[] = [];
      file.vectors.forEach((v, index) => {
        if (v.group !== group) return;
        const { actual } = compiled.run(index);
        const passed = actual === v.output;
        if (passed && KNOWN[v.call]) stale.push(v.call);
        if (!passed && !KNOWN[v.call]) failures.push({ call: v.call, expected: v.output, actual });
        if (!passed && process.env.XSS_DUMP) appendFileSync(process.env.XSS_DUMP, JSON.stringify({ call: v.call, expected: v.output, actual }) + "\n");
      });
      expect({ failures: failures.slice(0, 20), count: failures.length, stale }).toEqual({ failures: [], count: 0, stale: [] });
    });
  }
});
