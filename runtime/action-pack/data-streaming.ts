// ActionController::DataStreaming#send_file and ActionDispatch::Http::ContentDisposition (Rails 7.2):
//   send_file path, content_type: "image/png", disposition: :inline
//     Content-Type image/png (no charset: the response is sending a file), Content-Disposition
//     `inline; filename="x.png"; filename*=UTF-8''x.png`, Content-Transfer-Encoding binary, the file as the body
//     (a body Rack::ETag does not digest; Puma writes its length).
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import type { Controller } from "./controller.js";
import { DoubleRenderError } from "./errors.js";
import { mimeByExtension } from "./mime.js";
import { statusCode } from "./status.js";
import { transliterate } from "../active-support/inflector.js";
import { toS } from "../ruby/ruby.js";

/** ActionController::MissingFile: send_file of a path that is not a readable file. */
export class MissingFile extends Error {
  override name = "ActionController::MissingFile";
}

const DEFAULT_SEND_FILE_TYPE = "application/octet-stream";
const DEFAULT_SEND_FILE_DISPOSITION = "attachment";

export function sendFile(c: Controller<any>, path: unknown, options: Record<string, unknown> = {}): void {
  const file = toS(path);
  if (!existsSync(file) || !statSync(file).isFile()) throw new MissingFile(`Cannot read file ${file}`);
  if (c.performed) throw new DoubleRenderError();
  const filename = options.url_based_filename ? options.filename : (options.filename ?? basename(file));
  const res = c.response;
  // send_file_headers!: the :type (a Symbol is a registered format), else the filename's extension's type.
  let type: string = DEFAULT_SEND_FILE_TYPE;
  if ("type" in options) {
    const given = options.type;
    if (given === null || given === undefined) throw new Error(":type option required");
    type = typeof given === "string" ? given : (mimeByExtension(toS(given))?.string ?? unknownType(given));
  } else if (filename !== undefined && filename !== null) {
    type = mimeByExtension(extname(toS(filename)).toLowerCase().replace(".", ""))?.string ?? type;
  }
  res.setContentType(type);
  res.charset = false; // Response#sending_file=
  const disposition = "disposition" in options ? options.disposition : DEFAULT_SEND_FILE_DISPOSITION;
  if (disposition !== null && disposition !== undefined && disposition !== false) {
    res.headers.set("content-disposition", contentDisposition(toS(disposition), filename === null || filename === undefined ? null : toS(filename)));
  }
  res.headers.set("content-transfer-encoding", "binary");
  res.status = options.status === undefined || options.status === null ? 200 : statusCode(options.status as string | number);
  if ("content_type" in options && options.content_type !== null && options.content_type !== undefined) {
    res.setContentType(toS(options.content_type));
    res.charset = false;
  }
  res.body = readFileSync(file);
  res.fileBody = true;
}

function unknownType(given: unknown): never {
  throw new Error(`Unknown MIME type ${toS(given)}`);
}

// ActionDispatch::Http::ContentDisposition's escapes: the ASCII filename (transliterated) and the RFC 5987 one.
const TRADITIONAL_ESCAPED_CHAR = /[^ A-Za-z0-9!#$+.^_`|~-]/gu;
const RFC_5987_ESCAPED_CHAR = /[^A-Za-z0-9!#$&+.^_`|~-]/gu;

function percentEscape(text: string, pattern: RegExp): string {
  return text.replace(pattern, (c) => [...Buffer.from(c, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""));
}

/** ContentDisposition.format(disposition:, filename:). */
export function contentDisposition(disposition: string, filename: string | null): string {
  if (filename === null) return disposition;
  const ascii = `filename="${percentEscape(transliterate(filename), TRADITIONAL_ESCAPED_CHAR)}"`;
  const utf8 = `filename*=UTF-8''${percentEscape(filename, RFC_5987_ESCAPED_CHAR)}`;
  return `${disposition}; ${ascii}; ${utf8}`;
}
