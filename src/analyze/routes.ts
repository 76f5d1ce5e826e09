// config/routes.rb -> the route table, by a port of ActionDispatch::Routing::Mapper (actionpack 7.2.4). The DSL
// arrives as TS values (what the compiler reads out of routes.rb) and is expanded with Rails' own scope chain, so
// names, paths and order are exactly what `bin/rails routes` prints:
//   resources :posts do resources :replies end  ->  resources("posts", { children: [resources("replies")] })
//   get "up" => "rails/health#show", as: :rails_health_check  ->  get("up", { to: "rails/health#show", as: "rails_health_check" })
//   get :preview, on: :member                        ->  get(sym("preview"), { on: "member" })
//   post "login", to: "s#create", as: nil            ->  post("login", { to: "s#create", as: null })
// The hash form `"path" => "c#a"` is `to:`; `"path" => :act` is `action:`; `"path" => "ctrl"` is `controller:`.
// Bare Regexp options (`locale: /en|fr/`) go in `constraints`, bare string options in `defaults`, as Rails sorts them.
import type { RouteEntry } from "../../runtime/action-pack/route-table.js";
import type { Span } from "../parse/ir.js";
import { pluralize, singularize } from "../../runtime/active-support/inflector.js";

export type { RouteEntry };
export type Verb = "get" | "post" | "patch" | "put" | "delete" | "options";
export type Constraint = string | RegExp;
/** A route path: a string (`get "stats"`) or a Ruby symbol (`get :preview`), which Rails treats differently. */
export type RoutePath = string | { symbol: string };

interface CommonOptions {
  format?: boolean | string;
  constraints?: Record<string, Constraint>;
  defaults?: Record<string, string>;
  module?: string;
}
export interface MatchOptions extends CommonOptions {
  to?: string;
  controller?: string;
  action?: string;
  /** `null` is Ruby's `as: nil`: the route gets no name. */
  as?: string | null;
  on?: "member" | "collection" | "new";
  via?: Verb[] | "all";
  path?: string;
}
export interface ResourceOptions extends CommonOptions {
  only?: string[] | string;
  except?: string[] | string;
  path?: string;
  controller?: string;
  as?: string;
  param?: string;
  shallow?: boolean;
  children?: RouteDecl[];
}
export interface ScopeOptions extends CommonOptions {
  path?: string;
  as?: string;
  controller?: string;
  shallowPath?: string;
  shallowPrefix?: string;
  shallow?: boolean;
  only?: string[] | string;
  except?: string[] | string;
}

export type RouteDecl = (
  | { kind: "resources" | "resource"; name: string; options: ResourceOptions }
  | { kind: "match"; paths: RoutePath[]; options: MatchOptions }
  | { kind: "root"; options: MatchOptions }
  | { kind: "scope"; options: ScopeOptions; children: RouteDecl[] }
  | { kind: "namespace"; name: string; options: { path?: string; as?: string; module?: string }; children: RouteDecl[] }
  | { kind: "member" | "collection" | "new" | "shallow"; children: RouteDecl[] }
  | { kind: "controller"; name: string; children: RouteDecl[] }
) & { /** Where routes.rb says it (the compiler's decls carry it; Rails' errors are reported there). */ span?: Span };

/**
 * What Rails raises while drawing the routes (ArgumentError: a duplicate name, a route with no controller, ...),
 * in Rails' words, at the innermost declaration that has a position: Rails refuses to boot such an app.
 */
export class RoutingError extends Error {
  constructor(message: string, public span?: Span) {
    super(message);
    this.name = "RoutingError";
  }
}

/** Inflections the expansion needs (resource names); default: ActiveSupport's English rules. */
export interface RouteInflector {
  singularize(word: string): string;
  pluralize(word: string): string;
}

const DEFAULT_INFLECTOR: RouteInflector = { singularize: (w) => singularize(w), pluralize: (w) => pluralize(w) };

// ---- DSL builders: one per routes.rb method --------------------------------------------------------------

export const sym = (symbol: string): RoutePath => ({ symbol });
export const resources = (name: string, options: ResourceOptions = {}): RouteDecl => ({ kind: "resources", name, options });
export const resource = (name: string, options: ResourceOptions = {}): RouteDecl => ({ kind: "resource", name, options });
export const root = (to: string | MatchOptions): RouteDecl => ({ kind: "root", options: typeof to === "string" ? { to } : to });
export const match = (path: RoutePath, options: MatchOptions): RouteDecl => ({ kind: "match", paths: [path], options });
const verbHelper = (via: Verb) => (path: RoutePath, options: MatchOptions | string = {}): RouteDecl =>
  match(path, { ...(typeof options === "string" ? { to: options } : options), via: [via] });
