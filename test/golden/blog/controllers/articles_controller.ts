import { type Filter, type FormatCollector, type Relation } from "rails2ts/runtime";
import { Article } from "../models/article.js";
import * as routes from "../routes.js";
import { ApplicationController, type ApplicationControllerAssigns } from "./application_controller.js";

export interface ArticlesControllerAssigns extends ApplicationControllerAssigns {
  articles: Relation<Article>;
  article: Article;
}

export class ArticlesController<
  A extends ArticlesControllerAssigns = ArticlesControllerAssigns,
> extends ApplicationController<A> {
  static override filters: readonly Filter[] = [
    ...super.filters,
    { kind: "before", method: "setArticle", only: ["show", "edit", "update", "destroy"], except: null },
  ];
  static override controllerPath = "articles";
  static override wrapParameters = { name: "article", include: ["id", "title", "body", "created_at", "updated_at"] };

  index() {
    this.assigns.articles = Article.all();
    return this.assigns.articles;
  }

  show() {}

  new() {
    this.assigns.article = Article.build();
    return this.assigns.article;
  }

  edit() {}

  create() {
    this.assigns.article = Article.build(this.articleParams().toH());
    return this.respondTo((format: FormatCollector) => {
      if (this.assigns.article.save()) {
        format.html(() => {
          return this.redirectTo(this.assigns.article, { notice: "Article was successfully created." });
        });
        return format.json(() => {
          return this.render("show", { status: "created", location: this.assigns.article });
        });
      } else {
        format.html(() => {
          return this.render("new", { status: "unprocessable_content" });
        });
        return format.json(() => {
          return this.render({ json: this.assigns.article.errors, status: "unprocessable_content" });
        });
      }
    });
  }

  update() {
    return this.respondTo((format: FormatCollector) => {
      if (this.assigns.article.update(this.articleParams().toH())) {
        format.html(() => {
          return this.redirectTo(this.assigns.article, {
            notice: "Article was successfully updated.",
            status: "see_other",
          });
        });
        return format.json(() => {
          return this.render("show", { status: "ok", location: this.assigns.article });
        });
      } else {
        format.html(() => {
          return this.render("edit", { status: "unprocessable_content" });
        });
        return format.json(() => {
          return this.render({ json: this.assigns.article.errors, status: "unprocessable_content" });
        });
      }
    });
  }

  destroy() {
    this.assigns.article.destroyBang();
    return this.respondTo((format: FormatCollector) => {
      format.html(() => {
        return this.redirectTo(routes.articlesPath(this), {
          notice: "Article was successfully destroyed.",
          status: "see_other",
        });
      });
      return format.json(() => {
        return this.head("no_content");
      });
    });
  }

  setArticle() {
    this.assigns.article = Article.find(this.params.get("id"));
    return this.assigns.article;
  }

  articleParams() {
    return this.params.require("article").permit("title", "body");
  }
}
