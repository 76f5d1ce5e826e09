// Issue 18: Action Text code as apps write it, typed along Rails' own edges so its calls are direct: a chain of
// content filters (a Filters object built from a list of Filter subclasses: the list typed from its constructor's
// rest parameter, reduce's block given its elements), a reopened ActionText::Attachment's class methods (their
// parameters as Rails' callers and their own calls pass them), and a plain class's class methods (by every call).
// Each case is a small Rails app compiled by the real pipeline; the expected lines are written by hand.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { ACTION_TEXT_APP } from "./support/action-text-app.js";

const BASE: Record<string, string> = {
  ...ACTION_TEXT_APP,
  "app/models/post.rb": "class Post < ApplicationRecord\n  has_rich_text :content\nend\n",
  "lib/text_filters.rb": [
    "class TextFilters",
    "  def initialize(*filters)\n    @filters = filters\n  end",
    "  def apply(content)\n    filters.reduce(content) { |content, filter| filter.apply(content) }\n  end",
    "  private\n    attr_reader :filters",
    "end\n",
  ].join("\n"),
  "lib/text_filter.rb": [
    "class TextFilter",
    "  def self.apply(content)\n    filter = new(content)\n    filter.applicable? ? ActionText::Content.new(filter.apply, canonicalize: false) : content\n  end",
    "  def initialize(content)\n    @content = content\n  end",
    "  def applicable? = raise(NotImplementedError)",
    "  def apply = raise(NotImplementedError)",
    "  private\n    attr_reader :content\n    delegate :fragment, to: :content",
    "end\n",
  ].join("\n"),
  "app/helpers/filters/strip_links.rb": "class Filters::StripLinks < TextFilter\n  def applicable? = true\n  def apply\n    fragment.replace(\"a\") { nil }\n  end\nend\n",
  "app/helpers/filters/strip_images.rb": "class Filters::StripImages < TextFilter\n  def applicable? = content.to_plain_text.present?\n  def apply\n    fragment.replace(\"img\") { nil }\n  end\nend\n",
  "app/helpers/filters.rb": "module Filters\n  ALL = TextFilters.new(StripLinks, StripImages)\nend\n",
  "app/helpers/posts_helper.rb": "module PostsHelper\n  def filtered\n    Filters::ALL.apply(Post.find(1).content.body)\n  end\nend\n",
};

async function emitted(files: Record<string, string> = {}): Promise<Map<string, string>> {
  return emittedApp("typed-filter-chain", BASE, files);
}

describe("a content filter chain", () => {
  it("types a constructor's rest parameter of plain classes as an Array of their common superclass, and reduce's block by its elements", async () => {
    const filters = (await emitted()).get("models/text_filters.ts");
    expect(lineWith(filters, "reduce(")).toBe("return ArrayMethods.reduce(");
    expect(lineWith(filters, "let filter =")).toBe("let filter = (values3[1] ?? null) as typeof TextFilter;");
    expect(lineWith(filters, ".apply(")).toBe("return filter.apply(content);");
  });

  it("types reduce's running value where each step answers its argument or a Content, and the class method's parameter by it", async () => {
    const out = await emitted();
    const filters = out.get("models/text_filters.ts");
    expect(lineWith(filters, "let content =")).toBe("let content = (values3[0] ?? null) as ActionTextContent | null;");
    expect(lineWith(out.get("models/text_filter.ts"), "this.build(")).toBe("let filter = this.build(content as ActionTextContent | null);");
  });

  it("types the ivar the family's one initialize assigns, by every new of any class of it", async () => {
    const images = (await emitted()).get("models/filters/strip_images.ts");
    expect(lineWith(images, "toPlainText")).toBe('return isPresent(nonNil(this.content as ActionTextContent | null, "to_plain_text").toPlainText());');
  });

  it("types it still where a new on a value is one the lowering typed as another kind (a relation's new)", async () => {
    const out = await emitted({ "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def new\n    @post = Post.where(title: \"a\").new\n  end\nend\n" });
    expect(lineWith(out.get("models/filters/strip_images.ts"), "toPlainText")).toContain("nonNil(this.content as ActionTextContent | null");
  });

  it("keeps that ivar untyped where the app calls new on a value (it might be a class of the family)", async () => {
    const out = await emitted({ "app/helpers/more.rb": "module More\n  def build(klass)\n    klass.new(1)\n  end\nend\n" });
    expect(lineWith(out.get("models/filters/strip_images.ts"), "to_plain_text")).toContain('send(this.content, "to_plain_text")');
  });

  it("leaves the running value untyped where a step may answer something else", async () => {
    const other = "class TextFilter\n  def self.apply(content)\n    content.presence\n  end\nend\n";
    const filters = (await emitted({ "lib/text_filter.rb": other })).get("models/text_filters.ts");
    expect(lineWith(filters, "let content =")).toBe("let content = values3[0] ?? null;");
  });

  it("keeps the list untyped where some code of the app changes it", async () => {
    const filters = (await emitted({ "app/helpers/more.rb": "module More\n  def more(f)\n    f.filters << 1\n  end\nend\n" })).get("models/text_filters.ts");
    expect(filters).not.toContain("ArrayMethods.reduce");
    expect(lineWith(filters, '"apply"')).toBe('return send(filter, "apply", content);');
  });

  it("keeps the list untyped where the list is handed on (its holder might change it)", async () => {
    const filters = (await emitted({ "app/helpers/more.rb": "module More\n  def more(f)\n    list = f.filters\n    list.push(1)\n  end\nend\n" })).get("models/text_filters.ts");
    expect(filters).not.toContain("ArrayMethods.reduce");
  });

  it("keeps the list untyped where a site passes something else than classes of one hierarchy", async () => {
    const filters = (await emitted({ "app/helpers/filters.rb": "module Filters\n  ALL = TextFilters.new(StripLinks, String)\nend\n" })).get("models/text_filters.ts");
    expect(lineWith(filters, '"apply"')).toBe('return send(filter, "apply", content);');
  });
});

