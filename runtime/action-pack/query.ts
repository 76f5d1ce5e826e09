// Request parameters as Rack 3.2 + Rails 7.2 build them: Rack::QueryParser#parse_nested_query for the query
// string and urlencoded bodies (`a[b][c]`, `a[]`, `a[][x]`), Rails' JSON params parser, then Rails'
// deep munge (nils dropped from arrays) and its UTF-8 check. Any malformed input is a BadRequest (400).

import { multipartBoundary, parseMultipart, UploadedFile } from "./multipart.js";

/** A parameter tree: what Rails keeps in request.parameters (HashWithIndifferentAccess, string keys). */
export type ParamTree = { [key: string]: ParamValue };
export type ParamValue = string | number | boolean | null | UploadedFile | ParamValue[] | ParamTree;

/** ActionController::BadRequest: Rails answers 400. */
export class BadRequest extends Error {
  override name = "BadRequest";
  readonly httpStatus = 400;
}

const DEPTH_LIMIT = 32; // Rack::Utils.default_query_parser's param_depth_limit
const PARAMS_LIMIT = 4096;
const BYTESIZE_LIMIT = 4194304;

/** Rack's parse_nested_query + Rails' normalize_encode_params; `what` names the source in error messages. */
export function parseNestedQuery(qs: string, what: "query" | "request" = "query"): ParamTree {
  try {
    const params: ParamTree = {};
    for (const [k, v] of queryPairs(qs)) normalizeParams(params, k, v, 0);
    return munge(params) as ParamTree;
  } catch (e) {
    if (e instanceof BadRequest) throw e;
    throw new BadRequest(`Invalid ${what} parameters: ${(e as Error).message}`);
  }
}

/** The `&`-separated pairs of a query string, decoded as URI.decode_www_form_component does. */
export function queryPairs(qs: string): [string, string | null][] {
  if (!qs) return [];
  if (Buffer.byteLength(qs) > BYTESIZE_LIMIT) throw new Error(`total query size exceeds limit (${BYTESIZE_LIMIT})`);
  const pieces = qs.split(/& */);
  if (pieces.length > PARAMS_LIMIT) throw new Error(`total number of query parameters (${pieces.length}) exceeds limit (${PARAMS_LIMIT})`);
  const pairs: [string, string | null][] = [];
  for (const piece of pieces) {
    if (!piece) continue;
    const eq = piece.indexOf("=");
    if (eq < 0) pairs.push([decodeComponent(piece), null]);
    else pairs.push([decodeComponent(piece.slice(0, eq)), decodeComponent(piece.slice(eq + 1))]);
  }
  return pairs;
}

