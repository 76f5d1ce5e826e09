// The scenario file of a fixture app (fixtures/<app>/scenarios.json): the requests a browser or a JSON client
// makes, in order, against Rails and against the emitted app alike.
import { readFileSync } from "node:fs";
import { join } from "node:path";

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
}

export interface Scenario {
  /** Wall clock both servers run under, "YYYY-MM-DD hh:mm:ss" UTC (faketime's absolute format). */
  frozenTime: string;
  /** Sent as the Host header, so generated URLs and Location headers match whoever serves. */
  host: string;
  steps: ScenarioStep[];
}

export function scenarioPath(appDir: string): string {
  return join(appDir, "scenarios.json");
}

export function loadScenario(appDir: string): Scenario {
  const parsed = JSON.parse(readFileSync(scenarioPath(appDir), "utf8")) as Scenario;
  validateScenario(parsed);
  return parsed;
}

/** Fails early on a malformed file instead of replaying half a scenario. */
export function validateScenario(s: Scenario): void {
  if (typeof s.frozenTime !== "string" || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(s.frozenTime)) {
    throw new Error(`scenario: frozenTime must be "YYYY-MM-DD hh:mm:ss", got ${JSON.stringify(s.frozenTime)}`);
  }
  if (typeof s.host !== "string" || s.host === "") throw new Error("scenario: host is required");
  if (!Array.isArray(s.steps)) throw new Error("scenario: steps must be an array");
  const seen = new Set<string>();
  for (const step of s.steps) {
    if (!/^[a-z0-9_]+$/.test(step.name)) throw new Error(`scenario: bad step name ${JSON.stringify(step.name)}`);
    if (seen.has(step.name)) throw new Error(`scenario: duplicate step name ${step.name}`);
    seen.add(step.name);
    if (!step.path.startsWith("/")) throw new Error(`scenario: ${step.name}: path must start with /`);
    if (step.form !== undefined && step.json !== undefined) {
      throw new Error(`scenario: ${step.name}: form and json are exclusive`);
    }
  }
}
