// Turbo::Streams::StreamName and Turbo.signed_stream_verifier (turbo-rails 2.0.0): stream names are signed when a
// page embeds them (turbo_stream_from) and verified when a client subscribes with one.
//   Turbo::StreamsChannel.signed_stream_name([room, :messages])  -> signedStreamName([room, "messages"])
//   Turbo::StreamsChannel.verified_stream_name(signed)           -> verifiedStreamName(signed)
//   stream_name_from(streamables) (private)                       -> streamNameFrom(streamables)
//   config.turbo.signed_stream_verifier_key / secret_key_base     -> configureSignedStreamVerifier({ secretKeyBase })
// The verifier is ActiveSupport::MessageVerifier(key, digest: "SHA256", serializer: JSON) with the key
// PBKDF2-SHA256(secret_key_base, "turbo/signed_stream_verifier_key", 1000 iterations, 64 bytes): the message is
// strict base64 of JSON.dump(name), "--", then the hex HMAC-SHA256 of that base64.
import { createHmac, timingSafeEqual } from "node:crypto";
import { KeyGenerator } from "../../active-support/messages.js";
import { generateJson } from "../../active-support/json.js";
import { isGlobalIdentifiable, toGidParam, toParamValue } from "../globalid/global-id.js";

const SALT = "turbo/signed_stream_verifier_key";
const SEPARATOR = "--";
const DIGEST_HEX_LENGTH = 64;
// String#valid_encoding? fails for what UTF-16 calls a lone surrogate.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

let verifierKey: Buffer | null = null;

/**
 * Sets Turbo.signed_stream_verifier_key: either the key itself (config.turbo.signed_stream_verifier_key) or the
 * app's secret_key_base, from which Rails derives it with the app's key generator.
 */
export function configureSignedStreamVerifier(options: { secretKeyBase?: string; key?: Buffer | string }): void {
  if (options.key !== undefined) verifierKey = Buffer.isBuffer(options.key) ? options.key : Buffer.from(options.key, "binary");
  else if (options.secretKeyBase !== undefined) verifierKey = new KeyGenerator(options.secretKeyBase).generateKey(SALT, 64);
  else throw new Error("configureSignedStreamVerifier needs secretKeyBase or key");
}

/** Turbo.signed_stream_verifier_key. */
export function signedStreamVerifierKey(): Buffer {
  if (!verifierKey) throw new Error("Turbo's signed stream verifier has no key: call configureSignedStreamVerifier at boot");
  return verifierKey;
}

function hmac(data: string): string {
  return createHmac("sha256", signedStreamVerifierKey()).update(data).digest("hex");
}

/** Turbo.signed_stream_verifier.generate(value): any JSON value (a stream name is a String, or nil). */
export function signStreamValue(value: unknown): string {
  const data = Buffer.from(generateJson(value), "utf8").toString("base64");
  return `${data}${SEPARATOR}${hmac(data)}`;
}

// Base64.strict_decode64 accepts only canonical, padded input.
function strictBase64(s: string): Buffer | null {
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  const buf = Buffer.from(s, "base64");
  return buf.toString("base64") === s ? buf : null;
}

/**
 * Turbo.signed_stream_verifier.verified(message): the JSON value, or undefined for anything that is not a
 * message this key signed (MessageVerifier#verified answers nil then; a signed `null` verifies to null).
 * The digest is read at its fixed length from the end, as MessageVerifier#separator_index_for does.
 */
export function verifyStreamValue(message: unknown): unknown {
  if (typeof message !== "string" || LONE_SURROGATE.test(message)) return undefined;
  const index = message.length - DIGEST_HEX_LENGTH - SEPARATOR.length;
  if (index < 0 || message.slice(index, index + SEPARATOR.length) !== SEPARATOR) return undefined;
  const data = message.slice(0, index);
  const digest = Buffer.from(message.slice(index + SEPARATOR.length));
  const expected = Buffer.from(hmac(data));
  if (data === "" || digest.length !== expected.length || !timingSafeEqual(digest, expected)) return undefined;
  const decoded = strictBase64(data);
  if (!decoded) return undefined;
  // A signed message that is not JSON would make Rails raise (invalid_message_serialization); only a holder of
  // the key could produce one.
  return JSON.parse(decoded.toString("utf8"));
}

/**
 * stream_name_from(streamables): arrays joined with ":" (nested arrays too), records as their GlobalID param,
 * everything else `to_param` (so nil stays nil, symbols and numbers become strings).
 */
export function streamNameFrom(streamables: unknown): unknown {
  if (Array.isArray(streamables)) return streamables.map((s) => joinPart(streamNameFrom(s))).join(":");
  if (isGlobalIdentifiable(streamables)) return toGidParam(streamables);
  return toParamValue(streamables);
}

// Array#join: nil joins as "", true/false as their names.
function joinPart(v: unknown): string {
  return v === null || v === undefined ? "" : String(v);
}

/** Turbo::StreamsChannel.signed_stream_name(streamables). */
export function signedStreamName(streamables: unknown): string {
  return signStreamValue(streamNameFrom(streamables));
}

/** Turbo::StreamsChannel.verified_stream_name(signed): the stream name, or null (nil) when it does not verify. */
export function verifiedStreamName(signed: unknown): unknown {
  const value = verifyStreamValue(signed);
  return value === undefined ? null : value;
}
