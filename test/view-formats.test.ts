// Which format a template or partial is found in, against ActionView 7.2.4: test/fixtures/view-formats/record.rb
// renders the ERB templates of templates.json with several lookup formats in the chroot (expected.json). Here the
// same templates, written as the compiler emits them, render in our View with the formats our controller side
// computes (lookupFormats) for the same request formats, the template's own format first as Rails prepends it.
// What it covers: a turbo_stream template finds an html partial when the request accepts html too (not when
// only turbo_stream), `render partial:, formats: [:html]`, Mime::ALL's expansion, and :js's html fallback.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lookupFormats } from "../runtime/action-pack/rendering.js";
import { ALL, mimeByExtension, registerMime, type MimeType } from "../runtime/action-pack/mime.js";
import { SafeString } from "../runtime/active-support/safe.js";
import { View, type TemplateEntry } from "../runtime/app/view.js";
import { vectorViewContext } from "./vectors/context.js";

const dir = new URL("./fixtures/view-formats/", import.meta.url);
const spec = JSON.parse(readFileSync(new URL("templates.json", dir), "utf8")) as { cases: { name: string; template: string; formats: string[] }[] };
const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8")) as { name: string; lookup_formats: string[]; body?: string; error?: string }[];

// turbo-rails' engine registers the type, as record.rb does.
registerMime("text/vnd.turbo-stream.html", "turbo_stream");

const erb = (render: (view: View) => string): TemplateEntry => ({ handler: "erb", render: (view) => new SafeString(render(view)) });
const out = (x: unknown): string => (x === null || x === undefined ? "" : String(x));
// templates.json's templates, as the compiler lowers them.
const templates: Record<string, TemplateEntry> = {
  "items/show.turbo_stream": erb((v) => `<s>${out(v.render("items/item"))}</s>`),
  "items/_item.html": erb(() => "<i>html</i>"),
  "items/both.turbo_stream": erb((v) => `<s>${out(v.render("items/card"))}|${out(v.render({ partial: "items/card", formats: ["html"] }))}</s>`),
  "items/_card.html": erb(() => "<c>html</c>"),
  "items/_card.turbo_stream": erb(() => "<c>stream</c>"),
  "items/list.turbo_stream": erb((v) => out(v.render({ partial: "items/item", collection: [1, 2] }))),
  "items/nested.turbo_stream": erb((v) => out(v.render("items/outer"))),
  "items/_outer.html": erb((v) => `<o>${out(v.render("items/card"))}</o>`),
  "items/page.html": erb((v) => `<p>${out(v.render("items/note"))}</p>`),
  "items/_note.text": erb(() => "note"),
  "items/script.js": erb((v) => `x(${out(v.render("items/item"))})`),
};

function render(template: string, formats: string[]): { lookup: string[]; body?: string; error?: string } {
  const mimes = formats.map((f): MimeType => (f === "*/*" ? ALL : mimeByExtension(f)!));
  const lookup = lookupFormats(mimes);
  // The controller renders the template in the first lookup format it exists in (TemplateRenderer#prepend_formats).
  const format = lookup.find((f) => `${template}.${f}` in templates)!;
  const ctx = { ...vectorViewContext({ routes: [], templates, now: new Date(0), protectAgainstForgery: false }), format, formats: lookup };
  try {
    return { lookup, body: new View(ctx, {}).renderTemplate(template).toString() };
  } catch (e) {
    return { lookup, error: (e as Error).name };
  }
}

describe("template formats, as ActionView 7.2.4 looks them up", () => {
  for (const c of spec.cases) {
    it(c.name, () => {
      const rails = expected.find((e) => e.name === c.name)!;
      const ours = render(c.template, c.formats);
      expect(ours.lookup).toEqual(rails.lookup_formats);
      if (rails.error) expect(ours.error).toBe(rails.error.replace(/^ActionView::/, ""));
      else expect(ours).toEqual({ lookup: rails.lookup_formats, body: rails.body });
    });
  }
});
