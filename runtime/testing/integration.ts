// ActionDispatch::IntegrationTest's session: requests go through the app's own HTTP handler in this process (no
// socket), as Rails' integration runner calls the Rack app; cookies persist for the test, as its session's do.
//   get posts_url, params: { q: 1 }               await this.get(url, { params: { q: 1 } })
//   post url, params: {...}, as: :json             JSON body, Content-Type and Accept application/json, path + ".json"
//   follow_redirect!                              GET the last response's Location
//   response.body / .status / .parsed_body        TestResponse
import type { HttpApp } from "../action-pack/server.js";
import type { WireResponse } from "../action-pack/response.js";
import { toS } from "../ruby/ruby.js";
import { isPlainObject } from "../ruby/ruby.js";
import { toJson } from "../active-support/json-encode.js";

/** Rack::Test's defaults for a request of the integration session. */
const DEFAULT_HOST = "www.example.com";
const DEFAULT_ACCEPT = "text/xml,application/xml,application/xhtml+xml,text/html;q=0.9,text/plain;q=0.8,image/png,*/*;q=0.5";

export interface RequestOptions {
  params?: unknown;
  headers?: Record<string, unknown> | null;
  /** Rack env entries: HTTP_* become request headers (HTTP_USER_AGENT -> User-Agent). */
  env?: Record<string, unknown> | null;
  as?: unknown;
  xhr?: unknown;
}

/** The request header a Rack env name stands for: HTTP_X_Y is X-Y, CONTENT_TYPE / CONTENT_LENGTH theirs; null for
 *  the others (REMOTE_ADDR, ...: not headers). */
function envHeader(key: string): string | null {
  if (key.startsWith("HTTP_")) return key.slice(5).toLowerCase().replace(/_/g, "-");
  return key === "CONTENT_TYPE" || key === "CONTENT_LENGTH" ? key.toLowerCase().replace(/_/g, "-") : null;
}

/** ActionDispatch::Http::Cache::Response's SPECIAL_KEYS: the Cache-Control directives it parses by name. */
const CACHE_CONTROL_KEYS = new Set(["extras", "no-store", "no-cache", "max-age", "public", "private", "must-revalidate"]);

/** ActionDispatch::TestResponse, as a test reads it. */
export class TestResponse {
  constructor(private readonly wire: WireResponse) {}

  get status(): number {
    return this.wire.status;
  }

  get body(): string {
    const body = this.wire.body;
    return typeof body === "string" ? body : body.toString("utf8");
  }

  header(name: string): string | null {
    const found = this.wire.headers.find(([k]) => k.toLowerCase() === name.toLowerCase());
    return found ? found[1] : null;
  }

  get location(): string | null {
    return this.header("location");
  }

  get contentType(): string | null {
    return this.header("content-type");
  }

  /** Response#media_type: the Content-Type without its parameters. */
  get mediaType(): string | null {
    const type = this.contentType;
    return type === null ? null : type.split(";")[0]!.trim();
  }

  /** parsed_body: JSON parsed (objects as plain objects: string keys), other bodies as the String. */
  get parsedBody(): unknown {
    return this.mediaType === "application/json" ? JSON.parse(this.body) : this.body;
  }

  setCookies(): string[] {
    return this.wire.headers.filter(([k]) => k.toLowerCase() === "set-cookie").map(([, v]) => v);
  }

  /**
   * Response#cache_control as a test response has it (parsed from its Cache-Control header, cache_control_headers):
   * no-store, no-cache, max-age, public, private, must-revalidate by their Symbol (dashes as underscores) => the
   * argument String or true; any other directive in :extras.
   */
  cacheControl(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    const header = this.header("cache-control");
    // cache_control_segments: the header without its spaces, split at commas (String#split drops trailing empties).
    const segments = header === null ? [] : header.replace(/ /g, "").split(",");
    while (segments.length && segments[segments.length - 1] === "") segments.pop();
    for (const segment of segments) {
      const at = segment.indexOf("=");
      const [directive, argument] = at < 0 ? [segment, null] : [segment.slice(0, at), segment.slice(at + 1)];
      if (CACHE_CONTROL_KEYS.has(directive)) out.set(directive.replace(/-/g, "_"), argument ?? true);
      else out.set("extras", [...((out.get("extras") as string[] | undefined) ?? []), segment]);
    }
    return out;
  }

  /** Response#cookies: each Set-Cookie's name => value (unescaped), a new Hash each time. */
  get cookies(): Map<string, string | null> {
    const out = new Map<string, string | null>();
    for (const cookie of this.setCookies()) {
      const [key, value] = cookie.split(";")[0]!.split("=").map(unescapeCookie);
      out.set(key!, value ?? null);
    }
    return out;
  }
}

/**
 * Rack::Test's cookie jar as an integration test reads it (`cookies[:session_token]`): values unescaped, by name;
 * `cookies[:name] = v` sends it with the next request.
 */
export class TestCookieJar {
  constructor(private readonly raw: Map<string, string>) {}

  "[]"(name: unknown): string | null {
    const value = this.raw.get(toS(name));
    return value === undefined ? null : unescapeCookie(value);
  }

  "[]="(name: unknown, value: unknown): unknown {
    this.raw.set(toS(name), encodeURIComponent(toS(value)));
    return value;
  }

  delete(name: unknown): null {
    this.raw.delete(toS(name));
    return null;
  }

  /** to_hash: name => value, as Rack::Test::CookieJar#to_hash answers. */
  toHash(): Map<string, string> {
    return new Map([...this.raw].map(([k, v]) => [k, unescapeCookie(v)]));
  }

