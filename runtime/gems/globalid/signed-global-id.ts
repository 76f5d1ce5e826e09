// SignedGlobalID (globalid 1.4's signed_global_id.rb, verifier.rb, locator.rb, railtie.rb) as Rails 7.2 sets it up.
//   record.to_signed_global_id / to_sgid   -> toSignedGlobalId(record)     a SignedGlobalID (to_s is the sgid)
//   record.to_sgid_param(for: "x")         -> toSignedGlobalId(record, { for: "x" }).toParam()
//   SignedGlobalID.parse(sgid, for: "x")   -> parseSignedGlobalId(sgid, { for: "x" })   null unless it verifies
//   GlobalID::Locator.locate_signed(s, o)  -> locateSignedGlobalId(s, o)   the record (find raises when it is gone)
//   SignedGlobalID.verifier (railtie)      -> configureSignedGlobalIds({ secretKeyBase, legacyMetadata })
// The verifier is GlobalID::Verifier: an ActiveSupport::MessageVerifier (HMAC-SHA1, hex) over the key
// generator's "signed_global_ids" key, whose encode is Base64.urlsafe_encode64 (padded), for the legacy envelope's
// inner message too. The message carries the gid's URI with purpose ("default") and expiry (SignedGlobalID.expires_in:
// 1 month from now) as metadata:
//   load_defaults >= 7.1 (message_serializer :json_allow_marshal, use_message_serializer_for_metadata)
//       {"_rails":{"data":"gid://app/Model/1","exp":"2024-03-15T13:00:00.000Z","pur":"default"}}
//   earlier (Marshal, the legacy envelope)
//       {"_rails":{"message":"<urlsafe base64 of Marshal.dump(uri)>","exp":"...","pur":"default"}}
import { KeyGenerator } from "../../active-support/messages.js";
import { InvalidSignature, MessageVerifier } from "../../active-support/message-verifier.js";
import { serializerWithFallback, urlsafeBase64Decode } from "../../active-support/message-codec.js";
import { currentTime } from "../../active-support/time.js";
import { Duration } from "../../active-support/duration.js";
import { toS } from "../../ruby/ruby.js";
import { globalIdConstantize, locateGlobalId, parseGlobalId, toGlobalId, isGlobalIdentifiable } from "./global-id.js";
import type { ViewRecord } from "../../active-model/host.js";

/** GlobalID::Verifier: a MessageVerifier whose encoding is Base64.urlsafe_encode64 (padded) and its decode. */
class GlobalIdVerifier extends MessageVerifier {
  protected override encode(data: Buffer): string {
    return data.toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
  }
  protected override decode(encoded: string): Buffer {
    const decoded = urlsafeBase64Decode(encoded);
    if (!decoded) throw new Error("invalid base64");
    return decoded;
  }
}

interface SignedGlobalIdConfig {
  secret: Buffer | null;
  verifier: GlobalIdVerifier;
  /** SignedGlobalID.expires_in (config.global_id.expires_in, 1.month by default); null never expires. */
  expiresIn: Duration | null;
}

const NO_VERIFIER = "Pass a `verifier:` option with an `ActiveSupport::MessageVerifier` instance, or set a default SignedGlobalID.verifier.";

function secret(): Buffer {
  if (!config.secret) throw new TypeError(NO_VERIFIER);
  return config.secret;
}

function verifierFor(jsonMetadata: boolean): GlobalIdVerifier {
  return new GlobalIdVerifier(secret, {
    digest: "sha1",
    serializer: serializerWithFallback(jsonMetadata ? "json_allow_marshal" : "marshal"),
    useMessageSerializerForMetadata: jsonMetadata,
    now: () => currentTime(),
  });
}

const config: SignedGlobalIdConfig = { secret: null, verifier: verifierFor(true), expiresIn: Duration.of(1, "months") };

/**
 * The railtie's after_initialize: SignedGlobalID.verifier from the app's key generator. The envelope follows
 * config.active_support.use_message_serializer_for_metadata (legacyMetadata: false before load_defaults 7.1, the
 * serializer then being :marshal); loadDefaults says the same when legacyMetadata is not given.
 */
