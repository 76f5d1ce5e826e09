import { createApp } from "rails2ts/runtime";
import "./models/application_record.js";
import "./models/article.js";
import "./models/comment.js";
import { ApplicationController } from "./controllers/application_controller.js";
import { ArticlesController } from "./controllers/articles_controller.js";
import { CommentsController } from "./controllers/comments_controller.js";
import template0 from "./views/articles/_article.html.js";
import template1 from "./views/articles/_article.json.js";
import template2 from "./views/articles/_form.html.js";
import template3 from "./views/articles/edit.html.js";
import template4 from "./views/articles/index.html.js";
import template5 from "./views/articles/index.json.js";
import template6 from "./views/articles/new.html.js";
import template7 from "./views/articles/show.html.js";
import template8 from "./views/articles/show.json.js";
import template9 from "./views/comments/_comment.html.js";
import template10 from "./views/comments/_comment.json.js";
import template11 from "./views/comments/_form.html.js";
import template12 from "./views/comments/edit.html.js";
import template13 from "./views/comments/index.html.js";
import template14 from "./views/comments/index.json.js";
import template15 from "./views/comments/new.html.js";
import template16 from "./views/comments/show.html.js";
import template17 from "./views/comments/show.json.js";
import template18 from "./views/layouts/application.html.js";
import template19 from "./views/pwa/manifest.json.js";
import { table } from "./routes.js";
import { seed } from "./db/seeds.js";
export const app = createApp({
  name: "blog",
  routes: table,
  controllers: {
    ApplicationController: ApplicationController,
    ArticlesController: ArticlesController,
    CommentsController: CommentsController,
  },
  templates: {
    "articles/_article.html": { handler: "erb", render: template0 },
    "articles/_article.json": { handler: "jbuilder", render: template1 },
    "articles/_form.html": { handler: "erb", render: template2 },
    "articles/edit.html": { handler: "erb", render: template3 },
    "articles/index.html": { handler: "erb", render: template4 },
    "articles/index.json": { handler: "jbuilder", render: template5 },
    "articles/new.html": { handler: "erb", render: template6 },
    "articles/show.html": { handler: "erb", render: template7 },
    "articles/show.json": { handler: "jbuilder", render: template8 },
    "comments/_comment.html": { handler: "erb", render: template9 },
    "comments/_comment.json": { handler: "jbuilder", render: template10 },
    "comments/_form.html": { handler: "erb", render: template11 },
    "comments/edit.html": { handler: "erb", render: template12 },
    "comments/index.html": { handler: "erb", render: template13 },
    "comments/index.json": { handler: "jbuilder", render: template14 },
    "comments/new.html": { handler: "erb", render: template15 },
    "comments/show.html": { handler: "erb", render: template16 },
    "comments/show.json": { handler: "jbuilder", render: template17 },
    "layouts/application.html": { handler: "erb", render: template18 },
    "pwa/manifest.json": { handler: "erb", render: template19 },
  },
  schema: {
    tables: [
      {
        name: "articles",
        primaryKey: "id",
        columns: [
          { name: "id", type: "integer", null: false, default: null },
          { name: "title", type: "string", null: true, default: null },
          { name: "body", type: "text", null: true, default: null },
          { name: "created_at", type: "datetime", null: false, default: null, precision: 6 },
          { name: "updated_at", type: "datetime", null: false, default: null, precision: 6 },
        ],
        indexes: [],
      },
      {
        name: "comments",
        primaryKey: "id",
        columns: [
          { name: "id", type: "integer", null: false, default: null },
          { name: "article_id", type: "integer", null: false, default: null },
          { name: "commenter", type: "string", null: true, default: null },
          { name: "body", type: "text", null: true, default: null },
          { name: "created_at", type: "datetime", null: false, default: null, precision: 6 },
          { name: "updated_at", type: "datetime", null: false, default: null, precision: 6 },
        ],
        indexes: [{ name: "index_comments_on_article_id", columns: ["article_id"], unique: false }],
      },
    ],
    foreignKeys: [{ from: "comments", to: "articles", column: "article_id" }],
  },
  seed: seed,
  assets: { "application.css": "/assets/application-c2cd8c57.css" },
  publicDir: new URL("../public/", import.meta.url),
});