  /** The Cookie header the next request sends. */
  header(): string {
    return [...this.raw].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A Hash argument's entries by String key (a Map of Strings or Symbols, or a plain object). */
function entriesOf(hash: unknown): Array<[string, unknown]> {
  if (hash instanceof Map) return [...hash].map(([k, v]) => [toS(k), v]);
  return hash && typeof hash === "object" ? Object.entries(hash) : [];
}

function unescapeCookie(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** The last request of an integration session, as a test hands it on (CookieJar.build(request, ...)). */
export class TestRequest {
  constructor(readonly app: HttpApp, readonly ssl: boolean) {}
}

/** ActionDispatch::Cookies::CookieJar.build(request, cookies.to_hash): the app's jar over those cookies (signed, encrypted). */
export const CookieJarBuilder = {
  rubyName: "ActionDispatch::Cookies::CookieJar",
  build(request: unknown, cookies: unknown): unknown {
    if (!(request instanceof TestRequest)) throw new TypeError("CookieJar.build: not an integration test's request");
    const entries = cookies instanceof Map ? [...cookies] : Object.entries(cookies as Record<string, unknown>);
    const header = entries.map(([k, v]) => `${toS(k)}=${encodeURIComponent(toS(v))}`).join("; ");
    return request.app.cookieJar(header, request.ssl);
  },
};

export class IntegrationSession {
  response: TestResponse | null = null;
  request: TestRequest | null = null;
  host = DEFAULT_HOST;
  private readonly rawCookies = new Map<string, string>();
  readonly cookies = new TestCookieJar(this.rawCookies);

  constructor(private readonly app: HttpApp) {}

  async process(method: string, url: unknown, options: RequestOptions = {}): Promise<number> {
    const target = new URL(toS(url), `http://${this.host}`);
    const json = options.as !== undefined && options.as !== null && toS(options.as) === "json";
    if (json && !/\.[a-z0-9]+$/i.test(target.pathname)) target.pathname += ".json";
    const headers: Record<string, string> = { host: target.host, accept: json ? "application/json" : DEFAULT_ACCEPT };
    let body = Buffer.alloc(0);
    const params = options.params ?? null;
    if (method === "GET" || method === "HEAD") {
      const query = params === null ? "" : typeof params === "string" ? params : buildNestedQuery(params);
      if (query) target.search = target.search ? `${target.search}&${query}` : `?${query}`;
    } else if (json) {
      body = Buffer.from(params === null ? "" : toJson(params));
      headers["content-type"] = "application/json";
    } else if (params !== null) {
      // A String is the request body itself (Rack::Test's env[:input]), still sent as a form's content type.
      body = Buffer.from(typeof params === "string" ? params : buildNestedQuery(params));
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    if (body.length) headers["content-length"] = String(body.length);
    if (options.xhr !== undefined && options.xhr !== null && options.xhr !== false) {
      headers["x-requested-with"] = "XMLHttpRequest";
      if (!json) headers.accept = "text/javascript, text/html, application/xml, text/xml, */*";
    }
    // Http::Headers#env_name: a header's name (letters, digits, dashes) is a header; any other key is a Rack env
    // name already (`"HTTP_USER_AGENT" => ...`), as are every key of env:.
    for (const [k, v] of entriesOf(options.headers)) {
      const name = /^[A-Za-z0-9-]+$/.test(k) ? k.toLowerCase() : envHeader(k);
      if (name !== null) headers[name] = toS(v);
    }
    for (const [k, v] of entriesOf(options.env)) {
      const name = envHeader(k);
      if (name !== null) headers[name] = toS(v);
    }
    const cookie = this.cookies.header();
    if (cookie && !headers.cookie) headers.cookie = cookie;
    const wire = await this.app.handle({
      method, url: `${target.pathname}${target.search}`, headers, body, remoteAddress: "127.0.0.1", encrypted: target.protocol === "https:",
    });
    this.request = new TestRequest(this.app, target.protocol === "https:");
    this.response = new TestResponse(wire);
    this.keepCookies(this.response.setCookies());
    return wire.status;
  }

  /** follow_redirect!: GET the Location of the last response (which must be a redirect). */
  async followRedirect(): Promise<number> {
    const location = this.response?.location;
    if (!this.response || this.response.status < 300 || this.response.status > 399 || !location) {
      throw new Error("not a redirect! " + (this.response?.status ?? "no response"));
    }
    return this.process("GET", location);
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.rawCookies.delete(name);
      else this.rawCookies.set(name, value);
    }
  }
}

/**
 * Rack::Test::Utils.build_nested_query (rack-test 2.2), what an integration test's params become: in insertion
 * order, each key escaped, nil as the bare key, an empty Array as `key[]=`.
 */
export function buildNestedQuery(value: unknown, prefix: string | null = null): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `${prefix ?? ""}[]=`;
    const inner = prefix !== null && decodeURIComponent(prefix.replace(/\+/g, " ")).endsWith("[]") ? prefix : `${prefix ?? ""}[]`;
    return value.map((v) => buildNestedQuery(v, inner)).join("&");
  }
  const entries = value instanceof Map ? [...value].map(([k, v]) => [toS(k), v] as const) : isPlainObject(value) ? Object.entries(value) : null;
  if (entries) return entries.map(([k, v]) => buildNestedQuery(v, prefix !== null ? `${prefix}[${escape(k)}]` : escape(k))).join("&");
  if (value === null || value === undefined) return prefix ?? "";
  return `${prefix ?? ""}=${escape(toS(value))}`;
}

/** Rack::Utils.escape (URI.encode_www_form_component): letters, digits and *-._ kept, space as +. */
function escape(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, "+").replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
