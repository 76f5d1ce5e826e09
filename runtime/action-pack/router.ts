// Journey::Router + the named-route URL helpers: recognizes method+path against the drawn table (first route in
// drawing order wins, HEAD falls back to GET routes) and generates `<name>_path`/`<name>_url` the way RouteSet's
// UrlHelper and Journey::Formatter do: positional args fill segment keys, missing ones come from the current
// request's path parameters (the recall), leftovers become the sorted query string.
import { compilePath, formatPath, matchPath, type CompiledPath } from "./journey.js";
import type { RouteEntry } from "./route-table.js";
import { escapeFragment, hostUrl, type HostOptions } from "./url.js";
import { toParam, toQuery } from "../active-support/to-query.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

export interface Recognized {
  route: RouteEntry;
  /** controller, action, route defaults and the decoded path parameters: Rails' request.path_parameters. */
  params: Record<string, string>;
  /** False when a %-decoded path parameter is not UTF-8 (Rails answers 400 Bad Request). */
  validEncoding: boolean;
}

/** Options of a URL helper call: route segments (`format`, `id`...), `anchor`, `params`, anything else is query. */
export type UrlOptions = Record<string, unknown> & { anchor?: unknown; format?: unknown; onlyPath?: boolean };

export class UrlGenerationError extends Error {
  override name = "UrlGenerationError";
}

export interface CompiledRoute {
  entry: RouteEntry;
  path: CompiledPath;
  verbs: string[];
  /** What OptimizedUrlHelper asks of the route itself (a glob, any requirement), read once when the table is built. */
  optimizable?: boolean;
}

// URL.path_for options that never become path segments or query parameters.
export const RESERVED = new Set(["host", "protocol", "port", "subdomain", "domain", "tld_length", "trailing_slash", "anchor",
  "params", "only_path", "onlyPath", "script_name", "original_script_name"]);

const RECOGNIZED_MAX = 2048;

export class Router {
  /** The table compiled, in drawing order (url-for.ts generates from it by controller/action). */
  readonly routes: CompiledRoute[];
  private readonly named = new Map<string, CompiledRoute>();

  constructor(readonly table: RouteEntry[]) {
    this.routes = table.map((entry) => ({
      entry,
      path: compilePath(entry.path, entry.requirements),
      verbs: entry.verb === "" ? [] : entry.verb.split("|"),
      optimizable: !/\*\w/.test(entry.path) && Object.keys(entry.requirements).length === 0,
    }));
    for (const r of this.routes) if (r.entry.name) this.named.set(r.entry.name, r);
  }

  /**
   * Answers per method and raw path: recognition depends on nothing else (the table is fixed once drawn), and a
   * page's path recurs. Bounded (emptied when full); each answer hands out its own params object.
   */
  private readonly recognized = new BoundedMemo<string, Recognized | null>(RECOGNIZED_MAX);

  hasRoute(name: string): boolean {
    return this.named.has(name);
  }

  /** RouteSet#call + Journey::Router#find_routes. `path` is the raw request path (no query string). */
  recognize(method: string, path: string): Recognized | null {
    const key = `${method}\u0000${path}`;
    const known = this.recognized.get(key);
    if (known !== undefined) return known && { route: known.route, params: { ...known.params }, validEncoding: known.validEncoding };
    const found = this.recognizeUncached(method, path);
    this.recognized.set(key, found && { ...found, params: { ...found.params } });
    return found;
  }

  private recognizeUncached(method: string, path: string): Recognized | null {
    const pathInfo = normalizeRequestPath(path);
    const verb = method.toUpperCase();
    // Drawing order, the verb first (cheap), the path's pattern only then: the same first match as filtering by both.
    const ofVerb = (r: CompiledRoute) => (r.verbs.length === 0 || r.verbs.includes(verb)) && r.path.regexp.test(pathInfo);
    let matching = verb === "HEAD" ? [] : this.routes.filter(ofVerb);
    if (verb === "HEAD") {
      const candidates = this.routes.filter((r) => r.path.regexp.test(pathInfo));
      const explicit = candidates.filter((r) => r.verbs.includes("HEAD"));
      matching = explicit.length ? explicit : candidates.filter((r) => r.verbs.length === 0 || r.verbs.includes("GET"));
    }
    for (const r of matching) {
      const matched = matchPath(r.path, pathInfo);
      if (!matched) continue;
      const params = { controller: r.entry.controller, action: r.entry.action, ...r.entry.defaults, ...matched.params };
      return { route: r.entry, params, validEncoding: matched.validEncoding };
    }
    return null;
  }

