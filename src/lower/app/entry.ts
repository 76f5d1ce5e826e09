// The emitted app's entry points:
//   app.ts     createApp({ ...every controller, template, model, the schema, the seeds, assets })
//   server.ts  boots it: `node dist/server.js` (PORT, DATABASE_PATH from the environment)
// The runtime receives the pieces as data and functions; nothing here is specific to one app.
import type { EmittedModule } from "../emitted-module.js";
import type { Schema } from "../../parse/schema.js";
import { ModuleState } from "../scope.js";
import type { EnvironmentSettings } from "../../analyze/config.js";
import { tsIdent } from "../names.js";

export interface EntryInput {
  appName: string;
  controllers: Array<{ className: string; path: string }>;
  templates: Array<{ key: string; path: string; handler: "erb" | "jbuilder" | "raw"; digestPath: string; sharedFragments: boolean }>;
  performCaching: boolean;
  mimeTypes: Array<{ string: string; symbol: string }>;
  /** turbo-rails is bundled (Turbo::Broadcastable's instance methods on every model). */
  turboBroadcastable?: boolean;
  models: string[];
  channels: Array<{ kind: "connection" | "channel"; className: string; path: string }>;
  schema: Schema;
  hasSeeds: boolean;
  /** test/fixtures: db/fixtures.ts, loaded instead of the seeds when RAILS2TS_FIXTURES is set. */
  hasFixtures: boolean;
  /** config/cable.yml: config/cable.ts, its ERB rendered at boot to pick the Action Cable adapter. */
  hasCableConfig?: boolean;
  assets: Record<string, string>;
  /** config/importmap.rb's expanded pins (null: no import map). */
  importmap: Array<{ name: string; path: string; preload: boolean }> | null;
  /** config.action_view.sanitizer_vendor as load_defaults sets it: Rails::HTML5 from 7.1, Rails::HTML4 before. */
  sanitizerVendor: "html4" | "html5";
  /** config.ru's `use Rack::Deflater`. */
  deflater: boolean;
  /** config.session_store :cookie_store options. */
  sessionStore: { key?: string; expireAfter?: Record<string, number> } | null;
  /** config.load_defaults (null: none written), when config/application.rb is known; undefined otherwise. */
  loadDefaults: number | null | undefined;
  /** use_message_serializer_for_metadata as load_defaults sets it (7.1+), else the legacy envelope. */
  messageMetadata: "legacy" | "serializer";
  /** config/environments/<env>.rb settings the runtime picks by RAILS_ENV. */
  environments: Record<string, EnvironmentSettings>;
  /** "propshaft" when the app bundles it: an asset missing from its load path is an error, as Propshaft raises. */
  assetPipeline: "propshaft" | null;
  /** config.time_zone and config.beginning_of_week, when the app sets them. */
  timeZone?: string | null;
  beginningOfWeek?: string | null;
}

export function lowerEntry(input: EntryInput): EmittedModule[] {
  const state = new ModuleState();
  const imports: string[] = [];
  input.models.forEach((path) => imports.push(`import "./${path.replace(/\.ts$/, ".js")}";`));
  input.controllers.forEach((c) => imports.push(`import { ${tsIdent(c.className)} } from "./${c.path.replace(/\.ts$/, ".js")}";`));
  input.channels.forEach((c) => imports.push(`import { ${tsIdent(c.className)} } from "./${c.path.replace(/\.ts$/, ".js")}";`));
  const connection = input.channels.find((c) => c.kind === "connection" && !input.channels.some((x) => x !== c && x.kind === "connection" && x.className.startsWith(`${c.className}::`)));
  const channelList = input.channels.filter((c) => c.kind === "channel").map((c) => tsIdent(c.className));
  input.templates.forEach((t, i) => imports.push(`import template${i} from "./${t.path.replace(/\.ts$/, ".js")}";`));
  imports.push(`import { table } from "./routes.js";`);
  if (input.hasSeeds) imports.push(`import { seed } from "./db/seeds.js";`);
  if (input.hasFixtures) imports.push(`import { fixtures } from "./db/fixtures.js";`);
  if (input.hasCableConfig && connection) imports.push(`import { cableYaml } from "./config/cable.js";`);
  const controllers = input.controllers.map((c) => `${JSON.stringify(c.className)}: ${tsIdent(c.className)}`).join(",\n");
  const templates = input.templates
    .map((t, i) => `${JSON.stringify(t.key)}: { handler: ${JSON.stringify(t.handler)}, render: template${i}, digestPath: ${JSON.stringify(t.digestPath)}${t.sharedFragments ? ", sharedFragments: true" : ""} }`)
    .join(",\n");
  const app = `export const app = ${state.use("createApp")}({
    name: ${JSON.stringify(input.appName)},
    routes: table,
    controllers: { ${controllers} },
    templates: { ${templates} },
    schema: ${JSON.stringify(input.schema)},
    seed: ${input.hasSeeds ? "seed" : "null"},
    ${input.hasFixtures ? "fixtures,\n    " : ""}assets: ${JSON.stringify(input.assets)},
    ${input.importmap ? `importmap: ${JSON.stringify(input.importmap)},\n    ` : ""}${input.assetPipeline ? `assetPipeline: ${JSON.stringify(input.assetPipeline)},\n    ` : ""}performCaching: ${input.performCaching},
    environments: ${JSON.stringify(input.environments)},
    sanitizerVendor: ${JSON.stringify(input.sanitizerVendor)},
    messageMetadata: ${JSON.stringify(input.messageMetadata)},
    ${input.deflater ? "deflater: true,\n    " : ""}${input.sessionStore ? `sessionStore: ${JSON.stringify(input.sessionStore)},\n    ` : ""}    ${input.loadDefaults === undefined ? "" : `loadDefaults: ${JSON.stringify(input.loadDefaults)},\n    `}    mimeTypes: ${JSON.stringify(input.mimeTypes)},${input.turboBroadcastable ? "\n    turboBroadcastable: true," : ""}${input.timeZone ? `
    timeZone: ${JSON.stringify(input.timeZone)},` : ""}${input.beginningOfWeek ? `
    beginningOfWeek: ${JSON.stringify(input.beginningOfWeek)},` : ""}
    cable: ${connection ? `{ connection: ${tsIdent(connection.className)}, channels: [${channelList.join(", ")}]${input.hasCableConfig ? ", yaml: cableYaml" : ""} }` : "null"},
    publicDir: new URL("../public/", import.meta.url),
  });`;
  const serverState = new ModuleState();
  const server = `const port = Number(process.env.PORT ?? 3000);
/** Resolves with the listening server (null in the primary of workers), for whoever imported this module to read its port. */
export const server = ${serverState.use("serveApp")}(app, { port, host: process.env.HOST ?? "127.0.0.1" });`;
  return [
    { path: "app.ts", state, statements: [...imports, app], from: null },
    { path: "server.ts", state: serverState, statements: [`import { app } from "./app.js";`, server], from: null },
  ];
}
