// Object#with_options (ActiveSupport::OptionMerger) around a class body's macros, and a macro given a `def` (Ruby's
// def answers the method's name): the shapes Rails apps write, e.g.
//   with_options presence: true do validates :title; validates :genre, inclusion: { in: GENRES } end
//   helper_method def current_user ... end
// Each merged macro is the one Rails runs: the shared options first, the call's own on top (deep_merge), so a
// presence validator precedes the call's own validators, as ActiveModel adds them in the order of the options hash.
import { describe, expect, it } from "vitest";
import { flattenBody, collectConstants } from "../src/analyze/constants.js";
import type { SourceFile } from "../src/parse/app.js";
import { parseRuby } from "../src/parse/ruby.js";
import { analyzeOneModel } from "./support/model-analysis.js";

const file = (path: string, source: string): SourceFile => ({ path, absPath: `/app/${path}`, source, body: parseRuby(source, `/app/${path}`).body });

describe("with_options around validations", () => {
  const { model: book, diags } = analyzeOneModel("books", { title: "string", genre: "string", copies: "integer" }, [
    "class Book < ApplicationRecord",
    "  with_options presence: true do",
    "    validates :title",
    "    validates :genre, inclusion: { in: %w[Fantasy Horror] }",
    "    validates :copies, numericality: { greater_than: 0 }, presence: { message: \"is needed\" }",
    "  end",
    "  with_options allow_nil: true do |o|",
    "    o.validates :title, length: { maximum: 10 }",
    "  end",
    "end",
  ]);

  it("are each macro with the options merged under its own", () => {
    expect(book!.validations.map(({ attribute, validator, options }) => [attribute, validator, options])).toEqual([
      ["title", "presence", {}],
      ["genre", "presence", {}],
      ["genre", "inclusion", { in: ["Fantasy", "Horror"] }],
      ["copies", "presence", { message: "is needed" }],
      ["copies", "numericality", { greater_than: 0 }],
      ["title", "length", { maximum: 10, allow_nil: true }],
    ]);
    expect(diags.list).toEqual([]);
  });
});

describe("a macro given a def", () => {
  it("defines the method (at the visibility in force) and passes the macro its name", () => {
    const source = [
      "class SessionsController < ApplicationController",
      "  private",
      "  helper_method def signed_in?",
      "    true",
      "  end",
      "end",
    ].join("\n");
    const list = collectConstants([file("app/controllers/sessions_controller.rb", source)]);
    const flat = flattenBody(list, list, new Map());
    expect(flat.methods.map((d) => d.name)).toEqual(["signed_in?"]);
    expect([...flat.privateMethods]).toEqual(["signed_in?"]);
    expect(flat.body.map((s) => (s.kind === "call" ? [s.method, s.args.map((a) => (a.kind === "sym" ? `:${a.name}` : a.kind))] : s.kind))).toEqual([["helper_method", [":signed_in?"]]]);
  });
});
