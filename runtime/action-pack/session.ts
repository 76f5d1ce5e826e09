// The session as ActionDispatch::Request::Session over the cookie store (ActionDispatch::Session::CookieStore):
// loaded from the encrypted `_<app>_session` cookie on first use, given a `session_id` (32 hex chars) when new,
// and written back, encrypted, on every request that loaded it (`path=/; httponly; samesite=lax`).
//   session[:user_id] = 1     session.set("user_id", 1)
//   session[:user_id]         session.get("user_id")
//   reset_session             session.reset()
import { advance, type DurationUnit } from "../active-support/duration.js";
import { randomBytes } from "../ruby/secure-random.js";
import type { CookieJar, CookieOptions } from "./cookies.js";

export class Session {
  private data: Map<string, unknown> | null = null;
  private sessionId: string | null = null;
  private renewed = false;

  /**
   * `exists`: whether the request brought a session (Rack's session_exists?: its cookie holds a session id). Reading
   * a session that does not exist loads nothing (Request::Session#load_for_read!), so no cookie is written for it.
   */
  constructor(
    private readonly load: () => { id: string; data: Record<string, unknown> },
    private readonly newId: () => string,
    private readonly exists: () => boolean = () => true,
  ) {}

  /** Writing the session, or reading one the request brought, loads it; a loaded session is written with the response. */
  get loaded(): boolean {
    return this.data !== null;
  }

  get id(): string {
    this.ensureLoaded();
    return this.sessionId!;
  }

  get(key: string): unknown {
    return this.forRead()?.get(key) ?? null;
  }

  has(key: string): boolean {
    return this.forRead()?.has(key) ?? false;
  }

  set(key: string, value: unknown): void {
    this.ensureLoaded().set(key, value);
  }

  delete(key: string): unknown {
    const data = this.forRead();
    if (!data) return null;
    const value = data.get(key) ?? null;
    data.delete(key);
    return value;
  }

  clear(): void {
    this.forRead()?.clear();
  }

  /** Request::Session#destroy via reset_session: empty, with a fresh id. */
  reset(): void {
    this.sessionId = this.newId();
    this.data = new Map([["session_id", this.sessionId]]);
    this.renewed = true;
  }

  get wasReset(): boolean {
    return this.renewed;
  }

  toHash(): Record<string, unknown> {
    return Object.fromEntries(this.forRead() ?? []);
  }

  /** The session's keys and values in order (what toHash holds, without building it). */
  entries(): Iterable<[string, unknown]> {
    return this.forRead() ?? [];
  }

  /** Calls fn with each key and value in order, as entries() lists them (without a pair per entry). */
  eachEntry(fn: (value: unknown, key: string) => void): void {
    this.forRead()?.forEach(fn);
  }

  /** load_for_read! / load_for_delete!: loads only a session the request brought. */
  private forRead(): Map<string, unknown> | null {
    return this.data ?? (this.exists() ? this.ensureLoaded() : null);
  }

  private ensureLoaded(): Map<string, unknown> {
    if (!this.data) {
      const { id, data } = this.load();
      this.sessionId = id;
      // The own keys in Object.entries' order, without a pair per key.
      const map = new Map<string, unknown>();
      for (const key of Object.keys(data)) map.set(key, data[key]);
      this.data = map;
    }
    return this.data;
  }
}

/** Rack::Session::Abstract's defaults as Rails' CookieStore uses them. */
export interface SessionCookieOptions {
  key: string;
  path?: string;
  secure?: boolean;
  httponly?: boolean;
  /**
   * expire_after: the cookie's expiry from now (calendar parts, as `20.years` advances). With it Rack writes the
   * session on every request (forced_session_update?: the session, loaded to ask empty?, always has its id).
   */
  expireAfter?: Partial<Record<DurationUnit, number>> | null;
  /** The clock for expire_after. */
  now?: () => Date;
}

export class CookieSessionStore {
  constructor(readonly options: SessionCookieOptions, private readonly random: (n: number) => Buffer = randomBytes) {}

  /** A session reading lazily from this request's jar. */
  sessionFor(jar: CookieJar): Session {
    return new Session(() => this.load(jar), () => this.generateSid(), () => this.exists(jar));
  }

  /** session_exists?: the cookie decrypts to a session with its id (CookieStore#extract_session_id). */
  private exists(jar: CookieJar): boolean {
    const stored = jar.encrypted.get(this.options.key) as { session_id?: unknown } | null;
    return stored !== null && typeof stored === "object" && typeof stored.session_id === "string" && stored.session_id !== "";
  }

  // CookieStore#load_session + persistent_session_id!: a missing or unreadable cookie starts a new session.
  private load(jar: CookieJar): { id: string; data: Record<string, unknown> } {
    const stored = jar.encrypted.get(this.options.key);
    const data = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? { ...(stored as Record<string, unknown>) } : {};
    if (typeof data.session_id !== "string" || !data.session_id) data.session_id = this.generateSid();
    return { id: data.session_id as string, data };
  }

  /** SecureRandom.hex(16), as ActionDispatch::Session::Compatibility#generate_sid. */
  generateSid(): string {
    return this.random(16).toString("hex");
  }

  /** Rack's commit_session: a loaded session is written (nil values dropped); an untouched one is not. */
  commit(session: Session, jar: CookieJar): void {
    if (!session.loaded && !this.options.expireAfter) return;
    const data: Record<string, unknown> = {};
    session.eachEntry((v, k) => {
      if (v === null || v === undefined) return;
      // An own "__proto__" key, as Object.fromEntries makes it (an assignment would set the prototype).
      if (k === "__proto__") Object.defineProperty(data, k, { value: v, enumerable: true, writable: true, configurable: true });
      else data[k] = v;
    });
    data.session_id = session.id;
    const options: CookieOptions = { value: data, path: this.options.path ?? "/", secure: this.options.secure ?? false, httponly: this.options.httponly ?? true };
    if (this.options.expireAfter) options.expires = advance(this.options.now?.() ?? new Date(), this.options.expireAfter);
    jar.encrypted.set(this.options.key, options);
  }
}
