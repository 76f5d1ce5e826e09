// Malformed Ruby names the fault as Ruby would (issue 13 items 14 and 11): the diagnostic stands at tree-sitter's
// ERROR/MISSING node (refined to the token inside it where the parse broke) and says, in Ruby's words, what was
// unexpected and what was expected there. Each case sits beside what `ruby -c` (Ruby 3.3) said of it
// (test/fixtures/syntax-errors/<case>.ruby.txt, recorded by record.sh; templates by record_erb.rb); our "unexpected ..., expecting ..." must be
// what Ruby says, at Ruby's line where the tree points at the same token.
import { afterAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseApp } from "../src/parse/app.js";
import { formatDiagnostic } from "../src/diagnostics/index.js";

const dir = join(import.meta.dirname, "fixtures/syntax-errors");
const root = join(tmpdir(), `rails2ts-syntax-errors-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** case -> our diagnostic lines (file:line:col: severity code: message), in order. */
const EXPECTED: Record<string, string[]> = {
  unclosed_call_in_model: ["6:3: error ruby_syntax_error: Ruby syntax error: unexpected `end', expecting ')'"],
  unclosed_call: ["6:3: error ruby_syntax_error: Ruby syntax error: unexpected `end', expecting ')'"],
  unclosed_nested: ["3:11: error ruby_syntax_error: Ruby syntax error: unexpected `end', expecting ')'"],
  unclosed_def: ["2:12: error ruby_syntax_error: Ruby syntax error: unexpected string literal, expecting ')'"],
  unclosed_hash: ["2:40: error ruby_syntax_error: Ruby syntax error: unexpected `def', expecting '}'"],
  missing_end: ["1:1: error ruby_syntax_error: Ruby syntax error: unexpected end-of-input, expecting `end'"],
  extra_end: ["6:1: error ruby_syntax_error: Ruby syntax error: unexpected `end'"],
  invalid_utf8_string: ["3:9: error ruby_syntax_error: Ruby syntax error: invalid multibyte char (UTF-8)"],
  invalid_utf8_comment: [],
};

/** Templates: the line:col is in the template (Ruby's line is the compiled source's, which ends past the template). */
const EXPECTED_ERB: Record<string, string[]> = {
  erb_unclosed_call: ["2:1: error ruby_syntax_error: Ruby syntax error: unexpected end-of-input, expecting ')'"],
  erb_missing_end: ["1:4: error ruby_syntax_error: Ruby syntax error: unexpected end-of-input, expecting `end'"],
};

function diagnoseErb(name: string): string[] {
  const app = join(root, name);
  mkdirSync(join(app, "app/views/posts"), { recursive: true });
  mkdirSync(join(app, "db"), { recursive: true });
  writeFileSync(join(app, "db/schema.rb"), "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n");
  const file = join(app, "app/views/posts/index.html.erb");
  copyFileSync(join(dir, `${name}.html.erb`), file);
  return parseApp(app).diagnostics.list.filter((d) => d.span.file === file).map((d) => formatDiagnostic(d).split("\n")[0]!.slice(file.length + 1));
}

/** An app whose one model is the case's file; answers the app and the model's path. */
function modelApp(name: string): { app: string; file: string } {
  const app = join(root, name);
  mkdirSync(join(app, "app/models"), { recursive: true });
  mkdirSync(join(app, "db"), { recursive: true });
  writeFileSync(join(app, "db/schema.rb"), "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n");
  copyFileSync(join(dir, `${name}.rb`), join(app, "app/models/post.rb"));
  return { app, file: join(app, "app/models/post.rb") };
}

function diagnose(name: string): string[] {
  const { app, file } = modelApp(name);
  return parseApp(app).diagnostics.list.filter((d) => d.span.file === file).map((d) => formatDiagnostic(d).split("\n")[0]!.slice(file.length + 1));
}

describe("syntax errors, beside what Ruby 3.3 said", () => {
  for (const [name, want] of Object.entries(EXPECTED)) {
    it(name, () => {
      const got = diagnose(name);
      expect(got).toEqual(want);
      const ruby = readFileSync(join(dir, `${name}.ruby.txt`), "utf8");
      if (!want.length) expect(ruby).toBe("Syntax OK\n");
      for (const line of got) expect(ruby).toContain(line.replace(/^.*Ruby syntax error: /, ""));
    });
  }

  for (const [name, want] of Object.entries(EXPECTED_ERB)) {
    it(`${name}.html.erb`, () => {
      const got = diagnoseErb(name);
      expect(got).toEqual(want);
      const ruby = readFileSync(join(dir, `${name}.ruby.txt`), "utf8");
      for (const line of got) expect(ruby).toContain(line.replace(/^.*Ruby syntax error: /, ""));
    });
  }

  it("the code frame points at the token", () => {
    // Its own app (the case's test above may not have run: -t, or another order).
    const { app, file } = modelApp("unclosed_call_in_model");
    const [d] = parseApp(app).diagnostics.list.filter((x) => x.span.file === file);
    expect(formatDiagnostic(d!).split("\n").slice(1)).toEqual([
      "  4 |   def preview",
      '  5 |     body.truncate(100, omission: "..."',
      "> 6 |   end",
      "    |   ^",
      "  7 | end",
    ]);
  });
});
