// ActiveSupport::JSON (Rails 7.2 app defaults) -> asJson / toJson.
//
//   value.as_json                 asJson(value)   records: every attribute in key order; times "…T12:00:00.000Z";
//                                                 dates "2024-02-29"; BigDecimal a string; NaN/Infinity null
//   value.to_json / render json:  toJson(value)   JSON.generate + escape_html_entities_in_json: < > & as
//                                                 \u003c \u003e \u0026, U+2028/2029 always as \u2028 \u2029
// Floats print as Ruby's Float#to_s. A JS number cannot say whether Ruby had 1 or 1.0, so integral numbers
// print as integers; values that were Floats in Ruby (float literals, float columns) arrive as RubyFloat.
import { floatToS, isPlainObject, RubyFloat } from "../ruby/ruby.js";

interface AsJson {
  asJson(options?: unknown): unknown;
}

function hasAsJson(v: object): v is AsJson {
  return typeof (v as Partial<AsJson>).asJson === "function";
}

/** Object#as_json for lowered values: a tree of strings, numbers, booleans, null, arrays, plain objects (or Maps,
 *  for Hashes whose key order a JS object cannot keep), RubyFloat. */
export function asJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean" || typeof value === "bigint") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "symbol") return value.description ?? null;
  if (typeof value !== "object") return String(value);
  if (value instanceof RubyFloat) return Number.isFinite(value.value) ? value : null;
  if (Array.isArray(value) || value instanceof Set) return [...value].map(asJson);
  // A Map keeps Ruby's key order even for integer-like keys, which a JS object would move first.
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k === null || k === undefined ? "" : String(k), asJson(v)]));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asJson(v)]));
  if (hasAsJson(value)) return asJson(value.asJson());
  // Time (a JS Date without microseconds) as ActiveSupport formats it.
  if (value instanceof Date) return value.toISOString();
  const stringy = value as { toRubyString?: () => string };
  if (typeof stringy.toRubyString === "function") return stringy.toRubyString();
  if (typeof (value as Iterable<unknown>)[Symbol.iterator] === "function") return [...(value as Iterable<unknown>)].map(asJson);
  // Object#as_json: instance_values.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asJson(v)]));
}

const SHORT_ESCAPES: { [ch: string]: string } = {
  '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
  "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029",
};

/** A JSON string literal: Ruby's JSON.generate escapes, then ActiveSupport's HTML-entity escapes. */
export function jsonString(s: string, escapeHtml = true): string {
  const pattern = escapeHtml ? /["\\\u0000-\u001f<>&\u2028\u2029]/g : /["\\\u0000-\u001f\u2028\u2029]/g;
  return `"${s.replace(pattern, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"`;
}

function numberJson(n: number): string {
  if (Number.isInteger(n) && !Object.is(n, -0)) return Math.abs(n) < 1e21 ? n.toFixed(0) : BigInt(n).toString();
  return floatToS(n);
}

/** Encodes an as_json tree. */
export function generate(tree: unknown, escapeHtml = true): string {
  if (tree === null || tree === undefined) return "null";
  if (typeof tree === "string") return jsonString(tree, escapeHtml);
  if (typeof tree === "boolean") return tree ? "true" : "false";
  if (typeof tree === "bigint") return tree.toString();
  if (typeof tree === "number") return numberJson(tree);
  if (tree instanceof RubyFloat) return floatToS(tree.value);
  if (Array.isArray(tree)) return `[${tree.map((v) => generate(v, escapeHtml)).join(",")}]`;
  const entries = (tree instanceof Map ? [...tree] : Object.entries(tree as object)).map(([k, v]) => `${jsonString(k, escapeHtml)}:${generate(v, escapeHtml)}`);
  return `{${entries.join(",")}}`;
}

/** ActiveSupport::JSON.encode(value) / value.to_json / `render json: value`. */
export function toJson(value: unknown): string {
  return generate(asJson(value));
}
