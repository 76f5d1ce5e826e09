// Mime types and format negotiation as ActionDispatch does it (mime_types.rb, Mime::Type.parse, AcceptList.sort!,
// MimeNegotiation#formats): the format of a request comes from its `format` param (`.json`), else a
// non-browser Accept header, else html.

export interface MimeType {
  /** The format symbol (`html`, `json`), null for a type Rails has not registered, `*\/*` for Mime::ALL. */
  symbol: string | null;
  string: string;
}

// Mime::Type.register calls of action_dispatch/http/mime_types.rb: [string, symbol, synonyms, extensions].
const REGISTERED: [string, string, string[], string[]][] = [
  ["text/html", "html", ["application/xhtml+xml"], ["xhtml"]],
  ["text/plain", "text", [], ["txt"]],
  ["text/javascript", "js", ["application/javascript", "application/x-javascript"], []],
  ["text/css", "css", [], []],
  ["text/calendar", "ics", [], []],
  ["text/csv", "csv", [], []],
  ["text/vcard", "vcf", [], []],
  ["text/vtt", "vtt", [], ["vtt"]],
  ["image/png", "png", [], ["png"]],
  ["image/jpeg", "jpeg", [], ["jpg", "jpeg", "jpe", "pjpeg"]],
  ["image/gif", "gif", [], ["gif"]],
  ["image/bmp", "bmp", [], ["bmp"]],
  ["image/tiff", "tiff", [], ["tif", "tiff"]],
  ["image/svg+xml", "svg", [], []],
  ["image/webp", "webp", [], ["webp"]],
  ["video/mpeg", "mpeg", [], ["mpg", "mpeg", "mpe"]],
  ["audio/mpeg", "mp3", [], ["mp1", "mp2", "mp3"]],
  ["audio/ogg", "ogg", [], ["oga", "ogg", "spx", "opus"]],
  ["audio/aac", "m4a", ["audio/mp4"], ["m4a", "mpg4", "aac"]],
  ["video/webm", "webm", [], ["webm"]],
  ["video/mp4", "mp4", [], ["mp4", "m4v"]],
  ["font/otf", "otf", [], ["otf"]],
  ["font/ttf", "ttf", [], ["ttf"]],
  ["font/woff", "woff", [], ["woff"]],
  ["font/woff2", "woff2", [], ["woff2"]],
  ["application/xml", "xml", ["text/xml", "application/x-xml"], []],
  ["application/rss+xml", "rss", [], []],
  ["application/atom+xml", "atom", [], []],
  ["application/x-yaml", "yaml", ["text/yaml"], ["yml", "yaml"]],
  ["multipart/form-data", "multipart_form", [], []],
  ["application/x-www-form-urlencoded", "url_encoded_form", [], []],
  ["application/json", "json", ["text/x-json", "application/jsonrequest", "application/problem+json"], []],
  ["application/pdf", "pdf", [], ["pdf"]],
  ["application/zip", "zip", [], ["zip"]],
  ["application/gzip", "gzip", ["application/x-gzip"], ["gz"]],
];

export const ALL: MimeType = { symbol: "*/*", string: "*/*" };
const SET: MimeType[] = [];
const LOOKUP = new Map<string, MimeType>([["*/*", ALL]]);
const EXTENSIONS = new Map<string, MimeType>();
const SYNONYMS = new Map<MimeType, string[]>();
for (const [string, symbol, synonyms, extensions] of REGISTERED) addType(string, symbol, synonyms, extensions);

/** Mime::Type.register's bookkeeping: the type in SET, found by its string, synonyms, symbol and extensions. */
function addType(string: string, symbol: string, synonyms: string[], extensions: string[]): MimeType {
  const type: MimeType = { symbol, string };
  SET.push(type);
  SYNONYMS.set(type, synonyms);
  for (const s of [string, ...synonyms]) LOOKUP.set(s, type);
  for (const e of [symbol, ...extensions]) EXTENSIONS.set(e, type);
  return type;
}

/** Mime::Type.register(string, symbol, synonyms, extensions), as an app's initializer calls it (idempotent). */
export function registerMime(string: string, symbol: string, synonyms: string[] = [], extensions: string[] = []): MimeType {
  const existing = EXTENSIONS.get(symbol);
  if (existing && existing.string === string) return existing;
  return addType(string, symbol, synonyms, extensions);
}

/** Mime::SET in registration order: ActionView::Base.default_formats, what a lookup context starts with. */
export function registeredFormats(): MimeType[] {
  return [...SET];
}

/** Mime[:json] / Mime["json"]: by symbol or extension. */
export function mimeByExtension(ext: string): MimeType | null {
  return EXTENSIONS.get(ext) ?? null;
}

