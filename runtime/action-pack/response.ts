// ActionDispatch::Response plus the middleware that shapes every controller response in production Rails 7.2:
// default headers (action_dispatch.default_headers), Content-Type with `charset=utf-8`, Rack::ETag's weak ETag
// and Cache-Control, Rack::ConditionalGet's 304, and Rack::Head's empty body.
import { createHash } from "node:crypto";
import { statusHasNoBody } from "./status.js";

/** action_dispatch.default_headers under load_defaults 7.1+ (what the app runs with: configureDefaultHeaders). */
export const DEFAULT_HEADERS: Record<string, string> = {
  "x-frame-options": "SAMEORIGIN",
  "x-xss-protection": "0",
  "x-content-type-options": "nosniff",
  "x-permitted-cross-domain-policies": "none",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * action_dispatch.default_headers as load_defaults sets them: before 7.1 they include X-Download-Options: noopen,
 * and before 7.0 X-XSS-Protection is "1; mode=block" (railties' Application::Configuration#load_defaults).
 */
export function configureDefaultHeaders(loadDefaults: number | null): void {
  const version = loadDefaults ?? 0;
  for (const key of Object.keys(DEFAULT_HEADERS)) delete DEFAULT_HEADERS[key];
  Object.assign(DEFAULT_HEADERS, {
    "x-frame-options": "SAMEORIGIN",
    "x-xss-protection": version >= 7.0 ? "0" : "1; mode=block",
    "x-content-type-options": "nosniff",
    ...(version < 7.1 ? { "x-download-options": "noopen" } : {}),
    "x-permitted-cross-domain-policies": "none",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
}

/** What goes on the wire. Header names are lower case; `set-cookie` may repeat. */
export interface WireResponse {
  status: number;
  headers: [string, string][];
  /** A rendered body stays the string it was rendered as (node:http writes it after the head, in one write, as UTF-8,
   * without a Buffer made for it); bytes are a Buffer. */
  body: Buffer | string;
  /** The content-length is Puma's, written after the middleware ran (a controller's answer): Rack::Deflater did not
   * see it. Unset where the app itself wrote it (Rack::Files, PublicExceptions). */
  lengthByServer?: boolean;
}

const EMPTY = Buffer.alloc(0);

export class Response {
  status = 200;
  /** The media type (`text/html`), without charset; null until something sets it. */
  mediaType: string | null = null;
  /** false: no charset parameter (what `head` does); null: the default, utf-8. */
  charset: string | false | null = null;
  body: string | Buffer | null = null;
  readonly headers = new Map<string, string>();
  /**
   * ActionController::Live's response (Live::Response.new): no default headers merged, and a streamed body, which
   * Puma sends chunked (no Content-Length) unless it is a file.
   */
  live = false;
  /** The body is a file (send_file's FileBody, which has to_path): Rack::ETag does not digest it; Puma writes its
   * length whatever the response. */
  fileBody = false;

  get committed(): boolean {
    return this.body !== null;
  }

  set location(url: string) {
    this.headers.set("location", url);
  }

  setContentType(type: string): void {
    const [media, ...params] = type.split(";").map((s) => s.trim());
    this.mediaType = media;
    const charset = params.find((p) => /^charset=/i.test(p));
    if (charset) this.charset = charset.slice(8);
  }

  /** The response as a controller leaves it, through Rails' middleware. */
  toWire(method: string, ifNoneMatch: string | undefined, setCookies: string[]): WireResponse {
    // Rack 3 headers are lower case, whatever case the app wrote (`response.headers["X-Version"] = ...`).
    const headers = new Map<string, string>();
    if (!this.live) for (const k in DEFAULT_HEADERS) headers.set(k, DEFAULT_HEADERS[k]!);
    for (const [k, v] of this.headers) headers.set(k.toLowerCase(), v);
    let body: Buffer | string = this.body ?? EMPTY;
    let status = this.status;
    if (statusHasNoBody(status)) {
      body = EMPTY;
    } else {
      const media = this.mediaType ?? "text/html";
      headers.set("content-type", this.charset === false ? media : `${media}; charset=${this.charset ?? "utf-8"}`);
    }
    // Rack::ETag leaves a response alone that already has an ETag or a Last-Modified (fresh_when set them), and one
    // whose body is no Array (a file, a live stream).
    const digestible = !this.live && !this.fileBody;
    const etag = digestible && (status === 200 || status === 201) && body.length > 0 && !headers.has("etag") && !headers.has("last-modified")
      ? `W/"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`
      : null;
    if (etag) headers.set("etag", etag);
    // Response#prepare_cache_control!: a response with validators is private and revalidated; others no-cache.
    const validated = Boolean(etag) || headers.has("etag") || headers.has("last-modified");
    if (!headers.has("cache-control")) headers.set("cache-control", validated ? "max-age=0, private, must-revalidate" : "no-cache");
    if ((method === "GET" || method === "HEAD") && status === 200 && etag && ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
      status = 304;
      headers.delete("content-type");
      body = EMPTY;
    }
    // Puma writes a length for every answer but 1xx and 204 (a 304 gets "0"), and a streamed one (chunked).
    if (status === 304) headers.set("content-length", "0");
    else if (this.live && !this.fileBody) headers.delete("content-length");
    else if (!statusHasNoBody(status)) headers.set("content-length", String(method === "HEAD" ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.length));
    if (method === "HEAD") body = EMPTY;
    const list: [string, string][] = [...headers];
    for (const line of setCookies) list.push(["set-cookie", line]);
    return { status, headers: list, body, lengthByServer: true };
  }
}
