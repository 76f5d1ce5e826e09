// ActionDispatch::Request over a node:http request whose body has been read: method (with Rack::MethodOverride's
// `_method` for POSTed forms), host/port/protocol as Rails derives them, parameters (body, then query, then
// path, as Rails merges them), and formats (ActionDispatch::Http::MimeNegotiation).
import type { IncomingHttpHeaders } from "node:http";
import { requestFormats, type MimeType } from "./mime.js";
import { requestScheme } from "./ssl.js";
import { mediaType, parseBodyParams, parseNestedQuery, type ParamTree } from "./query.js";

const OVERRIDABLE = ["GET", "HEAD", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "LINK", "UNLINK"];

export interface RawRequest {
  method: string;
  /** The request target: `/path?query` (an absolute-form target is reduced to its path). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** TLS terminated by this server. */
  encrypted?: boolean;
  /** The peer address (REMOTE_ADDR). */
  remoteAddress?: string;
}

/** The CGI variables Rack keeps without an HTTP_ prefix (ActionDispatch::Http::Headers::CGI_VARIABLES, as headers). */
const CGI_HEADERS: Record<string, string> = { CONTENT_TYPE: "content-type", CONTENT_LENGTH: "content-length" };

/**
 * ActionDispatch::Http::Headers#[] / #fetch on the request's headers, as app code reads them (`request.headers["X-Foo"]`):
 * a header name (`X-Foo`, any case) is its Rack env key (HTTP_X_FOO), and an env key (`HTTP_X_FOO`, `CONTENT_TYPE`)
 * is read as it is. Kept off the enumerable keys, so the runtime's own lowercase lookups are unchanged.
 */
function withRailsLookup(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const lookup = (key: unknown): string | null => {
    const name = String(key);
    // Headers#env_name: a name of letters, digits and dashes is a header; anything else is an env key already.
    const env = /^[A-Za-z0-9-]+$/.test(name) ? (CGI_HEADERS[name.toUpperCase().replace(/-/g, "_")] ? name.toUpperCase().replace(/-/g, "_") : `HTTP_${name.toUpperCase().replace(/-/g, "_")}`) : name;
    const header = CGI_HEADERS[env] ?? (env.startsWith("HTTP_") ? env.slice(5).toLowerCase().replace(/_/g, "-") : null);
    const value = header === null ? undefined : headers[header];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  };
  Object.defineProperty(headers, "[]", { value: lookup, enumerable: false, configurable: true });
  Object.defineProperty(headers, "fetch", {
    value: (key: unknown, ...rest: unknown[]) => {
      const value = lookup(key);
      if (value !== null) return value;
      if (typeof rest[0] === "function") return (rest[0] as (k: unknown) => unknown)(key);
      if (rest.length) return rest[0];
      throw Object.assign(new Error(`key not found: ${JSON.stringify(String(key))}`), { name: "KeyError" });
    },
    enumerable: false,
    configurable: true,
  });
  return headers;
}

/** Where `/:(\d+)$/` matches in a host with port (the colon before trailing digits), or -1. */
function portColon(hostWithPort: string): number {
  let i = hostWithPort.length - 1;
  while (i >= 0) {
    const c = hostWithPort.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i--;
  }
  return i >= 0 && i < hostWithPort.length - 1 && hostWithPort.charCodeAt(i) === 58 ? i : -1;
}

class RequestCache {
  query: ParamTree | undefined = undefined;
  body: ParamTree | undefined = undefined;
  formats: MimeType[] | undefined = undefined;
  ssl: boolean | undefined = undefined;
  baseUrl: string | undefined = undefined;
  hostWithPort: string | undefined = undefined;
  host: string | undefined = undefined;
  port: number | undefined = undefined;
}

