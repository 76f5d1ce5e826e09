// ActiveSupport's KeyGenerator and MessageEncryptor as Rails 7.2's encrypted cookie jar uses them: PBKDF2-HMAC-SHA256
// with 1,000 iterations over secret_key_base, a null serializer (the jar serializes), and the legacy metadata
// envelope `{"_rails":{"message":<base64>,"exp":...,"pur":"cookie.<name>"}}` around the data (message-codec.ts).
// MessageVerifier is message-verifier.ts.
import { createCipheriv, createDecipheriv, pbkdf2Sync } from "node:crypto";
import { randomBytes } from "../ruby/secure-random.js";
import { Codec, NullSerializer, isStrictBase64, type MessageMetadata } from "./message-codec.js";
import { rememberOpened } from "./message-memo.js";

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

const AUTH_TAG_LENGTH = 16;

/** MessageEncryptor with aes-256-gcm: `base64(ciphertext)--base64(iv)--base64(auth_tag)`, strict base64. */
export class MessageEncryptor extends Codec {
  constructor(
    private readonly secret: Buffer,
    now: () => Date = () => new Date(),
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {
    super({ serializer: NullSerializer, now });
  }

  encryptAndSign(data: string, meta: MessageMetadata = {}): string {
    const iv = this.random(12);
    const cipher = createCipheriv("aes-256-gcm", this.secret, iv, { authTagLength: AUTH_TAG_LENGTH });
    // Ruby sets auth_data = "": empty additional data, which authenticates exactly as none (the same tag).
    // GCM is a stream mode: update gives every byte, final none.
    const encrypted = cipher.update(this.serializeWithMetadata(data, meta));
    cipher.final();
    return `${encrypted.toString("base64")}--${iv.toString("base64")}--${cipher.getAuthTag().toString("base64")}`;
  }

  /** The data, or null for anything tampered, truncated, expired or meant for another purpose. */
  decryptAndVerify(message: string, meta: MessageMetadata = {}): string | null {
    const plain = rememberOpened(this.secret, "aes-256-gcm", message, () => this.decrypt(message));
    if (plain === null) return null;
    try {
      return this.deserializeWithMetadata(plain, meta) as string;
    } catch {
      return null;
    }
  }

  /** The plaintext, or null for a message that is malformed or fails authentication. */
  private decrypt(message: string): Buffer | null {
    const parts = extractParts(message);
    if (!parts) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.secret, parts.iv, { authTagLength: AUTH_TAG_LENGTH });
      decipher.setAuthTag(parts.tag);
      decipher.setAAD(Buffer.alloc(0));
      return Buffer.concat([decipher.update(parts.data), decipher.final()]);
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
