// Named route helpers of an emitted app: `postPath(ctx, post, { format: "json" })`.
// `ctx` is whatever is rendering (a view, a controller, a jbuilder template): it supplies the request's host
// (for `_url`) and its path parameters (Rails' recall).
import { Router, type UrlOptions } from "../action-pack/router.js";
import type { RouteEntry } from "../action-pack/route-table.js";
import type { HostOptions } from "../action-pack/url.js";
import { isPlainObject } from "../ruby/ruby.js";

export interface UrlContext {
  urlHost(): HostOptions;
  recall(): Record<string, unknown>;
}

/**
 * The URL context outside a request (a model or job including the app's url_helpers): no recalled path
 * parameters, and no host unless the call gives one, as Rails' default_url_options are empty by default.
 */
export const NO_REQUEST_URL_CONTEXT: UrlContext = {
  urlHost: () => {
    throw new Error("Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true");
  },
  recall: () => ({}),
};

const routers = new WeakMap<RouteEntry[], Router>();

export function routerFor(table: RouteEntry[]): Router {
  let router = routers.get(table);
  if (!router) {
    router = new Router(table);
    routers.set(table, router);
  }
  return router;
}

export type RouteHelper = (ctx: UrlContext, ...args: unknown[]) => string;

export function routeHelper(table: RouteEntry[], name: string, kind: "path" | "url"): RouteHelper {
  const router = routerFor(table);
  return (ctx, ...args) => {
    const last = args[args.length - 1];
    const options = (isPlainObject(last) ? args.pop() : {}) as UrlOptions;
    if (kind === "path") return router.pathFor(name, args, options, ctx.recall());
    return router.urlFor(name, args, { ...ctx.urlHost(), ...options }, ctx.recall());
  };
}

/**
 * A `direct` route helper (ActionDispatch::Routing::RouteSet::CustomUrlHelper#call): the block gets the arguments
 * and the options Hash last; a String it returns is the URL as it is (full_url_for), and the _path helper keeps
 * what follows the URL's host: `"/" + url.partition(%r{(?<!/)/(?!/)}).last`.
 */
export function directUrl(args: unknown[], onlyPath: boolean, block: (...given: unknown[]) => unknown): string {
  const last = args[args.length - 1];
  const hasOptions = last !== null && typeof last === "object" && Object.getPrototypeOf(last) === Object.prototype;
  const options = hasOptions ? (last as Record<string, unknown>) : {};
  const result = block(...(hasOptions ? args.slice(0, -1) : args), options);
  if (typeof result !== "string") throw new Error("rails2ts: a direct route's block answered something other than a URL String");
  if (!onlyPath) return result;
  const at = /(?<!\/)\/(?!\/)/.exec(result);
  return `/${at ? result.slice(at.index + 1) : ""}`;
}
