// The route expansion against the table real Rails 7.2.4 drew from test/fixtures/http/routes/routes.rb
// (recorded by record.sh: routes.json is Rails' own route objects, in `bin/rails routes` order).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  collection, del, expandRoutes, get, match, member, namespace, normalizePath, patch, post, put, resource,
  resources, root, scope, sym, type RouteDecl, type RouteInflector,
} from "../src/analyze/routes.js";

const fixture = new URL("./fixtures/http/routes/", import.meta.url);

// Only the words routes.rb uses, so an unexpected inflection fails loudly instead of passing by accident.
const SINGULAR: Record<string, string> = {
  articles: "article", comments: "comment", posts: "post", replies: "reply", photos: "photo", tags: "tag",
  news: "news", items: "item", authors: "author", books: "book", keys: "key", users: "user", widgets: "widget",
  reports: "report",
};
const PLURAL: Record<string, string> = { profile: "profiles", session: "sessions", account: "accounts" };
const inflector: RouteInflector = {
  singularize: (w) => SINGULAR[w] ?? (() => { throw new Error(`singularize ${w}`); })(),
  pluralize: (w) => PLURAL[w] ?? (() => { throw new Error(`pluralize ${w}`); })(),
};

// routes.rb, line for line.
const ROUTES: RouteDecl[] = [
  get("up", { to: "rails/health#show", as: "rails_health_check" }),
  resources("articles", {
    children: [
      resources("comments"),
      member([post(sym("publish"))]),
      collection([get(sym("search"))]),
      get(sym("preview"), { on: "member" }),
      get("stats", { on: "collection" }),
    ],
  }),
  resources("posts", { only: ["index", "show"], children: [resources("replies", { only: ["create", "destroy"] })] }),
  resources("photos", { except: ["destroy"], path: "pictures" }),
  resources("tags", { param: "slug", only: ["index", "show", "update"] }),
  resources("news", { only: ["index", "show"] }),
  resources("things", { controller: "stuff", as: "items", only: ["index", "show"] }),
  resources("authors", { shallow: true, children: [resources("books", { only: ["index", "create", "show", "destroy"] })] }),
  resource("profile"),
  resource("session", { only: ["new", "create", "destroy"] }),
  resource("account", { children: [resources("keys", { only: ["index"] }), get(sym("usage"))] }),
  namespace("admin", [
    resources("users", { only: ["index", "show", "destroy"] }),
    get("dashboard", { to: "dashboard#index" }),
    root("dashboard#index"),
  ]),
  scope({ path: "/api", as: "api" }, [resources("widgets", { only: "index" })]),
  scope({ module: "legacy" }, [resources("reports", { only: ["show"] })]),
  scope({ path: "(:locale)", constraints: { locale: /en|fr/ } }, [get("welcome", { to: "pages#welcome", as: "welcome" })]),
  get("about", { to: "pages#about", as: "about" }),
  get("help", { to: "pages#help" }),
  get("search/run"),
  patch("settings", "settings#update"),
  put("settings", "settings#update"),
  del("logout", { to: "sessions#destroy", as: "logout" }),
  post("login", { to: "sessions#create", as: null }),
  get("pages/:slug", { to: "pages#show", as: "page" }),
  get("files/*path", { to: "files#show", as: "file" }),
  get("feed", { to: "feeds#show", format: false }),
  get("sitemap", { to: "feeds#sitemap", format: "xml" }),
  match("ping", { to: "health#ping", via: ["get", "post"] }),
  root("articles#index"),
];

describe("expandRoutes", () => {
  it("draws exactly the table Rails 7.2.4 draws for routes.rb", () => {
    const expected = JSON.parse(readFileSync(new URL("routes.json", fixture), "utf8"));
    expect(expandRoutes(ROUTES, inflector)).toEqual(expected);
  });

  it("draws the same table with the runtime's ActiveSupport inflector (the default)", () => {
    const expected = JSON.parse(readFileSync(new URL("routes.json", fixture), "utf8"));
    expect(expandRoutes(ROUTES)).toEqual(expected);
  });

  it("raises on a duplicate explicit name as Rails does", () => {
    const dup = [get("a", { to: "x#a", as: "same" }), get("b", { to: "x#b", as: "same" })];
    expect(() => expandRoutes(dup, inflector)).toThrow("Invalid route name, already in use: 'same'");
  });

  it("normalizes paths like Mapper.normalize_path", () => {
    const table: [string, string][] = [
      ["//articles//", "/articles"], ["/(:locale)", "/(:locale)"], ["/(:locale)/x", "(/:locale)/x"],
      ["a/%2f", "/a/%2F"], ["/", "/"],
    ];
    for (const [input, output] of table) expect([input, normalizePath(input)]).toEqual([input, output]);
  });
});
