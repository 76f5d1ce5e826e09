// What a model's own method answers, proved by its lowering (model/method-results.ts), known where controllers, views
// and helpers call it (issue 18): the models are settled in scratch before those are lowered, not only after. The
// expected lines are written by hand: `"text".inquiry` is an ActiveSupport::StringInquirer in Rails, whose `text?`
// is `self == "text"`.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "posts" do |t|\n    t.string "title", null: false\n    t.text "body"\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/post.rb": [
    "class Post < ApplicationRecord",
    "  def kind",
    "    case",
    '    when body.present? then "text"',
    '    else "empty"',
    "    end.inquiry",
    "  end",
    "end\n",
  ].join("\n"),
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def show\n    @post = Post.find(params[:id])\n  end\nend\n",
  "app/views/posts/show.html.erb": "<% if @post.kind.text? %>text<% end %>\n",
};

describe("a model method's proved result, seen by a view that calls it", () => {
  it("types the call on it: `@post.kind.text?` is the StringInquirer's own check", async () => {
    const out = await emittedApp("model-results-early", BASE);
    expect(lineWith(out.get("views/posts/show.html.ts"), ".kind()")).toBe('if (((view.assigns.post as Post).kind() as StringInquirer).inquire("text")) {');
  });

  it("keeps the dynamic path where the method's result is not one type", async () => {
    const out = await emittedApp("model-results-early-unproved", BASE, {
      "app/models/post.rb": 'class Post < ApplicationRecord\n  def kind\n    body.present? ? "text".inquiry : body\n  end\nend\n',
    });
    expect(lineWith(out.get("views/posts/show.html.ts"), ".kind()")).toBe('if (truthy(send((view.assigns.post as Post).kind(), "text?"))) {');
  });

  it("types a String result too: `@post.initials.size` is String#size", async () => {
    const out = await emittedApp("model-results-early-string", BASE, {
      "app/models/post.rb": "class Post < ApplicationRecord\n  def initials\n    title.scan(/\\b\\w/).join\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= @post.initials.size %>\n",
    });
    expect(lineWith(out.get("views/posts/show.html.ts"), ".initials()")).toBe("out.append(StringMethods.size((view.assigns.post as Post).initials() as string));");
  });
});
