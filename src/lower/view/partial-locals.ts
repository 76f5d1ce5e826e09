// A partial's locals typed by what every `render` of it passes (the join over its render sites), as helper
// parameters are joined over their calls (call-sites.ts):
//   <%= render "accounts/bots/form", form: form, bot: @bot %>    (form: a FormBuilder, @bot: a User)
//   <%= render partial: "accounts/bots/bot", collection: @bots %> (@bots: Relation<User>)
//   accounts/bots/_form: form.text_field(...) / bot.avatar      (readLocal(locals, "form") as FormBuilder).textField(...)
// A local is typed only when every site naming the partial is a template's `render` the lowering saw (templates
// are lowered renderers first: lowerOrder), every one passes the local, and all agree on one model, relation or
// form builder. A partial named anywhere else (a controller, a model, a turbo_stream action, a partial path
// built at run time) keeps its locals untyped, as does a local a render with a run-time partial name passes.
import type { AppModel } from "../../analyze/app-model.js";
import type { TemplateFile } from "../../parse/app.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { siteKey } from "../call-sites.js";
import type { Scope } from "../scope.js";
import { elementType, joinEither, sameType, UNKNOWN, type RType } from "../types.js";

/** One `render` call in a template, read from its arguments. */
interface RenderSite {
  /** The partial's logical path (`accounts/bots/_form`), null when built at run time. */
  key: string | null;
  /** The locals it passes, by name: the value node, or "element" of the collection node. */
  locals: Map<string, { node: Node; element: boolean }>;
  /** Whether it passes locals the lowering cannot name (a splat, a Hash built at run time). */
  opaque: boolean;
}

const literal = (n: Node | undefined): string | null => (n?.kind === "str" && n.parts.every((p) => typeof p === "string") ? n.parts.join("") : null);
const symKey = (n: Node): string | null => (n.kind === "sym" ? n.name : null);

/** A partial name as Rails resolves it from a template in `dir`: `a/b` -> a/_b, `b` -> dir/_b. */
function partialKey(name: string, dir: string): string {
  const at = name.lastIndexOf("/");
  return at < 0 ? `${dir}/_${name}` : `${name.slice(0, at)}/_${name.slice(at + 1)}`;
}

function templateDir(t: { logicalPath: string }): string {
  return t.logicalPath.split("/").slice(0, -1).join("/");
}

/** A receiver-less `render` in a template: its partial and locals, or null when it renders no partial by name. */
function renderSite(call: NodeOf<"call">, dir: string): RenderSite | null {
  if (call.receiver !== null || call.method !== "render" || !call.args.length) return null;
  const [first, second] = call.args;
  const locals = new Map<string, { node: Node; element: boolean }>();
  let opaque = false;
  const addHash = (h: Node | undefined) => {
    if (!h) return;
    if (h.kind !== "hash") return void (opaque = true);
    for (const p of h.pairs) {
      const k = symKey(p.key);
      if (k === null) opaque = true;
      else locals.set(k, { node: p.value, element: false });
    }
  };
  if (first!.kind === "str") {
    const name = literal(first);
    addHash(second);
    return { key: name === null ? null : partialKey(name, dir), locals, opaque };
  }
  if (first!.kind !== "hash") return null;
  const opt = (k: string) => first!.pairs.find((p) => symKey(p.key) === k)?.value;
  const named = opt("partial") ?? opt("layout");
  if (!named) return null;
  const name = literal(named);
  addHash(opt("locals"));
  const as = opt("as");
  const asName = as?.kind === "sym" ? as.name : as ? null : name?.split("/").pop() ?? null;
  for (const [k, element] of [["collection", true], ["object", false]] as const) {
    const v = opt(k);
    if (!v) continue;
    if (asName === null) opaque = true;
    else locals.set(asName, { node: v, element });
  }
  if (as && as.kind !== "sym") opaque = true;
  return { key: name === null ? null : partialKey(name, dir), locals, opaque };
}