export class Request {
  /** REQUEST_METHOD after _method override. */
  readonly method: string;
  /** The method on the wire (Rails' request.raw_request_method when overridden). */
  readonly rawMethod: string;
  readonly path: string;
  readonly queryString: string;
  /** The headers as node:http parsed them; the runtime's own lookups read these. */
  private readonly rawHeaders: IncomingHttpHeaders;
  private railsHeaders: IncomingHttpHeaders | null = null;
  readonly body: Buffer;
  pathParameters: Record<string, string> = {};
  // Parsed once per request; the raw headers never change after construction.
  // (Fields, not one object gaining keys in whatever order a request reads them: one shape for every Request.)
  private cache: RequestCache = new RequestCache();
  private readonly encrypted: boolean;
  /** REMOTE_ADDR: the socket peer. */
  readonly remoteAddr: string | null;

  constructor(raw: RawRequest) {
    const target = raw.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
    const q = target.indexOf("?");
    this.path = q < 0 ? target : target.slice(0, q);
    this.queryString = q < 0 ? "" : target.slice(q + 1);
    this.rawHeaders = raw.headers;
    this.body = raw.body;
    this.encrypted = raw.encrypted ?? false;
    this.remoteAddr = raw.remoteAddress ?? null;
    this.rawMethod = raw.method.toUpperCase();
    this.method = this.overriddenMethod();
  }

  /**
   * request.headers as app code reads it (`request.headers["X-Foo"]`): the Rails lookups are attached on first use,
   * not on every request (the runtime's own reads go through header()).
   */
  get headers(): IncomingHttpHeaders {
    return (this.railsHeaders ??= withRailsLookup(this.rawHeaders));
  }

  header(name: string): string | undefined {
    const v = this.rawHeaders[name.toLowerCase()];
    return Array.isArray(v) ? v.join(", ") : v;
  }

  // Rack::MethodOverride: only a POST, only from form data, only to a known method.
  private overriddenMethod(): string {
    if (this.rawMethod !== "POST") return this.rawMethod;
    const type = mediaType(this.header("content-type"));
    let override: unknown;
    if (type === null || type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
      try {
        override = parseBodyParams(type ? this.header("content-type") : "application/x-www-form-urlencoded", this.body)._method;
      } catch {
        override = undefined; // Rack logs "Invalid or incomplete POST params" and keeps POST
      }
    }
    override ??= this.header("x-http-method-override");
    const method = typeof override === "string" ? override.toUpperCase() : "";
    return OVERRIDABLE.includes(method) ? method : this.rawMethod;
  }

  get isGet(): boolean {
    return this.method === "GET";
  }

  get isHead(): boolean {
    return this.method === "HEAD";
  }

  /** Rack::Request#ssl?: the scheme (HTTPS, X-Forwarded-Ssl, Forwarded, X-Forwarded-Proto/Scheme) is https or wss. */
  get ssl(): boolean {
    if (this.cache.ssl === undefined) {
      const scheme = requestScheme(this.rawHeaders, this.encrypted);
      this.cache.ssl = scheme === "https" || scheme === "wss";
    }
    return this.cache.ssl;
  }

  get protocol(): string {
    return this.ssl ? "https://" : "http://";
  }

  /** raw_host_with_port: X-Forwarded-Host (last entry) or Host. */
  get rawHostWithPort(): string {
    if (this.cache.hostWithPort === undefined) {
      const forwarded = this.header("x-forwarded-host");
      this.cache.hostWithPort = forwarded ? forwarded.split(/,\s?/).pop()! : this.header("host") ?? "localhost";
    }
    return this.cache.hostWithPort;
  }

  get host(): string {
    if (this.cache.host === undefined) {
      const raw = this.rawHostWithPort;
      const colon = portColon(raw);
      this.cache.host = colon < 0 ? raw : raw.slice(0, colon);
    }
    return this.cache.host;
  }

  get port(): number {
    if (this.cache.port === undefined) {
      const raw = this.rawHostWithPort;
      const colon = portColon(raw);
      this.cache.port = colon < 0 ? (this.ssl ? 443 : 80) : Number(raw.slice(colon + 1));
    }
    return this.cache.port;
  }

