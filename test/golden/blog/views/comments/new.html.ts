import { type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import { type Comment } from "../../models/comment.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  view.contentFor("title", "New comment");
  out.safeAppend("\n<h1>New comment</h1>\n\n");
  out.append(view.render("form", { comment: view.assigns.comment as Comment }));
  out.safeAppend("\n\n<br>\n\n<div>\n  ");
  out.append(view.linkTo("Back to comments", routes.articleCommentsPath(view, view.assigns.article as Article)));
  out.safeAppend("\n</div>\n");
  return out.toSafeString();
}
