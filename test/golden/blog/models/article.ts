import { defineModel, type Relation, type Time } from "rails2ts/runtime";
import { type Comment } from "../models/comment.js";
import { ApplicationRecord } from "./application_record.js";

export class Article extends ApplicationRecord {
  declare title: string | null;
  declare body: string | null;
  declare created_at: Time;
  declare updated_at: Time;
  declare comments: Relation<Comment>;
  declare commentIds: () => Array<unknown>;
}

defineModel(Article, {
  name: "Article",
  abstract: false,
  table: "articles",
  names: {
    name: "Article",
    singular: "article",
    plural: "articles",
    paramKey: "article",
    routeKey: "articles",
    singularRouteKey: "article",
    i18nKey: "article",
    human: "Article",
    collection: "articles",
    element: "article",
  },
  columns: [
    { name: "id", type: "integer", null: false, default: null },
    { name: "title", type: "string", null: true, default: null },
    { name: "body", type: "text", null: true, default: null },
    { name: "created_at", type: "datetime", null: false, default: null, precision: 6 },
    { name: "updated_at", type: "datetime", null: false, default: null, precision: 6 },
  ],
  associations: [
    {
      kind: "has_many",
      name: "comments",
      className: "Comment",
      foreignKey: "article_id",
      options: { dependent: "destroy" },
      at: 200003,
    },
  ],
  validations: [
    { attribute: "title", validator: "presence", options: {}, at: 400003 },
    { attribute: "body", validator: "length", options: { minimum: 10 }, at: 500003 },
  ],
  callbacks: [],
});