/** URI.decode_www_form_component, then Rails' check that the result is valid UTF-8. */
export function decodeComponent(s: string): string {
  if (/%(?![0-9a-fA-F]{2})/.test(s)) throw new Error(`invalid %-encoding (${s})`);
  const bytes = Buffer.from(s.replace(/\+/g, " ").replace(/%([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), "latin1");
  // Characters above U+00FF were not %-encoded; keep them as they came.
  const decoded = /[^\x00-\xff]/.test(s) ? decodeMixed(s) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(decoded);
  } catch {
    throw new Error(`Invalid encoding for parameter: ${new TextDecoder().decode(decoded)}`);
  }
}

function decodeMixed(s: string): Buffer {
  const out: Buffer[] = [];
  for (const part of s.split(/(%[0-9a-fA-F]{2})/)) {
    if (/^%[0-9a-fA-F]{2}$/.test(part)) out.push(Buffer.from([parseInt(part.slice(1), 16)]));
    else out.push(Buffer.from(part.replace(/\+/g, " "), "utf8"));
  }
  return Buffer.concat(out);
}

const isTree = (v: unknown): v is ParamTree => v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;

// Rack::QueryParser#_normalize_params, case for case.
function normalizeParams(params: ParamTree, name: string | null, v: ParamValue, depth: number): ParamValue | ParamTree | undefined {
  if (depth >= DEPTH_LIMIT) throw new Error("exceeded available parameter key space");
  let k: string;
  let after: string;
  if (!name) {
    k = after = "";
  } else if (depth === 0) {
    const start = name.indexOf("[", 1);
    [k, after] = start > 0 ? [name.slice(0, start), name.slice(start)] : [name, ""];
  } else if (name.startsWith("[]")) {
    [k, after] = ["[]", name.slice(2)];
  } else if (name.startsWith("[") && name.indexOf("]", 1) > 0) {
    const start = name.indexOf("]", 1);
    [k, after] = [name.slice(1, start), name.slice(start + 1)];
  } else {
    [k, after] = [name, ""];
  }
  if (k === "") return undefined;
  if (after === "") {
    if (k === "[]" && depth !== 0) return [v];
    params[k] = v;
  } else if (after === "[") {
    params[name!] = v;
  } else if (after === "[]") {
    params[k] ??= [];
    const list = params[k];
    if (!Array.isArray(list)) throw new Error(`expected Array (got ${rubyClass(list)}) for param \`${k}'`);
    list.push(v);
  } else if (after.startsWith("[]")) {
    normalizeArrayOfHashes(params, k, after, v, depth);
  } else {
    params[k] ??= {};
    const child = params[k];
    if (!isTree(child)) throw new Error(`expected Hash (got ${rubyClass(child)}) for param \`${k}'`);
    params[k] = normalizeParams(child, after, v, depth + 1) as ParamTree;
  }
  return params;
}

// `a[][x]=1&a[][y]=2` fills the last hash until a key repeats, then starts a new one.
function normalizeArrayOfHashes(params: ParamTree, k: string, after: string, v: ParamValue, depth: number): void {
  let childKey = after.slice(2);
  const inner = after.slice(3, after.length - 1);
  if (after[2] === "[" && after.endsWith("]") && inner && !inner.includes("[") && !inner.includes("]")) childKey = inner;
  params[k] ??= [];
  const list = params[k];
  if (!Array.isArray(list)) throw new Error(`expected Array (got ${rubyClass(list)}) for param \`${k}'`);
  const last = list[list.length - 1];
  if (isTree(last) && !hashHasKey(last, childKey)) normalizeParams(last, childKey, v, depth + 1);
  else list.push(normalizeParams({}, childKey, v, depth + 1) as ParamValue);
}

function hashHasKey(hash: ParamTree, key: string): boolean {
  if (key.includes("[]")) return false;
  let h: ParamValue = hash;
  for (const part of key.split(/[[\]]+/)) {
    if (part === "") continue;
    if (!isTree(h) || !(part in h)) return false;
    h = h[part];
  }
  return true;
}

function rubyClass(v: ParamValue): string {
  if (v === null) return "NilClass";
  if (v instanceof UploadedFile) return "Hash";
  if (typeof v === "string") return "String";
  if (Array.isArray(v)) return "Array";
  if (isTree(v)) return "Rack::QueryParser::Params";
  return typeof v === "number" ? "Integer" : v ? "TrueClass" : "FalseClass";
}

/** Rails' NoNilParamEncoder: arrays lose their nils (deep munge), everywhere in the tree. */
export function munge(value: ParamValue): ParamValue {
  if (Array.isArray(value)) return value.map(munge).filter((v) => v !== null);
  if (isTree(value)) {
    const out: ParamTree = {};
    for (const [k, v] of Object.entries(value)) out[k] = munge(v);
    return out;
  }
  return value;
}

/** Rails' JSON params parser: a non-object body is kept under `_json`. Unparseable JSON is a 400. */
export function parseJsonBody(body: string): ParamTree {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new BadRequest("Error occurred while parsing request parameters");
  }
  const tree = isTree(data as ParamValue) ? (data as ParamTree) : { _json: data as ParamValue };
  return munge(tree) as ParamTree;
}

const JSON_TYPES = ["application/json", "text/x-json", "application/jsonrequest"];

/** The media type of a Content-Type header (`application/json; charset=utf-8` -> `application/json`). */
export function mediaType(contentType: string | undefined): string | null {
  const type = contentType?.split(/\s*[;,]\s*/, 1)[0].toLowerCase();
  return type ? type : null;
}

/** Rails' request_parameters: JSON bodies through the JSON parser, urlencoded forms through Rack's. */
export function parseBodyParams(contentType: string | undefined, body: Buffer): ParamTree {
  const type = mediaType(contentType);
  if (body.length === 0 || type === null) return {};
  if (JSON_TYPES.includes(type)) return parseJsonBody(body.toString("utf8"));
  if (type === "multipart/form-data") return parseMultipartParams(contentType, body);
  if (type === "application/x-www-form-urlencoded") {
    let form = body.toString("latin1"); // bytes kept as they came; decodeComponent reads them as UTF-8
    if (form.endsWith("\0")) form = form.slice(0, -1);
    return parseNestedQuery(form, "request");
  }
  return {};
}

function parseMultipartParams(contentType: string | undefined, body: Buffer): ParamTree {
  try {
    const boundary = multipartBoundary(contentType);
    if (!boundary) return {};
    const params: ParamTree = {};
    for (const { name, value } of parseMultipart(body, boundary)) normalizeParams(params, name, value, 0);
    return munge(params) as ParamTree;
  } catch (e) {
    throw new BadRequest(`Invalid request parameters: ${(e as Error).message}`);
  }
}

/** request.parameters before path parameters: body first, the query string overriding, as Rails merges them. */
export function requestParams(query: string, contentType: string | undefined, body: Buffer): { query: ParamTree; body: ParamTree } {
  return { query: parseNestedQuery(query, "query"), body: parseBodyParams(contentType, body) };
}
