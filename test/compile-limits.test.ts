// Sources past what the compiler takes, and routes Rails refuses, found by the compiler fuzzer (test/fuzz): each is an
// error diagnostic at file:line:col and a CompileError, never a native abort, a hang or an internal_error.
// Rails' words for the routes were recorded from Rails 7.2.4's `bin/rails routes` (ArgumentError at boot):
//   get "stats"                            Missing :controller key on routes definition, please check your routes.
//   irregular "|cactus", "cacti" + resources :cacti inside namespace :api
//                                          Invalid route name: 'new_api_|cactus'
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { CompileError, type Diagnostic } from "../src/diagnostics/index.js";
import { MAX_TREE_DEPTH } from "../src/parse/ruby.js";
import { scratchDir } from "./support/scratch.js";

/** A broken `module` line with a `+**` inside a 22,000-term sum: tree-sitter 0.21's recovery took 11 s on it. */
const SLOW = `module Slow${" + a".repeat(2000)} +** a${" + a".repeat(20_000)}\nend\n`;

function app(files: Record<string, string>): string {
  const root = scratchDir("limits");
  const all = {
    "config/application.rb": 'require "rails"\n',
    "config/routes.rb": "Rails.application.routes.draw do\nend\n",
    "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n",
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

async function refusal(root: string): Promise<[string, string, number, number, string][]> {
  const err = await compile(root).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(CompileError);
  return (err as CompileError).diagnostics.map((d: Diagnostic) => [d.code, d.span.file.slice(root.length + 1), d.span.line, d.span.column, d.message]);
}

describe("sources past the compiler's limits", () => {
  it(`a source nested more than ${MAX_TREE_DEPTH} levels deep is nesting_too_deep at its deepest line`, async () => {
    const root = app({ "app/models/deep.rb": `class Deep\n  X = ${"[".repeat(2000)}1${"]".repeat(2000)}\nend\n` });
    const [[code, file, line, column, message]] = await refusal(root);
    expect([code, file, line, message]).toEqual(["nesting_too_deep", "app/models/deep.rb", 2, `source nested deeper than rails2ts lowers: nested more than ${MAX_TREE_DEPTH} levels deep here`]);
    expect(column).toBeGreaterThan(7);
  });

  it("a source tree-sitter's error recovery cannot finish in time is parse_timeout, and the compile ends", async () => {
    const root = app({ "app/models/slow.rb": SLOW });
    expect(await refusal(root)).toEqual([["parse_timeout", "app/models/slow.rb", 1, 1, "the Ruby parser took too long on this source: gave up after 5 s"]]);
  }, 60_000);

  it("the next source parses normally after a timeout (the parser is reset, not resumed)", async () => {
    await refusal(app({ "app/models/slow.rb": SLOW }));
    const ok = await compile(app({ "app/models/fine.rb": "class Fine\n  def self.x = 1\nend\n" }));
    expect(ok.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  }, 60_000);
});

describe("routes Rails refuses to draw", () => {
  it("a route with no controller is route_error at its line, in Rails' words", async () => {
    const root = app({ "config/routes.rb": 'Rails.application.routes.draw do\n  get "stats"\nend\n' });
    expect(await refusal(root)).toEqual([
      ["route_error", "config/routes.rb", 2, 3, "Rails refuses this route (the app would not boot): Missing :controller key on routes definition, please check your routes."],
    ]);
  });

  it("a route name an inflection made invalid is route_error at the resources line", async () => {
    const root = app({
      "config/initializers/inflections.rb": 'ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.irregular "|cactus", "cacti"\nend\n',
      "config/routes.rb": "Rails.application.routes.draw do\n  namespace :api do\n    resources :cacti\n  end\nend\n",
    });
    expect(await refusal(root)).toEqual([
      ["route_error", "config/routes.rb", 3, 5, "Rails refuses this route (the app would not boot): Invalid route name: 'new_api_|cactus'"],
    ]);
  });
});

describe("routes with an option that is not a literal", () => {
  it("are reported at the option and not drawn at all (a dropped constraint would open the route)", async () => {
    const root = app({
      "config/routes.rb": 'Rails.application.routes.draw do\n  get "admin" => "pages#admin", constraints: ->(req) { req.remote_ip == "10.0.0.1" }\n  get "open" => "pages#open"\nend\n',
      "app/controllers/pages_controller.rb": "class PagesController < ApplicationController\n  def admin = render(plain: \"admin\")\n  def open = render(plain: \"open\")\nend\n",
      "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    });
    const out = scratchDir("route-option");
    const compiled = await compile(root, { out });
    expect(compiled.diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
      "2:46 unsupported_route: route form not supported: non-literal option (the route is not drawn)",
    ]);
    const { readFileSync } = await import("node:fs");
    const routes = readFileSync(join(out, "src/routes.ts"), "utf8");
    expect([routes.includes('"/open(.:format)"') || routes.includes("/open"), routes.includes("admin")]).toEqual([true, false]);
  });
});

describe("sources the fuzzer turned up", () => {
  it("a regexp literal 400,000 letters long compiles in linear time, its flags kept (reading them backtracked per letter)", async () => {
    const root = app({ "app/models/long_pattern.rb": `class LongPattern\n  PATTERN = /${"a".repeat(400_000)} b/i\nend\n` });
    const result = await compile(root);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const emitted = result.files.find((f) => f.text.includes("class LongPattern"))?.text;
    expect(emitted).toMatch(/a b\/i|"i"/);
  }, 20_000);

  it("a 40-word command chain (a %w that lost its %) lowers: each argument is lowered once, not twice per level", async () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    const root = app({ "app/models/tags.rb": `class Tags\n  ALLOWED = w[ ${words} ] + [1]\n  def self.all = ALLOWED.map { |t| t }\nend\n` });
    const result = await compile(root);
    expect(result.diagnostics.filter((d) => d.code === "internal_error")).toEqual([]);
  }, 60_000);

  it("a column whose name is no JS identifier is a quoted property of its model, not invalid emitted code", async () => {
    const root = app({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "notes", force: :cascade do |t|\n    t.string "odd name# é\n"\n  end\nend\n',
      "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
      "app/models/note.rb": "class Note < ApplicationRecord\nend\n",
    });
    const result = await compile(root);
    expect(result.diagnostics.filter((d) => d.code === "internal_error")).toEqual([]);
    const model = result.files.find((f) => f.path.endsWith("models/note.ts"));
    expect(model?.text ?? "").toContain('declare "odd name# é\\n": string | null;');
  });

  it("operator methods and names with characters JS cannot spell compile to valid code", async () => {
    const root = app({
      "app/models/money.rb": "class Money\n  def /(parts) = 1\n  def ==(other) = true\n  def <=>(other) = 0\nend\n",
      "app/models/odd.rb": "class Odd\n  def self.x\n    v\u{FFFD} = 1\n  end\nend\n",
    });
    const result = await compile(root);
    expect(result.diagnostics.filter((d) => d.code === "internal_error")).toEqual([]);
    expect(result.diagnostics.filter((d) => d.span.file.endsWith("odd.rb")).map((d) => [d.code, d.span.line])).toEqual([["unsupported_construct", 3]]);
  });
});

describe("code frames of very long lines", () => {
  it("shows a window around the column, cut with an ellipsis, instead of the whole line", async () => {
    const { codeFrame } = await import("../src/diagnostics/index.js");
    const long = `x = [${"1, ".repeat(100_000)}(]\n`;
    const column = long.indexOf("(") + 1;
    const frame = codeFrame(`a = 1\n${long}b = 2\n`, 2, column);
    const lines = frame.split("\n");
    expect(lines.every((l) => l.length < 200)).toBe(true);
    const marked = lines.find((l) => l.startsWith(">"))!;
    const caret = lines[lines.indexOf(marked) + 1]!;
    // The caret stands under the "(" the diagnostic points at.
    expect(marked[caret.indexOf("^")]).toBe("(");
    expect(marked).toMatch(/^> 2 \| …[ ,1]+\(\]$/);
    // A short line is printed whole, caret and all.
    expect(codeFrame("a = 1\nfoo(", 2, 4)).toBe("  1 | a = 1\n> 2 | foo(\n    |    ^");
  });
});
