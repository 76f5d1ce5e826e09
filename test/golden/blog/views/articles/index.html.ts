import { each, type Relation, type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend('<p style="color: green">');
  out.append(view.notice());
  out.safeAppend("</p>\n\n");
  view.contentFor("title", "Articles");
  out.safeAppend('\n<h1>Articles</h1>\n\n<div id="articles">\n');
  for (const article of each<Article>(view.assigns.articles as Relation<Article>)) {
    out.safeAppend("    ");
    out.append(view.render(article));
    out.safeAppend("\n    <p>\n      ");
    out.append(view.linkTo("Show this article", article));
    out.safeAppend("\n    </p>\n");
  }
  out.safeAppend("</div>\n\n");
  out.append(view.linkTo("New article", routes.newArticlePath(view)));
  out.safeAppend("\n");
  return out.toSafeString();
}