describe("a reopened ActionText::Attachment's class methods", () => {
  const reopening = [
    "ActiveSupport.on_load(:action_text_content) do",
    "  class ActionText::Attachment",
    "    class << self",
    "      def from_node(node, attachable = nil)",
    '        new(node, attachable || expired(node["sgid"]) || ActionText::Attachable.from_node(node))',
    "      end",
    "      private",
    "        def expired(sgid)",
    '          sgid&.split("--")&.first',
    "        end",
    "    end",
    "  end",
    "end\n",
  ].join("\n");
  const files = { "lib/rails_ext/attachables.rb": reopening };

  it("types from_node's node as Rails' callers pass it, and a private helper's parameter by its one call on self", async () => {
    const boot = (await emitted(files)).get("models/initializers.ts");
    expect(lineWith(boot, "this.expired(")).toBe('or(attachable, () => this.expired(coreIndex(node as ActionTextNode, "sgid") as string | null)),');
    expect(lineWith(boot, "StringMethods.split(")).toContain('StringMethods.split(nonNil(recv2, "split"), "--"))(sgid as string | null)');
    expect(boot).toContain("ArrayMethods.first(recv3)");
  });

  it("keeps node untyped where the app calls from_node itself", async () => {
    const boot = (await emitted({ ...files, "app/helpers/posts_helper.rb": "module PostsHelper\n  def attachment_of(x)\n    ActionText::Attachment.from_node(x)\n  end\nend\n" })).get("models/initializers.ts");
    expect(boot).not.toContain("as ActionTextNode");
    expect(boot).toContain('coreSend(sgid, "split", "--")');
  });

  it("keeps the helper's parameter untyped where another call of its name is written elsewhere", async () => {
    const boot = (await emitted({ ...files, "app/helpers/posts_helper.rb": "module PostsHelper\n  def expired_of(x)\n    x.expired(1)\n  end\nend\n" })).get("models/initializers.ts");
    expect(boot).toContain('coreSend(sgid, "split", "--")');
  });
});

describe("a plain class's class method's parameters", () => {
  const files = {
    "lib/rails_ext/attachables.rb": [
      "ActiveSupport.on_load(:action_text_content) do",
      "  class ActionText::Attachment",
      "    class << self",
      "      def from_node(node, attachable = nil)",
      "        new(node, attachable || Embed.from_node(node) || ActionText::Attachable.from_node(node))",
      "      end",
      "    end",
      "  end",
      "end\n",
    ].join("\n"),
    "app/models/embed.rb": 'class Embed\n  include ActiveModel::Model\n  def self.from_node(node)\n    node["content-type"].match("embed")\n  end\nend\n',
  };

  it("types a parameter by every call of the class method (another class's method of the name apart)", async () => {
    const embed = (await emitted(files)).get("models/embed.ts");
    expect(lineWith(embed, "StringMethods.match(")).toBe("return StringMethods.match(");
    expect(lineWith(embed, "nonNil(")).toBe('nonNil(coreIndex(node as ActionTextNode, "content-type") as string | null, "match"),');
  });

  it("keeps it untyped where a subclass defines the class method again", async () => {
    const out = await emitted({ ...files, "app/models/video_embed.rb": "class VideoEmbed < Embed\n  def self.from_node(node)\n    nil\n  end\nend\n" });
    expect(lineWith(out.get("models/embed.ts"), "match")).toBe('return coreSend(coreIndex(node, "content-type"), "match", "embed");');
  });

  it("keeps it untyped where a call of the name is made on a receiver the lowering did not type", async () => {
    const out = await emitted({ ...files, "app/helpers/posts_helper.rb": "module PostsHelper\n  def embed_of(klass)\n    klass.from_node(1)\n  end\nend\n" });
    expect(lineWith(out.get("models/embed.ts"), "match")).toBe('return coreSend(coreIndex(node, "content-type"), "match", "embed");');
  });
});

describe("Action Text's gallery partial", () => {
  const partial = { "app/views/action_text/attachment_galleries/_attachment_gallery.html.erb": '<div class="gallery--<%= attachment_gallery.size %>"><%= yield %></div>\n' };
  const view = "views/action_text/attachment_galleries/_attachment_gallery.html.ts";

  it("types its local as the ActionText::AttachmentGallery Action Text renders it with", async () => {
    const out = (await emitted(partial)).get(view);
    expect(lineWith(out, "size")).toBe('out.append((readLocal(locals, "attachment_gallery") as ActionTextAttachmentGallery).size());');
  });

  it("keeps it untyped where the app renders the partial itself", async () => {
    const out = await emitted({
      ...partial,
      "app/views/posts/index.html.erb": '<%= render "action_text/attachment_galleries/attachment_gallery", attachment_gallery: [1, 2] %>\n',
    });
    expect(lineWith(out.get(view), "size")).toContain('coreSend(');
  });
});
