// AppModel -> every emitted module. The order matters only where a later lowering reads an earlier one's facts:
const ORDER_NOTE = [
  "routes first: views and controllers check `*_path` helpers against the route names",
  "models settled in scratch before controllers: what a model's method answers is known where they and the views call it",
  "controllers before views: a view's @ivars are typed by its controller's assignments",
  "views before helpers: a helper's parameters are typed by what every call of it passes",
  "models last: a model method's parameters are typed by what every call of it passes, from anywhere in the app",
] as const;
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dependencyTree, digestPath, hashDigestClassFor, readViewFiles, ViewResolver, type DepMap, type DigestCache } from "../analyze/digest.js";
import { RequestDependence, type RequestRead } from "../analyze/request-dependence.js";
import { parseTemplatePath, virtualPath } from "../analyze/digest/view-paths.js";
import type { TemplateFile } from "../parse/app.js";
import { dirname, join, relative } from "node:path";
import type { AppModel } from "../analyze/app-model.js";
import { assetLoadPath, digestAssets } from "../analyze/assets.js";
import { analyzeImportmap } from "../analyze/importmap.js";
import { expandRoutes, RoutingError, type RouteEntry } from "../analyze/routes.js";
import { CompileError, Diagnostics } from "../diagnostics/index.js";
import type { EmittedModule } from "./emitted-module.js";
import { pluralize, singularize, withInflections } from "../../runtime/active-support/inflector.js";
import { lowerEntry } from "./app/entry.js";
import { controllerIvarTypes, controllerPath, lowerController } from "./controller/controller.js";
import { lowerModel } from "./model/model.js";
import { modelParamFingerprint } from "./model/param-types.js";
import { resultFingerprint } from "./model/method-results.js";
import { recordedFingerprint } from "./call-sites.js";
import { directRoutes, routeDecls } from "./routes/draw.js";
import { lowerRoutesModule } from "./routes/module.js";
import { lowerSeeds } from "./seeds.js";
import { lowerCableConfig, lowerFixtures } from "./fixtures.js";
import { lowerTestFiles, parseTestSources } from "./test/test-file.js";
import { lowerPlainClasses } from "./core/plain-class.js";
import { lowerCurrent } from "./model/current.js";
import { lowerCoreExtensions } from "./core/core-extension.js";
import { lowerInitializers } from "./initializers.js";
import { channelModulePath, lowerChannel } from "./channel/channel.js";
import { helperIvarTypes } from "./helpers/ivar-types.js";
import { lowerHelpersModule } from "./helpers/module.js";
import { lowerConstantsModule } from "./constants-module.js";
import { crashedView, lowerView, templateModulePath } from "./view/module.js";
import { lowerOrder } from "./view/partial-locals.js";
import { faultPoint, reportCrash, retryingCrashes } from "../parse/crash.js";
import { crashedController, crashedModel } from "./crashed-module.js";
import { isStandInFile, standInActions } from "../analyze/crashed-file.js";

export interface Lowered {
  modules: EmittedModule[];
  /** Files to serve under public/ (digested assets), by path. */
  publicFiles: Map<string, Buffer>;
  /** For a model or controller module that crashed while emitted: its raising stand-in (crashed-module.ts). */
  standIn: (from: string, raised: string) => EmittedModule | null;
  /** The route table routes.ts holds (for `inspect --html`'s routes table). */
  routes: RouteEntry[];
}

/** The route table; a route Rails refuses (RoutingError) stops the compile there, as it stops Rails' boot. */
function drawRoutes(app: AppModel, diags: Diagnostics): RouteEntry[] {
  const routes = app.parsed.routes!;
  try {
    return expandRoutes(routeDecls(routes.body, diags), { pluralize, singularize });
  } catch (err) {
    if (!(err instanceof RoutingError)) throw err;
    const span = err.span ?? { file: routes.absPath, line: 1, column: 1, endLine: 1, endColumn: 1 };
    diags.report("route_error", span, err.message);
    throw new CompileError(diags.errors);
  }
}

/**
 * The plain classes (jobs among them) and the models, lowered in scratch (with a scratch catalogue of diagnostics)
 * until the parameter types their own calls of one another prove, and the results their methods prove
 * (model/method-results.ts), stop changing (a model enqueues a job, whose perform calls a model's method again).
 * The scratch passes' dynamic sites go (the emitted lowering records its own); those of the modules lowered before
 * stay.
 */
