import { type Jbuilder, type View } from "rails2ts/runtime";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.partial("comments/comment", { comment: view.assigns.comment });
}