export function configureSignedGlobalIds(options: { secretKeyBase: string; loadDefaults?: number | null; legacyMetadata?: boolean; expiresIn?: Duration | null }): void {
  const jsonMetadata = options.legacyMetadata !== undefined ? !options.legacyMetadata : (options.loadDefaults ?? 7.2) >= 7.1;
  config.secret = new KeyGenerator(options.secretKeyBase).generateKey("signed_global_ids");
  config.verifier = verifierFor(jsonMetadata);
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
    secret();
    this.purpose = pickPurpose(options);
    this.expiresAt = pickExpiration(options);
  }

  /** SignedGlobalID.parse(sgid, for:): the verified SignedGlobalID, or null. */
  static parse(sgid: unknown, options: SignedGlobalIdOptions = {}): SignedGlobalID | null {
    return parseSignedGlobalId(sgid, options);
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

  /** GlobalID#model_class: the model named by the URI (NameError when there is none). */
  modelClass(): unknown {
    return globalIdConstantize(this.modelName);
  }

  /** GlobalID#find(options): Locator.locate(self, options). */
  find(options: LocateOptions = {}): unknown {
    return locateGlobalId(this.uri, options);
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

function pickPurpose(options: SignedGlobalIdOptions): string {
  return options.for === undefined || options.for === null ? "default" : toS(options.for);
}

function pickExpiration(options: SignedGlobalIdOptions): Date | null {
  if ("expires_at" in options) return options.expires_at ?? null;
  const expiresIn = "expires_in" in options ? options.expires_in : config.expiresIn;
  return expiresIn ? expiresIn.fromNow(currentTime()) : null;
}

/** SignedGlobalID#to_s: verifier.generate(to_s, purpose:, expires_at:). */
function generate(uri: string, purpose: string, expiresAt: Date | null): string {
  return config.verifier.generate(uri, { purpose, expiresAt });
}

/** MessageVerifier#verify(sgid, purpose:): InvalidSignature for a bad digest, an expired message or another purpose. */
function verifyMessage(signed: string, purpose: string | null): unknown {
  return config.verifier.verify(signed, { purpose });
}

function rescueInvalidSignature<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (e) {
    if (e instanceof InvalidSignature) return null;
    throw e;
  }
}

/** Ruby's `metadata['key']` on what the verifier returned: a Hash's value, a String's matching substring. */
function index(metadata: unknown, key: string): unknown {
  if (typeof metadata === "string") return metadata.includes(key) ? key : null;
  if (metadata !== null && typeof metadata === "object" && !Array.isArray(metadata)) return (metadata as Record<string, unknown>)[key] ?? null;
  if (metadata === null || metadata === undefined) throw new TypeError(`undefined method \`[]' for nil`);
  throw new TypeError(`rails2ts: ${toS(metadata)}[${JSON.stringify(key)}] is not supported`);
}

/** SignedGlobalID.verify: the purpose-checked data, else globalid's legacy self-validated metadata. */
function verify(sgid: string, purpose: string): unknown {
  const verified = rescueInvalidSignature(() => verifyMessage(sgid, purpose));
  if (verified !== null && verified !== undefined && verified !== false) return verified;
  return rescueInvalidSignature(() => {
    const metadata = verifyMessage(sgid, null);
    const expiresAt = index(metadata, "expires_at");
    if (expiresAt !== null && expiresAt !== false && currentTime().getTime() > Date.parse(toS(expiresAt))) return null;
    const own = index(metadata, "purpose");
    return purpose === (own === null ? "" : toS(own)) ? index(metadata, "gid") : null;
  });
}

/** SignedGlobalID.parse(sgid, options): GlobalID.parse of what verifies, as a SignedGlobalID; else null. */
export function parseSignedGlobalId(sgid: unknown, options: SignedGlobalIdOptions = {}): SignedGlobalID | null {
  if (sgid instanceof SignedGlobalID) return sgid;
  const uri = verify(toS(sgid), pickPurpose(options));
  if (typeof uri !== "string" || !parseGlobalId(uri)) return null;
  return new SignedGlobalID(uri.startsWith("gid://") ? uri : Buffer.from(uri, "base64url").toString("utf8"), options);
}

export interface LocateOptions extends SignedGlobalIdOptions {
  /** Classes the record may be an instance of (GlobalID::Locator's only:). */
  only?: unknown;
}

/** GlobalID::Locator.locate_signed(sgid, options): SignedGlobalID.find; null when the sgid does not verify. */
export function locateSignedGlobalId(sgid: unknown, options: LocateOptions = {}): unknown {
  const parsed = parseSignedGlobalId(sgid, options);
  return parsed ? parsed.find(options) : null;
}

/** URI.encode_www_form_component: space as "+", everything but *-._ and alphanumerics %-escaped (bytes). */
function encodeWwwFormComponent(s: string): string {
  return [...Buffer.from(s, "utf8")].map((b) => {
    const c = String.fromCharCode(b);
    return /[*\-.0-9A-Z_a-z]/.test(c) ? c : c === " " ? "+" : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

/**
 * GlobalID.create's params: every option but app, verifier and for, as the URI's query (URI.encode_www_form: a nil
 * value is the bare key). So `to_sgid(expires_in: nil, for: "attachable")` names "gid://app/User/1?expires_in".
 */
function globalIdQuery(options: Record<string, unknown>): string {
  const params = Object.entries(options).filter(([k]) => !["app", "verifier", "for"].includes(k));
  if (!params.length) return "";
  return `?${params.map(([k, v]) => (v === null || v === undefined ? encodeWwwFormComponent(k) : `${encodeWwwFormComponent(k)}=${encodeWwwFormComponent(toS(v))}`)).join("&")}`;
}

/** GlobalID::Identification#to_signed_global_id(options = {}): SignedGlobalID.create(self, options). */
export function toSignedGlobalId(record: unknown, options: SignedGlobalIdOptions = {}): SignedGlobalID {
  if (!isGlobalIdentifiable(record)) throw new TypeError(`undefined method \`to_signed_global_id' for ${toS(record)}`);
  return new SignedGlobalID(`${toGlobalId(record as ViewRecord)}${globalIdQuery(options as Record<string, unknown>)}`, options);
}