function settleModels(app: AppModel): void {
  const earlier = new Set(app.dynamicSites.keys());
  const fingerprint = () => modelParamFingerprint(app) + recordedFingerprint(app) + resultFingerprint(app);
  let known = fingerprint();
  // (A method's proved result reaches its callers one pass later: a chain of them, written callers first, takes
  // a pass per link.)
  for (let pass = 0; pass < 6; pass++) {
    try {
      lowerPlainClasses(app, new Diagnostics());
    } catch {
      // The emitted lowering reports it.
    }
    for (const m of app.models.values()) {
      try {
        lowerModel(m, app, new Diagnostics());
      } catch {
        // The emitted lowering reports it.
      }
    }
    const next = fingerprint();
    if (next === known) break;
    known = next;
  }
  for (const key of app.dynamicSites.keys()) if (!earlier.has(key)) app.dynamicSites.delete(key);
}

/**
 * The plain classes and the models, lowered after every other module has recorded its calls of their methods: settled
 * again (settleModels) with those calls, then the lowering emitted.
 */
function lowerModels(app: AppModel, diags: Diagnostics, guard: <T extends { file: { absPath: string } } | { absPath: string }, R>(items: T[], fn: (item: T) => R, stub?: (item: T, raised: string) => R) => R[]): { models: EmittedModule[]; plainClasses: EmittedModule[] } {
  settleModels(app);
  const plainClasses = guard([{ absPath: join(app.parsed.root, "app/models") }], () => lowerPlainClasses(app, diags)).flat();
  return { plainClasses, models: guard([...app.models.values()], (m) => lowerModel(m, app, diags), (m) => lowerModel(crashedModel(m, diags), app, diags)) };
}

/** `tests`: also the app's Minitest files, as vitest files of the emitted project (test/test-file.ts). */
export function lowerApp(app: AppModel, options: { tests?: boolean } = {}): Lowered {
  return withInflections(app.inflections.registry, () => lowerWithInflections(app, options));
}

