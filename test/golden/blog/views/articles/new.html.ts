import { type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  view.contentFor("title", "New article");
  out.safeAppend("\n<h1>New article</h1>\n\n");
  out.append(view.render("form", { article: view.assigns.article as Article }));
  out.safeAppend("\n\n<br>\n\n<div>\n  ");
  out.append(view.linkTo("Back to articles", routes.articlesPath(view)));
  out.safeAppend("\n</div>\n");
  return out.toSafeString();
}
