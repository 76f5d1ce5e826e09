// Turbo::Streams::StreamName and Turbo.signed_stream_verifier (turbo-rails 2.0.0): stream names are signed when a
// page embeds them (turbo_stream_from) and verified when a client subscribes with one.
//   Turbo::StreamsChannel.signed_stream_name([room, :messages])  -> signedStreamName([room, "messages"])
//   Turbo::StreamsChannel.verified_stream_name(signed)           -> verifiedStreamName(signed)
//   stream_name_from(streamables) (private)                       -> streamNameFrom(streamables)
//   config.turbo.signed_stream_verifier_key / secret_key_base     -> configureSignedStreamVerifier({ secretKeyBase })
// The verifier is ActiveSupport::MessageVerifier(key, digest: "SHA256", serializer: JSON) with the key
// PBKDF2-SHA256(secret_key_base, "turbo/signed_stream_verifier_key", 1000 iterations, 64 bytes): the message is
// strict base64 of JSON.dump(name), "--", then the hex HMAC-SHA256 of that base64.
import { KeyGenerator } from "../../active-support/messages.js";
import { MessageVerifier } from "../../active-support/message-verifier.js";
import { JsonSerializer } from "../../active-support/message-codec.js";
import { isGlobalIdentifiable, toGidParam, toParamValue } from "../globalid/global-id.js";

const SALT = "turbo/signed_stream_verifier_key";

let verifierKey: Buffer | null = null;
/** Turbo.signed_stream_verifier: MessageVerifier.new(key, digest: "SHA256", serializer: JSON). */
const verifier = new MessageVerifier(signedStreamVerifierKey, { digest: "sha256", serializer: JsonSerializer });

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

/** Turbo.signed_stream_verifier.generate(value): any JSON value (a stream name is a String, or nil). */
export function signStreamValue(value: unknown): string {
  return verifier.generate(value);
}

/**
 * Turbo.signed_stream_verifier.verified(message): the JSON value, or null (nil) for anything that is not a
 * message this key signed. A signed message that is not JSON raises, as in Rails (only a holder of the key could
 * produce one), and so does a message that is not a String (a number a client sent as signed_stream_name).
 */
export function verifyStreamValue(message: unknown): unknown {
  return verifier.verified(message);
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
  return verifyStreamValue(signed);
}
