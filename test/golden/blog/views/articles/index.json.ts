import { type Jbuilder, type Relation, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.array(view.assigns.articles as Relation<Article>, { partial: "articles/article", as: "article" });
}
