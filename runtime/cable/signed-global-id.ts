// SignedGlobalID (globalid 1.4's signed_global_id.rb, verifier.rb, railtie.rb) as Rails 7.2 sets it up.
//   record.to_signed_global_id / to_sgid   -> toSignedGlobalId(record)     a SignedGlobalID (to_s is the sgid)
//   record.to_sgid_param(for: "x")         -> toSignedGlobalId(record, { for: "x" }).toParam()
//   SignedGlobalID.verifier (railtie)      -> configureSignedGlobalIds({ secretKeyBase, loadDefaults })
// The verifier is GlobalID::Verifier: an ActiveSupport::MessageVerifier (HMAC-SHA1, hex) over the key
// generator's "signed_global_ids" key, whose encode is Base64.urlsafe_encode64 (padded). The message carries the
// gid's URI with purpose ("default") and expiry (SignedGlobalID.expires_in: 1 month from now) as metadata:
//   load_defaults >= 7.1 (message_serializer :json_allow_marshal, use_message_serializer_for_metadata)
//       {"_rails":{"data":"gid://app/Model/1","exp":"2024-03-15T13:00:00.000Z","pur":"default"}}
//   earlier (Marshal, the legacy envelope)
//       {"_rails":{"message":"<strict base64 of Marshal.dump(uri)>","exp":"...","pur":"default"}}
import { createHmac } from "node:crypto";
import { KeyGenerator, activeSupportJson } from "../http/messages.js";
import { currentTime } from "../record/time.js";
import { Duration } from "../support/duration.js";
import { toS } from "../support/ruby.js";
import { parseGlobalId, toGlobalId, isGlobalIdentifiable } from "./global-id.js";
import type { ViewRecord } from "../view/host.js";

interface SignedGlobalIdConfig {
  secret: Buffer | null;
  /** Messages::Metadata.use_message_serializer_for_metadata with a JSON serializer (load_defaults 7.1+). */
  jsonMetadata: boolean;
  /** SignedGlobalID.expires_in (config.global_id.expires_in, 1.month by default); null never expires. */
  expiresIn: Duration | null;
}

const config: SignedGlobalIdConfig = { secret: null, jsonMetadata: true, expiresIn: Duration.of(1, "months") };

/** The railtie's after_initialize: SignedGlobalID.verifier from the app's key generator. */
export function configureSignedGlobalIds(options: { secretKeyBase: string; loadDefaults?: number; expiresIn?: Duration | null }): void {
  config.secret = new KeyGenerator(options.secretKeyBase).generateKey("signed_global_ids");
  config.jsonMetadata = (options.loadDefaults ?? 7.2) >= 7.1;
  if (options.expiresIn !== undefined) config.expiresIn = options.expiresIn;
}

export interface SignedGlobalIdOptions {
  /** The purpose (`for:`), "default" when not given. */
  for?: unknown;
  expires_in?: Duration | null;
  expires_at?: Date | null;
}

/** A record's SignedGlobalID: its GlobalID plus the purpose and expiry the signed form carries. */
export class SignedGlobalID {
  static readonly rubyName = "SignedGlobalID";
  readonly purpose: string;
  readonly expiresAt: Date | null;
  private sgid: string | null = null;

  constructor(readonly uri: string, options: SignedGlobalIdOptions = {}) {
    if (!config.secret) throw new TypeError("Pass a `verifier:` option with an `ActiveSupport::MessageVerifier` instance, or set a default SignedGlobalID.verifier.");
    this.purpose = options.for === undefined || options.for === null ? "default" : toS(options.for);
    this.expiresAt = pickExpiration(options);
  }

  get app(): string {
    return parseGlobalId(this.uri)!.app;
  }
  get modelName(): string {
    return parseGlobalId(this.uri)!.modelName;
  }
  get modelId(): string | string[] {
    return parseGlobalId(this.uri)!.modelId;
  }

  /** SignedGlobalID#to_s (and to_param): the verifier's signed message. */
  toRubyString(): string {
    this.sgid ??= generate(this.uri, this.purpose, this.expiresAt);
    return this.sgid;
  }
  toParam(): string {
    return this.toRubyString();
  }
  toS(): string {
    return this.toRubyString();
  }
}

function pickExpiration(options: SignedGlobalIdOptions): Date | null {
  if ("expires_at" in options) return options.expires_at ?? null;
  const expiresIn = "expires_in" in options ? options.expires_in : config.expiresIn;
  return expiresIn ? expiresIn.fromNow(currentTime()) : null;
}

/** MessageVerifier#generate(uri, purpose:, expires_at:) with GlobalID::Verifier's urlsafe (padded) encoding. */
function generate(uri: string, purpose: string, expiresAt: Date | null): string {
  const exp = expiresAt ? expiresAt.toISOString() : null;
  const envelope = config.jsonMetadata
    ? { _rails: { data: uri, ...(exp ? { exp } : {}), pur: purpose } }
    : { _rails: { message: marshalString(uri).toString("base64"), exp, pur: purpose } };
  const encoded = Buffer.from(activeSupportJson(envelope), "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encoded}--${createHmac("sha1", config.secret!).update(encoded).digest("hex")}`;
}

/** Marshal.dump of a UTF-8 String: 04 08, I (ivars follow), '"', length, bytes, then one ivar :E => true. */
function marshalString(s: string): Buffer {
  const bytes = Buffer.from(s, "utf8");
  return Buffer.concat([Buffer.from([4, 8, 0x49, 0x22]), marshalLength(bytes.length), bytes, Buffer.from([6, 0x3a, 6, 0x45, 0x54])]);
}

/** Marshal's w_long for a non-negative length. */
function marshalLength(n: number): Buffer {
  if (n === 0) return Buffer.from([0]);
  if (n < 123) return Buffer.from([n + 5]);
  const out: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) out.push(x % 256);
  return Buffer.from([out.length, ...out]);
}

/** GlobalID::Identification#to_signed_global_id(options = {}). */
export function toSignedGlobalId(record: unknown, options: SignedGlobalIdOptions = {}): SignedGlobalID {
  if (!isGlobalIdentifiable(record)) throw new TypeError(`undefined method \`to_signed_global_id' for ${toS(record)}`);
  return new SignedGlobalID(toGlobalId(record as ViewRecord), options);
}
