// multipart/form-data bodies as Rack::Multipart::Parser reads them and Rails hands them on: text parts become
// UTF-8 strings, file parts ActionDispatch::Http::UploadedFile, a part with an empty filename (a file field left
// empty) is dropped, and the (name, value) pairs are nested like a query string (`post[image]`).
//   params[:post][:image].original_filename     params.get("post").get("image").originalFilename

/** ActionDispatch::Http::UploadedFile. */
export class UploadedFile {
  constructor(
    readonly originalFilename: string,
    readonly contentType: string | null,
    /** The part's raw header block, as Rack keeps it. */
    readonly headers: string,
    private readonly data: Buffer,
  ) {}

  read(): Buffer {
    return this.data;
  }

  get size(): number {
    return this.data.length;
  }
}

export interface MultipartPair {
  name: string;
  value: string | UploadedFile;
}

/** Rack::Multipart::Parser.parse_boundary (MULTIPART regexp): the boundary of a multipart Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const m = /^multipart\/.*?boundary(\s*)="?([^";,]+)"?/is.exec(contentType ?? "");
  if (!m) return null;
  if (m[1] !== "") throw new Error("whitespace between boundary parameter name and equal sign");
  if (/boundary\s*=/i.test((contentType ?? "").slice(m.index + m[0].length))) {
    throw new Error("multiple boundary parameters found in multipart content type");
  }
  return m[2];
}

/** The (name, value) pairs of a multipart body, in order; malformed bodies throw (a 400 upstream). */
export function parseMultipart(body: Buffer, boundary: string): MultipartPair[] {
  if (boundary.length > 70) throw new Error(`multipart boundary size too large (${boundary.length} characters)`);
  const delimiter = Buffer.from(`--${boundary}`);
  const pairs: MultipartPair[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new Error("Rack::Multipart::EmptyContentError"); // raised without a message: Rails shows the class
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === "--") return pairs; // the closing delimiter
    pos += 2; // CRLF after the delimiter
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) throw new Error("bad content body");
    const head = body.subarray(pos, headerEnd).toString("utf8");
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headerEnd + 4);
    if (next < 0) throw new Error("bad content body");
    const pair = partToPair(head, body.subarray(headerEnd + 4, next));
    if (pair) pairs.push(pair);
    pos = next + 2;
  }
}

function partToPair(head: string, data: Buffer): MultipartPair | null {
  const disposition = /^content-disposition:\s*(.*)$/im.exec(head)?.[1] ?? "";
  const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? null;
  const params = dispositionParams(disposition);
  const filename = params.filename !== undefined ? normalizeFilename(params.filename) : undefined;
  const name = params.name || filename || `${contentType ?? "text/plain"}[]`;
  if (filename === undefined) return { name, value: data.toString("utf8") };
  if (filename === "") return null; // an empty file field: Rack yields nothing
  return { name, value: new UploadedFile(filename, contentType, `${head}\r\n\r\n`, Buffer.from(data)) };
}

// `form-data; name="a"; filename="b.txt"`: quoted values may escape quotes and backslashes.
function dispositionParams(disposition: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of disposition.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/g)) {
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3].trim();
    out[m[1].toLowerCase()] = value;
  }
  return out;
}

// Rack's normalize_filename: %-decoded when every % is an escape, then the last path segment.
function normalizeFilename(filename: string): string {
  let name = filename;
  if ((name.match(/%.?.?/g) ?? []).every((s) => /%[0-9a-fA-F]{2}/.test(s))) {
    try {
      name = decodeURIComponent(name);
    } catch {
      // left as is, as scrub would keep it
    }
  }
  return name.split(/[/\\]/).pop() ?? "";
}
