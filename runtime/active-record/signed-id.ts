// ActiveRecord::SignedId: tamper-proof record ids for URLs (avatar links, transfer links), byte-identical to Rails.
//
//   user.signed_id(purpose: :avatar)                 base64url({"_rails":{"data":7,"pur":"user/avatar"}}) + "--" +
//                                                    hex HMAC-SHA256(that, key)   (no padding; exp when given)
//   user.signed_id(purpose: :t, expires_in: 4.hours) "exp":"2024-02-15T16:00:00.000Z" before "pur"
//   User.find_signed(id, purpose:) / find_signed!    the record, or nil (find_signed! raises InvalidSignature)
// The key is secret_key_base's key generator output for "active_record/signed_id" (PBKDF2-SHA256, 1000 rounds,
// 64 bytes): configureSignedIds(secretKeyBase) at boot; SECRET_KEY_BASE is read when nothing was configured.
import { KeyGenerator } from "../active-support/messages.js";
import { InvalidSignature, MessageVerifier } from "../active-support/message-verifier.js";
import { JsonSerializer } from "../active-support/message-codec.js";
import { underscore } from "../active-support/inflector.js";
import { metaOf, type RecordLike } from "./model.js";
import { currentTime } from "../active-support/time.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

/** find_signed! raises ActiveSupport's own class (runtime/active-support/message-verifier.ts). */
export { InvalidSignature };

let verifier: MessageVerifier | null = null;

/**
 * Rails.application.key_generator.generate_key("active_record/signed_id") under signed_id_verifier's
 * MessageVerifier.new(secret, digest: "SHA256", serializer: JSON, url_safe: true). legacyMetadata is
 * config.active_support.use_message_serializer_for_metadata off (before load_defaults 7.1): the envelope is then
 * `{"_rails":{"message":<base64 of the JSON id>,"exp":<time or null>,"pur":...}}`.
 */
export function configureSignedIds(secretKeyBase: string, options: { legacyMetadata?: boolean } = {}): void {
  const secret = new KeyGenerator(secretKeyBase).generateKey("active_record/signed_id");
  verifier = new MessageVerifier(secret, {
    digest: "sha256",
    serializer: JsonSerializer,
    urlSafe: true,
    useMessageSerializerForMetadata: !(options.legacyMetadata ?? false),
    now: () => currentTime(),
  });
}

function signedIdVerifier(): MessageVerifier {
  if (!verifier) {
    const base = process.env.SECRET_KEY_BASE;
    if (!base) throw new Error("You must set ActiveRecord::Base.signed_id_verifier_secret to use signed ids");
    configureSignedIds(base);
  }
  return verifier!;
}

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
  const purpose = purposeFor(meta.baseClassName, options.purpose);
  const v = signedIdVerifier();
  if (expiry !== null || (typeof id !== "number" && typeof id !== "string")) return v.generate(id, { purpose, expiresAt: expiry });
  // Without an expiry the message is the id and the purpose alone, signed: the same text each time (a page links
  // every author's avatar by one), so it is made once per verifier, id and purpose.
  let memo = unexpiring.get(v);
  if (!memo) unexpiring.set(v, (memo = new BoundedMemo(UNEXPIRING_MAX)));
  const key = `${typeof id}\u0000${id}\u0000${purpose}`;
  return memo.get(key) ?? memo.set(key, v.generate(id, { purpose, expiresAt: null }));
}

const unexpiring = new WeakMap<MessageVerifier, BoundedMemo<string, string>>();
const UNEXPIRING_MAX = 4096;

/** The id a signed id carries for this class and purpose, or null (tampered, expired, other purpose); raise: verify. */
export function verifiedId(baseClassName: string, signed: unknown, purpose?: string | null, raise = false): unknown {
  const meta = { purpose: purposeFor(baseClassName, purpose) };
  return (raise ? signedIdVerifier().verify(signed, meta) : signedIdVerifier().verified(signed, meta)) ?? null;
}