interface Written {
  /** By partial key: the site keys of the templates' renders naming it. */
  sites: Map<string, Set<string>>;
  /** By partial key: the templates (logical paths) rendering it. */
  renderers: Map<string, Set<string>>;
  /** Partial keys (and bare names, as `*` + `/_name`) named somewhere the lowering does not record. */
  escaped: Set<string>;
  /** Locals some render with a run-time partial name passes (`*`: any). */
  escapedLocals: Set<string>;
  /** Partial keys (as `escaped`) a render or a `partial:` names, apart from those a *partial_path method answers. */
  rendered: Set<string>;
}

const written = new WeakMap<AppModel, Written>();

/** Every place the app names a partial: templates' renders (recorded) and any other `partial:`/`render "x"` (escaped). */
function writtenSites(app: AppModel): Written {
  const known = written.get(app);
  if (known) return known;
  const out: Written = { sites: new Map(), renderers: new Map(), escaped: new Set(), escapedLocals: new Set(), rendered: new Set() };
  const add = <V>(m: Map<string, Set<V>>, k: string, v: V) => m.set(k, (m.get(k) ?? new Set()).add(v));
  const escapeName = (name: string | null, byRender = true) => {
    if (name === null) return void out.escapedLocals.add("*");
    const key = name.includes("/") ? partialKey(name, "") : `*/_${name}`;
    out.escaped.add(key);
    if (byRender) out.rendered.add(key);
  };
  const seen = new Set<Node>();
  for (const t of app.templates.values()) {
    const dir = templateDir(t);
    for (const stmt of t.body) {
      walk(stmt, (n) => {
        if (n.kind !== "call") return;
        const site = renderSite(n, dir);
        if (!site) return;
        n.args.forEach((a) => seen.add(a));
        if (site.key === null) {
          if (site.opaque) out.escapedLocals.add("*");
          site.locals.forEach((_, k) => out.escapedLocals.add(k));
          return;
        }
        add(out.sites, site.key, siteKey(n.span));
        add(out.renderers, site.key, t.logicalPath);
      });
    }
  }
  const files: Array<{ body: Node[] }> = [...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.templates.values(), ...app.parsed.tests];
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "call" && (n.method === "render" || n.method === "partial!") && n.args[0] && !seen.has(n.args[0]) && n.args[0].kind === "str") escapeName(literal(n.args[0]));
        if (n.kind !== "hash" || seen.has(n)) return;
        for (const p of n.pairs) if (["partial", "layout", "template"].includes(symKey(p.key) ?? "")) escapeName(literal(p.value));
      });
    }
    // A to_partial_path (or any *_partial_path method) names the partials its literals spell; built otherwise, any.
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind !== "def" || !n.name.endsWith("partial_path")) return;
        const names: Array<string | null> = [];
        n.body.forEach((b) => walk(b, (x) => x.kind === "str" && names.push(literal(x))));
        (names.length ? names : [null]).forEach((name) => escapeName(name, false));
      });
    }
  }
  written.set(app, out);
  return out;
}

/** By partial key, by site: each local's type. */
const recorded = new WeakMap<AppModel, Map<string, Map<string, Map<string, RType>>>>();

/**
 * Records a template's `render` call with the types of the locals it passes: an ivar (the controller's
 * assignments), a local or block parameter of the scope, or the rendering partial's own typed local.
 */
export function notePartialRender(call: NodeOf<"call">, scope: Scope, template: { logicalPath: string }, ownLocals: Map<string, RType>): void {
  const site = renderSite(call, templateDir(template));
  if (!site?.key) return;
  const typeOf = (n: Node): RType => {
    if (n.kind === "ivar") return scope.env.ivarTypes.get(n.name) ?? UNKNOWN;
    const name = n.kind === "ident" ? n.name : n.kind === "call" && n.receiver === null && !n.args.length && !n.block ? n.method : null;
    if (n.kind === "array" && n.elements.length === 0) return EMPTY_ARRAY;
    if (name === null) return UNKNOWN;
    return scope.lookup(name)?.type ?? ownLocals.get(name) ?? UNKNOWN;
  };
  const types = new Map<string, RType>();
  for (const [name, { node, element }] of site.locals) types.set(name, element ? elementType(typeOf(node)) : typeOf(node));
  let byKey = recorded.get(scope.env.app);
  if (!byKey) recorded.set(scope.env.app, (byKey = new Map()));
  const sites = byKey.get(site.key) ?? new Map<string, Map<string, RType>>();
  byKey.set(site.key, sites);
  sites.set(siteKey(call.span), site.opaque ? new Map() : types);
}

