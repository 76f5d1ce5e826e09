import { type Jbuilder, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.partial("articles/article", { article: view.assigns.article as Article });
}
