import { type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import { type Comment } from "../../models/comment.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend('<p style="color: green">');
  out.append(view.notice());
  out.safeAppend("</p>\n\n");
  out.append(view.render(view.assigns.comment as Comment));
  out.safeAppend("\n\n<div>\n  ");
  out.append(
    view.linkTo(
      "Edit this comment",
      routes.editArticleCommentPath(view, view.assigns.article as Article, view.assigns.comment as Comment),
    ),
  );
  out.safeAppend(" |\n  ");
  out.append(view.linkTo("Back to comments", routes.articleCommentsPath(view, view.assigns.article as Article)));
  out.safeAppend("\n\n  ");
  out.append(
    view.buttonTo("Destroy this comment", [view.assigns.article as Article, view.assigns.comment as Comment], {
      method: "delete",
    }),
  );
  out.safeAppend("\n</div>\n");
  return out.toSafeString();
}
