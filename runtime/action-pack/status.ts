// Rack::Utils::HTTP_STATUS_CODES and SYMBOL_TO_STATUS_CODE (rack 3.2.7): `status: :unprocessable_content` -> 422.
// The obsolete symbols Rack still maps (with a warning) are kept, since 7.2 scaffolds write :unprocessable_entity.

export const HTTP_STATUS_CODES: Record<number, string> = {
  100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
  200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
  205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
  300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
  305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout",
  409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
  414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
  421: "Misdirected Request", 422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency",
  425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
  431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
  504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
  507: "Insufficient Storage", 508: "Loop Detected", 511: "Network Authentication Required",
};

const OBSOLETE: Record<string, number> = { payload_too_large: 413, unprocessable_entity: 422, bandwidth_limit_exceeded: 509, not_extended: 510 };

export const SYMBOL_TO_STATUS_CODE: Record<string, number> = Object.fromEntries(
  Object.entries(HTTP_STATUS_CODES).map(([code, message]) => [message.toLowerCase().replace(/[\s-]/g, "_"), Number(code)]),
);

/** Rack::Utils.status_code: a symbol name, a number or a numeric string. */
export function statusCode(status: string | number): number {
  if (typeof status === "number") return status;
  if (/^\d+$/.test(status)) return Number(status);
  const code = SYMBOL_TO_STATUS_CODE[status] ?? OBSOLETE[status];
  if (code === undefined) throw new Error(`Unrecognized status code :${status}`);
  return code;
}

/** Statuses whose responses carry no body (Rack's STATUS_WITH_NO_ENTITY_BODY). */
export function statusHasNoBody(status: number): boolean {
  return (status >= 100 && status < 200) || status === 204 || status === 304;
}
