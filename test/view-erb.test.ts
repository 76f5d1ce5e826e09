// The runtime's template contract, checked on recorded ERB vectors (kind "erb" in actionview-7.2.4.json):
// each template is lowered here by hand the way ActionView's Erubi compiles it (text -> safeAppend,
// <%= %> -> append, <%== %> -> safeExprAppend, a block body -> its own OutputBuffer returned through
// captured()), so OutputBuffer, capture and the helpers are shown to compose into Rails' exact bytes.
// The compiler's own lowering of the same templates is tested by the compiler.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as V from "../runtime/app/view-namespace.js";
import { RubyDate } from "../runtime/ruby/date.js";
import { assigns, FROZEN_NOW } from "./view-vector-context.js";
import { fakeHost } from "./view-vector-routes.js";

interface Vector {
  call: string;
  output: string;
  kind?: string;
}

const FILE = new URL("../../shared/rails/vectors/actionview-7.2.4.json", import.meta.url);
const recorded = new Map<string, string>(
  (JSON.parse(readFileSync(FILE, "utf8")).vectors as Vector[]).filter((v) => v.kind === "erb").map((v) => [v.call, v.output]),
);

type Template = (view: V.ViewHost, a: Record<string, any>) => V.OutputBuffer;

/** A block whose body is template text: a fresh buffer, handed back as capture would see it. */
function block(body: (b: V.OutputBuffer) => void): () => unknown {
  return () => {
    const b = new V.OutputBuffer();
    body(b);
    return b.captured();
  };
}

const TEMPLATES: Record<string, Template> = {
  '<%= link_to article_path(@article), class: "card" do %>\n  <strong><%= @article.title %></strong>\n<% end %>\n': (view, a) =>
    new V.OutputBuffer().append(V.linkTo(view, "/articles/1", { class: "card" }, block((b) => {
      b.safeAppend("\n  <strong>").append(a.article.readAttribute("title")).safeAppend("</strong>\n");
    }))),

  '<%= form_with model: @article do |form| %>\n  <%= form.label :title %>\n  <%= form.text_field :title %>\n  <%= form.text_area :body %>\n  <%= form.submit %>\n<% end %>\n':
    (view, a) => new V.OutputBuffer().append(V.formWith(view, { model: a.article }, (form: V.FormBuilder) => {
      const b = new V.OutputBuffer();
      b.safeAppend("\n  ").append(form.label("title")).safeAppend("\n  ").append(form.textField("title"));
      b.safeAppend("\n  ").append(form.textArea("body")).safeAppend("\n  ").append(form.submit()).safeAppend("\n");
      return b.captured();
    })),

  '<%= form_with model: @invalid_article do |form| %>\n  <%= form.label :title %>\n  <%= form.text_field :title %>\n  <%= form.number_field :rating %>\n<% end %>\n':
    (view, a) => new V.OutputBuffer().append(V.formWith(view, { model: a.invalid_article }, (form: V.FormBuilder) => {
      const b = new V.OutputBuffer();
      b.safeAppend("\n  ").append(form.label("title")).safeAppend("\n  ").append(form.textField("title"));
      b.safeAppend("\n  ").append(form.numberField("rating")).safeAppend("\n");
      return b.captured();
    })),

  '<%= button_to article_path(@article), method: :patch do %>\n  <span>Publish</span>\n<% end %>\n': (view) =>
    new V.OutputBuffer().append(V.buttonTo(view, "/articles/1", { method: "patch" }, block((b) => {
      b.safeAppend("\n  <span>Publish</span>\n");
    }))),

  '<%= content_tag :ul, class: "list" do %>\n  <% %w[a <b> c].each do |item| %>\n    <%= content_tag :li, item %>\n  <% end %>\n<% end %>\n': () =>
    new V.OutputBuffer().append(V.contentTag("ul", { class: "list" }, block((b) => {
      b.safeAppend("\n");
      for (const item of ["a", "<b>", "c"]) b.safeAppend("    ").append(V.contentTag("li", item)).safeAppend("\n");
    }))),

  '<p><%== @article.title %></p>\n': (_view, a) =>
    new V.OutputBuffer().safeAppend("<p>").safeExprAppend(a.article.readAttribute("title")).safeAppend("</p>\n"),

  '<%= "<script>" %> <%= "<b>".html_safe %> <%= nil %> <%= 42 %> <%= [1, "<a>"] %> <%= :sym %>\n': () =>
    new V.OutputBuffer().append("<script>").safeAppend(" ").append(V.htmlSafe("<b>")).safeAppend(" ").append(null)
      .safeAppend(" ").append(42).safeAppend(" ").append([1, "<a>"]).safeAppend(" ").append("sym").safeAppend("\n"),

  '<%= javascript_tag do %>\n  var x = "<%= j "a\'b\\"c</script>" %>";\n<% end %>\n': (view) =>
    new V.OutputBuffer().append(V.javascriptTag(view, block((b) => {
      b.safeAppend('\n  var x = "').append(V.escapeJavascript('a\'b"c</script>')).safeAppend('";\n');
    }))),

  '<ul>\n<% 3.times do |i| %>\n  <li class="<%= cycle("odd", "even") %>"><%= i %></li>\n<% end %>\n</ul>\n': (view) => {
    const b = new V.OutputBuffer().safeAppend("<ul>\n");
    for (let i = 0; i < 3; i++) b.safeAppend('  <li class="').append(V.cycle(view, "odd", "even")).safeAppend('">').append(i).safeAppend("</li>\n");
    return b.safeAppend("</ul>\n");
  },

  '<%= time_tag Date.new(2024, 2, 15) %> <%= time_ago_in_words(3.hours.ago) %> ago\n': (view) =>
    new V.OutputBuffer().append(V.timeTag(new RubyDate(2024, 2, 15))).safeAppend(" ")
      .append(V.timeAgoInWords(view, new Date(FROZEN_NOW.getTime() - 3 * 3600 * 1000))).safeAppend(" ago\n"),
};

describe("ERB templates lowered onto the view runtime", () => {
  for (const [source, template] of Object.entries(TEMPLATES)) {
    it(source.split("\n")[0]!, () => {
      const expected = recorded.get(source);
      expect(expected).toBeDefined();
      const a = assigns();
      const out = template(fakeHost({ assigns: a }), a).toSafeString();
      expect(out.toString()).toBe(expected);
    });
  }
});
