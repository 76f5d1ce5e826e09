// ActiveSupport::MessageVerifier (Rails 7.2): `encode(serialize_with_metadata(value)) + "--" + hex HMAC` of that
// encoding. The one implementation behind signed cookies, signed ids, signed global ids and Turbo's signed
// stream names; each configures it as its Rails counterpart does.
//   MessageVerifier.new(secret, digest: "SHA256", serializer: JSON, url_safe: true)
//       new MessageVerifier(secret, { digest: "sha256", serializer: JsonSerializer, urlSafe: true })
//   verifier.generate(value, purpose: "x", expires_at: t)   verifier.generate(value, { purpose: "x", expiresAt: t })
//   verifier.verified(message, purpose: "x")                verifier.verified(message, { purpose: "x" })  null unless it verifies
//   verifier.verify(message, purpose: "x")                  verifier.verify(...)   raises InvalidSignature instead
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { Codec, MessageThrow, type CodecOptions, type MessageMetadata } from "./message-codec.js";
import { rememberOpened } from "./message-memo.js";
import { BoundedMemo } from "./bounded-memo.js";
import { NoMethodError, StandardError } from "../ruby/exceptions.js";
import { rubyClassName } from "./core-ext/core-object.js";
import { SafeString } from "./safe.js";

/** ActiveSupport::MessageVerifier::InvalidSignature (< StandardError): the one class every verifier raises. */
export class InvalidSignature extends StandardError {
  static override rubyName = "ActiveSupport::MessageVerifier::InvalidSignature";
}

export interface MessageVerifierOptions extends CodecOptions {
  /** The HMAC's digest (`digest: "SHA256"`); SHA1 when not given, as in Rails. */
  digest?: string;
}

const SEPARATOR = "--";
// String#valid_encoding? fails for what UTF-16 calls a lone surrogate.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class MessageVerifier extends Codec {
  private readonly digest: string;
  private readonly digestLengthInHex: number;

  /** secret may be read lazily: a message that is malformed is refused before the secret is needed. */
  constructor(private readonly secret: Buffer | (() => Buffer), options: MessageVerifierOptions) {
    super(options);
    this.digest = (options.digest ?? "sha1").toLowerCase();
    this.digestLengthInHex = createHash(this.digest).digest().length * 2;
  }

  generate(value: unknown, meta: MessageMetadata = {}): string {
    const encoded = this.encode(this.serializeWithMetadata(value, meta));
    return `${encoded}${SEPARATOR}${this.generateDigest(encoded)}`;
  }

  /** The value, or null for a message that is malformed, tampered, expired or for another purpose. */
  verified(message: unknown, meta: MessageMetadata = {}): unknown {
    try {
      return this.readMessage(message, meta);
    } catch (e) {
      if (e instanceof MessageThrow) return null;
      throw e;
    }
  }

  /** verified, except that what it answers nil for raises InvalidSignature (with Rails' reason as the message). */
  verify(message: unknown, meta: MessageMetadata = {}): unknown {
    try {
      return this.readMessage(message, meta);
    } catch (e) {
      if (e instanceof MessageThrow) throw new InvalidSignature(e.message);
      throw e;
    }
  }

  validMessage(message: unknown): boolean {
    try {
      this.extractEncoded(message);
      return true;
    } catch (e) {
      if (e instanceof MessageThrow) return false;
      throw e;
    }
  }

  private readMessage(message: unknown, meta: MessageMetadata): unknown {
    return this.deserializeWithMetadata(this.decodedOnce(this.checkedEncoded(message)), meta);
  }

  /**
   * The bytes of an encoded part whose digest matched, kept per verifier (bounded like the message memo): the same
   * Buffer each time, so the parsed envelope kept for it (message-codec.ts) is found again. Readers only read it.
   */
  private readonly decoded = new BoundedMemo<string, Buffer>(500);

  private decodedOnce(encoded: string): Buffer {
    return this.decoded.get(encoded) ?? this.decoded.set(encoded, this.decode(encoded));
  }

  /** extractEncoded, remembered per secret for messages whose digest matched (message-memo.ts). */
  private checkedEncoded(message: unknown): string {
    if (typeof message !== "string" || typeof this.secret === "function") return this.extractEncoded(message);
    let failure: unknown = null;
    const encoded = rememberOpened(this.secret, `hmac-${this.digest}`, message, () => {
      try {
        return this.extractEncoded(message);
      } catch (e) {
        failure = e;
        return null;
      }
    });
    if (encoded === null) throw failure;
    return encoded;
  }

  /** MessageVerifier#decode: the configured alphabet first, then the other one. */
  protected override decode(encoded: string, urlSafe = this.urlSafe): Buffer {
    try {
      return super.decode(encoded, urlSafe);
    } catch (e) {
      if (e instanceof MessageThrow) return super.decode(encoded, !urlSafe);
      throw e;
    }
  }

  /** The encoded part of a message whose digest matches; the digest is read at its fixed length from the end. */
  private extractEncoded(message: unknown): string {
    // `signed.nil? || !signed.valid_encoding?`: anything but a String (an Integer from a JSON body) has no
    // valid_encoding? and raises, which verified does not rescue.
    if (message === null || message === undefined) throw new MessageThrow("format", "invalid message string");
    const signed = message instanceof SafeString ? message.toString() : message;
    if (typeof signed !== "string") throw new NoMethodError(`undefined method \`valid_encoding?' for an instance of ${rubyClassName(signed)}`);
    if (LONE_SURROGATE.test(signed)) throw new MessageThrow("format", "invalid message string");
    const index = signed.length - this.digestLengthInHex - SEPARATOR.length;
    const encoded = index >= 0 && signed.slice(index, index + SEPARATOR.length) === SEPARATOR ? signed.slice(0, index) : "";
    // digest_matches_data?: data (and so the digest) present, then SecurityUtils.secure_compare.
    if (/^\s*$/.test(encoded)) throw new MessageThrow("format", "mismatched digest");
    const digest = Buffer.from(signed.slice(index + SEPARATOR.length));
    const expected = Buffer.from(this.generateDigest(encoded));
    if (digest.length !== expected.length || !timingSafeEqual(digest, expected)) throw new MessageThrow("format", "mismatched digest");
    return encoded;
  }

  private generateDigest(data: string): string {
    return createHmac(this.digest, typeof this.secret === "function" ? this.secret() : this.secret).update(data).digest("hex");
  }
}
