// The view context a vector file's header describes, built from the runtime's own pieces (test support):
// ActionDispatch::TestRequest (http://test.host, GET /), the app's routes (the table the compiler lowered),
// the frozen clock, forgery protection on only where the file says so, and the compiled templates (partials).
// Broadcast renders (ApplicationController.render) use the default renderer's host, http://example.org.
import { polymorphicUrl } from "../../runtime/action-pack/polymorphic.js";
import type { UrlOptions } from "../../runtime/action-pack/router.js";
import { routerFor } from "../../runtime/app/routes.js";
import type { TemplateEntry, ViewContext } from "../../runtime/app/view.js";
import type { RouteEntry } from "../../runtime/action-pack/route-table.js";
import { urlForOptions } from "../../runtime/action-pack/url-for.js";
import { isPlainObject } from "../../runtime/ruby/ruby.js";

/** Stands in for the per-request masked token (86 characters); the suite writes it as {{CSRF_TOKEN}}. */
export const CSRF_TOKEN = "t".repeat(43) + "T".repeat(43);

export interface ContextOptions {
  routes: RouteEntry[];
  templates: Record<string, TemplateEntry>;
  now: Date;
  protectAgainstForgery: boolean;
  /** "test.host" for the view; "example.org" for ApplicationController.render. */
  host?: string;
}

export function vectorViewContext(o: ContextOptions): ViewContext {
  const router = routerFor(o.routes);
  const host = { host: o.host ?? "test.host", protocol: "http://" };
  return {
    templates: o.templates,
    // `ApplicationController.new.view_context`: partials without a directory resolve under application/.
    controllerPath: "application",
    format: "html",
    request: { method: "GET", fullpath: "/", protocol: "http://", hostWithPort: host.host, referer: null },
    urlHost: () => host,
    recall: () => ({}),
    flashValue: () => null,
    formAuthenticityToken: () => CSRF_TOKEN,
    protectAgainstForgery: () => o.protectAgainstForgery,
    // ActionView's url_for: a route hash is a path unless it names a host or only_path: false (RoutingUrlFor).
    urlFor: (target) => {
      if (typeof target === "string") return target;
      if (isPlainObject(target)) return urlForOptions(router, { ...host, only_path: !("host" in target), ...target }, {});
      return polymorphicUrl(router, target, "path", {}, host, {});
    },
    polymorphicPath: (target, opts = {}) => {
      const { action = null, url = false, ...options } = opts;
      return polymorphicUrl(router, target, url ? "url" : "path", options as UrlOptions, host, {}, action);
    },
    assetPath: () => null,
    now: () => new Date(o.now),
  };
}
