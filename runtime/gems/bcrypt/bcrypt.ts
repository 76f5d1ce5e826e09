// bcrypt as Ruby's bcrypt gem (and so has_secure_password) writes it: "$2a$<cost>$<22-char salt><31-char hash>".
//
//   BCrypt::Password.create(pw, cost: 12)           bcryptHash(pw, 12)         (random 16-byte salt)
//   BCrypt::Engine.hash_secret(pw, salt)             bcryptHash(pw, cost, salt) (deterministic; tests)
//   BCrypt::Password.new(digest).is_password?(pw)    bcryptVerify(pw, digest)
// Blowfish's initial P-array and S-boxes are the hexadecimal digits of pi's fractional part, so they are computed
// here (Machin's formula in BigInt fixed point, a few milliseconds once) instead of pasted as 1042 constants.
import { randomBytes, timingSafeEqual } from "node:crypto";

const WORDS = 18 + 4 * 256;

let piWords: Uint32Array | null = null;

/** The first 1042 32-bit words of pi's fractional part: Blowfish's P1..P18 then S-boxes 1..4. */
function blowfishConstants(): Uint32Array {
  if (piWords) return piWords;
  const bits = BigInt(WORDS * 32 + 64);
  const one = 1n << bits;
  const atanInv = (x: bigint): bigint => {
    let sum = 0n;
    let power = one / x;
    const square = x * x;
    for (let k = 0n; power !== 0n; k++) {
      sum += (k % 2n === 0n ? 1n : -1n) * (power / (2n * k + 1n));
      power /= square;
    }
    return sum;
  };
  const pi = 16n * atanInv(5n) - 4n * atanInv(239n);
  const fraction = (pi - 3n * one) >> 64n;
  const words = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) words[i] = Number((fraction >> BigInt((WORDS - 1 - i) * 32)) & 0xffffffffn);
  return (piWords = words);
}

class Blowfish {
  readonly p: Uint32Array;
  readonly s: Uint32Array;

  constructor() {
    const pi = blowfishConstants();
    this.p = pi.slice(0, 18);
    this.s = pi.slice(18);
  }

  private f(x: number): number {
    const s = this.s;
    return ((((s[x >>> 24]! + s[256 + ((x >>> 16) & 0xff)]!) >>> 0) ^ s[512 + ((x >>> 8) & 0xff)]!) + s[768 + (x & 0xff)]!) >>> 0;
  }

  encipher(lr: Uint32Array, off: number): void {
    const p = this.p;
    let l = lr[off]! ^ p[0]!;
    let r = lr[off + 1]!;
    for (let i = 1; i <= 16; i += 2) {
      r = (r ^ this.f(l) ^ p[i]!) >>> 0;
      l = (l ^ this.f(r) ^ p[i + 1]!) >>> 0;
    }
    lr[off] = (r ^ p[17]!) >>> 0;
    lr[off + 1] = l >>> 0;
  }

  /** Blowfish_expandstate (salt given) / Blowfish_expand0state (salt null). */
  expand(key: Uint8Array, salt: Uint8Array | null): void {
    const pos = { key: 0, salt: 0 };
    for (let i = 0; i < 18; i++) this.p[i] = (this.p[i]! ^ streamWord(key, pos, "key")) >>> 0;
    const lr = new Uint32Array(2);
    const fill = (target: Uint32Array, i: number) => {
      if (salt) {
        lr[0] = (lr[0]! ^ streamWord(salt, pos, "salt")) >>> 0;
        lr[1] = (lr[1]! ^ streamWord(salt, pos, "salt")) >>> 0;
      }
      this.encipher(lr, 0);
      target[i] = lr[0]!;
      target[i + 1] = lr[1]!;
    };
    for (let i = 0; i < 18; i += 2) fill(this.p, i);
    for (let i = 0; i < 1024; i += 2) fill(this.s, i);
  }
}

function streamWord(data: Uint8Array, pos: { key: number; salt: number }, which: "key" | "salt"): number {
  let word = 0;
  for (let i = 0; i < 4; i++) {
    word = ((word << 8) | data[pos[which]]!) >>> 0;
    pos[which] = (pos[which] + 1) % data.length;
  }
  return word;
}

const ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function encode64(bytes: Uint8Array, length: number): string {
  let out = "";
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < length; i++) {
    acc = (acc << 8) | bytes[i]!;
    bits += 8;
    while (bits >= 6) out += ALPHABET[(acc >> (bits -= 6)) & 0x3f];
  }
  if (bits > 0) out += ALPHABET[(acc << (6 - bits)) & 0x3f];
  return out;
}

function decode64(text: string, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let bits = 0;
  let acc = 0;
  let n = 0;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) throw new Error("invalid bcrypt salt");
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8 && n < length) out[n++] = (acc >> (bits -= 8)) & 0xff;
  }
  return out;
}

const MAGIC = "OrpheanBeholderScryDoubt";

function rawHash(password: string, cost: number, salt: Uint8Array): Uint8Array {
  const pw = Buffer.from(password, "utf8");
  const key = new Uint8Array(Math.min(pw.length + 1, 72));
  key.set(pw.subarray(0, key.length));
  const bf = new Blowfish();
  bf.expand(key, salt);
  for (let i = 0, rounds = 2 ** cost; i < rounds; i++) {
    bf.expand(key, null);
    bf.expand(salt, null);
  }
  const text = new Uint32Array(6);
  for (let i = 0; i < 6; i++) text[i] = Buffer.from(MAGIC, "latin1").readUInt32BE(i * 4);
  for (let i = 0; i < 64; i++) for (let j = 0; j < 6; j += 2) bf.encipher(text, j);
  const out = Buffer.alloc(24);
  for (let i = 0; i < 6; i++) out.writeUInt32BE(text[i]!, i * 4);
  return out.subarray(0, 23);
}

let saltSource: (() => string) | null = null;

/** Replaces BCrypt::Engine.generate_salt's randomness (tests pin salts, as their recorders do); null restores it. */
export function setSaltGenerator(fn: (() => string) | null): void {
  saltSource = fn;
}

/** A bcrypt digest of `password`; `salt` is the 22-character encoded salt (random when omitted). */
export function bcryptHash(password: string, cost = 12, salt?: string): string {
  if (cost < 4 || cost > 31) throw new Error(`invalid bcrypt cost ${cost}`);
  const saltText = salt ?? saltSource?.() ?? encode64(randomBytes(16), 16);
  const raw = rawHash(password, cost, decode64(saltText, 16));
  return `$2a$${String(cost).padStart(2, "0")}$${saltText.slice(0, 22)}${encode64(raw, 23)}`;
}

/** BCrypt::Password#is_password?: re-hashes with the digest's cost and salt; false for a malformed digest. */
export function bcryptVerify(password: string, digest: string): boolean {
  const m = /^\$2[abxy]?\$(\d\d)\$([./A-Za-z0-9]{22})[./A-Za-z0-9]{31}$/.exec(digest);
  if (!m) return false;
  const again = bcryptHash(password, Number(m[1]), m[2]);
  const a = Buffer.from(again.slice(7));
  const b = Buffer.from(digest.slice(7));
  return a.length === b.length && timingSafeEqual(a, b);
}