export const get = verbHelper("get");
export const post = verbHelper("post");
export const patch = verbHelper("patch");
export const put = verbHelper("put");
export const del = verbHelper("delete");
export const scope = (options: ScopeOptions, children: RouteDecl[]): RouteDecl => ({ kind: "scope", options, children });
export const namespace = (name: string, children: RouteDecl[], options: { path?: string; as?: string; module?: string } = {}): RouteDecl =>
  ({ kind: "namespace", name, options, children });
export const member = (children: RouteDecl[]): RouteDecl => ({ kind: "member", children });
export const collection = (children: RouteDecl[]): RouteDecl => ({ kind: "collection", children });

/** Expands the DSL into Rails' route table, in drawing order. Throws where Rails raises (duplicate names...). */
export function expandRoutes(decls: RouteDecl[], inflector: RouteInflector = DEFAULT_INFLECTOR): RouteEntry[] {
  const mapper = new Mapper(inflector);
  mapper.draw(decls);
  return mapper.routes;
}

// ---- the scope chain (Mapper::Scope): each frame only holds what it sets; lookups walk to the root ----------

type Level = "resources" | "resource" | "collection" | "member" | "new" | "nested" | "root" | null;
interface Frame {
  path?: string;
  shallow_path?: string;
  as?: string;
  shallow_prefix?: string;
  module?: string;
  controller?: string;
  path_names?: Record<string, string>;
  constraints?: Record<string, Constraint>;
  shallow?: boolean;
  defaults?: Record<string, string>;
  format?: boolean | string;
  scope_level_resource?: Resource;
  action_options?: { only?: string[] | string; except?: string[] | string };
}

class Scope {
  constructor(readonly frame: Frame, readonly parent: Scope | null, readonly level: Level) {}
  get<K extends keyof Frame>(key: K): Frame[K] {
    for (let node: Scope | null = this; node; node = node.parent) if (key in node.frame) return node.frame[key];
    return undefined;
  }
  push(frame: Frame): Scope {
    return new Scope(frame, this, this.level);
  }
  withLevel(level: Level): Scope {
    return new Scope(this.frame, this, level);
  }
  *nodes(): Generator<Scope> {
    for (let node: Scope | null = this; node; node = node.parent) yield node;
  }
  isResourceScope(): boolean {
    return this.level === "resource" || this.level === "resources";
  }
  isResourceMethodScope(): boolean {
    return this.level === "collection" || this.level === "member" || this.level === "new";
  }
  /** Scope#action_name: which name parts a route gets at this level. */
  actionName(namePrefix?: string, prefix?: string, collectionName?: string, memberName?: string): (string | undefined)[] {
    switch (this.level) {
      case "nested": return [namePrefix, prefix];
      case "collection": return [prefix, namePrefix, collectionName];
      case "new": return [prefix, "new", namePrefix, memberName];
      case "member": return [prefix, namePrefix, memberName];
      case "root": return [namePrefix, collectionName, prefix];
      default: return [namePrefix, memberName, prefix];
    }
  }
}

// ---- Resource / SingletonResource ----------------------------------------------------------------------

const DEFAULT_ACTIONS = ["index", "create", "new", "show", "update", "destroy", "edit"];
const SINGLETON_ACTIONS = ["show", "create", "update", "destroy", "new", "edit"];
const CANONICAL_ACTIONS = ["index", "create", "new", "show", "update", "destroy"];
const arrayOf = (v: string[] | string | undefined): string[] | undefined => (v === undefined ? undefined : [v].flat());

class Resource {
  readonly path: string;
  readonly controller: string;
  readonly param: string;
  readonly plural: string;
  readonly singular: string;
  readonly actions: string[];

