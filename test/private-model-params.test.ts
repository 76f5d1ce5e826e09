// A model's private method's parameters typed by the calls of it written on self (issue 18): Ruby refuses an
// explicit receiver for a private method, so a call of the same name on another receiver (a route helper of the
// same name on url_helpers) cannot reach it. Expected lines are written by hand from Ruby's dispatch rules.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const author = (visibility: string) => [
  "class Author < ApplicationRecord",
  "  has_many :posts",
  "  def welcome(post)\n    post_path(post)\n  end",
  visibility,
  "  def post_path(post)",
  "    post.title",
  "    Rails.application.routes.url_helpers.post_path(post)",
  "  end",
  "end\n",
].join("\n");

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "posts" do |t|\n    t.string "title", null: false\n    t.integer "author_id"\n  end',
    '  create_table "authors" do |t|\n    t.string "name", null: false\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/post.rb": "class Post < ApplicationRecord\n  belongs_to :author\n  def greet\n    author.welcome(self)\n  end\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

describe("a model's private method's parameters", () => {
  it("are typed by its calls on self, whatever a same-named call on another receiver passes", async () => {
    const out = await emittedApp("private-model-params", BASE, { "app/models/author.rb": author("  private\n") });
    expect(lineWith(out.get("models/author.ts"), ".title")).toBe("(post as Post).title;");
  });

  it("stay untyped where the method is public (the other receiver's call may reach it)", async () => {
    const out = await emittedApp("private-model-params-public", BASE, { "app/models/author.rb": author("") });
    expect(lineWith(out.get("models/author.ts"), '"title"')).toBe('send(post, "title");');
  });

  it("stay untyped where a call on self passes something else", async () => {
    const out = await emittedApp("private-model-params-other", BASE, {
      "app/models/author.rb": author("  private\n").replace("  private\n", "  def other\n    post_path(name)\n  end\n  private\n"),
    });
    expect(lineWith(out.get("models/author.ts"), '"title"')).toBe('send(post, "title");');
  });
});
