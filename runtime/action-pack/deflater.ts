// Rack::Deflater (rack 3.2), for apps whose config.ru says `use Rack::Deflater`: every response the app gives gets
// `Vary: Accept-Encoding`, and is gzipped when the client's Accept-Encoding prefers gzip to identity
// (Rack::Utils.select_best_encoding); no acceptable encoding at all is a 406.
import { gzipSync } from "node:zlib";
import { statusHasNoBody } from "./status.js";
import type { WireResponse } from "./response.js";

/** Request#accept_encoding: [encoding, q] pairs in header order (q defaults to 1.0). */
function acceptEncoding(header: string | undefined): Array<[string, number]> {
  if (!header) return [];
  return header.split(/\s*,\s*/).filter(Boolean).map((part) => {
    const [name, ...params] = part.split(/\s*;\s*/);
    const q = params.find((p) => /^q=/i.test(p));
    return [name!, q ? Number(q.slice(2)) : 1.0];
  });
}

/** Rack::Utils.select_best_encoding(available, accept_encoding). */
export function selectBestEncoding(available: string[], header: string | undefined): string | null {
  const accepted = acceptEncoding(header);
  const expanded: Array<[string, number, number]> = [];
  for (const [m, q] of accepted) {
    const preference = available.includes(m) ? available.indexOf(m) : available.length;
    if (m === "*") {
      for (const m2 of available.filter((a) => !accepted.some(([n]) => n === a))) expanded.push([m2, q, preference]);
    } else expanded.push([m, q, preference]);
  }
  const candidates = expanded
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e[1] - a.e[1] || a.e[2] - b.e[2] || a.i - b.i)
    .map(({ e }) => e[0]);
  if (!candidates.includes("identity")) candidates.push("identity");
  const refused = new Set(expanded.filter(([, q]) => q === 0).map(([m]) => m));
  return candidates.filter((c) => !refused.has(c)).find((c) => available.includes(c)) ?? null;
}

export function deflate(wire: WireResponse, acceptEncodingHeader: string | undefined, fullpath: string): WireResponse {
  const get = (name: string) => wire.headers.find(([k]) => k === name)?.[1];
  if (statusHasNoBody(wire.status) || /\bno-transform\b/.test(get("cache-control") ?? "")) return wire;
  const contentEncoding = get("content-encoding");
  if (contentEncoding !== undefined && !/\bidentity\b/.test(contentEncoding)) return wire;
  // "No point in compressing empty body": only when the app wrote the length; Puma's comes after the middleware.
  if (!wire.lengthByServer && get("content-length") === "0") return wire;
  const encoding = selectBestEncoding(["gzip", "identity"], acceptEncodingHeader);
  const headers = [...wire.headers];
  const varyAt = headers.findIndex(([k]) => k === "vary");
  const vary = varyAt >= 0 ? headers[varyAt]![1].split(",").map((v) => v.trim()).filter(Boolean) : [];
  if (!vary.includes("*") && !vary.some((v) => v.toLowerCase() === "accept-encoding")) {
    const value = [...vary, "Accept-Encoding"].join(",");
    if (varyAt >= 0) headers[varyAt] = ["vary", value];
    else headers.push(["vary", value]);
  }
  if (encoding === "gzip") {
    return { ...wire, headers: [...headers.filter(([k]) => k !== "content-length"), ["content-encoding", "gzip"]], body: gzipSync(wire.body) };
  }
  if (encoding === "identity") return { ...wire, headers };
  const message = `An acceptable encoding for the requested resource ${fullpath} could not be found.`;
  return { status: 406, headers: [["content-type", "text/plain"], ["content-length", String(message.length)]], body: Buffer.from(message) };
}