/** Mime::Type.lookup: registered types by string or synonym; anything else is an unregistered type. */
export function mimeLookup(string: string): MimeType {
  const found = LOOKUP.get(string);
  if (found) return found;
  const bare = string.split(";", 2)[0].trimEnd();
  return LOOKUP.get(bare) ?? { symbol: null, string: bare };
}

// Mime::Type#match? (an unanchored substring test): `text/*` expands to every type mentioning "text".
function withTrailingStar(header: string): MimeType[] | null {
  const m = /^(text|application)\/\*/.exec(header);
  if (!m) return null;
  return SET.filter((t) => [t.string, ...(SYNONYMS.get(t) ?? [])].some((s) => s.includes(m[1])));
}

/** Mime::Type.parse of an Accept header: q-ordered, `*\/*` last unless weighted, xml synonyms merged. */
export function parseAccept(header: string): MimeType[] {
  if (!header.includes(",")) {
    const index = header.search(/;\s*q="?/);
    const bare = (index >= 0 ? header.slice(0, index) : header).trim();
    if (!bare) return [];
    return withTrailingStar(bare) ?? [mimeLookup(bare)];
  }
  const items: { index: number; name: string; q: number }[] = [];
  for (const piece of header.match(/[^,\s"](?:[^,"]|"[^"]*")*/g) ?? []) {
    const [params, q] = piece.split(/;\s*q="?/);
    const name = params?.trim();
    if (!name) continue;
    for (const m of withTrailingStar(name)?.map((t) => t.string) ?? [name]) {
      const qv = q === undefined ? (m === "*/*" ? 0 : 1) : parseFloat(q) || 0;
      items.push({ index: items.length, name: m, q: Math.trunc(qv * 100) });
    }
  }
  items.sort((a, b) => b.q - a.q || a.index - b.index);
  mergeXml(items);
  const out: MimeType[] = [];
  for (const item of items) {
    const type = mimeLookup(item.name);
    if (!out.includes(type)) out.push(type);
  }
  return out;
}

// AcceptList.sort!: text/xml folds into application/xml, which moves behind any +xml type of equal weight.
function mergeXml(list: { index: number; name: string; q: number }[]): void {
  const textIdx = list.findIndex((i) => i.name === "text/xml");
  let appIdx = list.findIndex((i) => i.name === "application/xml");
  if (textIdx >= 0 && appIdx >= 0) {
    const app = list[appIdx];
    app.q = Math.max(app.q, list[textIdx].q);
    let t = textIdx;
    if (appIdx > textIdx) {
      [list[appIdx], list[textIdx]] = [list[textIdx], list[appIdx]];
      [appIdx, t] = [textIdx, appIdx];
    }
    list.splice(t, 1);
  } else if (textIdx >= 0) {
    list[textIdx].name = "application/xml";
  }
  if (appIdx < 0) return;
  const app = list[appIdx];
  for (let idx = appIdx; idx < list.length; idx++) {
    if (list[idx].q < app.q) break;
    if (list[idx].name.endsWith("+xml")) {
      [list[appIdx], list[idx]] = [list[idx], app];
      appIdx = idx;
    }
  }
}

export interface FormatSource {
  formatParam: string | null;
  accept: string | undefined;
  contentType: string | undefined;
  xhr: boolean;
  path: string;
}

const BROWSER_LIKE_ACCEPTS = /,\s*\*\/\*|\*\/\*\s*,/;

/** MimeNegotiation#formats. */
export function requestFormats(src: FormatSource): MimeType[] {
  let formats: (MimeType | null)[];
  const accept = src.accept?.trim() ?? "";
  const contentMime = src.contentType ? mimeLookup((/^([^,;]*)/.exec(src.contentType)?.[1] ?? "").trim().toLowerCase()) : null;
  const validAccept = (src.xhr && (accept !== "" || contentMime !== null)) || (/\S/.test(accept) && !BROWSER_LIKE_ACCEPTS.test(accept));
  if (src.formatParam !== null) formats = [mimeByExtension(src.formatParam)];
  else if (validAccept) formats = accept === "" ? [contentMime] : parseAccept(accept);
  else {
    const ext = /\.(\w+)$/.exec(src.path);
    const fromExt = ext ? mimeByExtension(ext[1]) : null;
    formats = fromExt ? [fromExt] : src.xhr ? [mimeByExtension("js")] : [mimeByExtension("html")];
  }
  return formats.filter((f): f is MimeType => f !== null && f.symbol !== null);
}

/** Request#negotiate_mime: the first request format the responder offers; `*\/*` takes the first offered. */
export function negotiateMime(formats: MimeType[], order: MimeType[]): MimeType | null {
  for (const priority of formats) {
    if (priority === ALL) return order[0] ?? null;
    if (order.includes(priority)) return priority;
  }
  return order.includes(ALL) ? formats[0] ?? null : null;
}
