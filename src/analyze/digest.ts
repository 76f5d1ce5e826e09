// ActionView::Digestor (Rails 7.2): the template digest that fragment cache keys carry, so editing a template or any
// partial it renders changes every key built from it.
//   Digestor.digest(name:, format:, finder:)      templateDigest(name, format, views, { formats })
//   digest_path_from_template(template)           digestPath(virtualPath, format, views)  "posts/_post:<digest>"
//   Digestor.tree(name, finder).to_dep_map        dependencyTree(name, format, views)
//   DependencyTracker.find_dependencies           templateDependencies(name, format, views) / trackerDependencies
// A node's digest is ActiveSupport::Digest.hexdigest("#{source}-#{children's digests joined by -}"), hashed by the
// app's hash_digest_class (load_defaults 7.0+: SHA256, 5.2-6.1: SHA1, else MD5), truncated to 32 hex digits.
// Cycles and memoization follow Rails exactly, including that a child's digest is cached by its name in a cache
// shared by every digest of the same lookup details: share one DigestCache across calls as Rails shares one.
import { createHash } from "node:crypto";
import { erbDependencies } from "./digest/erb-tracker.js";
import { parseTemplatePath, ViewResolver, type LookupDetails, type ResolvedTemplate, type ViewFile } from "./digest/view-paths.js";

export { ViewResolver, type ViewFile, type LookupDetails, type ResolverOptions } from "./digest/view-paths.js";
export { readViewFiles } from "./digest/view-files.js";

export type HashDigestClass = "MD5" | "SHA1" | "SHA256";
/** A controller's view_cache_dependency value: Rails injects each as a child whose digest is the value itself. */
export type InjectedDependency = string | null | InjectedDependency[];

/** Rails' per-details digest cache (LookupContext#digest_cache): root keys `name.format`, child keys by name. */
export type DigestCache = Map<string, string>;

export interface DigestOptions {
  /** The finder's formats (the request's); defaults to `[format]`. */
  formats?: string[];
  locale?: string[];
  variants?: string[];
  hashDigestClass?: HashDigestClass;
  dependencies?: InjectedDependency[];
  cache?: DigestCache;
}

type Views = ViewResolver | ViewFile[];

interface DigestNode {
  name: InjectedDependency;
  kind: "template" | "missing" | "injected";
  template: ResolvedTemplate | null;
  children: DigestNode[];
}

/** The hash class `config.load_defaults <version>` selects (railties' Configuration#load_defaults). */
export function hashDigestClassFor(loadDefaults: string | null): HashDigestClass {
  const v = loadDefaults === null ? 0 : Number(loadDefaults);
  return v >= 7.0 ? "SHA256" : v >= 5.2 ? "SHA1" : "MD5";
}

/** ActiveSupport::Digest.hexdigest. */
export function hexdigest(hash: HashDigestClass, data: Uint8Array | string): string {
  return createHash(hash.toLowerCase()).update(data).digest("hex").slice(0, 32);
}

