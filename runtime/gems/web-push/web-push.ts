// web-push 3.0.1 (pushpad/web-push): WebPush.payload_send, as an app's notification class calls it from a thread pool.
// Everything before the network is done as the gem does it, so the same subscriptions fail the same way: the payload
// is encrypted for the subscription (RFC 8291, aes128gcm) and the VAPID header signed (ES256; a random key when
// none is configured, as VapidKey.from_keys(nil, nil) has). A subscription key that is no P-256 point raises
// OpenSSL::PKey::EC::Point::Error there (an OpenSSL::OpenSSLError, which an app's pool may take as a subscription
// to invalidate). The POST to the push service itself is declined: it raises NotLowered, naming the endpoint.
//   WebPush.payload_send(message:, endpoint:, p256dh:, auth:, vapid:, **options)   WebPushModule.payloadSend({ ... })
import { createCipheriv, createECDH, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { ArgumentError, NoMethodError, RuntimeError, StandardError } from "../../ruby/exceptions.js";
import { inspect, isBlank, toS } from "../../ruby/ruby.js";
import { InvalidURIError } from "../../ruby/uri.js";
export { InvalidURIError };
import { send } from "../../active-support/index.js";
import { reachPatched } from "../../ruby/declined-patches.js";
import { outboundDeclined } from "../net-http-persistent/index.js";

export class OpenSSLError extends StandardError {
  static override rubyName = "OpenSSL::OpenSSLError";
}
export class ECPointError extends OpenSSLError {
  static override rubyName = "OpenSSL::PKey::EC::Point::Error";
}
export class WebPushError extends RuntimeError {
  static override rubyName = "WebPush::Error";
}
/**
 * WebPush::ResponseError.new(response, host) and its subclasses (the push service's answer to a POST): the message
 * is the gem's, "host: <host>, <response.inspect>\nbody:\n<response.body>".
 */
export class ResponseError extends WebPushError {
  static override rubyName = "WebPush::ResponseError";
  override initialize(response: unknown = null, host: unknown = null): unknown {
    this.ivars.response = response;
    this.ivars.host = host;
    return super.initialize(`host: ${toS(host)}, ${inspect(response)}\nbody:\n${toS(send(response, "body"))}`);
  }

  get response(): unknown {
    return this.ivars.response ?? null;
  }

  get host(): unknown {
    return this.ivars.host ?? null;
  }
}
export class InvalidSubscription extends ResponseError {
  static override rubyName = "WebPush::InvalidSubscription";
}
export class ExpiredSubscription extends ResponseError {
  static override rubyName = "WebPush::ExpiredSubscription";
}
export class Unauthorized extends ResponseError {
  static override rubyName = "WebPush::Unauthorized";
}
export class PayloadTooLarge extends ResponseError {
  static override rubyName = "WebPush::PayloadTooLarge";
}
export class TooManyRequests extends ResponseError {
  static override rubyName = "WebPush::TooManyRequests";
}
export class PushServiceError extends ResponseError {
  static override rubyName = "WebPush::PushServiceError";
}

const CURVE = "prime256v1";

/** WebPush.decode64: padded, then Base64.urlsafe_decode64 (strict: ArgumentError "invalid base64"). */
export function decode64(value: unknown): Buffer {
  if (typeof value !== "string") throw new NoMethodError(`undefined method 'end_with?' for ${value === null || value === undefined ? "nil" : typeof value}`);
  const padded = !value.endsWith("=") && value.length % 4 !== 0 ? value.padEnd((value.length + 3) & ~3, "=") : value;
  if (padded.length % 4 !== 0 || !/^[A-Za-z0-9_-]*={0,2}$/.test(padded)) throw new ArgumentError("invalid base64");
  return Buffer.from(padded, "base64url");
}

function encode64(bytes: Buffer): string {
  return bytes.toString("base64url").replace(/=+$/, "");
}

/** WebPush::Encryption.encrypt(message, p256dh, auth): the aes128gcm record, header first. */
export function encrypt(message: string, p256dh: unknown, auth: unknown): Buffer {
  if (isBlank(message)) throw new ArgumentError("message cannot be blank");
  if (p256dh === null || p256dh === undefined || p256dh === "") throw new ArgumentError("p256dh cannot be blank");
  if (auth === null || auth === undefined || auth === "") throw new ArgumentError("auth cannot be blank");
  const salt = randomBytes(16);
  const server = createECDH(CURVE);
  const serverPublic = server.generateKeys();
  const clientPublic = decode64(p256dh);
  let shared: Buffer;
  try {
    shared = server.computeSecret(clientPublic);
  } catch {
    throw new ECPointError("EC_POINT_oct2point: invalid encoding");
  }
  const authToken = decode64(auth);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), clientPublic, serverPublic]);
  const hkdf = (key: Buffer, salt: Buffer, info: string | Buffer, length: number) => Buffer.from(hkdfSync("sha256", key, salt, info, length));
  const prk = hkdf(shared, authToken, info, 32);
  const key = hkdf(prk, salt, "Content-Encoding: aes128gcm\0", 16);
  const nonce = hkdf(prk, salt, "Content-Encoding: nonce\0", 12);
  const cipher = createCipheriv("aes-128-gcm", key, nonce);
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(message, "utf8")), cipher.update(Buffer.from([2, 0])), cipher.final(), cipher.getAuthTag()]);
  if (ciphertext.length > 4096) throw new ArgumentError("encrypted payload is too big");
  const rs = Buffer.alloc(4);
  rs.writeUInt32BE(ciphertext.length);
  return Buffer.concat([salt, rs, Buffer.from([serverPublic.length]), serverPublic, ciphertext]);
}

