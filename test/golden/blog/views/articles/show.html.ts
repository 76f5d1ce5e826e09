import { type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend('<p style="color: green">');
  out.append(view.notice());
  out.safeAppend("</p>\n\n");
  out.append(view.render(view.assigns.article as Article));
  out.safeAppend("\n\n<h2>Comments</h2>\n");
  out.append(view.render((view.assigns.article as Article).comments));
  out.safeAppend("\n\n<h2>Add a comment</h2>\n");
  out.append(view.render("comments/form", { comment: (view.assigns.article as Article).comments.build() }));
  out.safeAppend("\n\n<div>\n  ");
  out.append(view.linkTo("Edit this article", routes.editArticlePath(view, view.assigns.article as Article)));
  out.safeAppend(" |\n  ");
  out.append(view.linkTo("Back to articles", routes.articlesPath(view)));
  out.safeAppend("\n\n  ");
  out.append(view.buttonTo("Destroy this article", view.assigns.article as Article, { method: "delete" }));
  out.safeAppend("\n</div>\n");
  return out.toSafeString();
}
