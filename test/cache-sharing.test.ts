// Which fragments a request render and a broadcast render may share (src/analyze/request-dependence.ts): a
// fragment whose template, partials, helpers and model methods read nothing of the request is the same bytes
// either way and shares Rails' keys; one that reads the request (a form's token, request, CurrentAttributes, ...)
// keeps one namespace per render kind. Each case is a small app compiled by the real pipeline.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeApp } from "../src/analyze/app-model.js";
import { lowerApp } from "../src/lower/index.js";
import { parseApp } from "../src/parse/app.js";
import { scratchDir } from "./support/scratch.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title"\n    t.timestamps\n  end\nend\n',
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/current.rb": "class Current < ActiveSupport::CurrentAttributes\n  attribute :user\nend\n",
  "app/models/post.rb":
    "class Post < ApplicationRecord\n  def shouted\n    title.upcase\n  end\n\n  def seen_by\n    Current.user\n  end\nend\n",
  "app/helpers/posts_helper.rb": "module PostsHelper\n  def byline(post)\n    tag.span post.title\n  end\n\n  def here\n    request.path\n  end\nend\n",
};

function sharing(views: Record<string, string>): string[] {
  const root = scratchDir("sharing");
  for (const [path, text] of Object.entries({ ...BASE, ...views })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const app = analyzeApp(parseApp(root));
  lowerApp(app);
  return app.cacheSites.map((s) => `${s.span.file.slice(root.length + 1)} ${s.sharing ?? "-"}`);
}

const SHARED = "shared by request and broadcast renders (nothing in it reads the request)";

describe("fragment sharing between request and broadcast renders", () => {
  it("shares a fragment of attributes, model methods and helpers that read nothing of the request", () => {
    expect(sharing({ "app/views/posts/_post.html.erb": "<% cache post do %><%= post.shouted %> <%= byline(post) %> <%= post_path(post) %><% end %>\n" }))
      .toEqual([`app/views/posts/_post.html.erb ${SHARED}`]);
  });

  it("keeps apart a fragment whose nested partial renders a form (its CSRF input)", () => {
    expect(sharing({
      "app/views/posts/_post.html.erb": '<% cache post do %><%= render "posts/actions", post: post %><% end %>\n',
      "app/views/posts/_actions.html.erb": '<%= button_to "Delete", post_path(post), method: :delete %>\n',
    })).toEqual(["app/views/posts/_post.html.erb request and broadcast renders keep apart: reads button_to at app/views/posts/_actions.html.erb:1:5"]);
  });

  it("keeps apart a fragment that calls a helper reading the request", () => {
    expect(sharing({ "app/views/posts/_post.html.erb": "<% cache post do %><%= here %><% end %>\n" }))
      .toEqual(["app/views/posts/_post.html.erb request and broadcast renders keep apart: reads request at app/helpers/posts_helper.rb:7:5"]);
  });

  it("keeps apart a fragment that calls a model method reading CurrentAttributes", () => {
    expect(sharing({ "app/views/posts/_post.html.erb": "<% cache post do %><%= post.seen_by %><% end %>\n" }))
      .toEqual(["app/views/posts/_post.html.erb request and broadcast renders keep apart: reads Current (CurrentAttributes) at app/models/post.rb:7:5"]);
  });

  it("keeps apart a fragment with a full URL (its host is the request's)", () => {
    expect(sharing({ "app/views/posts/_post.html.erb": "<% cache post do %><%= post_url(post) %><% end %>\n" }))
      .toEqual(["app/views/posts/_post.html.erb request and broadcast renders keep apart: reads post_url at app/views/posts/_post.html.erb:1:24"]);
  });
});