  constructor(entities: string, options: ResourceOptions, readonly isShallow: boolean, readonly singleton: boolean, inflector: RouteInflector) {
    const name = options.as ?? entities;
    this.path = options.path ?? entities;
    this.param = options.param ?? "id";
    this.plural = singleton ? inflector.pluralize(name) : name;
    this.singular = singleton ? name : inflector.singularize(name);
    this.controller = options.controller ?? (singleton ? this.plural : entities);
    const available = arrayOf(options.only) ?? (singleton ? SINGLETON_ACTIONS : DEFAULT_ACTIONS);
    const except = arrayOf(options.except) ?? [];
    this.actions = available.filter((a) => !except.includes(a));
  }
  get memberName(): string {
    return this.singular;
  }
  get collectionName(): string {
    if (this.singleton) return this.singular;
    return this.singular === this.plural ? `${this.plural}_index` : this.plural;
  }
  get memberScope(): string {
    return this.singleton ? this.path : `${this.path}/:${this.param}`;
  }
  get nestedParam(): string {
    return `${this.singular}_${this.param}`;
  }
  get nestedScope(): string {
    return this.singleton ? this.path : `${this.path}/:${this.nestedParam}`;
  }
}

// ---- the Mapper ------------------------------------------------------------------------------------------

interface RouteSpec {
  action: string;
  path: string | undefined;
  controller: string | undefined;
  options: MatchOptions;
}

class Mapper {
  readonly routes: RouteEntry[] = [];
  private readonly names = new Set<string>();
  private scope = new Scope({ path_names: { new: "new", edit: "edit" } }, null, null);

  constructor(private readonly inflector: RouteInflector) {}

  draw(decls: RouteDecl[]): void {
    for (const decl of decls) {
      try {
        this.drawOne(decl);
      } catch (err) {
        if (err instanceof RoutingError && !err.span) err.span = decl.span;
        throw err;
      }
    }
  }

  private drawOne(decl: RouteDecl): void {
    switch (decl.kind) {
      case "resources":
      case "resource": return this.resources(decl.kind, decl.name, decl.options);
      case "match": return this.match(decl.paths, decl.options);
      case "root": return this.root(decl.options);
      case "scope": return this.scopeBlock(decl.options, () => this.draw(decl.children));
      case "namespace": return this.namespace(decl.name, decl.options, () => this.draw(decl.children));
      case "member": return this.member(() => this.draw(decl.children));
      case "collection": return this.collection(() => this.draw(decl.children));
      case "new": return this.newBlock(() => this.draw(decl.children));
      case "shallow": return this.within(this.scope.push({ shallow: true }), () => this.draw(decl.children));
      case "controller": return this.within(this.scope.push({ controller: decl.name }), () => this.draw(decl.children));
    }
  }

  private within(scope: Scope, body: () => void): void {
    const saved = this.scope;
    this.scope = scope;
    try {
      body();
    } finally {
      this.scope = saved;
    }
  }

  private pathScope(path: string, body: () => void): void {
    this.within(this.scope.push({ path: mergePath(this.scope.get("path"), path) }), body);
  }

  private get parentResource(): Resource | undefined {
    return this.scope.get("scope_level_resource");
  }

  // Scoping#scope: every option merges with the enclosing value by its own rule (merge_*_scope).
  private scopeBlock(options: ScopeOptions, body: () => void): void {
    const frame: Frame = {};
    const s = this.scope;
    const nestedScope = s.level === "nested";
    const shallowPath = options.shallowPath ?? (!nestedScope && options.path !== undefined ? options.path : undefined);
    const shallowPrefix = options.shallowPrefix ?? (!nestedScope && options.as !== undefined ? options.as : undefined);
    if (options.path !== undefined) frame.path = mergePath(s.get("path"), options.path);
    if (shallowPath !== undefined) frame.shallow_path = mergePath(s.get("shallow_path"), shallowPath);
    if (options.as !== undefined) frame.as = joinName(s.get("as"), options.as, "_");
    if (shallowPrefix !== undefined) frame.shallow_prefix = joinName(s.get("shallow_prefix"), shallowPrefix, "_");
    if (options.module !== undefined) frame.module = joinName(s.get("module"), options.module, "/");
    if (options.controller !== undefined) frame.controller = options.controller;
    frame.constraints = { ...s.get("constraints"), ...options.constraints };
    if (options.shallow !== undefined) frame.shallow = options.shallow;
    frame.defaults = { ...s.get("defaults"), ...options.defaults };
    if (options.format !== undefined) frame.format = options.format;
    if (options.only !== undefined || options.except !== undefined) {
      frame.action_options = { only: options.only, except: options.except };
    }
    this.within(s.push(frame), body);
  }

  private namespace(name: string, options: { path?: string; as?: string; module?: string }, body: () => void): void {
    if (this.scope.isResourceScope()) return this.nested(() => this.namespace(name, options, body));
    const scopeOptions: ScopeOptions = {
      module: options.module ?? name,
      as: options.as ?? name,
      shallowPath: options.path ?? name,
      shallowPrefix: options.as ?? name,
    };
    this.pathScope(options.path ?? name, () => this.scopeBlock(scopeOptions, body));
  }

