// ActionDispatch::SSL and ActionDispatch::AssumeSSL (actionpack 7.2.4), first in Rails' middleware stack:
//   config.assume_ssl = true     every request is taken as https (HTTPS=on, X-Forwarded-Proto/Port rewritten)
//   config.force_ssl = true      plain http -> 301 (GET/HEAD) or 307/308 to https://host[:port]/fullpath, before
//                                Static and routing; https -> Strict-Transport-Security ||= the HSTS header, and
//                                every Set-Cookie line without `secure` gets "; secure"
//   config.ssl_options           redirect: false | { host:, port:, status:, body:, exclude: }, hsts:, secure_cookies:
// and Rack::Request#scheme, which decides what "https" means (HTTPS, X-Forwarded-Ssl, Forwarded, X-Forwarded-Proto).
import type { IncomingHttpHeaders } from "node:http";
import type { WireResponse } from "./response.js";

const ALLOWED_SCHEMES = ["https", "http", "wss", "ws"];
const ALLOWED_FORWARDED_PARAMS = new Set(["by", "for", "host", "proto"]);

/** Rack::Utils.forwarded_values: the RFC 7239 Forwarded header's parameters, each with every value in order. */
export function forwardedValues(header: string | undefined): Record<string, string[]> | null {
  if (header === undefined) return null;
  let rest = header.replace(/\n/g, ";").replace(/^[\s;,]+/, "");
  const params: Record<string, string[]> = {};
  for (let count = 0; rest.includes("="); count++) {
    if (count >= 1024) return null;
    const i = rest.indexOf("=");
    const name = rest.slice(0, i).trim().toLowerCase();
    rest = rest.slice(i + 1);
    if (!ALLOWED_FORWARDED_PARAMS.has(name)) return null;
    let value = "";
    if (rest[0] === '"') {
      rest = rest.slice(1);
      for (let escapes = 0; ; escapes++) {
        const j = rest.search(/["\\]/);
        if (j < 0) break;
        const c = rest[j];
        value += rest.slice(0, j);
        rest = rest.slice(j + 1);
        if (c === '"') break;
        if (escapes >= 1024) return null;
        value += rest.slice(0, 1);
        rest = rest.slice(1);
      }
    } else {
      const j = rest.search(/[;,]/);
      if (j >= 0) {
        value = rest.slice(0, j).replace(/[\s;,]+$/, "");
        rest = rest.slice(j);
      } else {
        value = rest.trim();
        rest = "";
      }
      value = value.replace(/^\s+/, "");
    }
    (params[name] ??= []).push(value);
    if (rest !== "") rest = rest.replace(/^[\s;,]+/, "");
  }
  return params;
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

/** Rack::Request#scheme (forwarded_priority [:forwarded, :x_forwarded], x_forwarded_proto_priority [:proto, :scheme]). */
export function requestScheme(headers: IncomingHttpHeaders, encrypted: boolean): string {
  if (encrypted) return "https";
  if (headerOf(headers, "x-forwarded-ssl") === "on") return "https";
  const proto = forwardedValues(headerOf(headers, "forwarded"))?.proto;
  if (proto && ALLOWED_SCHEMES.includes(proto[proto.length - 1]!)) return proto[proto.length - 1]!;
  for (const name of ["x-forwarded-proto", "x-forwarded-scheme"]) {
    const value = headerOf(headers, name);
    const schemes = value ? value.trim().split(/[, \t]+/) : [];
    for (const scheme of schemes.reverse()) if (ALLOWED_SCHEMES.includes(scheme)) return scheme;
  }
  return "http";
}

/** The request as ActionDispatch::SSL reads it. */
export interface SslRequest {
  ssl: boolean;
  /** REQUEST_METHOD before Rack::MethodOverride (SSL runs first). */
  rawMethod: string;
  host: string;
  port: number;
  path: string;
  fullpath: string;
}

export interface SslOptions {
  /** false: never redirect (and never flag cookies: the default exclude is `!redirect`). */
  redirect: false | { host?: string; port?: number; status?: number; body?: string[]; exclude?: (request: SslRequest) => boolean };
  /** The Strict-Transport-Security value (build with hstsHeader). */
  hsts: string;
  secureCookies: boolean;
  /** config.action_dispatch.ssl_default_redirect_status: 308 from load_defaults 6.1, else nil (307). */
  defaultRedirectStatus: number | null;
}

export interface HstsOptions {
  expires?: number;
  subdomains?: boolean;
  preload?: boolean;
}

/** SSL#normalize_hsts_options + build_hsts_header; `false` is `expires: 0`, nil/true the defaults. */
export function hstsHeader(options: HstsOptions | boolean | null | undefined): string {
  const hsts = { expires: 63072000, subdomains: true, preload: false, ...(options === false ? { expires: 0 } : typeof options === "object" && options ? options : {}) };
  let value = `max-age=${Math.trunc(hsts.expires)}`;
  if (hsts.subdomains) value += "; includeSubDomains";
  if (hsts.preload) value += "; preload";
  return value;
}

/** ActionDispatch::SSL#call around the rest of the stack. */
export async function forceSsl(options: SslOptions, request: SslRequest, app: () => Promise<WireResponse>): Promise<WireResponse> {
  const redirect = options.redirect;
  const excluded = redirect === false ? true : redirect.exclude ? redirect.exclude(request) : false;
  if (!request.ssl) {
    if (!excluded && redirect !== false) return redirectToHttps(options, redirect, request);
    return app();
  }
  const wire = await app();
  const headers = [...wire.headers];
  if (!headers.some(([k]) => k === "strict-transport-security")) headers.push(["strict-transport-security", options.hsts]);
  const flag = options.secureCookies && !excluded;
  const flagged = headers.map(([k, v]): [string, string] => (flag && k === "set-cookie" && !/;\s*secure\s*(;|$)/i.test(v) ? [k, `${v}; secure`] : [k, v]));
  return { ...wire, headers: flagged };
}

function redirectToHttps(options: SslOptions, redirect: Exclude<SslOptions["redirect"], false>, request: SslRequest): WireResponse {
  const permanent = request.rawMethod === "GET" || request.rawMethod === "HEAD";
  const status = redirect.status ?? (permanent ? 301 : options.defaultRedirectStatus ?? 307);
  const host = redirect.host ?? request.host;
  const port = redirect.port ?? request.port;
  const location = `https://${host}${port !== 80 && port !== 443 ? `:${port}` : ""}${request.fullpath}`;
  return {
    status,
    headers: [["content-type", "text/html; charset=utf-8"], ["location", location]],
    body: Buffer.from((redirect.body ?? []).join("")),
  };
}

/** ActionDispatch::AssumeSSL#call: the headers every later middleware and the app then read. */
export function assumeSsl(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return { ...headers, "x-forwarded-port": "443", "x-forwarded-proto": "https" };
}
