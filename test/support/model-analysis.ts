// One model class analyzed as the compiler does (src/analyze/models.ts), over a one-table schema of string columns
// (plus an integer id): what a test of a model macro's analysis needs, and nothing of the rest of an app.
import { analyzeModelFiles, type ModelInfo } from "../../src/analyze/models.js";
import { Diagnostics } from "../../src/diagnostics/index.js";
import type { SourceFile } from "../../src/parse/app.js";
import { parseRuby } from "../../src/parse/ruby.js";
import type { Schema } from "../../src/parse/schema.js";

const file = (path: string, source: string): SourceFile => ({ path, absPath: `/app/${path}`, source, body: parseRuby(source, `/app/${path}`).body });

/** LINES (`class X < ApplicationRecord ... end`) as app/models/<file>.rb over TABLE's COLUMNS (name -> type). */
export function analyzeOneModel(table: string, columns: Record<string, string>, lines: string[]): { model: ModelInfo; diags: Diagnostics } {
  const schema = {
    tables: [{ name: table, primaryKey: "id", columns: Object.entries({ id: "integer", ...columns }).map(([name, type]) => ({ name, type, null: name !== "id", default: null })), indexes: [] }],
    foreignKeys: [],
  } as unknown as Schema;
  const diags = new Diagnostics();
  const models = analyzeModelFiles([
    file("app/models/application_record.rb", "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n"),
    file("app/models/model.rb", lines.join("\n")),
  ], schema, diags).models.filter((m) => !m.abstract);
  return { model: models[0]!, diags };
}
