// Source bytes -> text, as Ruby and ActionView read them: UTF-8, and where a byte sequence is not valid UTF-8, the
// offset of the first one (Ruby refuses a .rb with "invalid multibyte char (UTF-8)"; ActionView raises
// "Your template was not saved as valid UTF-8" when it renders such a template). Node's own decoding would
// silently turn it into U+FFFD.
import { readFileSync } from "node:fs";

export interface DecodedSource {
  text: string;
  /** The first invalid sequence: its offset in `text` (where the U+FFFD stands) and its byte. */
  invalid: { offset: number; byte: number } | null;
}

const strict = new TextDecoder("utf-8", { fatal: true });

export function readSource(absPath: string): DecodedSource {
  const bytes = readFileSync(absPath);
  try {
    return { text: strict.decode(bytes), invalid: null };
  } catch {
    const at = firstInvalidByte(bytes);
    return { text: bytes.toString("utf8"), invalid: { offset: bytes.subarray(0, at).toString("utf8").length, byte: bytes[at]! } };
  }
}

/** The index of the first byte that does not start or continue a valid UTF-8 sequence (RFC 3629). */
function firstInvalidByte(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      const lo = k === 1 && c === 0xe0 ? 0xa0 : k === 1 && c === 0xf0 ? 0x90 : 0x80;
      const hi = k === 1 && c === 0xed ? 0x9f : k === 1 && c === 0xf4 ? 0x8f : 0xbf;
      if (d === undefined || d < lo || d > hi) return i;
    }
    i += n + 1;
  }
  return b.length;
}

/** A byte as Ruby writes it in a String's inspect: `\xE9`. */
export function byteEscape(byte: number): string {
  return `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}
