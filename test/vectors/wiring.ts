// What the compiled app's boot would configure, from a vector file's header (test support): the clock, the
// sanitizer vendor load_defaults picks, time-zone periods on the frozen clock, GlobalID.app and its locator
// (the app's classes' `find`), Turbo's signed stream verifier from secret_key_base, the Action Cable server
// (capturing broadcasts as the recorder did) and the broadcast renderer (ApplicationController.render, on
// http://example.org). `view(group)` is a fresh view context for one vector.
import { View, type TemplateEntry } from "../../runtime/app/view.js";
import { globalIdConfig } from "../../runtime/gems/globalid/global-id.js";
import { setActionCableServer } from "../../runtime/action-cable/global.js";
import { configureSignedStreamVerifier } from "../../runtime/gems/turbo-rails/stream-name.js";
import { configureSignedGlobalIds } from "../../runtime/gems/globalid/signed-global-id.js";
import { turboBroadcastConfig } from "../../runtime/gems/turbo-rails/streams-channel.js";
import type { RouteEntry } from "../../runtime/action-pack/route-table.js";
import type { HttpApp } from "../../runtime/action-pack/server.js";
import { registerAppRuntime } from "../../runtime/app/serve.js";
import { toJson } from "../../runtime/active-support/json-encode.js";
import { setClock } from "../../runtime/active-support/time.js";
import { toS } from "../../runtime/ruby/ruby.js";
import { zoneConfig } from "../../runtime/active-support/time-zone.js";
import { sanitizerConfig } from "../../runtime/action-view/sanitize.js";
import { modelFile } from "../../src/lower/emitted-module.js";
import { tsIdent } from "../../src/lower/names.js";
import { vectorViewContext } from "./context.js";
import type { VectorHeader } from "./files.js";
import type { ModuleLoader } from "./loader.js";

/** One broadcast as ActionCable.server.broadcast received it, and the JSON sent to subscribers. */
export interface Broadcast {
  broadcasting: string;
  message: unknown;
  payload: string;
}

export interface Wiring {
  view(group: string): View;
  /** Broadcasts since the last `view()`. */
  readonly broadcasts: Broadcast[];
}

export function wireRuntime(header: VectorHeader, loader: ModuleLoader, routes: RouteEntry[], templates: Record<string, TemplateEntry>): Wiring {
  const now = new Date(header.frozen_time);
  // Without sprockets or propshaft loaded (the actionview header says so; the turbo app loads neither) asset
  // paths resolve to /images, /javascripts...: only a header naming a pipeline keeps Propshaft's lookup.
  const noPipeline = header.asset_pipeline === undefined || header.asset_pipeline.startsWith("none");
  const broadcasts: Broadcast[] = [];
  const newView = (group: string, host?: string) => {
    const view = new View(vectorViewContext({ routes, templates, now, protectAgainstForgery: group === "csrf", host }), {});
    // The recording had no asset pipeline (header.asset_pipeline); View always asks Propshaft's lookup.
    if (noPipeline) Object.defineProperty(view, "computeAssetPath", { value: undefined });
    return view;
  };
  const configure = () => {
    setClock(() => new Date(now));
    zoneConfig.now = () => now.getTime();
    sanitizerConfig.vendor = Number(header.load_defaults) < 7.1 ? "html4" : "html5";
    globalIdConfig.app = header.global_id_app ?? null;
    globalIdConfig.locate = (modelName, id) => {
      const cls = loader.load(`models/${modelFile(modelName)}.ts`)[tsIdent(modelName)] as { find(id: unknown): unknown };
      return cls.find(id);
    };
    configureSignedStreamVerifier({ secretKeyBase: header.secret_key_base });
    configureSignedGlobalIds({ secretKeyBase: header.secret_key_base, loadDefaults: Number(header.load_defaults) });
    setActionCableServer({
      broadcast(broadcasting, message) {
        broadcasts.push({ broadcasting: toS(broadcasting), message, payload: toJson(message) });
      },
    });
    // createApp registers the broadcast renderer (ApplicationController.render, which Turbo's broadcasts use).
    registerAppRuntime({} as HttpApp, {
      cable: null,
      secretKeyBase: header.secret_key_base,
      renderBroadcast: (options) => toS(newView("broadcast", "example.org").render(options)),
    });
    turboBroadcastConfig.enqueue = (job) => void job();
  };
  return {
    view(group) {
      configure();
      broadcasts.length = 0;
      return newView(group);
    },
    broadcasts,
  };
}
