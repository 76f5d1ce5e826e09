// Serving an emitted app: the HTTP server, with Action Cable mounted on the same port when the app has channels,
// and the broadcast renderer (ApplicationController.render) bound to the app's templates.
//   ApplicationController.render(partial: "messages/message", formats: [:turbo_stream], locals: {...})
//     -> renderForBroadcast({ partial, formats, locals }): host example.org, no CSRF input, the broadcast cache namespace
import type { Server } from "node:http";
import type { HttpApp } from "../http/server.js";
import { startServer } from "../http/server.js";
import { createCableServer, setActionCableServer, turboBroadcastConfig, type ConnectionClass } from "../cable/index.js";
import type { Channel } from "../cable/index.js";
import { isPlainObject } from "../support/ruby.js";
import { SafeString } from "../view/safe.js";

export interface CableSetup {
  connection: ConnectionClass;
  channels: Array<typeof Channel>;
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
      })
    : null;
  if (pendingCable) setActionCableServer(pendingCable as never);
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

export async function serveApp(app: HttpApp, options: { port: number; host?: string }): Promise<Server> {
  const server = await startServer(app, options);
  runtimes.get(app)?.cable?.attach(server);
  return server;
}
