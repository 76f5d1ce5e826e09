import { type Jbuilder, type View } from "rails2ts/runtime";
import { type Comment } from "../../models/comment.js";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.partial("comments/comment", { comment: view.assigns.comment as Comment });
}
