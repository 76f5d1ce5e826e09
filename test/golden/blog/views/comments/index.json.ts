import { type Jbuilder, type View } from "rails2ts/runtime";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.array(view.assigns.comments, { partial: "comments/comment", as: "comment" });
}
