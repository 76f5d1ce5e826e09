// Object#to_param and Hash#to_query (ActiveSupport core_ext/object/to_query.rb, to_param.rb): CGI.escape, sorted
// keys, nested keys as `a[b]`, arrays as `a[]`.

/** A value that knows its URL form, as a record's `to_param`. */
export interface HasToParam {
  toParam(): string | null;
}

/** Object#to_param: nil stays nil, arrays join with "/", records answer for themselves. */
export function toParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((v) => toParam(v) ?? "").join("/");
  if (typeof (value as HasToParam).toParam === "function") return (value as HasToParam).toParam();
  if (typeof value === "object" && value.constructor === Object) return toQuery(value as Record<string, unknown>);
  return String(value);
}

/** CGI.escape: everything but `a-zA-Z0-9_.-~` is %-encoded; a space becomes `+`. */
export function cgiEscape(s: string): string {
  return percentEncode(s, /[^ a-zA-Z0-9_.\-~]/gu).replace(/ /g, "+");
}

/** Hash#to_query: `key=value` pairs, nested keys as `a[b]`, arrays as `a[]`, sorted unless under an array. */
export function toQuery(hash: Record<string, unknown>, namespace?: string): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(hash)) {
    if (isEmptyCollection(value)) continue;
    pairs.push(valueToQuery(value, namespace ? `${namespace}[${key}]` : key));
  }
  if (!namespace?.includes("[]")) pairs.sort();
  return pairs.join("&");
}

function valueToQuery(value: unknown, key: string): string {
  if (Array.isArray(value)) {
    const prefix = `${key}[]`;
    if (value.length === 0) return `${cgiEscape(prefix)}=`;
    return value.map((v) => valueToQuery(v, prefix)).join("&");
  }
  if (value !== null && typeof value === "object" && (value as object).constructor === Object) {
    return toQuery(value as Record<string, unknown>, key);
  }
  return `${cgiEscape(key)}=${cgiEscape(toParam(value) ?? "")}`;
}

function isEmptyCollection(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return value !== null && typeof value === "object" && (value as object).constructor === Object && Object.keys(value as object).length === 0;
}

/** Percent-encodes each character `unsafe` matches, as UTF-8 bytes in upper-case hex. */
export function percentEncode(s: string, unsafe: RegExp): string {
  return s.replace(unsafe, (ch) => [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""));
}