/** VapidKey.from_keys(public, private): the configured P-256 key pair, or a fresh one when a key is nil. */
function vapidKey(publicKey: unknown, privateKey: unknown): { key: KeyObject; publicBytes: Buffer } {
  if (publicKey === null || publicKey === undefined || privateKey === null || privateKey === undefined) {
    const { privateKey: key, publicKey: pub } = generateKeyPairSync("ec", { namedCurve: CURVE });
    const jwk = pub.export({ format: "jwk" });
    return { key, publicBytes: Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]) };
  }
  const point = decode64(publicKey);
  const d = decode64(privateKey);
  try {
    if (point.length !== 65 || point[0] !== 4) throw new Error("not an uncompressed point");
    const key = createPrivateKey({ key: { kty: "EC", crv: "P-256", d: encode64(d), x: encode64(point.subarray(1, 33)), y: encode64(point.subarray(33)) }, format: "jwk" });
    return { key, publicBytes: point };
  } catch {
    throw new ECPointError("EC_POINT_oct2point: invalid encoding");
  }
}

/** Request#build_vapid_header: `vapid t=<ES256 JWT>,k=<public key>`. */
function vapidHeader(endpoint: URL, vapid: Record<string, unknown>): string {
  const { key, publicBytes } = vapidKey(vapid.public_key ?? null, vapid.private_key ?? null);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const expiration = typeof vapid.expiration === "number" ? vapid.expiration : 12 * 60 * 60;
  const claims = { aud: `${endpoint.protocol}//${endpoint.hostname}`, exp: Math.floor(Date.now() / 1000) + expiration, sub: vapid.subject ?? "mailto:sender@example.com" };
  const signingInput = `${part({ typ: "JWT", alg: "ES256" })}.${part(claims)}`;
  const signature = sign("sha256", Buffer.from(signingInput), { key, dsaEncoding: "ieee-p1363" }).toString("base64url");
  return `vapid t=${signingInput}.${signature},k=${encode64(publicBytes)}`;
}

function endpointUrl(endpoint: unknown): URL {
  try {
    return new URL(String(endpoint));
  } catch {
    throw new InvalidURIError(`bad URI (is not URI?): ${JSON.stringify(endpoint)}`);
  }
}

/** WebPush.payload_send: Request.new (the payload encrypted), then #perform (headers, then the POST, declined). */
export function payloadSend(options: Record<string, unknown>): never {
  const { message = "", endpoint, p256dh = "", auth = "", vapid = {} } = options;
  const url = endpointUrl(endpoint);
  const payload = message === null || message === "" ? null : encrypt(String(message), p256dh, auth);
  const vapidOptions = (vapid ?? {}) as Record<string, unknown>;
  // #headers signs the VAPID JWT (a key that is no P-256 key pair raises there); then the POST would go out.
  if (Object.keys(vapidOptions).length > 0) vapidHeader(url, vapidOptions);
  // An initializer's patch of Request#perform (declined by the compiler) would have sent it: that raises first.
  reachPatched("WebPush::Request#perform");
  throw outboundDeclined(`WebPush delivery (a POST of ${payload ? payload.length : 0} encrypted bytes)`, url.href);
}

export const WebPushModule = {
  payloadSend: (options: unknown = {}) => payloadSend(options as Record<string, unknown>),
  decode64,
};
