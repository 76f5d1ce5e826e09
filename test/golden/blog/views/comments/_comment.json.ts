import { readLocal, type Jbuilder, type View } from "rails2ts/runtime";
import { type Comment } from "../../models/comment.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.extract(
    readLocal(locals, "comment") as Comment,
    "id",
    "article_id",
    "commenter",
    "body",
    "created_at",
    "updated_at",
  );
  json.set(
    "url",
    routes.articleCommentUrl(
      view,
      (readLocal(locals, "comment") as Comment).article,
      readLocal(locals, "comment") as Comment,
      { format: "json" },
    ),
  );
}