  /** optional_port: null for the protocol's standard port. */
  get optionalPort(): number | null {
    return this.port === (this.ssl ? 443 : 80) ? null : this.port;
  }

  get hostWithPort(): string {
    return this.optionalPort === null ? this.host : `${this.host}:${this.port}`;
  }

  get baseUrl(): string {
    return (this.cache.baseUrl ??= `${this.protocol}${this.hostWithPort}`);
  }

  get fullpath(): string {
    return this.queryString ? `${this.path}?${this.queryString}` : this.path;
  }

  get url(): string {
    return this.baseUrl + this.fullpath;
  }

  get xhr(): boolean {
    return /XMLHttpRequest/i.test(this.header("x-requested-with") ?? "");
  }

  get referer(): string | null {
    return this.header("referer") ?? null;
  }

  /** Rack::Request#referrer (the same header, spelled right). */
  get referrer(): string | null {
    return this.referer;
  }

  get origin(): string | undefined {
    return this.header("origin");
  }

  get contentType(): string | undefined {
    return this.header("content-type");
  }

  /** request.query_parameters; a malformed query string throws BadRequest. */
  get queryParameters(): ParamTree {
    return (this.cache.query ??= parseNestedQuery(this.queryString, "query"));
  }

  /** request.request_parameters: the parsed body (forms, JSON). */
  get requestParameters(): ParamTree {
    return (this.cache.body ??= parseBodyParams(this.contentType, this.body));
  }

  /** request.parameters: body, then query string, then path parameters, later ones winning. */
  get parameters(): ParamTree {
    return { ...this.requestParameters, ...this.queryParameters, ...this.pathParameters };
  }

  /** The format parameter as Rails reads it, or null when reading parameters fails. */
  private formatParam(): string | null {
    try {
      // parameters' format without merging the three: both parses run (either may fail) and the last holder wins.
      const body = this.requestParameters;
      const query = this.queryParameters;
      const path = this.pathParameters;
      const f = Object.hasOwn(path, "format") ? path.format : Object.hasOwn(query, "format") ? query.format : Object.hasOwn(body, "format") ? body.format : undefined;
      return typeof f === "string" ? f : null;
    } catch {
      return null;
    }
  }

  /** request.formats. */
  get formats(): MimeType[] {
    return (this.cache.formats ??= requestFormats({
      formatParam: this.formatParam(),
      accept: this.header("accept"),
      contentType: this.contentType,
      xhr: this.xhr,
      path: this.path,
    }));
  }

  /** request.format: the first format, or null (Mime::NullType). */
  get format(): MimeType | null {
    return this.formats[0] ?? null;
  }

  /**
   * ActionDispatch::RemoteIp#remote_ip, simplified: with Rails' default trusted proxies (loopback and private
   * networks), the last X-Forwarded-For address that is not a trusted proxy, else REMOTE_ADDR. Not checked against
   * a Rails recording yet (spoofing checks and Client-IP are not modelled).
   */
  get remoteIp(): string | null {
    const trusted = /^(127\.|::1$|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|fc|fd|localhost$|unix)/i;
    const forwarded = (this.header("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    if (this.remoteAddr && trusted.test(this.remoteAddr)) {
      const client = [...forwarded].reverse().find((ip) => !trusted.test(ip));
      if (client) return client;
      if (forwarded.length) return forwarded[0]!;
    }
    return this.remoteAddr;
  }

  get userAgent(): string | undefined {
    return this.header("user-agent");
  }

  set formats(formats: MimeType[]) {
    this.cache.formats = formats;
  }

  /** should_apply_vary_header?: the format came from a non-browser Accept header. */
  get varyByAccept(): boolean {
    const accept = this.header("accept")?.trim() ?? "";
    return this.formatParam() === null && /\S/.test(accept) && !/,\s*\*\/\*|\*\/\*\s*,/.test(accept);
  }
}
