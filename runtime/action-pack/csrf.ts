// ActionController::RequestForgeryProtection with Rails 7.2's defaults (protect_from_forgery with: :exception,
// per-form tokens, origin check): the real token is 32 random bytes kept url-safe-base64'd in
// session[:_csrf_token]; pages get it masked with a one-time pad (86 characters, different on every call), as
// the global HMAC for csrf_meta_tags or a per-form HMAC of "<action path>#<method>" for forms.
import { createHmac, timingSafeEqual } from "node:crypto";
import { randomBytes } from "../ruby/secure-random.js";
import { urlsafeBase64Decode } from "../active-support/message-codec.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";
import type { Session } from "./session.js";

const TOKEN_LENGTH = 32;
const GLOBAL_IDENTIFIER = "!real_csrf_token";

/** ActionController::InvalidAuthenticityToken: 422 in production. */
export class InvalidAuthenticityToken extends Error {
  override name = "InvalidAuthenticityToken";
  readonly httpStatus = 422;
}

export interface CsrfRequest {
  method: string;
  /** request.path, without the query string. */
  path: string;
  origin: string | undefined;
  baseUrl: string;
  xCsrfToken: string | undefined;
}

/**
 * csrf_token_hmac(session, identifier) by real token and identifier: a page's forms, and every page of one session,
 * ask for the same few HMACs again (a fresh one-time pad masks each use, so pages still differ). Bounded: emptied
 * when full. Only digests are kept (callers copy nothing out of them: mask() xors into new buffers).
 */
const HMAC_MEMO_SIZE = 4096;
const hmacs = new BoundedMemo<string, Buffer>(HMAC_MEMO_SIZE);

/**
 * A stored token's bytes (Base64.urlsafe_decode64; empty when it is not base64), by token: every request of one
 * session decoded the same text again. Bounded like the HMACs; the bytes are only read (HMAC key, comparisons).
 */
const decodedTokens = new BoundedMemo<string, Buffer>(HMAC_MEMO_SIZE);

function decodedToken(token: string): Buffer {
  return decodedTokens.get(token) ?? decodedTokens.set(token, urlsafeBase64Decode(token) ?? Buffer.alloc(0));
}

/** Base64.urlsafe_encode64(padding: false). */
const urlsafe = (b: Buffer) => b.toString("base64url");

/** The per-request CSRF state: the real token is read from (or made for) the session once per request. */
export class Csrf {
  private realToken: string | null = null;
  private realBytes: Buffer | null = null;
  /** The real token was drawn during this request (not read from the session). */
  private drawn = false;

  constructor(private readonly session: Session, private readonly random: (n: number) => Buffer = randomBytes) {}

  /** form_authenticity_token(form_options: { action:, method: }): per-form when both are given. */
  formAuthenticityToken(request: Pick<CsrfRequest, "path">, formOptions?: { action?: string | null; method?: string | null }): string {
    const raw = formOptions?.action && formOptions.method
      ? this.perFormToken(normalizeActionPath(formOptions.action, request.path), formOptions.method)
      : this.globalToken();
    return this.mask(raw);
  }

  /** verified_request?: GET/HEAD pass; otherwise same origin and a valid authenticity_token or X-CSRF-Token. */
  verify(request: CsrfRequest, paramToken: () => unknown): void {
    if (request.method === "GET" || request.method === "HEAD") return;
    if (request.origin === "null") throw new InvalidAuthenticityToken(NULL_ORIGIN_MESSAGE);
    const originOk = request.origin === undefined || request.origin === request.baseUrl;
    // The param is read only here, as Rails does: a GET with unparseable params is not rejected by the check.
    if (originOk && (this.valid(request, paramToken()) || this.valid(request, request.xCsrfToken))) return;
    throw new InvalidAuthenticityToken(
      originOk ? "Can't verify CSRF token authenticity." : `HTTP Origin header (${request.origin}) didn't match request.base_url (${request.baseUrl})`,
    );
  }

