// URL pieces as Action Pack writes them: Journey's segment/path/fragment escaping, and ActionDispatch::Http::URL's
// host part (protocol, default ports left out). #to_param and #to_query are Active Support's (active-support/to-query.ts).
import { percentEncode } from "../active-support/to-query.js";

// Journey::Router::Utils::UriEncoder's character classes.
const UNRESERVED = "a-zA-Z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const SEGMENT = new RegExp(`[^${UNRESERVED}${SUB_DELIMS}:@]`, "gu");
const PATH = new RegExp(`[^${UNRESERVED}${SUB_DELIMS}:@/]`, "gu");
const FRAGMENT = new RegExp(`[^${UNRESERVED}${SUB_DELIMS}:@/?]`, "gu");

// The same classes as "nothing to escape" tests: most values (record ids, slugs) come back as they are, without
// a replace over them.
const SEGMENT_PLAIN = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:@]*$`);
const PATH_PLAIN = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:@/]*$`);
const FRAGMENT_PLAIN = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:@/?]*$`);

export const escapeSegment = (s: string): string => (SEGMENT_PLAIN.test(s) ? s : percentEncode(s, SEGMENT));
export const escapePath = (s: string): string => (PATH_PLAIN.test(s) ? s : percentEncode(s, PATH));
export const escapeFragment = (s: string): string => (FRAGMENT_PLAIN.test(s) ? s : percentEncode(s, FRAGMENT));

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