  // Resources#resources / #resource with apply_common_behavior_for in front.
  private resources(kind: "resources" | "resource", name: string, options: ResourceOptions): void {
    if (options.shallow) {
      const { shallow: _, ...rest } = options;
      return this.within(this.scope.push({ shallow: true }), () => this.resources(kind, name, rest));
    }
    if (this.scope.isResourceScope()) return this.nested(() => this.resources(kind, name, options));
    const { module, format, constraints, defaults, shallow, ...resourceOptions } = options;
    if ([module, format, constraints, defaults, shallow].some((o) => o !== undefined)) {
      const scoped = { module, format, constraints, defaults, shallow };
      return this.scopeBlock(scoped, () => this.resources(kind, name, resourceOptions));
    }
    this.within(this.scope.withLevel(kind), () => {
      const actionOptions = options.only || options.except ? {} : this.scope.get("action_options") ?? {};
      const withActions = { ...options, ...actionOptions };
      const singleton = kind === "resource";
      const res = new Resource(name, withActions, Boolean(this.scope.get("shallow")), singleton, this.inflector);
      this.resourceScope(res, () => this.drawResource(res, options.children ?? []));
    });
  }

  private drawResource(res: Resource, children: RouteDecl[]): void {
    this.draw(children);
    const has = (a: string) => res.actions.includes(a);
    const route = (verb: Verb, action: string) => this.match([{ symbol: action }], { via: [verb] });
    if (res.singleton) {
      if (has("new")) this.newBlock(() => route("get", "new"));
      this.memberMappings(res);
      if (has("create")) this.collection(() => route("post", "create"));
      return;
    }
    if (has("index") || has("create")) {
      this.collection(() => {
        if (has("index")) route("get", "index");
        if (has("create")) route("post", "create");
      });
    }
    if (has("new")) this.newBlock(() => route("get", "new"));
    this.memberMappings(res);
  }

  private memberMappings(res: Resource): void {
    const has = (a: string) => res.actions.includes(a);
    const route = (verb: Verb, action: string) => this.match([{ symbol: action }], { via: [verb] });
    this.member(() => {
      if (has("edit")) route("get", "edit");
      if (has("show")) route("get", "show");
      if (has("update")) {
        route("patch", "update");
        route("put", "update");
      }
      if (has("destroy")) route("delete", "destroy");
    });
  }

  private resourceScope(res: Resource, body: () => void): void {
    this.within(this.scope.push({ scope_level_resource: res }), () =>
      this.within(this.scope.push({ controller: res.controller }), body),
    );
  }

  private requireResourceScope(what: string): Resource {
    const res = this.parentResource;
    if (!this.scope.isResourceScope() || !res) throw new RoutingError(`can't use ${what} outside resource(s) scope`);
    return res;
  }

  private collection(body: () => void): void {
    const res = this.requireResourceScope("collection");
    this.within(this.scope.withLevel("collection"), () => this.pathScope(res.path, body));
  }

  private member(body: () => void): void {
    const res = this.requireResourceScope("member");
    this.within(this.scope.withLevel("member"), () => {
      if (this.isShallow()) this.shallowScope(() => this.pathScope(res.memberScope, body));
      else this.pathScope(res.memberScope, body);
    });
  }

  private newBlock(body: () => void): void {
    const res = this.requireResourceScope("new");
    const newPath = this.scope.get("path_names")?.new ?? "new";
    this.within(this.scope.withLevel("new"), () => this.pathScope(`${res.path}/${newPath}`, body));
  }

  private nested(body: () => void): void {
    const res = this.requireResourceScope("nested");
    this.within(this.scope.withLevel("nested"), () => {
      const inner = () => this.pathScope(res.nestedScope, () => this.scopeBlock({ as: res.memberName }, body));
      if (this.isShallow() && this.shallowNestingDepth() >= 1) this.shallowScope(inner);
      else inner();
    });
  }

  private isShallow(): boolean {
    const res = this.parentResource;
    return Boolean(res && !res.singleton && this.scope.get("shallow"));
  }

  // Frames are shared between a node and its level-only children, so a resource frame can count more than once,
  // exactly as in Rails.
  private shallowNestingDepth(): number {
    let depth = 0;
    for (const node of this.scope.nodes()) if (node.frame.scope_level_resource?.isShallow) depth++;
    return depth;
  }

