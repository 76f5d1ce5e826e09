// Tampering for the conformance replay (issue 22): a cookie of the browser's jar altered for one request, as an
// attacker (or a broken proxy) would send it, and the database's contents summed up to show a request changed
// nothing. Both servers, Rails and ours, are sent the same altered bytes; what they answer is compared.
import { createHash } from "node:crypto";
import Database from "better-sqlite3";

// Base64's alphabet; hex digits are in it too. A character is changed by flipping the top bit of its index, so the
// bits it carries change even where the last character of a base64 string has bits to spare.
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function flipAt(value: string, index: number): string {
  for (let i = Math.min(index, value.length - 1); i >= 0; i--) {
    const at = B64.indexOf(value[i]!);
    if (at >= 0) return value.slice(0, i) + B64[at ^ 32] + value.slice(i + 1);
  }
  return value;
}

/**
 * Ways to alter a cookie's value ("data--digest" when signed, "data--iv--tag" when encrypted, URL-encoded as Rack
 * sends it). Each works on the decoded value, then encodes it back as Rack does; null sends no such cookie.
 */
export const COOKIE_TAMPERING: Record<string, (decoded: string) => string | null> = {
  "flip-first": (v) => flipAt(v, 0),
  "flip-middle": (v) => flipAt(v, Math.floor(v.length / 2)),
  "flip-last": (v) => flipAt(v, v.lastIndexOf("--") >= 0 ? v.replace(/=+$/, "").length - 1 : v.length - 1),
  truncate: (v) => v.slice(0, -4),
  "drop-digest": (v) => (v.includes("--") ? v.slice(0, v.lastIndexOf("--")) : v),
  "double-digest": (v) => `${v}--${v.slice(v.lastIndexOf("--") + 2)}`,
  empty: () => "",
  garbage: () => "garbage",
  delete: () => null,
};

export function isCookieTampering(name: string): boolean {
  return Object.hasOwn(COOKIE_TAMPERING, name);
}

/** The value sent for a cookie altered by `how`, from its value as the jar holds it; null: not sent. */
export function tamperCookieValue(value: string, how: string): string | null {
  const tampered = COOKIE_TAMPERING[how]!(decodeURIComponent(value));
  return tampered === null ? null : encodeURIComponent(tampered);
}

/** A table's row count and a digest of every row, in rowid order. */
export interface TableChecksum {
  rows: number;
  sha256: string;
}

/** Every table of an SQLite file (SQLite's own too), summed up: equal sums, unchanged contents. */
export function tableChecksums(dbFile: string): Record<string, TableChecksum> {
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>;
    const out: Record<string, TableChecksum> = {};
    for (const { name } of tables) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      const rows = db.prepare(`SELECT * FROM ${quoted}${name === "sqlite_sequence" ? "" : " ORDER BY rowid"}`).raw().all();
      const hash = createHash("sha256");
      for (const row of rows) hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("hex") : typeof v === "bigint" ? String(v) : v)) + "\n");
      out[name] = { rows: rows.length, sha256: hash.digest("hex") };
    }
    return out;
  } finally {
    db.close();
  }
}
