// config/routes.rb (IR) -> the route DSL of src/analyze/routes.ts, which expands it as Rails' Mapper does.
//
//   resources :posts, only: %i[index] do ... end    resources("posts", { only: ["index"], children })
//   get "up" => "rails/health#show", as: :x             match("up", { to: "rails/health#show", as: "x", via: ["get"] })
//   root "posts#index"                               root({ to: "posts#index" })
//   namespace :admin do ... end / scope ... / member    namespace("admin", children) / ...
import type { Diagnostics } from "../../diagnostics/index.js";
import { literal, type Literal } from "../../analyze/models.js";
import { literalString, type Node, type NodeOf } from "../../parse/ir.js";
import type { MatchOptions, RouteDecl, RoutePath, Verb } from "../../analyze/routes.js";

const VERBS = new Set(["get", "post", "patch", "put", "delete", "match"]);

export function routeDecls(body: Node[], diags: Diagnostics): RouteDecl[] {
  const draw = body.find((n): n is NodeOf<"call"> => n.kind === "call" && n.method === "draw" && n.block !== null);
  return draw ? decls(draw.block!.body, diags) : [];
}

/** `direct :name do |args, options| ... end` at the top of the draw block (Rails allows it only there). */
export interface DirectRoute {
  name: string;
  block: NodeOf<"call">["block"] & object;
  span: NodeOf<"call">["span"];
}

export function directRoutes(body: Node[]): DirectRoute[] {
  const draw = body.find((n): n is NodeOf<"call"> => n.kind === "call" && n.method === "draw" && n.block !== null);
  return (draw?.block!.body ?? []).flatMap((n) =>
    n.kind === "call" && isDirect(n) ? [{ name: literalString(n.args[0]!)!, block: n.block!, span: n.span }] : [],
  );
}

function isDirect(n: Node): boolean {
  return n.kind === "call" && n.receiver === null && n.method === "direct" && n.block !== null && n.args.length >= 1 && literalString(n.args[0]!) !== null;
}

function decls(body: Node[], diags: Diagnostics): RouteDecl[] {
  return body.flatMap((n) => {
    if (isDirect(n)) return [];
    if (n.kind !== "call" || n.receiver) {
      diags.report("unsupported_route", n.span, n.kind);
      return [];
    }
    const d = decl(n, diags);
    if (d === DECLINED) return [];
    if (!d) diags.report("unsupported_route", n.span, n.method);
    return d ? [{ ...d, span: n.span }] : [];
  });
}

/**
 * The route's options, or null when one is not a literal (`constraints: ->(req) { ... }`, `to: redirect(...)`):
 * then the route is not drawn at all (a request answers 404), never drawn without the option (a dropped
 * constraint would open the route to requests Rails refuses).
 */
function options(call: NodeOf<"call">, diags: Diagnostics): Record<string, Literal> | null {
  const last = call.args[call.args.length - 1];
  if (last?.kind !== "hash") return {};
  const out: Record<string, Literal> = {};
  for (const { key, value } of last.pairs) {
    const k = literalString(key);
    const v = literal(value);
    if (k === null || v === undefined) {
      diags.report("unsupported_route", value.span, "non-literal option (the route is not drawn)");
      return null;
    }
    out[k] = v;
  }
  return out;
}

function children(call: NodeOf<"call">, diags: Diagnostics): RouteDecl[] {
  return call.block ? decls(call.block.body, diags) : [];
}

/** A route the compiler reported and does not draw (its own diagnostic says why). */
const DECLINED = "declined" as const;

function decl(call: NodeOf<"call">, diags: Diagnostics): RouteDecl | typeof DECLINED | null {
  const m = call.method;
  const name = literalString(call.args[0]) ?? "";
  const opts = options(call, diags);
  if (opts === null) return DECLINED;
  if (m === "resources" || m === "resource") {
    return { kind: m, name, options: { ...(opts as object), children: children(call, diags) } };
  }
  if (m === "root") {
    const to = literalString(call.args[0]);
    return { kind: "root", options: { ...(opts as MatchOptions), ...(to && call.args[0]?.kind !== "hash" ? { to } : {}) } };
  }
  if (m === "namespace") return { kind: "namespace", name, options: opts as object, children: children(call, diags) };
  if (m === "scope") {
    const path = call.args[0]?.kind === "hash" ? {} : { path: name };
    return { kind: "scope", options: { ...(opts as object), ...path }, children: children(call, diags) };
  }
  if (m === "member" || m === "collection" || m === "new" || m === "shallow") return { kind: m, children: children(call, diags) };
  if (m === "controller") return { kind: "controller", name, children: children(call, diags) };
  if (VERBS.has(m)) return matchDecl(call, opts, diags);
  return null;
}

function matchDecl(call: NodeOf<"call">, opts: Record<string, Literal>, diags: Diagnostics): RouteDecl | null {
  const first = call.args[0];
  const options: Record<string, Literal> = { ...opts };
  let paths: RoutePath[] = [];
  if (first?.kind === "hash") {
    // `get "up" => "rails/health#show", as: :x`: the one pair with a string key is the path => target.
    for (const { key, value } of first.pairs) {
      if (key.kind === "sym") continue;
      const path = literalString(key);
      const target = literalString(value);
      if (path === null || target === null) return null;
      paths = [path];
      delete options[path];
      if (value.kind === "sym") options.action = target;
      else if (target.includes("#")) options.to = target;
      else options.controller = target;
    }
  } else if (first) {
    paths = [first.kind === "sym" ? { symbol: first.name } : (literalString(first) ?? "")];
  }
  if (!paths.length) {
    diags.report("unsupported_route", call.span, "route without a path");
    return null;
  }
  const via = call.method === "match" ? (options.via as MatchOptions["via"]) : [call.method as Verb];
  return { kind: "match", paths, options: { ...(options as MatchOptions), via } };
}
