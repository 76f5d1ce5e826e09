// Serving an emitted app: the HTTP server, with Action Cable mounted on the same port when the app has channels,
// and the broadcast renderer (ApplicationController.render) bound to the app's templates.
//   ApplicationController.render(partial: "messages/message", formats: [:turbo_stream], locals: {...})
//     -> renderForBroadcast({ partial, formats, locals }): host example.org, no CSRF input, the broadcast cache namespace
import type { Server } from "node:http";
import { setFlagsFromString } from "node:v8";
import type { HttpApp } from "../action-pack/server.js";
import { startServer } from "../action-pack/server.js";
import { adapterFor, createCableServer, workerCount, setActionCableServer, turboBroadcastConfig, type ConnectionClass, type SubscriptionAdapter } from "./cable-namespace.js";
import { configFor } from "./config-for.js";
import { drainOnTerm, isPrimaryOfWorkers, isWorker, superviseWorkers } from "./workers.js";
import type { Channel } from "./cable-namespace.js";
import { isPlainObject } from "../ruby/ruby.js";
import { SafeString } from "../active-support/safe.js";

export interface CableSetup {
  connection: ConnectionClass;
  channels: Array<typeof Channel>;
  /** config/cable.yml's text, its ERB rendered (absent: no cable.yml, the async adapter). */
  yaml?: () => string;
}

export interface AppRuntime {
  cable: CableSetup | null;
  secretKeyBase: string;
  renderBroadcast: (options: Record<string, unknown>) => string;
}

type CableServer = ReturnType<typeof createCableServer>;
const runtimes = new WeakMap<HttpApp, { runtime: AppRuntime; cable: CableServer | null }>();
let current: AppRuntime | null = null;
let pendingCable: CableServer | null = null;

/**
 * Called by createApp before the database is seeded: seeds and callbacks may broadcast, as they can in Rails
 * (`bin/rails db:seed` broadcasts through the configured adapter, with nobody subscribed yet). The Action Cable
 * server exists from here on; serveApp mounts it on the HTTP server.
 */
export function prepareAppRuntime(runtime: AppRuntime): void {
  useBroadcastRenderer(runtime);
  pendingCable = runtime.cable
    ? createCableServer({
        connectionClass: runtime.cable.connection,
        channels: runtime.cable.channels as never,
        secretKeyBase: runtime.secretKeyBase,
        allowSameOriginAsHost: true,
        ...(runtime.cable.yaml ? { pubsub: cableAdapter(runtime.cable.yaml) } : {}),
      })
    : null;
  if (pendingCable) setActionCableServer(pendingCable as never);
}

/**
 * ActionCable.server.config.cable: config_for(config/cable.yml) for RAILS_ENV, `.to_h` (nil -> {}); the adapter is
 * made when first used (a broadcast or a subscription), as Rails' server makes it.
 */
function cableAdapter(yaml: () => string): () => SubscriptionAdapter {
  const entry = configFor(yaml(), process.env.RAILS_ENV ?? "production", "config/cable.yml");
  return () => adapterFor(entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>) : {});
}

/** ApplicationController.render for broadcasts (and turbo-rails' broadcast renders) uses this app's templates. */
function useBroadcastRenderer(runtime: AppRuntime): void {
  current = runtime;
  turboBroadcastConfig.render = (options) => new SafeString(runtime.renderBroadcast(options as Record<string, unknown>));
}

/** Called by createApp once the HTTP app exists (and by harnesses that build an app without createApp). */
export function registerAppRuntime(app: HttpApp, runtime: AppRuntime): void {
  useBroadcastRenderer(runtime);
  runtimes.set(app, { runtime, cable: pendingCable });
  pendingCable = null;
}

/** `ApplicationController.render(...)` outside a request (broadcasts). */
export function renderForBroadcast(options: unknown): SafeString {
  if (!current) throw new Error("ApplicationController.render before the app was created");
  // ApplicationController.render returns an html_safe SafeBuffer.
  return new SafeString(current.renderBroadcast(isPlainObject(options) ? options : {}));
}

/**
 * Serves the app on the port; with WEB_CONCURRENCY > 1 this process becomes the primary of that many workers
 * (./workers.ts) and resolves with null once they all listen.
 */
export async function serveApp(app: HttpApp, options: { port: number; host?: string }): Promise<Server | null> {
  const workers = workerCount();
  if (isPrimaryOfWorkers(workers)) {
    await superviseWorkers(workers);
    return null;
  }
  keepCompiledCode();
  const cable = runtimes.get(app)?.cable ?? null;
  const server = await startServer(app, options);
  cable?.attach(server);
  if (process.env.RAILS2TS_WORKER_HEADER === "1") nameWorker(server, cable);
  if (isWorker()) drainOnTerm(server, () => cable?.close());
  return server;
}

/**
 * A serving process keeps its functions' bytecode (V8's --no-flush-bytecode, which V8 reads at each GC, so setting
 * it here covers `npm start`, `node dist/server.js`, `rails2ts serve`, workers and the single executable alike).
 * By default V8 drops the bytecode of functions not run for a while, and their optimized code and feedback with
 * it: after a minute without requests a small index page served 2,743 req/s in the first 3 s of load
 * and needed 15 s to climb back to ~7,500 (wrk -c10, one process); with the flag, 5,860 then 7,483 at once.
 */
function keepCompiledCode(): void {
  setFlagsFromString("--no-flush-bytecode");
}

/**
 * RAILS2TS_WORKER_HEADER=1 (diagnostics and tests only: Rails sends no such header): every response and WebSocket
 * handshake says which worker answered, `x-rails2ts-worker: <index>` (0 for a single process).
 */
function nameWorker(server: Server, cable: CableServer | null): void {
  const index = process.env.RAILS2TS_WORKER_INDEX ?? "0";
  server.prependListener("request", (_req, res) => res.setHeader("x-rails2ts-worker", index));
  cable?.addHandshakeHeader(`x-rails2ts-worker: ${index}`);
}

