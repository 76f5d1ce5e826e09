// GearedPagination::Headers, the gem's after_action: on a JSON request, the total count and the next page's URL.
//
//   X-Total-Count: recordset.records_count        x-total-count: "120"
//   Link: <url with page=next_param>; rel="next"  (unless page.last?)   link: <http://h/x.json?page=3&query=a>; rel="next"
// The URL is Addressable's (2.8.6): request.url's query read as a Hash (last value of a repeated key wins, `+` is a
// space in values), "page" merged in, the pairs sorted by key and every byte outside A-Z a-z 0-9 - . _ ~ encoded.
import type { MimeType } from "../../action-pack/mime.js";
import type { Page } from "./geared-pagination.js";

export interface PaginatedRequest {
  readonly format: MimeType | null;
  readonly url: string;
}

/** The headers Headers#apply adds (lower case, as Rack 3 stores them); none unless request.format is JSON. */
export function paginatedHeaders(page: Page, request: PaginatedRequest): Array<[string, string]> {
  if (request.format?.symbol !== "json") return [];
  const headers: Array<[string, string]> = [["x-total-count", String(page.recordset.recordsCount())]];
  if (!page.isLast()) headers.push(["link", `<${withPageParam(request.url, page.nextParam())}>; rel="next"`]);
  return headers;
}

// Addressable::URI::URIREGEX: scheme, authority, path, query, fragment.
const URI_PARTS = /^(?:([^:/?#]+):)?(\/\/[^/?#]*)?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/** Addressable::URI.parse(url).tap { |u| u.query_values = (u.query_values || {}).merge("page" => page) }.to_s */
export function withPageParam(url: string, page: number | string): string {
  const m = URI_PARTS.exec(url);
  if (!m) return url;
  const [, scheme, authority, path, query, fragment] = m;
  const values = new Map<string, { key: Buffer; value: Buffer | null }>();
  if (query !== undefined) {
    for (const pair of query.split("&")) {
      if (pair === "") continue;
      const eq = pair.indexOf("=");
      const key = unencode(eq < 0 ? pair : pair.slice(0, eq));
      // "I loathe the fact that I have to do this": `+` is a space in values of http(s) URIs (and scheme-less ones).
      const raw = eq < 0 ? null : pair.slice(eq + 1);
      const value = raw === null ? null : unencode(scheme === undefined || /^https?$/.test(scheme) ? raw.replace(/\+/g, " ") : raw);
      values.set(key.toString("latin1"), { key, value });
    }
  }
  values.set("page", { key: Buffer.from("page"), value: Buffer.from(String(page), "utf8") });
  const pairs = [...values.values()].sort((a, b) => Buffer.compare(a.key, b.key));
  const newQuery = pairs.map(({ key, value }) => (value === null ? encode(key) : `${encode(key)}=${encode(value)}`)).join("&");
  return `${scheme !== undefined ? `${scheme}:` : ""}${authority ?? ""}${path}?${newQuery}${fragment !== undefined ? `#${fragment}` : ""}`;
}

/** URI.unencode_component: %XX (either case) to its byte; the rest as it is. */
function unencode(s: string): Buffer {
  const out: number[] = [];
  const bytes = Buffer.from(s, "utf8");
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 ? bytes.subarray(i + 1, i + 3).toString("latin1") : "";
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(bytes[i]!);
    }
  }
  return Buffer.from(out);
}

/** URI.encode_component(x, UNRESERVED): each other byte as %XX, upper case. */
function encode(bytes: Buffer): string {
  let out = "";
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