/** Digestor.digest: "" when the template itself cannot be found (a Missing root). */
export function templateDigest(name: string, format: string | null, views: Views, options: DigestOptions = {}): string {
  const resolver = asResolver(views);
  const cache = options.cache ?? new Map<string, string>();
  const deps = options.dependencies ?? [];
  const suffix = flatten(deps).filter((d) => d !== null).join(".");
  const cacheKey = deps.length === 0 ? `${name}.${format ?? ""}` : `${name}.${format ?? ""}.${suffix}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  const path = parseTemplatePath(name);
  const root = tree(name, resolver, lookupDetails(format, options), path.partial);
  for (const dep of deps) root.children.push({ name: dep, kind: "injected", template: null, children: [] });
  const digest = nodeDigest(root, options.hashDigestClass ?? "SHA256", cache, []) as string;
  cache.set(cacheKey, digest);
  return digest;
}

/** CacheHelper#digest_path_from_template: `virtual:digest`, or the bare virtual path when the digest is blank. */
export function digestPath(virtualPath: string, format: string | null, views: Views, options: DigestOptions = {}): string {
  const digest = templateDigest(virtualPath, format, views, options);
  return digest === "" ? virtualPath : `${virtualPath}:${digest}`;
}

/** The direct dependencies Rails' tracker reports for the template `name` resolves to (as the digest's root);
 * null when no template is found. */
export function templateDependencies(name: string, format: string | null, views: Views, options: DigestOptions = {}): string[] | null {
  const resolver = asResolver(views);
  const path = parseTemplatePath(name);
  const template = resolver.findAll(path.name, path.prefix, path.partial, lookupDetails(format, options))[0];
  return template ? trackerDependencies(name, template, resolver) : null;
}

/** DependencyTracker.find_dependencies for one template file (none for non-ERB handlers). */
export function trackerDependencies(name: string, template: ResolvedTemplate, views: Views): string[] {
  return template.handler === "erb" ? erbDependencies(name, template.source, asResolver(views)) : [];
}

/** Digestor::Node#to_dep_map: `{ name => [children] }`, or the bare name for a leaf (or a repeated node). */
export type DepMap = string | { [name: string]: DepMap[] };

export function dependencyTree(name: string, format: string | null, views: Views, options: DigestOptions = {}): DepMap {
  const root = tree(name, asResolver(views), lookupDetails(format, options), parseTemplatePath(name).partial);
  const seen = new Set<DigestNode>();
  const toMap = (node: DigestNode): DepMap => {
    const label = String(node.name);
    if (seen.has(node)) return label;
    seen.add(node);
    return node.children.length > 0 ? { [label]: node.children.map(toMap) } : label;
  };
  return toMap(root);
}

function asResolver(views: Views): ViewResolver {
  return views instanceof ViewResolver ? views : new ViewResolver(views);
}

function lookupDetails(format: string | null, options: DigestOptions): LookupDetails {
  return { formats: options.formats ?? (format ? [format] : []), locale: options.locale, variants: options.variants };
}

/** Digestor.tree: nodes are shared by template file (`seen`), so a cycle points back at its first node. */
function tree(name: string, resolver: ViewResolver, details: LookupDetails, partial: boolean, seen = new Map<string, DigestNode>()): DigestNode {
  const path = parseTemplatePath(name);
  const template = name.includes("#") ? undefined : resolver.findAll(path.name, path.prefix, partial, details)[0];
  if (!template) {
    // Rails keys Missing nodes by name and found ones by file; the prefixes keep the two apart.
    const key = `name:${name}`;
    if (!seen.has(key)) seen.set(key, { name, kind: "missing", template: null, children: [] });
    return seen.get(key)!;
  }
  const known = seen.get(`file:${template.identifier}`);
  if (known) return known;
  const node: DigestNode = { name, kind: "template", template, children: [] };
  seen.set(`file:${template.identifier}`, node);
  const deps = trackerDependencies(name, template, resolver);
  const logical = (d: string) => d.replace(/\/_/g, "/");
  const unique = deps.filter((d, i) => deps.findIndex((e) => logical(e) === logical(d)) === i);
  for (const dep of unique) node.children.push(tree(dep, resolver, details, true, seen));
  return node;
}

/** Node#digest / Missing#digest / Injected#digest. */
function nodeDigest(node: DigestNode, hash: HashDigestClass, cache: DigestCache, stack: DigestNode[]): InjectedDependency {
  if (node.kind === "missing") return "";
  if (node.kind === "injected") return node.name;
  const deps = node.children.map((child): InjectedDependency | false => {
    if (stack.includes(child)) return false;
    const key = cacheKeyOf(child.name);
    const hit = key === null ? undefined : cache.get(key);
    if (hit !== undefined) return hit;
    stack.push(child);
    const digest = nodeDigest(child, hash, cache, stack);
    stack.pop();
    // An injected Array's digest is the Array: Ruby caches it under the Array, a key no template name can meet.
    if (key !== null && typeof digest === "string") cache.set(key, digest);
    return digest;
  });
  const source = node.template!.source;
  return hexdigest(hash, Buffer.concat([source, Buffer.from(`-${rubyJoin(deps, "-")}`, "utf8")]));
}

/** Injected names may be Arrays (Hash keys by value in Ruby); they never meet template names, which are Strings. */
function cacheKeyOf(name: InjectedDependency): string | null {
  if (name === null) return null;
  return typeof name === "string" ? name : `\u0000${JSON.stringify(name)}`;
}

function flatten(deps: InjectedDependency[]): Array<string | null> {
  return deps.flatMap((d) => (Array.isArray(d) ? flatten(d) : [d]));
}

/** Array#join: nested arrays joined recursively with the same separator, nil as "", false as "false". */
function rubyJoin(items: Array<InjectedDependency | false>, sep: string): string {
  return items.map((i) => (i === null ? "" : Array.isArray(i) ? rubyJoin(i, sep) : String(i))).join(sep);
}
