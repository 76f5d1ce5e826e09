// The model names the compiler emits for models inside a module that uses relative model naming: the engines'
// (isolate_namespace ActionText / ActiveStorage defines `use_relative_model_naming?` on the module) and an app's
// own. Expected values are what Rails 7.2 gives (ActiveModel::Naming#model_name with that module as namespace).
import { describe, expect, it } from "vitest";
import { engineModelFiles } from "../src/analyze/framework-models.js";
import { analyzeModelFiles } from "../src/analyze/models.js";
import { Diagnostics } from "../src/diagnostics/index.js";
import type { SourceFile } from "../src/parse/app.js";
import { parseRuby } from "../src/parse/ruby.js";
import type { Schema } from "../src/parse/schema.js";

const id = { name: "id", type: "integer", null: false, default: null } as const;
const schema = (...tables: string[]): Schema => ({
  tables: tables.map((name) => ({ name, primaryKey: "id", columns: [id], indexes: [] })) as unknown as Schema["tables"],
  foreignKeys: [],
});

function keysOf(files: SourceFile[], s: Schema): Record<string, string[]> {
  const models = analyzeModelFiles(files, s, new Diagnostics()).models.filter((m) => !m.abstract);
  return Object.fromEntries(models.map((m) => [m.className, [m.names.paramKey, m.names.routeKey, m.names.singularRouteKey, m.names.singular, m.names.i18nKey]]));
}

function appFile(path: string, source: string): SourceFile {
  return { path, absPath: `/app/${path}`, source, body: parseRuby(source, `/app/${path}`).body };
}

describe("relative model naming", () => {
  it("leaves the engine's module out of its models' param and route keys", () => {
    const s = schema("action_text_rich_texts", "active_storage_attachments", "active_storage_blobs");
    expect(keysOf(engineModelFiles(s, [], false), s)).toEqual({
      "ActionText::RichText": ["rich_text", "rich_texts", "rich_text", "action_text_rich_text", "action_text/rich_text"],
      "ActiveStorage::Attachment": ["attachment", "attachments", "attachment", "active_storage_attachment", "active_storage/attachment"],
      "ActiveStorage::Blob": ["blob", "blobs", "blob", "active_storage_blob", "active_storage/blob"],
    });
  });

  it("applies to an app's module that answers use_relative_model_naming? true, and only to it", () => {
    const s = schema("posts", "account_foos");
    const files = [
      appFile("app/models/application_record.rb", "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n"),
      appFile("app/models/blog.rb", "module Blog\n  def self.use_relative_model_naming?\n    true\n  end\n\n  def self.table_name_prefix\n    \"\"\n  end\nend\n"),
      appFile("app/models/blog/post.rb", "class Blog::Post < ApplicationRecord\nend\n"),
      appFile("app/models/account/foo.rb", "module Account\n  class Foo < ApplicationRecord\n  end\nend\n"),
    ];
    expect(keysOf(files, s)).toEqual({
      "Blog::Post": ["post", "posts", "post", "blog_post", "blog/post"],
      "Account::Foo": ["account_foo", "account_foos", "account_foo", "account_foo", "account/foo"],
    });
  });
});
