// `render "books/index", locals: { books: }` from a controller (ActionView::TemplateRenderer#render_template): the
// locals are the template's and its layout's too (`layout.render(view, locals)`), so a layout may read them as the
// template does. The templates are written as the compiler lowers them (each reads a local by its name).
import { describe, expect, it } from "vitest";
import { SafeString } from "../runtime/active-support/safe.js";
import { View, type TemplateEntry } from "../runtime/app/view.js";
import { vectorViewContext } from "./vectors/context.js";

const erb = (render: (view: View, locals: Record<string, unknown>) => string): TemplateEntry => ({ handler: "erb", render: (view, locals) => new SafeString(render(view, locals as Record<string, unknown>)) });
const templates: Record<string, TemplateEntry> = {
  "books/index.html": erb((_v, l) => `<ul>${(l.books as string[]).map((b) => `<li>${b}</li>`).join("")}</ul>`),
  "layouts/application.html": erb((v, l) => `<title>${String(l.title ?? "none")}</title>${String(v.yieldContent())}`),
};

describe("a template rendered with locals", () => {
  it("gives them to the template and to its layout", () => {
    const ctx = { ...vectorViewContext({ routes: [], templates, now: new Date(0), protectAgainstForgery: false }), format: "html" };
    const body = new View(ctx, {}).renderWithLayout("books/index", "layouts/application", { books: ["Dune", "Emma"], title: "All" }).toString();
    expect(body).toBe("<title>All</title><ul><li>Dune</li><li>Emma</li></ul>");
  });
});
