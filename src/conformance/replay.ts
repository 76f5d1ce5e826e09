// Replays a scenario against a running server (Rails under Puma, or the emitted Node app) the way a browser
// would: one request per step, cookies kept, redirects not followed, CSRF tokens carried from the latest page;
// Action Cable sockets and their frames as cable-steps.ts records them.
import { request as httpRequest } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { CableSession } from "./cable-steps.js";
import type { CacheHits } from "./cache-log.js";
import { CookieJar, setCookieNames } from "./cookies.js";
import { extractCsrfToken } from "./csrf.js";
import type { ComparableResponse } from "./diff.js";
import { formPairs, isCableStep, type FormFields, type Scenario, type ScenarioStep } from "./scenario.js";
import { RequestLogReader, SqlLogReader } from "./sql-log.js";

/** A modern Chrome: Rails 7.2's generated `allow_browser versions: :modern` answers 406 to older browsers. */
export const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** A response as replayed: what compareResponses compares, and the request it answered. */
export interface ReplayedResponse extends ComparableResponse {
  method: string;
  path: string;
  /** The X-Request-Id the server answered with: how the recorder finds this request's lines in Rails' log. */
  requestId?: string | null;
  /**
   * Fragment cache activity for this request: what Rails logged (recorded from its debug log), or what the
   * emitted app wrote to RAILS2TS_CACHE_LOG; conformance compares the two.
   */
  cacheHits?: CacheHits;
  /** For Action Cable entries: the scenario's name of the socket. */
  socket?: string;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function replay(
  scenario: Scenario,
  baseUrl: string,
  sqlLogPath: string,
  cacheLogPath?: string,
  onResponse?: (response: ReplayedResponse, index: number) => void,
): Promise<ReplayedResponse[]> {
  const jar = new CookieJar();
  const sqlLog = new SqlLogReader(sqlLogPath);
  // The cache line is written before the SQL line, so it is there once the SQL line is.
  const cacheLog = cacheLogPath ? new RequestLogReader(cacheLogPath, (line) => JSON.parse(line) as CacheHits) : null;
  const cable = new CableSession(baseUrl, scenario.host, USER_AGENT);
  let lastHtml: string | null = null;
  const responses: ReplayedResponse[] = [];
  const push = (...answered: ReplayedResponse[]) => {
    for (const r of answered) {
      responses.push(r);
      onResponse?.(r, responses.length - 1);
    }
  };
  try {
    for (const step of scenario.steps) {
      if (isCableStep(step)) {
        push(await cable.subscribe(step, jar));
        continue;
      }
      const token = step.csrf ? csrfTokenFor(step, lastHtml) : null;
      // A step with a tampered cookie is one request aside: the jar and the page to submit from stay as they were.
      const raw = await send(baseUrl, buildRequest(step, scenario.host, step.cookie ? jar.tampered(step.cookie) : jar, token));
      if (!step.cookie) jar.store(raw.headers["set-cookie"]);
      const response = toReplayed(step, raw, await sqlLog.next());
      if (step.setCookies) response.setCookies = setCookieNames(raw.headers["set-cookie"]);
      const cacheHits = cacheLog ? await cacheLog.next() : null;
      if (cacheHits && (cacheHits.fragments.length > 0 || cacheHits.collections.length > 0)) response.cacheHits = cacheHits;
      // The page a browser would submit from next: the latest HTML that hands out a token (redirects have an
      // empty body, error pages from public/ have no token).
      if (response.contentType?.startsWith("text/html") && !step.cookie) {
        const html = raw.body.toString("utf8");
        if (extractCsrfToken(html, null) !== null) lastHtml = html;
      }
      push(response, ...(await cable.afterHttpStep(step)));
    }
    push(...(await cable.finish()));
  } finally {
    await cable.closeAll();
  }
  return responses;
}

function toReplayed(step: ScenarioStep, raw: RawResponse, sqlCount: number | null): ReplayedResponse {
  const requestId = raw.headers["x-request-id"];
  return {
    name: step.name,
    method: step.method,
    path: step.path,
    status: raw.status,
    location: raw.headers.location ?? null,
    contentType: raw.headers["content-type"] ?? null,
    body: raw.body,
    sqlCount,
    requestId: typeof requestId === "string" ? requestId : null,
  };
}

// A browser submits the token of the form it submits, which is on the page it last loaded.
function csrfTokenFor(step: ScenarioStep, lastHtml: string | null): string {
  const method = step.form ? formPairs(step.form).find(([key]) => key === "_method")?.[1] : undefined;
  const target = step.csrfFrom ?? (step.form ? { path: step.path, method: method ?? step.method } : null);
  const token = lastHtml === null ? null : extractCsrfToken(lastHtml, target);
  if (token === null) throw new Error(`replay: ${step.name} needs a CSRF token, the last page has none`);
  return token;
}

export interface OutgoingRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The exact request a step sends; exported so tests can check it whole. */
export function buildRequest(step: ScenarioStep, host: string, jar: CookieJar, csrfToken: string | null): OutgoingRequest {
  const headers: Record<string, string> = { Host: host, "User-Agent": USER_AGENT };
  let body: Buffer | null = null;
  let path = step.path;
  const json = step.json !== undefined ? JSON.stringify(step.json) : step.rawJson;
  headers.Accept = step.accept ?? (json !== undefined ? "application/json" : BROWSER_ACCEPT);
  if (step.form !== undefined && step.method.toUpperCase() === "GET") {
    // A GET form (a search box) is submitted in the query string, never with a body.
    path += (path.includes("?") ? "&" : "?") + encodeForm(step.form, null);
  } else if (step.form !== undefined) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = Buffer.from(encodeForm(step.form, csrfToken), "utf8");
  } else if (csrfToken !== null) {
    // Without a form, the token travels as a JS client sends it (rails-ujs, fetch with the meta tag).
    headers["X-CSRF-Token"] = csrfToken;
  }
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = Buffer.from(json, "utf8");
  }
  // The step's own headers last: a User-Agent or Accept it names replaces the browser's.
  for (const [name, value] of Object.entries(step.headers ?? {})) setHeader(headers, name, value);
  const cookie = jar.header();
  if (cookie !== null) headers.Cookie = cookie;
  if (body !== null) headers["Content-Length"] = String(body.length);
  return { method: step.method, path, headers, body };
}

// Header names are case-insensitive: a step's "user-agent" replaces the default "User-Agent", not doubles it.
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  headers[name] = value;
}

// Field order as a browser submits a Rails form: `_method` and `authenticity_token` (hidden inputs the form
// builder writes first), then the fields as the scenario lists them.
function encodeForm(form: FormFields, csrfToken: string | null): string {
  const pairs = formPairs(form);
  const params = new URLSearchParams();
  for (const [key, value] of pairs) if (key === "_method") params.append(key, value);
  if (csrfToken !== null) params.append("authenticity_token", csrfToken);
  for (const [key, value] of pairs) if (key !== "_method") params.append(key, value);
  return params.toString();
}

function send(baseUrl: string, req: OutgoingRequest): Promise<RawResponse> {
  const url = new URL(req.path, baseUrl);
  return new Promise((resolve, reject) => {
    // agent: false gives a fresh connection per request, so no state leaks between steps but cookies.
    const outgoing = httpRequest(url, { method: req.method, headers: req.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(req.body ?? undefined);
  });
}
