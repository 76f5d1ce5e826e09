// Puma 8's request limits (ext/puma_http11/http11_parser_common.rl + puma_http11.c, lib/puma/const.rb), which
// answer before the Rails app sees the request; recorded in test/fixtures/puma-limits/reference-production.json:
//   request path > 8192, query > 1024*10, request URI > 1024*12        -> "HTTP/1.0 400 Bad Request" (no version parsed yet)
//   header name > 256, header value > 80*1024, whole head > 1024*(80+32) -> "HTTP/1.1 400 Bad Request", connection: close
// In production Puma's lowlevel_error writes an empty body (leak_stack_on_error is off there).
import type { IncomingMessage } from "node:http";

export const PUMA_MAX_HEADER = 1024 * (80 + 32);
const MAX_REQUEST_PATH = 8192;
const MAX_QUERY_STRING = 1024 * 10;
const MAX_REQUEST_URI = 1024 * 12;
const MAX_FIELD_NAME = 256;
const MAX_FIELD_VALUE = 80 * 1024;

/** What Puma writes when the request line is over a limit (the parser has no HTTP version yet: 1.0). */
export const PUMA_REQUEST_LINE_ERROR = "HTTP/1.0 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
/** What Puma writes when a header is over a limit. */
export const PUMA_HEADER_ERROR = "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n";

/** Puma's answer to a request over one of its parser limits, or null when Puma would pass it to the app. */
export function pumaLimitError(req: IncomingMessage): string | null {
  const uri = req.url ?? "/";
  // A string's UTF-8 size is at most three bytes per UTF-16 unit: text that short cannot be over a limit, so the
  // common request is passed without splitting its target or measuring bytes.
  if (uri.length * 3 <= MAX_REQUEST_PATH && uri.length * 3 <= MAX_QUERY_STRING && uri.length * 3 <= MAX_REQUEST_URI && headersWithinLimits(req.rawHeaders)) {
    return null;
  }
  const withoutFragment = uri.split("#")[0]!;
  const q = withoutFragment.indexOf("?");
  const path = (q < 0 ? withoutFragment : withoutFragment.slice(0, q)).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  const query = q < 0 ? "" : withoutFragment.slice(q + 1);
  if (Buffer.byteLength(path) > MAX_REQUEST_PATH || Buffer.byteLength(query) > MAX_QUERY_STRING || Buffer.byteLength(withoutFragment) > MAX_REQUEST_URI) {
    return PUMA_REQUEST_LINE_ERROR;
  }
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (Buffer.byteLength(raw[i]!) > MAX_FIELD_NAME || Buffer.byteLength(raw[i + 1]!) > MAX_FIELD_VALUE) return PUMA_HEADER_ERROR;
  }
  return null;
}

function headersWithinLimits(raw: string[]): boolean {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.length * 3 > MAX_FIELD_NAME || raw[i + 1]!.length * 3 > MAX_FIELD_VALUE) return false;
  }
  return true;
}
