// inclusion/exclusion lists named by a constant (`validates :kind, inclusion: { in: KINDS }`), as Rails apps write
// them: the constant's literal (frozen or not, the model's own or a module's) becomes the validator's list; a constant
// whose value is computed stays declined.
import { describe, expect, it } from "vitest";
import { analyzeModelFiles } from "../src/analyze/models.js";
import { Diagnostics } from "../src/diagnostics/index.js";
import type { SourceFile } from "../src/parse/app.js";
import { parseRuby } from "../src/parse/ruby.js";
import type { Schema } from "../src/parse/schema.js";

const columns = ["id", "kind", "name", "tier"].map((name) => ({ name, type: name === "id" ? "integer" : "string", null: true, default: null }));
const schema = { tables: [{ name: "items", primaryKey: "id", columns, indexes: [] }], foreignKeys: [] } as unknown as Schema;
const file = (path: string, source: string): SourceFile => ({ path, absPath: `/app/${path}`, source, body: parseRuby(source, `/app/${path}`).body });

describe("inclusion and exclusion lists named by a constant", () => {
  const diags = new Diagnostics();
  const [item] = analyzeModelFiles([
    file("app/models/application_record.rb", "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n"),
    file("app/models/tiers.rb", "module Tiers\n  ALL = %w[gold silver]\nend\n"),
    file("app/models/item.rb", [
      "class Item < ApplicationRecord",
      "  KINDS = %w[book game].freeze",
      "  COMPUTED = KINDS.map(&:upcase)",
      "  validates :kind, inclusion: { in: KINDS }",
      "  validates :name, exclusion: { in: %w[admin] }",
      "  validates :tier, inclusion: { in: Tiers::ALL, allow_nil: true }",
      "  validates :name, inclusion: { in: COMPUTED }",
      "end",
    ].join("\n")),
  ], schema, diags).models.filter((m) => !m.abstract);

  it("are the constants' literals", () => {
    expect(item!.validations.map(({ attribute, validator, options }) => [attribute, validator, options])).toEqual([
      ["kind", "inclusion", { in: ["book", "game"] }],
      ["name", "exclusion", { in: ["admin"] }],
      ["tier", "inclusion", { in: ["gold", "silver"], allow_nil: true }],
    ]);
  });

  it("and a computed one is declined where it is written", () => {
    expect(diags.list.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
      "7:31 unsupported_option: option not supported: validates inclusion: with a non-literal value",
    ]);
  });
});