  /** commit_csrf_token: a token read or made during the request is stored in the session. */
  commit(): void {
    if (this.realToken !== null) this.session.set("_csrf_token", this.realToken);
  }

  /** reset_csrf_token (reset_session). */
  reset(): void {
    this.realToken = null;
    this.drawn = false;
    this.session.delete("_csrf_token");
  }

  private real(): Buffer {
    if (this.realToken === null) {
      const stored = this.session.get("_csrf_token");
      if (typeof stored === "string") {
        this.realToken = stored;
        this.realBytes = null;
      } else {
        // A new token's bytes are the ones just drawn: decoding their encoding again would give the same bytes.
        this.realBytes = this.random(TOKEN_LENGTH);
        this.realToken = urlsafe(this.realBytes);
        this.drawn = true;
      }
    }
    return (this.realBytes ??= decodedToken(this.realToken));
  }

  private hmac(identifier: string): Buffer {
    const real = this.real();
    // A token drawn for this request is in no memo yet: its HMACs are worked out without filling the memo with
    // entries that only a session sending it back could use (a client without cookies sends none back).
    if (this.drawn) return createHmac("sha256", real).update(identifier).digest();
    const key = `${this.realToken}\0${identifier}`;
    return hmacs.get(key) ?? hmacs.set(key, createHmac("sha256", real).update(identifier).digest());
  }

  private globalToken(): Buffer {
    return this.hmac(GLOBAL_IDENTIFIER);
  }

  private perFormToken(actionPath: string, method: string): Buffer {
    return this.hmac(`${actionPath}#${method.toLowerCase()}`);
  }

  private mask(raw: Buffer): string {
    const pad = this.random(TOKEN_LENGTH);
    const out = Buffer.allocUnsafe(TOKEN_LENGTH * 2);
    pad.copy(out, 0);
    for (let i = 0; i < TOKEN_LENGTH; i++) out[TOKEN_LENGTH + i] = raw[i] ^ pad[i];
    return urlsafe(out);
  }

  // valid_authenticity_token?: a raw 32-byte token or a masked 64-byte one (global, raw or per-form).
  private valid(request: CsrfRequest, token: unknown): boolean {
    if (typeof token !== "string" || token === "") return false;
    const masked = urlsafeBase64Decode(token);
    if (!masked) return false;
    if (masked.length === TOKEN_LENGTH) return same(masked, this.real());
    if (masked.length !== TOKEN_LENGTH * 2) return false;
    const pad = masked.subarray(0, TOKEN_LENGTH);
    const csrf = Buffer.from(masked.subarray(TOKEN_LENGTH).map((b, i) => b ^ pad[i]));
    const path = request.path.replace(/\/$/, "");
    return same(csrf, this.globalToken()) || same(csrf, this.real()) || same(csrf, this.perFormToken(path, request.method));
  }
}

function same(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

// normalize_action_path: an absolute URL or path keeps its path; a relative one resolves against request.path.
export function normalizeActionPath(action: string, requestPath: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/i.exec(action);
  if (absolute) return absolute[1].replace(/\/$/, "");
  const path = action.split(/[?#]/)[0];
  if (action.startsWith("/")) return path.replace(/\/$/, "");
  return `${requestPath}/${path}`.replace(/\/\.\//g, "/").replace(/\/$/, "");
}

const NULL_ORIGIN_MESSAGE = `The browser returned a 'null' origin for a request with origin-based forgery protection turned on. This usually
means you have the 'no-referrer' Referrer-Policy header enabled, or that the request came from a site that
refused to give its origin. This makes it impossible for Rails to verify the source of the requests. Likely the
best solution is to change your referrer policy to something less strict like same-origin or strict-origin.
If you cannot change the referrer policy, you can disable origin checking with the
Rails.application.config.action_controller.forgery_protection_origin_check setting.
`;
