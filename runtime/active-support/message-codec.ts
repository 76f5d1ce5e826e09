// ActiveSupport::Messages::Codec and Messages::Metadata (Rails 7.2): what MessageVerifier and MessageEncryptor
// share, the encoding, the serializer and the metadata envelope around the data.
//   serializer: JSON                    JsonSerializer        JSON.dump / JSON.parse, envelope through it
//   serializer: NullSerializer          NullSerializer        the data is a String already (the cookie jars)
//   serializer: :marshal / :json_allow_marshal   serializerWithFallback("marshal" | "json_allow_marshal")
//   url_safe: true                      { urlSafe: true }     Base64.urlsafe_encode64(padding: false)
//   purpose:, expires_at:               { purpose, expiresAt }
// Metadata goes into `{"_rails":{"data":...,"exp":...,"pur":...}}` through the serializer when it is one of
// ENVELOPE_SERIALIZERS and use_message_serializer_for_metadata is on (load_defaults 7.1+); otherwise into the
// legacy `{"_rails":{"message":<base64 of the serialized data>,"exp":...,"pur":...}}`, ActiveSupport::JSON-encoded.
// Ruby's `throw :invalid_message_format` / `:invalid_message_content` are MessageThrow here: MessageVerifier#verified
// answers nil for them, #verify raises InvalidSignature; a serializer's own error propagates from both.
import { generateJson } from "./json.js";
import { currentTime } from "./time.js";
import { parseIso8601Time } from "./time-parse.js";
import { instantOf } from "./core-ext/compare.js";
import { toS } from "../ruby/ruby.js";
import { marshalDumpString, marshalLoad } from "../ruby/marshal.js";

export interface MessageMetadata {
  /** Any value but null (the empty string too) is a purpose the message carries and verification checks. */
  purpose?: string | null;
  /** An absolute expiry (ActiveSupport writes it as ISO 8601 with milliseconds). */
  expiresAt?: Date | null;
}

/** A Codec's serializer: value -> bytes and back; `envelope` when it is one of Metadata::ENVELOPE_SERIALIZERS. */
export interface MessageSerializer {
  dump(value: unknown): Buffer;
  load(data: Buffer): unknown;
  readonly envelope: boolean;
}

/** ::JSON as a serializer (JSON.dump, JSON.load): signed ids, Turbo's signed stream names. */
export const JsonSerializer: MessageSerializer = {
  dump: (value) => Buffer.from(generateJson(value), "utf8"),
  load: (data) => JSON.parse(data.toString("utf8")) as unknown,
  envelope: true,
};

/** MessageEncryptor::NullSerializer: the cookie jars serialize themselves and hand the codec a String. */
export const NullSerializer: MessageSerializer = {
  dump: (value) => Buffer.from(String(value), "utf8"),
  load: (data) => data.toString("utf8"),
  envelope: false,
};

