import { readLocal, type Jbuilder, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
import * as routes from "../../routes.js";
export default function render(view: View, locals: Record<string, unknown>, json: Jbuilder): void {
  json.extract(readLocal(locals, "article") as Article, "id", "title", "body", "created_at", "updated_at");
  json.set("url", routes.articleUrl(view, readLocal(locals, "article") as Article, { format: "json" }));
}