  /** `<name>_path(*args, options)`; `recall` is the current request's path parameters. */
  pathFor(name: string, args: unknown[] = [], options: UrlOptions = {}, recall: Record<string, unknown> = {}): string {
    const route = this.named.get(name);
    if (!route) throw new UrlGenerationError(`undefined route ${name}`);
    // OptimizedUrlHelper's case (exactly the required args, no options): no positional options to build, and with
    // no options there is no script name, query or anchor to add.
    if (optimizable(route, args, options)) return optimizedPath(route, args);
    const given = positionalOptions(route, args, options);
    const path = this.generate(route, given, recall, args, options);
    return finishPath(path.path, path.query, options);
  }

  /** `<name>_url(*args, options)`: the path behind the host (options.host etc., normally the request's). */
  urlFor(name: string, args: unknown[], options: UrlOptions & Partial<HostOptions>, recall: Record<string, unknown> = {}): string {
    const path = this.pathFor(name, args, options, recall);
    return withHost(path, options);
  }

  // Journey::Formatter#generate for a named route.
  private generate(route: CompiledRoute, options: Record<string, unknown>, recall: Record<string, unknown>,
    args: unknown[], rawOptions: UrlOptions): { path: string; query: Record<string, unknown> } {
    const { entry, path } = route;
    if (optimizable(route, args, rawOptions)) return { path: optimizedPath(route, args), query: {} };
    const result = generateWith(route, options, recall);
    if ("missing" in result) throw generationError({ ...recall, ...options }, result.missing);
    return result;
  }
}

/** Formatter#generate's work once a route is chosen: its path, or the required keys it lacks. */
export function generateWith(route: CompiledRoute, options: Record<string, unknown>, recall: Record<string, unknown>):
  { path: string; query: Record<string, unknown> } | { missing: string[] } {
  const { entry, path } = route;
  const parts = extractParameterizedParts(path, options, recall);
  const missing = path.requiredNames.filter((key) => {
    const req = entry.requirements[key];
    return req === undefined ? parts[key] === undefined : !new RegExp(`^(?:${req})$`, "s").test(parts[key] ?? "");
  });
  if (missing.length) return { missing };
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (!(key in parts) && !(key in entry.defaults) && key !== "controller" && key !== "action") query[key] = value;
  }
  // Trailing optional parts equal to their defaults are dropped (`sitemap_path(format: "xml")` is `/sitemap`).
  for (const key of [...path.names].reverse()) {
    const dflt = entry.defaults[key];
    if (dflt === undefined && /\S/.test(parts[key] ?? "")) break;
    if ((parts[key] ?? "") !== (dflt ?? "")) continue;
    if (path.requiredNames.includes(key)) break;
    delete parts[key];
  }
  return { path: formatPath(path.parts, parts), query };
}

/**
 * URL.path_for around the generated path: the script name first (RouteSet#find_script_name: `script_name:`,
 * after `original_script_name:`, its trailing "/" chomped), then the query string (sorted to_query, nils
 * dropped, plus `params:`) and the anchor.
 */
export function finishPath(path: string, query: Record<string, unknown>, options: UrlOptions): string {
  const text = (v: unknown) => (isNil(v) ? "" : String(v));
  const scriptName = text(options.original_script_name) + text(options.script_name);
  let result = scriptName.replace(/\/$/, "") + path;
  const all = { ...query, ...(isPlainObject(options.params) ? options.params : {}) };
  const kept = Object.fromEntries(Object.entries(all).filter(([, v]) => toParam(v) !== null));
  const qs = toQuery(kept);
  if (qs) result += `?${qs}`;
  if (options.anchor !== undefined && options.anchor !== null) result += `#${escapeFragment(toParam(options.anchor) ?? "")}`;
  return result;
}

