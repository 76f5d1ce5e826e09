// ActionDispatch::Cookies: the request's cookie jar with its signed and encrypted sub-jars, in Rails 7.2's
// defaults (JSON serializer, metadata with purpose "cookie.<name>", AES-256-GCM under the salt
// "authenticated encrypted cookie", HMAC under "signed cookie", SameSite=Lax), and the Set-Cookie lines
// Rack writes for what changed.
//   cookies[:a] = "x"                 jar.set("a", "x")
//   cookies.encrypted[:a] = { x: 1 }  jar.encrypted.set("a", { x: 1 })
//   cookies.signed[:a]                jar.signed.get("a")
//   cookies.delete(:a)                jar.delete("a")
import { instantOf } from "../active-support/core-ext/compare.js";
import { KeyGenerator, MessageEncryptor } from "../active-support/messages.js";
import { MessageVerifier } from "../active-support/message-verifier.js";
import { NullSerializer, activeSupportJson, type MessageMetadata } from "../active-support/message-codec.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

export interface CookieOptions {
  value?: unknown;
  path?: string;
  domain?: string | null;
  expires?: Date;
  maxAge?: number;
  secure?: boolean;
  httponly?: boolean;
  sameSite?: "lax" | "strict" | "none" | false;
}

/** What a jar needs to know about the app: its secret and how to read time (for expiring metadata). */
export interface CookieConfig {
  keyGenerator: KeyGenerator;
  /** Rails' signed_cookie_digest: unset in a Rails 7.2 app, which means SHA1. */
  signedDigest?: "sha1" | "sha256";
  now?: () => Date;
  /** The request came over TLS (secure cookies are only written then). */
  ssl?: boolean;
  /** Source of IVs; tests pin it to compare bytes with Rails. */
  randomBytes?: (size: number) => Buffer;
}

export const ENCRYPTED_COOKIE_SALT = "authenticated encrypted cookie";
export const SIGNED_COOKIE_SALT = "signed cookie";

/** Rack::Utils.parse_cookies_header: `a=1; b=2`, first occurrence wins, values www-form-decoded. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const cookie of header.split(/; */)) {
    if (!cookie) continue;
    const eq = cookie.indexOf("=");
    const key = eq < 0 ? cookie : cookie.slice(0, eq);
    const raw = eq < 0 ? "" : cookie.slice(eq + 1);
    if (cookies.has(key)) continue;
    cookies.set(key, wwwFormDecode(raw));
  }
  return cookies;
}

/**
 * parseCookieHeader by header text: a browser sends the same Cookie header with every request until a cookie
 * changes. Bounded (emptied when full); each jar copies the Map it is given, so nothing it changes is kept.
 */
const parsedHeaders = new BoundedMemo<string, Map<string, string>>(500);

function parsedCookieHeader(header: string | undefined): Map<string, string> {
  if (!header) return parseCookieHeader(header);
  return parsedHeaders.get(header) ?? parsedHeaders.set(header, parseCookieHeader(header));
}

