import { routeHelper, type RouteEntry } from "rails2ts/runtime";
export const table: RouteEntry[] = [
  {
    name: "article_comments",
    verb: "GET",
    path: "/articles/:article_id/comments(.:format)",
    controller: "comments",
    action: "index",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "POST",
    path: "/articles/:article_id/comments(.:format)",
    controller: "comments",
    action: "create",
    defaults: {},
    requirements: {},
  },
  {
    name: "new_article_comment",
    verb: "GET",
    path: "/articles/:article_id/comments/new(.:format)",
    controller: "comments",
    action: "new",
    defaults: {},
    requirements: {},
  },
  {
    name: "edit_article_comment",
    verb: "GET",
    path: "/articles/:article_id/comments/:id/edit(.:format)",
    controller: "comments",
    action: "edit",
    defaults: {},
    requirements: {},
  },
  {
    name: "article_comment",
    verb: "GET",
    path: "/articles/:article_id/comments/:id(.:format)",
    controller: "comments",
    action: "show",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "PATCH",
    path: "/articles/:article_id/comments/:id(.:format)",
    controller: "comments",
    action: "update",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "PUT",
    path: "/articles/:article_id/comments/:id(.:format)",
    controller: "comments",
    action: "update",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "DELETE",
    path: "/articles/:article_id/comments/:id(.:format)",
    controller: "comments",
    action: "destroy",
    defaults: {},
    requirements: {},
  },
  {
    name: "articles",
    verb: "GET",
    path: "/articles(.:format)",
    controller: "articles",
    action: "index",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "POST",
    path: "/articles(.:format)",
    controller: "articles",
    action: "create",
    defaults: {},
    requirements: {},
  },
  {
    name: "new_article",
    verb: "GET",
    path: "/articles/new(.:format)",
    controller: "articles",
    action: "new",
    defaults: {},
    requirements: {},
  },
  {
    name: "edit_article",
    verb: "GET",
    path: "/articles/:id/edit(.:format)",
    controller: "articles",
    action: "edit",
    defaults: {},
    requirements: {},
  },
  {
    name: "article",
    verb: "GET",
    path: "/articles/:id(.:format)",
    controller: "articles",
    action: "show",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "PATCH",
    path: "/articles/:id(.:format)",
    controller: "articles",
    action: "update",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "PUT",
    path: "/articles/:id(.:format)",
    controller: "articles",
    action: "update",
    defaults: {},
    requirements: {},
  },
  {
    name: null,
    verb: "DELETE",
    path: "/articles/:id(.:format)",
    controller: "articles",
    action: "destroy",
    defaults: {},
    requirements: {},
  },
  {
    name: "rails_health_check",
    verb: "GET",
    path: "/up(.:format)",
    controller: "rails/health",
    action: "show",
    defaults: {},
    requirements: {},
  },
  {
    name: "pwa_service_worker",
    verb: "GET",
    path: "/service-worker(.:format)",
    controller: "rails/pwa",
    action: "service_worker",
    defaults: {},
    requirements: {},
  },
  {
    name: "pwa_manifest",
    verb: "GET",
    path: "/manifest(.:format)",
    controller: "rails/pwa",
    action: "manifest",
    defaults: {},
    requirements: {},
  },
];
export const articleCommentsPath = routeHelper(table, "article_comments", "path");
export const articleCommentsUrl = routeHelper(table, "article_comments", "url");
export const newArticleCommentPath = routeHelper(table, "new_article_comment", "path");
export const newArticleCommentUrl = routeHelper(table, "new_article_comment", "url");
export const editArticleCommentPath = routeHelper(table, "edit_article_comment", "path");
export const editArticleCommentUrl = routeHelper(table, "edit_article_comment", "url");
export const articleCommentPath = routeHelper(table, "article_comment", "path");
export const articleCommentUrl = routeHelper(table, "article_comment", "url");
export const articlesPath = routeHelper(table, "articles", "path");
export const articlesUrl = routeHelper(table, "articles", "url");
export const newArticlePath = routeHelper(table, "new_article", "path");
export const newArticleUrl = routeHelper(table, "new_article", "url");
export const editArticlePath = routeHelper(table, "edit_article", "path");
export const editArticleUrl = routeHelper(table, "edit_article", "url");
export const articlePath = routeHelper(table, "article", "path");
export const articleUrl = routeHelper(table, "article", "url");
export const railsHealthCheckPath = routeHelper(table, "rails_health_check", "path");
export const railsHealthCheckUrl = routeHelper(table, "rails_health_check", "url");
export const pwaServiceWorkerPath = routeHelper(table, "pwa_service_worker", "path");
export const pwaServiceWorkerUrl = routeHelper(table, "pwa_service_worker", "url");
export const pwaManifestPath = routeHelper(table, "pwa_manifest", "path");
export const pwaManifestUrl = routeHelper(table, "pwa_manifest", "url");
