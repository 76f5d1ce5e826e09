// Issue 18, views and view-context helpers: the direct calls Rails' own semantics prove in templates, partials and
// the objects helpers build with the view (expected lines written by hand from what Rails dispatches to), and the
// sites that stay declined.
import { describe, expect, it } from "vitest";
import { compileProbe, lineWith } from "./support/view-probe.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n  end\nend\n',
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/post.rb": "class Post < ApplicationRecord\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/posts_controller.rb": [
    "class PostsController < ApplicationController",
    "  def show\n    @post = Post.find(params[:id])\n  end",
    "  def create\n    redirect_to main_app.post_url(Post.create!(title: params[:title]))\n  end",
    "end\n",
  ].join("\n"),
};

const probe = (files: Record<string, string>) => compileProbe({ ...BASE, ...files });

describe("main_app: the application's route helpers (RoutesProxy)", () => {
  it("calls a route the app draws as the receiver-less helper does, in a view and in a controller", async () => {
    const out = await probe({ "app/views/posts/show.html.erb": '<%= link_to "All", main_app.posts_path %>\n<%= main_app.post_url(@post) %>\n' });
    const view = out.files.get("views/posts/show.html.ts");
    expect(lineWith(view, "postsPath")).toContain('view.linkTo("All", routes.postsPath(view))');
    expect(lineWith(view, "postUrl")).toBe("out.append(routes.postUrl(view, view.assigns.post as Post));");
    expect(lineWith(out.files.get("controllers/posts_controller.ts"), "postUrl")).toContain("routes.postUrl(this, ");
    expect(out.diagnostics.filter((d) => d.code === "unknown_helper")).toEqual([]);
  });

  it("declines a route the app's routes.rb does not draw: a diagnostic at the call, and a raise where it is reached", async () => {
    const out = await probe({ "app/views/posts/show.html.erb": "<%= main_app.rails_conductor_inbound_emails_path(@post) %>\n" });
    expect(lineWith(out.files.get("views/posts/show.html.ts"), "conductor")).toBe('out.append(unsupported("main_app.rails_conductor_inbound_emails_path"));');
    const declined = out.diagnostics.filter((d) => d.code === "unknown_helper").map((d) => `${d.span.line}:${d.span.column}`);
    expect(declined).toEqual(["1:5"]);
  });

  it("keeps a local named main_app the ordinary way (a render passing it shadows the helper)", async () => {
    const out = await probe({
      "app/views/posts/show.html.erb": '<%= render "posts/links", main_app: @post %>\n',
      "app/views/posts/_links.html.erb": "<%= main_app.posts_path %>\n",
    });
    expect(lineWith(out.files.get("views/posts/_links.html.ts"), "posts_path")).toContain('send(readLocal(locals, "main_app")');
  });
});

