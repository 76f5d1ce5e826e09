import { type Jbuilder, type Relation, type View } from "rails2ts/runtime";
import { type Comment } from "../../models/comment.js";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.array(view.assigns.comments as Relation<Comment>, { partial: "comments/comment", as: "comment" });
}
