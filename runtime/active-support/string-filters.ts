// ActiveSupport String core extensions views call directly (core_ext/string/filters.rb):
//   "x".truncate(10, separator: " ") -> truncate("x", 10, { separator: " " })
//   truncate_words, truncate_bytes, squish, remove.
// Lengths count characters (code points) as Ruby does, not UTF-16 units.

export interface TruncateOptions {
  omission?: string;
  separator?: string | RegExp | null;
}

/** Ruby String#rindex(pattern, pos) over an array of characters. */
function rindex(chars: string[], sep: string | RegExp, pos: number): number | null {
  for (let i = Math.min(pos, chars.length); i >= 0; i--) {
    const rest = chars.slice(i).join("");
    if (typeof sep === "string" ? rest.startsWith(sep) : new RegExp(`^(?:${sep.source})`, sep.flags.replace("g", "")).test(rest)) {
      return i;
    }
  }
  return null;
}

/** String#truncate. */
export function truncate(s: string, truncateTo: number, options: TruncateOptions = {}): string {
  const chars = Array.from(s);
  if (chars.length <= truncateTo) return s;
  const omission = options.omission ?? "...";
  const room = truncateTo - Array.from(omission).length;
  const stop = options.separator ? (rindex(chars, options.separator, room) ?? room) : room;
  return chars.slice(0, Math.max(stop, 0)).join("") + omission;
}

/** String#truncate_words. */
export function truncateWords(s: string, count: number, options: TruncateOptions = {}): string {
  const sep = options.separator ?? /\s+/;
  const pat = typeof sep === "string" ? sep.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&") : sep.source;
  const m = new RegExp(`^((?:[^]+?${pat}){${count - 1}}[^]+?)${pat}[^]*`).exec(s);
  return m ? m[1]! + (options.omission ?? "...") : s;
}

/** String#truncate_bytes: at most `limit` UTF-8 bytes including the omission, on character boundaries. */
export function truncateBytes(s: string, limit: number, options: { omission?: string } = {}): string {
  const enc = new TextEncoder();
  if (enc.encode(s).length <= limit) return s;
  const omission = options.omission ?? "…";
  let budget = limit - enc.encode(omission).length;
  let out = "";
  for (const ch of s) {
    const n = enc.encode(ch).length;
    if (n > budget) break;
    out += ch;
    budget -= n;
  }
  return out + omission;
}

/** String#squish: strips, and collapses whitespace runs to one space. */
export function squish(s: string): string {
  return s.trim().replace(/\s+/g, " ");
}

/** String#remove(*patterns). */
export function remove(s: string, ...patterns: (string | RegExp)[]): string {
  return patterns.reduce<string>(
    (acc, p) => (typeof p === "string" ? acc.split(p).join("") : acc.replace(new RegExp(p.source, p.flags.includes("g") ? p.flags : p.flags + "g"), "")),
    s,
  );
}