  private shallowScope(body: () => void): void {
    this.within(this.scope.push({ as: this.scope.get("shallow_prefix"), path: this.scope.get("shallow_path") }), body);
  }

  private root(options: MatchOptions): void {
    const rootMatch = () => this.match(["/"], { as: "root", via: ["get"], ...options });
    const res = this.parentResource;
    if (this.scope.level === "resources" && res) {
      this.within(this.scope.withLevel("root"), () => this.pathScope(res.path, rootMatch));
    } else {
      rootMatch();
    }
  }

  // Resources#match + map_match: string paths and symbol actions fan out to decomposed_match.
  private match(paths: RoutePath[], options: MatchOptions): void {
    const { path: optionPath, defaults, ...rest } = options;
    const run = () => {
      for (const p of paths) {
        if (typeof p === "string") {
          if (optionPath !== undefined) throw new RoutingError("Ambiguous route definition. Both :path and the route path were specified as strings.");
          const to = rest.to ?? (rest.action ? undefined : toFromPath(p));
          this.decomposedMatch({ action: p, path: p, controller: rest.controller, options: { ...rest, to } });
        } else {
          this.decomposedMatch({ action: p.symbol, path: optionPath, controller: rest.controller, options: rest });
        }
      }
    };
    if (defaults) this.within(this.scope.push({ defaults: { ...this.scope.get("defaults"), ...defaults } }), run);
    else run();
  }

  private decomposedMatch(spec: RouteSpec): void {
    const { on, ...options } = spec.options;
    const next = { ...spec, options };
    if (on === "member") return this.member(() => this.decomposedMatch(next));
    if (on === "collection") return this.collection(() => this.decomposedMatch(next));
    if (on === "new") return this.newBlock(() => this.decomposedMatch(next));
    if (this.scope.level === "resources") return this.nested(() => this.decomposedMatch(next));
    if (this.scope.level === "resource") return this.member(() => this.decomposedMatch(next));
    this.addRoute(spec);
  }

  private addRoute({ action, path: explicitPath, controller, options }: RouteSpec): void {
    const path = this.pathForAction(action, explicitPath);
    if (!path) throw new RoutingError("path is required");
    let routeAction: string | null = action;
    let defaultAction = options.action;
    if (/^[\w\-/]+$/.test(action)) {
      if (!action.includes("/")) defaultAction ??= action.replace(/-/g, "_");
    } else {
      routeAction = null;
    }
    const name = options.as === null ? null : this.nameForAction(options.as, routeAction);
    const formatted = options.format ?? this.scope.get("format");
    const spec = normalizeRoutePath(rfc2396Escape(path), formatted);
    this.addEntry(name, spec, options, controller ?? this.scope.get("controller"), defaultAction, formatted);
  }

  private pathForAction(action: string, path: string | undefined): string {
    const scopePath = this.scope.get("path") ?? "";
    if (path !== undefined) return `${scopePath}/${path}`;
    if (this.isCanonical(action)) return scopePath;
    return `${scopePath}/${this.scope.get("path_names")?.[action] ?? action}`;
  }

  private isCanonical(action: string | null): boolean {
    return this.scope.isResourceMethodScope() && action !== null && CANONICAL_ACTIONS.includes(action);
  }

  private nameForAction(as: string | undefined, action: string | null): string | null {
    let prefix: string | undefined;
    const rawPrefix = as ?? (action !== null && !this.isCanonical(action) ? action : undefined);
    if (rawPrefix && rawPrefix !== "/") prefix = normalizeName(rawPrefix.replace(/-/g, "_"));
    const res = this.parentResource;
    if (res && as === undefined && action === null) return null;
    const parts = this.scope.actionName(this.scope.get("as"), prefix, res?.collectionName, res?.memberName);
    const candidate = parts.filter((p): p is string => Boolean(p)).join("_");
    if (!candidate) return null;
    if (as !== undefined) {
      if (this.names.has(candidate)) throw new RoutingError(`Invalid route name, already in use: '${candidate}'`);
      return candidate;
    }
    return /^[_a-z]/i.test(candidate) && !this.names.has(candidate) ? candidate : null;
  }