/**
 * Whether the app may render the partial, with `local` among its locals, anywhere but through a *partial_path
 * method: a template's render, a `partial:`, a `render "x"` elsewhere, or a partial named at run time passing it.
 */
export function namedPartial(app: AppModel, key: string, local: string): boolean {
  const w = writtenSites(app);
  return w.sites.has(key) || w.rendered.has(key) || w.rendered.has(`*/${key.split("/").pop()}`) || w.escapedLocals.has("*") || w.escapedLocals.has(local);
}

const JOINABLE = new Set(["model", "relation", "formBuilder"]);

/** An empty Array literal passed as a local (`picked: []`): no record in it, whatever the others pass. */
const EMPTY_ARRAY: RType = { k: "array", of: UNKNOWN };

/** The model a Relation, an enumerable or an Array of records (or nil) holds; null for anything else. */
function recordsOf(t: RType): string | null {
  // (One that may be nil as a relation stands for nil too, as joinEither takes it.)
  if (t.k === "maybe") return recordsOf(t.of);
  if (t.k === "relation" || t.k === "enumerable") return t.model;
  return t.k === "array" && t.of.k === "model" && !t.of.model.startsWith("typeof ") ? t.of.model : null;
}

/** The partial's locals typed by every render site naming it (only those all its sites agree on). */
export function partialLocalTypes(app: AppModel, template: { logicalPath: string }): Map<string, RType> {
  const out = new Map<string, RType>();
  const key = template.logicalPath;
  const base = key.split("/").pop()!;
  const w = writtenSites(app);
  const all = w.sites.get(key);
  const sites = recorded.get(app)?.get(key);
  if (!base.startsWith("_") || !all || !sites || w.escaped.has(key) || w.escaped.has(`*/${base}`) || w.escapedLocals.has("*")) return out;
  if (![...all].every((s) => sites.has(s))) return out;
  const names = new Set([...sites.values()].flatMap((m) => [...m.keys()]));
  for (const name of names) {
    if (w.escapedLocals.has(name)) continue;
    const given = [...sites.values()].map((m) => m.get(name) ?? UNKNOWN);
    // (`[]` at a site holds no record: it joins with the records the others pass, as an Array of them.)
    const at = given.some((t) => t !== EMPTY_ARRAY) ? given.filter((t) => t !== EMPTY_ARRAY) : given;
    const first = at[0]!;
    // Relations and Arrays of one model's records (`@users` here, `@others` there, `[]` elsewhere): the
    // enumerable of it.
    const either = at.reduce((a, t) => joinEither(a, t));
    if (at.length < given.length) {
      const model = recordsOf(either);
      if (model) out.set(name, { k: "enumerable", model });
      continue;
    }
    if (either.k === "enumerable") out.set(name, either);
    if (!JOINABLE.has(first.k) || ("model" in first && first.model.startsWith("typeof "))) continue;
    if (at.every((t) => sameType(t, first))) out.set(name, first);
  }
  return out;
}

/**
 * The order to lower templates in: a partial after every template that renders it by name (so its sites are
 * recorded first); templates in a cycle keep the order they came in.
 */
export function lowerOrder(app: AppModel, templates: TemplateFile[]): TemplateFile[] {
  const { renderers } = writtenSites(app);
  const done = new Set<string>();
  const left = [...templates];
  const out: TemplateFile[] = [];
  while (left.length) {
    const ready = left.findIndex((t) => [...(renderers.get(t.logicalPath) ?? [])].every((r) => r === t.logicalPath || done.has(r) || !left.some((l) => l.logicalPath === r)));
    const [next] = left.splice(ready < 0 ? 0 : ready, 1);
    out.push(next!);
    if (!left.some((l) => l.logicalPath === next!.logicalPath)) done.add(next!.logicalPath);
  }
  return out;
}
