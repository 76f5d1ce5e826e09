// What production Rails answers when a request fails (ShowExceptions + PublicExceptions): the status from
// ExceptionWrapper's rescue_responses, and a body in the request's format: `{"status":404,"error":"Not Found"}`
// for JSON, Hash#to_xml for XML, else public/<status>.html (or an empty body when that file does not exist).
// Error responses carry no default headers, no cookies, and `charset=UTF-8` (upper case, as Rails sends it).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MimeType } from "./mime.js";
import type { WireResponse } from "./response.js";
import { HTTP_STATUS_CODES } from "./status.js";

/** ActionController::RoutingError (also raised for an unknown route). */
export class RoutingError extends Error {
  override name = "RoutingError";
  readonly httpStatus = 404;
}

/** AbstractController::ActionNotFound: a route to an action the controller does not have. */
export class ActionNotFound extends Error {
  override name = "ActionNotFound";
}

/** ActionController::UnknownFormat / MissingExactTemplate: 406. */
export class UnknownFormat extends Error {
  override name = "UnknownFormat";
  readonly httpStatus = 406;
}

/** ActionController::Redirecting::UnsafeRedirectError: a 500, as any unexpected error. */
export class UnsafeRedirectError extends Error {
  override name = "UnsafeRedirectError";
}

/** AbstractController::DoubleRenderError. */
export class DoubleRenderError extends Error {
  override name = "DoubleRenderError";
  constructor() {
    super("Render and/or redirect were called multiple times in this action.");
  }
}

// ActionDispatch::ExceptionWrapper.rescue_responses, by the runtime's error names.
const RESCUE_RESPONSES: Record<string, number> = {
  RecordNotFound: 404,
  RoutingError: 404,
  ActionNotFound: 404,
  MethodNotAllowed: 405,
  UnknownHttpMethod: 405,
  BadRequest: 400,
  ParameterMissing: 400,
  ParseError: 400,
  InvalidAuthenticityToken: 422,
  InvalidCrossOriginRequest: 422,
  UnknownFormat: 406,
  MissingExactTemplate: 406,
  RecordInvalid: 422,
  RecordNotSaved: 422,
  StaleObjectError: 409,
  NotImplemented: 501,
};

/** The status Rails answers for an error: a known name, an `httpStatus` field, else 500. */
export function statusForError(error: unknown): number {
  if (error && typeof error === "object") {
    const e = error as { name?: unknown; httpStatus?: unknown };
    if (typeof e.name === "string" && RESCUE_RESPONSES[e.name] !== undefined) return RESCUE_RESPONSES[e.name];
    if (typeof e.httpStatus === "number") return e.httpStatus;
  }
  return 500;
}

/** PublicExceptions#call: the error page for `status` in the request's first format. */
export function publicErrorResponse(status: number, format: MimeType | undefined, publicDir: string | null, head: boolean): WireResponse {
  const error = HTTP_STATUS_CODES[status] ?? HTTP_STATUS_CODES[500];
  let type: string;
  let body: string;
  if (format?.symbol === "json") {
    [type, body] = [format.string, `{"status":${status},"error":${JSON.stringify(error)}}`];
  } else if (format?.symbol === "xml") {
    [type, body] = [format.string, hashToXml(status, error)];
  } else {
    const file = publicDir ? join(publicDir, `${status}.html`) : null;
    if (!file || !existsSync(file)) {
      // No page for this status: ShowExceptions' pass_response, an empty HTML answer.
      return { status, headers: [["content-type", "text/html; charset=UTF-8"], ["content-length", "0"]], body: Buffer.alloc(0) };
    }
    [type, body] = ["text/html", readFileSync(file, "utf8")];
  }
  const bytes = head ? Buffer.alloc(0) : Buffer.from(body, "utf8");
  const length = head ? "0" : String(bytes.length);
  return { status, headers: [["content-type", `${type}; charset=UTF-8`], ["content-length", length]], body: bytes };
}

// Hash#to_xml of { status:, error: } (ActiveSupport's XmlMini with the default builder).
function hashToXml(status: number, error: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<hash>\n  <status type="integer">${status}</status>\n  <error>${esc(error)}</error>\n</hash>\n`;
}
