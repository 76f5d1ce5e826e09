// URL pieces as Rails writes them: #to_param, Hash#to_query (CGI.escape, sorted keys), Journey's segment/path/
// fragment escaping, and ActionDispatch::Http::URL's host part (protocol, default ports left out).

/** A value that knows its URL form, as a record's `to_param`. */
export interface HasToParam {
  toParam(): string | null;
}

export type ParamValue = string | number | boolean | null | undefined | HasToParam | ParamValue[] | { [key: string]: ParamValue };

/** Object#to_param: nil stays nil, arrays join with "/", records answer for themselves. */
export function toParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((v) => toParam(v) ?? "").join("/");
  if (typeof (value as HasToParam).toParam === "function") return (value as HasToParam).toParam();
  if (typeof value === "object" && value.constructor === Object) return toQuery(value as Record<string, unknown>);
  return String(value);
}

/** CGI.escape: everything but `a-zA-Z0-9_.-~` is %-encoded; a space becomes `+`. */
export function cgiEscape(s: string): string {
  return percentEncode(s, /[^ a-zA-Z0-9_.\-~]/gu).replace(/ /g, "+");
}

/** Hash#to_query: `key=value` pairs, nested keys as `a[b]`, arrays as `a[]`, sorted unless under an array. */
export function toQuery(hash: Record<string, unknown>, namespace?: string): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(hash)) {
    if (isEmptyCollection(value)) continue;
    pairs.push(valueToQuery(value, namespace ? `${namespace}[${key}]` : key));
  }
  if (!namespace?.includes("[]")) pairs.sort();
  return pairs.join("&");
}

function valueToQuery(value: unknown, key: string): string {
  if (Array.isArray(value)) {
    const prefix = `${key}[]`;
    if (value.length === 0) return `${cgiEscape(prefix)}=`;
    return value.map((v) => valueToQuery(v, prefix)).join("&");
  }
  if (value !== null && typeof value === "object" && (value as object).constructor === Object) {
    return toQuery(value as Record<string, unknown>, key);
  }
  return `${cgiEscape(key)}=${cgiEscape(toParam(value) ?? "")}`;
}

function isEmptyCollection(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return value !== null && typeof value === "object" && (value as object).constructor === Object && Object.keys(value as object).length === 0;
}

// Journey::Router::Utils::UriEncoder's character classes.
const UNRESERVED = "a-zA-Z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const SEGMENT = new RegExp(`[^${UNRESERVED}${SUB_DELIMS}:@]`, "gu");
const PATH = new RegExp(`[^${UNRESERVED}${SUB_DELIMS}:@/]`, "gu");
const FRAGMENT = new RegExp(`[^${UNRESERVED}${SUB_DELIMS}:@/?]`, "gu");

export const escapeSegment = (s: string): string => percentEncode(s, SEGMENT);
export const escapePath = (s: string): string => percentEncode(s, PATH);
export const escapeFragment = (s: string): string => percentEncode(s, FRAGMENT);

function percentEncode(s: string, unsafe: RegExp): string {
  return s.replace(unsafe, (ch) => [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""));
}

/** Where a full URL points: ActionDispatch::Http::URL's :host/:port/:protocol options. */
export interface HostOptions {
  host: string;
  port?: number | string | null;
  protocol?: string;
}

/** URL.full_url_for's host part: `host:port` in the host wins unless :port is given; 80/443 are left out. */
export function hostUrl(options: HostOptions): string {
  let protocol = options.protocol;
  let host = options.host;
  let port = options.port;
  const m = /^([^:]+:\/\/)?(\[[^\]]+\]|[^:]+)(?::(\d+)$)?/.exec(host);
  if (m) {
    protocol ??= m[1];
    host = m[2];
    if (!("port" in options)) port = m[3];
  }
  const scheme = normalizeProtocol(protocol);
  let result = scheme + host;
  if (port !== undefined && port !== null && port !== "") {
    const n = Number(port);
    if (scheme === "//" || (scheme === "https://" ? n !== 443 : n !== 80)) result += `:${port}`;
  }
  return result;
}

function normalizeProtocol(protocol: string | undefined): string {
  if (protocol === undefined) return "http://";
  if (protocol === "//") return "//";
  const m = /^([^:]+)(:)?(\/\/)?$/.exec(protocol);
  if (!m) throw new Error(`Invalid :protocol option: ${JSON.stringify(protocol)}`);
  return `${m[1]}://`;
}