function lowerWithInflections(app: AppModel, options: { tests?: boolean }): Lowered {
  void ORDER_NOTE;
  const diags = app.parsed.diagnostics;
  if (options.tests) app.parsed.tests = parseTestSources(app.parsed.root);
  const table = app.parsed.routes ? drawRoutes(app, diags) : [];
  table.forEach((r) => r.name && app.routeNames.add(r.name));
  const directs = app.parsed.routes ? directRoutes(app.parsed.routes.body) : [];
  directs.forEach((d) => app.routeNames.add(d.name));
  const modules: EmittedModule[] = [lowerRoutesModule(table, directs, app, diags)];
  // Each module is a crash boundary (parse/crash.ts): a crash on a construct replaces it with a crash node and
  // lowers the module again; one with no construct to replace leaves the module out, or, for a view, a model or a
  // controller (which the entry imports), emits a stand-in that raises where reached (crashed-module.ts).
  const guard = <T extends { file: { absPath: string } } | { absPath: string }, R>(items: T[], fn: (item: T) => R, stub?: (item: T, raised: string) => R): R[] =>
    items.flatMap((item) => {
      const file = "file" in item ? item.file.absPath : item.absPath;
      const whole = { file, line: 1, column: 1, endLine: 1, endColumn: 1 };
      const sites = app.cacheSites.length;
      const result = retryingCrashes(diags, whole, app.parsed.root, () => {
        app.cacheSites.length = sites;
        faultPoint("lower", "module", whole);
        return fn(item);
      });
      if ("value" in result) return [result.value];
      const raised = reportCrash(diags, result.crash, app.parsed.root);
      // A stand-in that crashes too is left out: the crash is already reported, and there is nothing safer to emit.
      try {
        return stub ? [stub(item, raised)] : [];
      } catch {
        return [];
      }
    });
  const constantsModule = guard([{ absPath: join(app.parsed.root, "app/helpers") }], () => lowerConstantsModule(app, diags))[0];
  if (constantsModule) modules.push(constantsModule);
  for (const c of app.controllers.values()) {
    if (!isStandInFile(c.file)) continue;
    const known = new Set(c.actions.map((a) => a.name));
    c.actions.push(...standInActions(table, c.controllerPath, c.file.body[0]!.span).filter((a) => !known.has(a.name)));
  }
  settleModels(app);
  const controllers = guard([...app.controllers.values()], (c) => lowerController(c, app, diags), (c, raised) => lowerController(crashedController(c, raised), app, diags));
  const ivars = controllerIvarTypes(app);
  const anyController = helperIvarTypes(app, ivars);
  // Renderers before the partials they render, so a partial's locals are typed by its sites (view/partial-locals.ts).
  // What each template's lowering records (cache sites, diagnostics) stays in template order, as before the reorder.
  const lowered = new Map<TemplateFile, { module: EmittedModule[]; cacheSites: typeof app.cacheSites; diags: typeof diags.list }>();
  for (const t of lowerOrder(app, [...app.templates.values()])) {
    const [sites, reported] = [app.cacheSites.length, diags.list.length];
    const module = guard([t], (v) => lowerView(v, app, diags, ivars.get(v.logicalPath.split("/").slice(0, -1).join("/")) ?? anyController), crashedView);
    lowered.set(t, { module, cacheSites: app.cacheSites.splice(sites), diags: diags.list.splice(reported) });
  }
  [...app.templates.values()].forEach((t) => {
    app.cacheSites.push(...lowered.get(t)!.cacheSites);
    diags.list.push(...lowered.get(t)!.diags);
  });
  const views = [...app.templates.values()].flatMap((t) => lowered.get(t)!.module);
  const helpersModule = guard([{ absPath: join(app.parsed.root, "app/helpers") }], () => lowerHelpersModule(app, diags, anyController))[0];
  if (helpersModule) modules.push(helpersModule);
  const currents = guard([...app.currents.values()], (c) => lowerCurrent(c, app, diags));
  const channels = guard(app.channels, (c) => lowerChannel(c, app, diags));
  const initializers = lowerInitializers(app, diags);
  const coreExtensions = guard(app.coreExtensions.map((e) => ({ ...e, absPath: e.decls[0]!.file.absPath })), (e) => lowerCoreExtensions({ ...app, coreExtensions: [e] }, diags)[0]!);
  const seeds = app.parsed.seeds ? guard([app.parsed.seeds], (f) => lowerSeeds(f, app, diags)) : [];
  const fixtures = app.parsed.fixtures.length ? guard([{ absPath: join(app.parsed.root, "test/fixtures") }], () => lowerFixtures(app.parsed.fixtures, app, diags)) : [];
  const cableFile = app.parsed.cableConfig;
  const cableConfig = cableFile && app.channels.length ? guard([cableFile], (f) => lowerCableConfig(f, app, diags)) : [];
  const { models, plainClasses } = lowerModels(app, diags, guard);
  // A direct route's block parameters are typed by every call of its helpers (routes/direct-params.ts), all lowered
  // by now: the routes module again, its first lowering's dynamic sites and diagnostics being this one's too.
  if (directs.some((d) => d.block.params.length)) {
    const routesFile = app.parsed.routes!.absPath;
    for (const [k, site] of app.dynamicSites) if (site.span.file === routesFile) app.dynamicSites.delete(k);
    modules[0] = lowerRoutesModule(table, directs, app, new Diagnostics());
  }
  const plain = [...plainClasses, ...currents];
  const loadPath = assetLoadPath({ appRoot: app.parsed.root, engines: app.config.engines, gems: app.gems });
  const { assets, publicFiles } = digestAssets(loadPath, app.config.assetsVersion);
  const importmap = analyzeImportmap(app.parsed.root, app.parsed.diagnostics, (logical) => logical in assets, app.gems.missing, app.gems);
  const resolver = viewResolver(app);
  const digests = templateDigests(app, resolver);
  const reads = requestReads(app, resolver);
  noteSharing(app, reads);
  const entry = lowerEntry({
    appName: app.parsed.appName,
    controllers: [...app.controllers.values()].map((c) => ({ className: c.className, path: controllerPath(c.className) })),
    templates: [...app.templates.values()].map((t) => ({
      key: `${t.logicalPath}.${t.format}`, path: templateModulePath(t), handler: t.handler, digestPath: digests.get(`${t.logicalPath}.${t.format}`) ?? t.logicalPath,
      sharedFragments: reads.get(`${t.logicalPath}.${t.format}`) === null,
    })),
    performCaching: app.config.performCaching,
    mimeTypes: app.config.mimeTypes,
    turboBroadcastable: app.gems.locked.has("turbo-rails"),
    // Plain classes load with the models (eager_load), so String#constantize finds them by name.
    models: [...(initializers ? [initializers] : []), ...coreExtensions, ...models, ...plainClasses].map((m) => m.path),
    channels: app.channels.map((c) => ({ kind: c.kind, className: c.className, path: channelModulePath(c.className) })),
    schema: app.parsed.schema,
    hasSeeds: seeds.length > 0,
    hasFixtures: fixtures.length > 0,
    hasCableConfig: cableConfig.length > 0,
    assets,
    importmap,
    assetPipeline: app.gems.locked.has("propshaft") ? "propshaft" : null,
    environments: app.config.environments,
    sanitizerVendor: (app.config.loadDefaults ?? 0) >= 7.1 ? "html5" : "html4",
    messageMetadata: (app.config.loadDefaults ?? 0) >= 7.1 ? "serializer" : "legacy",
    loadDefaults: app.config.enginesKnown ? app.config.loadDefaults : undefined,
    deflater: app.config.deflater,
    sessionStore: app.config.sessionStore,
    timeZone: app.config.timeZone,
    beginningOfWeek: app.config.beginningOfWeek,
  });
  modules.push(...(initializers ? [initializers] : []), ...coreExtensions, ...models, ...plain, ...controllers, ...channels, ...views, ...seeds, ...fixtures, ...cableConfig, ...entry);
  if (options.tests) modules.push(...guard([{ absPath: join(app.parsed.root, "test") }], () => lowerTestFiles(app, diags)).flat());
  const standIn = (from: string, raised: string): EmittedModule | null =>
    withInflections(app.inflections.registry, () => {
      const model = [...app.models.values()].find((m) => m.file.absPath === from);
      if (model) return lowerModel(crashedModel(model, diags), app, diags);
      const controller = [...app.controllers.values()].find((c) => c.file.absPath === from);
      return controller ? lowerController(crashedController(controller, raised), app, diags) : null;
    });
  return { modules, publicFiles, standIn, routes: table };
}

