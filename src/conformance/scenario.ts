// The scenario file of a fixture app (fixtures/<app>/scenarios.json): the requests a browser or a JSON client
// makes, in order, against Rails and against the emitted app alike, and the Action Cable subscriptions a page's
// JavaScript would open (see cable-steps.ts for what those record).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isCookieTampering } from "./tamper.js";

/** An HTTP request step. */
export interface ScenarioStep {
  name: string;
  method: string;
  path: string;
  /**
   * Sent as application/x-www-form-urlencoded, in this key order. As an array of [key, value] pairs a key may
   * repeat, in order: Rails' check_box helper sends `x=0` (its hidden input) and then `x=1` when checked.
   */
  form?: FormFields;
  /** Sent as application/json, serialized with JSON.stringify. */
  json?: unknown;
  /** Sent verbatim as an application/json body: malformed JSON, key order or spacing a client chose. */
  rawJson?: string;
  /**
   * Request headers added last, over the defaults (User-Agent, Accept): X-Forwarded-Proto, X-Request-Id...
   * Host, Cookie, Content-Length and Content-Type belong to the scenario and the body, so they are refused.
   */
  headers?: Record<string, string>;
  /** Add the CSRF token of the latest HTML page: as `authenticity_token` for forms, X-CSRF-Token for JSON. */
  csrf?: boolean;
  /** The Accept header instead of a browser's, e.g. Turbo's "text/vnd.turbo-stream.html, text/html, ...". */
  accept?: string;
  /**
   * After the response, wait until the open sockets go quiet and record what each received as its own
   * reference entry (`<name>_<socket>_broadcasts`), empty when nothing came.
   */
  broadcasts?: boolean;
  /**
   * Send this one request with a cookie of the jar altered (see tamper.ts); what the response sets is not kept, nor
   * its page used for later tokens: the browser's own cookies stay as they were.
   */
  cookie?: CookieTamper;
  /** Record the names of the cookies the response sets (`name` or `name (deleted)`), compared like the status. */
  setCookies?: boolean;
  /** With `csrf`, take the token of the form with this action and method on the last page (another form's token). */
  csrfFrom?: { path: string; method: string };
}

/**
 * How a step alters the cookie `name` for its request: `tamper` one of COOKIE_TAMPERING (tamper.ts), or `from` to
 * send another cookie's value under this name.
 */
export interface CookieTamper {
  name: string;
  tamper?: string;
  from?: string;
}

export type FormFields = Record<string, string> | Array<[string, string]>;

/** The form's fields as pairs, in the order they are sent. */
export function formPairs(form: FormFields): Array<[string, string]> {
  return Array.isArray(form) ? form : Object.entries(form);
}

/** Subscribes a socket (opened on first use, with the cookies the scenario holds then) to a channel. */
export interface CableSubscription {
  /** Names the connection, so one scenario can hold several (one per signed-in user, say). Default "cable". */
  socket?: string;
  channel: string;
  /** Sent in the identifier after `channel`, in this key order, as @rails/actioncable sends them. */
  params?: Record<string, unknown>;
}

export interface CableStep {
  name: string;
  subscribe: CableSubscription;
}

export type AnyStep = ScenarioStep | CableStep;

export interface Scenario {
  /** Wall clock both servers run under, "YYYY-MM-DD hh:mm:ss" UTC (faketime's absolute format). */
  frozenTime: string;
  /** Sent as the Host header, so generated URLs and Location headers match whoever serves. */
  host: string;
  steps: AnyStep[];
}

export function isCableStep(step: AnyStep): step is CableStep {
  return "subscribe" in step && step.subscribe !== undefined;
}

export function socketName(subscription: CableSubscription): string {
  return subscription.socket ?? "cable";
}

export function scenarioPath(appDir: string): string {
  return join(appDir, "scenarios.json");
}

export function loadScenario(appDir: string): Scenario {
  const parsed = JSON.parse(readFileSync(scenarioPath(appDir), "utf8")) as Scenario;
  validateScenario(parsed);
  return parsed;
}

