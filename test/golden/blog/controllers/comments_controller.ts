import { type Filter, type FormatCollector, type Relation } from "rails2ts/runtime";
import { Article } from "../models/article.js";
import { type Comment } from "../models/comment.js";
import { ApplicationController, type ApplicationControllerAssigns } from "./application_controller.js";

export interface CommentsControllerAssigns extends ApplicationControllerAssigns {
  comments: Relation<Comment>;
  comment: Comment;
  article: Article;
}

export class CommentsController<
  A extends CommentsControllerAssigns = CommentsControllerAssigns,
> extends ApplicationController<A> {
  static override filters: readonly Filter[] = [
    ...super.filters,
    { kind: "before", method: "setArticle", only: null, except: null },
    { kind: "before", method: "setComment", only: ["show", "edit", "update", "destroy"], except: null },
  ];
  static override controllerPath = "comments";
  static override wrapParameters = {
    name: "comment",
    include: ["id", "article_id", "commenter", "body", "created_at", "updated_at"],
  };

  index() {
    this.assigns.comments = this.assigns.article.comments;
    return this.assigns.comments;
  }

  show() {}

  new() {
    this.assigns.comment = this.assigns.article.comments.build();
    return this.assigns.comment;
  }

  edit() {}

  create() {
    this.assigns.comment = this.assigns.article.comments.build(this.commentParams().toH());
    return this.respondTo((format: FormatCollector) => {
      if (this.assigns.comment.save()) {
        format.html(() => {
          return this.redirectTo(this.assigns.article, { notice: "Comment was successfully created." });
        });
        return format.json(() => {
          return this.render("show", { status: "created", location: [this.assigns.article, this.assigns.comment] });
        });
      } else {
        format.html(() => {
          return this.render("new", { status: "unprocessable_content" });
        });
        return format.json(() => {
          return this.render({ json: this.assigns.comment.errors, status: "unprocessable_content" });
        });
      }
    });
  }

  update() {
    return this.respondTo((format: FormatCollector) => {
      if (this.assigns.comment.update(this.commentParams().toH())) {
        format.html(() => {
          return this.redirectTo([this.assigns.article, this.assigns.comment], {
            notice: "Comment was successfully updated.",
            status: "see_other",
          });
        });
        return format.json(() => {
          return this.render("show", { status: "ok", location: [this.assigns.article, this.assigns.comment] });
        });
      } else {
        format.html(() => {
          return this.render("edit", { status: "unprocessable_content" });
        });
        return format.json(() => {
          return this.render({ json: this.assigns.comment.errors, status: "unprocessable_content" });
        });
      }
    });
  }

  destroy() {
    this.assigns.comment.destroyBang();
    return this.respondTo((format: FormatCollector) => {
      format.html(() => {
        return this.redirectTo(this.assigns.article, {
          notice: "Comment was successfully destroyed.",
          status: "see_other",
        });
      });
      return format.json(() => {
        return this.head("no_content");
      });
    });
  }

  setArticle() {
    this.assigns.article = Article.find(this.params.get("article_id"));
    return this.assigns.article;
  }

  setComment() {
    this.assigns.comment = this.assigns.article.comments.find(this.params.get("id"));
    return this.assigns.comment;
  }

  commentParams() {
    return this.params.require("comment").permit("commenter", "body");
  }
}