const JSON_START_WITH = /^(?:[{["]|-?\d|true|false|null)/;

/**
 * Messages::SerializerWithFallback[:marshal | :json_allow_marshal]: loads Marshal data by its signature and JSON
 * by its first characters either way; :json_allow_marshal parses anything else as JSON, :marshal raises. Dumps
 * with Marshal (Strings only here) or ActiveSupport::JSON.
 */
export function serializerWithFallback(format: "marshal" | "json_allow_marshal"): MessageSerializer {
  return {
    dump: (value) => {
      if (format === "json_allow_marshal") return Buffer.from(activeSupportJson(value), "utf8");
      if (typeof value !== "string") throw new TypeError(`rails2ts: Marshal.dump of ${toS(value)} is not supported`);
      return marshalDumpString(value);
    },
    load: (data) => {
      if (data[0] === 4 && data[1] === 8) return marshalLoad(data);
      const text = data.toString("utf8");
      if (JSON_START_WITH.test(text) || format === "json_allow_marshal") return JSON.parse(text) as unknown;
      throw new Error("Unsupported serialization format");
    },
    envelope: true,
  };
}

/** ActiveSupport::JSON.encode of plain JSON data: HTML-significant characters are \u-escaped. */
export function activeSupportJson(value: unknown): string {
  if (typeof value === "string" && JSON_PLAIN_TEXT.test(value)) return `"${value}"`;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const flat = flatPlainJson(value as Record<string, unknown>);
    if (flat !== null) return flat;
  }
  const json = JSON.stringify(value);
  if (json !== undefined && !JSON_HTML_UNSAFE_TEST.test(json)) return json;
  return json.replace(JSON_HTML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
/**
 * Text JSON.stringify writes as it is between its quotes and activeSupportJson leaves alone: printable ASCII but
 * `"`, `\\`, `<`, `>` and `&`.
 */
const JSON_PLAIN_TEXT = /^[ !#-%'-;=?-[\]-~]*$/;

/**
 * A flat object's JSON as JSON.stringify writes it (own enumerable keys in order), when every key is plain text and
 * every value plain text, a finite number, true, false or null; otherwise null (the general path answers). A
 * session's hash is one: JSON.stringify took twice as long for it.
 */
function flatPlainJson(object: Record<string, unknown>): string | null {
  let out = "{";
  for (const key in object) {
    if (!Object.hasOwn(object, key) || !JSON_PLAIN_TEXT.test(key)) return null;
    const value = object[key];
    let text: string;
    if (typeof value === "string") {
      if (!JSON_PLAIN_TEXT.test(value)) return null;
      text = `"${value}"`;
    } else if (typeof value === "number" && Number.isFinite(value)) text = String(value);
    else if (value === null || value === true || value === false) text = String(value);
    else return null;
    out += `${out.length === 1 ? "" : ","}"${key}":${text}`;
  }
  return `${out}}`;
}

const JSON_HTML_UNSAFE = /[<>&\u2028\u2029]/g;
const JSON_HTML_UNSAFE_TEST = /[<>&\u2028\u2029]/;

// Base64.strict_decode64 accepts only canonical input (padding, and zero bits after the last character).
export function isStrictBase64(s: string): boolean {
  return s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s) && Buffer.from(s, "base64").toString("base64") === s;
}

/** Base64.urlsafe_decode64: missing padding is added, then the input must be strict base64. */
export function urlsafeBase64Decode(s: string): Buffer | null {
  let str = s.replace(/-/g, "+").replace(/_/g, "/");
  if (!str.endsWith("=") && str.length % 4 !== 0) str = str.padEnd(str.length + 4 - (str.length % 4), "=");
  return isStrictBase64(str) ? Buffer.from(str, "base64") : null;
}

/** Ruby's `throw :invalid_message_format, why` / `throw :invalid_message_content, why` inside a codec. */
export class MessageThrow extends Error {
  constructor(readonly tag: "format" | "content", why: string) {
    super(why);
  }
}

export interface CodecOptions {
  serializer: MessageSerializer;
  /** url_safe: Base64.urlsafe_encode64 without padding instead of strict_encode64. */
  urlSafe?: boolean;
  /** Messages::Metadata.use_message_serializer_for_metadata (load_defaults 7.1+: true). */
  useMessageSerializerForMetadata?: boolean;
  /** Time.now, for expiring metadata. */
  now?: () => Date;
}

export abstract class Codec {
  protected readonly serializer: MessageSerializer;
  protected readonly urlSafe: boolean;
  private readonly metadataThroughSerializer: boolean;
  private readonly now: () => Date;

  constructor(options: CodecOptions) {
    this.serializer = options.serializer;
    this.urlSafe = options.urlSafe ?? false;
    this.metadataThroughSerializer = (options.useMessageSerializerForMetadata ?? true) && options.serializer.envelope;
    this.now = options.now ?? (() => currentTime());
  }

  protected encode(data: Buffer, urlSafe = this.urlSafe): string {
    return data.toString(urlSafe ? "base64url" : "base64");
  }

  protected decode(encoded: string, urlSafe = this.urlSafe): Buffer {
    const decoded = urlSafe ? urlsafeBase64Decode(encoded) : isStrictBase64(encoded) ? Buffer.from(encoded, "base64") : null;
    if (!decoded) throw new MessageThrow("format", "invalid base64");
    return decoded;
  }

  /** Metadata#serialize_with_metadata. */
  protected serializeWithMetadata(data: unknown, meta: MessageMetadata): Buffer {
    const purpose = meta.purpose ?? null;
    const exp = meta.expiresAt ? meta.expiresAt.toISOString() : null;
    if (purpose === null && exp === null) return this.serializer.dump(data);
    if (!this.metadataThroughSerializer) {
      // activeSupportJson({ _rails: { message, exp, pur } }) written out: base64 and an ISO 8601 time need no escaping.
      const message = this.encode(this.serializer.dump(data), false);
      const envelope = `{"_rails":{"message":"${message}","exp":${exp === null ? "null" : `"${exp}"`},"pur":${activeSupportJson(purpose)}}}`;
      return Buffer.from(envelope, "utf8");
    }
    return this.serializer.dump({ _rails: { data, ...(exp === null ? {} : { exp }), ...(purpose === null ? {} : { pur: purpose }) } });
  }

  /** Metadata#deserialize_with_metadata: the data, once the metadata matches what the caller expects. */
  protected deserializeWithMetadata(message: Buffer, meta: MessageMetadata): unknown {
    const parsed = legacyParsed(this.serializer);
    const known = parsed.get(message);
    if (known) {
      // The same bytes parse to the same envelope: only the checks that depend on the reader and the clock run again.
      this.extractFromMetadataEnvelope(known.envelope, meta);
      return known.data;
    }
    if (message.subarray(0, 21).toString("latin1") === '{"_rails":{"message":') {
      let envelope: { _rails: Record<string, unknown> };
      try {
        envelope = JSON.parse(message.toString("utf8")) as { _rails: Record<string, unknown> };
      } catch (e) {
        throw new MessageThrow("format", (e as Error).message);
      }
      const inner = this.extractFromMetadataEnvelope(envelope, meta).message;
      if (typeof inner !== "string") throw new MessageThrow("format", "invalid base64");
      const data = this.serializer.load(this.decode(inner, false));
      // A String is immutable: kept for these bytes (an object would be shared by every later reader).
      if (typeof data === "string") parsed.set(message, { envelope, data });
      return data;
    }
    const deserialized = this.serializer.load(message);
    if (isMetadataEnvelope(deserialized)) return this.extractFromMetadataEnvelope(deserialized, meta).data ?? null;
    if ((meta.purpose ?? null) === null && !meta.expiresAt) return deserialized;
    throw new MessageThrow("content", "missing metadata");
  }

  private extractFromMetadataEnvelope(envelope: { _rails: Record<string, unknown> }, meta: MessageMetadata): Record<string, unknown> {
    const hash = envelope._rails;
    const expiryMs = expiryOf(hash);
    if (expiryMs !== null && this.now().getTime() >= expiryMs) throw new MessageThrow("content", "expired");
    if (toS(hash.pur) !== toS(meta.purpose ?? null)) throw new MessageThrow("content", "mismatched purpose");
    return hash;
  }
}

/**
 * Legacy envelopes whose data is a String, by serializer and by the very Buffer they were parsed from: the message
 * memo (message-memo.ts) hands back the same Buffer for a message it opened before, so a cookie every request
 * brings is parsed once while that memo keeps it (a WeakMap: nothing is kept past it). Envelopes are not changed
 * by readers (extractFromMetadataEnvelope only reads them).
 */
const legacyParsedBySerializer = new WeakMap<MessageSerializer, WeakMap<Buffer, { envelope: { _rails: Record<string, unknown> }; data: string }>>();

function legacyParsed(serializer: MessageSerializer): WeakMap<Buffer, { envelope: { _rails: Record<string, unknown> }; data: string }> {
  let table = legacyParsedBySerializer.get(serializer);
  if (!table) legacyParsedBySerializer.set(serializer, (table = new WeakMap()));
  return table;
}

/**
 * Metadata#parse_expiry of an envelope, in epoch ms (null: none): Time.iso8601, which raises (ArgumentError) for
 * anything else. Remembered per envelope object: a kept envelope (legacyParsed) is read by every request.
 */
const expiries = new WeakMap<Record<string, unknown>, number | null>();

function expiryOf(hash: Record<string, unknown>): number | null {
  let ms = expiries.get(hash);
  if (ms === undefined) {
    ms = hash.exp !== null && hash.exp !== undefined && hash.exp !== false ? instantOf(parseIso8601Time(toS(hash.exp)))!.ms : null;
    expiries.set(hash, ms);
  }
  return ms;
}

function isMetadataEnvelope(v: unknown): v is { _rails: Record<string, unknown> } {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !Buffer.isBuffer(v) && Object.prototype.hasOwnProperty.call(v, "_rails");
}
