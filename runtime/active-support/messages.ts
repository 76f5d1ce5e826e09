// ActiveSupport's KeyGenerator, MessageEncryptor and MessageVerifier as Rails 7.2's cookie jars use them:
// PBKDF2-HMAC-SHA256 with 1,000 iterations over secret_key_base, a null serializer (the jar serializes), and
// the legacy metadata envelope `{"_rails":{"message":<base64>,"exp":...,"pur":"cookie.<name>"}}` around the data.
import { createCipheriv, createDecipheriv, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

/** ActiveSupport::CachingKeyGenerator over KeyGenerator(secret_key_base, iterations: 1000, SHA256). */
export class KeyGenerator {
  /** KeyGenerator.hash_digest_class as Rails 7.0+ defaults set it (key_generator_hash_digest_class). */
  static readonly hashDigest = "sha256";

  private readonly cache = new Map<string, Buffer>();
  constructor(private readonly secret: string, private readonly iterations = 1000) {}

  generateKey(salt: string, keySize = 64): Buffer {
    const key = `${salt}|${keySize}`;
    let value = this.cache.get(key);
    if (!value) {
      value = pbkdf2Sync(this.secret, salt, this.iterations, keySize, KeyGenerator.hashDigest);
      this.cache.set(key, value);
    }
    return value;
  }
}

export interface MessageMetadata {
  purpose?: string;
  /** An absolute expiry (ActiveSupport writes it as ISO 8601 with milliseconds). */
  expiresAt?: Date;
}

/** ActiveSupport::JSON.encode of plain JSON data: HTML-significant characters are \u-escaped. */
export function activeSupportJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// Messages::Metadata#serialize_with_metadata for a serializer outside ENVELOPE_SERIALIZERS (the cookie jars'
// NullSerializer): data is base64'd into a JSON envelope when there is metadata, else passed through.
function wrapMetadata(data: string, meta: MessageMetadata): string {
  if (!meta.purpose && !meta.expiresAt) return data;
  const envelope = {
    _rails: {
      message: Buffer.from(data, "utf8").toString("base64"),
      exp: meta.expiresAt ? meta.expiresAt.toISOString() : null,
      pur: meta.purpose ?? null,
    },
  };
  return activeSupportJson(envelope);
}

function unwrapMetadata(message: string, meta: MessageMetadata, now: Date): string | null {
  if (!message.startsWith('{"_rails":{"message":')) return meta.purpose ? null : message;
  let envelope: { _rails?: { message?: unknown; exp?: unknown; pur?: unknown } };
  try {
    envelope = JSON.parse(message);
  } catch {
    return null;
  }
  const hash = envelope._rails ?? {};
  if (typeof hash.exp === "string" && now.getTime() >= Date.parse(hash.exp)) return null;
  if (String(hash.pur ?? "") !== String(meta.purpose ?? "")) return null;
  if (typeof hash.message !== "string" || !isStrictBase64(hash.message)) return null;
  return Buffer.from(hash.message, "base64").toString("utf8");
}

// Base64.strict_decode64 accepts only canonical input (padding, and zero bits after the last character).
function isStrictBase64(s: string): boolean {
  return s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s) && Buffer.from(s, "base64").toString("base64") === s;
}

/** Base64.urlsafe_decode64: missing padding is added, then the input must be strict base64. */
export function urlsafeBase64Decode(s: string): Buffer | null {
  let str = s.replace(/-/g, "+").replace(/_/g, "/");
  if (!str.endsWith("=") && str.length % 4 !== 0) str = str.padEnd(str.length + 4 - (str.length % 4), "=");
  return isStrictBase64(str) ? Buffer.from(str, "base64") : null;
}

const AUTH_TAG_LENGTH = 16;

/** MessageEncryptor with aes-256-gcm: `base64(ciphertext)--base64(iv)--base64(auth_tag)`, strict base64. */
export class MessageEncryptor {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => Date = () => new Date(),
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {}

  encryptAndSign(data: string, meta: MessageMetadata = {}): string {
    const iv = this.random(12);
    const cipher = createCipheriv("aes-256-gcm", this.secret, iv, { authTagLength: AUTH_TAG_LENGTH });
    cipher.setAAD(Buffer.alloc(0));
    const encrypted = Buffer.concat([cipher.update(wrapMetadata(data, meta), "utf8"), cipher.final()]);
    return [encrypted, iv, cipher.getAuthTag()].map((b) => b.toString("base64")).join("--");
  }

  /** The data, or null for anything tampered, truncated, expired or meant for another purpose. */
  decryptAndVerify(message: string, meta: MessageMetadata = {}): string | null {
    const parts = extractParts(message);
    if (!parts) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.secret, parts.iv, { authTagLength: AUTH_TAG_LENGTH });
      decipher.setAuthTag(parts.tag);
      decipher.setAAD(Buffer.alloc(0));
      const plain = Buffer.concat([decipher.update(parts.data), decipher.final()]).toString("utf8");
      return unwrapMetadata(plain, meta, this.now());
    } catch {
      return null;
    }
  }
}

// MessageEncryptor#extract_parts: the iv and tag have fixed encoded lengths (16 and 24 chars), read from the end.
function extractParts(message: string): { data: Buffer; iv: Buffer; tag: Buffer } | null {
  const tagLen = 24;
  const ivLen = 16;
  const tagStart = message.length - tagLen;
  const ivStart = tagStart - 2 - ivLen;
  if (ivStart < 2 || message.slice(tagStart - 2, tagStart) !== "--" || message.slice(ivStart - 2, ivStart) !== "--") return null;
  const pieces = [message.slice(0, ivStart - 2), message.slice(ivStart, tagStart - 2), message.slice(tagStart)];
  if (!pieces.every(isStrictBase64)) return null;
  const [data, iv, tag] = pieces.map((p) => Buffer.from(p, "base64"));
  return tag.length === AUTH_TAG_LENGTH ? { data, iv, tag } : null;
}

/** MessageVerifier: `base64(data)--hex(HMAC(data))`; Rails' signed cookie jar uses SHA1 unless configured. */
export class MessageVerifier {
  constructor(
    private readonly secret: Buffer,
    private readonly digest: "sha1" | "sha256" = "sha1",
    private readonly now: () => Date = () => new Date(),
  ) {}

  generate(data: string, meta: MessageMetadata = {}): string {
    const encoded = Buffer.from(wrapMetadata(data, meta), "utf8").toString("base64");
    return `${encoded}--${this.hmac(encoded)}`;
  }

  verified(message: string, meta: MessageMetadata = {}): string | null {
    const hexLen = this.digest === "sha1" ? 40 : 64;
    const index = message.length - hexLen - 2;
    if (index < 0 || message.slice(index, index + 2) !== "--") return null;
    const encoded = message.slice(0, index);
    const digest = Buffer.from(message.slice(index + 2));
    const expected = Buffer.from(this.hmac(encoded));
    if (!encoded || digest.length !== expected.length || !timingSafeEqual(digest, expected)) return null;
    if (!isStrictBase64(encoded)) return null;
    return unwrapMetadata(Buffer.from(encoded, "base64").toString("utf8"), meta, this.now());
  }

  private hmac(data: string): string {
    return createHmac(this.digest, this.secret).update(data).digest("hex");
  }
}