describe("a plain class's delegates to the view it is built with (context: self)", () => {
  const presenter = [
    "class Posts::Card",
    "  def initialize(post, context:)\n    @post, @context = post, context\n  end",
    "  def render\n    tag.div(class: \"card\") { link_to(post.title, post) + badge(post) }\n  end",
    "  def download\n    rails_blob_path(post)\n  end",
    "  private",
    "    attr_reader :post, :context",
    "    delegate :tag, :link_to, :badge, :rails_blob_path, to: :context",
    "end\n",
  ].join("\n");
  const helper = 'module PostsHelper\n  def card(post)\n    Posts::Card.new(post, context: self).render\n  end\n\n  def badge(post)\n    tag.span(post.title)\n  end\nend\n';

  it("calls the view's helper, the app's helper and the view's tag builder directly, and declines a name the view lacks", async () => {
    const out = await probe({ "app/helpers/posts/card.rb": presenter, "app/helpers/posts_helper.rb": helper, "app/views/posts/show.html.erb": "<%= card @post %>\n" });
    const card = out.files.get("models/posts/card.ts");
    expect(lineWith(card, "linkTo(...args)")).toBe("return (this.context as View).linkTo(...args);");
    expect(lineWith(card, "helpers.badge(")).toBe("return helpers.badge(this.context as View, ...args);");
    expect(lineWith(card, '"div"')).toContain('tagElement("div", { class: "card" }, ');
    expect(lineWith(card, 'unsupported("rails_blob_path")')).toBe('return unsupported("rails_blob_path");');
    expect(card).not.toMatch(/\bsend\(/);
    const declined = out.diagnostics.filter((d) => d.code === "unknown_helper").map((d) => `${d.span.file.split("/").pop()}:${d.span.line}`);
    expect(declined).toEqual(["card.rb:13"]);
  });

  it("keeps the dynamic path where some `new` passes something that is not the view", async () => {
    const controller = "class PostsController < ApplicationController\n  def show\n    @post = Post.find(params[:id])\n    Posts::Card.new(@post, context: params[:c])\n  end\nend\n";
    const out = await probe({ "app/helpers/posts/card.rb": presenter, "app/helpers/posts_helper.rb": helper, "app/views/posts/show.html.erb": "<%= card @post %>\n", "app/controllers/posts_controller.rb": controller });
    const card = out.files.get("models/posts/card.ts");
    expect(lineWith(card, '"link_to"')).toBe('return send(this.context, "link_to", ...args);');
    expect(lineWith(card, '"div"')).toContain('send(this.tag(), "div"');
  });
});

describe("an attachable's partial, which Action Text renders with the attachment as its local", () => {
  const embed = (path: string) => `class Embeds::Card\n  include ActiveModel::Model\n  attr_accessor :href\n\n  def to_partial_path\n    ${path}\n  end\nend\n`;
  const partial = { "app/views/embeds/cards/_card.html.erb": "<%= link_to card.try(:caption), card.href %>\n" };

  it("types the local as the ActionText::Attachment: its own methods on it, the rest on its attachable (delegate_missing_to)", async () => {
    const out = await probe({ "app/models/embeds/card.rb": embed('"embeds/cards/card"'), ...partial });
    const view = out.files.get("views/embeds/cards/_card.html.ts");
    const code = (view ?? "").replace(/\s+/g, " ");
    expect(code).toContain('view.linkTo( (readLocal(locals, "card") as ActionTextAttachment).caption(), ((readLocal(locals, "card") as ActionTextAttachment).attachable as Embeds_Card).href, )');
    expect(code).not.toMatch(/\bsend\(/);
  });

  it("leaves it untyped where a template renders the partial itself, or a partial path is computed", async () => {
    const named = await probe({ "app/models/embeds/card.rb": embed('"embeds/cards/card"'), ...partial, "app/views/posts/show.html.erb": '<%= render "embeds/cards/card", card: @post %>\n' });
    expect(named.files.get("views/embeds/cards/_card.html.ts")).toContain('send(readLocal(locals, "card") as unknown, "href")');
    const computed = await probe({ "app/models/embeds/card.rb": embed('"embeds/cards/#{href}"'), ...partial });
    expect(computed.files.get("views/embeds/cards/_card.html.ts")).toContain('send(readLocal(locals, "card") as unknown, "href")');
  });
});

describe("a helper module's constant holding an instance of one of the app's plain classes", () => {
  it("is typed as that class: its methods are called directly", async () => {
    const out = await probe({
      "app/models/chain.rb": "class Chain\n  def initialize(*steps)\n    @steps = steps\n  end\n\n  def apply(value)\n    @steps.size\n  end\nend\n",
      "app/helpers/posts_helper.rb": "module PostsHelper\n  CHAIN = Chain.new(1, 2)\n  OTHER = Object.const_get(\"Chain\").new\n\n  def chained(value)\n    CHAIN.apply(value)\n  end\n\n  def other(value)\n    OTHER.apply(value)\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= chained @post %><%= other @post %>\n",
    });
    expect(lineWith(out.files.get("constants.ts"), "PostsHelper_CHAIN()")).toBe("export function PostsHelper_CHAIN(): Chain {");
    expect(lineWith(out.files.get("helpers.ts"), "CHAIN()")).toBe("return constants.PostsHelper_CHAIN().apply(value as Post);");
    expect(lineWith(out.files.get("helpers.ts"), "OTHER()")).toBe('return send(constants.PostsHelper_OTHER(), "apply", value as Post);');
  });
});

describe("ActiveSupport::StringInquirer (Rails.env, String#inquiry)", () => {
  it("calls a `name?` no String method answers as its method_missing, directly; a String predicate keeps the dynamic path", async () => {
    const out = await probe({
      "app/models/post.rb": 'class Post < ApplicationRecord\n  def kind\n    case\n    when title.present? then "titled"\n    else "blank"\n    end.inquiry\n  end\nend\n',
      "app/views/posts/show.html.erb": "<%= Rails.env.production? %><%= Rails.env.empty? %>\n",
    });
    const view = out.files.get("views/posts/show.html.ts");
    // Rails.env is an EnvironmentInquirer (rails-api-sends.test.ts): production? its own method; empty? by name.
    expect(lineWith(view, "isProduction")).toBe("out.append(RailsModule.env().isProduction());");
    expect(lineWith(view, "empty")).toBe('out.append(send(RailsModule.env(), "empty?"));');
    // A case whose every branch is a String literal is a String: its inquiry is String's, called directly.
    expect(lineWith(out.files.get("models/post.ts"), "inquiry")).toBe("return StringMethods.inquiry(");
  });

  it("answers as Rails 7.2.4 does (recorded: `\"foo_bar\".inquiry.foo_bar?` true, `.foobar?` false, production/development)", async () => {
    const { StringMethods } = await import("../runtime/active-support/core-ext/core-string.js");
    const i = StringMethods.inquiry("foo_bar");
    const env = StringMethods.inquiry("production");
    expect([i.inquire("foo_bar"), i.inquire("foobar"), env.inquire("production"), env.inquire("development")]).toEqual([true, false, true, false]);
    // The dynamic path answers alike (it once compared without underscores: foobar? was true for "foo_bar").
    const { send } = await import("../runtime/index.js");
    expect([send(i, "foo_bar?"), send(i, "foobar?"), send(env, "production?"), send(env, "development?")]).toEqual([true, false, true, false]);
  });
});

describe("to_s of a nullable String", () => {
  it("is a String (nil's \"\" or the String itself), so html_safe on it is String's, called directly", async () => {
    const out = await probe({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n    t.text "css"\n  end\nend\n',
      "app/helpers/posts_helper.rb": "module PostsHelper\n  def styles(post)\n    post.css.to_s.html_safe\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= styles @post %>\n",
    });
    const helpers = (out.files.get("helpers.ts") ?? "").replace(/\s+/g, " ");
    expect(helpers).toContain("return StringMethods.htmlSafe( ((v1: string | null) => (v1 == null ? ObjectMethods.toS(v1) : StringMethods.toS(v1)))((post as Post).css), );");
  });
});

describe("truncate's answer", () => {
  it("is a SafeBuffer or nil (TextHelper#truncate): html_safe on it is String's, nil raising NoMethodError", async () => {
    const out = await probe({ "app/views/posts/show.html.erb": "<%= truncate(@post.title, length: 5).html_safe %>\n" });
    const view = (out.files.get("views/posts/show.html.ts") ?? "").replace(/\s+/g, " ");
    expect(view).toContain('StringMethods.htmlSafe(nonNil(view.truncate((view.assigns.post as Post).title, { length: 5 }), "html_safe"))');
  });
});

describe("a core class the app reopens (lib/: class String; def shout?)", () => {
  it("calls the app's method directly on a receiver typed as that class, and by name on one not proved", async () => {
    const out = await probe({
      "lib/core_ext/string.rb": 'class String\n  def shout?\n    end_with?("!")\n  end\nend\n',
      "app/helpers/posts_helper.rb": "module PostsHelper\n  def loud?(value)\n    value.shout?\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= @post.title.shout? %><%= loud?(params[:q]) %>\n",
    });
    expect(lineWith(out.files.get("views/posts/show.html.ts"), "isShout")).toBe("out.append(CoreExt_String.isShout.call((view.assigns.post as Post).title));");
    expect(lineWith(out.files.get("models/core_ext/string.ts"), "extendCore(")).toBe('extendCore("String", CoreExt_String);');
    expect(lineWith(out.files.get("helpers.ts"), "shout")).toBe('return send(value, "shout?");');
  });
});
