// url_for with a route hash, no route name (RouteSet::Generator + Journey::Formatter#match_route):
//   url_for(controller: "posts", action: "show", id: 5)   pathForOptions(router, { controller: "posts", action: "show", id: 5 })
//   redirect_to action: :edit   (in posts#show)         the controller and id come from the recall
// Routes whose controller and action match are tried by score (required segments supplied), then drawing order.
import { generateWith, finishPath, generationError, RESERVED, withHost, type CompiledRoute, type Router, type UrlOptions } from "./router.js";
import type { HostOptions } from "./url.js";

type Options = Record<string, unknown>;

/** `url_for(options)` with only_path: the path (with query and anchor). */
export function pathForOptions(router: Router, options: UrlOptions, recall: Options = {}): string {
  const opts: Options = Object.fromEntries(Object.entries(options).filter(([k]) => !RESERVED.has(k)));
  normalizeOptions(opts, recall);
  // match_route sees the recall merged in: a segment the current request has counts as supplied.
  for (const route of candidates(router.routes, { ...recall, ...opts })) {
    const result = generateWith(route, opts, recall);
    if ("path" in result) return finishPath(result.path, result.query, options);
  }
  throw generationError({ ...recall, ...opts }, []);
}

/** `url_for(options)`: a full URL on the request's host unless only_path. */
export function urlForOptions(router: Router, options: UrlOptions & Partial<HostOptions>, recall: Options = {}): string {
  return withHost(pathForOptions(router, options, recall), options);
}

// Generator#normalize_options!, #normalize_controller_action_id!, #use_relative_controller!, #normalize_controller!.
function normalizeOptions(opts: Options, recall: Options): void {
  if (opts.controller) {
    opts.action ??= "index";
    opts.controller = String(opts.controller);
  }
  if ("action" in opts) opts.action = String(opts.action || "index");
  const useRecall = (key: string) => {
    if (!recall[key] || (key in opts && opts[key] !== recall[key])) return false;
    opts[key] = recall[key];
    return true;
  };
  if (useRecall("controller") && useRecall("action")) useRecall("id");
  const current = recall.controller;
  const controller = opts.controller as string | undefined;
  if (controller && typeof current === "string" && controller !== current && !controller.startsWith("/")) {
    const size = controller.split("/").length;
    opts.controller = [...current.split("/").slice(0, -size), controller].join("/");
  }
  if (typeof opts.controller === "string" && opts.controller.startsWith("/")) opts.controller = opts.controller.slice(1);
}

// match_route without a name: routes whose required defaults (controller, action) the options carry, best
// score first (-1 when a required segment is not supplied, such routes are never tried).
function candidates(routes: CompiledRoute[], opts: Options): CompiledRoute[] {
  const supplied = new Set(Object.keys(opts).filter((k) => opts[k] !== null && opts[k] !== undefined && opts[k] !== false));
  const scored: [number, number, CompiledRoute][] = [];
  routes.forEach((route, index) => {
    if (route.entry.controller !== opts.controller || route.entry.action !== opts.action) return;
    if (route.path.requiredNames.some((k) => !supplied.has(k))) return;
    const score = 2 * 2 + route.path.names.filter((k) => supplied.has(k)).length;
    scored.push([score, index, route]);
  });
  return scored.sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, , r]) => r);
}
