// ActiveSupport::JSON.encode / `to_json` on lowered values (activesupport json/encoding.rb):
// Ruby's JSON.generate string escaping, plus ActiveSupport's escaping of <, >, &, U+2028 and U+2029
// (escape_html_entities_in_json, on by default). Floats print as Ruby's Float#to_s; NaN/Infinity -> null.
// Objects with `asJson()` (records, times) supply their own JSON value.
import { floatToS, hashEntries, isHash, RubyFloat, toS } from "../ruby/ruby.js";

export interface JsonEncodable {
  asJson(): unknown;
}

const ESCAPES: Record<string, string> = {
  '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
};
const HTML_ENTITY_ESCAPES: Record<string, string> = {
  "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029",
};

/** Ruby JSON.generate's string form; `escapeHtml` adds ActiveSupport's HTML-entity escaping. */
export function jsonString(s: string, escapeHtml = true): string {
  const re = escapeHtml ? /["\\\x00-\x1f<>&\u2028\u2029]/g : /["\\\x00-\x1f]/g;
  return `"${s.replace(re, (c) => ESCAPES[c] ?? HTML_ENTITY_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"`;
}

function hasAsJson(v: unknown): v is JsonEncodable {
  return v !== null && typeof v === "object" && typeof (v as JsonEncodable).asJson === "function";
}

/** Time#as_json: xmlschema with 3 fractional digits ("Z" for UTC). */
export function timeAsJson(d: Date): string {
  // The app's TimeWithZone (record Time) formats itself: in Time.zone, with its offset, outside UTC.
  const own = (d as Date & { asJson?: () => string }).asJson;
  return typeof own === "function" ? own.call(d) : d.toISOString();
}

function numberJson(n: number): string {
  if (!Number.isFinite(n)) return "null";
  return Number.isInteger(n) ? toS(n) : floatToS(n);
}

/** ActiveSupport::JSON.encode(value). */
export function encodeJson(v: unknown, escapeHtml = true): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "string") return jsonString(v, escapeHtml);
  if (typeof v === "number") return numberJson(v);
  if (v instanceof RubyFloat) return Number.isFinite(v.value) ? floatToS(v.value) : "null";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => encodeJson(x, escapeHtml)).join(",")}]`;
  if (v instanceof Date) return jsonString(timeAsJson(v), escapeHtml);
  if (v instanceof Set) return encodeJson([...v], escapeHtml);
  if (isHash(v)) {
    const parts = hashEntries(v).map(([k, x]) => `${jsonString(toS(k), escapeHtml)}:${encodeJson(x, escapeHtml)}`);
    return `{${parts.join(",")}}`;
  }
  if (hasAsJson(v)) return encodeJson(v.asJson(), escapeHtml);
  return jsonString(toS(v), escapeHtml);
}

/**
 * `value.as_json` on core values: the tree encodeJson writes, with every Hash a Map whose keys are Strings (as
 * ActiveSupport's Hash#as_json makes them: `{ a: 1 }.as_json.inspect` is `{"a"=>1}`), Floats kept as Floats.
 */
export function asJsonTree(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "bigint") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (v instanceof RubyFloat) return Number.isFinite(v.value) ? v : null;
  if (Array.isArray(v) || v instanceof Set) return [...v].map(asJsonTree);
  if (v instanceof Date) return timeAsJson(v);
  if (isHash(v)) return new Map(hashEntries(v).map(([k, x]) => [toS(k), asJsonTree(x)]));
  if (hasAsJson(v)) return asJsonTree(v.asJson());
  return toS(v);
}

/** Ruby's JSON.generate (no HTML-entity escaping), for `JSON.generate` / `JSON.dump`. */
export function generateJson(v: unknown): string {
  return encodeJson(v, false);
}
