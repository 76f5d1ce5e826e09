import { createApp } from "rails2ts/runtime";
import "./models/application_record.js";
import "./models/article.js";
import "./models/comment.js";
import "./models/application_job.js";
import { ApplicationController } from "./controllers/application_controller.js";
import { ArticlesController } from "./controllers/articles_controller.js";
import { CommentsController } from "./controllers/comments_controller.js";
import { ApplicationCable_Channel } from "./channels/application_cable/channel.js";
import { ApplicationCable_Connection } from "./channels/application_cable/connection.js";
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
import template20 from "./views/pwa/service-worker.js.js";
import { table } from "./routes.js";
import { seed } from "./db/seeds.js";
import { cableYaml } from "./config/cable.js";
export const app = createApp({
  name: "blog",
  routes: table,
  controllers: {
    ApplicationController: ApplicationController,
    ArticlesController: ArticlesController,
    CommentsController: CommentsController,
  },
  templates: {
    "articles/_article.html": {
      handler: "erb",
      render: template0,
      digestPath: "articles/_article:4207481fb9e99958ef188f6b6e2dedf4",
      sharedFragments: true,
    },
    "articles/_article.json": {
      handler: "jbuilder",
      render: template1,
      digestPath: "articles/_article:6937001a61eed58e883d9fcb959cd3fc",
    },
    "articles/_form.html": {
      handler: "erb",
      render: template2,
      digestPath: "articles/_form:14fc3aa3ea26afc5a0b245698a8da1ee",
    },
    "articles/edit.html": {
      handler: "erb",
      render: template3,
      digestPath: "articles/edit:b46afd5b212a2de27ec655474bbb40dd",
    },
    "articles/index.html": {
      handler: "erb",
      render: template4,
      digestPath: "articles/index:a407bf5ffed84cd59853a9137e6fa8ea",
    },
    "articles/index.json": {
      handler: "jbuilder",
      render: template5,
      digestPath: "articles/index:74c4844d8b6b4793c421f11d698d3af5",
    },
    "articles/new.html": {
      handler: "erb",
      render: template6,
      digestPath: "articles/new:9c7e8814e50d18baf4d4beac89713917",
    },
    "articles/show.html": {
      handler: "erb",
      render: template7,
      digestPath: "articles/show:4388db123c82c74fce013f083ef0af3a",
    },
    "articles/show.json": {
      handler: "jbuilder",
      render: template8,
      digestPath: "articles/show:f458f74fdbf5b434f7feb45636cd609e",
    },
    "comments/_comment.html": {
      handler: "erb",
      render: template9,
      digestPath: "comments/_comment:4a9a45016ccd93a0a7561003c41c8d7d",
      sharedFragments: true,
    },
    "comments/_comment.json": {
      handler: "jbuilder",
      render: template10,
      digestPath: "comments/_comment:59f030959c1e42fd13900221102bc340",
    },
    "comments/_form.html": {
      handler: "erb",
      render: template11,
      digestPath: "comments/_form:db368e5ce8baa57dc6ab99d7b1677663",
    },
    "comments/edit.html": {
      handler: "erb",
      render: template12,
      digestPath: "comments/edit:572bed9f1c56a76268f0a3f81b9ede45",
    },
    "comments/index.html": {
      handler: "erb",
      render: template13,
      digestPath: "comments/index:43493705ed76c0f3d93cad27eeb86646",
    },
    "comments/index.json": {
      handler: "jbuilder",
      render: template14,
      digestPath: "comments/index:fc8e89ac7a810e2322d6bdedb086f2b2",
    },
    "comments/new.html": {
      handler: "erb",
      render: template15,
      digestPath: "comments/new:b7fcb6def4bada5448da69e0fe2bea3f",
    },
    "comments/show.html": {
      handler: "erb",
      render: template16,
      digestPath: "comments/show:ee0acc1b825de9e5abbb2958f62bc1e2",
    },
    "comments/show.json": {
      handler: "jbuilder",
      render: template17,
      digestPath: "comments/show:07f4db2032a8bc95a1a6ef6699c6de63",
    },
    "layouts/application.html": {
      handler: "erb",
      render: template18,
      digestPath: "layouts/application:186bfa4b4e0646e685375e300f97029c",
    },
    "pwa/manifest.json": {
      handler: "erb",
      render: template19,
      digestPath: "pwa/manifest:7f8626efce4b0324f4c2437462968d7a",
      sharedFragments: true,
    },
    "pwa/service-worker.js": {
      handler: "raw",
      render: template20,
      digestPath: "pwa/service-worker:ce9af4bcf7fb30e39d5b278ecc83c4c9",
      sharedFragments: true,
    },
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
  assets: {
    "application.css": "/assets/application-c2cd8c57.css",
    "action_cable.js": "/assets/action_cable-5212cfee.js",
    "actioncable.esm.js": "/assets/actioncable.esm-e0ec9819.js",
    "actioncable.js": "/assets/actioncable-ac25813f.js",
  },
  assetPipeline: "propshaft",
  performCaching: true,
  environments: {
    production: { forceSsl: false },
    development: { serverTiming: true, performCaching: { file: "tmp/caching-dev.txt" } },
    test: { performCaching: false, nullCacheStore: true, showExceptions: "rescuable", allowForgeryProtection: false },
  },
  sanitizerVendor: "html5",
  messageMetadata: "serializer",
  loadDefaults: 7.2,
  mimeTypes: [],
  cable: { connection: ApplicationCable_Connection, channels: [ApplicationCable_Channel], yaml: cableYaml },
  publicDir: new URL("../public/", import.meta.url),
});