  // Mapping#initialize, reduced to what the route table records.
  private addEntry(name: string | null, spec: string, options: MatchOptions, defaultController: string | undefined,
    defaultAction: string | undefined, formatted: boolean | string | undefined): void {
    let controller = defaultController;
    let action = defaultAction;
    if (options.to !== undefined) {
      if (options.to.includes("#")) [controller, action] = options.to.split("#");
      else action = options.to;
    }
    const module = this.scope.get("module");
    if (module && controller !== undefined) controller = controller.startsWith("/") ? controller.slice(1) : `${module}/${controller}`;
    if (controller === undefined) throw new RoutingError("Missing :controller key on routes definition, please check your routes.");
    if (action === undefined) throw new RoutingError("Missing :action key on routes definition, please check your routes.");
    const { names, stars } = pathNames(spec);
    const requirements: Record<string, string> = {};
    const defaults: Record<string, string> = { ...this.scope.get("defaults") };
    if (typeof formatted === "string") {
      requirements.format = formatted; // Regexp.compile(formatted): the string is the pattern
      defaults.format = formatted;
    }
    const constraints = { ...this.scope.get("constraints"), ...options.constraints };
    if (formatted !== false) for (const star of stars) constraints[star] ??= /.+?/;
    for (const [key, value] of Object.entries(constraints)) {
      if (names.includes(key)) requirements[key] = value instanceof RegExp ? value.source : escapeRegExp(value);
    }
    const via = options.via ?? [];
    if (via.length === 0) throw new RoutingError("You should not use the `match` method in your router without specifying an HTTP method.");
    const verb = via === "all" ? "" : via.map((v) => v.toUpperCase()).join("|");
    // RouteSet#add_route: Ruby's ^ and $ are line anchors, hence /m.
    if (name && !/^[_a-z]\w*$/im.test(name)) throw new RoutingError(`Invalid route name: '${name}'`);
    if (name) this.names.add(name);
    this.routes.push({ name, verb, path: spec, controller, action, defaults, requirements });
  }
}

// ---- path and name normalisation (Mapper.normalize_path, Journey::Router::Utils.normalize_path) -------------

function journeyNormalizePath(path: string): string {
  let p = `/${path}`.replace(/\/+/g, "/");
  if (p !== "/") p = p.replace(/\/$/, "").replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
  return p;
}

/** Mapper.normalize_path: also moves a slash into a leading optional group (`/(:locale)` -> `(/:locale)`). */
export function normalizePath(path: string): string {
  let p = journeyNormalizePath(path).replace(/\/(\(+)\/?/g, "$1/");
  if (/^(\(+[^)]+\))(\(+\/:[^)]+\))*$/m.test(p)) p = p.replace(/^(\(+)\//m, "/$1");
  return p;
}

function normalizeName(name: string): string {
  return normalizePath(name).slice(1).replace(/\//g, "_");
}

function mergePath(parent: string | undefined, child: string): string {
  return normalizePath(`${parent ?? ""}/${child}`);
}

function joinName(parent: string | undefined, child: string, sep: string): string {
  return parent ? `${parent}${sep}${child}` : child;
}

// Mapping.normalize_path: appends `(.:format)` unless the path already ends in a format or a slash.
function normalizeRoutePath(path: string, format: boolean | string | undefined): string {
  const p = normalizePath(path);
  if (format === true) return `${p}.:format`;
  if (format !== false && !/(?:\(\.:format\)+|\.:format|\/)$/.test(p)) return `${p}(.:format)`;
  return p;
}

// map_match's get_to_from_path: `get "search/run"` means search#run.
function toFromPath(path: string): string | undefined {
  const bare = path.replace(/\(\.:format\)$/, "");
  if (!/^\/?[-\w]+\/[-\w/]+$/.test(bare)) return undefined;
  return bare.replace(/^\//, "").replace(/\/([^/]*)$/, "#$1").replace(/-/g, "_");
}

// URI::RFC2396_Parser#escape with its default UNSAFE set.
function rfc2396Escape(path: string): string {
  return path.replace(/[^-_.!~*'()a-zA-Z\d;/?:@&=+$,[\]]/gu, (ch) =>
    [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}

function pathNames(spec: string): { names: string[]; stars: string[] } {
  const names: string[] = [];
  const stars: string[] = [];
  for (const m of spec.matchAll(/([:*])(\w+)/g)) {
    names.push(m[2]);
    if (m[1] === "*") stars.push(m[2]);
  }
  return { names, stars };
}

// Regexp.escape, so a string constraint's source reads as Rails keeps it.
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\#-]/g, "\\$&").replace(/ /g, "\\ ");
}
