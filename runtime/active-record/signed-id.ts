// ActiveRecord::SignedId: tamper-proof record ids for URLs (avatar links, transfer links), byte-identical to Rails.
//
//   user.signed_id(purpose: :avatar)                 base64url({"_rails":{"data":7,"pur":"user/avatar"}}) + "--" +
//                                                    hex HMAC-SHA256(that, key)   (no padding; exp when given)
//   user.signed_id(purpose: :t, expires_in: 4.hours) "exp":"2024-02-15T16:00:00.000Z" before "pur"
//   User.find_signed(id, purpose:) / find_signed!    the record, or nil (find_signed! raises InvalidSignature)
// The key is secret_key_base's key generator output for "active_record/signed_id" (PBKDF2-SHA256, 1000 rounds,
// 64 bytes): configureSignedIds(secretKeyBase) at boot; SECRET_KEY_BASE is read when nothing was configured.
import { createHmac, timingSafeEqual } from "node:crypto";
import { KeyGenerator } from "../active-support/messages.js";
import { underscore } from "../active-support/inflector.js";
import { metaOf, type RecordLike } from "./model.js";
import { currentTime } from "../active-support/time.js";

export class InvalidSignature extends Error {
  override readonly name = "InvalidSignature";
  readonly rubyClass = "ActiveSupport::MessageVerifier::InvalidSignature";
}

let key: Buffer | null = null;
/**
 * config.active_support.use_message_serializer_for_metadata (load_defaults 7.1+: true). Before 7.1 the envelope is
 * the legacy one: `{"_rails":{"message":<base64 of the JSON id>,"exp":<time or null>,"pur":...}}`.
 */
let legacyMetadata = false;

/** Rails.application.key_generator.generate_key("active_record/signed_id"). */
export function configureSignedIds(secretKeyBase: string, options: { legacyMetadata?: boolean } = {}): void {
  key = new KeyGenerator(secretKeyBase).generateKey("active_record/signed_id");
  legacyMetadata = options.legacyMetadata ?? false;
}

function secret(): Buffer {
  if (!key) {
    const base = process.env.SECRET_KEY_BASE;
    if (!base) throw new Error("You must set ActiveRecord::Base.signed_id_verifier_secret to use signed ids");
    configureSignedIds(base);
  }
  return key!;
}

const hmac = (data: string) => createHmac("sha256", secret()).update(data).digest("hex");

/** combine_signed_id_purposes: the base class, underscored, then the purpose. */
function purposeFor(baseClassName: string, purpose?: string | null): string {
  return [underscore(baseClassName), purpose ?? ""].filter((p) => p !== "").join("/");
}

export interface SignedIdOptions {
  purpose?: string | null;
  /** Seconds from now (expires_in: 4.hours -> 14400); `expires_in` as Ruby code passes it. */
  expiresIn?: number | null;
  expires_in?: unknown;
  expiresAt?: Date | null;
  expires_at?: unknown;
}

export function signedId(record: RecordLike, options: SignedIdOptions = {}): string {
  if (record.isNewRecord()) throw new Error("Cannot get a signed_id for a new record");
  const meta = metaOf(record.constructor);
  const expiresAt = options.expiresAt ?? (options.expires_at instanceof Date ? options.expires_at : null);
  const expiresIn = options.expiresIn ?? (options.expires_in === undefined || options.expires_in === null ? null : Number(options.expires_in));
  const expiry = expiresAt ?? (expiresIn ? new Date(currentTime().getTime() + expiresIn * 1000) : null);
  const id = record.readAttribute(meta.primaryKey);
  const envelope: { [k: string]: unknown } = legacyMetadata
    ? { message: Buffer.from(JSON.stringify(id), "utf8").toString("base64"), exp: expiry ? expiry.toISOString() : null }
    : { data: id, ...(expiry ? { exp: expiry.toISOString() } : {}) };
  envelope.pur = purposeFor(meta.baseClassName, options.purpose);
  const encoded = Buffer.from(JSON.stringify({ _rails: envelope }), "utf8").toString("base64url");
  return `${encoded}--${hmac(encoded)}`;
}

/** The id a signed id carries for this class and purpose, or null (tampered, expired, other purpose). */
export function verifiedId(baseClassName: string, signed: string, purpose?: string | null, raise = false): unknown {
  const fail = (why: string) => {
    if (raise) throw Object.assign(new InvalidSignature(why));
    return null;
  };
  const index = typeof signed === "string" ? signed.lastIndexOf("--") : -1;
  if (index <= 0) return fail("invalid message format");
  const encoded = signed.slice(0, index);
  const digest = Buffer.from(signed.slice(index + 2));
  const expected = Buffer.from(hmac(encoded));
  if (digest.length !== expected.length || !timingSafeEqual(digest, expected)) return fail("mismatched digest");
  let envelope: { _rails?: { data?: unknown; message?: unknown; exp?: unknown; pur?: unknown } };
  try {
    envelope = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const rails = envelope._rails ?? {};
  if (typeof rails.exp === "string" && currentTime().getTime() >= Date.parse(rails.exp)) return null;
  if (String(rails.pur ?? "") !== purposeFor(baseClassName, purpose)) return null;
  if (typeof rails.message === "string") {
    try {
      return JSON.parse(Buffer.from(rails.message, "base64").toString("utf8")) ?? null;
    } catch {
      return null;
    }
  }
  return rails.data ?? null;
}
