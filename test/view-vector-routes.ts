// Test double for the vectors' route set and request (the HTTP runtime owns the real one):
// named route helpers, url_for with route hashes, polymorphic routing, and the ViewHost built on them.
import type { ViewHost } from "../runtime/active-model/host.js";
import { isViewRecord, isModelClass } from "../runtime/active-model/host.js";
import { isPlainObject, toS } from "../runtime/ruby/ruby.js";
import { FROZEN_NOW, toQuery } from "./view-vector-context.js";

interface Route {
  name: string;
  path: string;
  controller: string;
  actions: string[];
}

const ROUTES: Route[] = [
  { name: "root", path: "/", controller: "articles", actions: ["index"] },
  { name: "article_comments", path: "/articles/:article_id/comments", controller: "comments", actions: ["index", "create"] },
  { name: "new_article_comment", path: "/articles/:article_id/comments/new", controller: "comments", actions: ["new"] },
  { name: "edit_article_comment", path: "/articles/:article_id/comments/:id/edit", controller: "comments", actions: ["edit"] },
  { name: "article_comment", path: "/articles/:article_id/comments/:id", controller: "comments", actions: ["show", "update", "destroy"] },
  { name: "articles", path: "/articles", controller: "articles", actions: ["index", "create"] },
  { name: "new_article", path: "/articles/new", controller: "articles", actions: ["new"] },
  { name: "edit_article", path: "/articles/:id/edit", controller: "articles", actions: ["edit"] },
  { name: "article", path: "/articles/:id", controller: "articles", actions: ["show", "update", "destroy"] },
  { name: "admin_articles", path: "/admin/articles", controller: "admin/articles", actions: ["index", "create"] },
  { name: "new_admin_article", path: "/admin/articles/new", controller: "admin/articles", actions: ["new"] },
  { name: "edit_admin_article", path: "/admin/articles/:id/edit", controller: "admin/articles", actions: ["edit"] },
  { name: "admin_article", path: "/admin/articles/:id", controller: "admin/articles", actions: ["show", "update", "destroy"] },
];

const URL_OPTIONS = ["only_path", "host", "protocol", "port", "anchor", "script_name", "format", "controller", "action"];

function escapeSegment(s: string): string {
  return encodeURIComponent(s).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (m) => decodeURIComponent(m));
}

function paramValue(v: unknown): string {
  return isViewRecord(v) ? (v.toParam() ?? "") : toS(v);
}

function build(route: Route, params: Record<string, unknown>, full: boolean): string {
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (!URL_OPTIONS.includes(k) && v !== null && v !== undefined) rest[k] = v;
  let path = route.path.replace(/:(\w+)/g, (_m, k: string) => {
    const v = paramValue(params[k]);
    if (v === "") throw new Error(`No route matches, missing required keys: [:${k}]`);
    delete rest[k];
    return escapeSegment(v);
  });
  if (params.format !== undefined && params.format !== null) path += `.${toS(params.format)}`;
  if (params.script_name) path = toS(params.script_name) + path;
  const query = toQuery(rest);
  if (query) path += `?${query}`;
  if (params.anchor !== undefined && params.anchor !== null) path += `#${encodeURIComponent(toS(params.anchor))}`;
  const onlyPath = params.only_path === undefined ? !full : Boolean(params.only_path);
  if (onlyPath) return path;
  const protocol = params.protocol ? toS(params.protocol).replace(/:\/\/$/, "") : "http";
  const port = params.port ? `:${toS(params.port)}` : "";
  return `${protocol}://${toS(params.host ?? "test.host")}${port}${path}`;
}

/** `<name>_path(*args)` / `<name>_url(*args)`: positional args fill the path params in order. */
export function namedRoute(helper: string, args: unknown[]): string | undefined {
  const m = /^(.*)_(path|url)$/.exec(helper);
  const route = m && ROUTES.find((r) => r.name === m[1]);
  if (!m || !route) return undefined;
  const rest = [...args];
  const opts = isPlainObject(rest[rest.length - 1]) ? { ...(rest.pop() as Record<string, unknown>) } : {};
  const keys = [...route.path.matchAll(/:(\w+)/g)].map((x) => x[1]!);
  keys.forEach((k, i) => { if (i < rest.length) opts[k] = rest[i]; });
  return build(route, opts, m[2] === "url");
}

/** url_for(hash): the first route serving controller#action whose params are present. */
export function routeFromHash(hash: Record<string, unknown>): string {
  const controller = toS(hash.controller ?? "articles");
  const action = toS(hash.action ?? "index");
  for (const r of ROUTES) {
    if (r.controller !== controller || !r.actions.includes(action)) continue;
    const keys = [...r.path.matchAll(/:(\w+)/g)].map((x) => x[1]!);
    if (keys.every((k) => hash[k] !== undefined && hash[k] !== null)) return build(r, hash, false);
  }
  throw new Error("No route matches");
}

/** polymorphic_url's name building: [:admin, parent, record] -> admin_article_comment_path(parent, record). */
export function polymorphic(target: unknown, prefix: string | null, options: Record<string, unknown> = {}, full = false): string {
  const parts = Array.isArray(target) ? [...target] : [target];
  const action = typeof parts[0] === "string" && ["new", "edit"].includes(parts[0]) && parts.length > 1 ? parts.shift() : prefix;
  const names: string[] = [];
  const args: unknown[] = [];
  parts.forEach((p, i) => {
    const last = i === parts.length - 1;
    if (typeof p === "string") names.push(p);
    else if (isViewRecord(p)) {
      const persisted = p.isPersisted();
      names.push(last && !persisted && action !== "new" ? p.modelName.routeKey : p.modelName.singularRouteKey);
      if (persisted) args.push(p);
    } else if (isModelClass(p)) names.push(action === "new" ? p.modelName.singularRouteKey : p.modelName.routeKey);
  });
  const name = `${action ? `${action}_` : ""}${names.join("_")}_${full ? "url" : "path"}`;
  const url = namedRoute(name, [...args, options]);
  if (url === undefined) throw new Error(`undefined method ${name}`);
  return url;
}

/** An 86-character stand-in for the masked per-request token; the test swaps it for {{CSRF_TOKEN}}. */
export const CSRF_TOKEN = "t".repeat(43) + "T".repeat(43);

export function fakeHost(overrides: Partial<ViewHost> = {}): ViewHost {
  return {
    request: { method: "GET", fullpath: "/", protocol: "http://", hostWithPort: "test.host" },
    urlFor(target: unknown): string {
      if (typeof target === "string") return target;
      if (isPlainObject(target)) return routeFromHash(target);
      return polymorphic(target, null);
    },
    polymorphicPath(target: unknown, options: { format?: string | null } = {}): string {
      return polymorphic(target, null, options.format ? { format: options.format } : {});
    },
    protectAgainstForgery: () => false,
    formAuthenticityToken: () => CSRF_TOKEN,
    now: () => new Date(FROZEN_NOW),
    ...overrides,
  };
}
