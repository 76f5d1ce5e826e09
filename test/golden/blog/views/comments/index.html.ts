import { each, type Relation, type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import { type Comment } from "../../models/comment.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend('<p style="color: green">');
  out.append(view.notice());
  out.safeAppend("</p>\n\n");
  view.contentFor("title", "Comments");
  out.safeAppend('\n<h1>Comments</h1>\n\n<div id="comments">\n');
  for (const comment of each<Comment>(view.assigns.comments as Relation<Comment>)) {
    out.safeAppend("    ");
    out.append(view.render(comment));
    out.safeAppend("\n    <p>\n      ");
    out.append(view.linkTo("Show this comment", [view.assigns.article as Article, comment]));
    out.safeAppend("\n    </p>\n");
  }
  out.safeAppend("</div>\n\n");
  out.append(view.linkTo("New comment", routes.newArticleCommentPath(view, view.assigns.article as Article)));
  out.safeAppend("\n");
  return out.toSafeString();
}
