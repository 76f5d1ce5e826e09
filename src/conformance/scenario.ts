// The scenario file of a fixture app (fixtures/<app>/scenarios.json): the requests a browser or a JSON client
// makes, in order, against Rails and against the emitted app alike, and the Action Cable subscriptions a page's
// JavaScript would open (see cable-steps.ts for what those record).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** An HTTP request step. */
export interface ScenarioStep {
  name: string;
  method: string;
  path: string;
  /** Sent as application/x-www-form-urlencoded, in this key order. */
  form?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Add the CSRF token of the latest HTML page: as `authenticity_token` for forms, X-CSRF-Token for JSON. */
  csrf?: boolean;
  /** The Accept header instead of a browser's, e.g. Turbo's "text/vnd.turbo-stream.html, text/html, ...". */
  accept?: string;
  /**
   * After the response, wait until the open sockets go quiet and record what each received as its own
   * reference entry (`<name>_<socket>_broadcasts`), empty when nothing came.
   */
  broadcasts?: boolean;
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
  if (step.form !== undefined && step.json !== undefined) {
    throw new Error(`scenario: ${step.name}: form and json are exclusive`);
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
