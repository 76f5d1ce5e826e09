// ActionController::Renderer (actionpack 7.2 renderer.rb): rendering outside a request, what
// `ApplicationController.renderer` returns. Its rendering is the app's broadcast renderer (serve.ts), the one
// ApplicationController.render uses; the object itself keeps Rails' defaults and env normalization.
//   ApplicationController.renderer                      controllerRenderer()
//   .defaults -> { method: "get", input: "" }           .with_defaults(http_host: "x") / .new(env) -> a new renderer
//   .render(partial: "p", locals: {...})                renderForBroadcast({...})
import { isPlainObject, toS } from "../ruby/ruby.js";
import type { SafeString } from "../active-support/safe.js";
import { renderForBroadcast } from "./serve.js";

type Env = Record<string, unknown>;

/** ActionController::Renderer::DEFAULTS. */
const DEFAULTS: Env = Object.freeze({ method: "get", input: "" });

const RACK_KEY_TRANSLATION: Record<string, string> = {
  http_host: "HTTP_HOST", https: "HTTPS", method: "REQUEST_METHOD", script_name: "SCRIPT_NAME", input: "rack.input",
};

/** Renderer.normalize_env: option keys to Rack env keys (https: true -> "on", method upcased). */
export function normalizeEnv(env: Env): Env {
  const out: Env = {};
  for (const [key, raw] of Object.entries(env)) {
    const value = key === "https" ? (raw ? "on" : "off") : key === "method" ? toS(raw).toUpperCase() : raw;
    out[RACK_KEY_TRANSLATION[key] ?? key] = value;
  }
  if (out.HTTP_HOST) {
    out.HTTPS ??= "off";
    out.SCRIPT_NAME ??= "";
  }
  if (out.HTTPS) out["rack.url_scheme"] = out.HTTPS === "on" ? "https" : "http";
  return out;
}

export class ControllerRenderer {
  static readonly rubyName = "ActionController::Renderer";
  private ownDefaults: Env;
  readonly env: Env;

  constructor(private readonly givenEnv: Env | null = null, defaults: Env = DEFAULTS) {
    this.ownDefaults = defaults;
    this.env = { ...normalizeEnv(defaults), ...(givenEnv ? normalizeEnv(givenEnv) : {}) };
  }

  /** Renderer#defaults: a mutable copy of the frozen DEFAULTS on first read. */
  get defaults(): Env {
    if (Object.isFrozen(this.ownDefaults)) this.ownDefaults = { ...this.ownDefaults };
    return this.ownDefaults;
  }

  new(env: unknown = null): ControllerRenderer {
    return new ControllerRenderer(isPlainObject(env) ? env : null, this.ownDefaults);
  }

  withDefaults(defaults: unknown): ControllerRenderer {
    return new ControllerRenderer(this.givenEnv, { ...this.ownDefaults, ...(isPlainObject(defaults) ? defaults : {}) });
  }

  render(options: unknown = {}): SafeString {
    return renderForBroadcast(options);
  }

  renderToString(options: unknown = {}): SafeString {
    return this.render(options);
  }
}

/** `SomeController.renderer`: ActionController::Renderer.for(controller). */
export function controllerRenderer(): ControllerRenderer {
  return new ControllerRenderer();
}