/**
 * Every template's `virtual_path:digest` as Rails' Digestor computes it (one digest cache per format, as Rails shares
 * one per lookup details): what fragment cache keys carry, so editing a template or a partial it renders moves them.
 */
function templateDigests(app: AppModel, views: ViewResolver | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!views) return out;
  const hashDigestClass = hashDigestClassFor(app.config.loadDefaults === null ? null : String(app.config.loadDefaults));
  const caches = new Map<string, DigestCache>();
  for (const t of app.templates.values()) {
    const cache = caches.get(t.format) ?? new Map<string, string>();
    caches.set(t.format, cache);
    out.set(`${t.logicalPath}.${t.format}`, digestPath(t.logicalPath, t.format, views, { hashDigestClass, cache }));
  }
  return out;
}

function viewResolver(app: AppModel): ViewResolver | null {
  const dir = join(app.parsed.root, "app/views");
  return existsSync(dir) ? new ViewResolver(readViewFiles(dir)) : null;
}

/**
 * Each template's first request read (src/analyze/request-dependence.ts), through the partials the digest tracker
 * finds it rendering: null means its fragments are the same bytes in a request and a broadcast render, so both
 * share the entries (as Rails shares them); otherwise each render kind keeps its own namespace.
 */
function requestReads(app: AppModel, views: ViewResolver | null): Map<string, RequestRead | null> {
  const byKey = app.templates;
  const find = (name: string, format: string): TemplateFile | undefined =>
    byKey.get(`${name}.${format}`) ?? byKey.get(`${partialFile(name)}.${format}`);
  const labels = (map: DepMap, out: string[]): string[] => {
    if (typeof map === "string") out.push(map);
    else for (const [name, children] of Object.entries(map)) {
      out.push(name);
      for (const child of children) labels(child, out);
    }
    return out;
  };
  const dependencies = (t: TemplateFile): TemplateFile[] => {
    if (!views) return [];
    return labels(dependencyTree(t.logicalPath, t.format, views), []).flatMap((name) => find(name, t.format) ?? []);
  };
  const analysis = new RequestDependence(app, dependencies);
  const out = new Map<string, RequestRead | null>();
  for (const [key, t] of byKey) out.set(key, t.handler === "erb" ? analysis.templateRead(t) : t.handler === "raw" ? null : { what: "a jbuilder template", span: { file: t.absPath, line: 1, column: 1, endLine: 1, endColumn: 1 } });
  return out;
}

/** A partial's name as rendered to its file's logical path: `messages/message` -> `messages/_message`. */
function partialFile(name: string): string {
  const path = parseTemplatePath(name);
  return virtualPath(path.name, path.prefix, true);
}

/** Each cache site says whether its entries are shared by request and broadcast renders. */
function noteSharing(app: AppModel, reads: Map<string, RequestRead | null>): void {
  const byFile = new Map([...app.templates.values()].map((t) => [t.absPath, t]));
  for (const site of app.cacheSites) {
    const at = byFile.get(site.span.file);
    if (!at || !site.claimed) continue;
    let key = `${at.logicalPath}.${at.format}`;
    if (site.kind === "collection") {
      if (!site.partial) continue;
      const name = site.partial.includes("/") ? site.partial : `${at.logicalPath.split("/").slice(0, -1).join("/")}/${site.partial}`;
      key = `${partialFile(name)}.${at.format}`;
    }
    const read = reads.get(key);
    if (read === undefined) continue;
    site.sharing = read === null
      ? "shared by request and broadcast renders (nothing in it reads the request)"
      : `request and broadcast renders keep apart: reads ${read.what} at ${relative(app.parsed.root, read.span.file)}:${read.span.line}:${read.span.column}`;
  }
}
