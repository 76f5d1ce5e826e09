import { defineModel, type Time } from "rails2ts/runtime";
import { type Article } from "../models/article.js";
import { ApplicationRecord } from "./application_record.js";

export class Comment extends ApplicationRecord {
  declare article_id: number;
  declare commenter: string | null;
  declare body: string | null;
  declare created_at: Time;
  declare updated_at: Time;
  declare article: Article;
  declare buildArticle: (attributes?: unknown) => Article;
  declare createArticle: (attributes?: unknown) => Article;
  declare createArticleBang: (attributes?: unknown) => Article;
}

defineModel(Comment, {
  name: "Comment",
  abstract: false,
  table: "comments",
  names: {
    name: "Comment",
    singular: "comment",
    plural: "comments",
    paramKey: "comment",
    routeKey: "comments",
    singularRouteKey: "comment",
    i18nKey: "comment",
    human: "Comment",
    collection: "comments",
    element: "comment",
  },
  columns: [
    { name: "id", type: "integer", null: false, default: null },
    { name: "article_id", type: "integer", null: false, default: null },
    { name: "commenter", type: "string", null: true, default: null },
    { name: "body", type: "text", null: true, default: null },
    { name: "created_at", type: "datetime", null: false, default: null, precision: 6 },
    { name: "updated_at", type: "datetime", null: false, default: null, precision: 6 },
  ],
  associations: [
    { kind: "belongs_to", name: "article", className: "Article", foreignKey: "article_id", options: {}, at: 200003 },
  ],
  validations: [],
  callbacks: [],
});