const NAME = /^[a-z0-9_]+$/;

/** Fails early on a malformed file instead of replaying half a scenario. */
export function validateScenario(s: Scenario): void {
  if (typeof s.frozenTime !== "string" || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(s.frozenTime)) {
    throw new Error(`scenario: frozenTime must be "YYYY-MM-DD hh:mm:ss", got ${JSON.stringify(s.frozenTime)}`);
  }
  if (typeof s.host !== "string" || s.host === "") throw new Error("scenario: host is required");
  if (!Array.isArray(s.steps)) throw new Error("scenario: steps must be an array");
  const seen = new Set<string>();
  for (const step of s.steps) {
    if (!NAME.test(step.name)) throw new Error(`scenario: bad step name ${JSON.stringify(step.name)}`);
    if (seen.has(step.name)) throw new Error(`scenario: duplicate step name ${step.name}`);
    seen.add(step.name);
    if (isCableStep(step)) validateCableStep(step);
    else validateHttpStep(step);
  }
}

function validateHttpStep(step: ScenarioStep): void {
  if (typeof step.method !== "string" || typeof step.path !== "string") {
    throw new Error(`scenario: ${step.name}: method and path are required`);
  }
  if (!step.path.startsWith("/")) throw new Error(`scenario: ${step.name}: path must start with /`);
  const bodies = [step.form, step.json, step.rawJson].filter((b) => b !== undefined).length;
  if (bodies > 1) throw new Error(`scenario: ${step.name}: form, json and rawJson are exclusive`);
  if (step.form !== undefined) validateForm(step);
  if (step.rawJson !== undefined && typeof step.rawJson !== "string") {
    throw new Error(`scenario: ${step.name}: rawJson must be a string`);
  }
  if (step.headers !== undefined) validateHeaders(step);
  if (step.cookie !== undefined) validateCookieTamper(step);
}

function validateCookieTamper(step: ScenarioStep): void {
  const { name, tamper, from } = step.cookie!;
  if (typeof name !== "string" || name === "") throw new Error(`scenario: ${step.name}: cookie needs a name`);
  if ((tamper === undefined) === (from === undefined)) throw new Error(`scenario: ${step.name}: cookie needs one of tamper and from`);
  if (tamper !== undefined && !isCookieTampering(tamper)) throw new Error(`scenario: ${step.name}: unknown cookie tampering ${JSON.stringify(tamper)}`);
}

function validateForm(step: ScenarioStep): void {
  const form = step.form!;
  const ok = Array.isArray(form)
    ? form.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && typeof p[1] === "string")
    : typeof form === "object" && form !== null && Object.values(form).every((v) => typeof v === "string");
  if (!ok) throw new Error(`scenario: ${step.name}: form must map keys to strings, or be [key, value] string pairs`);
}

const OWNED_HEADERS = new Set(["host", "cookie", "content-length", "content-type"]);

function validateHeaders(step: ScenarioStep): void {
  const headers = step.headers!;
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    throw new Error(`scenario: ${step.name}: headers must be an object`);
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") throw new Error(`scenario: ${step.name}: header ${name} must be a string`);
    if (OWNED_HEADERS.has(name.toLowerCase())) throw new Error(`scenario: ${step.name}: header ${name} is set by the replayer`);
  }
}

function validateCableStep(step: CableStep): void {
  const { channel, socket, params } = step.subscribe;
  if (typeof channel !== "string" || channel === "") throw new Error(`scenario: ${step.name}: subscribe needs a channel`);
  if (socket !== undefined && !NAME.test(socket)) throw new Error(`scenario: ${step.name}: bad socket name ${JSON.stringify(socket)}`);
  if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
    throw new Error(`scenario: ${step.name}: subscribe params must be an object`);
  }
  if ("method" in step || "path" in step) throw new Error(`scenario: ${step.name}: a subscribe step sends no HTTP request`);
}
