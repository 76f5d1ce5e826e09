// ActionDispatch::Static (public_file_server): GET/HEAD requests for files under public/ are answered before
// routing, trying `path`, then `path.html` and `path/index.html` for extensionless paths, with precompressed
// `.br`/`.gz` siblings for compressible types. Headers as Rack::Files sends them (no charset).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { WireResponse } from "./response.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

// Rack::Mime::MIME_TYPES for the extensions a Rails public/ directory holds.
const MIME_TYPES: Record<string, string> = {
  ".avif": "image/avif", ".css": "text/css", ".csv": "text/csv", ".gif": "image/gif", ".gz": "application/x-gzip",
  ".htm": "text/html", ".html": "text/html", ".ico": "image/vnd.microsoft.icon", ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg", ".js": "text/javascript", ".json": "application/json", ".mjs": "text/javascript",
  ".mp3": "audio/mpeg", ".mp4": "video/mp4", ".otf": "font/otf", ".pdf": "application/pdf", ".png": "image/png",
  ".svg": "image/svg+xml", ".ttf": "font/ttf", ".txt": "text/plain", ".wasm": "application/wasm",
  ".webm": "video/webm", ".webp": "image/webp", ".woff": "font/woff", ".woff2": "font/woff2",
  ".xml": "application/xml", ".zip": "application/zip", ".map": "application/json", ".br": "application/x-brotli",
};

const COMPRESSIBLE = /^(?:text\/|application\/javascript|image\/svg\+xml)/;
const PRECOMPRESSED: [string, string][] = [["br", ".br"], ["gzip", ".gz"], ["identity", ""]];

function extname(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot) : "";
}

// FileHandler#clean_path: unescape (RFC 2396, no `+`), reject NUL, drop `.`/`..` segments.
function cleanPath(pathInfo: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathInfo.replace(/\/$/, "").replace(/%(?![0-9a-fA-F]{2})/g, "%25"));
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  const clean: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") clean.pop();
    else clean.push(part);
  }
  return `/${clean.join("/")}`;
}

function* candidates(path: string): Generator<[string, string]> {
  const ext = extname(path);
  const type = MIME_TYPES[ext];
  yield [path, type ?? "text/plain"];
  if (!type && ext !== ".html") {
    yield [`${path}.html`, "text/html"];
    yield [`${path}/index.html`, "text/html"];
  }
}

// The files under each public root, listed once: a production public/ does not change while the app runs
// (assets are precompiled into it before boot), so a request for a page never costs a stat of the disk.
const listings = new Map<string, Set<string>>();

function listing(root: string): Set<string> {
  let files = listings.get(root);
  if (!files) {
    files = new Set();
    const walk = (dir: string, prefix: string) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.isDirectory()) walk(join(dir, e.name), `${prefix}/${e.name}`);
        else files!.add(`${prefix}/${e.name}`);
      }
    };
    walk(root, "");
    listings.set(root, files);
  }
  return files;
}

function readable(root: string, path: string): { file: string; mtime: Date; size: number } | null {
  if (!listing(root).has(path)) return null;
  const file = join(root, path);
  try {
    const st = statSync(file);
    return st.isFile() ? { file, mtime: st.mtime, size: st.size } : null;
  } catch {
    return null;
  }
}

/** The static file answer for this request, or null to go on to the router. */
export function serveStatic(root: string, method: string, pathInfo: string, acceptEncoding: string | undefined): WireResponse | null {
  if (method !== "GET" && method !== "HEAD") return null;
  // A path no file of the listing answers (every page of the app) is known after its first request: the listing is
  // fixed for the process, so the same path never finds one later (whatever the method or Accept-Encoding).
  let misses = knownMisses.get(root);
  if (misses?.has(pathInfo)) return null;
  const path = cleanPath(pathInfo);
  if (path === null) return null;
  if (!candidateListed(root, path)) {
    if (!misses) knownMisses.set(root, (misses = new BoundedMemo(KNOWN_MISSES_MAX)));
    misses.set(pathInfo, true);
    return null;
  }
  for (const [candidate, type] of candidates(path)) {
    const headers: [string, string][] = [];
    const found = COMPRESSIBLE.test(type) ? precompressed(root, candidate, acceptEncoding ?? "", headers) : readable(root, candidate);
    if (!found) continue;
    const body = method === "HEAD" ? Buffer.alloc(0) : readFileSync(found.file);
    return {
      status: 200,
      headers: [["last-modified", found.mtime.toUTCString()], ["content-type", type], ["content-length", String(found.size)], ...headers],
      body,
    };
  }
  return null;
}

const knownMisses = new Map<string, BoundedMemo<string, true>>();
const KNOWN_MISSES_MAX = 4096;

/** Whether any file serveStatic could answer with for this clean path is in the root's listing. */
function candidateListed(root: string, path: string): boolean {
  const files = listing(root);
  for (const [candidate, type] of candidates(path)) {
    const exts = COMPRESSIBLE.test(type) ? PRECOMPRESSED.map(([, ext]) => ext) : [""];
    if (exts.some((ext) => files.has(`${candidate}${ext}`))) return true;
  }
  return false;
}

function precompressed(root: string, path: string, acceptEncoding: string, headers: [string, string][]): ReturnType<typeof readable> {
  for (const [encoding, ext] of PRECOMPRESSED) {
    const found = readable(root, `${path}${ext}`);
    if (!found) continue;
    if (encoding === "identity") return found;
    headers.splice(0, headers.length, ["vary", "accept-encoding"]);
    if (new RegExp(`\\b${encoding}\\b`, "i").test(acceptEncoding)) {
      headers.push(["content-encoding", encoding]);
      return found;
    }
  }
  return null;
}