function wwwFormDecode(s: string): string {
  if (/%(?![0-9a-fA-F]{2})/.test(s)) return s; // Rack keeps the raw value when it cannot unescape
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/** URI.encode_www_form_component, which Rack uses for cookie values. */
export function wwwFormEncode(s: string): string {
  // Base64 text (an encrypted or signed cookie): only + / = need escaping, as encodeURIComponent escapes them;
  // plain text comes back as it is.
  const base64 = base64Escaped(s);
  if (base64 !== null) return base64;
  let encoded: string;
  try {
    encoded = encodeURIComponent(s);
  } catch {
    return wwwFormEncodeBytes(s); // a lone surrogate: Ruby would have the replacement character's bytes
  }
  // encodeURIComponent also leaves !'()~ alone, which Ruby escapes; a space is "+".
  return encoded.replace(/[!'()~]|%20/g, (m) => (m === "%20" ? "+" : `%${m.charCodeAt(0).toString(16).toUpperCase()}`));
}

const WWW_FORM_PLAIN = /^[*\-.0-9A-Z_a-z]*$/;
const WWW_FORM_BASE64 = /^[*\-.0-9A-Z_a-z+/=]*$/;

/** s with + / = escaped when every other character is one URI.encode_www_form_component keeps, else null
 * (three native replaceAll passes: faster than one replace with a callback, or a scan by character code). */
function base64Escaped(s: string): string | null {
  if (WWW_FORM_PLAIN.test(s)) return s;
  if (!WWW_FORM_BASE64.test(s)) return null;
  return s.replaceAll("+", "%2B").replaceAll("/", "%2F").replaceAll("=", "%3D");
}

function wwwFormEncodeBytes(s: string): string {
  return s.replace(/[^*\-.0-9A-Z_a-z ]/gu, (ch) =>
    [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  ).replace(/ /g, "+");
}

/** config.action_dispatch.cookies_same_site_protection: :lax from load_defaults 6.1, nil (no attribute) before. */
export const cookieDefaults: { sameSite: "lax" | false } = { sameSite: "lax" };

export function configureCookieDefaults(loadDefaults: number | null): void {
  cookieDefaults.sameSite = (loadDefaults ?? 0) >= 6.1 ? "lax" : false;
}

/** Rack::Utils.set_cookie_header. */
export function setCookieHeader(name: string, options: CookieOptions): string {
  let line = `${name}=${wwwFormEncode(String(options.value ?? ""))}`;
  if (options.domain) line += `; domain=${options.domain}`;
  if (options.path) line += `; path=${options.path}`;
  if (options.maxAge !== undefined) line += `; max-age=${options.maxAge}`;
  // Any time value (Time.now + 1.year is a local Time, in_time_zone a TimeWithZone) at its instant.
  const expires = options.expires ? instantOf(options.expires) : null;
  if (expires) line += `; expires=${new Date(expires.ms).toUTCString()}`;
  if (options.secure) line += "; secure";
  if (options.httponly) line += "; httponly";
  if (options.sameSite) line += `; samesite=${options.sameSite}`;
  return line;
}

export class CookieJar {
  private readonly cookies: Map<string, string>;
  private readonly setCookies = new Map<string, CookieOptions>();
  private readonly deleteCookies = new Map<string, CookieOptions>();
  private signedJar?: SignedCookieJar;
  private encryptedJar?: EncryptedCookieJar;

  constructor(header: string | undefined, readonly config: CookieConfig) {
    this.cookies = new Map(parsedCookieHeader(header));
  }

  /** `cookies.permanent[...] =`. */
  get permanent(): ReturnType<typeof permanentJar> {
    return permanentJar(this, () => this.config.now?.() ?? new Date());
  }

  get(name: string): string | null {
    return this.cookies.get(cookieName(name)) ?? null;
  }

  /** The Cookie header of the jar's current values (a test hands it to the request it builds). */
  toHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** `cookies[name] = value | { value:, expires:, ... }`; written only when the value changes or expires is set. */
  set(given: string, value: unknown): void {
    const name = cookieName(given);
    // Object.assign, not a spread: on Node 20 a spread clone that then gains keys (handleOptions) costs ~1 us.
    const options: CookieOptions = isOptionsHash(value) ? Object.assign({}, value) : { value };
    this.handleOptions(options);
    const str = String(options.value ?? "");
    if (this.cookies.get(name) !== str || options.expires) {
      this.cookies.set(name, str);
      this.setCookies.set(name, options);
      this.deleteCookies.delete(name);
    }
  }

  delete(name: string, options: CookieOptions = {}): string | null {
    if (!this.cookies.has(name)) return null;
    const opts = { ...options };
    this.handleOptions(opts);
    const value = this.cookies.get(name)!;
    this.cookies.delete(name);
    this.deleteCookies.set(name, opts);
    return value;
  }

  get signed(): SignedCookieJar {
    return (this.signedJar ??= new SignedCookieJar(this));
  }

  get encrypted(): EncryptedCookieJar {
    return (this.encryptedJar ??= new EncryptedCookieJar(this));
  }

  /** The Set-Cookie lines of this response, in Rails' order: sets, then deletions. */
  setCookieHeaders(): string[] {
    const lines: string[] = [];
    for (const [name, options] of this.setCookies) {
      if (this.config.ssl || !options.secure) lines.push(setCookieHeader(name, options));
    }
    for (const [name, options] of this.deleteCookies) {
      lines.push(setCookieHeader(name, { ...options, value: "", maxAge: 0, expires: new Date(0) }));
    }
    return lines;
  }

  private handleOptions(options: CookieOptions): void {
    options.path ||= "/";
    if (!("sameSite" in options)) options.sameSite = cookieDefaults.sameSite;
  }
}

// SerializedCookieJars: the jar JSON-encodes the value, then the verifier/encryptor wraps it with metadata.
/**
 * ActionDispatch::Cookies::PermanentCookieJar: `cookies.permanent[...] =` / `cookies.signed.permanent[...] =`
 * write through the jar with `expires: 20.years.from_now` (calendar years, as ActiveSupport::Duration adds them).
 */
export function permanentJar(jar: { set(name: string, value: unknown): void; get(name: string): unknown }, now: () => Date) {
  const expires = () => {
    const d = now();
    const t = new Date(d.getTime());
    t.setUTCFullYear(d.getUTCFullYear() + 20);
    return t;
  };
  return {
    get: (name: string) => jar.get(name),
    set: (name: string, value: unknown) => {
      const options = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
      jar.set(name, Object.assign({}, options, { expires: expires() }));
    },
  };
}

abstract class SerializedCookieJar {
  constructor(protected readonly parent: CookieJar) {}

  /** `cookies.signed.permanent` / `cookies.encrypted.permanent`. */
  get permanent(): ReturnType<typeof permanentJar> {
    return permanentJar(this, () => this.parent.config.now?.() ?? new Date());
  }

  protected abstract unwrap(data: string, meta: MessageMetadata): string | null;
  protected abstract wrap(data: string, meta: MessageMetadata): string;

  /** `jar[:name]` from lowered code that indexes the jar dynamically. */
  "[]"(name: unknown): unknown {
    return this.get(cookieName(name));
  }

  /** The value Rails would read, or null (absent, tampered, wrong purpose, expired). */
  get(name: string): unknown {
    const data = this.parent.get(name);
    if (data === null) return null;
    const dumped = this.unwrap(data, { purpose: `cookie.${name}` }) ?? this.unwrap(data, {});
    if (dumped === null) return null;
    try {
      return JSON.parse(dumped);
    } catch {
      return null;
    }
  }

  /** `jar[name] = value`; a plain object is the options hash (`{ value:, expires:, httponly: }`), as in Rails. */
  set(given: string, valueOrOptions: unknown): void {
    const name = cookieName(given);
    const options: CookieOptions = isOptionsHash(valueOrOptions) ? valueOrOptions : { value: valueOrOptions };
    const value = options.value ?? null;
    const data = activeSupportJson(value);
    const meta: MessageMetadata = { purpose: `cookie.${name}`, expiresAt: options.expires };
    const wrapped = this.wrap(data, meta);
    const size = Buffer.byteLength(wrapped);
    if (size > 4096) throw new Error(`${name} cookie overflowed with size ${size} bytes`);
    this.parent.set(name, Object.assign({}, options, { value: wrapped }));
  }
}

/** A cookie's name as lowered code may give it: a String, or a Symbol (`cookies.signed[:session_token] = v`). */
function cookieName(name: unknown): string {
  return typeof name === "string" ? name : String(name !== null && typeof name === "object" && "name" in name ? (name as { name: unknown }).name : name);
}

function isOptionsHash(v: unknown): v is CookieOptions {
  return v !== null && typeof v === "object" && (v as object).constructor === Object;
}

/**
 * The jars' verifier and encryptor, by key generator (the app's secrets) and what else configures them: a jar is
 * made for every request, and the codecs keep what they opened (message-memo.ts, decoded messages), which only
 * pays when the next request's jar finds the same codec.
 */
const codecs = new WeakMap<KeyGenerator, Map<string, { by: unknown[]; codec: MessageVerifier | MessageEncryptor }>>();

function sharedCodec<T extends MessageVerifier | MessageEncryptor>(keyGenerator: KeyGenerator, kind: string, by: unknown[], make: () => T): T {
  let table = codecs.get(keyGenerator);
  if (!table) codecs.set(keyGenerator, (table = new Map()));
  const known = table.get(kind);
  if (known && known.by.length === by.length && known.by.every((v, i) => v === by[i])) return known.codec as T;
  const codec = make();
  table.set(kind, { by, codec });
  return codec;
}

export class SignedCookieJar extends SerializedCookieJar {
  private readonly verifier: MessageVerifier;
  constructor(parent: CookieJar) {
    super(parent);
    const { keyGenerator, signedDigest = "sha1", now } = parent.config;
    this.verifier = sharedCodec(keyGenerator, `signed:${signedDigest}`, [now], () => {
      const secret = keyGenerator.generateKey(SIGNED_COOKIE_SALT);
      // MessageVerifier.new(secret, digest: signed_cookie_digest, serializer: NullSerializer)
      return new MessageVerifier(secret, { digest: signedDigest, serializer: NullSerializer, now: now ?? (() => new Date()) });
    });
  }
  protected unwrap(data: string, meta: MessageMetadata): string | null {
    return this.verifier.verified(data, meta) as string | null;
  }
  protected wrap(data: string, meta: MessageMetadata): string {
    return this.verifier.generate(data, meta);
  }
}

export class EncryptedCookieJar extends SerializedCookieJar {
  private readonly encryptor: MessageEncryptor;
  constructor(parent: CookieJar) {
    super(parent);
    const { keyGenerator, now, randomBytes } = parent.config;
    this.encryptor = sharedCodec(keyGenerator, "encrypted", [now, randomBytes], () =>
      new MessageEncryptor(keyGenerator.generateKey(ENCRYPTED_COOKIE_SALT, 32), now, randomBytes));
  }
  protected unwrap(data: string, meta: MessageMetadata): string | null {
    return this.encryptor.decryptAndVerify(data, meta);
  }
  protected wrap(data: string, meta: MessageMetadata): string {
    return this.encryptor.encryptAndSign(data, meta);
  }
}