/** URL.url_for: the path behind the host, unless only_path. */
export function withHost(path: string, options: UrlOptions & Partial<HostOptions>): string {
  if (options.onlyPath || options.only_path) return path;
  if (!options.host) {
    throw new Error("Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true");
  }
  return hostUrl({ host: options.host, ...("port" in options ? { port: options.port } : {}), protocol: options.protocol }) + path;
}

/** Journey::Router::Utils.normalize_path: one leading slash, no doubled or trailing slashes, %xx upper-cased. */
export function normalizeRequestPath(path: string): string {
  let p = `/${path}`.replace(/\/+/g, "/");
  if (p !== "/") p = p.replace(/\/$/, "").replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
  return p;
}

// UrlHelper#handle_positional_args: args fill the segment keys in order; with fewer args than keys, keys
// already known (route defaults, explicit options) are skipped first.
function positionalOptions(route: CompiledRoute, args: unknown[], options: UrlOptions): Record<string, unknown> {
  const result: Record<string, unknown> = { controller: route.entry.controller, action: route.entry.action, ...route.entry.defaults };
  if (args.length > 0) {
    const names = route.path.names;
    const size = names.includes("format") ? names.length - 1 : names.length;
    let keys = [...names];
    if (args.length < size) keys = keys.filter((k) => !(k in result));
    keys = keys.filter((k) => !(k in options));
    args.forEach((arg, i) => {
      if (keys[i] !== undefined) result[keys[i]] = arg;
    });
  }
  for (const [key, value] of Object.entries(options)) if (!RESERVED.has(key)) result[key] = value;
  return result;
}

// OptimizedUrlHelper: exactly the required args, no options, no requirements: formatted directly, and an
// empty to_param is an error there (not in the general path).
function optimizable(route: CompiledRoute, args: unknown[], options: UrlOptions): boolean {
  const ofRoute = route.optimizable ?? (!/\*\w/.test(route.entry.path) && Object.keys(route.entry.requirements).length === 0);
  return ofRoute && args.length === route.path.requiredNames.length && isEmptyObject(options);
}

/** Object.keys(o).length === 0, without the list. */
function isEmptyObject(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return false;
  return true;
}

function optimizedPath(route: CompiledRoute, args: unknown[]): string {
  const values: Record<string, string> = {};
  let missing: string[] | null = null;
  const names = route.path.requiredNames;
  for (let i = 0; i < names.length; i++) {
    const value = toParam(args[i]);
    if (value === null || value === "") (missing ??= []).push(names[i]!);
    else values[names[i]!] = value;
  }
  if (missing) {
    const given = Object.fromEntries(route.path.requiredNames.map((k, i) => [k, toParam(args[i])]));
    throw generationError({ controller: route.entry.controller, action: route.entry.action, ...route.entry.defaults, ...given }, missing);
  }
  return formatPath(route.path.parts, values);
}

// Formatter#extract_parameterized_parts: trailing segments the caller did not mention are not recalled.
function extractParameterizedParts(path: CompiledPath, options: Record<string, unknown>, recall: Record<string, unknown>): Record<string, string> {
  const reversed = [...path.names].reverse();
  let start = 0;
  while (start < reversed.length) {
    const part = reversed[start];
    const mentioned = part in options && !(isNil(options[part]) && isNil(recall[part]));
    if (mentioned) break;
    start++;
  }
  const keep = new Set([...reversed.slice(start), ...path.requiredNames]);
  const merged = { ...recall, ...options };
  const parts: Record<string, string> = {};
  for (const key of path.names) {
    if (!keep.has(key) || !(key in merged)) continue;
    const value = toParam(merged[key]);
    if (value !== null) parts[key] = value;
  }
  return parts;
}

export function generationError(constraints: Record<string, unknown>, missing: string[]): UrlGenerationError {
  const shown = Object.keys(constraints).sort().map((k) => `:${k}=>${rubyInspect(constraints[k])}`).join(", ");
  const keys = [...missing].sort().map((k) => `:${k}`).join(", ");
  return new UrlGenerationError(`No route matches {${shown}}${missing.length ? `, missing required keys: [${keys}]` : ""}`);
}

function rubyInspect(value: unknown): string {
  if (value === null || value === undefined) return "nil";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const param = toParam(value);
  return param === null ? "nil" : `#<${JSON.stringify(param)}>`;
}

const isNil = (v: unknown) => v === null || v === undefined;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && (v as object).constructor === Object;
